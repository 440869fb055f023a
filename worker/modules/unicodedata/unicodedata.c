/* worker/modules/unicodedata/unicodedata.c -- the unicodedata module (Unicode 14.0.0,
 * as CPython 3.11) over the tables of worker/text/ (text_unidata.h):
 * character properties, names, numeric values and normalization, with
 * CPython's argument checks and messages.  ucd_3_2_0 is not provided. */
#include "config.h"

#include <string.h>

#include "worker/modules/registry.h"
#include "worker/text/text_unidata.h"

/* ---- arguments ----------------------------------------------------------- */

static bool posonly(const char *fname, size_t nargs, Tuple *kw, size_t min, size_t max)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "unicodedata.%s() takes no keyword arguments", fname);
		return false;
	}
	if (nargs >= min && nargs <= max)
		return true;
	if (min == max)
		err_format(Exc_TypeError, "%s expected %zu argument%s, got %zu", fname, min,
			   min == 1 ? "" : "s", nargs);
	else if (nargs < min)
		err_format(Exc_TypeError, "%s expected at least %zu argument%s, got %zu", fname, min,
			   min == 1 ? "" : "s", nargs);
	else
		err_format(Exc_TypeError, "%s expected at most %zu argument%s, got %zu", fname, max,
			   max == 1 ? "" : "s", nargs);
	return false;
}

/* chr argument number `argno` (0: a METH_O function's only argument). */
static bool get_char(const char *fname, Value v, int argno, uint32_t *cp)
{
	if (IS_STR(v) && AS_STR(v)->len == 1) {
		*cp = str_char_at(AS_STR(v), 0);
		return true;
	}
	if (argno)
		err_format(Exc_TypeError, "%s() argument %d must be a unicode character, not %s", fname,
			   argno, type_name_of(v));
	else
		err_format(Exc_TypeError, "%s() argument must be a unicode character, not %s", fname,
			   type_name_of(v));
	return false;
}

/* The one-argument functions (METH_O in CPython). */
static bool meth_o(const char *fname, const Value *args, size_t nargs, Tuple *kw, uint32_t *cp)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "unicodedata.%s() takes no keyword arguments", fname);
		return false;
	}
	if (nargs != 1) {
		err_format(Exc_TypeError, "unicodedata.%s() takes exactly one argument (%zu given)", fname,
			   nargs);
		return false;
	}
	return get_char(fname, args[0], 0, cp);
}

static Type *exc_type_for(const struct text_error *e)
{
	switch (e->status) {
	case TEXT_EKEY: return Exc_KeyError;
	case TEXT_ETYPE: return Exc_TypeError;
	case TEXT_EOVERFLOW: return Exc_OverflowError;
	default: return Exc_ValueError;
	}
}

static Value raise_text(int status, const struct text_error *e)
{
	if (status == TEXT_ENOMEM) {
		err_no_memory();
		return v_null();
	}
	Value m = str_value(str_cstr(e->msg));
	if (IS_NULL(m))
		return m;
	err_set_value(exc_type_for(e), m);
	val_decref(m);
	return v_null();
}

static Value buf_to_str(struct text_buf *b)
{
	Value r = str_value(str_new(b->data ? b->data : "", b->len));
	text_buf_free(b);
	return r;
}

static Value cstr_value(const char *s)
{
	return str_value(str_cstr(s));
}

/* ---- properties ------------------------------------------------------------- */

static Value ud_category(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("category", args, nargs, kw, &cp))
		return v_null();
	return cstr_value(text_ud_category(cp));
}

static Value ud_bidirectional(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("bidirectional", args, nargs, kw, &cp))
		return v_null();
	return cstr_value(text_ud_bidirectional(cp));
}

static Value ud_combining(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("combining", args, nargs, kw, &cp))
		return v_null();
	return v_int(text_ud_combining(cp));
}

static Value ud_mirrored(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("mirrored", args, nargs, kw, &cp))
		return v_null();
	return v_int(text_ud_mirrored(cp));
}

static Value ud_east_asian_width(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("east_asian_width", args, nargs, kw, &cp))
		return v_null();
	return cstr_value(text_ud_east_asian_width(cp));
}

static Value ud_decomposition(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!meth_o("decomposition", args, nargs, kw, &cp))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	if (text_ud_decomposition(cp, &b)) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	return buf_to_str(&b);
}

/* ---- names ----------------------------------------------------------------- */

static Value ud_name(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!posonly("name", nargs, kw, 1, 2) || !get_char("name", args[0], 1, &cp))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error e;
	memset(&e, 0, sizeof e);
	int st = text_ud_name(cp, &b, &e);
	if (st == TEXT_OK)
		return buf_to_str(&b);
	text_buf_free(&b);
	if (st == TEXT_EVALUE && nargs > 1)
		return val_incref(args[1]);
	return raise_text(st, &e);
}

