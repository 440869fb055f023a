/* strmethods.c -- the str type's slots (indexing, slicing, concatenation,
 * repetition with a pre-flight size check, comparison, iteration, `%`) and
 * its methods, on top of the text library (worker/text/) for the Unicode
 * algorithms and the numbers library for formatting.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/text/text_buf.h"
#include "worker/text/text_case.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_repr.h"
#include "worker/text/text_search.h"
#include "worker/text/text_split.h"
#include "worker/text/text_pad.h"
#include "worker/text/text_codec.h"
#include "worker/num/format.h"

Value num_raise(struct num_error *e);

#define SSELF Str *s = AS_STR(self)

static Value from_text_buf(struct text_buf *b, int rc)
{
	if (rc != 0) {
		text_buf_free(b);
		err_no_memory();
		return v_null();
	}
	Str *r = str_new(b->data ? b->data : "", b->len);
	text_buf_free(b);
	return str_value(r);
}

Value obj_ascii(Value v)
{
	Value r = obj_repr(v);
	if (IS_NULL(r) || AS_STR(r)->ascii)
		return r;
	struct text_buf b = TEXT_BUF_INIT;
	Str *s = AS_STR(r);
	int rc = 0;
	size_t i = 0;
	while (i < s->nbytes && rc == 0) {
		size_t n;
		uint32_t c = utf8_decode((const unsigned char *)s->data + i, &n);
		if (c < 0x80)
			rc = text_buf_putc(&b, (char)c);
		else
			rc = text_put_cp_escape(&b, c);
		i += n;
	}
	val_decref(r);
	return from_text_buf(&b, rc);
}

/* ---- slots ----------------------------------------------------------------------- */

static Value str_repr_slot(Value v) { return str_repr_value(AS_STR(v)); }
static Value str_str_slot(Value v)
{
	if (obj_is(v, &str_type))
		return val_incref(v);
	Str *s = AS_STR(v);
	return str_value(str_new(s->data, s->nbytes));
}

static bool str_hash_slot(Value v, int64_t *out)
{
	*out = str_hash(AS_STR(v));
	return true;
}

static Value str_richcmp(Value a, Value b, int op)
{
	if (!IS_STR(a) || !IS_STR(b))
		return v_notimpl();
	Str *x = AS_STR(a), *y = AS_STR(b);
	if (op == CMP_EQ)
		return v_bool(str_equal(x, y));
	if (op == CMP_NE)
		return v_bool(!str_equal(x, y));
	int c = str_compare(x, y);
	return cmp_result(c, op);
}

static ssize_t str_len(Value v) { return (ssize_t)AS_STR(v)->len; }

static Str *substr(Str *s, size_t start, size_t end)
{
	size_t a = str_byte_offset(s, start), b = str_byte_offset(s, end);
	return str_new(s->data + a, b - a);
}

Value str_getitem(Value v, Value k)
{
	Str *s = AS_STR(v);
	if (k.tag == V_INT || k.tag == V_BOOL || (is_intlike(k))) {
		ssize_t i;
		if (!val_as_ssize(k, &i)) {
			if (err_matches(Exc_OverflowError)) {
				err_clear();
				err_format(Exc_IndexError, "cannot fit 'int' into an index-sized integer");
			}
			return v_null();
		}
		if (i < 0)
			i += (ssize_t)s->len;
		if (i < 0 || (size_t)i >= s->len)
			return err_null_format(Exc_IndexError, "string index out of range");
		return str_value(str_from_cp(str_char_at(s, (size_t)i)));
	}
	if (IS_SLICE(k)) {
		ssize_t start, stop, step, n;
		if (!slice_indices((Slice *)k.u.o, (ssize_t)s->len, &start, &stop, &step, &n))
			return v_null();
		if (n <= 0)
			return str_value(str_empty());
		/* s[:] of an exact str is s itself, as CPython */
		if (step == 1 && (size_t)n == s->len && obj_is(v, &str_type))
			return val_incref(v);
		if (step == 1)
			return str_value(substr(s, (size_t)start, (size_t)stop));
		StrBuf b;
		sb_init(&b);
		for (ssize_t i = 0, j = start; i < n; i++, j += step)
			sb_add_cp(&b, str_char_at(s, (size_t)j));
		return str_value(sb_finish(&b));
	}
	if (val_type(k)->index) {
		Value i = obj_index(k);
		if (IS_NULL(i))
			return i;
		Value r = str_getitem(v, i);
		val_decref(i);
		return r;
	}
	return err_null_format(Exc_TypeError, "string indices must be integers, not '%s'", type_name_of(k));
}

static int str_contains(Value v, Value x)
{
	if (!IS_STR(x)) {
		err_format(Exc_TypeError, "'in <string>' requires string as left operand, not %s", type_name_of(x));
		return -1;
	}
	Str *s = AS_STR(v), *n = AS_STR(x);
	return text_find(s->data, s->nbytes, n->data, n->nbytes) >= 0;
}

