/* gen.c -- generators and coroutines (frames that suspend: send, throw,
 * close, return values, StopIteration and PEP 479 semantics), plus the two
 * VM helpers that need frames: __build_class__ and zero-argument super().
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/compile/opcodes.h"
#include "worker/eval/vm.h"

Value gen_new(Frame *f, Func *func)
{
	Code *co = f->code;
	Type *t = (co->flags & CO_COROUTINE) ? &coro_type : (co->flags & CO_ASYNC_GEN) ? &gen_asend_type : &gen_type;
	Gen *g = (Gen *)obj_alloc(t, sizeof(Gen));
	if (!g) {
		frame_release(f);
		return v_null();
	}
	g->frame = f;
	f->gen = g;
	f->entry = true;
	obj_incref(&co->ob);
	g->code = co;
	obj_incref(&func->name->ob);
	g->name = func->name;
	obj_incref(&func->qualname->ob);
	g->qualname = func->qualname;
	return v_obj(&g->ob);
}

static const char *gen_kind(Gen *g)
{
	return g->ob.type == &coro_type ? "coroutine" : "generator";
}

static int finish(Gen *g, Value r, Value *out)
{
	Frame *f = g->frame;
	if (!IS_NULL(r) && f->yielded) {
		*out = r;
		return 1;
	}
	g->finished = true;
	g->frame = NULL;
	f->gen = NULL;
	frame_release(f);
	if (g->saved_handled) {
		obj_decref(g->saved_handled);
		g->saved_handled = NULL;
	}
	if (IS_NULL(r)) {
		if (err_matches(Exc_StopIteration)) {
			Obj *e = err_fetch();
			err_format(Exc_RuntimeError, "%s raised StopIteration", gen_kind(g));
			Exc *n = (Exc *)err_peek();
			if (n && !n->cause) {
				n->cause = e;
				n->suppress_context = true;
			} else {
				obj_decref(e);
			}
		}
		return -1;
	}
	*out = r;
	return 0;
}

static int resume(Gen *g, Value send, bool throwing, Value *out)
{
	Frame *f = g->frame;
	if (g->running) {
		err_format(Exc_ValueError, "%s already executing", gen_kind(g));
		return -1;
	}
	if (g->finished || !f) {
		if (throwing)
			return -1;
		if (g->ob.type == &coro_type) {
			err_format(Exc_RuntimeError, "cannot reuse already awaited coroutine");
			return -1;
		}
		*out = v_none();
		return 0;
	}
	if (!f->started && !throwing && !IS_NONE(send)) {
		err_format(Exc_TypeError, "can't send non-None value to a just-started %s", gen_kind(g));
		return -1;
	}
	if (!enter_recursion("")) {
		return -1;
	}
	if (f->started && !throwing)
		*f->sp++ = val_incref(send);
	if (throwing)
		f->throwing = true;
	f->back = vm.frame;
	g->running = true;
	/* The generator's own exception being handled replaces the caller's
	 * while it runs (the caller's stays reachable through the link), and
	 * is kept with the generator when it yields. */
	struct handled_link link = { vm.handled, vm.outer_handled };
	vm.outer_handled = &link;
	vm.handled = g->saved_handled;
	g->saved_handled = NULL;
	Value r = vm_run(f);
	g->saved_handled = vm.handled;
	vm.handled = link.handled;
	vm.outer_handled = link.prev;
	g->running = false;
	leave_c_call();   /* vm_run's exit already undid the frame depth */
	return finish(g, r, out);
}

int gen_resume(Gen *g, Value send, Value *out) { return resume(g, send, false, out); }

/* Raise exc inside g at its suspension point (delegating to a sub-iterator
 * when suspended in yield from / await). */
static Value m_close(Value self, const Value *args, size_t nargs, Tuple *kw);

/* Drops the sub-iterator g delegates to (its yield from is over) and raises
 * the pending exception in g's own frame there. */
static int raise_after_delegate(Gen *g, Value *out)
{
	Frame *f = g->frame;
	Value inner = *--f->sp;
	val_decref(inner);
	f->ip++;
	return resume(g, v_none(), true, out);
}

