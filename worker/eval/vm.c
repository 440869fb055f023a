/* vm.c -- the bytecode interpreter loop: computed-goto dispatch over flat
 * frames, Python-to-Python calls without C recursion, block-stack exception
 * handling, int/float fast paths, an inline cache for globals/builtins
 * keyed by dict versions, the CPU-time limit poll, and argument binding
 * with CPython's error messages.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "worker/runtime/runtime.h"
#include "worker/compile/opcodes.h"
#include "worker/eval/vm.h"
#include "worker/eval/attrcache.h"
#include "worker/objects/float_fast.h"
#include "worker/runtime/gc.h"

/* ---- the VM stack for frames ---------------------------------------------- */

#define VSTACK_SIZE ((size_t)16 << 20)
static char *vstack;
static size_t vtop;


/* The frame stack is its own mapping, not a malloc block: it is 16 MiB of
 * address space of which a program touches the first few pages, and the
 * malloc heap is on huge pages (heap_start.c), where touching its first
 * byte would make 2 MiB resident.  Without it frames go to the heap. */
void vm_init(void)
{
	void *p = mmap(NULL, VSTACK_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	vstack = p == MAP_FAILED ? NULL : p;
	vtop = 0;
	vm.depth_limit = 1000;
}

/* A frame for code, its fast slots from `filled` on cleared (the caller
 * fills the first `filled` itself).  A function's frame holds only the
 * function: its code, globals and builtins are fixed when it is made
 * (none of them can be reassigned) and live as long as it does. */
static inline __attribute__((always_inline)) Frame *frame_make(Code *code, Func *func, Dict *globals, Dict *locals, bool heap, size_t filled)
{
	size_t nfast = (size_t)code->nlocals + (size_t)code->ncells + (size_t)code->nfree;
	size_t size = sizeof(Frame) + (nfast + (size_t)code->stacksize) * sizeof(Value);
	size = (size + 15) & ~(size_t)15;
	Frame *f;
	if (!heap && vtop + size <= VSTACK_SIZE && vstack) {
		f = (Frame *)(vstack + vtop);
		vtop += size;
		f->heap = false;
	} else {
		f = mem_alloc(size);
		if (!f)
			return NULL;
		f->heap = true;
	}
	f->size = size;
	f->code = code;
	f->func = func;
	f->globals = globals;
	if (func) {
		obj_incref(&func->ob);
		f->builtins = func->builtins;
	} else {
		obj_incref(&code->ob);
		obj_incref(&globals->ob);
		f->builtins = vm.builtins;
		obj_incref(&f->builtins->ob);
	}
	f->locals = locals;
	if (locals)
		obj_incref(&locals->ob);
	f->ip = code->insns;
	for (size_t i = filled; i < nfast; i++)
		f->fast[i] = v_null();
	f->stack = f->fast + nfast;
	f->sp = f->stack;
	f->back = NULL;
	f->gen = NULL;
	f->nblocks = 0;
	f->entry = false;
	f->yielded = false;
	f->started = false;
	f->throwing = false;
	f->init_call = false;
	f->binop_op = 0;
	return f;
}

Frame *frame_new(Code *code, Func *func, Dict *globals, Dict *locals, bool heap)
{
	return frame_make(code, func, globals, locals, heap, 0);
}

void frame_release(Frame *f)
{
	Code *co = f->code;
	size_t nfast = (size_t)co->nlocals + (size_t)co->ncells + (size_t)co->nfree;
	for (size_t i = 0; i < nfast; i++)
		val_decref(f->fast[i]);
	while (f->sp > f->stack)
		val_decref(*--f->sp);
	if (f->locals)
		obj_decref(&f->locals->ob);
	Func *fn = f->func;
	if (!fn) {
		obj_decref(&co->ob);
		obj_decref(&f->globals->ob);
		obj_decref(&f->builtins->ob);
	}
	if (f->heap)
		mem_free(f, f->size);
	else
		vtop = (size_t)((char *)f - vstack);
	if (fn)
		obj_decref(&fn->ob);   /* last: it may take the code with it */
}

/* A frame left by an exception: its locals go to the traceback entry
 * (exc_hold_frame_locals), so objects they hold live as long as the
 * exception, as in CPython (where the traceback keeps the frame). */
static void hold_locals_in_traceback(Frame *f)
{
	size_t nfast = (size_t)f->code->nlocals + (size_t)f->code->ncells + (size_t)f->code->nfree;
	size_t n = 0;
	for (size_t i = 0; i < nfast; i++)
		if (f->fast[i].tag == V_OBJ)
			n++;
	if (n == 0 || !vm.exc)
		return;
	Obj *pending = err_fetch();
	Tuple *t = tuple_new(n);
	err_clear();
	err_restore(pending);
	if (!t)
		return;         /* no memory: the locals go with the frame now */
	size_t k = 0;
	for (size_t i = 0; i < nfast; i++)
		if (f->fast[i].tag == V_OBJ) {
			t->items[k++] = f->fast[i];
			f->fast[i] = v_null();
		}
	exc_hold_frame_locals(vm.exc, t);
}

/* The instruction the frame is executing (ip has moved past it), or -1. */
int frame_lasti(Frame *f)
{
	size_t idx = (size_t)(f->ip - f->code->insns);
	if (idx > 0)
		idx--;
	if (idx >= f->code->ninsns)
		return -1;
	return (int)idx;
}

int frame_line(Frame *f)
{
	struct code_pos p;
	if (!code_position(f->code, frame_lasti(f), &p))
		return f->code->firstline;
	return p.line;
}

Value vm_current_module_name(void);
Value vm_current_module_name(void)
{
	if (!vm.frame)
		return v_null();
	return dict_get_str(vm.frame->globals, ID(__name__));
}

/* ---- CPU limit ------------------------------------------------------------ */

void vm_check_cpu(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0 && ts.tv_sec >= 120) {
		out_flush();
		static const char msg[] = "box: script exceeded its CPU time limit of 120 seconds\n";
		out_write(2, msg, sizeof msg - 1);
		_exit(125);
	}
}

/* ---- argument binding ------------------------------------------------------ */

static void missing_args(Func *fn, Code *co, Value *fast, int start, int end, bool kwonly)
{
	int missing = 0;
	for (int i = start; i < end; i++)
		if (IS_NULL(fast[i]))
			missing++;
	StrBuf b;
	sb_init(&b);
	sb_printf(&b, "%s() missing %d required %s argument%s: ", fn->qualname->data, missing,
		  kwonly ? "keyword-only" : "positional", missing == 1 ? "" : "s");
	int k = 0;
	for (int i = start; i < end; i++) {
		if (!IS_NULL(fast[i]))
			continue;
		if (k > 0)
			sb_adds(&b, missing == 2 ? " and " : (k == missing - 1 ? ", and " : ", "));
		sb_printf(&b, "'%s'", co->varnames[i]->data);
		k++;
	}
	Str *s = sb_finish(&b);
	if (s) {
		err_set_value(Exc_TypeError, str_value(s));
		obj_decref(&s->ob);
	}
}

