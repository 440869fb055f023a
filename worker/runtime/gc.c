/* gc.c -- the generational cycle collector (see gc.h for the algorithm). */
#include "config.h"

#include <string.h>

#include "worker/runtime/gc.h"
#include "worker/runtime/runtime.h"

#define NGEN 3
#define GC_IDLE ((intptr_t)-1)
#define GC_TENTATIVE ((intptr_t)-2)

typedef struct Generation {
	GCHead head;               /* sentinel of a circular list */
	long count;                /* gen 0: allocations - deallocations; else collections of the younger one */
	long threshold;
} GenList;

static GenList gens[NGEN] = {
	{{&gens[0].head, &gens[0].head, 0}, 0, 700},
	{{&gens[1].head, &gens[1].head, 0}, 0, 10},
	{{&gens[2].head, &gens[2].head, 0}, 0, 10},
};
static long long_lived_total, long_lived_pending;
static bool collecting;
bool gc_pending;

/* typeobj.c: is a collection allowed now (no deallocation in progress)? */
bool obj_dealloc_idle(void);
void type_cache_invalidate(void);
void gen_gc_finalize(Obj *o);   /* gen.c */

bool dict_may_untrack(Dict *d);  /* dict.c */

static inline Obj *head_obj(GCHead *h) { return (Obj *)((char *)h + sizeof(GCHead) + sizeof(size_t)); }
static inline GCHead *obj_head(Obj *o) { return gc_head_of(o); }

static inline void ring_init(GCHead *l) { l->next = l->prev = l; }
static inline bool ring_empty(GCHead *l) { return l->next == l; }

static inline void ring_remove(GCHead *h)
{
	h->prev->next = h->next;
	h->next->prev = h->prev;
	h->next = h->prev = NULL;
}

static inline void ring_append(GCHead *l, GCHead *h)
{
	h->prev = l->prev;
	h->next = l;
	l->prev->next = h;
	l->prev = h;
}

static inline void ring_move(GCHead *from, GCHead *to)
{
	if (ring_empty(from))
		return;
	from->next->prev = to->prev;
	to->prev->next = from->next;
	from->prev->next = to;
	to->prev = from->prev;
	ring_init(from);
}

static long ring_size(GCHead *l)
{
	long n = 0;
	for (GCHead *h = l->next; h != l; h = h->next)
		n++;
	return n;
}

/* Does this object carry a GCHead?  Static objects (builtin types, the
 * singletons) never do and must not be probed before their start. */
static inline GCHead *tracked_head(Value v)
{
	if (v.tag != V_OBJ)
		return NULL;
	Obj *o = v.u.o;
	Type *t = o->type;
	if (!t->traverse)
		return NULL;
	if ((t == &type_type || (t->flags & TF_TYPE_SUB)) && !(((Type *)o)->flags & TF_HEAPTYPE))
		return NULL;
	if (!(*(size_t *)((char *)o - sizeof(size_t)) & GC_SIZE_BIT))
		return NULL;
	GCHead *h = obj_head(o);
	return h->next ? h : NULL;
}

void gc_track(GCHead *h)
{
	h->refs = GC_IDLE;
	ring_append(&gens[0].head, h);
	if (++gens[0].count > gens[0].threshold && !collecting)
		gc_pending = true;
}

void gc_retrack(GCHead *h)
{
	if (!h->next) {
		h->refs = GC_IDLE;
		ring_append(&gens[0].head, h);
	}
}

void gc_untrack(GCHead *h)
{
	if (h->next)
		ring_remove(h);
	if (gens[0].count > 0)
		gens[0].count--;
}

static void visit_decref(Value v, void *arg)
{
	(void)arg;
	GCHead *h = tracked_head(v);
	if (h && h->refs > 0)
		h->refs--;
}

static void visit_reachable(Value v, void *arg)
{
	GCHead *young = arg;
	GCHead *h = tracked_head(v);
	if (!h)
		return;
	if (h->refs == 0) {
		h->refs = 1;
	} else if (h->refs == GC_TENTATIVE) {
		/* found alive after all: back into the list being scanned */
		ring_remove(h);
		ring_append(young, h);
		h->refs = 1;
	}
}

