/* temporal_window.c -- the keyed sliding window of temporal_window.h: a
 * chained hash table of keys (hashes consistent with json_object_equal)
 * and one FIFO of entries in stamp order; expiring pops the FIFO's head and
 * takes the entry off its key's totals, dropping a key left empty. */
#include "broker/policy/temporal_window.h"

#include <stdlib.h>
#include <string.h>

struct tkey {
	struct tkey *next;              /* hash chain */
	uint64_t hash;
	struct twin_totals t;
	json_object *v[];               /* nkey references */
};

struct tentry {
	struct tkey *key;
	int64_t ts;
	int64_t val;
	int has_val;
};

struct twin {
	size_t nkey;
	struct tkey **buckets;
	size_t nbuckets, nkeys;
	struct tentry *fifo;            /* ring */
	size_t head, len, cap;
};

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

static uint64_t bytes_hash(const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

/* Equal values (json_object_equal) hash equally. */
static uint64_t json_hash(json_object *v)
{
	if (v == NULL)
		return 0x9e3779b97f4a7c15ULL;
	enum json_type t = json_object_get_type(v);
	uint64_t h = (uint64_t)t * 0x100000001b3ULL;
	switch (t) {
	case json_type_null:
		break;
	case json_type_boolean:
		h ^= (uint64_t)json_object_get_boolean(v);
		break;
	case json_type_int:
		h ^= (uint64_t)json_object_get_int64(v);
		break;
	case json_type_double: {
		double d = json_object_get_double(v);
		if (d == 0)
			d = 0;          /* -0.0 equals 0.0 */
		uint64_t bits;
		memcpy(&bits, &d, sizeof bits);
		h ^= bits;
		break;
	}
	case json_type_string:
		h ^= bytes_hash(json_object_get_string(v), (size_t)json_object_get_string_len(v));
		break;
	case json_type_object: {
		uint64_t sum = 0;       /* key order does not matter to equality */
		json_object_object_foreach(v, k, x)
			sum += mix(bytes_hash(k, strlen(k)) * 31 + json_hash(x));
		h ^= sum;
		break;
	}
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++)
			h = mix(h + json_hash(json_object_array_get_idx(v, i)));
		break;
	}
	return mix(h);
}

static uint64_t key_hash(const struct twin *w, json_object *const *key)
{
	uint64_t h = 0;
	for (size_t i = 0; i < w->nkey; i++)
		h = mix(h * 31 + json_hash(key[i]));
	return h;
}

static int key_equal(const struct twin *w, const struct tkey *k, uint64_t hash, json_object *const *key)
{
	if (k->hash != hash)
		return 0;
	for (size_t i = 0; i < w->nkey; i++)
		if (!json_object_equal(k->v[i], key[i]))
			return 0;
	return 1;
}

struct twin *twin_new(size_t nkey)
{
	struct twin *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->nkey = nkey;
	w->nbuckets = 16;
	w->buckets = calloc(w->nbuckets, sizeof *w->buckets);
	if (!w->buckets) {
		free(w);
		return NULL;
	}
	return w;
}

static void key_free(const struct twin *w, struct tkey *k)
{
	for (size_t i = 0; i < w->nkey; i++)
		json_object_put(k->v[i]);
	free(k);
}

void twin_free(struct twin *w)
{
	if (!w)
		return;
	for (size_t b = 0; b < w->nbuckets; b++)
		for (struct tkey *k = w->buckets[b], *next; k; k = next) {
			next = k->next;
			key_free(w, k);
		}
	free(w->buckets);
	free(w->fifo);
	free(w);
}

static struct tkey **find(const struct twin *w, uint64_t hash, json_object *const *key)
{
	struct tkey **at = &w->buckets[hash & (w->nbuckets - 1)];
	while (*at && !key_equal(w, *at, hash, key))
		at = &(*at)->next;
	return at;
}

static void grow_table(struct twin *w)
{
	size_t n = w->nbuckets * 2;
	struct tkey **b = calloc(n, sizeof *b);
	if (!b)
		return;         /* longer chains, still correct */
	for (size_t i = 0; i < w->nbuckets; i++)
		for (struct tkey *k = w->buckets[i], *next; k; k = next) {
			next = k->next;
			k->next = b[k->hash & (n - 1)];
			b[k->hash & (n - 1)] = k;
		}
	free(w->buckets);
	w->buckets = b;
	w->nbuckets = n;
}

static int fifo_push(struct twin *w, const struct tentry *e)
{
	if (w->len == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 64;
		struct tentry *f = malloc(cap * sizeof *f);
		if (!f)
			return -1;
		for (size_t i = 0; i < w->len; i++)
			f[i] = w->fifo[(w->head + i) % w->cap];
		free(w->fifo);
		w->fifo = f;
		w->cap = cap;
		w->head = 0;
	}
	w->fifo[(w->head + w->len) % w->cap] = *e;
	w->len++;
	return 0;
}

int twin_add(struct twin *w, int64_t ts, json_object *const *key, int has_val, int64_t val)
{
	uint64_t hash = key_hash(w, key);
	struct tkey **at = find(w, hash, key);
	struct tkey *k = *at;
	if (!k) {
		k = calloc(1, sizeof *k + w->nkey * sizeof k->v[0]);
		if (!k)
			return -1;
		k->hash = hash;
		for (size_t i = 0; i < w->nkey; i++)
			k->v[i] = json_object_get(key[i]);
		*at = k;
		if (++w->nkeys > w->nbuckets)
			grow_table(w);
	}
	struct tentry e = { k, ts, val, has_val };
	if (fifo_push(w, &e) != 0) {
		if (k->t.count == 0) {
			*find(w, hash, key) = k->next;
			w->nkeys--;
			key_free(w, k);
		}
		return -1;
	}
	k->t.count++;
	if (has_val) {
		if (val > 0)
			k->t.pos += val;
		else
			k->t.neg += val;
	}
	return 0;
}

void twin_expire(struct twin *w, int64_t oldest_ts)
{
	while (w->len && w->fifo[w->head].ts < oldest_ts) {
		struct tentry *e = &w->fifo[w->head];
		struct tkey *k = e->key;
		w->head = (w->head + 1) % w->cap;
		w->len--;
		k->t.count--;
		if (e->has_val) {
			if (e->val > 0)
				k->t.pos -= e->val;
			else
				k->t.neg -= e->val;
		}
		if (k->t.count == 0) {
			struct tkey **at = &w->buckets[k->hash & (w->nbuckets - 1)];
			while (*at != k)
				at = &(*at)->next;
			*at = k->next;
			w->nkeys--;
			key_free(w, k);
		}
	}
}

int twin_get(const struct twin *w, json_object *const *key, struct twin_totals *out)
{
	struct tkey *k = *find(w, key_hash(w, key), key);
	if (!k)
		return 0;
	*out = k->t;
	return 1;
}

size_t twin_size(const struct twin *w)
{
	return w->len;
}
