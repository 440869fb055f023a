/* exc.c -- exceptions: the pending-exception state (err_*), the builtin
 * exception hierarchy of CPython 3.11 with its str()/repr() rules and the
 * per-type attributes (StopIteration.value, SystemExit.code, OSError.errno,
 * KeyError's repr-str, SyntaxError fields), tracebacks and implicit chaining.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

VMState vm;
static Exc *prealloc_memerr;

Type *Exc_BaseException, *Exc_Exception, *Exc_TypeError, *Exc_ValueError,
	*Exc_NameError, *Exc_UnboundLocalError, *Exc_AttributeError, *Exc_KeyError,
	*Exc_IndexError, *Exc_LookupError, *Exc_ZeroDivisionError,
	*Exc_ArithmeticError, *Exc_OverflowError, *Exc_RuntimeError,
	*Exc_RecursionError, *Exc_NotImplementedError, *Exc_StopIteration,
	*Exc_StopAsyncIteration, *Exc_GeneratorExit, *Exc_SystemExit,
	*Exc_KeyboardInterrupt, *Exc_MemoryError, *Exc_AssertionError,
	*Exc_ImportError, *Exc_ModuleNotFoundError, *Exc_SyntaxError,
	*Exc_IndentationError, *Exc_TabError, *Exc_UnicodeError,
	*Exc_UnicodeEncodeError, *Exc_UnicodeDecodeError, *Exc_OSError,
	*Exc_FileNotFoundError, *Exc_PermissionError, *Exc_FileExistsError,
	*Exc_IsADirectoryError, *Exc_NotADirectoryError, *Exc_TimeoutError,
	*Exc_EOFError, *Exc_BufferError, *Exc_FloatingPointError,
	*Exc_ReferenceError, *Exc_SystemError, *Exc_Warning, *Exc_UserWarning,
	*Exc_DeprecationWarning, *Exc_RuntimeWarning;
static Type *Exc_UnicodeTranslateError;

/* ---- pending exception ---------------------------------------------------- */

static void set_context(Exc *e)
{
	Obj *h = err_handled_topmost();
	if (!h || h == &e->ob || e->context)
		return;
	/* avoid cycles: cut h's context chain where it reaches e */
	Exc *o = (Exc *)h;
	int guard = 0;
	while (o && guard++ < 1000) {
		Exc *next = (Exc *)o->context;
		if (next == e) {
			o->context = NULL;
			obj_decref(&e->ob);
			break;
		}
		o = next;
	}
	obj_incref(h);
	e->context = h;
}

void err_set_obj(Obj *exc)
{
	if (vm.exc)
		obj_decref(vm.exc);
	if (exc && (exc->type->flags & TF_EXC_SUB))
		set_context((Exc *)exc);
	vm.exc = exc;
}

void err_set_value(Type *t, Value arg)
{
	Value e = exc_new(t, IS_NULL(arg) ? NULL : &arg, IS_NULL(arg) ? 0 : 1);
	if (IS_NULL(e))
		return;
	err_set_obj(e.u.o);
}

void err_set_str(Type *t, const char *msg)
{
	Str *s = str_cstr(msg);
	if (!s)
		return;
	err_set_value(t, str_value(s));
	obj_decref(&s->ob);
}

void err_format(Type *t, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	err_set_str(t, buf);
}

Value err_null_format(Type *t, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	err_set_str(t, buf);
	return v_null();
}

bool err_occurred(void) { return vm.exc != NULL; }
Obj *err_peek(void) { return vm.exc; }

Obj *err_fetch(void)
{
	Obj *e = vm.exc;
	vm.exc = NULL;
	return e;
}

void err_restore(Obj *exc)
{
	if (vm.exc)
		obj_decref(vm.exc);
	vm.exc = exc;
}

bool err_matches(Type *t)
{
	return vm.exc && type_is_subtype(vm.exc->type, t);
}

void err_clear(void)
{
	if (vm.exc) {
		Obj *e = vm.exc;
		vm.exc = NULL;
		obj_decref(e);
	}
}

void err_no_memory(void)
{
	if (!prealloc_memerr) {
		fputs("MemoryError\n", stderr);
		_exit(1);
	}
	/* drop any traceback of an earlier use */
	if (prealloc_memerr->tb) {
		TB *tb = prealloc_memerr->tb;
		prealloc_memerr->tb = NULL;
		obj_decref(&tb->ob);
	}
	obj_incref(&prealloc_memerr->ob);
	if (vm.exc)
		obj_decref(vm.exc);
	vm.exc = &prealloc_memerr->ob;
}

void err_key(Value key)
{
	Value e = exc_new(Exc_KeyError, &key, 1);
	if (!IS_NULL(e))
		err_set_obj(e.u.o);
}

