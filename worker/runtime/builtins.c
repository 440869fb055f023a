/* builtins.c -- the builtins module: the builtin functions of CPython 3.11
 * (except input, memoryview, __import__, breakpoint and help, which are not
 * defined), the builtin type names, and the constants.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/compile/compile.h"
#include "worker/eval/vm.h"

#define BUILTIN(name) static Value bi_##name(Value self, const Value *args, size_t nargs, Tuple *kw)

static Value print_to(Value file, Value *args, size_t n, Value sep, Value end, bool flush);

BUILTIN(print)
{
	static const char *const names[] = {"sep", "end", "file", "flush"};
	Value opt[4] = {v_null(), v_null(), v_null(), v_null()};
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++) {
		Str *k = AS_STR(kw->items[i]);
		size_t j;
		for (j = 0; j < 4; j++)
			if (strcmp(k->data, names[j]) == 0)
				break;
		if (j == 4)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for print()", k->data);
		opt[j] = args[nargs + i];
	}
	for (int j = 0; j < 2; j++) {
		if (!IS_NULL(opt[j]) && !IS_NONE(opt[j]) && !IS_STR(opt[j]))
			return err_null_format(Exc_TypeError, "%s must be None or a string, not %s", names[j], type_name_of(opt[j]));
	}
	bool flush = false;
	if (!IS_NULL(opt[3])) {
		int t = obj_truth(opt[3]);
		if (t < 0)
			return v_null();
		flush = t;
	}
	return print_to(opt[2], (Value *)args, nargs, opt[0], opt[1], flush);
}

static Value print_to(Value file, Value *args, size_t n, Value sep, Value end, bool flush)
{
	extern Value sys_get_stdout(void);
	extern bool out_is_std(Value file, int *fd);
	int fd = 1;
	if (IS_NULL(file) || IS_NONE(file)) {
		file = sys_get_stdout();
		if (IS_NULL(file))
			return v_null();
	} else {
		val_incref(file);
	}
	const char *sp = " ", *ep = "\n";
	size_t sn = 1, en = 1;
	if (!IS_NULL(sep) && IS_STR(sep)) {
		sp = AS_STR(sep)->data;
		sn = AS_STR(sep)->nbytes;
	}
	if (!IS_NULL(end) && IS_STR(end)) {
		ep = AS_STR(end)->data;
		en = AS_STR(end)->nbytes;
	}
	if (out_is_std(file, &fd)) {
		for (size_t i = 0; i < n; i++) {
			if (i)
				out_write(fd, sp, sn);
			Value s = obj_str(args[i]);
			if (IS_NULL(s)) {
				val_decref(file);
				return s;
			}
			out_write(fd, AS_STR(s)->data, AS_STR(s)->nbytes);
			val_decref(s);
		}
		out_write(fd, ep, en);
		if (flush || fd == 2)
			out_flush();
		val_decref(file);
		return v_none();
	}
	/* a Python object with write() */
	Value w = obj_getattr(file, ID(write));
	val_decref(file);
	if (IS_NULL(w))
		return w;
	for (size_t i = 0; i < n; i++) {
		if (i) {
			Value sv = str_value(str_new(sp, sn));
			Value r = call1(w, sv);
			val_decref(sv);
			if (IS_NULL(r)) {
				val_decref(w);
				return r;
			}
			val_decref(r);
		}
		Value s = obj_str(args[i]);
		if (IS_NULL(s)) {
			val_decref(w);
			return s;
		}
		Value r = call1(w, s);
		val_decref(s);
		if (IS_NULL(r)) {
			val_decref(w);
			return r;
		}
		val_decref(r);
	}
	Value ev = str_value(str_new(ep, en));
	Value r = call1(w, ev);
	val_decref(ev);
	val_decref(w);
	if (IS_NULL(r))
		return r;
	val_decref(r);
	return v_none();
}

BUILTIN(len)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "len() takes no keyword arguments");
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "len() takes exactly one argument (%zu given)", nargs);
	Value v = args[0];
	if (IS_STR(v) && val_type(v) == &str_type)
		return v_int((int64_t)AS_STR(v)->len);
	ssize_t n = obj_len(v);
	return n < 0 ? v_null() : v_int(n);
}