int gen_throw_into(Gen *g, Obj *exc, Value *out)
{
	Frame *f = g->frame;
	if (f && f->started && !g->finished && !g->running && INSN_OP(*f->ip) == OP_YIELD_FROM) {
		Value inner = f->sp[-1];
		bool is_gen = obj_is(inner, &gen_type) || obj_is(inner, &coro_type);
		if (is_gen && exc->type == Exc_GeneratorExit) {
			/* CPython's order: close the delegate first (its own
			 * error, such as 'generator ignored GeneratorExit', is
			 * raised here instead), then GeneratorExit here */
			g->running = true;
			Value cr = m_close(inner, NULL, 0, NULL);
			g->running = false;
			if (IS_NULL(cr)) {
				obj_decref(exc);
				return raise_after_delegate(g, out);
			}
			val_decref(cr);
		} else if (is_gen) {
			g->running = true;
			obj_incref(exc);
			Value r;
			int st = gen_throw_into((Gen *)inner.u.o, exc, &r);
			g->running = false;
			if (st == 1) {
				obj_decref(exc);
				*out = r;
				return 1;
			}
			obj_decref(exc);
			f->sp--;
			val_decref(inner);
			f->ip++;
			if (st == 0) {
				*f->sp++ = r;
				return resume(g, v_none(), false, out) ;
			}
			/* the inner raised: continue raising in our frame */
			return resume(g, v_none(), true, out);
		}
		if (is_gen) {
			/* closed above: GeneratorExit is raised in this frame */
		} else if (exc->type == Exc_GeneratorExit) {
			Value cl = obj_getattr_opt(inner, ID(close));
			if (!IS_NULL(cl)) {
				Value r = call0(cl);
				val_decref(cl);
				if (IS_NULL(r)) {
					obj_decref(exc);
					f->sp--;
					val_decref(inner);
					f->ip++;
					return resume(g, v_none(), true, out);
				}
				val_decref(r);
			}
		} else {
			Value th = obj_getattr_opt(inner, ID(throw));
			if (!IS_NULL(th)) {
				Value ev = v_obj(exc);
				Value r = call1(th, ev);
				val_decref(th);
				obj_decref(exc);
				if (!IS_NULL(r)) {
					*out = r;
					return 1;
				}
				f->sp--;
				val_decref(inner);
				f->ip++;
				if (err_matches(Exc_StopIteration)) {
					Obj *e = err_fetch();
					Exc *x = (Exc *)e;
					*f->sp++ = x->args && x->args->n ? val_incref(x->args->items[0]) : v_none();
					obj_decref(e);
					return resume(g, v_none(), false, out);
				}
				return resume(g, v_none(), true, out);
			}
		}
	}
	err_restore(exc);
	if (!f || g->finished)
		return -1;
	if (!f->started) {
		/* never started: the generator finishes with the exception */
		g->finished = true;
		g->frame = NULL;
		f->gen = NULL;
		frame_release(f);
		return -1;
	}
	return resume(g, v_none(), true, out);
}

/* The collector found this generator in garbage: run its pending finally
 * blocks now, while everything it may touch is still intact (PEP 442). */
void gen_gc_finalize(Obj *o);
void gen_gc_finalize(Obj *o)
{
	Gen *g = (Gen *)o;
	if (!g->frame || !g->frame->started || g->finished || g->running || g->frame->nblocks == 0)
		return;
	Obj *saved = err_fetch();
	Value ge = exc_new(Exc_GeneratorExit, NULL, 0);
	if (!IS_NULL(ge)) {
		Value r;
		int st = gen_throw_into(g, ge.u.o, &r);
		if (st >= 0)
			val_decref(r);
	}
	err_clear();
	err_restore(saved);
}

static void gen_dealloc(Obj *o)
{
	Gen *g = (Gen *)o;
	if (g->frame && g->frame->started && !g->finished && g->frame->nblocks > 0) {
		/* close(): run pending finally blocks */
		o->refcnt = 1;
		Obj *saved = err_fetch();
		Value ge = exc_new(Exc_GeneratorExit, NULL, 0);
		if (!IS_NULL(ge)) {
			Value r;
			int st = gen_throw_into(g, ge.u.o, &r);
			if (st >= 0)
				val_decref(r);
			err_clear();
		}
		err_restore(saved);
		o->refcnt = 0;
	}
	if (g->frame) {
		g->frame->gen = NULL;
		frame_release(g->frame);
	}
	obj_xdecref(g->saved_handled);
	obj_xdecref(g->code ? &g->code->ob : NULL);
	obj_decref(&g->name->ob);
	obj_decref(&g->qualname->ob);
	obj_free(o);
}

/* Cycle collector.  A suspended generator owns its frame: the function,
 * namespaces, fast locals and the saved value stack.  A running one is
 * skipped (its frame is live on the VM and counts as reachable). */
static void gen_traverse(Obj *o, visitfn visit, void *arg)
{
	Gen *g = (Gen *)o;
	Frame *f = g->frame;
	if (!f || g->running)
		return;
	if (g->saved_handled)
		visit(v_obj(g->saved_handled), arg);
	if (f->func)
		visit(v_obj(&f->func->ob), arg);
	if (f->locals)
		visit(v_obj(&f->locals->ob), arg);
	size_t nfast = (size_t)f->code->nlocals + (size_t)f->code->ncells + (size_t)f->code->nfree;
	for (size_t i = 0; i < nfast; i++)
		visit(f->fast[i], arg);
	for (Value *p = f->stack; p < f->sp; p++)
		visit(*p, arg);
}

