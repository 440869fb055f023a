/* mem.h -- the one accounting allocator every interpreter allocation uses.
 *
 * Limits: a single request over MEM_ALLOC_CAP (128 MiB) or a total live heap
 * over the configured limit (default 1 GiB) fails *before* allocating, and
 * ends the script with a MemoryError it cannot catch (the spec's rule:
 * interp_fatal() prints it as uncaught and the worker exits 1).  When
 * malloc itself fails the mem_* functions set an ordinary MemoryError (a
 * preallocated instance, so raising it needs no memory) and return NULL.  GMP is routed here too
 * (mp_set_memory_functions); callers pre-check big-int result sizes with
 * mem_check() so GMP rarely reaches the cap; its hooks end the script with
 * the uncatchable MemoryError when it does.
 */
#ifndef BOX_MEM_H
#define BOX_MEM_H

#include <stdbool.h>
#include <stddef.h>

#define MEM_ALLOC_CAP ((size_t)128 << 20)

void mem_init(size_t total_limit);
void *mem_alloc(size_t n);             /* NULL + MemoryError on failure */
void *mem_calloc(size_t count, size_t size);
void *mem_realloc(void *p, size_t old_n, size_t new_n);
void mem_free(void *p, size_t n);
/* Would an allocation of n bytes (n_count * size, overflow-checked) succeed?
 * false + MemoryError if not. */
bool mem_check(size_t n);
bool mem_check_mul(size_t count, size_t size);
size_t mem_in_use(void);

#endif