static int isinstance_check(Value obj, Value cls, int depth)
{
	if (depth > 500) {
		err_format(Exc_RecursionError, "maximum recursion depth exceeded in __instancecheck__");
		return -1;
	}
	if (val_isinstance(cls, &type_type)) {
		Type *ct = (Type *)cls.u.o;
		if (val_type(obj) == ct)
			return 1;
		/* as CPython: a metaclass __instancecheck__ decides subclasses too */
		Type *meta = val_type(cls);
		if (meta != &type_type) {
			Value f = type_lookup(meta, ID(__instancecheck__));
			if (!IS_NULL(f) && !obj_is(f, &builtin_type)) {
				Value r = call2(f, cls, obj);
				if (IS_NULL(r))
					return -1;
				int t = obj_truth(r);
				val_decref(r);
				return t;
			}
		}
		return val_isinstance(obj, ct) ? 1 : 0;
	}
	if (IS_TUPLE(cls)) {
		Tuple *t = AS_TUPLE(cls);
		for (size_t i = 0; i < t->n; i++) {
			int r = isinstance_check(obj, t->items[i], depth + 1);
			if (r)
				return r;
		}
		return 0;
	}
	extern bool union_items(Value u, Tuple **out);
	Tuple *ui;
	if (union_items(cls, &ui))
		return isinstance_check(obj, v_obj(&ui->ob), depth + 1);
	/* an object whose class defines __instancecheck__ (typing's List, ...) */
	Value icf = type_lookup(val_type(cls), ID(__instancecheck__));
	if (!IS_NULL(icf) && obj_is(icf, &func_type)) {
		Value r = call2(icf, cls, obj);
		if (IS_NULL(r))
			return -1;
		int t = obj_truth(r);
		val_decref(r);
		return t;
	}
	err_format(Exc_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
	return -1;
}

BUILTIN(isinstance)
{
	if (!args_check("isinstance", nargs, kw, 2, 2))
		return v_null();
	int r = isinstance_check(args[0], args[1], 0);
	return r < 0 ? v_null() : v_bool(r);
}

static int issubclass_check(Value sub, Value cls)
{
	if (IS_TUPLE(cls)) {
		Tuple *t = AS_TUPLE(cls);
		for (size_t i = 0; i < t->n; i++) {
			int r = issubclass_check(sub, t->items[i]);
			if (r)
				return r;
		}
		return 0;
	}
	extern bool union_items(Value u, Tuple **out);
	Tuple *ui;
	if (union_items(cls, &ui))
		return issubclass_check(sub, v_obj(&ui->ob));
	Value scf = val_isinstance(cls, &type_type) ? v_null() : type_lookup(val_type(cls), ID(__subclasscheck__));
	if (!IS_NULL(scf) && obj_is(scf, &func_type)) {
		Value r = call2(scf, cls, sub);
		if (IS_NULL(r))
			return -1;
		int t = obj_truth(r);
		val_decref(r);
		return t;
	}
	if (!val_isinstance(cls, &type_type)) {
		err_format(Exc_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
		return -1;
	}
	if (!val_isinstance(sub, &type_type)) {
		err_format(Exc_TypeError, "issubclass() arg 1 must be a class");
		return -1;
	}
	Type *meta = val_type(cls);
	if (meta != &type_type) {
		Value f = type_lookup(meta, ID(__subclasscheck__));
		if (!IS_NULL(f) && !obj_is(f, &builtin_type)) {
			Value r = call2(f, cls, sub);
			if (IS_NULL(r))
				return -1;
			int t = obj_truth(r);
			val_decref(r);
			return t;
		}
	}
	return type_is_subtype((Type *)sub.u.o, (Type *)cls.u.o);
}

BUILTIN(issubclass)
{
	if (!args_check("issubclass", nargs, kw, 2, 2))
		return v_null();
	int r = issubclass_check(args[0], args[1]);
	return r < 0 ? v_null() : v_bool(r);
}

BUILTIN(repr)
{
	if (!args_check("repr", nargs, kw, 1, 1))
		return v_null();
	return obj_repr(args[0]);
}

BUILTIN(ascii)
{
	if (!args_check("ascii", nargs, kw, 1, 1))
		return v_null();
	return obj_ascii(args[0]);
}

/* abs of a small int or a float (Builtin.fast1); V_NULL for the rest */
static Value abs_fast1(Value v)
{
	if (v.tag == V_INT && v.u.i != INT64_MIN)
		return v_int(v.u.i < 0 ? -v.u.i : v.u.i);
	if (v.tag == V_FLOAT)
		return v_float(fabs(v.u.f));
	return v_null();
}

BUILTIN(abs)
{
	if (!args_check("abs", nargs, kw, 1, 1))
		return v_null();
	Value r = abs_fast1(args[0]);
	return IS_NULL(r) ? obj_abs(args[0]) : r;
}

static Value all_any(const Value *args, size_t nargs, Tuple *kw, const char *name, bool want)
{
	if (!args_check(name, nargs, kw, 1, 1))
		return v_null();
	Value it = obj_iter(args[0]);
	if (IS_NULL(it))
		return it;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		int t = obj_truth(x);
		val_decref(x);
		if (t < 0) {
			val_decref(it);
			return v_null();
		}
		if (t == want) {
			val_decref(it);
			return v_bool(want);
		}
	}
	val_decref(it);
	if (err_occurred())
		return v_null();
	return v_bool(!want);
}

BUILTIN(all) { return all_any(args, nargs, kw, "all", false); }
BUILTIN(any) { return all_any(args, nargs, kw, "any", true); }

static Value int_base_str(const Value *args, size_t nargs, Tuple *kw, const char *name, int base)
{
	if (!args_check(name, nargs, kw, 1, 1))
		return v_null();
	Value i = obj_index(args[0]);
	if (IS_NULL(i))
		return i;
	Value r = int_to_base(i, base, true);
	val_decref(i);
	return r;
}

BUILTIN(bin) { return int_base_str(args, nargs, kw, "bin", 2); }
BUILTIN(oct) { return int_base_str(args, nargs, kw, "oct", 8); }
BUILTIN(hex) { return int_base_str(args, nargs, kw, "hex", 16); }

BUILTIN(callable)
{
	if (!args_check("callable", nargs, kw, 1, 1))
		return v_null();
	return v_bool(val_type(args[0])->call != NULL);
}

BUILTIN(chr)
{
	if (!args_check("chr", nargs, kw, 1, 1))
		return v_null();
	if (!is_intlike(args[0]) && !val_type(args[0])->index)
		return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(args[0]));
	ssize_t c;
	if (!val_as_ssize(args[0], &c)) {
		if (err_matches(Exc_OverflowError)) {
			err_clear();
			err_format(Exc_OverflowError, "Python int too large to convert to C int");
		}
		return v_null();
	}
	if (c < 0 || c > 0x10ffff)
		return err_null_format(Exc_ValueError, "chr() arg not in range(0x110000)");
	return str_value(str_from_cp((uint32_t)c));
}