/* Natives that call back into Python recurse on the C stack.  Besides the
 * count, the stack used since the outermost re-entry is bounded, so that a
 * high sys.setrecursionlimit() lets memoized recursion (lru_cache, key=
 * callbacks) go as deep as CPython's while an overflow is still a
 * RecursionError, not SIGSEGV.  The budget is three quarters of the
 * stack's soft limit (at most 48 MiB), leaving the rest for the innermost
 * native's own needs; 1 MiB when the limit was not read. */
static uintptr_t c_stack_base, c_stack_budget = (uintptr_t)1 << 20;

void interp_note_stack_limit(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_STACK, &rl) != 0)
		return;
	rlim_t cap = (rlim_t)64 << 20;
	rlim_t lim = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > cap ? cap : rl.rlim_cur;
	c_stack_budget = (uintptr_t)(lim / 4 * 3);
}

static bool c_stack_exhausted(void)
{
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);
	if (vm.cdepth == 0) {
		c_stack_base = here;
		return false;
	}
	return c_stack_base > here && c_stack_base - here > c_stack_budget;
}

bool enter_recursion(const char *where)
{
	int climit = vm.depth_limit < C_RECURSION_LIMIT ? vm.depth_limit : C_RECURSION_LIMIT;
	if (vm.depth + 1 > vm.depth_limit || vm.cdepth + 1 > climit || c_stack_exhausted()) {
		err_format(Exc_RecursionError, "maximum recursion depth exceeded%s", where);
		return false;
	}
	vm.depth++;
	vm.cdepth++;
	return true;
}

bool enter_c_stack(const char *where)
{
	if (c_stack_exhausted()) {
		err_format(Exc_RecursionError, "maximum recursion depth exceeded%s", where);
		return false;
	}
	vm.cdepth++;
	return true;
}

bool enter_c_call(void)
{
	int climit = vm.depth_limit < C_RECURSION_LIMIT ? vm.depth_limit : C_RECURSION_LIMIT;
	if (vm.cdepth + 1 > climit || c_stack_exhausted()) {
		err_format(Exc_RecursionError, "maximum recursion depth exceeded");
		return false;
	}
	vm.cdepth++;
	return true;
}

/* ---- exception objects --------------------------------------------------- */

bool is_exc_type(Value v)
{
	return val_isinstance(v, &type_type) && (((Type *)v.u.o)->flags & TF_EXC_SUB);
}

bool is_exc_instance(Value v)
{
	return v.tag == V_OBJ && (v.u.o->type->flags & TF_EXC_SUB);
}

static Value exc_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Exc *e = (Exc *)obj_alloc(t, t->basicsize);
	if (!e)
		return v_null();
	e->args = tuple_from(args, nargs);
	e->note = v_none();
	return v_obj(&e->ob);
}

static void exc_fill_extra(Exc *e);

static int exc_tp_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = val_type(self);
	if (kw && kw->n && !(t->flags & TF_HEAPTYPE)) {
		err_format(Exc_TypeError, "%s() takes no keyword arguments", t->name);
		return -1;
	}
	Exc *e = (Exc *)self.u.o;
	Tuple *a = tuple_from(args, nargs);
	if (!a)
		return -1;
	obj_decref(&e->args->ob);
	e->args = a;
	exc_fill_extra(e);
	return 0;
}

Value exc_new(Type *t, const Value *args, size_t n)
{
	Value r = type_call(v_obj(&t->ob), args, n, NULL);
	return r;
}

static void exc_dealloc(Obj *o)
{
	Exc *e = (Exc *)o;
	obj_xdecref(e->dict ? &e->dict->ob : NULL);
	obj_xdecref(e->args ? &e->args->ob : NULL);
	obj_xdecref(e->tb ? &e->tb->ob : NULL);
	obj_xdecref(e->cause);
	obj_xdecref(e->context);
	val_decref(e->note);
	obj_free(o);
}

static void exc_traverse(Obj *o, visitfn visit, void *arg)
{
	Exc *e = (Exc *)o;
	if (e->dict) visit(v_obj(&e->dict->ob), arg);
	if (e->args) visit(v_obj(&e->args->ob), arg);
	if (e->cause) visit(v_obj(e->cause), arg);
	if (e->context) visit(v_obj(e->context), arg);
	if (e->tb) visit(v_obj(&e->tb->ob), arg);
	visit(e->note, arg);
}

/* cycle collector: drop the chained exceptions and the extra value (the
 * instance dict and args are containers cleared on their own) */
static void exc_clear(Obj *o)
{
	Exc *e = (Exc *)o;
	Obj *c = e->cause, *x = e->context;
	TB *tb = e->tb;
	e->cause = e->context = NULL;
	e->tb = NULL;
	Value n = e->note;
	e->note = v_none();
	obj_xdecref(c);
	obj_xdecref(x);
	obj_xdecref(tb ? &tb->ob : NULL);
	val_decref(n);
}