/* Garbage: drop the frame without running its finally blocks. */
static void gen_clear(Obj *o)
{
	Gen *g = (Gen *)o;
	Frame *f = g->frame;
	if (!f || g->running)
		return;
	g->frame = NULL;
	g->finished = true;
	f->gen = NULL;
	frame_release(f);
	if (g->saved_handled) {
		Obj *h = g->saved_handled;
		g->saved_handled = NULL;
		obj_decref(h);
	}
}

static Value gen_iter(Value v) { return val_incref(v); }

static Value gen_next(Value v)
{
	Value r;
	int st = gen_resume((Gen *)v.u.o, v_none(), &r);
	if (st == 1)
		return r;
	if (st == 0) {
		if (!IS_NONE(r)) {
			err_set_value(Exc_StopIteration, r);
			val_decref(r);
			return v_null();
		}
		return v_null();
	}
	return v_null();
}

static Value returned_to_stop(int st, Value r)
{
	if (st == 1)
		return r;
	if (st == 0) {
		if (IS_NONE(r))
			err_set_value(Exc_StopIteration, v_null());
		else
			err_set_value(Exc_StopIteration, r);
		val_decref(r);
	}
	return v_null();
}

static Value m_send(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("send", nargs, kw, 1, 1))
		return v_null();
	Value r;
	int st = gen_resume((Gen *)self.u.o, args[0], &r);
	return returned_to_stop(st, r);
}

/* The exception that throw(type[, value[, tb]]) / athrow() raise: a new
 * reference, or NULL with the TypeError CPython gives. */
static Value throw_exception(const Value *args, size_t nargs)
{
	Value t = args[0];
	if (is_exc_type(t)) {
		if (nargs > 1 && !IS_NONE(args[1]))
			return is_exc_instance(args[1]) ? val_incref(args[1]) : call1(t, args[1]);
		return call0(t);
	}
	if (is_exc_instance(t)) {
		if (nargs > 1 && !IS_NONE(args[1]))
			return err_null_format(Exc_TypeError, "instance exception may not have a separate value");
		return val_incref(t);
	}
	return err_null_format(Exc_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s", type_name_of(t));
}

static Value m_throw(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("throw", nargs, kw, 1, 3))
		return v_null();
	Value inst = throw_exception(args, nargs);
	Value r;
	if (IS_NULL(inst)) {
		/* Delegating to a generator, CPython finds the bad value in the
		 * delegate's throw(), which fails without running it: the
		 * TypeError is then raised at this generator's yield from. */
		Gen *g = (Gen *)self.u.o;
		Frame *f = g->frame;
		if (f && f->started && !g->finished && !g->running &&
		    INSN_OP(*f->ip) == OP_YIELD_FROM &&
		    (obj_is(f->sp[-1], &gen_type) || obj_is(f->sp[-1], &coro_type)))
			return returned_to_stop(raise_after_delegate(g, &r), r);
		return inst;
	}
	int st = gen_throw_into((Gen *)self.u.o, inst.u.o, &r);
	return returned_to_stop(st, r);
}

static Value m_close(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Gen *g = (Gen *)self.u.o;
	if (g->finished || !g->frame)
		return v_none();
	if (!g->frame->started) {
		g->finished = true;
		Frame *f = g->frame;
		g->frame = NULL;
		f->gen = NULL;
		frame_release(f);
		return v_none();
	}
	Value ge = exc_new(Exc_GeneratorExit, NULL, 0);
	if (IS_NULL(ge))
		return ge;
	Value r;
	int st = gen_throw_into(g, ge.u.o, &r);
	if (st == 1) {
		val_decref(r);
		return err_null_format(Exc_RuntimeError, "%s ignored GeneratorExit", gen_kind(g));
	}
	if (st == 0) {
		val_decref(r);
		return v_none();
	}
	if (err_matches(Exc_GeneratorExit) || err_matches(Exc_StopIteration)) {
		err_clear();
		return v_none();
	}
	return v_null();
}

static Value gen_repr(Value v)
{
	Gen *g = (Gen *)v.u.o;
	return str_value(str_printf("<%s object %s at %p>", g->ob.type == &coro_type ? "coroutine" : g->ob.type == &gen_asend_type ? "async_generator" : "generator",
				    g->qualname->data, (void *)g));
}

static Value gen_get_name(Value v) { Gen *g = (Gen *)v.u.o; obj_incref(&g->name->ob); return str_value(g->name); }
static Value gen_get_qualname(Value v) { Gen *g = (Gen *)v.u.o; obj_incref(&g->qualname->ob); return str_value(g->qualname); }
/* __name__ / __qualname__ may be set to another str, as in CPython */
static int gen_set_str(Value self, Value v, Str **slot, const char *what)
{
	if (IS_NULL(v) || !IS_STR(v)) {
		err_format(Exc_TypeError, "%s must be set to a string object", what);
		return -1;
	}
	(void)self;
	Str *old = *slot;
	obj_incref(v.u.o);
	*slot = AS_STR(v);
	obj_decref(&old->ob);
	return 0;
}
static int gen_set_name(Value self, Value v) { return gen_set_str(self, v, &((Gen *)self.u.o)->name, "__name__"); }
static int gen_set_qualname(Value self, Value v) { return gen_set_str(self, v, &((Gen *)self.u.o)->qualname, "__qualname__"); }