/* A growable stack of heads (the resurrection scan). */
struct gc_stack {
	GCHead **items;
	size_t n, cap;
	bool failed;
};

static void gc_stack_push(struct gc_stack *st, GCHead *h)
{
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 64;
		GCHead **items = mem_alloc(cap * sizeof(GCHead *));
		if (!items) {
			st->failed = true;
			return;
		}
		if (st->n)
			memcpy(items, st->items, st->n * sizeof(GCHead *));
		mem_free(st->items, st->cap * sizeof(GCHead *));
		st->items = items;
		st->cap = cap;
	}
	st->items[st->n++] = h;
}

/* A heap type holds itself in mro[0] without a reference (typeobj.c), but
 * traversing its mro tuple visits it: count that visit in advance. */
static intptr_t self_refs(Obj *o)
{
	Type *t = o->type;
	if (!(t == &type_type || (t->flags & TF_TYPE_SUB)))
		return 0;
	Type *ty = (Type *)o;
	if ((ty->flags & TF_HEAPTYPE) && ty->mro && ty->mro->n && ty->mro->items[0].tag == V_OBJ && ty->mro->items[0].u.o == o)
		return 1;
	return 0;
}

static bool is_generator(Obj *o)
{
	return o->type == &gen_type || o->type == &coro_type || o->type == &gen_asend_type;
}

/* Runs the finalizer of every object in `garbage` that has one; each is
 * held while the finalizers run, since one may drop another's last outside
 * reference.  Returns whether any ran (Python code may then have stored an
 * object of the set somewhere). */
static bool run_finalizers(GCHead *garbage)
{
	size_t n = 0;
	for (GCHead *h = garbage->next; h != garbage; h = h->next) {
		Obj *o = head_obj(h);
		if (is_generator(o) || !IS_NULL(obj_pending_finalizer(o)))
			n++;
	}
	if (n == 0)
		return false;
	Obj **fs = mem_alloc(n * sizeof(Obj *));
	if (!fs) {
		err_clear();
		return false;
	}
	size_t k = 0;
	for (GCHead *h = garbage->next; h != garbage && k < n; h = h->next) {
		Obj *o = head_obj(h);
		if (is_generator(o) || !IS_NULL(obj_pending_finalizer(o))) {
			obj_incref(o);
			fs[k++] = o;
		}
	}
	for (size_t i = 0; i < k; i++) {
		Obj *o = fs[i];
		if (is_generator(o)) {
			gen_gc_finalize(o);
		} else {
			Value del = obj_pending_finalizer(o);   /* looked up again: code ran */
			if (!IS_NULL(del))
				obj_run_finalizer(o, del);
		}
	}
	err_clear();
	for (size_t i = 0; i < k; i++)
		obj_decref(fs[i]);
	mem_free(fs, n * sizeof(Obj *));
	return true;
}

static void visit_resurrect(Value v, void *arg)
{
	struct gc_stack *st = arg;
	GCHead *h = tracked_head(v);
	if (h && h->refs == 0) {
		h->refs = 1;
		gc_stack_push(st, h);
	}
}

/* After finalizers ran, what in `garbage` is referenced from outside it
 * again, and everything that reaches in it, was resurrected: it moves to
 * `alive` (the oldest generation) and is not cleared.  The rest is still
 * garbage (CPython's handle_resurrected_objects). */
static void rescue_resurrected(GCHead *garbage, GCHead *alive)
{
	for (GCHead *h = garbage->next; h != garbage; h = h->next)
		h->refs = head_obj(h)->refcnt + self_refs(head_obj(h));
	for (GCHead *h = garbage->next; h != garbage; h = h->next) {
		Obj *o = head_obj(h);
		o->type->traverse(o, visit_decref, NULL);
	}
	struct gc_stack st = {0};
	for (GCHead *h = garbage->next; h != garbage; h = h->next)
		if (h->refs > 0)
			gc_stack_push(&st, h);
	while (st.n) {
		GCHead *h = st.items[--st.n];
		Obj *o = head_obj(h);
		o->type->traverse(o, visit_resurrect, &st);
	}
	if (st.failed) {
		/* no memory to follow the references: keep the whole set */
		err_clear();
		for (GCHead *h = garbage->next; h != garbage; h = h->next)
			h->refs = 1;
	}
	mem_free(st.items, st.cap * sizeof(GCHead *));
	GCHead *h = garbage->next;
	while (h != garbage) {
		GCHead *next = h->next;
		if (h->refs > 0) {
			ring_remove(h);
			ring_append(alive, h);
		}
		h->refs = GC_IDLE;
		h = next;
	}
}