BUILTIN(ord)
{
	if (!args_check("ord", nargs, kw, 1, 1))
		return v_null();
	Value v = args[0];
	if (IS_STR(v)) {
		Str *s = AS_STR(v);
		if (s->len != 1)
			return err_null_format(Exc_TypeError, "ord() expected a character, but string of length %zu found", (size_t)s->len);
		return v_int(str_char_at(s, 0));
	}
	if (IS_BYTES(v) || obj_is(v, &bytearray_type)) {
		size_t n = IS_BYTES(v) ? ((Bytes *)v.u.o)->n : ((ByteArray *)v.u.o)->n;
		if (n != 1)
			return err_null_format(Exc_TypeError, "ord() expected a character, but string of length %zu found", n);
		return v_int(IS_BYTES(v) ? ((Bytes *)v.u.o)->data[0] : ((ByteArray *)v.u.o)->data[0]);
	}
	return err_null_format(Exc_TypeError, "ord() expected string of length 1, but %s found", type_name_of(v));
}

BUILTIN(divmod)
{
	if (!args_check("divmod", nargs, kw, 2, 2))
		return v_null();
	return binop(args[0], args[1], NB_DIVMOD);
}

BUILTIN(pow)
{
	static const char *const names[] = {"base", "exp", "mod"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("pow", args, nargs, kw, names, 2, 3, a))
		return v_null();
	return int_pow(a[0], a[1], a[2]);
}

BUILTIN(round)
{
	static const char *const names[] = {"number", "ndigits"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("round", args, nargs, kw, names, 1, 2, a))
		return v_null();
	return num_round(a[0], a[1]);
}

BUILTIN(hash)
{
	if (!args_check("hash", nargs, kw, 1, 1))
		return v_null();
	int64_t h;
	if (!obj_hash(args[0], &h))
		return v_null();
	return v_int(h);
}

BUILTIN(id)
{
	if (!args_check("id", nargs, kw, 1, 1))
		return v_null();
	Value v = args[0];
	if (v.tag == V_OBJ)
		return v_int((int64_t)(uintptr_t)v.u.o);
	/* immediates: a stable fake address per value; a NaN's by its stamp */
	if (v.tag == V_FLOAT && v_is_nan(v))
		return v_int((int64_t)(0x7f0000000000ull + (uint64_t)v.nan_id * 32));
	return v_int((int64_t)(0x100000 + ((uint64_t)v.tag << 40) + ((uint64_t)v.u.i & 0xffffffffffull) * 32));
}

BUILTIN(getattr)
{
	if (!args_check("getattr", nargs, kw, 2, 3))
		return v_null();
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[1]));
	Str *name = str_intern_str(AS_STR(val_incref(args[1])));
	Value r = nargs == 3 ? obj_getattr_opt(args[0], name) : obj_getattr(args[0], name);
	obj_decref(&name->ob);
	if (IS_NULL(r) && nargs == 3 && !err_occurred())
		return val_incref(args[2]);
	return r;
}

BUILTIN(setattr)
{
	if (!args_check("setattr", nargs, kw, 3, 3))
		return v_null();
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[1]));
	Str *name = str_intern_str(AS_STR(val_incref(args[1])));
	int r = obj_setattr(args[0], name, args[2]);
	obj_decref(&name->ob);
	return r < 0 ? v_null() : v_none();
}

