/* temporal_window.h -- a keyed sliding window: the summary an incremental
 * temporal monitor (temporal_monitor.c) keeps for `formerly within W P{..}`
 * and for count / sum budgets over such a predicate.
 *
 * An event that matches the predicate enters under its key (the values of
 * the fields the predicate pins to the request: context.input.path, ...)
 * with a stamp and, for a sum, a summand; it leaves when the window slides
 * past its stamp.  Per key the window holds how many entries are in it
 * and the sums of their positive and negative summands.  Keys compare as
 * json_object_equal does (the relational evaluator's equality), so the
 * answers are the evaluator's.  Memory: one entry per event in the window. */
#ifndef BOX_POLICY_TEMPORAL_WINDOW_H
#define BOX_POLICY_TEMPORAL_WINDOW_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

struct twin;

struct twin_totals {
	int64_t count;                  /* entries under the key */
	__int128 pos, neg;              /* sums of the positive / negative summands */
};

/* A window over keys of nkey values (0: one key for every event). */
struct twin *twin_new(size_t nkey);
void twin_free(struct twin *);

/* Add an entry under key (nkey values, NULL for a JSON null; the window
 * takes references).  has_val: it carries summand val.  -1 when out of
 * memory. */
int twin_add(struct twin *, int64_t ts, json_object *const *key, int has_val, int64_t val);

/* Drop the entries stamped before oldest_ts. */
void twin_expire(struct twin *, int64_t oldest_ts);

/* 1 and *out when the key has entries in the window, else 0. */
int twin_get(const struct twin *, json_object *const *key, struct twin_totals *out);

/* Entries held (for tests of the pruning). */
size_t twin_size(const struct twin *);

#endif