static Value str_add(Value a, Value b)
{
	if (!IS_STR(a) || !IS_STR(b))
		return v_notimpl();
	return str_value(str_concat(AS_STR(a), AS_STR(b)));
}

static Value str_mul(Value a, Value b)
{
	Value sv = IS_STR(a) ? a : b, nv = IS_STR(a) ? b : a;
	if (!IS_STR(sv) || (!is_intlike(nv) && !val_type(nv)->index))
		return v_notimpl();
	ssize_t n;
	if (!val_as_ssize(nv, &n)) {
		if (err_matches(Exc_OverflowError)) {
			err_clear();
			err_format(Exc_OverflowError, "cannot fit 'int' into an index-sized integer");
		}
		return v_null();
	}
	Str *s = AS_STR(sv);
	if (n <= 0 || s->nbytes == 0)
		return str_value(str_empty());
	if (n == 1 && obj_is(sv, &str_type))
		return val_incref(sv);
	size_t total;
	if (__builtin_mul_overflow(s->nbytes, (size_t)n, &total)) {
		err_no_memory();
		return v_null();
	}
	if (!mem_check(total + sizeof(Str) + 1))
		return v_null();
	Str *r = str_alloc(total);
	if (!r)
		return v_null();
	if (s->nbytes == 1) {
		memset(r->data, s->data[0], total);
	} else {
		for (ssize_t i = 0; i < n; i++)
			mem_copy(r->data + (size_t)i * s->nbytes, s->data, s->nbytes);
	}
	r->len = s->len * (size_t)n;
	r->ascii = s->ascii;
	return str_value(r);
}

static Value str_mod(Value a, Value b)
{
	if (!IS_STR(a))
		return v_notimpl();
	return str_mod_format(a, b);
}

typedef struct StrIter {
	Obj ob;
	Value s;
	size_t byte;
} StrIter;

static Value str_iter(Value v)
{
	StrIter *it = (StrIter *)obj_alloc(&str_iter_type, sizeof(StrIter));
	if (!it)
		return v_null();
	it->s = val_incref(v);
	return v_obj(&it->ob);
}

static Value str_iter_next(Value v)
{
	StrIter *it = (StrIter *)v.u.o;
	if (IS_NULL(it->s))
		return v_null();
	Str *s = AS_STR(it->s);
	if (it->byte >= s->nbytes) {
		VAL_CLEAR(it->s);
		return v_null();
	}
	size_t n;
	uint32_t c = utf8_decode((const unsigned char *)s->data + it->byte, &n);
	it->byte += n;
	return str_value(str_from_cp(c));
}

static void str_iter_dealloc(Obj *o)
{
	val_decref(((StrIter *)o)->s);
	obj_free(o);
}

static Value self_iter(Value v) { return val_incref(v); }

static Value str_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"object", "encoding", "errors"};
	/* str(i) of a small int, the most common call: its digits straight */
	if (t == &str_type && nargs == 1 && (!kw || kw->n == 0) && args[0].tag == V_INT) {
		Str *r = str_from_int64(args[0].u.i);
		return r ? str_value(r) : v_null();
	}
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("str", args, nargs, kw, names, 0, 3, a))
		return v_null();
	for (int i = 1; i < 3; i++)
		if (!IS_NULL(a[i]) && !IS_STR(a[i]))
			return err_null_format(Exc_TypeError, "str() argument '%s' must be str, not %s", names[i], type_name_of(a[i]));
	Value r;
	if (IS_NULL(a[0])) {
		r = str_value(str_empty());
	} else if (!IS_NULL(a[1]) || !IS_NULL(a[2])) {
		const char *p;
		size_t n;
		if (IS_BYTES(a[0])) {
			p = (const char *)((Bytes *)a[0].u.o)->data;
			n = ((Bytes *)a[0].u.o)->n;
		} else if (obj_is(a[0], &bytearray_type)) {
			p = (const char *)((ByteArray *)a[0].u.o)->data;
			n = ((ByteArray *)a[0].u.o)->n;
		} else {
			return err_null_format(Exc_TypeError, "decoding to str: need a bytes-like object, %s found", type_name_of(a[0]));
		}
		extern Value bytes_decode_impl(const char *p, size_t n, Value enc, Value errors);
		r = bytes_decode_impl(p, n, a[1], a[2]);
	} else {
		r = obj_str(a[0]);
	}
	if (IS_NULL(r) || t == &str_type)
		return r;
	/* subclass instance: copy the data into an object of type t */
	Str *src = AS_STR(r);
	size_t size = t->basicsize + src->nbytes + 1;
	Str *s = (Str *)obj_alloc(t, size);
	if (!s) {
		val_decref(r);
		return v_null();
	}
	mem_copy(s->data, src->data, src->nbytes + 1);
	s->nbytes = src->nbytes;
	s->len = src->len;
	s->ascii = src->ascii;
	val_decref(r);
	return v_obj(&s->ob);
}

/* ---- methods --------------------------------------------------------------------- */

typedef int (*casefn)(const char *, size_t, struct text_buf *);

