/* list_sort.h -- the stable, adaptive merge sort (timsort) behind list.sort() and sorted():
 * (key, value) pairs sorted by key, with comparisons specialised to keys
 * that are all of one builtin type (list_sort.c).
 */
#ifndef BOX_LIST_SORT_H
#define BOX_LIST_SORT_H

#include "worker/runtime/runtime.h"

typedef struct SortItem {
	Value key;
	Value val;
} SortItem;

/* Sorts items[0..n) by key, stably, using tmp (room for n/2 + 1 items) as
 * scratch.  false with an exception when a comparison raised: the items
 * are then all still in items[0..n), in some order. */
bool sort_items(SortItem *items, SortItem *tmp, size_t n);

/* The same for values that are their own keys (no key function). */
bool sort_values(Value *values, Value *tmp, size_t n);

#endif