/* type_add_getset with a setter */
static void add_getset_rw(Type *t, const char *name, unaryfn get, int (*set)(Value, Value))
{
	type_add_getset(t, name, get);
	Str *key = str_intern(name);
	Value d = dict_get_str(t->dict, key);
	obj_decref(&key->ob);
	if (obj_is(d, &getset_type))
		((GetSet *)d.u.o)->set = set;
}

static Value gen_get_running(Value v) { return v_bool(((Gen *)v.u.o)->running); }
static Value gen_get_frame(Value v) { return v_none(); }
static Value gen_get_code(Value v)
{
	Gen *g = (Gen *)v.u.o;
	obj_incref(&g->code->ob);
	return v_obj(&g->code->ob);
}
/* cr_origin: None unless origin tracking is on (never, here) */
static Value gen_get_none(Value v) { (void)v; return v_none(); }

/* Suspended at a yield (not running, not finished, started). */
static bool gen_suspended(Gen *g)
{
	return g->frame && g->frame->started && !g->running && !g->finished;
}

static Value gen_get_suspended(Value v) { return v_bool(gen_suspended((Gen *)v.u.o)); }

/* gi_yieldfrom / cr_await / ag_await: what a suspended yield from or
 * await is delegating to, else None. */
static Value gen_get_yieldfrom(Value v)
{
	Gen *g = (Gen *)v.u.o;
	if (!gen_suspended(g) || INSN_OP(*g->frame->ip) != OP_YIELD_FROM)
		return v_none();
	return val_incref(g->frame->sp[-1]);
}

/* coroutine.__await__() returns a coroutine_wrapper: the iterator that
 * drives the coroutine (a coroutine itself is not iterable). */
typedef struct CoroWrapper {
	Obj ob;
	Value coro;
} CoroWrapper;
static Type coro_await_wrapper_type;

static Value coro_await(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__await__", nargs, kw, 0, 0))
		return v_null();
	CoroWrapper *w = (CoroWrapper *)obj_alloc(&coro_await_wrapper_type, sizeof(CoroWrapper));
	if (!w)
		return v_null();
	w->coro = val_incref(self);
	return v_obj(&w->ob);
}

static void coro_wrapper_dealloc(Obj *o)
{
	val_decref(((CoroWrapper *)o)->coro);
	obj_free(o);
}

static void coro_wrapper_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((CoroWrapper *)o)->coro, arg);
}

static Value coro_wrapper_next(Value v) { return gen_next(((CoroWrapper *)v.u.o)->coro); }
static Value coro_wrapper_send(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return m_send(((CoroWrapper *)self.u.o)->coro, args, nargs, kw);
}
static Value coro_wrapper_throw(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return m_throw(((CoroWrapper *)self.u.o)->coro, args, nargs, kw);
}
static Value coro_wrapper_close(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return m_close(((CoroWrapper *)self.u.o)->coro, args, nargs, kw);
}

/* async generators: a `yield` inside an async generator is wrapped so the
 * awaitable driving it can tell it from yields of awaited objects */
typedef struct Wrapped1 {
	Obj ob;
	Value v;
} Wrapped1;

static Type agen_wrapped_type;

static void wrapped1_dealloc(Obj *o)
{
	val_decref(((Wrapped1 *)o)->v);
	obj_free(o);
}

Value agen_wrap(Value v);
Value agen_wrap(Value v)
{
	Wrapped1 *w = (Wrapped1 *)obj_alloc(&agen_wrapped_type, sizeof(Wrapped1));
	if (!w)
		return v_null();
	w->v = v;   /* steals */
	return v_obj(&w->ob);
}

/* async generators: __anext__() and asend(v) return an awaitable that
 * drives one step; athrow(exc) and aclose() one that throws into it first
 * (aclose(): GeneratorExit, and the generator must not yield again). */
enum { AS_SEND, AS_THROW, AS_CLOSE };

typedef struct ASend {
	Obj ob;
	Value gen;
	Value send;      /* AS_SEND: the value to send; AS_THROW: the exception */
	bool done;
	bool started;
	int mode;
} ASend;

static Value asend_new(Value gen, Value v, int mode)
{
	ASend *a = (ASend *)obj_alloc(&coro_wrapper_type, sizeof(ASend));
	if (!a) {
		val_decref(v);
		return v_null();
	}
	a->gen = val_incref(gen);
	a->send = v;   /* steals */
	a->mode = mode;
	return v_obj(&a->ob);
}