static Value case_method(Value self, size_t nargs, Tuple *kw, const char *name, casefn fn)
{
	if (!args_check(name, nargs, kw, 0, 0))
		return v_null();
	SSELF;
	struct text_buf b = TEXT_BUF_INIT;
	return from_text_buf(&b, fn(s->data, s->nbytes, &b));
}

#define CASE_M(name) static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_method(self, nargs, kw, #name, text_##name); }
CASE_M(title) CASE_M(capitalize) CASE_M(swapcase)

/* upper(), lower() and casefold() of an ASCII str stay ASCII, byte for
 * byte: made straight into the result. */
static Value ascii_case(Value self, size_t nargs, Tuple *kw, const char *name, casefn fn, bool up)
{
	SSELF;
	if (!s->ascii || s->nbytes < 2)
		return case_method(self, nargs, kw, name, fn);
	if (!args_check(name, nargs, kw, 0, 0))
		return v_null();
	Str *r = str_alloc(s->nbytes);
	if (!r)
		return v_null();
	const unsigned char *src = (const unsigned char *)s->data;
	for (size_t i = 0; i < s->nbytes; i++) {
		unsigned char c = src[i];
		if (up ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z'))
			c ^= 0x20;
		r->data[i] = (char)c;
	}
	r->len = s->nbytes;
	r->ascii = true;
	return str_value(r);
}

static Value m_upper(Value self, const Value *args, size_t nargs, Tuple *kw) { return ascii_case(self, nargs, kw, "upper", text_upper, true); }
static Value m_lower(Value self, const Value *args, size_t nargs, Tuple *kw) { return ascii_case(self, nargs, kw, "lower", text_lower, false); }
static Value m_casefold(Value self, const Value *args, size_t nargs, Tuple *kw) { return ascii_case(self, nargs, kw, "casefold", text_casefold, false); }

typedef bool (*predfn)(const char *, size_t);
#define PRED_M(name) static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ if (!args_check(#name, nargs, kw, 0, 0)) return v_null(); SSELF; return v_bool(text_##name(s->data, s->nbytes)); }
PRED_M(isalpha) PRED_M(isalnum) PRED_M(isdecimal) PRED_M(isdigit) PRED_M(isnumeric)
PRED_M(isspace) PRED_M(islower) PRED_M(isupper) PRED_M(istitle) PRED_M(isascii)
PRED_M(isidentifier) PRED_M(isprintable)

typedef struct SplitCtx {
	List *l;
	const char *base;
	bool ascii;	/* the str split is ASCII: so is every piece */
} SplitCtx;

static int split_cb(void *ctx, size_t start, size_t len)
{
	SplitCtx *c = ctx;
	Str *p = c->ascii ? str_new_ascii(c->base + start, len) : str_new(c->base + start, len);
	if (!p)
		return -1;
	return list_append_steal(c->l, str_value(p)) ? 0 : -1;
}

static Value do_split(Value self, const Value *args, size_t nargs, Tuple *kw, bool right)
{
	static const char *const names[] = {"sep", "maxsplit"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse(right ? "rsplit" : "split", args, nargs, kw, names, 0, 2, a))
		return v_null();
	SSELF;
	ssize_t maxsplit = -1;
	if (!IS_NULL(a[1]) && !val_as_ssize(a[1], &maxsplit))
		return v_null();
	List *l = list_new(0);
	SplitCtx c = {l, s->data, s->ascii};
	int rc;
	if (IS_NULL(a[0]) || IS_NONE(a[0])) {
		rc = right ? text_rsplit_ws(s->data, s->nbytes, maxsplit, split_cb, &c)
			   : text_split_ws(s->data, s->nbytes, maxsplit, split_cb, &c);
	} else {
		if (!IS_STR(a[0])) {
			obj_decref(&l->ob);
			return err_null_format(Exc_TypeError, "must be str or None, not %s", type_name_of(a[0]));
		}
		Str *sep = AS_STR(a[0]);
		if (sep->nbytes == 0) {
			obj_decref(&l->ob);
			return err_null_format(Exc_ValueError, "empty separator");
		}
		rc = right ? text_rsplit_sep(s->data, s->nbytes, sep->data, sep->nbytes, maxsplit, split_cb, &c)
			   : text_split_sep(s->data, s->nbytes, sep->data, sep->nbytes, maxsplit, split_cb, &c);
	}
	if (rc != 0) {
		obj_decref(&l->ob);
		if (!err_occurred())
			err_no_memory();
		return v_null();
	}
	/* as CPython: no split made, the list holds the str itself */
	if (l->n == 1 && obj_is(self, &str_type) && AS_STR(l->items[0])->nbytes == s->nbytes && l->items[0].u.o != self.u.o) {
		val_decref(l->items[0]);
		l->items[0] = val_incref(self);
	}
	if (right) {
		/* rsplit callbacks arrive right to left */
		for (size_t i = 0, j = l->n; i + 1 < j; i++, j--) {
			Value t = l->items[i];
			l->items[i] = l->items[j - 1];
			l->items[j - 1] = t;
		}
	}
	return v_obj(&l->ob);
}

static Value m_split(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_split(self, args, nargs, kw, false); }
static Value m_rsplit(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_split(self, args, nargs, kw, true); }

static Value m_splitlines(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"keepends"};
	Value a[1] = {v_null()};
	if (!args_parse("splitlines", args, nargs, kw, names, 0, 1, a))
		return v_null();
	SSELF;
	bool keep = !IS_NULL(a[0]) && obj_truth(a[0]) > 0;
	List *l = list_new(0);
	SplitCtx c = {l, s->data, s->ascii};
	if (text_splitlines(s->data, s->nbytes, keep, split_cb, &c) != 0) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

static Value m_join(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("join", nargs, kw, 1, 1))
		return v_null();
	return str_join_list(AS_STR(self), args[0]);
}