BUILTIN(delattr)
{
	if (!args_check("delattr", nargs, kw, 2, 2))
		return v_null();
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[1]));
	Str *name = str_intern_str(AS_STR(val_incref(args[1])));
	int r = obj_setattr(args[0], name, v_null());
	obj_decref(&name->ob);
	return r < 0 ? v_null() : v_none();
}

BUILTIN(hasattr)
{
	if (!args_check("hasattr", nargs, kw, 2, 2))
		return v_null();
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[1]));
	Str *name = str_intern_str(AS_STR(val_incref(args[1])));
	Value r = obj_getattr_opt(args[0], name);
	obj_decref(&name->ob);
	if (IS_NULL(r))
		return err_occurred() ? v_null() : v_bool(false);
	val_decref(r);
	return v_bool(true);
}

BUILTIN(iter)
{
	if (!args_check("iter", nargs, kw, 1, 2))
		return v_null();
	if (nargs == 2) {
		extern Value callable_iter_new(Value f, Value sentinel);
		if (!val_type(args[0])->call)
			return err_null_format(Exc_TypeError, "iter(v, w): v must be callable");
		return callable_iter_new(args[0], args[1]);
	}
	return obj_iter(args[0]);
}

BUILTIN(next)
{
	if (!args_check("next", nargs, kw, 1, 2))
		return v_null();
	Type *t = val_type(args[0]);
	if (!t->next)
		return err_null_format(Exc_TypeError, "'%s' object is not an iterator", t->name);
	Value r = t->next(args[0]);
	if (!IS_NULL(r))
		return r;
	if (nargs == 2) {
		if (!err_occurred() || err_matches(Exc_StopIteration)) {
			err_clear();
			return val_incref(args[1]);
		}
		return r;
	}
	if (!err_occurred())
		err_set_value(Exc_StopIteration, v_null());
	return r;
}

static Value min_max(const Value *args, size_t nargs, Tuple *kw, int op, const char *name)
{
	Value key = v_null(), dflt = v_null();
	size_t nkw = kw ? kw->n : 0;
	if (nargs == 0)        /* CPython counts the positional ones first */
		return err_null_format(Exc_TypeError, "%s expected at least 1 argument, got 0", name);
	for (size_t i = 0; i < nkw; i++) {
		const char *k = AS_STR(kw->items[i])->data;
		if (!strcmp(k, "key"))
			key = args[nargs + i];
		else if (!strcmp(k, "default"))
			dflt = args[nargs + i];
		else
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", k, name);
	}
	if (IS_NONE(key))
		key = v_null();
	Value it;
	if (nargs == 1) {
		it = obj_iter(args[0]);
	} else {
		if (!IS_NULL(dflt))
			return err_null_format(Exc_TypeError, "Cannot specify a default for %s() with multiple positional arguments", name);
		Tuple *t = tuple_from(args, nargs);
		it = obj_iter(v_obj(&t->ob));
		obj_decref(&t->ob);
	}
	if (IS_NULL(it))
		return it;
	Value best = v_null(), bestkey = v_null(), x;
	while (!IS_NULL(x = obj_next(it))) {
		Value k = IS_NULL(key) ? val_incref(x) : call1(key, x);
		if (IS_NULL(k)) {
			val_decref(x);
			goto fail;
		}
		if (IS_NULL(best)) {
			best = x;
			bestkey = k;
			continue;
		}
		int c = obj_richcmp_bool(k, bestkey, op);
		if (c < 0) {
			val_decref(x);
			val_decref(k);
			goto fail;
		}
		if (c) {
			val_decref(best);
			val_decref(bestkey);
			best = x;
			bestkey = k;
		} else {
			val_decref(x);
			val_decref(k);
		}
	}
	if (err_occurred())
		goto fail;
	val_decref(it);
	val_decref(bestkey);
	if (IS_NULL(best)) {
		if (!IS_NULL(dflt))
			return val_incref(dflt);
		return err_null_format(Exc_ValueError, "%s() arg is an empty sequence", name);
	}
	return best;
fail:
	val_decref(it);
	val_decref(best);
	val_decref(bestkey);
	return v_null();
}

BUILTIN(min) { return min_max(args, nargs, kw, CMP_LT, "min"); }
BUILTIN(max) { return min_max(args, nargs, kw, CMP_GT, "max"); }