static Value agen_anext(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__anext__", nargs, kw, 0, 0))
		return v_null();
	return asend_new(self, v_none(), AS_SEND);
}

static Value agen_asend(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("asend", nargs, kw, 1, 1))
		return v_null();
	return asend_new(self, val_incref(args[0]), AS_SEND);
}

static Value agen_athrow(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("athrow", nargs, kw, 1, 3))
		return v_null();
	Value inst = throw_exception(args, nargs);
	if (IS_NULL(inst))
		return inst;
	return asend_new(self, inst, AS_THROW);
}

static Value agen_aclose(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("aclose", nargs, kw, 0, 0))
		return v_null();
	return asend_new(self, v_none(), AS_CLOSE);
}

static Value agen_aiter(Value self, const Value *args, size_t nargs, Tuple *kw) { return val_incref(self); }

static void asend_dealloc(Obj *o)
{
	val_decref(((ASend *)o)->gen);
	val_decref(((ASend *)o)->send);
	obj_free(o);
}

static Value asend_next(Value v)
{
	ASend *a = (ASend *)v.u.o;
	if (a->done)
		return v_null();
	Gen *g = (Gen *)a->gen.u.o;
	Value r;
	int st;
	if (!a->started && a->mode != AS_SEND) {
		a->started = true;
		if (g->finished || !g->frame || (a->mode == AS_CLOSE && !g->frame->started)) {
			/* nothing to close; throwing into a finished one re-raises */
			if (a->mode == AS_CLOSE) {
				Value rc = m_close(a->gen, NULL, 0, NULL);
				a->done = true;
				val_decref(rc);
				return v_null();
			}
		}
		Obj *exc;
		if (a->mode == AS_CLOSE) {
			Value ge = exc_new(Exc_GeneratorExit, NULL, 0);
			if (IS_NULL(ge))
				return ge;
			exc = ge.u.o;
		} else {
			exc = a->send.u.o;
			a->send = v_none();
		}
		st = gen_throw_into(g, exc, &r);   /* steals exc */
	} else {
		Value s = a->started ? v_none() : a->send;
		a->started = true;
		st = gen_resume(g, s, &r);
	}
	if (st == 1) {
		if (!obj_is(r, &agen_wrapped_type))
			return r;   /* an awaited object's yield passes through */
		a->done = true;
		if (a->mode == AS_CLOSE) {
			val_decref(r);
			return err_null_format(Exc_RuntimeError, "async generator ignored GeneratorExit");
		}
		/* a value yielded by the async generator: the awaitable completes */
		err_set_value(Exc_StopIteration, ((Wrapped1 *)r.u.o)->v);
		val_decref(r);
		return v_null();
	}
	a->done = true;
	if (st == 0) {
		val_decref(r);
		if (a->mode != AS_CLOSE)
			err_set_value(Exc_StopAsyncIteration, v_null());
		return v_null();
	}
	if (a->mode == AS_CLOSE && (err_matches(Exc_GeneratorExit) || err_matches(Exc_StopAsyncIteration)))
		err_clear();
	return v_null();
}

static Value asend_await(Value self, const Value *args, size_t nargs, Tuple *kw) { return val_incref(self); }

/* ---- __build_class__ ---------------------------------------------------------- */

/* PEP 560: a base that is not a class may stand for other bases through
 * __mro_entries__(orig_bases) (typing's Generic[T], NamedTuple, ...).
 * Returns the resolved bases (new reference), NULL with an exception. */
static Tuple *resolve_mro_entries(Tuple *orig)
{
	List *l = list_new(0);
	if (!l)
		return NULL;
	for (size_t i = 0; i < orig->n; i++) {
		Value b = orig->items[i];
		Value m = val_isinstance(b, &type_type) ? v_null() : obj_getattr_opt(b, ID(__mro_entries__));
		if (IS_NULL(m)) {
			if (err_occurred() || !list_append(l, b))
				goto fail;
			continue;
		}
		Value ov = v_obj(&orig->ob);
		Value r = obj_call(m, &ov, 1, NULL);
		val_decref(m);
		if (IS_NULL(r))
			goto fail;
		if (!IS_TUPLE(r)) {
			val_decref(r);
			err_format(Exc_TypeError, "__mro_entries__ must return a tuple");
			goto fail;
		}
		Tuple *rt = (Tuple *)r.u.o;
		for (size_t j = 0; j < rt->n; j++)
			if (!list_append(l, rt->items[j])) {
				val_decref(r);
				goto fail;
			}
		val_decref(r);
	}
	Tuple *t = tuple_from(l->items, l->n);
	obj_decref(&l->ob);
	return t;
fail:
	obj_decref(&l->ob);
	return NULL;
}