Value exc_args_str(Exc *e)
{
	Tuple *a = e->args;
	if (!a || a->n == 0)
		return str_value(str_empty());
	if (a->n == 1)
		return obj_str(a->items[0]);
	return obj_str(v_obj(&a->ob));
}

static Value exc_dict_attr(Exc *e, const char *name)
{
	Str *k = str_intern(name);
	Value v = e->dict ? dict_get_str(e->dict, k) : v_null();
	obj_decref(&k->ob);
	return v;
}

/* CPython's message from the attributes, as they are now; v_null() when
 * they do not have the shape the constructor gave them */
static Value unicode_exc_str(Exc *e, Type *t)
{
	Value enc = exc_dict_attr(e, "encoding"), obj = exc_dict_attr(e, "object");
	Value reason = exc_dict_attr(e, "reason");
	int64_t start, end;
	if (IS_NULL(enc) || IS_NULL(reason) || !int_as_i64(exc_dict_attr(e, "start"), &start) ||
	    !int_as_i64(exc_dict_attr(e, "end"), &end) || end == INT64_MIN)
		return v_null();
	StrBuf b;
	sb_init(&b);
	bool decode = type_is_subtype(t, Exc_UnicodeDecodeError);
	const char *what = decode ? "decode" : type_is_subtype(t, Exc_UnicodeEncodeError) ? "encode" : NULL;
	if (what) {
		sb_addc(&b, '\'');
		sb_add_strv(&b, enc);
		sb_printf(&b, "' codec can't %s ", what);
	} else {
		sb_adds(&b, "can't translate ");
	}
	if (decode && IS_BYTES(obj) && start >= 0 && (size_t)start < ((Bytes *)obj.u.o)->n && end == start + 1) {
		sb_printf(&b, "byte 0x%02x", ((Bytes *)obj.u.o)->data[start]);
	} else if (!decode && IS_STR(obj) && start >= 0 && (size_t)start < AS_STR(obj)->len && end == start + 1) {
		uint32_t c = str_char_at(AS_STR(obj), (size_t)start);
		sb_printf(&b, c <= 0xff ? "character '\\x%02x'" : c <= 0xffff ? "character '\\u%04x'" :
			  "character '\\U%08x'", (unsigned)c);
	} else {
		sb_printf(&b, "%s in position %lld-%lld: ", decode ? "bytes" : "characters",
			  (long long)start, (long long)end - 1);
		sb_add_strv(&b, reason);
		return str_value(sb_finish(&b));
	}
	sb_printf(&b, " in position %lld: ", (long long)start);
	sb_add_strv(&b, reason);
	return str_value(sb_finish(&b));
}

static Value exc_str(Value v)
{
	Exc *e = (Exc *)v.u.o;
	Type *t = val_type(v);
	if (type_is_subtype(t, Exc_UnicodeError)) {
		Value s = unicode_exc_str(e, t);
		if (!IS_NULL(s) || err_occurred())
			return s;
	}
	if (type_is_subtype(t, Exc_UnicodeError) && IS_STR(e->note))
		return val_incref(e->note);
	if (type_is_subtype(t, Exc_KeyError) && e->args && e->args->n == 1)
		return obj_repr(e->args->items[0]);
	if (type_is_subtype(t, Exc_OSError) && e->dict) {
		/* CPython's OSError_str reads the attributes as they are now */
		Str *k_errno = str_intern("errno"), *k_fn2 = str_intern("filename2");
		Value no = dict_get_str(e->dict, k_errno), se = dict_get_str(e->dict, ID(strerror));
		Value fn = dict_get_str(e->dict, ID(filename)), fn2 = dict_get_str(e->dict, k_fn2);
		obj_decref(&k_errno->ob);
		obj_decref(&k_fn2->ob);
		bool has_fn = !IS_NULL(fn) && !IS_NONE(fn);
		if (has_fn || (!IS_NULL(no) && !IS_NONE(no) && !IS_NULL(se) && !IS_NONE(se))) {
			StrBuf b;
			sb_init(&b);
			sb_adds(&b, "[Errno ");
			sb_add_strv(&b, IS_NULL(no) ? v_none() : no);
			sb_adds(&b, "] ");
			sb_add_strv(&b, IS_NULL(se) ? v_none() : se);
			if (has_fn) {
				sb_adds(&b, ": ");
				sb_add_repr(&b, fn);
				if (!IS_NULL(fn2) && !IS_NONE(fn2)) {
					sb_adds(&b, " -> ");
					sb_add_repr(&b, fn2);
				}
			}
			return str_value(sb_finish(&b));
		}
	}
	if (type_is_subtype(t, Exc_SyntaxError) && e->dict) {
		Value msg = dict_get_str(e->dict, ID(msg));
		Value ln = dict_get_str(e->dict, ID(lineno));
		Value fn = dict_get_str(e->dict, ID(filename));
		if (!IS_NULL(msg) && !IS_NONE(msg)) {
			StrBuf b;
			sb_init(&b);
			sb_add_strv(&b, msg);
			if (!IS_NULL(ln) && !IS_NONE(ln)) {
				sb_adds(&b, " (");
				if (!IS_NULL(fn) && IS_STR(fn)) {
					const char *f = AS_STR(fn)->data, *slash = strrchr(f, '/');
					sb_adds(&b, slash ? slash + 1 : f);
					sb_adds(&b, ", ");
				}
				sb_adds(&b, "line ");
				sb_add_strv(&b, ln);
				sb_addc(&b, ')');
			}
			return str_value(sb_finish(&b));
		}
	}
	return exc_args_str(e);
}