static size_t collect(int gen)
{
	collecting = true;
	GCHead *young = &gens[gen].head;
	for (int i = 0; i < gen; i++)
		ring_move(&gens[i].head, young);
	GCHead *old = gen + 1 < NGEN ? &gens[gen + 1].head : young;

	/* 1-2: refs from outside the set */
	for (GCHead *h = young->next; h != young; h = h->next)
		h->refs = head_obj(h)->refcnt + self_refs(head_obj(h));
	for (GCHead *h = young->next; h != young; h = h->next) {
		Obj *o = head_obj(h);
		o->type->traverse(o, visit_decref, NULL);
	}
	/* 3: move the tentatively unreachable aside; rescue what is reachable */
	GCHead unreachable;
	ring_init(&unreachable);
	GCHead *h = young->next;
	while (h != young) {
		GCHead *next = h->next;
		if (h->refs > 0) {
			Obj *o = head_obj(h);
			o->type->traverse(o, visit_reachable, young);
			next = h->next;   /* rescued objects were appended after h */
		} else {
			ring_remove(h);
			ring_append(&unreachable, h);
			h->refs = GC_TENTATIVE;
		}
		h = next;
	}
	long survivors = 0;
	for (h = young->next; h != young;) {
		GCHead *next = h->next;
		h->refs = GC_IDLE;
		Obj *o = head_obj(h);
		if (o->type == &dict_type && dict_may_untrack((Dict *)o))
			ring_remove(h);
		else
			survivors++;
		h = next;
	}
	bool types = false;
	size_t found = 0;
	for (h = unreachable.next; h != &unreachable; h = h->next) {
		h->refs = GC_IDLE;
		Obj *o = head_obj(h);
		if (o->type == &type_type || (o->type->flags & TF_TYPE_SUB))
			types = true;
		found++;
	}
	if (old != young)
		ring_move(young, old);
	if (gen == NGEN - 1) {
		long_lived_pending = 0;
		long_lived_total = ring_size(old);
	} else if (gen == NGEN - 2) {
		long_lived_pending += survivors;   /* moved into the oldest generation */
	}
	if (types)
		type_cache_invalidate();

	/* finalizers first, while nothing is cleared (PEP 442): generators
	 * suspended in a try block run their finally clauses (as CPython's
	 * close()), instances run __del__, in list order */
	if (run_finalizers(&unreachable))
		rescue_resurrected(&unreachable, &gens[NGEN - 1].head);

	/* 4: break the cycles.  Each object goes to the oldest generation first
	 * so that one surviving (resurrected by other garbage) stays tracked;
	 * objects freed meanwhile unlink themselves. */
	GCHead *last = &gens[NGEN - 1].head;
	Obj *saved = err_fetch();
	while (!ring_empty(&unreachable)) {
		h = unreachable.next;
		ring_remove(h);
		ring_append(last, h);
		Obj *o = head_obj(h);
		if (o->type->clear) {
			obj_incref(o);
			o->type->clear(o);
			obj_decref(o);
		}
	}
	err_clear();
	err_restore(saved);
	collecting = false;
	return found;
}

void gc_collect_pending(void)
{
	gc_pending = false;
	if (collecting || !obj_dealloc_idle())
		return;
	int gen = 0;
	for (int i = NGEN - 1; i >= 0; i--) {
		if (gens[i].count > gens[i].threshold) {
			/* a full collection only when enough has piled up (CPython's
			 * long-lived ratio keeps it linear overall) */
			if (i == NGEN - 1 && long_lived_pending < long_lived_total / 4)
				continue;
			gen = i;
			break;
		}
	}
	if (gen + 1 < NGEN)
		gens[gen + 1].count++;
	for (int i = 0; i <= gen; i++)
		gens[i].count = 0;
	collect(gen);
}

