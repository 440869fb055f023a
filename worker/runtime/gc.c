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

	/* finalizers first, while nothing is cleared: generators suspended in
	 * a try block run their finally clauses (as CPython's close()) */
	size_t ngen = 0;
	for (h = unreachable.next; h != &unreachable; h = h->next) {
		Type *t = head_obj(h)->type;
		if (t == &gen_type || t == &coro_type || t == &gen_asend_type)
			ngen++;
	}
	if (ngen) {
		Obj **gs = mem_alloc(ngen * sizeof(Obj *));
		if (gs) {
			size_t k = 0;
			for (h = unreachable.next; h != &unreachable && k < ngen; h = h->next) {
				Obj *o = head_obj(h);
				if (o->type == &gen_type || o->type == &coro_type || o->type == &gen_asend_type) {
					obj_incref(o);
					gs[k++] = o;
				}
			}
			for (size_t i = 0; i < k; i++)
				gen_gc_finalize(gs[i]);
			for (size_t i = 0; i < k; i++)
				obj_decref(gs[i]);
			mem_free(gs, ngen * sizeof(Obj *));
		}
		err_clear();
	}

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