/* The items of an exact list or tuple are read in place (nothing below
 * runs Python code, so the sequence cannot change under the join); any
 * other iterable is made a list first. */
Value str_join_list(Str *sep, Value iterable)
{
	const Value *items;
	size_t n;
	Value seq;
	if (obj_is(iterable, &list_type)) {
		seq = val_incref(iterable);
		items = AS_LIST(seq)->items;
		n = AS_LIST(seq)->n;
	} else if (obj_is(iterable, &tuple_type)) {
		seq = val_incref(iterable);
		items = AS_TUPLE(seq)->items;
		n = AS_TUPLE(seq)->n;
	} else {
		seq = seq_to_list(iterable);
		if (IS_NULL(seq))
			return seq;
		items = AS_LIST(seq)->items;
		n = AS_LIST(seq)->n;
	}
	size_t total = 0, len = 0;
	bool ascii = sep->ascii;
	for (size_t i = 0; i < n; i++) {
		if (!IS_STR(items[i])) {
			err_format(Exc_TypeError, "sequence item %zu: expected str instance, %s found", i, type_name_of(items[i]));
			val_decref(seq);
			return v_null();
		}
		Str *p = AS_STR(items[i]);
		total += p->nbytes;
		len += p->len;
		ascii = ascii && p->ascii;
	}
	if (n > 1) {
		total += sep->nbytes * (n - 1);
		len += sep->len * (n - 1);
	}
	if (n == 1 && obj_is(items[0], &str_type)) {
		Value r = val_incref(items[0]);
		val_decref(seq);
		return r;
	}
	if (total == 0) {
		val_decref(seq);
		return str_value(str_empty());
	}
	if (!mem_check(total))
		return val_decref(seq), v_null();
	Str *r = str_alloc(total);
	if (!r) {
		val_decref(seq);
		return v_null();
	}
	size_t off = 0;
	for (size_t i = 0; i < n; i++) {
		if (i && sep->nbytes) {
			mem_copy(r->data + off, sep->data, sep->nbytes);
			off += sep->nbytes;
		}
		Str *p = AS_STR(items[i]);
		mem_copy(r->data + off, p->data, p->nbytes);
		off += p->nbytes;
	}
	r->len = len;
	r->ascii = ascii;
	val_decref(seq);
	return str_value(r);
}

static Value do_strip(Value self, const Value *args, size_t nargs, Tuple *kw, enum text_strip_side side, const char *name)
{
	if (!args_check(name, nargs, kw, 0, 1))
		return v_null();
	SSELF;
	size_t a, b;
	if (nargs == 0 || IS_NONE(args[0])) {
		text_strip_ws(s->data, s->nbytes, side, &a, &b);
	} else {
		if (!IS_STR(args[0]))
			return err_null_format(Exc_TypeError, "%s arg must be None or str", name);
		Str *c = AS_STR(args[0]);
		text_strip_chars(s->data, s->nbytes, c->data, c->nbytes, side, &a, &b);
	}
	if (a == 0 && b == s->nbytes && obj_is(self, &str_type))
		return val_incref(self);
	return str_value(str_new(s->data + a, b - a));
}

static Value m_strip(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_strip(self, args, nargs, kw, TEXT_STRIP_BOTH, "strip"); }
static Value m_lstrip(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_strip(self, args, nargs, kw, TEXT_STRIP_LEFT, "lstrip"); }
static Value m_rstrip(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_strip(self, args, nargs, kw, TEXT_STRIP_RIGHT, "rstrip"); }

/* start/end arguments in code points -> byte range */
static bool sub_range(Str *s, const Value *args, size_t nargs, size_t *bstart, size_t *bend)
{
	ssize_t start = 0, end = (ssize_t)s->len;
	if (nargs > 0 && !IS_NONE(args[0]) && !val_as_ssize(args[0], &start))
		return false;
	if (nargs > 1 && !IS_NONE(args[1]) && !val_as_ssize(args[1], &end))
		return false;
	ssize_t n = (ssize_t)s->len;
	if (start < 0) { start += n; if (start < 0) start = 0; }
	if (end < 0) { end += n; if (end < 0) end = 0; }
	if (end > n) end = n;
	if (start > n) {
		*bstart = s->nbytes + 1;
		*bend = s->nbytes;
		return true;
	}
	*bstart = str_byte_offset(s, (size_t)start);
	*bend = end < start ? *bstart : str_byte_offset(s, (size_t)end);
	return true;
}