Value build_class(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs < 2)
		return err_null_format(Exc_TypeError, "__build_class__: not enough arguments");
	if (!obj_is(args[0], &func_type))
		return err_null_format(Exc_TypeError, "__build_class__: func must be a function");
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "__build_class__: name is not a string");
	Func *body = (Func *)args[0].u.o;
	Value name = args[1];
	Tuple *bases = tuple_from(args + 2, nargs - 2);
	if (!bases)
		return v_null();
	Tuple *orig_bases = NULL;  /* set when __mro_entries__ changed them */
	for (size_t i = 0; i < bases->n && !orig_bases; i++)
		if (!val_isinstance(bases->items[i], &type_type)) {
			orig_bases = bases;
			bases = resolve_mro_entries(orig_bases);
			if (!bases) {
				obj_decref(&orig_bases->ob);
				return v_null();
			}
		}
	Value meta = v_null();
	size_t nkw = kw ? kw->n : 0;
	Tuple *kwn = NULL;
	Value kwv[nkw ? nkw : 1];
	size_t nk2 = 0;
	for (size_t i = 0; i < nkw; i++) {
		if (str_equal(AS_STR(kw->items[i]), str_intern("metaclass")))
			meta = args[nargs + i];
		else
			kwv[nk2++] = args[nargs + i];
	}
	if (nk2) {
		kwn = tuple_new(nk2);
		size_t j = 0;
		for (size_t i = 0; i < nkw; i++)
			if (!str_equal(AS_STR(kw->items[i]), str_intern("metaclass")))
				kwn->items[j++] = val_incref(kw->items[i]);
	}
	if (IS_NULL(meta)) {
		Type *winner = &type_type;
		for (size_t i = 0; i < bases->n; i++) {
			Type *mt = val_type(bases->items[i]);
			if (type_is_subtype(mt, winner))
				winner = mt;
		}
		meta = v_obj(&winner->ob);
	}
	/* namespace */
	Value ns;
	Value prep = val_isinstance(meta, &type_type) && (Type *)meta.u.o == &type_type ? v_null() : obj_getattr_opt(meta, ID(__prepare__));
	if (!IS_NULL(prep)) {
		Value pa[2] = {name, v_obj(&bases->ob)};
		ns = obj_call(prep, pa, 2, NULL);
		val_decref(prep);
	} else {
		ns = v_obj(&dict_new()->ob);
	}
	if (IS_NULL(ns) || !IS_DICT(ns)) {
		if (!IS_NULL(ns)) {
			err_format(Exc_TypeError, "%s.__prepare__() must return a mapping, not %s", type_name_of(meta), type_name_of(ns));
			val_decref(ns);
		}
		obj_decref(&bases->ob);
		if (orig_bases)
			obj_decref(&orig_bases->ob);
		if (kwn)
			obj_decref(&kwn->ob);
		return v_null();
	}
	if (orig_bases && dict_set_str(AS_DICT(ns), ID(__orig_bases__), v_obj(&orig_bases->ob)) < 0) {
		val_decref(ns);
		obj_decref(&bases->ob);
		obj_decref(&orig_bases->ob);
		if (kwn)
			obj_decref(&kwn->ob);
		return v_null();
	}
	Frame *f = frame_new(body->code, body, body->globals, AS_DICT(ns), false);
	Value cell = v_null();
	if (f) {
		Code *co = body->code;
		bool ok = true;
		for (int i = 0; i < co->ncells; i++) {
			Cell *c = (Cell *)obj_alloc(&cell_type, sizeof(Cell));
			if (!c) { ok = false; break; }
			c->v = v_null();
			f->fast[co->nlocals + i] = v_obj(&c->ob);
		}
		for (int i = 0; ok && i < co->nfree; i++)
			f->fast[co->nlocals + co->ncells + i] = val_incref(body->closure->items[i]);
		if (!ok) {
			frame_release(f);
			f = NULL;
		}
	}
	Value r = v_null();
	if (f && !enter_c_call()) {
		frame_release(f);
		f = NULL;
	}
	if (f) {
		f->entry = true;
		f->back = vm.frame;
		vm.depth++;
		cell = vm_run(f);
		leave_c_call();
	}
	if (!IS_NULL(cell)) {
		Value ca[3] = {name, v_obj(&bases->ob), ns};
		Value argv[3 + nk2];
		mem_copy(argv, ca, sizeof ca);
		for (size_t i = 0; i < nk2; i++)
			argv[3 + i] = kwv[i];
		r = obj_call(meta, argv, 3, kwn);
		if (!IS_NULL(r) && obj_is(cell, &cell_type)) {
			Cell *c = (Cell *)cell.u.o;
			val_decref(c->v);
			c->v = val_incref(r);
		}
	}
	val_decref(cell);
	val_decref(ns);
	obj_decref(&bases->ob);
	if (orig_bases)
		obj_decref(&orig_bases->ob);
	if (kwn)
		obj_decref(&kwn->ob);
	return r;
}

/* ---- super ----------------------------------------------------------------------- */

typedef struct Super {
	Obj ob;
	Type *type;
	Value obj;
	Type *obj_type;
} Super;

