/* list_sort.c -- list.sort() and sorted(): the comparisons, and the choice
 * among them; the sort itself is list_timsort.inc, CPython 3.11's.
 *
 * As CPython does before sorting, the keys are looked at once: when they
 * are all small ints, all floats, all exact strs or all exact tuples, the
 * sort uses a comparison made for that type instead of the generic rich
 * comparison (int, float and str comparisons cannot raise or run Python
 * code; a tuple compares its items with the same shortcuts, and falls back
 * to the generic comparison for other item types).  Results are the same
 * as the generic comparison's: only the work per comparison changes.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "worker/objects/list_sort.h"

/* ---- comparisons: 1 when a < b, 0 when not, -1 with an exception --------- */

static inline bool is_exact_str(Value v) { return v.tag == V_OBJ && v.u.o->type == &str_type; }
static inline bool is_exact_tuple(Value v) { return v.tag == V_OBJ && v.u.o->type == &tuple_type; }

static inline int lt_int(Value a, Value b) { return a.u.i < b.u.i; }
static inline int lt_float(Value a, Value b) { return a.u.f < b.u.f; }
static inline int lt_str(Value a, Value b) { return str_compare(AS_STR(a), AS_STR(b)) < 0; }

static inline int lt_any(Value a, Value b)
{
	if (a.tag == V_INT && b.tag == V_INT)
		return a.u.i < b.u.i;
	if (a.tag == V_FLOAT && b.tag == V_FLOAT)
		return a.u.f < b.u.f;
	if (is_exact_str(a) && is_exact_str(b))
		return lt_str(a, b);
	return obj_richcmp_bool(a, b, CMP_LT);
}

/* Tuple items equal?  As obj_eq (identity first), faster for strs and ints. */
static inline int item_eq(Value x, Value y)
{
	if (x.tag == V_INT && y.tag == V_INT)
		return x.u.i == y.u.i;
	if (is_exact_str(x) && is_exact_str(y))
		return str_equal(AS_STR(x), AS_STR(y));
	return obj_eq(x, y);
}

/* As tuple < tuple: the first items that differ decide, else the length. */
static int lt_tuple(Value a, Value b)
{
	Tuple *x = AS_TUPLE(a), *y = AS_TUPLE(b);
	size_t n = x->n < y->n ? x->n : y->n;
	for (size_t i = 0; i < n; i++) {
		int eq = item_eq(x->items[i], y->items[i]);
		if (eq < 0)
			return -1;
		if (!eq)
			return lt_any(x->items[i], y->items[i]);
	}
	return x->n < y->n;
}

/* ---- the sort, once per comparison ---------------------------------------- */

/* A run on the merge stack: where it starts, how long, its powersort power. */
struct sort_run {
	size_t base, len;
	int power;
};

/* Galloping starts after this many wins in a row (then adapts). */
#define SORT_MIN_GALLOP 7
/* powersort keeps at most log2(n) + 1 runs pending */
#define SORT_MAX_RUNS (sizeof(size_t) * 8 + 1)

/* Runs shorter than this are extended by binary insertion: n itself below
 * 64, else a length in [32, 64] that makes n / minrun just under a power
 * of two. */
static size_t sort_minrun(size_t n)
{
	size_t r = 0;
	while (n >= 64) {
		r |= n & 1;
		n >>= 1;
	}
	return n + r;
}

/* The power of the run [s1, s1+n1) followed by one of n2 items, among n:
 * the first bit where the binary expansions of the two runs' midpoints
 * (as fractions of n) differ. */
static int sort_power(size_t s1, size_t n1, size_t n2, size_t n)
{
	int power = 0;
	size_t a = 2 * s1 + n1, b = a + n1 + n2;   /* twice the midpoints */
	for (;;) {
		power++;
		if (a >= n) {
			a -= n;
			b -= n;
		} else if (b >= n) {
			break;
		}
		a <<= 1;
		b <<= 1;
	}
	return power;
}

/* (key, value) pairs, and values that are their own keys (no key function:
 * half the memory to move) */
