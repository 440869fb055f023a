/* worker/modules/json/json_decode.c -- json.loads / JSONDecoder.raw_decode: turns
 * the events of the scanner core (worker/modules/json/json_scan.c) into
 * objects, applying object_hook, object_pairs_hook, parse_float, parse_int
 * and parse_constant as CPython's C scanner does.
 *
 * Containers under construction sit on an explicit stack, so nesting costs
 * no C stack; the scanner bounds the depth by the recursion limit left.
 * Dict keys are memoised per call (a small direct-mapped cache), as
 * CPython's scanner memoises them, which saves an allocation and a hash per
 * repeated key. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/json/json_mod.h"
#include "worker/modules/json/json_scan.h"
#include "worker/num/parse.h"

enum { K_LIST, K_DICT, K_PAIRS };

struct jframe {
	Value cont;
	Value key;
	int kind;
};

#define KEYCACHE 256
#define KEYCACHE_MAXLEN 48

struct dec {
	struct jframe *st;
	size_t n, cap;
	Value result;
	/* V_NULL when the default applies */
	Value object_hook, pairs_hook, parse_float, parse_int, parse_constant;
	Str *keys[KEYCACHE];
};

/* Takes over v: stores it into the innermost open container, or as the
 * result. */
static int put_value(struct dec *d, Value v)
{
	if (IS_NULL(v))
		return -1;
	if (d->n == 0) {
		d->result = v;
		return 0;
	}
	struct jframe *f = &d->st[d->n - 1];
	if (f->kind == K_LIST)
		return list_append_steal(AS_LIST(f->cont), v) ? 0 : -1;
	if (f->kind == K_DICT) {
		int r = dict_set(AS_DICT(f->cont), f->key, v);
		val_decref(v);
		VAL_CLEAR(f->key);
		return r < 0 ? -1 : 0;
	}
	Tuple *t = tuple_new(2);
	if (!t) {
		val_decref(v);
		return -1;
	}
	t->items[0] = f->key;
	t->items[1] = v;
	f->key = v_null();
	return list_append_steal(AS_LIST(f->cont), v_obj(&t->ob)) ? 0 : -1;
}

static int push(struct dec *d, Value cont, int kind)
{
	if (IS_NULL(cont))
		return -1;
	if (d->n == d->cap) {
		size_t ncap = d->cap ? d->cap * 2 : 32;
		struct jframe *ns = mem_realloc(d->st, d->cap * sizeof *ns, ncap * sizeof *ns);
		if (!ns) {
			val_decref(cont);
			err_no_memory();
			return -1;
		}
		d->st = ns;
		d->cap = ncap;
	}
	d->st[d->n].cont = cont;
	d->st[d->n].key = v_null();
	d->st[d->n].kind = kind;
	d->n++;
	return 0;
}

static int ev_begin_object(void *ctx)
{
	struct dec *d = ctx;
	if (!IS_NULL(d->pairs_hook)) {
		List *l = list_with_cap(4);
		return push(d, l ? v_obj(&l->ob) : v_null(), K_PAIRS);
	}
	Dict *x = dict_new();
	return push(d, x ? v_obj(&x->ob) : v_null(), K_DICT);
}

static int ev_begin_array(void *ctx)
{
	struct dec *d = ctx;
	List *l = list_with_cap(4);
	return push(d, l ? v_obj(&l->ob) : v_null(), K_LIST);
}

static int ev_end_object(void *ctx)
{
	struct dec *d = ctx;
	struct jframe f = d->st[--d->n];
	val_decref(f.key);
	Value v = f.cont;
	Value hook = !IS_NULL(d->pairs_hook) ? d->pairs_hook : d->object_hook;
	if (!IS_NULL(hook)) {
		Value r = call1(hook, v);
		val_decref(v);
		v = r;
	}
	return put_value(d, v);
}

static int ev_end_array(void *ctx)
{
	struct dec *d = ctx;
	struct jframe f = d->st[--d->n];
	return put_value(d, f.cont);
}

static uint32_t key_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static int ev_key(void *ctx, const char *s, size_t len)
{
	struct dec *d = ctx;
	struct jframe *f = &d->st[d->n - 1];
	Str *k;
	if (len <= KEYCACHE_MAXLEN) {
		Str **slot = &d->keys[key_hash(s, len) & (KEYCACHE - 1)];
		if (*slot && (*slot)->nbytes == len && memcmp((*slot)->data, s, len) == 0) {
			k = *slot;
			obj_incref(&k->ob);
		} else {
			k = str_new(s, len);
			if (!k)
				return -1;
			if (*slot)
				obj_decref(&(*slot)->ob);
			obj_incref(&k->ob);
			*slot = k;
		}
	} else {
		k = str_new(s, len);
		if (!k)
			return -1;
	}
	f->key = v_obj(&k->ob);
	return 0;
}