static Type *super_check(Type *t, Value obj)
{
	if (val_isinstance(obj, &type_type) && type_is_subtype((Type *)obj.u.o, t))
		return (Type *)obj.u.o;
	Type *ot = val_type(obj);
	if (type_is_subtype(ot, t))
		return ot;
	err_format(Exc_TypeError, "super(type, obj): obj must be an instance or subtype of type");
	return NULL;
}

Value super_call(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "super() takes no keyword arguments");
	if (nargs > 2)
		return err_null_format(Exc_TypeError, "super() expected at most 2 arguments, got %zu", nargs);
	Value tv, ov;
	if (nargs == 0) {
		Frame *f = vm.frame;
		if (!f || !f->func)
			return err_null_format(Exc_RuntimeError, "super(): no arguments");
		Code *co = f->code;
		if (co->argcount == 0)
			return err_null_format(Exc_RuntimeError, "super(): no arguments");
		ov = f->fast[0];
		for (int i = 0; i < co->ncells; i++)
			if (co->cell2arg[i] == 0)
				ov = ((Cell *)f->fast[co->nlocals + i].u.o)->v;
		if (IS_NULL(ov))
			return err_null_format(Exc_RuntimeError, "super(): arg[0] deleted");
		tv = v_null();
		for (int i = 0; i < co->ncells + co->nfree; i++) {
			Str *cn = co->cellnames[i];
			if (cn == ID(__class__) || (cn->nbytes == 9 && memcmp(cn->data, "__class__", 9) == 0)) {
				Cell *c = (Cell *)f->fast[co->nlocals + i].u.o;
				tv = c->v;
				if (IS_NULL(tv))
					return err_null_format(Exc_RuntimeError, "super(): empty __class__ cell");
			}
		}
		if (IS_NULL(tv))
			return err_null_format(Exc_RuntimeError, "super(): __class__ cell not found");
	} else {
		tv = args[0];
		ov = nargs > 1 ? args[1] : v_null();
	}
	if (!val_isinstance(tv, &type_type))
		return err_null_format(Exc_TypeError, "super() argument 1 must be a type, not %s", type_name_of(tv));
	Type *ot = NULL;
	if (!IS_NULL(ov) && !IS_NONE(ov)) {
		ot = super_check((Type *)tv.u.o, ov);
		if (!ot)
			return v_null();
	}
	Super *s = (Super *)obj_alloc(&super_type, sizeof(Super));
	if (!s)
		return v_null();
	s->type = (Type *)tv.u.o;
	obj_incref(&s->type->ob);
	s->obj = IS_NULL(ov) ? v_null() : val_incref(ov);
	s->obj_type = ot;
	if (ot)
		obj_incref(&ot->ob);
	return v_obj(&s->ob);
}

static Value super_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	return super_call(v_null(), args, nargs, kw);
}

static void super_dealloc(Obj *o)
{
	Super *s = (Super *)o;
	obj_decref(&s->type->ob);
	val_decref(s->obj);
	if (s->obj_type)
		obj_decref(&s->obj_type->ob);
	obj_free(o);
}

/* What super(T, obj).name finds in the classes after T in the MRO of
 * obj's class (borrowed), or NULL. */
static Value super_lookup(const Super *s, Str *name)
{
	Tuple *mro = s->obj_type->mro;
	size_t i = 0;
	while (i < mro->n && (Type *)mro->items[i].u.o != s->type)
		i++;
	for (i++; i < mro->n; i++) {
		Type *c = (Type *)mro->items[i].u.o;
		Value r = c->dict ? dict_get_str(c->dict, name) : v_null();
		if (!IS_NULL(r))
			return r;
	}
	return v_null();
}

static Value super_getattr(Value v, Str *name)
{
	Super *s = (Super *)v.u.o;
	if (s->obj_type && name != ID(__class__)) {
		Value r = super_lookup(s, name);
		if (!IS_NULL(r)) {
			Type *rt = val_type(r);
			if (rt->descr_get) {
				Value inst = (s->obj.tag == V_OBJ && s->obj.u.o == &s->obj_type->ob) ? v_null() : s->obj;
				return rt->descr_get(r, inst, v_obj(&s->obj_type->ob));
			}
			return val_incref(r);
		}
	}
	return generic_getattr(v, name);
}

/* LOAD_METHOD on super(): the Python function that super(T, obj).name
 * finds after T in obj's class's MRO (borrowed), with obj in *self, when
 * obj is an instance (not a class): the call then takes self and the
 * function as a method call, with no bound method made (CPython 3.12's
 * LOAD_SUPER_ATTR).  NULL, no exception set, for anything else (the
 * generic lookup answers then). */