static Value exc_repr(Value v)
{
	Exc *e = (Exc *)v.u.o;
	Type *t = val_type(v);
	StrBuf b;
	sb_init(&b);
	const char *nm = t->name;
	const char *dot = strrchr(nm, '.');
	sb_adds(&b, dot ? dot + 1 : nm);
	if (!e->args || e->args->n == 0) {
		sb_adds(&b, "()");
	} else if (e->args->n == 1) {
		sb_addc(&b, '(');
		sb_add_repr(&b, e->args->items[0]);
		sb_addc(&b, ')');
	} else {
		sb_add_repr(&b, v_obj(&e->args->ob));
	}
	return str_value(sb_finish(&b));
}

static Value exc_get_args(Value v)
{
	Exc *e = (Exc *)v.u.o;
	obj_incref(&e->args->ob);
	return v_obj(&e->args->ob);
}

static int exc_set_args(Value v, Value a)
{
	Exc *e = (Exc *)v.u.o;
	if (IS_NULL(a)) {
		err_format(Exc_TypeError, "args may not be deleted");
		return -1;
	}
	Value t = seq_to_tuple(a);
	if (IS_NULL(t))
		return -1;
	obj_decref(&e->args->ob);
	e->args = AS_TUPLE(t);
	return 0;
}

static Value exc_get_tb(Value v)
{
	Exc *e = (Exc *)v.u.o;
	if (!e->tb)
		return v_none();
	obj_incref(&e->tb->ob);
	return v_obj(&e->tb->ob);
}

static int exc_set_tb(Value v, Value tb)
{
	Exc *e = (Exc *)v.u.o;
	if (IS_NULL(tb) || (!IS_NONE(tb) && !obj_is(tb, &tb_type))) {
		err_format(Exc_TypeError, "__traceback__ must be a traceback or None");
		return -1;
	}
	TB *old = e->tb;
	e->tb = IS_NONE(tb) ? NULL : (TB *)val_incref(tb).u.o;
	obj_xdecref(old ? &old->ob : NULL);
	return 0;
}

static Value exc_get_cause(Value v)
{
	Exc *e = (Exc *)v.u.o;
	if (!e->cause)
		return v_none();
	obj_incref(e->cause);
	return v_obj(e->cause);
}

static int exc_set_cause(Value v, Value c)
{
	Exc *e = (Exc *)v.u.o;
	if (IS_NULL(c) || (!IS_NONE(c) && !is_exc_instance(c))) {
		err_format(Exc_TypeError, "exception cause must be None or derive from BaseException");
		return -1;
	}
	Obj *old = e->cause;
	e->cause = IS_NONE(c) ? NULL : val_incref(c).u.o;
	e->suppress_context = true;
	obj_xdecref(old);
	return 0;
}

static Value exc_get_context(Value v)
{
	Exc *e = (Exc *)v.u.o;
	if (!e->context)
		return v_none();
	obj_incref(e->context);
	return v_obj(e->context);
}

static int exc_set_context(Value v, Value c)
{
	Exc *e = (Exc *)v.u.o;
	if (IS_NULL(c) || (!IS_NONE(c) && !is_exc_instance(c))) {
		err_format(Exc_TypeError, "exception context must be None or derive from BaseException");
		return -1;
	}
	Obj *old = e->context;
	e->context = IS_NONE(c) ? NULL : val_incref(c).u.o;
	obj_xdecref(old);
	return 0;
}

static Value exc_get_suppress(Value v) { return v_bool(((Exc *)v.u.o)->suppress_context); }

static int exc_set_suppress(Value v, Value s)
{
	int t = IS_NULL(s) ? 0 : obj_truth(s);
	if (t < 0)
		return -1;
	((Exc *)v.u.o)->suppress_context = t;
	return 0;
}

