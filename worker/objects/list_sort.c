/* list_sort.c -- the stable merge sort behind list.sort() and sorted().
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

/* ---- the merge sort, once per comparison --------------------------------- */

/* Insertion sort up to 8 items; above, sort both halves, then merge (the
 * first half copied to tmp) unless they are already in order. */
#define DEFINE_MERGE_SORT(NAME, T, KEY, LT)                                                 \
	static bool NAME(T *a, T *tmp, size_t n)                      \
	{                                                                           \
		if (n < 2)                                                          \
			return true;                                                \
		if (n <= 8) {                                                       \
			for (size_t i = 1; i < n; i++) {                            \
				T x = a[i];                                  \
				size_t j = i;                                       \
				while (j > 0) {                                     \
					int lt = LT(KEY(x), KEY(a[j - 1]));           \
					if (lt < 0)                                 \
						return false;                       \
					if (!lt)                                    \
						break;                              \
					a[j] = a[j - 1];                            \
					j--;                                        \
				}                                                   \
				a[j] = x;                                           \
			}                                                           \
			return true;                                                \
		}                                                                   \
		size_t m = n / 2;                                                   \
		if (!NAME(a, tmp, m) || !NAME(a + m, tmp, n - m))                   \
			return false;                                               \
		int lt = LT(KEY(a[m]), KEY(a[m - 1]));                                \
		if (lt < 0)                                                         \
			return false;                                               \
		if (!lt)                                                            \
			return true;   /* already in order */                       \
		memcpy(tmp, a, m * sizeof(T));                               \
		size_t i = 0, j = m, k = 0;                                         \
		while (i < m && j < n) {                                            \
			lt = LT(KEY(a[j]), KEY(tmp[i]));                              \
			if (lt < 0) {                                               \
				/* put the rest back so nothing is lost */          \
				while (i < m)                                       \
					a[k++] = tmp[i++];                          \
				return false;                                       \
			}                                                           \
			if (lt)                                                     \
				a[k++] = a[j++];                                    \
			else                                                        \
				a[k++] = tmp[i++];                                  \
		}                                                                   \
		while (i < m)                                                       \
			a[k++] = tmp[i++];                                          \
		return true;                                                        \
	}

/* (key, value) pairs, and values that are their own keys (no key function:
 * half the memory to move) */
#define PAIR_KEY(x) ((x).key)
#define SELF_KEY(x) (x)
DEFINE_MERGE_SORT(pairs_int, SortItem, PAIR_KEY, lt_int)
DEFINE_MERGE_SORT(pairs_float, SortItem, PAIR_KEY, lt_float)
DEFINE_MERGE_SORT(pairs_str, SortItem, PAIR_KEY, lt_str)
DEFINE_MERGE_SORT(pairs_tuple, SortItem, PAIR_KEY, lt_tuple)
DEFINE_MERGE_SORT(pairs_any, SortItem, PAIR_KEY, lt_any)
DEFINE_MERGE_SORT(values_int, Value, SELF_KEY, lt_int)
DEFINE_MERGE_SORT(values_float, Value, SELF_KEY, lt_float)
DEFINE_MERGE_SORT(values_str, Value, SELF_KEY, lt_str)
DEFINE_MERGE_SORT(values_tuple, Value, SELF_KEY, lt_tuple)
DEFINE_MERGE_SORT(values_any, Value, SELF_KEY, lt_any)

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
	case KEY_INT: return pairs_int(items, tmp, n);
	case KEY_FLOAT: return pairs_float(items, tmp, n);
	case KEY_STR: return pairs_str(items, tmp, n);
	case KEY_TUPLE: return pairs_tuple(items, tmp, n);
	case KEY_ANY: break;
	}
	return pairs_any(items, tmp, n);
}

bool sort_values(Value *values, Value *tmp, size_t n)
{
	if (n < 2)
		return true;
	switch (kind_of_values(values, n)) {
	case KEY_INT: return values_int(values, tmp, n);
	case KEY_FLOAT: return values_float(values, tmp, n);
	case KEY_STR: return values_str(values, tmp, n);
	case KEY_TUPLE: return values_tuple(values, tmp, n);
	case KEY_ANY: break;
	}
	return values_any(values, tmp, n);
}
