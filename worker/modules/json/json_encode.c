/* worker/modules/json/json_encode.c -- JSONEncoder's object walk (json.dumps):
 * CPython 3.11's C encoder (c_make_encoder) when indent is None, and the
 * texts and layout of its pure-Python _make_iterencode otherwise; the
 * output is byte-identical to CPython's.  String escaping and float text
 * come from worker/modules/json/json_escape.c.
 *
 * The walk recurses on the C stack, bounded by the interpreter's recursion
 * limit (RecursionError, never a crash).  Circular references are found
 * with a stack of the containers being encoded (check_circular). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "worker/modules/json/json_mod.h"
#include "worker/modules/json/json_escape.h"

struct enc {
	struct text_buf out;
	int skipkeys, ensure_ascii, check_circular, allow_nan, sort_keys, pyenc;
	const char *indent;	/* NULL: indent is None */
	size_t indent_len;
	Str *key_sep, *item_sep;
	Value dflt;
	Obj **marks;
	size_t nmarks, capmarks;
};

static int nomem(void)
{
	err_no_memory();
	return -1;
}

static int put(struct enc *e, const char *s, size_t n)
{
	return num_buf_append(&e->out, s, n) ? nomem() : 0;
}

static int putc_(struct enc *e, char c)
{
	return num_buf_putc(&e->out, c) ? nomem() : 0;
}

static int newline(struct enc *e, int level)
{
	if (putc_(e, '\n'))
		return -1;
	for (int k = 0; k < level; k++)
		if (put(e, e->indent, e->indent_len))
			return -1;
	return 0;
}

static int raise_core_error(const struct core_error *err)
{
	if (strcmp(err->type, "ValueError") == 0)
		err_set_str(Exc_ValueError, err->msg);
	else
		err_no_memory();
	return -1;
}

static int put_float(struct enc *e, double x)
{
	struct core_error err;
	core_error_clear(&err);
	if (json_format_float(&e->out, x, e->allow_nan, e->pyenc, &err))
		return raise_core_error(&err);
	return 0;
}

static int put_int(struct enc *e, Value v)
{
	if (v.tag == V_INT) {
		/* the decimal digits (snprintf costs ten times more) */
		char b[24];
		char *end = b + sizeof b;
		char *q = str_digits_u64(end, v.u.i < 0 ? -(uint64_t)v.u.i : (uint64_t)v.u.i);
		if (v.u.i < 0)
			*--q = '-';
		return put(e, q, (size_t)(end - q));
	}
	Value r = int_repr(v);
	if (IS_NULL(r))
		return -1;
	int rc = put(e, AS_STR(r)->data, AS_STR(r)->nbytes);
	val_decref(r);
	return rc;
}

static int put_str(struct enc *e, Str *s)
{
	return json_escape_string(&e->out, s->data, s->nbytes, e->ensure_ascii) ? nomem() : 0;
}

static int mark(struct enc *e, Obj *o)
{
	if (!e->check_circular)
		return 0;
	for (size_t i = 0; i < e->nmarks; i++)
		if (e->marks[i] == o) {
			err_set_str(Exc_ValueError, "Circular reference detected");
			return -1;
		}
	if (e->nmarks == e->capmarks) {
		size_t ncap = e->capmarks ? e->capmarks * 2 : 16;
		Obj **nm = mem_realloc(e->marks, e->capmarks * sizeof *nm, ncap * sizeof *nm);
		if (!nm)
			return -1;
		e->marks = nm;
		e->capmarks = ncap;
	}
	e->marks[e->nmarks++] = o;
	return 0;
}

static void unmark(struct enc *e)
{
	if (e->check_circular)
		e->nmarks--;
}

static int encode_obj(struct enc *e, Value v, int level);

static int encode_list(struct enc *e, Value v, int level)
{
	size_t n = IS_LIST(v) ? AS_LIST(v)->n : AS_TUPLE(v)->n;
	if (n == 0)
		return put(e, "[]", 2);
	if (mark(e, v.u.o))
		return -1;
	int rc = -1;
	if (putc_(e, '['))
		goto out;
	level++;
	if (e->indent && newline(e, level))
		goto out;
	for (size_t i = 0;; i++) {
		/* a list may change while default() runs: re-read it */
		Value item;
		if (IS_LIST(v)) {
			if (i >= AS_LIST(v)->n)
				break;
			item = AS_LIST(v)->items[i];
		} else {
			if (i >= AS_TUPLE(v)->n)
				break;
			item = AS_TUPLE(v)->items[i];
		}
		if (i > 0) {
			if (put(e, e->item_sep->data, e->item_sep->nbytes))
				goto out;
			if (e->indent && newline(e, level))
				goto out;
		}
		val_incref(item);
		int r = encode_obj(e, item, level);
		val_decref(item);
		if (r)
			goto out;
	}
	if (e->indent && newline(e, level - 1))
		goto out;
	rc = putc_(e, ']');
out:
	unmark(e);
	return rc;
}