Value super_method(Value v, Str *name, Value *self)
{
	Super *s = (Super *)v.u.o;
	if (!s->obj_type || name == ID(__class__) || (s->obj.tag == V_OBJ && s->obj.u.o == &s->obj_type->ob))
		return v_null();
	Value r = super_lookup(s, name);
	if (IS_NULL(r) || !obj_is(r, &func_type))
		return v_null();
	*self = s->obj;
	return r;
}

static Value super_get_thisclass(Value v)
{
	Super *s = (Super *)v.u.o;
	obj_incref(&s->type->ob);
	return v_obj(&s->type->ob);
}

static Value super_get_self(Value v)
{
	Super *s = (Super *)v.u.o;
	return s->obj_type ? val_incref(s->obj) : v_none();
}

static Value super_get_self_class(Value v)
{
	Super *s = (Super *)v.u.o;
	if (!s->obj_type)
		return v_none();
	obj_incref(&s->obj_type->ob);
	return v_obj(&s->obj_type->ob);
}

static Value super_repr(Value v)
{
	Super *s = (Super *)v.u.o;
	if (s->obj_type)
		return str_value(str_printf("<super: <class '%s'>, <%s object>>", s->type->name, s->obj_type->name));
	return str_value(str_printf("<super: <class '%s'>, NULL>", s->type->name));
}

void gen_types_init(void)
{
	Type *ts[] = {&gen_type, &coro_type, &gen_asend_type};
	const char *names[] = {"generator", "coroutine", "async_generator"};
	for (int i = 0; i < 3; i++) {
		Type *t = ts[i];
		type_init_builtin(t, names[i], &object_type);
		t->dealloc = gen_dealloc;
		t->traverse = gen_traverse;
		t->clear = gen_clear;
		t->repr = gen_repr;
		if (i == 0) {
			t->iter = gen_iter;
			t->next = gen_next;
		}
		if (i < 2) {   /* an async generator has asend, athrow, aclose only */
			type_add_method(t, "send", m_send, 0);
			type_add_method(t, "throw", m_throw, 0);
			type_add_method(t, "close", m_close, 0);
		}
		add_getset_rw(t, "__name__", gen_get_name, gen_set_name);
		add_getset_rw(t, "__qualname__", gen_get_qualname, gen_set_qualname);
		type_add_getset(t, i == 0 ? "gi_running" : i == 1 ? "cr_running" : "ag_running", gen_get_running);
		type_add_getset(t, i == 0 ? "gi_frame" : i == 1 ? "cr_frame" : "ag_frame", gen_get_frame);
		type_add_getset(t, i == 0 ? "gi_code" : i == 1 ? "cr_code" : "ag_code", gen_get_code);
		if (i == 1)
			type_add_getset(t, "cr_origin", gen_get_none);
		type_add_getset(t, i == 0 ? "gi_yieldfrom" : i == 1 ? "cr_await" : "ag_await", gen_get_yieldfrom);
		if (i < 2)
			type_add_getset(t, i == 0 ? "gi_suspended" : "cr_suspended", gen_get_suspended);
	}
	type_add_method(&coro_type, "__await__", coro_await, 0);
	Type *cw = &coro_await_wrapper_type;
	type_init_builtin(cw, "coroutine_wrapper", &object_type);
	cw->dealloc = coro_wrapper_dealloc;
	cw->traverse = coro_wrapper_traverse;
	cw->iter = gen_iter;
	cw->next = coro_wrapper_next;
	type_add_method(cw, "send", coro_wrapper_send, 0);
	type_add_method(cw, "throw", coro_wrapper_throw, 0);
	type_add_method(cw, "close", coro_wrapper_close, 0);
	type_add_method(&gen_asend_type, "__anext__", agen_anext, 0);
	type_add_method(&gen_asend_type, "__aiter__", agen_aiter, 0);
	type_add_method(&gen_asend_type, "asend", agen_asend, 0);
	type_add_method(&gen_asend_type, "athrow", agen_athrow, 0);
	type_add_method(&gen_asend_type, "aclose", agen_aclose, 0);
	type_init_builtin(&agen_wrapped_type, "async_generator_wrapped_value", &object_type);
	agen_wrapped_type.dealloc = wrapped1_dealloc;
	type_init_builtin(&coro_wrapper_type, "async_generator_asend", &object_type);
	coro_wrapper_type.dealloc = asend_dealloc;
	coro_wrapper_type.iter = gen_iter;
	coro_wrapper_type.next = asend_next;
	type_add_method(&coro_wrapper_type, "__await__", asend_await, 0);

	Type *t = &super_type;
	type_init_builtin(t, "super", &object_type);
	t->flags |= TF_BASETYPE;
	t->dealloc = super_dealloc;
	t->getattr = super_getattr;
	t->repr = super_repr;
	type_add_getset(t, "__thisclass__", super_get_thisclass);
	type_add_getset(t, "__self__", super_get_self);
	type_add_getset(t, "__self_class__", super_get_self_class);
	t->new = super_new;
	t->init = NULL;
}