static size_t cp_index(Str *s, size_t byte)
{
	if (s->ascii)
		return byte;
	size_t n = 0;
	for (size_t i = 0; i < byte; i++)
		if (((unsigned char)s->data[i] & 0xC0) != 0x80)
			n++;
	return n;
}

static Value do_find(Value self, const Value *args, size_t nargs, Tuple *kw, bool right, bool raise, const char *name)
{
	if (!args_check(name, nargs, kw, 1, 3))
		return v_null();
	SSELF;
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "must be str, not %s", type_name_of(args[0]));
	Str *n = AS_STR(args[0]);
	size_t a, b;
	if (!sub_range(s, args + 1, nargs - 1, &a, &b))
		return v_null();
	ssize_t r = -1;
	if (a <= b && b - a >= n->nbytes)
		r = right ? text_rfind(s->data + a, b - a, n->data, n->nbytes) : text_find(s->data + a, b - a, n->data, n->nbytes);
	if (r < 0) {
		if (raise)
			return err_null_format(Exc_ValueError, "substring not found");
		return v_int(-1);
	}
	return v_int((int64_t)cp_index(s, a + (size_t)r));
}

static Value m_find(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_find(self, args, nargs, kw, false, false, "find"); }
static Value m_rfind(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_find(self, args, nargs, kw, true, false, "rfind"); }
static Value m_index(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_find(self, args, nargs, kw, false, true, "index"); }
static Value m_rindex(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_find(self, args, nargs, kw, true, true, "rindex"); }

static Value m_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("count", nargs, kw, 1, 3))
		return v_null();
	SSELF;
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "must be str, not %s", type_name_of(args[0]));
	Str *n = AS_STR(args[0]);
	size_t a, b;
	if (!sub_range(s, args + 1, nargs - 1, &a, &b))
		return v_null();
	if (a > b)
		return v_int(0);
	if (n->nbytes == 0) {
		size_t cps = cp_index(s, b) - cp_index(s, a);
		return v_int((int64_t)cps + 1);
	}
	return v_int((int64_t)text_count(s->data + a, b - a, n->data, n->nbytes, (size_t)-1));
}

static Value do_startsend(Value self, const Value *args, size_t nargs, Tuple *kw, bool end, const char *name)
{
	/* the common s.endswith("x"): one str, no range */
	if (nargs == 1 && (!kw || kw->n == 0) && IS_STR(self) && IS_STR(args[0])) {
		Str *s = AS_STR(self), *x = AS_STR(args[0]);
		return v_bool(end ? text_endswith(s->data, s->nbytes, x->data, x->nbytes)
				  : text_startswith(s->data, s->nbytes, x->data, x->nbytes));
	}
	if (!args_check(name, nargs, kw, 1, 3))
		return v_null();
	SSELF;
	size_t a, b;
	if (!sub_range(s, args + 1, nargs - 1, &a, &b))
		return v_null();
	Value p = args[0];
	if (IS_TUPLE(p)) {
		Tuple *t = AS_TUPLE(p);
		for (size_t i = 0; i < t->n; i++) {
			if (!IS_STR(t->items[i]))
				return err_null_format(Exc_TypeError, "tuple for %s must only contain str, not %s", name, type_name_of(t->items[i]));
			Str *x = AS_STR(t->items[i]);
			if (a <= b && (end ? text_endswith(s->data + a, b - a, x->data, x->nbytes) : text_startswith(s->data + a, b - a, x->data, x->nbytes)))
				return v_bool(true);
		}
		return v_bool(false);
	}
	if (!IS_STR(p))
		return err_null_format(Exc_TypeError, "%s first arg must be str or a tuple of str, not %s", name, type_name_of(p));
	Str *x = AS_STR(p);
	if (a > b)
		return v_bool(false);
	return v_bool(end ? text_endswith(s->data + a, b - a, x->data, x->nbytes) : text_startswith(s->data + a, b - a, x->data, x->nbytes));
}

static Value m_startswith(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_startsend(self, args, nargs, kw, false, "startswith"); }
static Value m_endswith(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_startsend(self, args, nargs, kw, true, "endswith"); }

/* s.replace(old, new) of a non-empty old, written straight into the
 * result: when new is no longer than old, in one pass into a str of
 * s's size whose tail is then given back; else after counting the
 * occurrences, into a str of the exact size. */