/* Writes the key text of k (CPython's key conversion); 1: skip it. */
static int put_key(struct enc *e, Value k)
{
	k = val_unbox(k);
	if (IS_STR(k))
		return put_str(e, AS_STR(k));
	if (IS_FLOAT(k)) {
		if (putc_(e, '"') || put_float(e, k.u.f))
			return -1;
		return putc_(e, '"');
	}
	if (IS_BOOL(k))
		return k.u.i ? put(e, "\"true\"", 6) : put(e, "\"false\"", 7);
	if (IS_NONE(k))
		return put(e, "\"null\"", 6);
	if (is_intlike(k)) {
		if (putc_(e, '"') || put_int(e, k))
			return -1;
		return putc_(e, '"');
	}
	if (e->skipkeys)
		return 1;
	err_format(Exc_TypeError, "keys must be str, int, float, bool or None, not %.100s",
		   type_name_of(k));
	return -1;
}

/* One "key: value" item; *count counts the items written. */
static int dict_item(struct enc *e, Value k, Value v, int level, size_t *count)
{
	size_t mark_len = e->out.len;
	if (*count > 0) {
		if (put(e, e->item_sep->data, e->item_sep->nbytes))
			return -1;
		if (e->indent && newline(e, level))
			return -1;
	}
	int r = put_key(e, k);
	if (r < 0)
		return -1;
	if (r == 1) {
		e->out.len = mark_len;	/* skipped: take the separator back */
		if (e->out.data)
			e->out.data[mark_len] = '\0';
		return 0;
	}
	if (put(e, e->key_sep->data, e->key_sep->nbytes))
		return -1;
	if (encode_obj(e, v, level))
		return -1;
	(*count)++;
	return 0;
}

static int encode_dict(struct enc *e, Value v, int level)
{
	Dict *d = AS_DICT(v);
	if (d->used == 0)
		return put(e, "{}", 2);
	if (mark(e, v.u.o))
		return -1;
	int rc = -1;
	Value items = v_null();
	if (putc_(e, '{'))
		goto out;
	level++;
	if (e->indent && newline(e, level))
		goto out;
	size_t count = 0;
	if (obj_is(v, &dict_type) && !e->sort_keys) {
		size_t pos = 0;
		Value k, x;
		while (dict_next(d, &pos, &k, &x)) {
			val_incref(k);
			val_incref(x);
			int r = dict_item(e, k, x, level, &count);
			val_decref(k);
			val_decref(x);
			if (r)
				goto out;
		}
	} else {
		Value it = obj_is(v, &dict_type) ? v_null() : obj_getattr(v, ID(items));
		if (obj_is(v, &dict_type)) {
			List *l = list_with_cap(d->used);
			if (!l)
				goto out;
			items = v_obj(&l->ob);
			size_t pos = 0;
			Value k, x;
			while (dict_next(d, &pos, &k, &x)) {
				Tuple *t = tuple_pack2(k, x);
				if (!t || !list_append_steal(l, v_obj(&t->ob)))
					goto out;
			}
		} else {
			if (IS_NULL(it))
				goto out;
			Value r = call0(it);
			val_decref(it);
			if (IS_NULL(r))
				goto out;
			items = seq_to_list(r);
			val_decref(r);
			if (IS_NULL(items))
				goto out;
		}
		if (e->sort_keys) {
			Value r = list_sort(AS_LIST(items), v_none(), false);
			if (IS_NULL(r))
				goto out;
			val_decref(r);
		}
		List *l = AS_LIST(items);
		for (size_t i = 0; i < l->n; i++) {
			Value pair = l->items[i];
			if (!IS_TUPLE(pair) || AS_TUPLE(pair)->n != 2) {
				err_format(Exc_ValueError, "items must return 2-tuples");
				goto out;
			}
			if (dict_item(e, AS_TUPLE(pair)->items[0], AS_TUPLE(pair)->items[1], level, &count))
				goto out;
		}
	}
	if (e->indent && newline(e, level - 1))
		goto out;
	rc = putc_(e, '}');
out:
	val_decref(items);
	unmark(e);
	return rc;
}