BUILTIN(sum)
{
	static const char *const names[] = {"", "start"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("sum", args, nargs, kw, names, 1, 2, a))
		return v_null();
	Value acc = IS_NULL(a[1]) ? v_int(0) : val_incref(a[1]);
	if (IS_STR(acc)) {
		val_decref(acc);
		return err_null_format(Exc_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
	}
	if (IS_BYTES(acc)) {
		val_decref(acc);
		return err_null_format(Exc_TypeError, "sum() can't sum bytes [use b''.join(seq) instead]");
	}
	Value it = obj_iter(a[0]);
	if (IS_NULL(it)) {
		val_decref(acc);
		return it;
	}
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		Value r;
		if (acc.tag == V_INT && x.tag == V_INT) {
			int64_t z;
			if (!__builtin_add_overflow(acc.u.i, x.u.i, &z)) {
				acc = v_int(z);
				continue;
			}
		}
		if (acc.tag == V_FLOAT && x.tag == V_FLOAT) {
			acc = v_float(acc.u.f + x.u.f);
			continue;
		}
		r = binop(acc, x, NB_ADD);
		val_decref(acc);
		val_decref(x);
		if (IS_NULL(r)) {
			val_decref(it);
			return r;
		}
		acc = r;
	}
	val_decref(it);
	if (err_occurred()) {
		val_decref(acc);
		return v_null();
	}
	return acc;
}

BUILTIN(sorted)
{
	if (nargs != 1)
		return err_null_format(Exc_TypeError, nargs ? "sorted expected 1 argument, got %zu" : "sorted expected 1 argument, got %zu", nargs);
	extern bool sort_check_keywords(Tuple *kw);   /* list.c */
	static const char *const names[] = {"", "key", "reverse"};
	Value a[3] = {v_null(), v_null(), v_null()};
	Value l = seq_to_list(args[0]);   /* first, as CPython */
	if (IS_NULL(l))
		return l;
	if (!sort_check_keywords(kw) || !args_parse("sorted", args, nargs, kw, names, 1, 3, a)) {
		val_decref(l);
		return v_null();
	}
	int rev = IS_NULL(a[2]) ? 0 : obj_truth(a[2]);
	if (rev < 0) {
		val_decref(l);
		return v_null();
	}
	Value r = list_sort(AS_LIST(l), a[1], rev);
	if (IS_NULL(r)) {
		val_decref(l);
		return r;
	}
	return l;
}

BUILTIN(format)
{
	if (!args_check("format", nargs, kw, 1, 2))
		return v_null();
	Value spec = nargs > 1 ? args[1] : v_null();
	if (!IS_NULL(spec) && !IS_STR(spec))
		return err_null_format(Exc_TypeError, "format() argument 2 must be str, not %s", type_name_of(spec));
	if (IS_NULL(spec)) {
		Str *e = str_empty();
		Value r = obj_format(args[0], str_value(e));
		obj_decref(&e->ob);
		return r;
	}
	return obj_format(args[0], spec);
}

BUILTIN(globals)
{
	if (!args_check("globals", nargs, kw, 0, 0))
		return v_null();
	Frame *f = vm.frame;
	if (!f)
		return err_null_format(Exc_SystemError, "no frame");
	obj_incref(&f->globals->ob);
	return v_obj(&f->globals->ob);
}

static Value frame_locals(Frame *f)
{
	if (f->locals) {
		obj_incref(&f->locals->ob);
		return v_obj(&f->locals->ob);
	}
	Dict *d = dict_new();
	Code *co = f->code;
	for (int i = 0; i < co->nlocals; i++)
		if (!IS_NULL(f->fast[i]))
			dict_set_str(d, co->varnames[i], f->fast[i]);
	for (int i = 0; i < co->ncells + co->nfree; i++) {
		Value c = f->fast[co->nlocals + i];
		if (obj_is(c, &cell_type) && !IS_NULL(((Cell *)c.u.o)->v))
			dict_set_str(d, co->cellnames[i], ((Cell *)c.u.o)->v);
	}
	return v_obj(&d->ob);
}

BUILTIN(locals)
{
	if (!args_check("locals", nargs, kw, 0, 0))
		return v_null();
	if (!vm.frame)
		return err_null_format(Exc_SystemError, "no frame");
	return frame_locals(vm.frame);
}

BUILTIN(vars)
{
	if (!args_check("vars", nargs, kw, 0, 1))
		return v_null();
	if (nargs == 0)
		return frame_locals(vm.frame);
	Value d = obj_getattr_opt(args[0], ID(__dict__));
	if (IS_NULL(d) && !err_occurred())
		return err_null_format(Exc_TypeError, "vars() argument must have __dict__ attribute");
	return d;
}