static int ev_string(void *ctx, const char *s, size_t len)
{
	return put_value(ctx, str_value(str_new(s, len)));
}

static Value text_value(const char *s, size_t len)
{
	return str_value(str_new(s, len));
}

static Value call_with_text(Value fn, const char *s, size_t len)
{
	Value t = text_value(s, len);
	if (IS_NULL(t))
		return t;
	Value r = call1(fn, t);
	val_decref(t);
	return r;
}

static int ev_number(void *ctx, const char *s, size_t len, int is_float)
{
	struct dec *d = ctx;
	if (is_float) {
		if (!IS_NULL(d->parse_float))
			return put_value(d, call_with_text(d->parse_float, s, len));
		struct num_error ne = NUM_ERROR_INIT;
		double x;
		if (num_parse_float(s, len, &x, &ne)) {
			num_error_clear(&ne);
			err_no_memory();
			return -1;
		}
		num_error_clear(&ne);
		return put_value(d, v_float(x));
	}
	if (!IS_NULL(d->parse_int))
		return put_value(d, call_with_text(d->parse_int, s, len));
	if (len <= 18) {
		size_t i = s[0] == '-';
		int64_t v = 0;
		for (; i < len; i++)
			v = v * 10 + (s[i] - '0');
		return put_value(d, v_int(s[0] == '-' ? -v : v));
	}
	Value t = text_value(s, len);
	if (IS_NULL(t))
		return -1;
	Value r = int_from_str(AS_STR(t), 10);
	val_decref(t);
	return put_value(d, r);
}

static int ev_constant(void *ctx, enum json_const c)
{
	struct dec *d = ctx;
	switch (c) {
	case JSON_NULL:
		return put_value(d, v_none());
	case JSON_TRUE:
		return put_value(d, v_bool(true));
	case JSON_FALSE:
		return put_value(d, v_bool(false));
	default:
		break;
	}
	const char *name = c == JSON_NAN ? "NaN" : c == JSON_INFINITY ? "Infinity" : "-Infinity";
	if (!IS_NULL(d->parse_constant))
		return put_value(d, call_with_text(d->parse_constant, name, strlen(name)));
	if (c == JSON_NAN) {
		/* CPython's decoder returns its one module-level NaN object */
		static Value json_nan;
		if (!IS_FLOAT(json_nan))
			json_nan = v_float(NAN);
		return put_value(d, json_nan);
	}
	return put_value(d, v_float(c == JSON_INFINITY ? INFINITY : -INFINITY));
}

static void dec_free(struct dec *d)
{
	for (size_t i = 0; i < d->n; i++) {
		val_decref(d->st[i].cont);
		val_decref(d->st[i].key);
	}
	mem_free(d->st, d->cap * sizeof *d->st);
	for (size_t i = 0; i < KEYCACHE; i++)
		if (d->keys[i])
			obj_decref(&d->keys[i]->ob);
	val_decref(d->result);
}

/* Raises errcls(msg, doc, pos). */
static void raise_decode_error(Value errcls, const char *msg, Value doc, long long pos)
{
	Value m = str_value(str_cstr(msg));
	if (IS_NULL(m))
		return;
	Value a[3] = {m, doc, v_int(pos)};
	Value e = obj_call(errcls, a, 3, NULL);
	val_decref(m);
	if (IS_NULL(e))
		return;
	if (!is_exc_instance(e)) {
		val_decref(e);
		err_format(Exc_TypeError, "exceptions must derive from BaseException");
		return;
	}
	err_set_obj(e.u.o);
}

/* Raises the error the core reported. */
static void raise_core_error(const struct core_error *err, Value errcls, Value doc)
{
	const char *t = err->type;
	if (strcmp(t, CORE_ERR_CALLBACK) == 0) {
		if (!err_occurred())
			err_no_memory();
		return;
	}
	if (strcmp(t, "json.JSONDecodeError") == 0) {
		raise_decode_error(errcls, err->bare, doc, err->pos);
		return;
	}
	if (err_occurred())	/* a callback failed inside the core */
		return;
	Type *et = Exc_ValueError;
	if (strcmp(t, "RecursionError") == 0)
		et = Exc_RecursionError;
	else if (strcmp(t, "MemoryError") == 0) {
		err_no_memory();
		return;
	} else if (strcmp(t, "UnicodeDecodeError") == 0)
		et = Exc_UnicodeDecodeError;
	err_set_str(et, err->msg);
}

static size_t skip_ws(const char *s, size_t len, size_t i)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