size_t gc_collect_all(void)
{
	if (collecting || !obj_dealloc_idle())
		return 0;
	for (int i = 0; i < NGEN; i++)
		gens[i].count = 0;
	return collect(NGEN - 1);
}

/* ---- finalizers at the end of the script --------------------------------
 *
 * When a script ends, CPython collects the garbage cycles, then finds
 * __main__'s globals garbage too and runs the finalizers of everything they
 * reach before clearing any of it: in the order its collector lists them,
 * which is breadth-first from the globals dict, a list's or a tuple's items
 * last first, an instance's attributes as its own (3.11 keeps them inline,
 * not in a dict object).  Modules and builtin types are not entered. */

#define GC_VISITED ((intptr_t)-3)

struct exit_scan {
	struct gc_stack order;      /* breadth-first: a queue read from 0 */
	Obj *owner;                 /* the object whose references are visited */
	struct gc_stack kids;       /* its references, in its traverse order */
};

static void visit_collect(Value v, void *arg)
{
	struct exit_scan *sc = arg;
	GCHead *h = tracked_head(v);
	if (!h || h->refs == GC_VISITED)
		return;
	Obj *o = v.u.o;
	if (o->type == &module_type)
		return;
	/* an instance's own __dict__ stands for its attributes */
	if (o->type == &dict_type && sc->owner && (sc->owner->type->flags & TF_HEAPTYPE)) {
		Dict **dp = obj_dict_slot(sc->owner);
		if (dp && *dp == (Dict *)o) {
			h->refs = GC_VISITED;
			gc_stack_push(&sc->order, h);   /* reset afterwards, not expanded */
			Obj *owner = sc->owner;
			sc->owner = NULL;
			o->type->traverse(o, visit_collect, sc);
			sc->owner = owner;
			return;
		}
	}
	h->refs = GC_VISITED;
	gc_stack_push(&sc->kids, h);
}

void gc_finalize_at_exit(Dict *globals)
{
	if (collecting || !obj_dealloc_idle())
		return;
	/* a script whose classes have no __del__ pays nothing here: the
	 * generators it leaves suspended are not finalized at exit then */
	if (!type_finalizers_seen)
		return;
	gc_collect_all();
	GCHead *root = tracked_head(v_obj(&globals->ob));
	if (!root)
		return;
	collecting = true;
	struct exit_scan sc = {0};
	root->refs = GC_VISITED;
	gc_stack_push(&sc.order, root);
	for (size_t i = 0; i < sc.order.n && !sc.order.failed; i++) {
		Obj *o = head_obj(sc.order.items[i]);
		sc.owner = o;
		sc.kids.n = 0;
		o->type->traverse(o, visit_collect, &sc);
		bool reverse = o->type == &list_type || o->type == &tuple_type ||
			       (o->type->flags & (TF_LIST_SUB | TF_TUPLE_SUB));
		for (size_t k = 0; k < sc.kids.n; k++)
			gc_stack_push(&sc.order, sc.kids.items[reverse ? sc.kids.n - 1 - k : k]);
	}
	/* hold what has a finalizer, then run them in that order */
	size_t n = 0;
	for (size_t i = 0; i < sc.order.n; i++) {
		Obj *o = head_obj(sc.order.items[i]);
		sc.order.items[i]->refs = GC_IDLE;
		if (is_generator(o) || !IS_NULL(obj_pending_finalizer(o))) {
			obj_incref(o);
			sc.order.items[n++] = sc.order.items[i];
		}
	}
	mem_free(sc.kids.items, sc.kids.cap * sizeof(GCHead *));
	collecting = false;
	for (size_t i = 0; i < n; i++) {
		Obj *o = head_obj(sc.order.items[i]);
		if (is_generator(o)) {
			gen_gc_finalize(o);
		} else {
			Value del = obj_pending_finalizer(o);
			if (!IS_NULL(del))
				obj_run_finalizer(o, del);
		}
	}
	err_clear();
	for (size_t i = 0; i < n; i++)
		obj_decref(head_obj(sc.order.items[i]));
	mem_free(sc.order.items, sc.order.cap * sizeof(GCHead *));
}