static Value ud_lookup(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!posonly("lookup", nargs, kw, 1, 1))
		return v_null();
	const char *p;
	size_t n;
	if (IS_STR(args[0])) {
		p = AS_STR(args[0])->data;
		n = AS_STR(args[0])->nbytes;
	} else if (obj_is(args[0], &bytes_type)) {
		p = (const char *)((Bytes *)args[0].u.o)->data;
		n = ((Bytes *)args[0].u.o)->n;
	} else if (obj_is(args[0], &bytearray_type)) {
		p = (const char *)((ByteArray *)args[0].u.o)->data;
		n = ((ByteArray *)args[0].u.o)->n;
	} else {
		return err_null_format(Exc_TypeError, "a bytes-like object is required, not '%s'",
				       type_name_of(args[0]));
	}
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error e;
	memset(&e, 0, sizeof e);
	int st = text_ud_lookup(p, n, &b, &e);
	if (st == TEXT_OK)
		return buf_to_str(&b);
	text_buf_free(&b);
	return raise_text(st, &e);
}

/* ---- numeric values ---------------------------------------------------------- */

static Value ud_int_value(const char *fname, int (*fn)(uint32_t, long *, struct text_error *),
			  const Value *args, size_t nargs, Tuple *kw)
{
	uint32_t cp;
	if (!posonly(fname, nargs, kw, 1, 2) || !get_char(fname, args[0], 1, &cp))
		return v_null();
	struct text_error e;
	memset(&e, 0, sizeof e);
	long v;
	int st = fn(cp, &v, &e);
	if (st == TEXT_OK)
		return v_int(v);
	if (st == TEXT_EVALUE && nargs > 1)
		return val_incref(args[1]);
	return raise_text(st, &e);
}

static Value ud_decimal(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return ud_int_value("decimal", text_ud_decimal, args, nargs, kw);
}

static Value ud_digit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return ud_int_value("digit", text_ud_digit, args, nargs, kw);
}

static Value ud_numeric(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	uint32_t cp;
	if (!posonly("numeric", nargs, kw, 1, 2) || !get_char("numeric", args[0], 1, &cp))
		return v_null();
	struct text_error e;
	memset(&e, 0, sizeof e);
	double v;
	int st = text_ud_numeric(cp, &v, &e);
	if (st == TEXT_OK)
		return v_float(v);
	if (st == TEXT_EVALUE && nargs > 1)
		return val_incref(args[1]);
	return raise_text(st, &e);
}

/* ---- normalization ----------------------------------------------------------- */

/* 1: go on; 0: the input is empty (CPython answers before checking the
 * form); -1: error. */
static int norm_args(const char *fname, const Value *args, size_t nargs, Tuple *kw,
		     enum text_nf *form, Str **s)
{
	if (!posonly(fname, nargs, kw, 2, 2))
		return -1;
	for (int i = 0; i < 2; i++)
		if (!IS_STR(args[i])) {
			err_format(Exc_TypeError, "%s() argument %d must be str, not %s", fname, i + 1,
				   type_name_of(args[i]));
			return -1;
		}
	*s = AS_STR(args[1]);
	if ((*s)->len == 0)
		return 0;
	struct text_error e;
	memset(&e, 0, sizeof e);
	int st = text_ud_form(AS_STR(args[0])->data, AS_STR(args[0])->nbytes, form, &e);
	if (st != TEXT_OK) {
		raise_text(st, &e);
		return -1;
	}
	return 1;
}

static Value ud_normalize(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	enum text_nf form;
	Str *s;
	int r = norm_args("normalize", args, nargs, kw, &form, &s);
	if (r < 0)
		return v_null();
	if (r == 0 || s->ascii)	/* ASCII is invariant under every form */
		return val_incref(args[1]);
	struct text_buf b = TEXT_BUF_INIT;
	if (text_ud_normalize(form, s->data, s->nbytes, &b)) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	if (b.len == s->nbytes && memcmp(b.data, s->data, b.len) == 0) {
		text_buf_free(&b);
		return val_incref(args[1]);
	}
	return buf_to_str(&b);
}

static Value ud_is_normalized(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	enum text_nf form;
	Str *s;
	int rc = norm_args("is_normalized", args, nargs, kw, &form, &s);
	if (rc < 0)
		return v_null();
	if (rc == 0 || s->ascii)
		return v_bool(true);
	bool r;
	if (text_ud_is_normalized(form, s->data, s->nbytes, &r)) {
		err_no_memory();
		return v_null();
	}
	return v_bool(r);
}

/* ---- module -------------------------------------------------------------------- */

bool mod_unicodedata_init(Dict *d)
{
	module_set_attr(d, "unidata_version", cstr_value(TEXT_UNIDATA_VERSION));
	module_add_fn(d, "lookup", ud_lookup);
	module_add_fn(d, "name", ud_name);
	module_add_fn(d, "decimal", ud_decimal);
	module_add_fn(d, "digit", ud_digit);
	module_add_fn(d, "numeric", ud_numeric);
	module_add_fn(d, "category", ud_category);
	module_add_fn(d, "bidirectional", ud_bidirectional);
	module_add_fn(d, "combining", ud_combining);
	module_add_fn(d, "mirrored", ud_mirrored);
	module_add_fn(d, "east_asian_width", ud_east_asian_width);
	module_add_fn(d, "decomposition", ud_decomposition);
	module_add_fn(d, "normalize", ud_normalize);
	module_add_fn(d, "is_normalized", ud_is_normalized);
	return !err_occurred();
}