#define PAIR_KEY(x) ((x).key)
#define SELF_KEY(x) (x)
#define TS_NAME pairs_int
#define TS_T SortItem
#define TS_KEY PAIR_KEY
#define TS_LT lt_int
#include "worker/objects/list_timsort.inc"
#define TS_NAME pairs_float
#define TS_T SortItem
#define TS_KEY PAIR_KEY
#define TS_LT lt_float
#include "worker/objects/list_timsort.inc"
#define TS_NAME pairs_str
#define TS_T SortItem
#define TS_KEY PAIR_KEY
#define TS_LT lt_str
#include "worker/objects/list_timsort.inc"
#define TS_NAME pairs_tuple
#define TS_T SortItem
#define TS_KEY PAIR_KEY
#define TS_LT lt_tuple
#include "worker/objects/list_timsort.inc"
#define TS_NAME pairs_any
#define TS_T SortItem
#define TS_KEY PAIR_KEY
#define TS_LT lt_any
#include "worker/objects/list_timsort.inc"
#define TS_NAME values_int
#define TS_T Value
#define TS_KEY SELF_KEY
#define TS_LT lt_int
#include "worker/objects/list_timsort.inc"
#define TS_NAME values_float
#define TS_T Value
#define TS_KEY SELF_KEY
#define TS_LT lt_float
#include "worker/objects/list_timsort.inc"
#define TS_NAME values_str
#define TS_T Value
#define TS_KEY SELF_KEY
#define TS_LT lt_str
#include "worker/objects/list_timsort.inc"
#define TS_NAME values_tuple
#define TS_T Value
#define TS_KEY SELF_KEY
#define TS_LT lt_tuple
#include "worker/objects/list_timsort.inc"
#define TS_NAME values_any
#define TS_T Value
#define TS_KEY SELF_KEY
#define TS_LT lt_any
#include "worker/objects/list_timsort.inc"

/* ---- choosing the comparison -------------------------------------------- */

enum key_kind { KEY_ANY, KEY_INT, KEY_FLOAT, KEY_STR, KEY_TUPLE };

static enum key_kind key_kind(Value v)
{
	if (v.tag == V_INT)
		return KEY_INT;
	if (v.tag == V_FLOAT)
		return KEY_FLOAT;
	if (is_exact_str(v))
		return KEY_STR;
	if (is_exact_tuple(v))
		return KEY_TUPLE;
	return KEY_ANY;
}

/* The one kind all the keys share, else KEY_ANY. */
static enum key_kind kind_of_items(const SortItem *items, size_t n)
{
	enum key_kind kind = key_kind(items[0].key);
	for (size_t i = 1; i < n && kind != KEY_ANY; i++)
		if (key_kind(items[i].key) != kind)
			kind = KEY_ANY;
	return kind;
}

static enum key_kind kind_of_values(const Value *values, size_t n)
{
	enum key_kind kind = key_kind(values[0]);
	for (size_t i = 1; i < n && kind != KEY_ANY; i++)
		if (key_kind(values[i]) != kind)
			kind = KEY_ANY;
	return kind;
}

bool sort_items(SortItem *items, SortItem *tmp, size_t n)
{
	if (n < 2)
		return true;
	switch (kind_of_items(items, n)) {
	case KEY_INT: return pairs_int_sort(items, tmp, n);
	case KEY_FLOAT: return pairs_float_sort(items, tmp, n);
	case KEY_STR: return pairs_str_sort(items, tmp, n);
	case KEY_TUPLE: return pairs_tuple_sort(items, tmp, n);
	case KEY_ANY: break;
	}
	return pairs_any_sort(items, tmp, n);
}

bool sort_values(Value *values, Value *tmp, size_t n)
{
	if (n < 2)
		return true;
	switch (kind_of_values(values, n)) {
	case KEY_INT: return values_int_sort(values, tmp, n);
	case KEY_FLOAT: return values_float_sort(values, tmp, n);
	case KEY_STR: return values_str_sort(values, tmp, n);
	case KEY_TUPLE: return values_tuple_sort(values, tmp, n);
	case KEY_ANY: break;
	}
	return values_any_sort(values, tmp, n);
}
