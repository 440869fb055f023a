/* arena.h -- bump allocator for policy values: one arena per loaded policy
 * (literals, entity store) and one per decision (temporaries), freed or
 * reset as a whole.  Allocation failure aborts: out of memory is fatal. */
#ifndef BOX_POLICY_ARENA_H
#define BOX_POLICY_ARENA_H

#include <stddef.h>

struct arena_chunk;
struct arena {
	struct arena_chunk *head;
	size_t total;
};

void arena_init(struct arena *);
void *arena_alloc(struct arena *, size_t size);          /* zeroed, 16-aligned */
void *arena_array(struct arena *, size_t n, size_t size); /* overflow-checked */
char *arena_strdup(struct arena *, const char *s, size_t n); /* NUL-terminated copy */
void arena_reset(struct arena *);   /* keep the first chunk, drop the rest */
void arena_free(struct arena *);

#endif