static Value exc_with_traceback(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("with_traceback", nargs, kw, 1, 1))
		return v_null();
	if (exc_set_tb(self, args[0]) < 0)
		return v_null();
	return val_incref(self);
}

/* BaseException.__reduce__ (and __reduce_ex__, which CPython routes to it):
 * (type(self), self.args), plus the instance dict when it holds anything. */
static Value exc_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__reduce__", nargs, kw, 0, 0))
		return v_null();
	Exc *e = (Exc *)self.u.o;
	Value parts[3] = {v_obj(&e->ob.type->ob), v_obj(&e->args->ob),
			  e->dict ? v_obj(&e->dict->ob) : v_none()};
	Tuple *t = tuple_from(parts, e->dict && e->dict->used ? 3 : 2);
	return t ? v_obj(&t->ob) : v_null();
}

static Value exc_reduce_ex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__reduce_ex__", nargs, kw, 1, 1))
		return v_null();
	return exc_reduce(self, NULL, 0, NULL);
}

static Value exc_add_note(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("add_note", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "note must be a str, not '%s'", type_name_of(args[0]));
	Exc *e = (Exc *)self.u.o;
	if (!e->dict && !(e->dict = dict_new()))
		return v_null();
	Str *key = str_intern("__notes__");
	Value notes = dict_get_str(e->dict, key);
	if (IS_NULL(notes)) {
		List *l = list_new(0);
		dict_set_str(e->dict, key, v_obj(&l->ob));
		notes = v_obj(&l->ob);
		obj_decref(&l->ob);
	}
	obj_decref(&key->ob);
	if (IS_LIST(notes))
		list_append(AS_LIST(notes), args[0]);
	return v_none();
}

/* BlockingIOError exactly (its third argument may be a count) */
static Type *exc_blocking_io;

/* per-type attributes kept in the instance dict, derived from args */
static void exc_fill_extra(Exc *e)
{
	Type *t = e->ob.type;
	Tuple *a = e->args;
	if (!e->dict && !(e->dict = dict_new()))
		return;
	if (type_is_subtype(t, Exc_StopIteration)) {
		dict_set_str(e->dict, ID(value), a->n ? a->items[0] : v_none());
	} else if (type_is_subtype(t, Exc_SystemExit)) {
		dict_set_str(e->dict, ID(code), a->n == 0 ? v_none() : a->n == 1 ? a->items[0] : v_obj(&a->ob));
	} else if (type_is_subtype(t, Exc_OSError)) {
		/* OSError(errno, strerror[, filename[, winerror[, filename2]]]),
		 * as CPython's oserror_parse_args/oserror_init: a filename (not
		 * None) is taken out of .args, which keeps (errno, strerror);
		 * filename2 counts only with a filename; BlockingIOError's third
		 * argument, a number, is characters_written instead */
		Value none = v_none();
		bool full = a->n >= 2 && a->n <= 5;
		Value fn = full && a->n >= 3 ? a->items[2] : none;
		Value fn2 = full && a->n == 5 && !IS_NONE(fn) ? a->items[4] : none;
		Str *k_errno = str_intern("errno"), *k_fn2 = str_intern("filename2");
		dict_set_str(e->dict, k_errno, full ? a->items[0] : none);
		dict_set_str(e->dict, ID(strerror), full ? a->items[1] : none);
		obj_decref(&k_errno->ob);
		if (!IS_NONE(fn) && t == exc_blocking_io && (is_intlike(fn) || val_type(fn)->index)) {
			Str *k_cw = str_intern("characters_written");
			Value n = obj_index(fn);
			if (!IS_NULL(n))
				dict_set_str(e->dict, k_cw, n);
			val_decref(n);
			obj_decref(&k_cw->ob);
			fn = none;
		}
		dict_set_str(e->dict, ID(filename), fn);
		dict_set_str(e->dict, k_fn2, fn2);
		obj_decref(&k_fn2->ob);
		if (!IS_NONE(fn)) {
			Tuple *two = tuple_from(a->items, 2);
			if (two) {
				e->args = two;
				obj_decref(&a->ob);
			}
		}
	} else if (type_is_subtype(t, Exc_SyntaxError)) {
		Value none = v_none();
		dict_set_str(e->dict, ID(msg), a->n >= 1 ? a->items[0] : none);
		Value fn = none, ln = none, off = none, txt = none;
		if (a->n >= 2 && IS_TUPLE(a->items[1]) && AS_TUPLE(a->items[1])->n >= 4) {
			Tuple *d = AS_TUPLE(a->items[1]);
			fn = d->items[0];
			ln = d->items[1];
			off = d->items[2];
			txt = d->items[3];
		}
		dict_set_str(e->dict, ID(filename), fn);
		dict_set_str(e->dict, ID(lineno), ln);
		dict_set_str(e->dict, ID(offset), off);
		dict_set_str(e->dict, ID(text), txt);
	} else if (type_is_subtype(t, Exc_NameError) || type_is_subtype(t, Exc_AttributeError)) {
		dict_set_str(e->dict, ID(name), v_none());
	} else if (type_is_subtype(t, Exc_ImportError)) {
		dict_set_str(e->dict, ID(name), v_none());
		dict_set_str(e->dict, ID(msg), a->n == 1 ? a->items[0] : v_none());
	} else if (type_is_subtype(t, Exc_UnicodeError)) {
		/* (encoding, object, start, end, reason); UnicodeTranslateError
		 * has no encoding (None) */
		static const char *names[] = {"encoding", "object", "start", "end", "reason"};
		size_t want = type_is_subtype(t, Exc_UnicodeEncodeError) ||
			type_is_subtype(t, Exc_UnicodeDecodeError) ? 5 :
			type_is_subtype(t, Exc_UnicodeTranslateError) ? 4 : 0;
		if (!want || a->n != want)
			return;
		for (size_t i = 0; i < 5; i++) {
			Str *k = str_intern(names[i]);
			dict_set_str(e->dict, k, i + want < 5 ? v_none() : a->items[i + want - 5]);
			obj_decref(&k->ob);
		}
	}
}