/* Fill f->fast from the call arguments (borrowed), with defaults. */
static bool bind_args(Frame *f, Func *fn, const Value *args, size_t nargs, Tuple *kwnames)
{
	Code *co = f->code;
	Value *fast = f->fast;
	int argc = co->argcount, kwonly = co->kwonlycount;
	int total = argc + kwonly;
	size_t nkw = kwnames ? kwnames->n : 0;
	Dict *kwdict = NULL;
	int varargs_idx = (co->flags & CO_VARARGS) ? total : -1;
	int varkw_idx = (co->flags & CO_VARKW) ? total + (varargs_idx >= 0 ? 1 : 0) : -1;
	if (varkw_idx >= 0) {
		kwdict = dict_new();
		if (!kwdict)
			return false;
		fast[varkw_idx] = v_obj(&kwdict->ob);
	}
	size_t npos = nargs < (size_t)argc ? nargs : (size_t)argc;
	for (size_t i = 0; i < npos; i++)
		fast[i] = val_incref(args[i]);
	if (varargs_idx >= 0) {
		size_t extra = nargs > (size_t)argc ? nargs - (size_t)argc : 0;
		Tuple *t = tuple_from(args + npos, extra);
		if (!t)
			return false;
		fast[varargs_idx] = v_obj(&t->ob);
	} else if (nargs > (size_t)argc) {
		int ndef = fn->defaults ? (int)fn->defaults->n : 0;
		size_t kwgiven = 0;
		for (size_t k = 0; k < nkw; k++) {
			Str *key = AS_STR(kwnames->items[k]);
			for (int i = argc; i < total; i++)
				if (str_equal(co->varnames[i], key))
					kwgiven++;
		}
		if (ndef)
			err_format(Exc_TypeError, "%s() takes from %d to %d positional arguments but %zu %s given",
				   fn->qualname->data, argc - ndef, argc, nargs, nargs == 1 ? "was" : "were");
		else if (kwgiven)
			err_format(Exc_TypeError, "%s() takes %d positional argument%s but %zu positional argument%s (and %zu keyword-only argument%s) were given",
				   fn->qualname->data, argc, argc == 1 ? "" : "s", nargs, nargs == 1 ? "" : "s", kwgiven, kwgiven == 1 ? "" : "s");
		else
			err_format(Exc_TypeError, "%s() takes %d positional argument%s but %zu %s given",
				   fn->qualname->data, argc, argc == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
		return false;
	}
	/* keywords */
	List *posonly_as_kw = NULL;
	for (size_t k = 0; k < nkw; k++) {
		Value keyv = kwnames->items[k];
		Str *key = AS_STR(keyv);
		Value val = args[nargs + k];
		int i;
		for (i = co->posonlycount; i < total; i++)
			if (co->varnames[i] == key)
				break;
		if (i == total)
			for (i = co->posonlycount; i < total; i++)
				if (str_equal(co->varnames[i], key))
					break;
		if (i < total) {
			if (!IS_NULL(fast[i])) {
				err_format(Exc_TypeError, "%s() got multiple values for argument '%s'", fn->qualname->data, key->data);
				return false;
			}
			fast[i] = val_incref(val);
			continue;
		}
		if (kwdict) {
			if (dict_set(kwdict, keyv, val) < 0)
				return false;
			continue;
		}
		bool is_posonly = false;
		for (int j = 0; j < co->posonlycount; j++)
			if (str_equal(co->varnames[j], key))
				is_posonly = true;
		if (is_posonly) {
			if (!posonly_as_kw)
				posonly_as_kw = list_new(0);
			list_append(posonly_as_kw, keyv);
			continue;
		}
		err_format(Exc_TypeError, "%s() got an unexpected keyword argument '%s'", fn->qualname->data, key->data);
		return false;
	}
	if (posonly_as_kw) {
		StrBuf b;
		sb_init(&b);
		sb_printf(&b, "%s() got some positional-only arguments passed as keyword arguments: '", fn->qualname->data);
		for (size_t i = 0; i < posonly_as_kw->n; i++) {
			if (i)
				sb_adds(&b, ", ");
			sb_add_str(&b, AS_STR(posonly_as_kw->items[i]));
		}
		sb_addc(&b, '\'');
		obj_decref(&posonly_as_kw->ob);
		Str *s = sb_finish(&b);
		if (s) {
			err_set_value(Exc_TypeError, str_value(s));
			obj_decref(&s->ob);
		}
		return false;
	}
	/* defaults */
	if (nargs < (size_t)argc) {
		int ndef = fn->defaults ? (int)fn->defaults->n : 0;
		int first_def = argc - ndef;
		for (int i = (int)nargs; i < argc; i++) {
			if (IS_NULL(fast[i]) && i >= first_def)
				fast[i] = val_incref(fn->defaults->items[i - first_def]);
		}
		for (int i = (int)nargs; i < argc; i++) {
			if (IS_NULL(fast[i])) {
				missing_args(fn, co, fast, (int)nargs, argc, false);
				return false;
			}
		}
	}
	if (kwonly) {
		for (int i = argc; i < total; i++) {
			if (!IS_NULL(fast[i]))
				continue;
			Value d = fn->kwdefaults ? dict_get_str(fn->kwdefaults, co->varnames[i]) : v_null();
			if (!IS_NULL(d))
				fast[i] = val_incref(d);
		}
		for (int i = argc; i < total; i++) {
			if (IS_NULL(fast[i])) {
				missing_args(fn, co, fast, argc, total, true);
				return false;
			}
		}
	}
	return true;
}

/* Set up the cells of a new frame (its own variables that inner
 * functions use), then its free variables. */
static bool init_cells_slow(Frame *f, Func *fn)
{
	Code *co = f->code;
	Value *cells = f->fast + co->nlocals;
	for (int i = 0; i < co->ncells; i++) {
		Cell *c = (Cell *)obj_alloc(&cell_type, sizeof(Cell));
		if (!c)
			return false;
		int a = co->cell2arg[i];
		if (a >= 0) {
			c->v = f->fast[a];
			f->fast[a] = v_null();
		} else {
			c->v = v_null();
		}
		cells[i] = v_obj(&c->ob);
	}
	for (int i = 0; i < co->nfree; i++)
		cells[co->ncells + i] = val_incref(fn->closure->items[i]);
	return true;
}

/* Set up cells and free variables of a new frame: a closure that only
 * reads its free variables (the usual inner function) inline. */
static inline bool init_cells(Frame *f, Func *fn)
{
	Code *co = f->code;
	if (co->ncells)
		return init_cells_slow(f, fn);
	Value *cells = f->fast + co->nlocals;
	for (int i = 0; i < co->nfree; i++)
		cells[i] = val_incref(fn->closure->items[i]);
	return true;
}

/* A call that binds its arguments one to one: positional, at most as many
 * as the function takes, the parameters after them taking their defaults
 * (CPython's CALL_PY_EXACT_ARGS and CALL_PY_WITH_DEFAULTS), no *args,
 * **kwargs or keyword-only parameters. */
static inline bool call_is_exact(const Func *fn, size_t nargs, const Tuple *kwnames)
{
	const Code *co = fn->code;
	if (kwnames || co->kwonlycount || (co->flags & (CO_VARARGS | CO_VARKW)))
		return false;
	if (nargs == (size_t)co->argcount)
		return true;
	return nargs < (size_t)co->argcount && fn->defaults && (size_t)co->argcount - nargs <= fn->defaults->n;
}

/* The defaults of the parameters an exact call (call_is_exact) does not
 * pass, into the new frame after its nargs arguments. */
static inline void fill_defaults(Frame *f, const Func *fn, size_t nargs)
{
	size_t missing = (size_t)f->code->argcount - nargs;
	if (missing) {
		const Tuple *d = fn->defaults;
		for (size_t i = 0; i < missing; i++)
			f->fast[nargs + i] = val_incref(d->items[d->n - missing + i]);
	}
}

/* A frame ready to run fn(*args); NULL with exception on failure. */
static Frame *frame_for_call(Func *fn, const Value *args, size_t nargs, Tuple *kwnames, bool heap)
{
	Code *co = fn->code;
	if (vm.depth >= vm.depth_limit) {
		err_format(Exc_RecursionError, "maximum recursion depth exceeded");
		return NULL;
	}
	Frame *f;
	if (call_is_exact(fn, nargs, kwnames)) {
		f = frame_make(co, fn, fn->globals, NULL, heap, (size_t)co->argcount);
		if (!f)
			return NULL;
		for (size_t i = 0; i < nargs; i++)
			f->fast[i] = val_incref(args[i]);
		fill_defaults(f, fn, nargs);
	} else {
		f = frame_make(co, fn, fn->globals, NULL, heap, 0);
		if (!f)
			return NULL;
		if (!bind_args(f, fn, args, nargs, kwnames)) {
			frame_release(f);
			return NULL;
		}
	}
	if ((co->ncells || co->nfree) && !init_cells(f, fn)) {
		frame_release(f);
		return NULL;
	}
	return f;
}

Value vm_call_function(Func *fn, const Value *args, size_t nargs, Tuple *kwnames)
{
	Code *co = fn->code;
	bool gen = (co->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GEN)) != 0;
	Frame *f = frame_for_call(fn, args, nargs, kwnames, gen);
	if (!f)
		return v_null();
	if (gen)
		return gen_new(f, fn);
	if (!enter_c_call()) {
		frame_release(f);
		return v_null();
	}
	f->entry = true;
	f->back = vm.frame;
	vm.depth++;
	Value r = vm_run(f);
	leave_c_call();
	return r;
}

Value eval_code(Code *code, Dict *globals, Dict *locals)
{
	Frame *f = frame_new(code, NULL, globals, locals, false);
	if (!f)
		return v_null();
	if (!dict_get_str(globals, ID(__builtins__)).tag)
		dict_set_str(globals, ID(__builtins__), v_obj(&vm.builtins->ob));
	if (!enter_c_call()) {
		frame_release(f);
		return v_null();
	}
	f->entry = true;
	f->back = vm.frame;
	vm.depth++;
	Value r = vm_run(f);
	leave_c_call();
	return r;
}

/* ---- helpers used by opcodes ----------------------------------------------------- */

static Value load_global(Frame *f, Str *name)
{
	Value v = dict_get_str(f->globals, name);
	if (IS_NULL(v))
		v = dict_get_str(f->builtins, name);
	if (IS_NULL(v)) {
		err_format(Exc_NameError, "name '%s' is not defined", name->data);
		Obj *e = err_peek();
		if (e && ((Exc *)e)->dict)
			dict_set_str(((Exc *)e)->dict, ID(name), str_value(name));
		return v;
	}
	return val_incref(v);
}

/* The global (or builtin) name for LOAD_GLOBAL, and LOAD_NAME at module
 * level, through the instruction's cache entry (borrowed; NULL, no
 * exception set, when it is not defined).  A name found in the globals
 * is read through its entry there (gver 0, bver the entry number, v the
 * globals dict, compared and never dereferenced; the key is checked by
 * identity), so stores to globals (a module-level loop's variable) do not
 * make it miss.  A builtin is keyed by the builtins' version and, while
 * the globals do not hold the name, refreshed without a lookup when the
 * globals' version changes. */
static Value global_miss(GlobalCache *gc, Dict *globals, Dict *builtins, Str *name)
{
	ssize_t ix = dict_find_str_index(globals, name);
	if (ix >= 0) {
		Value v = globals->entries[ix].value;
		if (ix <= (ssize_t)UINT32_MAX && !IS_NULL(attr_dict_at_hint(globals, (uint32_t)ix, name))) {
			gc->gver = 0;
			gc->bver = (uint64_t)ix;
			gc->v = v_obj(&globals->ob);
		} else {   /* an equal key, not name itself: no entry */
			gc->gver = 0;
			gc->v = v_null();
		}
		return v;
	}
	Value v = dict_get_str(builtins, name);
	if (!IS_NULL(v)) {
		gc->gver = globals->version;
		gc->bver = builtins->version;
		gc->v = v;
	}
	return v;
}

static inline __attribute__((always_inline)) Value global_cached(GlobalCache *gc, Dict *globals, Dict *builtins, Str *name)
{
	if (gc->gver == globals->version && gc->bver == builtins->version)
		return gc->v;
	if (gc->gver == 0) {
		if (gc->v.tag == V_OBJ && gc->v.u.o == &globals->ob) {
			Value r = attr_dict_at_hint(globals, (uint32_t)gc->bver, name);
			if (!IS_NULL(r))
				return r;
		}
	} else if (gc->bver == builtins->version && !attr_dict_has(globals, name)) {
		gc->gver = globals->version;
		return gc->v;
	}
	return global_miss(gc, globals, builtins, name);
}

static Value load_name(Frame *f, Str *name)
{
	if (f->locals) {
		Value v;
		if (obj_is(v_obj(&f->locals->ob), &dict_type) || IS_DICT(v_obj(&f->locals->ob))) {
			v = dict_get_str(f->locals, name);
			if (!IS_NULL(v))
				return val_incref(v);
		}
	}
	return load_global(f, name);
}

static Value unbound_local(Code *co, int i)
{
	err_format(Exc_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
		   co->varnames[i]->data);
	return v_null();
}

