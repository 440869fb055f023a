/* entities.c -- hash-indexed entity store with precomputed ancestor sets. */
#include "broker/policy/entities.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void entity_store_init(struct entity_store *es)
{
	memset(es, 0, sizeof *es);
}

void entity_store_free(struct entity_store *es)
{
	free(es->v);
	free(es->slots);
	memset(es, 0, sizeof *es);
}

static size_t hash_bytes(size_t h, struct str s)
{
	for (size_t i = 0; i < s.n; i++)
		h = (h ^ (unsigned char)s.p[i]) * 1099511628211u;
	return h;
}

static size_t uid_hash(const struct value *uid)
{
	size_t h = hash_bytes(14695981039346656037u, uid->u.e.type);
	h = (h ^ 0xff) * 1099511628211u;
	return hash_bytes(h, uid->u.e.id);
}

static void rehash(struct entity_store *es)
{
	size_t ns = es->nslots ? es->nslots * 2 : 64;
	size_t *slots = calloc(ns, sizeof *slots);
	if (slots == NULL) {
		fputs("box: out of memory in policy engine\n", stderr);
		abort();
	}
	for (size_t i = 0; i < es->n; i++) {
		size_t h = uid_hash(es->v[i].uid) & (ns - 1);
		while (slots[h])
			h = (h + 1) & (ns - 1);
		slots[h] = i + 1;
	}
	free(es->slots);
	es->slots = slots;
	es->nslots = ns;
}

const struct entity *entity_store_find(const struct entity_store *es, const struct value *uid)
{
	if (es == NULL || es->nslots == 0 || uid->kind != V_ENTITY)
		return NULL;
	size_t h = uid_hash(uid) & (es->nslots - 1);
	while (es->slots[h]) {
		const struct entity *e = &es->v[es->slots[h] - 1];
		if (value_equal(e->uid, uid))
			return e;
		h = (h + 1) & (es->nslots - 1);
	}
	return NULL;
}

int entity_store_add(struct entity_store *es, const struct entity *e)
{
	if (entity_store_find(es, e->uid))
		return -1;
	if (es->n == es->cap) {
		size_t ncap = es->cap ? es->cap * 2 : 16;
		struct entity *nv = realloc(es->v, ncap * sizeof *nv);
		if (nv == NULL) {
			fputs("box: out of memory in policy engine\n", stderr);
			abort();
		}
		es->v = nv;
		es->cap = ncap;
	}
	es->v[es->n++] = *e;
	if (es->n * 2 > es->nslots)
		rehash(es);
	else {
		size_t h = uid_hash(e->uid) & (es->nslots - 1);
		while (es->slots[h])
			h = (h + 1) & (es->nslots - 1);
		es->slots[h] = es->n;
	}
	return 0;
}

static int list_has(const struct value **v, size_t n, const struct value *x)
{
	for (size_t i = 0; i < n; i++)
		if (value_equal(v[i], x))
			return 1;
	return 0;
}

/* Breadth-first walk over parents from each entity (parents that are not
 * themselves in the store still count as ancestors). */
void entity_store_close(struct entity_store *es, struct arena *a)
{
	for (size_t i = 0; i < es->n; i++) {
		struct entity *e = &es->v[i];
		size_t cap = e->nparents + 4, n = 0;
		const struct value **anc = malloc(cap * sizeof *anc);
		if (anc == NULL)
			abort();
		for (size_t k = 0; k < e->nparents; k++)
			if (!list_has(anc, n, e->parents[k]))
				anc[n++] = e->parents[k];
		for (size_t q = 0; q < n; q++) {
			const struct entity *pe = entity_store_find(es, anc[q]);
			if (pe == NULL)
				continue;
			for (size_t k = 0; k < pe->nparents; k++) {
				if (list_has(anc, n, pe->parents[k]))
					continue;
				if (n == cap) {
					cap *= 2;
					const struct value **na = realloc(anc, cap * sizeof *na);
					if (na == NULL)
						abort();
					anc = na;
				}
				anc[n++] = pe->parents[k];
			}
		}
		e->ancestors = arena_array(a, n, sizeof *e->ancestors);
		if (n)
			memcpy(e->ancestors, anc, n * sizeof *anc);
		e->nancestors = n;
		free(anc);
	}
}