/* Every builtin exception class by name, kept apart from the builtins dict
 * the script can change: a script that rebinds `PermissionError` still gets
 * the real class from OSError(13, ...) and from a refused host call. */
static Dict *builtin_exc_types;

Type *exc_builtin_type_named(const char *name)
{
	if (!builtin_exc_types || !name)
		return NULL;
	Str *k = str_cstr(name);
	if (!k)
		return NULL;
	Value c = dict_get_str(builtin_exc_types, k);
	obj_decref(&k->ob);
	return IS_NULL(c) ? NULL : (Type *)c.u.o;
}

/* OSError(errno, ...) constructs the subclass that errno names (Linux
 * numbering), as CPython does, when called on OSError itself. */
static Type *oserror_subclass(const Value *args, size_t nargs)
{
	static const struct { int err; const char *name; } map[] = {
		{1, "PermissionError"}, {2, "FileNotFoundError"}, {3, "ProcessLookupError"},
		{4, "InterruptedError"}, {10, "ChildProcessError"}, {11, "BlockingIOError"},
		{13, "PermissionError"}, {17, "FileExistsError"}, {20, "NotADirectoryError"},
		{21, "IsADirectoryError"}, {32, "BrokenPipeError"}, {103, "ConnectionAbortedError"},
		{104, "ConnectionResetError"}, {108, "BrokenPipeError"}, {110, "TimeoutError"},
		{111, "ConnectionRefusedError"}, {114, "BlockingIOError"}, {115, "BlockingIOError"},
	};
	if (nargs < 2 || nargs > 5 || args[0].tag != V_INT)
		return NULL;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].err == args[0].u.i)
			return exc_builtin_type_named(map[i].name);
	return NULL;
}

static Value exc_tp_new_full(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (t == Exc_OSError) {
		Type *sub = oserror_subclass(args, nargs);
		if (sub)
			t = sub;
	}
	/* An OSError subclass with its own __init__ (and not __new__) leaves
	 * the arguments to that __init__: args stays () (CPython's
	 * oserror_use_init). */
	bool use_init = t->init && t->init != exc_tp_init && (!t->new || t->new == exc_tp_new_full) &&
		type_is_subtype(t, Exc_OSError);
	Value r = exc_tp_new(t, args, use_init ? 0 : nargs, kw);
	if (!IS_NULL(r))
		exc_fill_extra((Exc *)r.u.o);
	return r;
}

static void tb_push(Obj *exc, Code *code, int line, int lasti)
{
	if (!(exc->type->flags & TF_EXC_SUB))
		return;
	Exc *e = (Exc *)exc;
	TB *tb = (TB *)obj_alloc(&tb_type, sizeof(TB));
	if (!tb)
		return;
	tb->next = e->tb;
	obj_incref(&code->ob);
	tb->code = code;
	tb->line = line;
	tb->lasti = lasti;
	e->tb = tb;
}

void exc_add_tb(Obj *exc, Code *code, int line)
{
	tb_push(exc, code, line, -1);
}

/* The line is found from the instruction only when someone asks: raising
 * and catching in a loop never decodes the position table. */
void exc_add_tb_at(Obj *exc, Code *code, int lasti)
{
	tb_push(exc, code, TB_LINE_UNKNOWN, lasti);
}

int tb_line(TB *tb)
{
	if (tb->line == TB_LINE_UNKNOWN) {
		struct code_pos p;
		tb->line = code_position(tb->code, tb->lasti, &p) ? p.line : tb->code->firstline;
	}
	return tb->line;
}