static Value replace_nonempty(Value self, Str *s, Str *o, Str *n, size_t maxcount)
{
	const char *h = s->data, *old = o->data, *nw = n->data;
	size_t hlen = s->nbytes, olen = o->nbytes, nlen = n->nbytes, total = hlen;
	/* CPython replaces nothing when old is new itself */
	ssize_t first = maxcount && o != n ? text_find(h, hlen, old, olen) : -1;
	if (first < 0) {
		/* nothing replaced: an exact str is returned itself, as CPython */
		if (obj_is(self, &str_type))
			return val_incref(self);
		return str_value(str_new(h, hlen));
	}
	if (nlen > olen) {
		size_t k = text_count(h + first, hlen - (size_t)first, old, olen, maxcount);
		size_t added;
		if (__builtin_mul_overflow(k, nlen - olen, &added) || __builtin_add_overflow(hlen, added, &total)) {
			err_no_memory();
			return v_null();
		}
	}
	Str *r = str_alloc(total);
	if (!r)
		return v_null();
	char *w = r->data;
	size_t pos = 0, done = 0;
	ssize_t at = first;
	for (;;) {
		size_t a = pos + (size_t)at;
		memcpy(w, h + pos, a - pos);
		w += a - pos;
		memcpy(w, nw, nlen);
		w += nlen;
		pos = a + olen;
		if (++done == maxcount || pos + olen > hlen)
			break;
		at = text_find(h + pos, hlen - pos, old, olen);
		if (at < 0)
			break;
	}
	memcpy(w, h + pos, hlen - pos);
	w += hlen - pos;
	r = str_truncate(r, (size_t)(w - r->data));
	if (s->ascii && n->ascii) {
		r->len = r->nbytes;
		r->ascii = true;
	} else {
		str_finish(r);
	}
	return str_value(r);
}

static Value m_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("replace", nargs, kw, 2, 3))
		return v_null();
	SSELF;
	if (!IS_STR(args[0]) || !IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "replace() argument %d must be str, not %s", IS_STR(args[0]) ? 2 : 1, type_name_of(IS_STR(args[0]) ? args[1] : args[0]));
	ssize_t count = -1;
	if (nargs > 2 && !val_as_ssize(args[2], &count))
		return v_null();
	Str *o = AS_STR(args[0]), *n = AS_STR(args[1]);
	if (o->nbytes)
		return replace_nonempty(self, s, o, n, count < 0 ? SIZE_MAX : (size_t)count);
	struct text_buf b = TEXT_BUF_INIT;
	int rc = text_replace(s->data, s->nbytes, o->data, o->nbytes, n->data, n->nbytes, count, TEXT_UNIT_CP, &b);
	/* nothing replaced: an exact str is returned itself, as CPython */
	if (rc == 0 && obj_is(self, &str_type) && b.len == s->nbytes &&
	    (b.len == 0 || memcmp(b.data, s->data, b.len) == 0)) {
		text_buf_free(&b);
		return val_incref(self);
	}
	return from_text_buf(&b, rc);
}

static Value do_partition(Value self, const Value *args, size_t nargs, Tuple *kw, bool right)
{
	if (!args_check(right ? "rpartition" : "partition", nargs, kw, 1, 1))
		return v_null();
	SSELF;
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "must be str, not %s", type_name_of(args[0]));
	Str *sep = AS_STR(args[0]);
	if (sep->nbytes == 0)
		return err_null_format(Exc_ValueError, "empty separator");
	size_t pos;
	bool found = right ? text_rpartition(s->data, s->nbytes, sep->data, sep->nbytes, &pos)
			   : text_partition(s->data, s->nbytes, sep->data, sep->nbytes, &pos);
	Tuple *t = tuple_new(3);
	if (!found) {
		Str *e = str_empty();
		if (right) {
			t->items[0] = str_value(e);
			t->items[1] = str_value(str_empty());
			t->items[2] = val_incref(self);
		} else {
			t->items[0] = val_incref(self);
			t->items[1] = str_value(e);
			t->items[2] = str_value(str_empty());
		}
	} else {
		t->items[0] = str_value(str_new(s->data, pos));
		t->items[1] = val_incref(args[0]);
		t->items[2] = str_value(str_new(s->data + pos + sep->nbytes, s->nbytes - pos - sep->nbytes));
	}
	return v_obj(&t->ob);
}

static Value m_partition(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_partition(self, args, nargs, kw, false); }
static Value m_rpartition(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_partition(self, args, nargs, kw, true); }

typedef int (*padfn)(const char *, size_t, size_t, size_t, uint32_t, enum text_unit, struct text_buf *);

static Value do_pad(Value self, const Value *args, size_t nargs, Tuple *kw, padfn fn, const char *name)
{
	if (!args_check(name, nargs, kw, 1, 2))
		return v_null();
	SSELF;
	ssize_t w;
	if (!val_as_ssize(args[0], &w))
		return v_null();
	uint32_t fill = ' ';
	if (nargs > 1) {
		if (!IS_STR(args[1]) || AS_STR(args[1])->len != 1)
			return err_null_format(Exc_TypeError, "The fill character must be exactly one character long");
		fill = str_char_at(AS_STR(args[1]), 0);
	}
	if (w <= (ssize_t)s->len)
		return obj_is(self, &str_type) ? val_incref(self) : str_value(str_new(s->data, s->nbytes));
	if (!mem_check((size_t)w * 4))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	return from_text_buf(&b, fn(s->data, s->nbytes, s->len, (size_t)w, fill, TEXT_UNIT_CP, &b));
}