BUILTIN(dir)
{
	if (!args_check("dir", nargs, kw, 0, 1))
		return v_null();
	if (nargs == 0) {
		Value l = frame_locals(vm.frame);
		if (IS_NULL(l))
			return l;
		List *r = list_new(0);
		size_t pos = 0;
		Value k;
		while (dict_next(AS_DICT(l), &pos, &k, NULL))
			list_append(r, k);
		val_decref(l);
		list_sort(r, v_null(), false);
		return v_obj(&r->ob);
	}
	Type *t = val_type(args[0]);
	Value f = type_lookup(t, ID(__dir__));
	if (!IS_NULL(f) && !obj_is(f, &builtin_type)) {
		Value r = call_method(args[0], ID(__dir__), NULL, 0);
		if (IS_NULL(r))
			return r;
		Value l = seq_to_list(r);
		val_decref(r);
		if (!IS_NULL(l))
			list_sort(AS_LIST(l), v_null(), false);
		return l;
	}
	return obj_dir(args[0]);
}

/* ---- eval / exec / compile ------------------------------------------------------ */

/* The compiler flags code run by exec/eval/compile inherits from the code
 * that calls it (CPython merges the calling frame's future features). */
static uint32_t caller_compiler_flags(void)
{
	return vm.frame && vm.frame->code ? vm.frame->code->flags & CO_FUTURE_MASK : 0;
}

