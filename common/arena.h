/* common/arena.h -- a bump allocator: many small allocations freed (or
 * reset) as a whole.  The policy engine keeps one per loaded policy
 * (literals, entity store) and one per decision (temporaries); the TOML
 * parser one per document.  A zero-initialised struct arena is empty. */
#ifndef BOX_COMMON_ARENA_H
#define BOX_COMMON_ARENA_H

#include <stddef.h>

struct arena_chunk;
struct arena {
	struct arena_chunk *head;
	size_t total;
};

void arena_init(struct arena *);
/* zeroed, 16-aligned; NULL when out of memory (or size overflows) */
void *arena_try_alloc(struct arena *, size_t size);
/* The same, but out of memory is fatal: a message on stderr, then abort. */
void *arena_alloc(struct arena *, size_t size);          /* zeroed, 16-aligned */
void *arena_array(struct arena *, size_t n, size_t size); /* overflow-checked */
char *arena_strdup(struct arena *, const char *s, size_t n); /* NUL-terminated copy */
void arena_reset(struct arena *);   /* keep the first chunk, drop the rest */
void arena_free(struct arena *);

#endif