static void tb_dealloc(Obj *o)
{
	TB *tb = (TB *)o;
	obj_xdecref(tb->next ? &tb->next->ob : NULL);
	obj_decref(&tb->code->ob);
	obj_xdecref(tb->held ? &tb->held->ob : NULL);
	obj_free(o);
}

static void tb_traverse(Obj *o, visitfn visit, void *arg)
{
	TB *tb = (TB *)o;
	if (tb->next)
		visit(v_obj(&tb->next->ob), arg);
	if (tb->held)
		visit(v_obj(&tb->held->ob), arg);
}

static void tb_clear(Obj *o)
{
	TB *tb = (TB *)o;
	Tuple *h = tb->held;
	TB *next = tb->next;
	tb->held = NULL;
	tb->next = NULL;
	obj_xdecref(h ? &h->ob : NULL);
	obj_xdecref(next ? &next->ob : NULL);
}

/* The frame whose entry heads exc's traceback is being left by exc: its
 * locals (steals the reference) stay alive with that entry. */
void exc_hold_frame_locals(Obj *exc, Tuple *locals)
{
	Exc *e = (exc->type->flags & TF_EXC_SUB) ? (Exc *)exc : NULL;
	if (!e || !e->tb || e->tb->held) {
		obj_decref(&locals->ob);
		return;
	}
	e->tb->held = locals;
}

static Value tb_get_lineno(Value v) { return v_int(tb_line((TB *)v.u.o)); }
static Value tb_get_next(Value v)
{
	TB *tb = (TB *)v.u.o;
	if (!tb->next)
		return v_none();
	obj_incref(&tb->next->ob);
	return v_obj(&tb->next->ob);
}

/* ---- the hierarchy -------------------------------------------------------- */

Type *exc_type_new_builtin(Dict *builtins, const char *name, Type *base)
{
	Type *t = mem_calloc(1, sizeof(Type));
	t->flags = TF_BASETYPE | TF_EXC_SUB;
	t->dictoffset = offsetof(Exc, dict);
	t->basicsize = sizeof(Exc);
	t->dealloc = exc_dealloc;
	t->traverse = exc_traverse;
	t->clear = exc_clear;
	type_init_builtin(t, name, base);
	t->base = base;
	t->new = base ? NULL : exc_tp_new_full;
	Str *key = str_intern(name);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("builtins")));
	dict_set_str(builtins, key, v_obj(&t->ob));
	if (!builtin_exc_types)
		builtin_exc_types = dict_new();
	dict_set_str(builtin_exc_types, key, v_obj(&t->ob));
	obj_decref(&key->ob);
	return t;
}