static Value code_from_source(Value src, const char *filename, int mode, uint32_t flags)
{
	if (obj_is(src, &code_type))
		return val_incref(src);
	const char *p;
	size_t n;
	if (IS_STR(src)) {
		p = AS_STR(src)->data;
		n = AS_STR(src)->nbytes;
	} else if (IS_BYTES(src)) {
		p = (const char *)((Bytes *)src.u.o)->data;
		n = ((Bytes *)src.u.o)->n;
	} else {
		return err_null_format(Exc_TypeError, "%s() arg 1 must be a string, bytes or code object",
				       mode == COMPILE_EVAL ? "eval" : mode == COMPILE_EXEC ? "exec" : "compile");
	}
	if (mode == COMPILE_EVAL) {
		/* eval strips leading spaces and tabs */
		while (n && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
	}
	Code *co = compile_string_flags(p, n, filename, mode, flags);
	return co ? v_obj(&co->ob) : v_null();
}

/* globals and locals as eval() and exec() check them, before the source
 * is looked at, in each one's words (locals must be a dict here: box's
 * frames have no other mapping for names). */
static bool namespaces_ok(Value globals, Value locals, bool is_exec)
{
	if (!IS_NULL(globals) && !IS_NONE(globals) && !IS_DICT(globals)) {
		if (is_exec)
			err_format(Exc_TypeError, "exec() globals must be a dict, not %s", type_name_of(globals));
		else
			err_format(Exc_TypeError, "globals must be a dict");
		return false;
	}
	if (!IS_NULL(locals) && !IS_NONE(locals) && !IS_DICT(locals)) {
		if (is_exec)
			err_format(Exc_TypeError, "locals must be a mapping or None, not %s", type_name_of(locals));
		else
			err_format(Exc_TypeError, "locals must be a mapping");
		return false;
	}
	return true;
}

static Value run_code_with(Value code, Value globals, Value locals)
{
	Dict *g, *l;
	if (IS_NULL(globals) || IS_NONE(globals)) {
		Frame *f = vm.frame;
		g = f->globals;
		if (IS_NULL(locals) || IS_NONE(locals)) {
			Value lv = frame_locals(f);
			l = AS_DICT(lv);
			Value r = eval_code((Code *)code.u.o, g, l);
			val_decref(lv);
			return r;
		}
	} else {
		g = AS_DICT(globals);
	}
	l = IS_NULL(locals) || IS_NONE(locals) ? g : AS_DICT(locals);
	if (IS_NULL(dict_get_str(g, ID(__builtins__))))
		dict_set_str(g, ID(__builtins__), v_obj(&vm.builtins->ob));
	return eval_code((Code *)code.u.o, g, l);
}

/* eval(source, globals=None, locals=None, /) */
BUILTIN(eval)
{
	if (!args_check_positional("eval", nargs, kw, 1, 3))
		return v_null();
	Value globals = nargs > 1 ? args[1] : v_null(), locals = nargs > 2 ? args[2] : v_null();
	if (!namespaces_ok(globals, locals, false))
		return v_null();
	Value code = code_from_source(args[0], "<string>", COMPILE_EVAL, caller_compiler_flags());
	if (IS_NULL(code))
		return code;
	Value r = run_code_with(code, globals, locals);
	val_decref(code);
	return r;
}

/* exec(source, globals=None, locals=None, /, *, closure=None).  Only a
 * function's __code__ has free variables, and running one with cells from
 * a closure tuple is not built: it is refused, as CPython refuses it
 * without a closure. */
BUILTIN(exec)
{
	size_t nkw = kw ? kw->n : 0;
	if (nargs < 1)
		return err_null_format(Exc_TypeError, "exec() takes at least 1 positional argument (%zu given)", nargs);
	if (nargs + nkw > 4)
		return err_null_format(Exc_TypeError, "exec() takes at most 4 arguments (%zu given)", nargs + nkw);
	if (nargs > 3)
		return err_null_format(Exc_TypeError, "exec() takes at most 3 positional arguments (%zu given)", nargs);
	Value closure = v_null();
	for (size_t i = 0; i < nkw; i++) {
		const char *k = AS_STR(kw->items[i])->data;
		if (strcmp(k, "closure") != 0)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for exec()", k);
		closure = args[nargs + i];
	}
	Value globals = nargs > 1 ? args[1] : v_null(), locals = nargs > 2 ? args[2] : v_null();
	if (!namespaces_ok(globals, locals, true))
		return v_null();
	if (!IS_NULL(closure) && !IS_NONE(closure)) {
		if (!obj_is(args[0], &code_type))
			return err_null_format(Exc_TypeError, "closure can only be used when source is a code object");
		if (((Code *)args[0].u.o)->nfree == 0)
			return err_null_format(Exc_TypeError, "cannot use a closure with this code object");
	}
	if (obj_is(args[0], &code_type) && ((Code *)args[0].u.o)->nfree != 0)
		return err_null_format(Exc_TypeError, "code object passed to exec() may not contain free variables");
	Value code = code_from_source(args[0], "<string>", COMPILE_EXEC, caller_compiler_flags());
	if (IS_NULL(code))
		return code;
	Value r = run_code_with(code, globals, locals);
	val_decref(code);
	if (IS_NULL(r))
		return r;
	val_decref(r);
	return v_none();
}

/* An int argument as CPython's argument clinic converts it (a bool is an int). */
static bool int_arg(Value v, int64_t *out)
{
	if (!IS_INT(v) && !IS_BOOL(v)) {
		err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
		return false;
	}
	*out = v.u.i;
	return true;
}

/* compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1) */
BUILTIN(compile)
{
	static const char *const names[] = {"source", "filename", "mode", "flags", "dont_inherit", "optimize"};
	Value a[6] = {v_null(), v_null(), v_null(), v_null(), v_null(), v_null()};
	if (!args_parse("compile", args, nargs, kw, names, 3, 6, a))
		return v_null();
	const char *filename;
	if (IS_STR(a[1]))
		filename = AS_STR(a[1])->data;
	else if (IS_BYTES(a[1]))
		filename = (const char *)((Bytes *)a[1].u.o)->data;
	else
		return err_null_format(Exc_TypeError, "expected str, bytes or os.PathLike object, not %s", type_name_of(a[1]));
	if (!IS_STR(a[2]))
		return err_null_format(Exc_TypeError, "compile() argument 'mode' must be str, not %s", type_name_of(a[2]));
	int64_t f = 0, dont_inherit = 0, optimize = -1;
	if ((!IS_NULL(a[3]) && !int_arg(a[3], &f)) || (!IS_NULL(a[4]) && !int_arg(a[4], &dont_inherit)) ||
	    (!IS_NULL(a[5]) && !int_arg(a[5], &optimize)))
		return v_null();
	/* the __future__ features' compiler flags are accepted (only
	 * annotations changes anything here); no other flag is known */
	if (f & ~(int64_t)CO_FUTURE_MASK)
		return err_null_format(Exc_ValueError, "compile(): unrecognised flags");
	if (optimize < -1 || optimize > 2)
		return err_null_format(Exc_ValueError, "compile(): invalid optimize value");
	const char *m = AS_STR(a[2])->data;
	int mode = !strcmp(m, "exec") ? COMPILE_EXEC : !strcmp(m, "eval") ? COMPILE_EVAL : !strcmp(m, "single") ? COMPILE_SINGLE : -1;
	if (mode < 0)
		return err_null_format(Exc_ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
	if (!IS_STR(a[0]) && !IS_BYTES(a[0]))
		return err_null_format(Exc_TypeError, "compile() arg 1 must be a string, bytes or AST object");
	uint32_t flags = (uint32_t)f;
	if (!dont_inherit)
		flags |= caller_compiler_flags();
	return code_from_source(a[0], filename, mode, flags);
}

BUILTIN(open)
{
	extern Value io_open(const Value *args, size_t nargs, Tuple *kw);
	return io_open(args, nargs, kw);
}

BUILTIN(aiter)
{
	if (!args_check("aiter", nargs, kw, 1, 1))
		return v_null();
	return call_method(args[0], ID(__aiter__), NULL, 0);
}

BUILTIN(anext)
{
	if (!args_check("anext", nargs, kw, 1, 2))
		return v_null();
	return call_method(args[0], ID(__anext__), NULL, 0);
}

/* ---- registration ---------------------------------------------------------------- */

static void add_fn1(Dict *b, const char *name, callfn fn, unaryfn fast1)
{
	Value f = builtin_new(name, fn, v_null());
	if (IS_NULL(f))
		return;
	((Builtin *)f.u.o)->fast1 = fast1;
	dict_set_str(b, str_intern(name), f);
	val_decref(f);
}

static void add_fn(Dict *b, const char *name, callfn fn) { add_fn1(b, name, fn, NULL); }

static void add_type(Dict *b, const char *name, Type *t)
{
	dict_set_str(b, str_intern(name), v_obj(&t->ob));
}

void builtins_register(Dict *b);
void builtins_register(Dict *b)
{
	dict_set_str(b, ID(__name__), str_value(str_intern("builtins")));
	dict_set_str(b, ID(__doc__), v_none());
	add_fn(b, "print", bi_print);
	add_fn(b, "len", bi_len);
	add_fn(b, "isinstance", bi_isinstance);
	add_fn(b, "issubclass", bi_issubclass);
	add_fn(b, "repr", bi_repr);
	add_fn(b, "ascii", bi_ascii);
	add_fn1(b, "abs", bi_abs, abs_fast1);
	add_fn(b, "all", bi_all);
	add_fn(b, "any", bi_any);
	add_fn(b, "bin", bi_bin);
	add_fn(b, "oct", bi_oct);
	add_fn(b, "hex", bi_hex);
	add_fn(b, "callable", bi_callable);
	add_fn(b, "chr", bi_chr);
	add_fn(b, "ord", bi_ord);
	add_fn(b, "divmod", bi_divmod);
	add_fn(b, "pow", bi_pow);
	add_fn(b, "round", bi_round);
	add_fn(b, "hash", bi_hash);
	add_fn(b, "id", bi_id);
	add_fn(b, "getattr", bi_getattr);
	add_fn(b, "setattr", bi_setattr);
	add_fn(b, "delattr", bi_delattr);
	add_fn(b, "hasattr", bi_hasattr);
	add_fn(b, "iter", bi_iter);
	add_fn(b, "next", bi_next);
	add_fn(b, "min", bi_min);
	add_fn(b, "max", bi_max);
	add_fn(b, "sum", bi_sum);
	add_fn(b, "sorted", bi_sorted);
	add_fn(b, "format", bi_format);
	add_fn(b, "globals", bi_globals);
	add_fn(b, "locals", bi_locals);
	add_fn(b, "vars", bi_vars);
	add_fn(b, "dir", bi_dir);
	add_fn(b, "eval", bi_eval);
	add_fn(b, "exec", bi_exec);
	add_fn(b, "compile", bi_compile);
	add_fn(b, "open", bi_open);
	{ void fetch_register(Dict *); fetch_register(b); } /* worker/modules/fetch/fetch.c */
	add_fn(b, "aiter", bi_aiter);
	add_fn(b, "anext", bi_anext);
	add_fn(b, "__build_class__", build_class);
	add_type(b, "object", &object_type);
	add_type(b, "type", &type_type);
	add_type(b, "int", &int_type);
	add_type(b, "bool", &bool_type);
	add_type(b, "float", &float_type);
	add_type(b, "complex", &complex_type);
	add_type(b, "str", &str_type);
	add_type(b, "bytes", &bytes_type);
	add_type(b, "bytearray", &bytearray_type);
	add_type(b, "tuple", &tuple_type);
	add_type(b, "list", &list_type);
	add_type(b, "dict", &dict_type);
	add_type(b, "set", &set_type);
	add_type(b, "frozenset", &frozenset_type);
	add_type(b, "range", &range_type);
	add_type(b, "slice", &slice_type);
	add_type(b, "property", &property_type);
	add_type(b, "classmethod", &classmethod_type);
	add_type(b, "staticmethod", &staticmethod_type);
	add_type(b, "super", &super_type);
	add_type(b, "enumerate", &enumerate_type);
	add_type(b, "zip", &zip_type);
	add_type(b, "map", &map_type);
	add_type(b, "filter", &filter_type);
	add_type(b, "reversed", &reversed_type);
	dict_set_str(b, str_intern("None"), v_none());
	dict_set_str(b, str_intern("True"), v_bool(true));
	dict_set_str(b, str_intern("False"), v_bool(false));
	dict_set_str(b, str_intern("Ellipsis"), v_obj(&ellipsis_obj));
	dict_set_str(b, str_intern("NotImplemented"), v_obj(&notimpl_obj));
	dict_set_str(b, str_intern("__debug__"), v_bool(true));
	/* CPython's sequences concatenate through sq_concat: they have __add__
	 * but no __radd__ (here + is their nb[NB_ADD], which gave them one) */
	Type *concat[] = {&str_type, &bytes_type, &bytearray_type, &tuple_type, &list_type};
	for (size_t i = 0; i < sizeof concat / sizeof concat[0]; i++) {
		Value k = str_value(str_intern("__radd__"));
		if (dict_del(concat[i]->dict, k) < 0)
			err_clear();
		val_decref(k);
	}
}