static const char *recursion_where(const struct enc *e)
{
	return e->pyenc ? " while calling a Python object" : " while encoding a JSON object";
}

static int encode_obj(struct enc *e, Value v, int level)
{
	v = val_unbox(v); /* int and float subclass instances encode as their value */
	switch (v.tag) {
	case V_NONE:
		return put(e, "null", 4);
	case V_BOOL:
		return v.u.i ? put(e, "true", 4) : put(e, "false", 5);
	case V_INT:
		return put_int(e, v);
	case V_FLOAT:
		return put_float(e, v.u.f);
	default:
		break;
	}
	if (IS_STR(v))
		return put_str(e, AS_STR(v));
	if (is_intlike(v))
		return put_int(e, v);
	int rc;
	if (IS_LIST(v) || IS_TUPLE(v)) {
		if (!enter_recursion(recursion_where(e)))
			return -1;
		rc = encode_list(e, v, level);
		leave_recursion();
		return rc;
	}
	if (IS_DICT(v)) {
		if (!enter_recursion(recursion_where(e)))
			return -1;
		rc = encode_dict(e, v, level);
		leave_recursion();
		return rc;
	}
	if (IS_NULL(e->dflt)) {
		err_format(Exc_TypeError, "Object of type %s is not JSON serializable", type_name_of(v));
		return -1;
	}
	if (mark(e, v.u.o))
		return -1;
	Value r = call1(e->dflt, v);
	if (IS_NULL(r)) {
		unmark(e);
		return -1;
	}
	if (!enter_recursion(recursion_where(e))) {
		val_decref(r);
		unmark(e);
		return -1;
	}
	rc = encode_obj(e, r, level);
	leave_recursion();
	val_decref(r);
	unmark(e);
	return rc;
}

static int flag(Value v, int *out)
{
	int t = obj_truth(v);
	if (t < 0)
		return -1;
	*out = t;
	return 0;
}

Value json_mod_encode(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	(void)self;
	if (!args_check("encode", nargs, kwnames, 11, 11))
		return v_null();
	struct enc e;
	memset(&e, 0, sizeof e);
	text_buf_init(&e.out);
	if (flag(args[1], &e.skipkeys) || flag(args[2], &e.ensure_ascii) ||
	    flag(args[3], &e.check_circular) || flag(args[4], &e.allow_nan) ||
	    flag(args[5], &e.sort_keys) || flag(args[10], &e.pyenc))
		return v_null();
	if (!IS_NONE(args[6])) {
		if (!IS_STR(args[6]))
			return err_null_format(Exc_TypeError, "indent must be a str or None");
		e.indent = AS_STR(args[6])->data;
		e.indent_len = AS_STR(args[6])->nbytes;
	}
	if (!IS_STR(args[7]))
		return err_null_format(Exc_TypeError, "make_encoder() argument 6 must be str, not %s",
				       type_name_of(args[7]));
	if (!IS_STR(args[8]))
		return err_null_format(Exc_TypeError, "make_encoder() argument 7 must be str, not %s",
				       type_name_of(args[8]));
	e.key_sep = AS_STR(args[7]);
	e.item_sep = AS_STR(args[8]);
	e.dflt = IS_NONE(args[9]) ? v_null() : args[9];

	int rc = encode_obj(&e, args[0], 0);
	mem_free(e.marks, e.capmarks * sizeof *e.marks);
	Value r = v_null();
	if (rc == 0)
		r = str_value(str_new(e.out.data ? e.out.data : "", e.out.len));
	text_buf_free(&e.out);
	return r;
}

static Value escape_common(const char *fname, const Value *args, size_t nargs, Tuple *kwnames,
			   int ensure_ascii)
{
	if (!args_check(fname, nargs, kwnames, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "first argument must be a string, not %.80s",
				       type_name_of(args[0]));
	struct text_buf b = TEXT_BUF_INIT;
	Value r = v_null();
	if (json_escape_string(&b, AS_STR(args[0])->data, AS_STR(args[0])->nbytes, ensure_ascii))
		err_no_memory();
	else
		r = str_value(str_new(b.data, b.len));
	text_buf_free(&b);
	return r;
}

Value json_mod_escape(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	(void)self;
	return escape_common("encode_basestring", args, nargs, kwnames, 0);
}

Value json_mod_escape_ascii(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	(void)self;
	return escape_common("encode_basestring_ascii", args, nargs, kwnames, 1);
}
