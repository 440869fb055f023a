/* common/arena.c -- bump allocator (see arena.h). */
#include "config.h"

#include "common/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

enum { CHUNK_MIN = 4000 };

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->total = 0;
}

static void oom(void)
{
	fputs("box: out of memory\n", stderr);
	abort();
}

void *arena_try_alloc(struct arena *a, size_t size)
{
	size_t need = (size + 15) & ~(size_t)15;
	if (need < size)
		return NULL;
	struct arena_chunk *c = a->head;
	if (c == NULL || c->size - c->used < need) {
		size_t csize = need > CHUNK_MIN ? need : CHUNK_MIN;
		if (a->head && a->head->size * 2 > csize && a->head->size < (1u << 20))
			csize = a->head->size * 2;
		if (csize > SIZE_MAX - sizeof *c)
			return NULL;
		c = malloc(sizeof *c + csize);
		if (c == NULL)
			return NULL;
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
		a->total += csize;
	}
	void *p = c->data + c->used;
	c->used += need;
	memset(p, 0, size);
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	void *p = arena_try_alloc(a, size);
	if (p == NULL)
		oom();
	return p;
}

void *arena_array(struct arena *a, size_t n, size_t size)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		oom();
	return arena_alloc(a, bytes ? bytes : 1);
}

char *arena_strdup(struct arena *a, const char *s, size_t n)
{
	if (n == SIZE_MAX)
		oom();
	char *p = arena_alloc(a, n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = 0;
	return p;
}

void arena_reset(struct arena *a)
{
	struct arena_chunk *c = a->head;
	if (c == NULL)
		return;
	/* keep the newest (largest) chunk for reuse */
	struct arena_chunk *rest = c->next;
	c->next = NULL;
	c->used = 0;
	a->total = c->size;
	while (rest) {
		struct arena_chunk *n = rest->next;
		free(rest);
		rest = n;
	}
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *n = c->next;
		free(c);
		c = n;
	}
	a->head = NULL;
	a->total = 0;
}