static Value m_ljust(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_pad(self, args, nargs, kw, text_ljust, "ljust"); }
static Value m_rjust(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_pad(self, args, nargs, kw, text_rjust, "rjust"); }
static Value m_center(Value self, const Value *args, size_t nargs, Tuple *kw) { return do_pad(self, args, nargs, kw, text_center, "center"); }

static Value m_zfill(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("zfill", nargs, kw, 1, 1))
		return v_null();
	SSELF;
	ssize_t w;
	if (!val_as_ssize(args[0], &w))
		return v_null();
	if (w <= (ssize_t)s->len)
		return val_incref(self);
	if (!mem_check((size_t)w))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	return from_text_buf(&b, text_zfill(s->data, s->nbytes, s->len, (size_t)w, &b));
}

static Value m_expandtabs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"tabsize"};
	Value a[1] = {v_null()};
	if (!args_parse("expandtabs", args, nargs, kw, names, 0, 1, a))
		return v_null();
	SSELF;
	ssize_t ts = 8;
	if (!IS_NULL(a[0]) && !val_as_ssize(a[0], &ts))
		return v_null();
	if (!memchr(s->data, '\t', s->nbytes) && obj_is(self, &str_type))
		return val_incref(self);   /* no tab: the same object, as CPython */
	struct text_buf b = TEXT_BUF_INIT;
	return from_text_buf(&b, text_expandtabs(s->data, s->nbytes, (long)ts, TEXT_UNIT_CP, &b));
}

static Value m_encode(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"encoding", "errors"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("encode", args, nargs, kw, names, 0, 2, a))
		return v_null();
	SSELF;
	const char *enc = "utf-8", *errs = "strict";
	size_t elen = 5, erlen = 6;
	if (!IS_NULL(a[0])) {
		if (!IS_STR(a[0]))
			return err_null_format(Exc_TypeError, "encode() argument 'encoding' must be str, not %s", type_name_of(a[0]));
		enc = AS_STR(a[0])->data;
		elen = AS_STR(a[0])->nbytes;
	}
	if (!IS_NULL(a[1])) {
		if (!IS_STR(a[1]))
			return err_null_format(Exc_TypeError, "encode() argument 'errors' must be str, not %s", type_name_of(a[1]));
		errs = AS_STR(a[1])->data;
		erlen = AS_STR(a[1])->nbytes;
	}
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error e;
	memset(&e, 0, sizeof e);
	if (text_encode_named(enc, elen, s->data, s->nbytes, errs, erlen, &b, &e) != 0) {
		text_buf_free(&b);
		extern Value text_error_raise(struct text_error *e, const char *obj, size_t n, bool encode);
		return text_error_raise(&e, s->data, s->nbytes, true);
	}
	Bytes *r = bytes_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return r ? v_obj(&r->ob) : v_null();
}

static Value m_format(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return str_format_method(AS_STR(self), args, nargs, kw);
}

static Value m_format_map(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("format_map", nargs, kw, 1, 1))
		return v_null();
	extern Value str_format_with_map(Str *fmt, Value map);
	return str_format_with_map(AS_STR(self), args[0]);
}

static Value m___format__(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument must be str, not %s", type_name_of(args[0]));
	SSELF;
	Str *spec = AS_STR(args[0]);
	if (spec->nbytes == 0)   /* a subclass formats as its str(), as CPython */
		return obj_is(self, &str_type) ? str_str_slot(self) : obj_str(self);
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	if (num_format_str(&b, s->data, s->nbytes, spec->data, spec->nbytes, "str", &e) < 0) {
		text_buf_free(&b);
		return num_raise(&e);
	}
	Str *r = str_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return str_value(r);
}

static Value m_removeprefix(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("removeprefix", nargs, kw, 1, 1))
		return v_null();
	SSELF;
	Str *p;
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "removeprefix() argument must be str, not %s", type_name_of(args[0]));
	p = AS_STR(args[0]);
	if (text_startswith(s->data, s->nbytes, p->data, p->nbytes) && p->nbytes)
		return str_value(str_new(s->data + p->nbytes, s->nbytes - p->nbytes));
	return val_incref(self);
}

static Value m_removesuffix(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("removesuffix", nargs, kw, 1, 1))
		return v_null();
	SSELF;
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "removesuffix() argument must be str, not %s", type_name_of(args[0]));
	Str *p = AS_STR(args[0]);
	if (p->nbytes && text_endswith(s->data, s->nbytes, p->data, p->nbytes))
		return str_value(str_new(s->data, s->nbytes - p->nbytes));
	return val_incref(self);
}