static size_t cp_count(const char *s, size_t nbytes)
{
	size_t n = 0;
	for (size_t i = 0; i < nbytes; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

static Value opt_hook(Value v)
{
	return IS_NONE(v) ? v_null() : v;
}

Value json_mod_scan(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	(void)self;
	if (!args_check("scan", nargs, kwnames, 10, 10))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "first argument must be a string, not %s",
				       type_name_of(args[0]));
	Str *s = AS_STR(args[0]);
	int64_t idx = 0;
	if (!is_intlike(args[1]) || !int_as_i64(args[1], &idx))
		return err_null_format(Exc_TypeError, "idx must be an int");
	int whole = obj_truth(args[2]);
	int strict = obj_truth(args[3]);
	if (whole < 0 || strict < 0)
		return v_null();
	Value errcls = args[9];

	if (idx < 0)
		return err_null_format(Exc_ValueError, "idx cannot be negative");
	if (!whole && (size_t)idx >= s->len) {
		raise_decode_error(errcls, "Expecting value", args[0], idx);
		return v_null();
	}

	struct dec d;
	memset(&d, 0, sizeof d);
	d.result = v_null();
	d.object_hook = opt_hook(args[4]);
	d.pairs_hook = opt_hook(args[5]);
	d.parse_float = opt_hook(args[6]);
	d.parse_int = opt_hook(args[7]);
	d.parse_constant = opt_hook(args[8]);

	struct json_events ev = {
		.ctx = &d,
		.begin_object = ev_begin_object,
		.key = ev_key,
		.end_object = ev_end_object,
		.begin_array = ev_begin_array,
		.end_array = ev_end_array,
		.string = ev_string,
		.number = ev_number,
		.constant = ev_constant,
	};
	int left = vm.depth_limit - vm.depth;
	struct json_options opt = { strict, left > 1 ? left : 1 };
	struct core_error err;
	size_t start = whole ? skip_ws(s->data, s->nbytes, 0)
			     : (s->ascii ? (size_t)idx : str_byte_offset(s, (size_t)idx));
	size_t end = 0;
	if (json_raw_decode(s->data, s->nbytes, start, &opt, &ev, &end, &err)) {
		raise_core_error(&err, errcls, args[0]);
		dec_free(&d);
		return v_null();
	}
	Value result = d.result;
	d.result = v_null();
	dec_free(&d);
	if (whole) {
		end = skip_ws(s->data, s->nbytes, end);
		if (end != s->nbytes) {
			size_t pos = s->ascii ? end : cp_count(s->data, end);
			val_decref(result);
			raise_decode_error(errcls, "Extra data", args[0], (long long)pos);
			return v_null();
		}
		return result;
	}
	size_t endcp = s->ascii ? end : cp_count(s->data, end);
	Tuple *t = tuple_new(2);
	if (!t) {
		val_decref(result);
		return v_null();
	}
	t->items[0] = result;
	t->items[1] = v_int((int64_t)endcp);
	return v_obj(&t->ob);
}

Value json_mod_scanstring(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	(void)self;
	static const char *const names[] = {"s", "end", "strict"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("scanstring", args, nargs, kwnames, names, 2, 3, a))
		return v_null();
	if (!IS_STR(a[0]))
		return err_null_format(Exc_TypeError, "first argument must be a string, not %s",
				       type_name_of(a[0]));
	Str *s = AS_STR(a[0]);
	int64_t end;
	if (!is_intlike(a[1]) || !int_as_i64(a[1], &end))
		return err_null_format(Exc_TypeError, "end must be an int");
	int strict = IS_NULL(a[2]) ? 1 : obj_truth(a[2]);
	if (strict < 0)
		return v_null();
	if (end < 0 || (size_t)end > s->len)
		return err_null_format(Exc_ValueError, "end is out of bounds");
	size_t start = s->ascii ? (size_t)end : str_byte_offset(s, (size_t)end);
	char *out = NULL;
	size_t outlen = 0, endb = 0;
	struct core_error err;
	if (json_scanstring(s->data, s->nbytes, start, strict, &out, &outlen, &endb, &err)) {
		Value jm = v_null();
		Str *jn = str_intern("json");
		jm = module_import(jn);
		obj_decref(&jn->ob);
		if (IS_NULL(jm))
			return jm;
		Value cls = obj_getattr_cstr(jm, "JSONDecodeError");
		val_decref(jm);
		if (IS_NULL(cls))
			return cls;
		raise_core_error(&err, cls, a[0]);
		val_decref(cls);
		return v_null();
	}
	Str *r = str_new(out, outlen);
	free(out);
	if (!r)
		return v_null();
	Tuple *t = tuple_new(2);
	if (!t) {
		obj_decref(&r->ob);
		return v_null();
	}
	t->items[0] = v_obj(&r->ob);
	t->items[1] = v_int((int64_t)(s->ascii ? endb : cp_count(s->data, endb)));
	return v_obj(&t->ob);
}