static Value unbound_deref(Code *co, int i)
{
	Str *name = co->cellnames[i];
	if (i < co->ncells)
		err_format(Exc_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value", name->data);
	else
		err_format(Exc_NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", name->data);
	return v_null();
}

static bool exc_match(Value exc, Value cls)
{
	if (IS_TUPLE(cls)) {
		Tuple *t = AS_TUPLE(cls);
		for (size_t i = 0; i < t->n; i++)
			if (exc_match(exc, t->items[i]))
				return true;
		return false;
	}
	if (!is_exc_type(cls))
		return false;
	return type_is_subtype(val_type(exc), (Type *)cls.u.o);
}

/* An except clause names a class or a flat tuple of classes (a nested
 * tuple is refused too, as in CPython 3.11). */
static bool check_exc_class(Value cls)
{
	if (IS_TUPLE(cls)) {
		Tuple *t = AS_TUPLE(cls);
		for (size_t i = 0; i < t->n; i++)
			if (!is_exc_type(t->items[i])) {
				err_format(Exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
				return false;
			}
		return true;
	}
	if (!is_exc_type(cls)) {
		err_format(Exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
		return false;
	}
	return true;
}

/* raise exc [from cause]: sets the pending exception. */
static void do_raise(Value exc, Value cause)
{
	Value inst;
	if (is_exc_type(exc)) {
		inst = call0(exc);
		if (IS_NULL(inst))
			return;
		if (!is_exc_instance(inst)) {
			err_format(Exc_TypeError, "calling %s should have returned an instance of BaseException, not %s",
				   ((Type *)exc.u.o)->name, type_name_of(inst));
			val_decref(inst);
			return;
		}
	} else if (is_exc_instance(exc)) {
		inst = val_incref(exc);
	} else {
		err_format(Exc_TypeError, "exceptions must derive from BaseException");
		return;
	}
	if (!IS_NULL(cause)) {
		Value c;
		if (IS_NONE(cause)) {
			c = v_none();
		} else if (is_exc_type(cause)) {
			c = call0(cause);
			if (IS_NULL(c)) {
				val_decref(inst);
				return;
			}
		} else if (is_exc_instance(cause)) {
			c = val_incref(cause);
		} else {
			val_decref(inst);
			err_format(Exc_TypeError, "exception causes must derive from BaseException");
			return;
		}
		Exc *e = (Exc *)inst.u.o;
		obj_xdecref(e->cause);
		e->cause = IS_NONE(c) ? NULL : c.u.o;
		e->suppress_context = true;
	}
	err_set_obj(inst.u.o);
}

static bool unpack_iterable(Value seq, Value *out, int before, int after, bool star)
{
	/* out is filled in stack order (last item first) */
	Value it;
	const Value *items = NULL;
	size_t n = 0;
	if (IS_TUPLE(seq) && val_type(seq)->iter == tuple_type.iter) {
		items = AS_TUPLE(seq)->items;
		n = AS_TUPLE(seq)->n;
	} else if (IS_LIST(seq) && val_type(seq)->iter == list_type.iter) {
		items = AS_LIST(seq)->items;
		n = AS_LIST(seq)->n;
	}
	if (items && !star) {
		if (n != (size_t)before) {
			if (n < (size_t)before)
				err_format(Exc_ValueError, "not enough values to unpack (expected %d, got %zu)", before, n);
			else
				err_format(Exc_ValueError, "too many values to unpack (expected %d)", before);
			return false;
		}
		for (int i = 0; i < before; i++)
			out[before - 1 - i] = val_incref(items[i]);
		return true;
	}
	Value lst = seq_to_list(seq);
	if (IS_NULL(lst)) {
		if (err_matches(Exc_TypeError) && !val_type(seq)->iter) {
			err_clear();
			err_format(Exc_TypeError, "cannot unpack non-iterable %s object", type_name_of(seq));
		}
		return false;
	}
	(void)it;
	List *l = AS_LIST(lst);
	if (!star) {
		if (l->n != (size_t)before) {
			if (l->n < (size_t)before)
				err_format(Exc_ValueError, "not enough values to unpack (expected %d, got %zu)", before, l->n);
			else
				err_format(Exc_ValueError, "too many values to unpack (expected %d)", before);
			val_decref(lst);
			return false;
		}
		for (int i = 0; i < before; i++)
			out[before - 1 - i] = val_incref(l->items[i]);
		val_decref(lst);
		return true;
	}
	if (l->n < (size_t)(before + after)) {
		err_format(Exc_ValueError, "not enough values to unpack (expected at least %d, got %zu)", before + after, l->n);
		val_decref(lst);
		return false;
	}
	int total = before + 1 + after;
	int k = total - 1;
	for (int i = 0; i < before; i++)
		out[k--] = val_incref(l->items[i]);
	size_t mid = l->n - (size_t)before - (size_t)after;
	List *m = list_with_cap(mid);
	for (size_t i = 0; i < mid; i++)
		m->items[i] = val_incref(l->items[(size_t)before + i]);
	m->n = mid;
	out[k--] = v_obj(&m->ob);
	for (int i = 0; i < after; i++)
		out[k--] = val_incref(l->items[(size_t)before + mid + (size_t)i]);
	val_decref(lst);
	return true;
}

static Value format_value(Value v, int flags, Value spec)
{
	Value conv;
	switch (flags & 3) {
	case 1: conv = obj_str(v); break;
	case 2: conv = obj_repr(v); break;
	case 3: conv = obj_ascii(v); break;
	default: conv = val_incref(v); break;
	}
	if (IS_NULL(conv))
		return conv;
	if (IS_NULL(spec) && obj_is(conv, &str_type))
		return conv;
	Value s = IS_NULL(spec) ? str_value(str_empty()) : val_incref(spec);
	Value r = obj_format(conv, s);
	val_decref(s);
	val_decref(conv);
	return r;
}

static Value build_string(Value *items, size_t n)
{
	size_t total = 0;
	bool ascii = true;
	for (size_t i = 0; i < n; i++) {
		total += AS_STR(items[i])->nbytes;
		ascii = ascii && AS_STR(items[i])->ascii;
	}
	Str *s = str_alloc(total);
	if (!s)
		return v_null();
	size_t off = 0, len = 0;
	for (size_t i = 0; i < n; i++) {
		Str *p = AS_STR(items[i]);
		mem_copy(s->data + off, p->data, p->nbytes);
		off += p->nbytes;
		len += p->len;
	}
	s->len = len;
	s->ascii = ascii;
	return str_value(s);
}

static Value import_from(Value mod, Str *name)
{
	Value r = obj_getattr_opt(mod, name);
	if (!IS_NULL(r) || err_occurred())
		return r;
	Value mn = obj_getattr_opt(mod, ID(__name__));
	if (IS_NULL(mn) || !IS_STR(mn)) {
		val_decref(mn);
		err_clear();
		return err_null_format(Exc_ImportError, "cannot import name '%s'", name->data);
	}
	err_format(Exc_ImportError, "cannot import name '%s' from '%s' (unknown location)", name->data, AS_STR(mn)->data);
	val_decref(mn);
	return v_null();
}

static bool import_star(Frame *f, Value mod)
{
	Dict *target = f->locals ? f->locals : f->globals;
	Value all = obj_getattr_opt(mod, str_intern("__all__"));
	if (!IS_NULL(all)) {
		Value it = obj_iter(all);
		val_decref(all);
		if (IS_NULL(it))
			return false;
		Value name;
		while (!IS_NULL(name = obj_next(it))) {
			Value v = IS_STR(name) ? obj_getattr(mod, AS_STR(name)) : v_null();
			if (IS_NULL(v) || dict_set(target, name, v) < 0) {
				val_decref(name);
				val_decref(it);
				return false;
			}
			val_decref(v);
			val_decref(name);
		}
		val_decref(it);
		return !err_occurred();
	}
	if (!val_isinstance(mod, &module_type))
		return true;
	Dict *d = ((Module *)mod.u.o)->dict;
	size_t pos = 0;
	Value k, v;
	while (dict_next(d, &pos, &k, &v)) {
		if (IS_STR(k) && AS_STR(k)->data[0] == '_')
			continue;
		if (dict_set(target, k, v) < 0)
			return false;
	}
	return true;
}

/* How call errors name the callable (CPython's _PyObject_FunctionStr):
 * "module.qualname()", "qualname()" for builtins, else str(f).  NULL with
 * an exception set on failure. */
static Str *function_str(Value f)
{
	Value qn = obj_getattr_opt(f, ID(__qualname__));
	if (IS_NULL(qn) || !IS_STR(qn)) {
		err_clear();
		val_decref(qn);
		Value s = obj_str(f);
		return IS_NULL(s) ? NULL : AS_STR(s);
	}
	Value mod = obj_getattr_opt(f, ID(__module__));
	err_clear();
	Str *r;
	if (IS_STR(mod) && strcmp(AS_STR(mod)->data, "builtins") != 0)
		r = str_printf("%s.%s()", AS_STR(mod)->data, AS_STR(qn)->data);
	else
		r = str_printf("%s()", AS_STR(qn)->data);
	val_decref(mod);
	val_decref(qn);
	return r;
}

static Value get_awaitable(Value v)
{
	if (obj_is(v, &coro_type)) {
		return val_incref(v);
	}
	Type *t = val_type(v);
	Value f = type_lookup(t, ID(__await__));
	if (IS_NULL(f))
		return err_null_format(Exc_TypeError, "object %s can't be used in 'await' expression", t->name);
	Value r = call_method(v, ID(__await__), NULL, 0);
	if (IS_NULL(r))
		return r;
	if (obj_is(r, &coro_type) || !val_type(r)->next) {
		err_format(Exc_TypeError, "__await__() returned non-iterator of type '%s'", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

/* Send v into sub-iterator it: 1 yielded (*out), 0 finished (*out = result), -1 error */
static int send_into(Value it, Value v, Value *out)
{
	if (obj_is(it, &gen_type) || obj_is(it, &coro_type))
		return gen_resume((Gen *)it.u.o, v, out);
	Value r;
	if (IS_NONE(v)) {
		Type *t = val_type(it);
		if (t->flags & TF_HEAPTYPE)
			/* a class's __next__: its StopIteration carries the value
			 * of the yield from (the slot would swallow it) */
			r = call_method(it, ID(__next__), NULL, 0);
		else
			r = t->next ? t->next(it) : obj_next(it);
	} else {
		Str *send = ID(send);
		r = call_method(it, send, &v, 1);
	}
	if (!IS_NULL(r)) {
		*out = r;
		return 1;
	}
	if (!err_occurred()) {
		*out = v_none();
		return 0;
	}
	if (err_matches(Exc_StopIteration)) {
		Obj *e = err_fetch();
		Exc *x = (Exc *)e;
		*out = x->args && x->args->n ? val_incref(x->args->items[0]) : v_none();
		obj_decref(e);
		return 0;
	}
	return -1;
}

/* ---- the loop ----------------------------------------------------------------- */

/* `s += t` or `s = s + t` on a str: when the next instruction stores the
 * result back into the variable that holds `s`, drop that variable's
 * reference first (as CPython does), so the stack holds the only one and
 * the append can happen in place instead of copying `s` every time. */
static void drop_augassign_target(Frame *f, Value *fast, const uint32_t *ip, Obj *o)
{
	uint32_t next = *ip, a = INSN_ARG(next);
	Dict *d = NULL;
	switch (INSN_OP(next)) {
	case OP_STORE_FAST:
		if (IS_OBJ(fast[a]) && fast[a].u.o == o) {
			fast[a] = v_null();
			obj_decref(o);
		}
		return;
	case OP_STORE_NAME:
		d = f->locals ? f->locals : f->globals;
		break;
	case OP_STORE_GLOBAL:
		d = f->globals;
		break;
	default:
		return;
	}
	Value cur = dict_get_str(d, f->code->names[a]);
	if (IS_OBJ(cur) && cur.u.o == o)
		(void)dict_set_str(d, f->code->names[a], v_none());
}

/* Appends sb to sa, which the caller holds the only reference to (not
 * interned), growing it in place; NULL (sa intact) when out of memory. */
static Str *str_append_inplace(Str *sa, Str *sb)
{
	size_t n = sa->nbytes + sb->nbytes;
	char *base = (char *)sa - sizeof(size_t);
	size_t oldsize = *(size_t *)base;
	size_t need = sizeof(size_t) + offsetof(Str, data) + n + 1;
	if (need > oldsize) {
		str_cursor_forget(sa);
		/* room to grow, within the one-allocation cap */
		size_t newsize = need + need / 2;
		if (newsize > MEM_ALLOC_CAP)
			newsize = need > MEM_ALLOC_CAP ? need : MEM_ALLOC_CAP;
		char *nb = mem_realloc(base, oldsize, newsize);
		if (!nb)
			return NULL;
		*(size_t *)nb = newsize;
		sa = (Str *)(nb + sizeof(size_t));
	}
	mem_copy(sa->data + sa->nbytes, sb->data, sb->nbytes);
	sa->nbytes = n;
	sa->data[n] = 0;
	sa->len += sb->len;
	sa->ascii = sa->ascii && sb->ascii;
	sa->hashed = false;
	return sa;
}

Value vm_run(Frame *f)
{
	static void *const dispatch_table[OP_COUNT] = {
#define X(name, eff, jeff) &&L_##name,
		OPCODES(X)
#undef X
	};
	Frame *entry = f;
	Code *co;
	Value *fast, *sp, *consts;
	uint32_t *ip;
	uint32_t insn, arg;
	bool reraise = false;
	Value retval;
	Frame *saved_frame = vm.frame;

#define LOAD_FRAME() do { co = f->code; fast = f->fast; sp = f->sp; ip = f->ip; consts = co->consts; vm.frame = f; } while (0)
#define SAVE_FRAME() do { f->sp = sp; f->ip = ip; } while (0)
#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define THIRD() (sp[-3])
#define DISPATCH() do { insn = *ip++; arg = INSN_ARG(insn); goto *dispatch_table[INSN_OP(insn)]; } while (0)
#define TARGET(name) L_##name:
#define ERROR() goto error

	LOAD_FRAME();
	f->started = true;
	if (f->throwing) {
		f->throwing = false;
		goto error;
	}
	DISPATCH();

	TARGET(NOP) DISPATCH();
	TARGET(POP_TOP) { Value v = POP(); val_decref(v); DISPATCH(); }
	TARGET(ROT_TWO) { Value a = TOP(); TOP() = SECOND(); SECOND() = a; DISPATCH(); }
	TARGET(ROT_THREE) { Value a = TOP(); TOP() = SECOND(); SECOND() = THIRD(); THIRD() = a; DISPATCH(); }
	TARGET(ROT_FOUR) { Value a = TOP(); sp[-1] = sp[-2]; sp[-2] = sp[-3]; sp[-3] = sp[-4]; sp[-4] = a; DISPATCH(); }
	TARGET(DUP_TOP) { Value v = TOP(); PUSH(val_incref(v)); DISPATCH(); }
	TARGET(DUP_TOP_TWO) { Value a = SECOND(), b = TOP(); PUSH(val_incref(a)); PUSH(val_incref(b)); DISPATCH(); }
	TARGET(COPY) { Value v = sp[-(int)arg]; PUSH(val_incref(v)); DISPATCH(); }
	TARGET(SWAP) { Value t = TOP(); TOP() = sp[-(int)arg]; sp[-(int)arg] = t; DISPATCH(); }
	TARGET(LOAD_CONST) { PUSH(val_incref(consts[arg])); DISPATCH(); }
	TARGET(LOAD_FAST) {
		Value v = fast[arg];
		if (IS_NULL(v)) {
			unbound_local(co, (int)arg);
			ERROR();
		}
		PUSH(val_incref(v));
		DISPATCH();
	}
	TARGET(STORE_FAST) { Value old = fast[arg]; fast[arg] = POP(); val_decref(old); DISPATCH(); }
	TARGET(DELETE_FAST) {
		if (IS_NULL(fast[arg])) {
			unbound_local(co, (int)arg);
			ERROR();
		}
		VAL_CLEAR(fast[arg]);
		DISPATCH();
	}
	TARGET(LOAD_DEREF) {
		Cell *c = (Cell *)fast[co->nlocals + arg].u.o;
		if (IS_NULL(c->v)) {
			unbound_deref(co, (int)arg);
			ERROR();
		}
		PUSH(val_incref(c->v));
		DISPATCH();
	}
	TARGET(LOAD_CLASSDEREF) {
		Str *name = co->cellnames[arg];
		if (f->locals) {
			Value v = dict_get_str(f->locals, name);
			if (!IS_NULL(v)) {
				PUSH(val_incref(v));
				DISPATCH();
			}
		}
		Cell *c = (Cell *)fast[co->nlocals + arg].u.o;
		if (IS_NULL(c->v)) {
			unbound_deref(co, (int)arg);
			ERROR();
		}
		PUSH(val_incref(c->v));
		DISPATCH();
	}
	TARGET(STORE_DEREF) {
		Cell *c = (Cell *)fast[co->nlocals + arg].u.o;
		Value old = c->v;
		c->v = POP();
		val_decref(old);
		DISPATCH();
	}
	TARGET(DELETE_DEREF) {
		Cell *c = (Cell *)fast[co->nlocals + arg].u.o;
		if (IS_NULL(c->v)) {
			unbound_deref(co, (int)arg);
			ERROR();
		}
		VAL_CLEAR(c->v);
		DISPATCH();
	}
	TARGET(LOAD_CLOSURE) { PUSH(val_incref(fast[co->nlocals + arg])); DISPATCH(); }
	TARGET(LOAD_GLOBAL) {
		if (!co->caches) {
			co->caches = mem_calloc(co->ninsns, sizeof(GlobalCache));
			if (!co->caches)
				ERROR();
		}
		size_t idx = (size_t)(ip - co->insns - 1);
		GlobalCache *gc = (GlobalCache *)co->caches + idx;
		if (gc->gver == f->globals->version && gc->bver == f->builtins->version) {
			PUSH(val_incref(gc->v));   /* a builtin, globals unchanged */
			DISPATCH();
		}
		Value v = global_cached(gc, f->globals, f->builtins, co->names[arg]);
		if (IS_NULL(v)) {
			load_global(f, co->names[arg]);
			ERROR();
		}
		PUSH(val_incref(v));
		DISPATCH();
	}
	TARGET(STORE_GLOBAL) {
		Value v = POP();
		int r = dict_set_str(f->globals, co->names[arg], v);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(DELETE_GLOBAL) {
		int r = dict_del(f->globals, str_value(co->names[arg]));
		if (r == 1) {
			err_format(Exc_NameError, "name '%s' is not defined", co->names[arg]->data);
			ERROR();
		}
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(LOAD_NAME) {
		if (f->locals == f->globals) {
			/* module level: the globals' cache of LOAD_GLOBAL */
			GlobalCache *gc = (GlobalCache *)attr_cache_at(co, ip);
			if (!gc)
				ERROR();
			Value v = global_cached(gc, f->globals, f->builtins, co->names[arg]);
			if (IS_NULL(v)) {
				load_global(f, co->names[arg]);
				ERROR();
			}
			PUSH(val_incref(v));
			DISPATCH();
		}
		Value v = load_name(f, co->names[arg]);
		if (IS_NULL(v))
			ERROR();
		PUSH(v);
		DISPATCH();
	}
	TARGET(STORE_NAME) {
		Value v = POP();
		Dict *d = f->locals ? f->locals : f->globals;
		int r = dict_set_str(d, co->names[arg], v);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(DELETE_NAME) {
		Dict *d = f->locals ? f->locals : f->globals;
		int r = dict_del(d, str_value(co->names[arg]));
		if (r == 1) {
			err_format(Exc_NameError, "name '%s' is not defined", co->names[arg]->data);
			ERROR();
		}
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(LOAD_ATTR) {
		Value o = TOP();
		SAVE_FRAME();
		AttrCache *ac = attr_cache_at(co, ip);
		if (!ac)
			ERROR();
		Value r = attr_load(ac, o, co->names[arg]);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(o);
		DISPATCH();
	}
	TARGET(STORE_ATTR) {
		Value o = POP(), v = POP();
		SAVE_FRAME();
		AttrCache *ac = attr_cache_at(co, ip);
		int r = ac ? attr_store(ac, o, co->names[arg], v) : -1;
		val_decref(o);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(DELETE_ATTR) {
		Value o = POP();
		SAVE_FRAME();
		int r = obj_setattr(o, co->names[arg], v_null());
		val_decref(o);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(LOAD_METHOD) {
		Value o = TOP();
		Str *name = co->names[arg];
		SAVE_FRAME();
		AttrCache *ac = attr_cache_at(co, ip);
		if (!ac)
			ERROR();
		Value m;
		int hit = attr_method_hit(ac, o, name, &m);
		if (hit == AC_METHOD_HIT) {
			TOP() = val_incref(m);
			PUSH(o);
			DISPATCH();
		}
		if (hit == AC_VALUE_HIT) {
			TOP() = val_incref(m);
			PUSH(v_null());
			val_decref(o);
			DISPATCH();
		}
		if (o.tag == V_OBJ && o.u.o->type == &super_type) {
			Value self;
			Value fm = super_method(o, name, &self);
			if (!IS_NULL(fm)) {
				TOP() = val_incref(fm);
				PUSH(val_incref(self));
				val_decref(o);
				DISPATCH();
			}
		}
		bool is_method;
		Value r = attr_method_miss(ac, o, name, &is_method);
		if (IS_NULL(r))
			ERROR();
		if (is_method) {
			TOP() = val_incref(r);
			PUSH(o);
			DISPATCH();
		}
		TOP() = r;
		PUSH(v_null());
		val_decref(o);
		DISPATCH();
	}

	{
		Value fn;
		Value *args;
		size_t nargs;
		Tuple *kwnames;
		int npop;
	TARGET(CALL)
		nargs = arg;
		args = sp - nargs;
		fn = args[-1];
		kwnames = NULL;
		npop = (int)nargs + 1;
		goto do_call;
	TARGET(CALL_KW)
		kwnames = AS_TUPLE(POP());
		nargs = arg - kwnames->n;
		args = sp - arg;
		fn = args[-1];
		npop = (int)arg + 1;
		goto do_call;
	TARGET(CALL_METHOD)
		nargs = arg;
		args = sp - nargs;
		kwnames = NULL;
		npop = (int)nargs + 2;
		if (IS_NULL(args[-1])) {
			fn = args[-2];
			goto unpack_method;
		} else {
			fn = args[-2];
			args--;
			nargs++;
		}
		goto do_call;
	TARGET(CALL_METHOD_KW)
		kwnames = AS_TUPLE(POP());
		nargs = arg - kwnames->n;
		args = sp - arg;
		npop = (int)arg + 2;
		fn = args[-2];
		if (!IS_NULL(args[-1])) {
			args--;
			nargs++;
			goto do_call;
		}
	unpack_method:
		/* a bound method of a Python function under the NULL slot of
		 * CALL_METHOD (super().f(...)): its self takes the slot and the
		 * function is called in this loop, as if LOAD_METHOD had split it */
		if (fn.tag == V_OBJ && fn.u.o->type == &method_type &&
		    ((Method *)fn.u.o)->func.tag == V_OBJ && ((Method *)fn.u.o)->func.u.o->type == &func_type) {
			Method *m = (Method *)fn.u.o;
			Value mf = val_incref(m->func);
			args[-1] = val_incref(m->self);
			args[-2] = mf;
			val_decref(fn);
			fn = mf;
			args--;
			nargs++;
		}
		goto do_call;
	do_call:
		if (fn.tag == V_OBJ && fn.u.o->type == &func_type) {
			Func *fu = (Func *)fn.u.o;
			Code *fc = fu->code;
			if (!(fc->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GEN))) {
				if ((++vm.ticks & 0xffff) == 0)
					vm_check_cpu();
				SAVE_FRAME();
				if (gc_pending)
					gc_collect_pending();
				Frame *nf;
				if (call_is_exact(fu, nargs, kwnames) && vm.depth < vm.depth_limit &&
				    (nf = frame_make(fc, fu, fu->globals, NULL, false, (size_t)fc->argcount)) != NULL) {
					/* exact positional call: move the arguments */
					mem_copy(nf->fast, args, nargs * sizeof(Value));
					fill_defaults(nf, fu, nargs);
					sp -= npop;
					/* drop what is under the arguments: fn, and self's NULL slot */
					for (Value *p = sp; p < args; p++)
						val_decref(*p);
					if ((fc->ncells || fc->nfree) && !init_cells(nf, fu)) {
						frame_release(nf);
						ERROR();
					}
				} else {
					nf = frame_for_call(fu, args, nargs, kwnames, false);
					if (!nf) {
						if (kwnames)
							obj_decref(&kwnames->ob);
						ERROR();
					}
					Value *base = sp - npop;
					while (sp > base)
						val_decref(POP());
					if (kwnames)
						obj_decref(&kwnames->ob);
				}
				f->sp = sp;
				nf->back = f;
				vm.depth++;
				f = nf;
				LOAD_FRAME();
				f->started = true;
				DISPATCH();
			}
		}
		if (fn.tag == V_OBJ && fn.u.o->type == &type_type) {
			/* A class whose __new__ is object's and whose __init__ is a
			 * Python function: the instance is made here and __init__
			 * runs in this loop (no nested vm_run, no argument copy). */
			Type *ct = (Type *)fn.u.o;
			Func *init = type_plain_init(ct);
			if (init && !(init->code->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GEN))) {
				if ((++vm.ticks & 0xffff) == 0)
					vm_check_cpu();
				SAVE_FRAME();
				if (gc_pending)
					gc_collect_pending();
				Value obj = ct->new(ct, args, nargs, kwnames);
				Value *base = sp - npop;
				Frame *nf = NULL;
				if (!IS_NULL(obj)) {
					/* the slot below the arguments (the class, or the NULL of
					 * CALL_METHOD) becomes self */
					Value under = args[-1];
					args[-1] = val_incref(obj);
					val_decref(under);
					Code *ic = init->code;
					if (call_is_exact(init, nargs + 1, kwnames) && vm.depth < vm.depth_limit &&
					    (nf = frame_make(ic, init, init->globals, NULL, false, (size_t)ic->argcount)) != NULL) {
						/* self and the arguments move into the frame */
						mem_copy(nf->fast, args - 1, (nargs + 1) * sizeof(Value));
						fill_defaults(nf, init, nargs + 1);
						sp = args - 1;
						if ((ic->ncells || ic->nfree) && !init_cells(nf, init)) {
							frame_release(nf);
							nf = NULL;
						}
					} else {
						nf = frame_for_call(init, args - 1, nargs + 1, kwnames, false);
					}
				}
				while (sp > base)
					val_decref(POP());
				if (kwnames)
					obj_decref(&kwnames->ob);
				if (!nf) {
					val_decref(obj);
					ERROR();
				}
				PUSH(obj);
				f->sp = sp;
				nf->back = f;
				nf->init_call = true;
				vm.depth++;
				f = nf;
				LOAD_FRAME();
				f->started = true;
				DISPATCH();
			}
		}
		if (nargs == 1 && !kwnames && fn.tag == V_OBJ && fn.u.o->type == &builtin_type &&
		    ((Builtin *)fn.u.o)->fast1) {
			Value r = ((Builtin *)fn.u.o)->fast1(args[0]);
			if (!IS_NULL(r)) {   /* else the full call below */
				Value *base = sp - npop;
				while (sp > base)
					val_decref(POP());
				num_store_value(sp++, r);
				DISPATCH();
			}
		}
		SAVE_FRAME();
		{
			Value r = obj_call(fn, args, nargs, kwnames);
			Value *base = sp - npop;
			while (sp > base)
				val_decref(POP());
			if (kwnames)
				obj_decref(&kwnames->ob);
			if (IS_NULL(r))
				ERROR();
			PUSH(r);
		}
		DISPATCH();
	}
	TARGET(CALL_EX) {
		Value kw = (arg & 1) ? POP() : v_null();
		Value a = POP();
		Value fnv = POP();
		SAVE_FRAME();
		Value targs = a;
		if (!obj_is(a, &tuple_type)) { /* a subclass goes through its __iter__ */
			targs = seq_to_tuple(a);
			if (IS_NULL(targs)) {
				if (err_matches(Exc_TypeError) && !val_type(a)->iter && !val_type(a)->getitem) {
					err_clear();
					Str *fs = function_str(fnv);
					if (fs) {
						err_format(Exc_TypeError, "%s argument after * must be an iterable, not %s",
							   fs->data, type_name_of(a));
						obj_decref(&fs->ob);
					}
				}
				val_decref(a);
				val_decref(kw);
				val_decref(fnv);
				ERROR();
			}
			val_decref(a);
		}
		Value r = call_tuple_dict(fnv, AS_TUPLE(targs), IS_NULL(kw) ? NULL : AS_DICT(kw));
		val_decref(targs);
		val_decref(kw);
		val_decref(fnv);
		if (IS_NULL(r))
			ERROR();
		PUSH(r);
		DISPATCH();
	}
	TARGET(BINARY_OP) {
		Value b = POP(), a = TOP();
		Value r;
		if (a.tag == V_INT && b.tag == V_INT && arg != NB_MATMUL) { /* int has no @ */
			int64_t x = a.u.i, y = b.u.i, z;
			switch (arg) {
			case NB_ADD:
				if (!__builtin_add_overflow(x, y, &z)) { num_store_int(&TOP(), z); DISPATCH(); }
				break;
			case NB_SUB:
				if (!__builtin_sub_overflow(x, y, &z)) { num_store_int(&TOP(), z); DISPATCH(); }
				break;
			case NB_MUL:
				if (!__builtin_mul_overflow(x, y, &z)) { num_store_int(&TOP(), z); DISPATCH(); }
				break;
			}
			r = int_binop(a, b, (int)arg);
		} else if (float_fast_binop(a, b, arg, &TOP())) {   /* a float and a float or small int */
			DISPATCH();
		} else {
			SAVE_FRAME();
			if (arg == NB_ADD && obj_is(a, &str_type) && obj_is(b, &str_type)) {
				/* s = s + t: in place as for s += t (CPython does it too) */
				Str *sa = AS_STR(a), *sb = AS_STR(b), *s;
				if (sa->ob.refcnt == 2 && !sa->interned && sb->nbytes &&
				    (drop_augassign_target(f, fast, ip, &sa->ob), sa->ob.refcnt == 1)) {
					if (!(s = str_append_inplace(sa, sb))) {
						val_decref(b);
						ERROR();
					}
					TOP() = v_obj(&s->ob);
					val_decref(b);
					DISPATCH();
				}
				s = str_concat(sa, sb);
				r = str_value(s);
			} else {
				Func *df = a.tag == V_OBJ ? type_binop_func(a, b, (int)arg) : NULL;
				Frame *nf;
				if (df && !(df->code->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GEN)) &&
				    call_is_exact(df, 2, NULL) && vm.depth < vm.depth_limit &&
				    (nf = frame_make(df->code, df, df->globals, NULL, false, (size_t)df->code->argcount)) != NULL) {
					/* a's Python __op__ runs in this loop (RETURN_VALUE
					 * finishes the operation: binop_op) */
					PUSH(b);
					nf->fast[0] = val_incref(a);
					nf->fast[1] = val_incref(b);
					fill_defaults(nf, df, 2);
					if ((df->code->ncells || df->code->nfree) && !init_cells(nf, df)) {
						frame_release(nf);
						ERROR();
					}
					f->sp = sp;
					nf->back = f;
					nf->binop_op = (uint8_t)(arg + 1);
					vm.depth++;
					f = nf;
					LOAD_FRAME();
					f->started = true;
					DISPATCH();
				}
				r = binop(a, b, (int)arg);
			}
		}
		val_decref(a);
		val_decref(b);
		if (IS_NULL(r)) {
			(void)POP();
			ERROR();
		}
		num_store_value(&TOP(), r);
		DISPATCH();
	}
	TARGET(INPLACE_OP) {
		Value b = POP(), a = TOP();
		Value r;
		if (a.tag == V_INT && b.tag == V_INT && arg != NB_MATMUL) { /* int has no @ */
			int64_t z;
			if (arg == NB_ADD && !__builtin_add_overflow(a.u.i, b.u.i, &z)) { num_store_int(&TOP(), z); DISPATCH(); }
			if (arg == NB_SUB && !__builtin_sub_overflow(a.u.i, b.u.i, &z)) { num_store_int(&TOP(), z); DISPATCH(); }
			r = int_binop(a, b, (int)arg);
		} else if (float_fast_binop(a, b, arg, &TOP())) {   /* a float and a float or small int */
			DISPATCH();
		} else if (arg == NB_ADD && obj_is(a, &str_type) && obj_is(b, &str_type)) {
			/* in-place append when we hold the only reference */
			Str *sa = AS_STR(a), *sb = AS_STR(b);
			if (sa->ob.refcnt == 2 && !sa->interned && sb->nbytes)
				drop_augassign_target(f, fast, ip, &sa->ob);
			if (sa->ob.refcnt == 1 && !sa->interned && sb->nbytes) {
				if (!(sa = str_append_inplace(sa, sb))) {
					val_decref(b);
					ERROR();
				}
				TOP() = v_obj(&sa->ob);
				val_decref(b);
				DISPATCH();
			}
			r = str_value(str_concat(sa, sb));
		} else {
			SAVE_FRAME();
			r = inplace_op(a, b, (int)arg);
		}
		val_decref(a);
		val_decref(b);
		if (IS_NULL(r)) {
			(void)POP();
			ERROR();
		}
		TOP() = r;
		DISPATCH();
	}
	TARGET(UNARY_NEG) {
		Value a = TOP();
		SAVE_FRAME();
		Value r = unary_neg(a);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(a);
		DISPATCH();
	}
	TARGET(UNARY_POS) {
		Value a = TOP();
		SAVE_FRAME();
		Value r = unary_pos(a);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(a);
		DISPATCH();
	}
	TARGET(UNARY_INVERT) {
		Value a = TOP();
		SAVE_FRAME();
		Value r = unary_invert(a);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(a);
		DISPATCH();
	}
	TARGET(UNARY_NOT) {
		Value a = TOP();
		SAVE_FRAME();
		int t = obj_truth(a);
		if (t < 0)
			ERROR();
		TOP() = v_bool(!t);
		val_decref(a);
		DISPATCH();
	}
	TARGET(COMPARE_OP) {
		Value b = POP(), a = TOP();
		Value r;
		bool res;
		if (num_fast_compare(a, b, arg, &res)) {   /* two small ints or two floats */
			TOP() = v_bool(res);
			/* fused conditional jump */
			uint32_t nx = *ip;
			if (INSN_OP(nx) == OP_POP_JUMP_IF_FALSE) {
				(void)POP();
				ip = res ? ip + 1 : co->insns + INSN_ARG(nx);
			} else if (INSN_OP(nx) == OP_POP_JUMP_IF_TRUE) {
				(void)POP();
				ip = res ? co->insns + INSN_ARG(nx) : ip + 1;
			}
			DISPATCH();
		}
		SAVE_FRAME();
		r = obj_richcmp(a, b, (int)arg);
		val_decref(a);
		val_decref(b);
		if (IS_NULL(r)) {
			(void)POP();
			ERROR();
		}
		TOP() = r;
		DISPATCH();
	}
	TARGET(IS_OP) {
		Value b = POP(), a = TOP();
		bool same = v_is(a, b);
		TOP() = v_bool(arg ? !same : same);
		val_decref(a);
		val_decref(b);
		DISPATCH();
	}
	TARGET(CONTAINS_OP) {
		Value b = POP(), a = TOP();
		SAVE_FRAME();
		int r = obj_contains(b, a);
		val_decref(a);
		val_decref(b);
		if (r < 0) {
			(void)POP();
			ERROR();
		}
		TOP() = v_bool(arg ? !r : r);
		DISPATCH();
	}
	TARGET(BINARY_SUBSCR) {
		Value k = POP(), o = TOP();
		Value r;
		if (k.tag == V_INT && o.tag == V_OBJ && o.u.o->type == &list_type) {
			List *l = AS_LIST(o);
			int64_t i = k.u.i;
			if (i < 0)
				i += (int64_t)l->n;
			if (i >= 0 && (uint64_t)i < l->n) {
				TOP() = val_incref(l->items[i]);
				val_decref(o);
				DISPATCH();
			}
		}
		SAVE_FRAME();
		r = obj_getitem(o, k);
		val_decref(o);
		val_decref(k);
		if (IS_NULL(r)) {
			(void)POP();
			ERROR();
		}
		TOP() = r;
		DISPATCH();
	}
	TARGET(STORE_SUBSCR) {
		Value k = POP(), o = POP(), v = POP();
		SAVE_FRAME();
		int r;
		if (k.tag == V_INT && o.tag == V_OBJ && o.u.o->type == &list_type) {
			List *l = AS_LIST(o);
			int64_t i = k.u.i;
			if (i < 0)
				i += (int64_t)l->n;
			if (i >= 0 && (uint64_t)i < l->n) {
				Value old = l->items[i];
				l->items[i] = v;
				val_decref(old);
				val_decref(o);
				DISPATCH();
			}
		}
		if (o.tag == V_OBJ && o.u.o->type == &dict_type)
			r = dict_set(AS_DICT(o), k, v);
		else
			r = obj_setitem(o, k, v);
		val_decref(k);
		val_decref(o);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(DELETE_SUBSCR) {
		Value k = POP(), o = POP();
		SAVE_FRAME();
		int r = obj_delitem(o, k);
		val_decref(k);
		val_decref(o);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(BUILD_SLICE) {
		Value step = arg == 3 ? POP() : v_none();
		Value stop = POP(), start = TOP();
		Value s = slice_new(start, stop, step);
		val_decref(start);
		val_decref(stop);
		val_decref(step);
		if (IS_NULL(s)) {
			(void)POP();
			ERROR();
		}
		TOP() = s;
		DISPATCH();
	}
	TARGET(BUILD_TUPLE) {
		Tuple *t = tuple_new(arg);
		if (!t)
			ERROR();
		sp -= arg;
		mem_copy(t->items, sp, arg * sizeof(Value));
		PUSH(v_obj(&t->ob));
		DISPATCH();
	}
	TARGET(BUILD_LIST) {
		List *l = list_with_cap(arg);
		if (!l)
			ERROR();
		sp -= arg;
		mem_copy(l->items, sp, arg * sizeof(Value));
		l->n = arg;
		PUSH(v_obj(&l->ob));
		DISPATCH();
	}
	TARGET(BUILD_SET) {
		Set *s = set_new(&set_type);
		if (!s)
			ERROR();
		SAVE_FRAME();
		bool ok = true;
		for (uint32_t i = 0; i < arg; i++)
			if (ok && set_add(s, sp[-(int)arg + (int)i]) < 0)
				ok = false;
		for (uint32_t i = 0; i < arg; i++)
			val_decref(POP());
		if (!ok) {
			obj_decref(&s->ob);
			ERROR();
		}
		PUSH(v_obj(&s->ob));
		DISPATCH();
	}
	TARGET(BUILD_MAP) {
		Dict *d = dict_new();
		if (!d)
			ERROR();
		SAVE_FRAME();
		bool ok = true;
		Value *base = sp - 2 * arg;
		for (uint32_t i = 0; i < arg && ok; i++)
			if (dict_set(d, base[2 * i], base[2 * i + 1]) < 0)
				ok = false;
		while (sp > base)
			val_decref(POP());
		if (!ok) {
			obj_decref(&d->ob);
			ERROR();
		}
		PUSH(v_obj(&d->ob));
		DISPATCH();
	}
	TARGET(BUILD_STRING) {
		Value r = build_string(sp - arg, arg);
		for (uint32_t i = 0; i < arg; i++)
			val_decref(POP());
		if (IS_NULL(r))
			ERROR();
		PUSH(r);
		DISPATCH();
	}
	TARGET(LIST_APPEND) {
		Value v = POP();
		if (!list_append_steal(AS_LIST(sp[-(int)arg]), v))
			ERROR();
		DISPATCH();
	}
	TARGET(SET_ADD) {
		Value v = POP();
		SAVE_FRAME();
		int r = set_add((Set *)sp[-(int)arg].u.o, v);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(MAP_ADD) {
		Value v = POP(), k = POP();
		SAVE_FRAME();
		int r = dict_set(AS_DICT(sp[-(int)arg]), k, v);
		val_decref(k);
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(LIST_EXTEND) {
		Value v = POP();
		SAVE_FRAME();
		bool ok = list_extend(AS_LIST(sp[-(int)arg]), v);
		if (!ok && err_matches(Exc_TypeError) && !val_type(v)->iter) {
			err_clear();
			err_format(Exc_TypeError, "Value after * must be an iterable, not %s", type_name_of(v));
		}
		val_decref(v);
		if (!ok)
			ERROR();
		DISPATCH();
	}
	TARGET(SET_UPDATE) {
		Value v = POP();
		SAVE_FRAME();
		bool ok = set_update((Set *)sp[-(int)arg].u.o, v);
		val_decref(v);
		if (!ok)
			ERROR();
		DISPATCH();
	}
	TARGET(DICT_UPDATE) {
		Value v = POP();
		SAVE_FRAME();
		int r = dict_update(AS_DICT(sp[-(int)arg]), v);
		if (r < 0 && err_matches(Exc_AttributeError)) {
			err_clear();
			err_format(Exc_TypeError, "'%s' object is not a mapping", type_name_of(v));
		}
		val_decref(v);
		if (r < 0)
			ERROR();
		DISPATCH();
	}
	TARGET(DICT_MERGE) {
		Value v = POP();
		SAVE_FRAME();
		Dict *d = AS_DICT(sp[-(int)arg]);
		Value fnv = sp[-(int)arg - 2];
		bool ok = true;
		Value keys = IS_DICT(v) ? v_null() : obj_getattr_opt(v, ID(keys));
		bool mapping = IS_DICT(v) || !IS_NULL(keys);
		val_decref(keys);
		if (!mapping) {
			Str *fs = err_occurred() ? NULL : function_str(fnv);
			if (fs) {
				err_format(Exc_TypeError, "%s argument after ** must be a mapping, not %s",
					   fs->data, type_name_of(v));
				obj_decref(&fs->ob);
			}
			ok = false;
		} else {
			Dict *tmp = dict_new();
			if (dict_update(tmp, v) < 0) {
				ok = false;
			} else {
				size_t pos = 0;
				Value k, x;
				while (ok && dict_next(tmp, &pos, &k, &x)) {
					if (!IS_NULL(dict_get(d, k))) {
						Str *fs = function_str(fnv);
						if (fs) {
							err_format(Exc_TypeError, "%s got multiple values for keyword argument '%s'",
								   fs->data, IS_STR(k) ? AS_STR(k)->data : "?");
							obj_decref(&fs->ob);
						}
						ok = false;
					} else if (!IS_STR(k)) {
						err_format(Exc_TypeError, "keywords must be strings");
						ok = false;
					} else if (dict_set(d, k, x) < 0) {
						ok = false;
					}
				}
			}
			obj_decref(&tmp->ob);
		}
		val_decref(v);
		if (!ok)
			ERROR();
		DISPATCH();
	}
	TARGET(LIST_TO_TUPLE) {
		Value l = TOP();
		Tuple *t = tuple_from(AS_LIST(l)->items, AS_LIST(l)->n);
		if (!t)
			ERROR();
		TOP() = v_obj(&t->ob);
		val_decref(l);
		DISPATCH();
	}
	TARGET(UNPACK_SEQUENCE) {
		Value seq = POP();
		SAVE_FRAME();
		if (obj_is(seq, &tuple_type) && AS_TUPLE(seq)->n == arg) {
			Tuple *t = AS_TUPLE(seq);
			for (int i = (int)arg - 1; i >= 0; i--)
				PUSH(val_incref(t->items[i]));
			val_decref(seq);
			DISPATCH();
		}
		if (!unpack_iterable(seq, sp, (int)arg, 0, false)) {
			val_decref(seq);
			ERROR();
		}
		sp += arg;
		val_decref(seq);
		DISPATCH();
	}
	TARGET(UNPACK_EX) {
		Value seq = POP();
		int before = (int)(arg & 0xff), after = (int)(arg >> 8);
		SAVE_FRAME();
		if (!unpack_iterable(seq, sp, before, after, true)) {
			val_decref(seq);
			ERROR();
		}
		sp += before + after + 1;
		val_decref(seq);
		DISPATCH();
	}
	TARGET(JUMP) {
		uint32_t *target = co->insns + arg;
		if (target < ip) {
			if ((++vm.ticks & 0xffff) == 0)
				vm_check_cpu();
			if (gc_pending) {
				SAVE_FRAME();
				gc_collect_pending();
			}
		}
		ip = target;
		DISPATCH();
	}
	TARGET(POP_JUMP_IF_FALSE) {
		Value v = POP();
		int t;
		if (v.tag == V_BOOL)
			t = (int)v.u.i;
		else {
			SAVE_FRAME();
			t = obj_truth(v);
			val_decref(v);
			if (t < 0)
				ERROR();
		}
		if (!t)
			ip = co->insns + arg;
		DISPATCH();
	}
	TARGET(POP_JUMP_IF_TRUE) {
		Value v = POP();
		int t;
		if (v.tag == V_BOOL)
			t = (int)v.u.i;
		else {
			SAVE_FRAME();
			t = obj_truth(v);
			val_decref(v);
			if (t < 0)
				ERROR();
		}
		if (t)
			ip = co->insns + arg;
		DISPATCH();
	}
	TARGET(JUMP_IF_FALSE_OR_POP) {
		Value v = TOP();
		SAVE_FRAME();
		int t = obj_truth(v);
		if (t < 0)
			ERROR();
		if (!t) {
			ip = co->insns + arg;
		} else {
			(void)POP();
			val_decref(v);
		}
		DISPATCH();
	}
	TARGET(JUMP_IF_TRUE_OR_POP) {
		Value v = TOP();
		SAVE_FRAME();
		int t = obj_truth(v);
		if (t < 0)
			ERROR();
		if (t) {
			ip = co->insns + arg;
		} else {
			(void)POP();
			val_decref(v);
		}
		DISPATCH();
	}
	TARGET(GET_ITER) {
		Value o = TOP();
		SAVE_FRAME();
		Value it = obj_iter(o);
		if (IS_NULL(it))
			ERROR();
		TOP() = it;
		val_decref(o);
		DISPATCH();
	}
	TARGET(FOR_ITER) {
		Value it = TOP();
		Value r;
		if (it.tag == V_OBJ && it.u.o->type == &range_iter_type) {
			extern bool range_iter_fast(Value it, int64_t *out);
			int64_t i;
			if (range_iter_fast(it, &i)) {
				num_store_int(sp++, i);
				DISPATCH();
			}
		} else if (it.tag == V_OBJ && it.u.o->type == &list_iter_type) {
			struct { Obj ob; Value seq; size_t i; } *li = (void *)it.u.o;
			if (!IS_NULL(li->seq) && li->i < AS_LIST(li->seq)->n) {
				PUSH(val_incref(AS_LIST(li->seq)->items[li->i++]));
				DISPATCH();
			}
		}
		if ((++vm.ticks & 0xffff) == 0)
			vm_check_cpu();
		SAVE_FRAME();
		if (it.tag == V_OBJ && it.u.o->type == &gen_type) {
			int st = gen_resume((Gen *)it.u.o, v_none(), &r);
			if (st == 1) {
				PUSH(r);
				DISPATCH();
			}
			if (st == 0)
				val_decref(r);
			else
				ERROR();
		} else {
			r = obj_next(it);
			if (!IS_NULL(r)) {
				PUSH(r);
				DISPATCH();
			}
			if (err_occurred()) {
				if (!err_matches(Exc_StopIteration))
					ERROR();
				err_clear();
			}
		}
		(void)POP();
		val_decref(it);
		ip = co->insns + arg;
		DISPATCH();
	}
	TARGET(RETURN_VALUE) {
		retval = POP();
		if (f->gen) {
			f->yielded = false;
		}
		if (f->entry) {
			SAVE_FRAME();
			goto exit_frame;
		}
		Frame *back = f->back;
		bool init_call = f->init_call;
		int binop_op = f->binop_op;
		f->sp = sp;
		frame_release(f);
		vm.depth--;
		f = back;
		LOAD_FRAME();
		if (binop_op) {
			/* the end of BINARY_OP: its operands are on this stack */
			Value b = POP(), a = POP();
			if (is_notimpl(retval)) {
				val_decref(retval);
				SAVE_FRAME();
				retval = binop_rest(a, b, binop_op - 1);
			}
			val_decref(a);
			val_decref(b);
			if (IS_NULL(retval))
				ERROR();
			num_store_value(sp++, retval);
			DISPATCH();
		}
		if (init_call) {
			/* the instance is already on this frame's stack */
			if (!IS_NONE(retval)) {
				err_format(Exc_TypeError, "__init__() should return None, not '%s'", type_name_of(retval));
				val_decref(retval);
				ERROR();
			}
			val_decref(retval);
			DISPATCH();
		}
		PUSH(retval);
		DISPATCH();
	}
	TARGET(MAKE_FUNCTION) {
		Code *fc = (Code *)POP().u.o;
		Value closure = (arg & 8) ? POP() : v_null();
		Value annotations = (arg & 4) ? POP() : v_null();
		Value kwdefaults = (arg & 2) ? POP() : v_null();
		Value defaults = (arg & 1) ? POP() : v_null();
		Value fv = func_new(fc, f->globals, fc->qualname);
		obj_decref(&fc->ob);
		if (IS_NULL(fv)) {
			val_decref(closure);
			val_decref(annotations);
			val_decref(kwdefaults);
			val_decref(defaults);
			ERROR();
		}
		Func *fn = (Func *)fv.u.o;
		if (!IS_NULL(closure))
			fn->closure = AS_TUPLE(closure);
		if (!IS_NULL(defaults))
			fn->defaults = AS_TUPLE(defaults);
		if (!IS_NULL(kwdefaults))
			fn->kwdefaults = AS_DICT(kwdefaults);
		if (!IS_NULL(annotations))
			fn->annotations = annotations;
		if (fc->nconsts && !(fc->flags & CO_CLASS)) {
			val_decref(fn->doc);
			fn->doc = val_incref(fc->consts[0]);
		}
		PUSH(fv);
		DISPATCH();
	}
	TARGET(LOAD_BUILD_CLASS) {
		Value bc = dict_get_str(f->builtins, ID(__build_class__));
		if (IS_NULL(bc)) {
			err_format(Exc_NameError, "__build_class__ not found");
			ERROR();
		}
		PUSH(val_incref(bc));
		DISPATCH();
	}
	TARGET(SETUP_FINALLY) {
		if (f->nblocks >= MAX_BLOCKS) {
			err_format(Exc_SystemError, "too many nested blocks");
			ERROR();
		}
		f->blocks[f->nblocks].handler = arg;
		f->blocks[f->nblocks].level = (uint32_t)(sp - f->stack);
		f->nblocks++;
		DISPATCH();
	}
	TARGET(SETUP_WITH) {
		if (f->nblocks >= MAX_BLOCKS) {
			err_format(Exc_SystemError, "too many nested blocks");
			ERROR();
		}
		f->blocks[f->nblocks].handler = arg;
		f->blocks[f->nblocks].level = (uint32_t)(sp - f->stack - 1);
		f->nblocks++;
		DISPATCH();
	}
	TARGET(POP_BLOCK) { f->nblocks--; DISPATCH(); }
	TARGET(PUSH_EXC_INFO) {
		Value exc = TOP();
		Obj *prev = vm.handled;
		TOP() = prev ? v_obj(prev) : v_none();
		vm.handled = val_incref(exc).u.o;
		PUSH(exc);
		DISPATCH();
	}
	TARGET(POP_EXCEPT) {
		Value prev = POP();
		Obj *cur = vm.handled;
		vm.handled = IS_NONE(prev) ? NULL : prev.u.o;
		if (cur)
			obj_decref(cur);
		DISPATCH();
	}
	TARGET(CHECK_EXC_MATCH) {
		Value cls = POP(), exc = TOP();
		SAVE_FRAME();
		if (!check_exc_class(cls)) {
			val_decref(cls);
			ERROR();
		}
		bool m = exc_match(exc, cls);
		val_decref(cls);
		val_decref(exc);
		TOP() = v_bool(m);
		DISPATCH();
	}
	TARGET(CHECK_EG_MATCH) {
		/* except* T: [rest, T] -> [rest, None] or [rest', match] */
		Value cls = POP(), exc = TOP();
		SAVE_FRAME();
		if (!check_exc_class(cls) || !excgroup_check_star_type(cls)) {
			val_decref(cls);
			ERROR();
		}
		Value match, rest;
		int r = excgroup_match(exc, cls, &match, &rest);
		val_decref(cls);
		if (r < 0)
			ERROR();
		if (IS_NONE(match)) {
			val_decref(rest);
			PUSH(match);
			DISPATCH();
		}
		TOP() = rest;
		val_decref(exc);
		PUSH(match);
		/* the clause's part is the exception being handled */
		Obj *old = vm.handled;
		vm.handled = val_incref(match).u.o;
		obj_xdecref(old);
		DISPATCH();
	}
	TARGET(PREP_RERAISE_STAR) {
		Value raised = POP(), orig = TOP();
		SAVE_FRAME();
		Value r = excgroup_prep_reraise(orig, AS_LIST(raised));
		val_decref(raised);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(orig);
		DISPATCH();
	}
	TARGET(RERAISE) {
		Value exc = POP();
		err_restore(exc.u.o);
		reraise = true;
		ERROR();
	}
	TARGET(RAISE_VARARGS) {
		SAVE_FRAME();
		if (arg == 0) {
			Obj *h = err_handled_topmost();
			if (!h) {
				err_format(Exc_RuntimeError, "No active exception to reraise");
				ERROR();
			}
			obj_incref(h);
			err_restore(h);
			reraise = true;
			ERROR();
		}
		Value cause = arg == 2 ? POP() : v_null();
		Value exc = POP();
		do_raise(exc, cause);
		val_decref(exc);
		val_decref(cause);
		ERROR();
	}
	TARGET(BEFORE_WITH) {
		Value mgr = TOP();
		SAVE_FRAME();
		Type *t = val_type(mgr);
		Value enter = type_lookup(t, ID(__enter__));
		Value exitf = type_lookup(t, ID(__exit__));
		if (IS_NULL(enter) || IS_NULL(exitf)) {
			err_format(Exc_TypeError, "'%s' object does not support the context manager protocol%s", t->name,
				   IS_NULL(enter) ? "" : " (missed __exit__ method)");
			ERROR();
		}
		Value bexit = bind_descr(exitf, mgr, t);
		if (IS_NULL(bexit))
			ERROR();
		Value benter = bind_descr(enter, mgr, t);
		if (IS_NULL(benter)) {
			val_decref(bexit);
			ERROR();
		}
		Value r = call0(benter);
		val_decref(benter);
		if (IS_NULL(r)) {
			val_decref(bexit);
			ERROR();
		}
		TOP() = bexit;
		val_decref(mgr);
		PUSH(r);
		DISPATCH();
	}
	TARGET(BEFORE_ASYNC_WITH) {
		Value mgr = TOP();
		SAVE_FRAME();
		Type *t = val_type(mgr);
		Value enter = type_lookup(t, ID(__aenter__));
		Value exitf = type_lookup(t, ID(__aexit__));
		if (IS_NULL(enter) || IS_NULL(exitf)) {
			err_format(Exc_TypeError, "'%s' object does not support the asynchronous context manager protocol%s", t->name,
				   IS_NULL(enter) ? "" : " (missed __aexit__ method)");
			ERROR();
		}
		Value bexit = bind_descr(exitf, mgr, t);
		if (IS_NULL(bexit))
			ERROR();
		Value benter = bind_descr(enter, mgr, t);
		if (IS_NULL(benter)) {
			val_decref(bexit);
			ERROR();
		}
		Value r = call0(benter);
		val_decref(benter);
		if (IS_NULL(r)) {
			val_decref(bexit);
			ERROR();
		}
		TOP() = bexit;
		val_decref(mgr);
		PUSH(r);
		DISPATCH();
	}
	TARGET(WITH_EXIT_NORMAL) {
		Value exitf = POP();
		SAVE_FRAME();
		Value r = call3(exitf, v_none(), v_none(), v_none());
		val_decref(exitf);
		if (IS_NULL(r))
			ERROR();
		if (arg)
			PUSH(r);
		else
			val_decref(r);
		DISPATCH();
	}
	TARGET(WITH_EXCEPT_START) {
		/* [exit, prev, exc] */
		Value exc = TOP();
		Value exitf = sp[-3];
		SAVE_FRAME();
		Exc *e = (Exc *)exc.u.o;
		Value tb = e->tb ? v_obj(&e->tb->ob) : v_none();
		Value r = call3(exitf, v_obj(&val_type(exc)->ob), exc, tb);
		if (IS_NULL(r))
			ERROR();
		PUSH(r);
		DISPATCH();
	}
	TARGET(FORMAT_VALUE) {
		Value spec = (arg & 4) ? POP() : v_null();
		Value v = TOP();
		SAVE_FRAME();
		Value r = format_value(v, (int)arg, spec);
		val_decref(spec);
		if (IS_NULL(r))
			ERROR();
		TOP() = r;
		val_decref(v);
		DISPATCH();
	}
	TARGET(IMPORT_NAME) {
		Value fromlist = POP();
		Value level = TOP();
		SAVE_FRAME();
		Str *name = co->names[arg];
		if (level.tag == V_INT && level.u.i > 0) {
			val_decref(fromlist);
			err_format(Exc_ImportError, "attempted relative import with no known parent package");
			ERROR();
		}
		Value m = module_import(name);
		if (IS_NULL(m)) {
			val_decref(fromlist);
			ERROR();
		}
		if (IS_NONE(fromlist)) {
			/* import a.b.c binds a: we only have flat modules, return top */
			const char *dot = strchr(name->data, '.');
			if (dot) {
				Str *top = str_new(name->data, (size_t)(dot - name->data));
				Value tm = module_import(top);
				obj_decref(&top->ob);
				val_decref(m);
				if (IS_NULL(tm)) {
					val_decref(fromlist);
					ERROR();
				}
				m = tm;
			}
		}
		val_decref(fromlist);
		TOP() = m;
		val_decref(level);
		DISPATCH();
	}
	TARGET(IMPORT_FROM) {
		Value m = TOP();
		SAVE_FRAME();
		Value r = import_from(m, co->names[arg]);
		if (IS_NULL(r))
			ERROR();
		PUSH(r);
		DISPATCH();
	}
	TARGET(IMPORT_STAR) {
		Value m = POP();
		SAVE_FRAME();
		bool ok = import_star(f, m);
		val_decref(m);
		if (!ok)
			ERROR();
		DISPATCH();
	}
	TARGET(YIELD_VALUE) {
		retval = POP();
		if (arg) {
			extern Value agen_wrap(Value v);
			retval = agen_wrap(retval);
			if (IS_NULL(retval))
				ERROR();
		}
		SAVE_FRAME();
		f->yielded = true;
		goto exit_frame;
	}
	TARGET(GET_YIELD_FROM_ITER) {
		Value o = TOP();
		if (obj_is(o, &coro_type) && !(co->flags & (CO_COROUTINE | CO_ITERABLE_COROUTINE))) {
			SAVE_FRAME();
			err_format(Exc_TypeError, "cannot 'yield from' a coroutine object in a non-coroutine generator");
			ERROR();
		}
		if (obj_is(o, &gen_type) || obj_is(o, &coro_type))
			DISPATCH();
		SAVE_FRAME();
		Value it = obj_iter(o);
		if (IS_NULL(it))
			ERROR();
		TOP() = it;
		val_decref(o);
		DISPATCH();
	}
	TARGET(YIELD_FROM) {
		Value v = POP();
		Value it = TOP();
		SAVE_FRAME();
		Value r;
		int st = send_into(it, v, &r);
		val_decref(v);
		if (st < 0)
			ERROR();
		if (st == 1) {
			/* re-execute this instruction when resumed */
			ip--;
			retval = r;
			SAVE_FRAME();
			f->yielded = true;
			goto exit_frame;
		}
		TOP() = r;
		val_decref(it);
		DISPATCH();
	}
	TARGET(GET_AWAITABLE) {
		Value o = TOP();
		SAVE_FRAME();
		Value a = get_awaitable(o);
		if (IS_NULL(a))
			ERROR();
		TOP() = a;
		val_decref(o);
		DISPATCH();
	}
	TARGET(GET_AITER) {
		Value o = TOP();
		SAVE_FRAME();
		Type *t = val_type(o);
		if (IS_NULL(type_lookup(t, ID(__aiter__)))) {
			err_format(Exc_TypeError, "'async for' requires an object with __aiter__ method, got %s", t->name);
			ERROR();
		}
		Value it = call_method(o, ID(__aiter__), NULL, 0);
		if (IS_NULL(it))
			ERROR();
		TOP() = it;
		val_decref(o);
		DISPATCH();
	}
	TARGET(GET_ANEXT) {
		Value it = TOP();
		SAVE_FRAME();
		Value r = call_method(it, ID(__anext__), NULL, 0);
		if (IS_NULL(r))
			ERROR();
		PUSH(r);
		DISPATCH();
	}
	TARGET(END_ASYNC_FOR) {
		/* [iter, exc] */
		Value exc = POP();
		if (!type_is_subtype(val_type(exc), Exc_StopAsyncIteration)) {
			err_restore(exc.u.o);
			reraise = true;
			ERROR();
		}
		val_decref(exc);
		val_decref(POP());
		DISPATCH();
	}
	TARGET(LOAD_ASSERTION_ERROR) { PUSH(val_incref(v_obj(&Exc_AssertionError->ob))); DISPATCH(); }
	TARGET(SETUP_ANNOTATIONS) {
		Dict *d = f->locals ? f->locals : f->globals;
		if (IS_NULL(dict_get_str(d, ID(__annotations__)))) {
			Dict *a = dict_new();
			dict_set_str(d, ID(__annotations__), v_obj(&a->ob));
			obj_decref(&a->ob);
		}
		DISPATCH();
	}
	TARGET(PRINT_EXPR) {
		Value v = POP();
		if (!IS_NONE(v)) {
			Value r = obj_repr(v);
			if (!IS_NULL(r)) {
				out_write(1, AS_STR(r)->data, AS_STR(r)->nbytes);
				out_write(1, "\n", 1);
				val_decref(r);
			}
		}
		val_decref(v);
		DISPATCH();
	}
	TARGET(LOAD_LOCALS) {
		Dict *d = f->locals ? f->locals : f->globals;
		PUSH(val_incref(v_obj(&d->ob)));
		DISPATCH();
	}
	TARGET(RETURN_GENERATOR)
	TARGET(MATCH_CLASS)
	TARGET(MATCH_MAPPING)
	TARGET(MATCH_SEQUENCE)
	TARGET(MATCH_KEYS)
	TARGET(GET_LEN)
	TARGET(COPY_DICT_WITHOUT_KEYS)
	{
		extern int vm_match_op(int op, uint32_t arg, Value **spp);
		SAVE_FRAME();
		/* through a copy: sp's address taken kept it in memory in
		 * every instruction of the loop */
		Value *msp = sp;
		int rc = vm_match_op((int)INSN_OP(insn), arg, &msp);
		sp = msp;
		if (rc < 0)
			ERROR();
		DISPATCH();
	}

error:
	/* vm.exc is set; attach this frame to the traceback unless re-raised */
	if (!vm.exc)
		err_format(Exc_SystemError, "error return without exception set");
	if (!reraise) {
		f->ip = ip;
		exc_add_tb_at(vm.exc, co, frame_lasti(f));
	}
	reraise = false;
unwind:
	if (f->nblocks > 0) {
		Block b = f->blocks[--f->nblocks];
		Value *level = f->stack + b.level;
		while (sp > level)
			val_decref(POP());
		Obj *e = err_fetch();
		if (!(e->type->flags & TF_EXC_SUB)) {
			/* should not happen: only exceptions are raised */
		}
		PUSH(v_obj(e));
		ip = co->insns + b.handler;
		DISPATCH();
	}
	/* no handler here: pop the frame */
	f->sp = sp;
	if (!f->gen)
		hold_locals_in_traceback(f);
	if (f->entry) {
		retval = v_null();
		f->yielded = false;
		goto exit_frame;
	}
	{
		Frame *back = f->back;
		frame_release(f);
		vm.depth--;
		f = back;
		LOAD_FRAME();
		exc_add_tb_at(vm.exc, co, frame_lasti(f));
		goto unwind;
	}

exit_frame:
	vm.frame = saved_frame;
	vm.depth--;
	if (!f->gen)
		frame_release(f);
	(void)entry;
	return retval;
#undef PUSH
#undef POP
#undef TOP
}
