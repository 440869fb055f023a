/* worker/modules/itertools/itertools.h -- what the two halves of the itertools module
 * (itertools.c: the simple iterators and the module table;
 * itertools_comb.c: product, permutations, combinations, groupby, tee)
 * share: one generic iterator object layout and the argument helpers.
 *
 * Every itertools iterator is an It; the meaning of the Value fields a..e
 * and the counters is documented next to each type's constructor. */
#ifndef BOX_WORKER_MODULES_ITERTOOLS_H
#define BOX_WORKER_MODULES_ITERTOOLS_H

#include "worker/runtime/runtime.h"

typedef struct It {
	Obj ob;
	Value a, b, c, d, e;   /* owned references (or V_NULL) */
	ssize_t i, n, r, step, cnt;
	ssize_t *idx;          /* index arrays (mem_alloc'd, nidx / ncyc items) */
	size_t nidx;
	ssize_t *cyc;
	size_t ncyc;
	void *peer;            /* groupby: the current _grouper (identity only) */
	int state;
} It;

/* A new It of type t (a subclass may be larger); NULL on failure. */
It *it_alloc(Type *t);
void it_dealloc(Obj *o);
void it_traverse(Obj *o, visitfn visit, void *arg);
Value it_self_iter(Value v);
/* Sets up t as an itertools iterator type: layout, dealloc, iter, next. */
void it_type_init(Type *t, const char *name, unaryfn next, bool subclassable);

/* "NAME() takes no keyword arguments" */
bool it_no_kw(const char *name, Tuple *kw);
/* "NAME expected N argument(s), got M" (and the at least / at most forms) */
bool it_nargs(const char *name, size_t nargs, size_t min, size_t max);
/* Old-style keyword parsing: names[0..npos) positional-or-keyword, the rest
 * keyword-only; the first nreq are required. */
bool it_kwparse(const char *name, const Value *args, size_t nargs, Tuple *kw,
		const char *const *names, size_t npos, size_t n, size_t nreq, Value *out);
/* An r/n argument: a non-negative int (TypeError otherwise). */
bool it_ssize(Value v, ssize_t *out);

/* itertools_comb.c */
void itertools_comb_init(Dict *d, bool first);
/* d[short name of t] = t */
void it_add_type(Dict *d, Type *t);

#endif
