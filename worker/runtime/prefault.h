/* worker/runtime/prefault.h -- maps in the pages of the builtin type objects
 * before the runtime is built (worker/runtime/prefault.c says why).  Call once,
 * before the sandbox: it needs madvise, which the filter forbids.  Only
 * speed depends on it; it never fails. */
#ifndef BOX_WORKER_PREFAULT_H
#define BOX_WORKER_PREFAULT_H

void prefault_builtin_types(void);

#endif
