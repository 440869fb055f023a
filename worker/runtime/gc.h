/* gc.h -- the cycle collector (CPython-style, generational).
 *
 * Reference counting frees everything except cycles.  Every object whose
 * type has a `traverse` slot is allocated with a GCHead in front of it
 * (obj_alloc, typeobj.c) and linked into the youngest of three generations.
 * When allocations outnumber deallocations by a threshold, the VM calls
 * gc_collect_pending() at its next safe point (a call or backward jump), which
 * collects the youngest generations that are due:
 *   1. refs = refcount for each object of the generations collected;
 *   2. traverse each, subtracting one for every reference that comes from
 *      inside the set: what is left counts references from outside;
 *   3. everything reachable from an object with refs > 0 is alive and moves
 *      to the next generation; the rest is garbage, held only by itself;
 *   4. each garbage object's type `clear` slot drops its references, which
 *      breaks the cycles; ordinary deallocation then frees the objects.
 * Rules for types: `traverse` visits exactly the references the object owns
 * (never a borrowed one) and must cope with a zero-filled object; `clear`
 * leaves the object valid (empty) because other garbage may still use it.
 */
#ifndef BOX_GC_H
#define BOX_GC_H

#include <stdbool.h>
#include <stdint.h>

#include "worker/objects/object.h"

typedef struct GCHead {
	struct GCHead *next, *prev;
	intptr_t refs;             /* GC_IDLE outside a collection */
} GCHead;

/* The size word stored before every obj_alloc'd object has this bit when a
 * GCHead precedes it. */
#define GC_SIZE_BIT ((size_t)1 << (sizeof(size_t) * 8 - 1))

/* A second bit of the size word: the object's __del__ has been called
 * (PEP 442: a finalizer runs at most once, even if the object is
 * resurrected).  Every obj_alloc'd object has the size word. */
#define OBJ_FINALIZED_BIT ((size_t)1 << (sizeof(size_t) * 8 - 2))
#define OBJ_SIZE_MASK (~(GC_SIZE_BIT | OBJ_FINALIZED_BIT))

/* The GCHead in front of an object allocated with one (obj_alloc). */
static inline GCHead *gc_head_of(Obj *o)
{
	return (GCHead *)((char *)o - sizeof(size_t) - sizeof(GCHead));
}

extern bool gc_pending;
void gc_track(GCHead *h);          /* a new object: into generation 0 */
void gc_untrack(GCHead *h);        /* the object is being freed */
/* As CPython, a collection stops tracking a dict that holds nothing able
 * to form a cycle (only atomic keys and values, as most instance dicts);
 * the dict code tracks it again when it stores a value that could
 * (objects/dict_table.c).  An untracked object's head has next == NULL. */
static inline bool gc_is_tracked(Obj *o) { return gc_head_of(o)->next != NULL; }
void gc_retrack(GCHead *h);
void gc_collect_pending(void);
size_t gc_collect_all(void);       /* full collection; returns objects found */
/* The script has ended: collect the cycles, then run the finalizers of
 * everything __main__'s globals reach, in CPython's order (gc.c). */
void gc_finalize_at_exit(Dict *globals);

#endif