static Value m_maketrans(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("maketrans", nargs, kw, 1, 3))
		return v_null();
	Dict *d = dict_new();
	if (nargs == 1) {
		if (!IS_DICT(args[0])) {
			obj_decref(&d->ob);
			return err_null_format(Exc_TypeError, "if you give only one argument to maketrans it must be a dict");
		}
		size_t pos = 0;
		Value k, v;
		while (dict_next(AS_DICT(args[0]), &pos, &k, &v)) {
			Value key = k;
			if (IS_STR(k)) {
				if (AS_STR(k)->len != 1) {
					obj_decref(&d->ob);
					return err_null_format(Exc_ValueError, "string keys in translate table must be of length 1");
				}
				key = v_int(str_char_at(AS_STR(k), 0));
			}
			dict_set(d, key, v);
		}
		return v_obj(&d->ob);
	}
	if (!IS_STR(args[0]) || !IS_STR(args[1])) {
		obj_decref(&d->ob);
		return err_null_format(Exc_TypeError, "maketrans() argument must be str");
	}
	Str *x = AS_STR(args[0]), *y = AS_STR(args[1]);
	if (x->len != y->len) {
		obj_decref(&d->ob);
		return err_null_format(Exc_ValueError, "the first two maketrans arguments must have equal length");
	}
	for (size_t i = 0; i < x->len; i++)
		dict_set(d, v_int(str_char_at(x, i)), v_int(str_char_at(y, i)));
	if (nargs == 3 && IS_STR(args[2])) {
		Str *z = AS_STR(args[2]);
		for (size_t i = 0; i < z->len; i++)
			dict_set(d, v_int(str_char_at(z, i)), v_none());
	}
	return v_obj(&d->ob);
}

static Value m_translate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("translate", nargs, kw, 1, 1))
		return v_null();
	SSELF;
	StrBuf b;
	sb_init(&b);
	size_t i = 0;
	while (i < s->nbytes) {
		size_t n;
		uint32_t c = utf8_decode((const unsigned char *)s->data + i, &n);
		Value r = obj_getitem(args[0], v_int(c));
		if (IS_NULL(r)) {
			if (err_matches(Exc_LookupError)) {
				err_clear();
				sb_add(&b, s->data + i, n);
				i += n;
				continue;
			}
			sb_free(&b);
			return r;
		}
		if (IS_NONE(r)) {
		} else if (IS_STR(r)) {
			sb_add_str(&b, AS_STR(r));
		} else if (r.tag == V_INT) {
			if (r.u.i < 0 || r.u.i > 0x10ffff) {
				sb_free(&b);
				return err_null_format(Exc_ValueError, "character mapping must be in range(0x110000)");
			}
			sb_add_cp(&b, (uint32_t)r.u.i);
		} else {
			val_decref(r);
			sb_free(&b);
			return err_null_format(Exc_TypeError, "character mapping must return integer, None or str");
		}
		val_decref(r);
		i += n;
	}
	return str_value(sb_finish(&b));
}

static Value m_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value s = str_str_slot(self);
	Tuple *t = tuple_from(&s, 1);
	val_decref(s);
	return v_obj(&t->ob);
}

/* The text and numbers libraries allocate through the accounting allocator. */
static void *text_realloc_hook(void *ctx, void *p, size_t old, size_t n)
{
	(void)ctx;
	if (n == 0) {
		mem_free(p, old);
		return NULL;
	}
	void *q = mem_realloc(p, old, n);
	if (!q)
		err_clear();
	return q;
}

void strtype_init(void);
void strtype_init(void)
{
	text_set_allocator(text_realloc_hook, NULL);
	Type *t = &str_type;
	type_init_builtin(t, "str", &object_type);
	t->flags |= TF_BASETYPE | TF_STR_SUB;
	t->basicsize = sizeof(Str);
	t->repr = str_repr_slot;
	t->str = str_str_slot;
	t->hash = str_hash_slot;
	t->richcmp = str_richcmp;
	t->len = str_len;
	t->getitem = str_getitem;
	t->contains = str_contains;
	t->nb[NB_ADD] = str_add;
	t->nb[NB_MUL] = str_mul;
	t->nb[NB_MOD] = str_mod;
	t->iter = str_iter;
	t->new = str_tp_new;
#define M(name) type_add_method(t, #name, m_##name, 0)
	M(upper); M(lower); M(casefold); M(title); M(capitalize); M(swapcase);
	M(isalpha); M(isalnum); M(isdecimal); M(isdigit); M(isnumeric); M(isspace);
	M(islower); M(isupper); M(istitle); M(isascii); M(isidentifier); M(isprintable);
	M(split); M(rsplit); M(splitlines); M(join); M(strip); M(lstrip); M(rstrip);
	M(find); M(rfind); M(index); M(rindex); M(count); M(startswith); M(endswith);
	M(replace); M(partition); M(rpartition); M(ljust); M(rjust); M(center);
	M(zfill); M(expandtabs); M(encode); M(format); M(format_map); M(__format__);
	M(removeprefix); M(removesuffix); M(translate);
	type_add_method(t, "__getnewargs__", m_getnewargs, 0);
#undef M
	type_add_method(t, "maketrans", m_maketrans, BF_STATIC);
	Type *it = &str_iter_type;
	type_init_builtin(it, "str_ascii_iterator", &object_type);
	it->dealloc = str_iter_dealloc;
	it->iter = self_iter;
	it->next = str_iter_next;
}
