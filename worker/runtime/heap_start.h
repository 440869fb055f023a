/* worker/runtime/heap_start.h -- puts the worker's malloc heap on transparent huge
 * pages (worker/runtime/heap_start.c says why and how).  Call once, first thing in
 * main(), before the sandbox: it needs madvise, which the filter forbids.
 * Only speed depends on it; it never fails. */
#ifndef BOX_WORKER_HEAP_START_H
#define BOX_WORKER_HEAP_START_H

void heap_start_on_huge_pages(void);

#endif