void exc_types_init(Dict *b)
{
	Type *B = exc_type_new_builtin(b, "BaseException", &object_type);
	B->new = exc_tp_new_full;
	B->init = exc_tp_init;
	B->repr = exc_repr;
	B->str = exc_str;
	GetSet *g;
	type_add_getset(B, "args", exc_get_args);
	g = (GetSet *)dict_get_str(B->dict, str_intern("args")).u.o;
	g->set = exc_set_args;
	type_add_getset(B, "__traceback__", exc_get_tb);
	g = (GetSet *)dict_get_str(B->dict, ID(__traceback__)).u.o;
	g->set = exc_set_tb;
	type_add_getset(B, "__cause__", exc_get_cause);
	g = (GetSet *)dict_get_str(B->dict, ID(__cause__)).u.o;
	g->set = exc_set_cause;
	type_add_getset(B, "__context__", exc_get_context);
	g = (GetSet *)dict_get_str(B->dict, ID(__context__)).u.o;
	g->set = exc_set_context;
	type_add_getset(B, "__suppress_context__", exc_get_suppress);
	g = (GetSet *)dict_get_str(B->dict, ID(__suppress_context__)).u.o;
	g->set = exc_set_suppress;
	type_add_method(B, "with_traceback", exc_with_traceback, 0);
	type_add_method(B, "add_note", exc_add_note, 0);
	type_add_method(B, "__reduce__", exc_reduce, 0);
	type_add_method(B, "__reduce_ex__", exc_reduce_ex, 0);
	Exc_BaseException = B;

#define E(var, name, base) var = exc_type_new_builtin(b, name, base)
	E(Exc_GeneratorExit, "GeneratorExit", B);
	E(Exc_KeyboardInterrupt, "KeyboardInterrupt", B);
	E(Exc_SystemExit, "SystemExit", B);
	E(Exc_Exception, "Exception", B);
	Type *X = Exc_Exception;
	E(Exc_ArithmeticError, "ArithmeticError", X);
	E(Exc_FloatingPointError, "FloatingPointError", Exc_ArithmeticError);
	E(Exc_OverflowError, "OverflowError", Exc_ArithmeticError);
	E(Exc_ZeroDivisionError, "ZeroDivisionError", Exc_ArithmeticError);
	E(Exc_AssertionError, "AssertionError", X);
	E(Exc_AttributeError, "AttributeError", X);
	E(Exc_BufferError, "BufferError", X);
	E(Exc_EOFError, "EOFError", X);
	E(Exc_ImportError, "ImportError", X);
	E(Exc_ModuleNotFoundError, "ModuleNotFoundError", Exc_ImportError);
	E(Exc_LookupError, "LookupError", X);
	E(Exc_IndexError, "IndexError", Exc_LookupError);
	E(Exc_KeyError, "KeyError", Exc_LookupError);
	E(Exc_MemoryError, "MemoryError", X);
	E(Exc_NameError, "NameError", X);
	E(Exc_UnboundLocalError, "UnboundLocalError", Exc_NameError);
	E(Exc_OSError, "OSError", X);
	dict_set_str(b, str_intern("EnvironmentError"), v_obj(&Exc_OSError->ob));
	dict_set_str(b, str_intern("IOError"), v_obj(&Exc_OSError->ob));
	Type *O = Exc_OSError, *tmp;
	E(exc_blocking_io, "BlockingIOError", O);
	E(tmp, "ChildProcessError", O);
	Type *conn;
	E(conn, "ConnectionError", O);
	E(tmp, "BrokenPipeError", conn);
	E(tmp, "ConnectionAbortedError", conn);
	E(tmp, "ConnectionRefusedError", conn);
	E(tmp, "ConnectionResetError", conn);
	E(Exc_FileExistsError, "FileExistsError", O);
	E(Exc_FileNotFoundError, "FileNotFoundError", O);
	E(tmp, "InterruptedError", O);
	E(Exc_IsADirectoryError, "IsADirectoryError", O);
	E(Exc_NotADirectoryError, "NotADirectoryError", O);
	E(Exc_PermissionError, "PermissionError", O);
	E(tmp, "ProcessLookupError", O);
	E(Exc_TimeoutError, "TimeoutError", O);
	E(Exc_ReferenceError, "ReferenceError", X);
	E(Exc_RuntimeError, "RuntimeError", X);
	E(Exc_NotImplementedError, "NotImplementedError", Exc_RuntimeError);
	E(Exc_RecursionError, "RecursionError", Exc_RuntimeError);
	E(Exc_StopAsyncIteration, "StopAsyncIteration", X);
	E(Exc_StopIteration, "StopIteration", X);
	E(Exc_SyntaxError, "SyntaxError", X);
	E(Exc_IndentationError, "IndentationError", Exc_SyntaxError);
	E(Exc_TabError, "TabError", Exc_IndentationError);
	E(Exc_SystemError, "SystemError", X);
	E(Exc_TypeError, "TypeError", X);
	E(Exc_ValueError, "ValueError", X);
	E(Exc_UnicodeError, "UnicodeError", Exc_ValueError);
	E(Exc_UnicodeDecodeError, "UnicodeDecodeError", Exc_UnicodeError);
	E(Exc_UnicodeEncodeError, "UnicodeEncodeError", Exc_UnicodeError);
	E(Exc_UnicodeTranslateError, "UnicodeTranslateError", Exc_UnicodeError);
	E(Exc_Warning, "Warning", X);
	E(tmp, "BytesWarning", Exc_Warning);
	E(Exc_DeprecationWarning, "DeprecationWarning", Exc_Warning);
	E(tmp, "EncodingWarning", Exc_Warning);
	E(tmp, "FutureWarning", Exc_Warning);
	E(tmp, "ImportWarning", Exc_Warning);
	E(tmp, "PendingDeprecationWarning", Exc_Warning);
	E(tmp, "ResourceWarning", Exc_Warning);
	E(Exc_RuntimeWarning, "RuntimeWarning", Exc_Warning);
	E(tmp, "SyntaxWarning", Exc_Warning);
	E(tmp, "UnicodeWarning", Exc_Warning);
	E(Exc_UserWarning, "UserWarning", Exc_Warning);
	(void)tmp;
#undef E
	excgroup_types_init(b);
	tb_type.dealloc = tb_dealloc;
	tb_type.traverse = tb_traverse;
	tb_type.clear = tb_clear;
	type_init_builtin(&tb_type, "traceback", NULL);
	type_add_getset(&tb_type, "tb_lineno", tb_get_lineno);
	type_add_getset(&tb_type, "tb_next", tb_get_next);
}

/* After types_finish: the preallocated MemoryError. */
void exc_prealloc(void);
void exc_prealloc(void)
{
	Exc *e = (Exc *)obj_alloc(Exc_MemoryError, sizeof(Exc));
	e->args = tuple_empty();
	e->note = v_none();
	prealloc_memerr = e;
}
