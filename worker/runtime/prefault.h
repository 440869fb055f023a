/* worker/runtime/prefault.h -- maps in, with one call per run of pages,
 * memory the worker's start-up is about to write (worker/runtime/prefault.c
 * says why).  Call before the sandbox: it needs madvise, which the filter
 * forbids.  Only speed depends on it; it never fails. */
#ifndef BOX_WORKER_PREFAULT_H
#define BOX_WORKER_PREFAULT_H

#include <stddef.h>

/* The pages of the core builtin type objects (object.h). */
void prefault_builtin_types(void);

/* The pages of the interpreter's state (vm) and of its interned names
 * (ids), both filled in by the runtime's set-up. */
void prefault_runtime_state(void);

/* The pages holding [start, start + len): only memory about to be written
 * (a page mapped in and never touched would count in the resident size). */
void prefault_range(void *start, size_t len);

#endif
