/* bytes.c -- bytes and bytearray: construction (from ints, iterables,
 * str+encoding, buffer size with a pre-flight check), repr, sequence
 * protocol, comparison, hashing, decode with CPython's codec errors,
 * printf-style formatting (bytes % args), and every method of CPython
 * 3.11's bytes and bytearray.  Byte algorithms come from the text library,
 * number conversions of % from worker/num/percent.h.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/text/text_buf.h"
#include "worker/text/text_repr.h"
#include "worker/text/text_search.h"
#include "worker/text/text_codec.h"
#include "worker/text/text_pad.h"
#include "worker/text/text_split.h"
#include "worker/text/text_case.h"
#include "worker/text/text_ctype.h"
#include "worker/num/num.h"
#include "worker/num/percent.h"

/* b'' is one object, as in CPython: every empty bytes result is it. */
static Bytes *empty_bytes;

Bytes *bytes_new(const void *p, size_t n)
{
	if (n == 0 && empty_bytes) {
		obj_incref(&empty_bytes->ob);
		return empty_bytes;
	}
	size_t size;
	if (__builtin_add_overflow(sizeof(Bytes) + 1, n, &size)) {
		err_no_memory();
		return NULL;
	}
	Bytes *b = (Bytes *)obj_alloc(&bytes_type, size);
	if (!b)
		return NULL;
	b->n = n;
	if (p && n)
		mem_copy(b->data, p, n);
	b->data[n] = 0;
	if (n == 0 && !empty_bytes) {
		obj_incref(&b->ob);   /* kept for the life of the worker */
		empty_bytes = b;
	}
	return b;
}

static const unsigned char *buf_of(Value v, size_t *n)
{
	*n = 0;
	if (IS_BYTES(v)) {
		*n = ((Bytes *)v.u.o)->n;
		return ((Bytes *)v.u.o)->data;
	}
	if (v.tag == V_OBJ && type_is_subtype(v.u.o->type, &bytearray_type)) {
		*n = ((ByteArray *)v.u.o)->n;
		return ((ByteArray *)v.u.o)->data;
	}
	return NULL;
}

Value text_error_raise(struct text_error *e, const char *obj, size_t n, bool encode);
Value text_error_raise(struct text_error *e, const char *obj, size_t n, bool encode)
{
	Type *t = Exc_ValueError;
	if (e->type) {
		if (!strcmp(e->type, "UnicodeEncodeError")) t = Exc_UnicodeEncodeError;
		else if (!strcmp(e->type, "UnicodeDecodeError")) t = Exc_UnicodeDecodeError;
		else if (!strcmp(e->type, "LookupError")) t = Exc_LookupError;
		else if (!strcmp(e->type, "TypeError")) t = Exc_TypeError;
		else if (!strcmp(e->type, "MemoryError")) {
			err_no_memory();
			return v_null();
		}
	}
	Value ex;
	if (t == Exc_UnicodeEncodeError || t == Exc_UnicodeDecodeError) {
		Value enc = str_value(str_cstr(e->encoding));
		Value o;
		if (encode) {
			o = str_value(str_new(obj, n));
		} else {
			Bytes *b = bytes_new(obj, n);
			o = v_obj(&b->ob);
		}
		Value reason = str_value(str_cstr(e->reason ? e->reason : ""));
		Value a[5] = {enc, o, v_int((int64_t)e->start), v_int((int64_t)e->end), reason};
		ex = exc_new(t, a, 5);
		val_decref(enc);
		val_decref(o);
		val_decref(reason);
		if (!IS_NULL(ex)) {
			Exc *x = (Exc *)ex.u.o;
			val_decref(x->note);
			x->note = str_value(str_cstr(e->msg));
		}
	} else {
		Value m = str_value(str_cstr(e->msg));
		ex = exc_new(t, &m, 1);
		val_decref(m);
	}
	if (!IS_NULL(ex))
		err_set_obj(ex.u.o);
	return v_null();
}

Value bytes_decode_impl(const char *p, size_t n, Value enc, Value errors);
Value bytes_decode_impl(const char *p, size_t n, Value enc, Value errors)
{
	const char *e = "utf-8", *er = "strict";
	size_t el = 5, erl = 6;
	if (!IS_NULL(enc)) {
		if (!IS_STR(enc))
			return err_null_format(Exc_TypeError, "decode() argument 'encoding' must be str, not %s", type_name_of(enc));
		e = AS_STR(enc)->data;
		el = AS_STR(enc)->nbytes;
	}
	if (!IS_NULL(errors)) {
		if (!IS_STR(errors))
			return err_null_format(Exc_TypeError, "decode() argument 'errors' must be str, not %s", type_name_of(errors));
		er = AS_STR(errors)->data;
		erl = AS_STR(errors)->nbytes;
	}
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error te;
	memset(&te, 0, sizeof te);
	if (text_decode_named(e, el, p, n, er, erl, &b, &te) != 0) {
		text_buf_free(&b);
		return text_error_raise(&te, p, n, false);
	}
	Str *s = str_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return str_value(s);
}

/* bytes(x): from int size, bytes-like, iterable of ints */
Value bytes_from_value(Value v);
Value bytes_from_value(Value v)
{
	size_t n;
	const unsigned char *p = buf_of(v, &n);
	if (p) {
		Bytes *b = bytes_new(p, n);
		return b ? v_obj(&b->ob) : v_null();
	}
	if (is_intlike(v)) {
		ssize_t k;
		if (!val_as_ssize(v, &k))
			return v_null();
		if (k < 0)
			return err_null_format(Exc_ValueError, "negative count");
		if (!mem_check((size_t)k))
			return v_null();
		Bytes *b = bytes_new(NULL, (size_t)k);
		if (b)
			memset(b->data, 0, (size_t)k);
		return b ? v_obj(&b->ob) : v_null();
	}
	if (IS_STR(v))
		return err_null_format(Exc_TypeError, "string argument without an encoding");
	Value it = obj_iter(v);
	if (IS_NULL(it)) {
		if (err_matches(Exc_TypeError)) {
			err_clear();
			err_format(Exc_TypeError, "cannot convert '%s' object to bytes", type_name_of(v));
		}
		return it;
	}
	StrBuf sb;
	sb_init(&sb);
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		if (!is_intlike(x) && !val_type(x)->index) {
			err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(x));
			val_decref(x);
			goto fail;
		}
		ssize_t c;
		bool ok = val_as_ssize(x, &c);
		val_decref(x);
		if (!ok)
			goto fail;
		if (c < 0 || c > 255) {
			err_format(Exc_ValueError, "bytes must be in range(0, 256)");
			goto fail;
		}
		sb_addc(&sb, (char)c);
	}
	val_decref(it);
	if (err_occurred()) {
		sb_free(&sb);
		return v_null();
	}
	Bytes *b = bytes_new(sb.p, sb.n);
	sb_free(&sb);
	return b ? v_obj(&b->ob) : v_null();
fail:
	val_decref(it);
	sb_free(&sb);
	return v_null();
}

/* bytes(source, encoding, errors) as an exact bytes object; `name` is the
 * type called (bytes or bytearray), for the argument errors. */
static Value bytes_make(const char *name, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"source", "encoding", "errors"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse(name, args, nargs, kw, names, 0, 3, a))
		return v_null();
	if (IS_NULL(a[0])) {
		Bytes *b = bytes_new("", 0);
		return b ? v_obj(&b->ob) : v_null();
	}
	if (!IS_NULL(a[1])) {
		if (!IS_STR(a[0]))
			return err_null_format(Exc_TypeError, "encoding without a string argument");
		Value enc = call_method(a[0], str_intern("encode"), a + 1, IS_NULL(a[2]) ? 1 : 2);
		return enc;
	}
	Value bf = type_lookup(val_type(a[0]), ID(__bytes__));
	if (!IS_NULL(bf)) {
		Value r = call_method(a[0], ID(__bytes__), NULL, 0);
		if (!IS_NULL(r) && !IS_BYTES(r)) {
			err_format(Exc_TypeError, "__bytes__ returned non-bytes (type %s)", type_name_of(r));
			val_decref(r);
			return v_null();
		}
		return r;
	}
	return bytes_from_value(a[0]);
}

static Value bytes_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value r = bytes_make("bytes", args, nargs, kw);
	if (IS_NULL(r) || t == &bytes_type)
		return r;
	/* subclass: copy into an instance of t, whose basicsize has room for
	 * the instance dict after the data (obj_dict_after_data) */
	Bytes *src = (Bytes *)r.u.o;
	Bytes *nb = (Bytes *)obj_alloc(t, t->basicsize + src->n + 1);
	if (!nb) {
		val_decref(r);
		return v_null();
	}
	nb->n = src->n;
	mem_copy(nb->data, src->data, src->n + 1);
	val_decref(r);
	return v_obj(&nb->ob);
}

static Value bytes_repr_of(const unsigned char *p, size_t n)
{
	struct text_buf b = TEXT_BUF_INIT;
	if (text_bytes_repr((const char *)p, n, &b) != 0) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	Str *s = str_new(b.data, b.len);
	text_buf_free(&b);
	return str_value(s);
}

static Value bytes_repr(Value v)
{
	Bytes *b = (Bytes *)v.u.o;
	return bytes_repr_of(b->data, b->n);
}

static bool bytes_hash(Value v, int64_t *out)
{
	Bytes *b = (Bytes *)v.u.o;
	if (b->hashed) {
		*out = b->hash;
		return true;
	}
	extern int64_t bytes_hash_buf(const unsigned char *p, size_t n);   /* str.c */
	int64_t r = bytes_hash_buf(b->data, b->n);
	b->hash = r;
	b->hashed = true;
	*out = r;
	return true;
}

static Value bytes_richcmp(Value a, Value b, int op)
{
	size_t na, nb;
	const unsigned char *pa = buf_of(a, &na), *pb = buf_of(b, &nb);
	if (!pa || !pb)
		return v_notimpl();
	size_t m = na < nb ? na : nb;
	int c = memcmp(pa, pb, m);
	if (c == 0)
		c = na < nb ? -1 : na > nb;
	return cmp_result(c, op);
}

static ssize_t bytes_len(Value v) { size_t n; buf_of(v, &n); return (ssize_t)n; }

static Value bytes_getitem(Value v, Value k)
{
	size_t n;
	const unsigned char *p = buf_of(v, &n);
	bool is_ba = !IS_BYTES(v);
	if (IS_SLICE(k)) {
		ssize_t start, stop, step, cnt;
		if (!slice_indices((Slice *)k.u.o, (ssize_t)n, &start, &stop, &step, &cnt))
			return v_null();
		if (step == 1 && (size_t)cnt == n && obj_is(v, &bytes_type))
			return val_incref(v);   /* b[:] is b, as CPython */
		StrBuf sb;
		sb_init(&sb);
		for (ssize_t i = 0, j = start; i < cnt; i++, j += step)
			sb_addc(&sb, (char)p[j]);
		Value r;
		if (is_ba) {
			extern Value bytearray_from(const void *p, size_t n);
			r = bytearray_from(sb.p, sb.n);
		} else {
			Bytes *b = bytes_new(sb.p, sb.n);
			r = b ? v_obj(&b->ob) : v_null();
		}
		sb_free(&sb);
		return r;
	}
	if (!is_intlike(k) && !val_type(k)->index)
		return err_null_format(Exc_TypeError, "%s indices must be integers or slices, not %s", is_ba ? "bytearray" : "byte", type_name_of(k));
	ssize_t i;
	if (!val_as_ssize(k, &i))
		return v_null();
	if (i < 0)
		i += (ssize_t)n;
	if (i < 0 || (size_t)i >= n)
		return err_null_format(Exc_IndexError, is_ba ? "bytearray index out of range" : "index out of range");
	return v_int(p[i]);
}

static int bytes_contains(Value v, Value x)
{
	size_t n, m;
	const unsigned char *p = buf_of(v, &n);
	if (is_intlike(x)) {
		ssize_t c;
		if (!val_as_ssize(x, &c))
			return -1;
		if (c < 0 || c > 255) {
			err_format(Exc_ValueError, "byte must be in range(0, 256)");
			return -1;
		}
		return memchr(p, (int)c, n) != NULL;
	}
	const unsigned char *q = buf_of(x, &m);
	if (!q) {
		err_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(x));
		return -1;
	}
	return text_find((const char *)p, n, (const char *)q, m) >= 0;
}

static Value bytes_add(Value a, Value b)
{
	size_t na, nb;
	const unsigned char *pa = buf_of(a, &na), *pb = buf_of(b, &nb);
	if (!pa || !pb) {
		if (pa)
			return err_null_format(Exc_TypeError, "can't concat %s to %s", type_name_of(b), type_name_of(a));
		return v_notimpl();
	}
	if (!mem_check(na + nb))
		return v_null();
	if (!IS_BYTES(a)) {
		extern Value bytearray_from(const void *p, size_t n);
		Value r = bytearray_from(pa, na);
		ByteArray *ba = (ByteArray *)r.u.o;
		unsigned char *nd = mem_realloc(ba->data, ba->cap, na + nb + 1);
		if (!nd) {
			val_decref(r);
			return v_null();
		}
		ba->data = nd;
		ba->cap = na + nb + 1;
		mem_copy(ba->data + na, pb, nb);
		ba->n = na + nb;
		return r;
	}
	/* CPython's bytes_concat: an empty side gives the other one back */
	if (na == 0 && obj_is(b, &bytes_type))
		return val_incref(b);
	if (nb == 0 && obj_is(a, &bytes_type))
		return val_incref(a);
	Bytes *r = bytes_new(NULL, na + nb);
	if (!r)
		return v_null();
	mem_copy(r->data, pa, na);
	mem_copy(r->data + na, pb, nb);
	return v_obj(&r->ob);
}

static Value bytes_mul(Value a, Value b)
{
	Value sv = IS_BYTES(a) ? a : b, nv = IS_BYTES(a) ? b : a;
	if (!IS_BYTES(sv) || (!is_intlike(nv) && !val_type(nv)->index))
		return v_notimpl();
	ssize_t k;
	if (!val_as_ssize(nv, &k))
		return v_null();
	if (k < 0)
		k = 0;
	Bytes *s = (Bytes *)sv.u.o;
	if (k == 1 && obj_is(sv, &bytes_type))
		return val_incref(sv);
	if (s->n == 0)
		k = 0;
	size_t total;
	if (__builtin_mul_overflow(s->n, (size_t)k, &total) || !mem_check(total))
		return err_occurred() ? v_null() : (err_no_memory(), v_null());
	Bytes *r = bytes_new(NULL, total);
	if (!r)
		return v_null();
	for (ssize_t i = 0; i < k; i++)
		mem_copy(r->data + (size_t)i * s->n, s->data, s->n);
	return v_obj(&r->ob);
}

typedef struct BytesIter {
	Obj ob;
	Value b;
	size_t i;
} BytesIter;

static Value bytes_iter(Value v)
{
	BytesIter *it = (BytesIter *)obj_alloc(&bytes_iter_type, sizeof(BytesIter));
	if (!it)
		return v_null();
	it->b = val_incref(v);
	return v_obj(&it->ob);
}

static Value bytes_iter_next(Value v)
{
	BytesIter *it = (BytesIter *)v.u.o;
	if (IS_NULL(it->b))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(it->b, &n);
	if (it->i < n)
		return v_int(p[it->i++]);
	VAL_CLEAR(it->b);
	return v_null();
}

static void bytes_iter_dealloc(Obj *o)
{
	val_decref(((BytesIter *)o)->b);
	obj_free(o);
}

static Value self_iter(Value v) { return val_incref(v); }

/* ---- methods (shared by bytes and bytearray) -------------------------------- */

/* A result of self's kind (bytes or bytearray) holding p[0..n).  A bytes
 * result that is all of self is self itself, as CPython returns an
 * unchanged bytes object (strip, split, partition, [:] ...). */
static Value make_like(Value self, const void *p, size_t n)
{
	if (!IS_BYTES(self)) {
		extern Value bytearray_from(const void *p, size_t n);
		return bytearray_from(p, n);
	}
	if (obj_is(self, &bytes_type) && p == ((Bytes *)self.u.o)->data && n == ((Bytes *)self.u.o)->n)
		return val_incref(self);
	Bytes *b = bytes_new(p, n);
	return b ? v_obj(&b->ob) : v_null();
}

static Value m_decode(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"encoding", "errors"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("decode", args, nargs, kw, names, 0, 2, a))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	return bytes_decode_impl((const char *)p, n, a[0], a[1]);
}

/* hex(sep=, bytes_per_sep=1): sep between groups of bytes_per_sep bytes,
 * counted from the right (from the left when negative). */
static Value m_hex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"sep", "bytes_per_sep"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("hex", args, nargs, kw, names, 0, 2, a))
		return v_null();
	char sep = 0;
	if (!IS_NULL(a[0])) {
		ssize_t sn = obj_len(a[0]);   /* CPython takes the length first */
		if (sn < 0)
			return v_null();
		if (sn != 1)
			return err_null_format(Exc_ValueError, "sep must be length 1.");
		const char *sp;
		if (IS_STR(a[0]))
			sp = AS_STR(a[0])->data;
		else if (IS_BYTES(a[0]))
			sp = (const char *)((Bytes *)a[0].u.o)->data;
		else
			return err_null_format(Exc_TypeError, "sep must be str or bytes.");
		if ((unsigned char)sp[0] >= 0x80)
			return err_null_format(Exc_ValueError, "sep must be ASCII.");
		sep = sp[0];
	}
	ssize_t per = 1;
	if (!IS_NULL(a[1]) && !val_as_ssize(a[1], &per))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	size_t group = per < 0 ? (size_t)0 - (size_t)per : (size_t)per;
	StrBuf sb;
	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		if (sep && group && i && (per > 0 ? (n - i) % group : i % group) == 0)
			sb_addc(&sb, sep);
		sb_printf(&sb, "%02x", p[i]);
	}
	return str_value(sb_finish(&sb));
}

static Value m_fromhex(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromhex", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "fromhex() argument must be str, not %s", type_name_of(args[0]));
	Str *s = AS_STR(args[0]);
	StrBuf sb;
	sb_init(&sb);
	size_t i = 0;
	while (i < s->nbytes) {
		char c = s->data[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		int hi = -1, lo = -1;
		char c2 = i + 1 < s->nbytes ? s->data[i + 1] : 0;
#define HEXV(ch) ((ch) >= '0' && (ch) <= '9' ? (ch) - '0' : (ch) >= 'a' && (ch) <= 'f' ? (ch) - 'a' + 10 : (ch) >= 'A' && (ch) <= 'F' ? (ch) - 'A' + 10 : -1)
		hi = HEXV(c);
		lo = HEXV(c2);
		if (hi < 0 || lo < 0) {
			sb_free(&sb);
			return err_null_format(Exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu", hi < 0 ? i : i + 1);
		}
		sb_addc(&sb, (char)(hi * 16 + lo));
		i += 2;
	}
	Value r;
	if (val_isinstance(cls, &type_type) && type_is_subtype((Type *)cls.u.o, &bytearray_type)) {
		extern Value bytearray_from(const void *p, size_t n);
		r = bytearray_from(sb.p, sb.n);
	} else {
		Bytes *b = bytes_new(sb.p, sb.n);
		r = b ? v_obj(&b->ob) : v_null();
	}
	sb_free(&sb);
	return r;
}

static Value m_join(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("join", nargs, kw, 1, 1))
		return v_null();
	size_t sn;
	const unsigned char *sp = buf_of(self, &sn);
	Value l = seq_to_list(args[0]);
	if (IS_NULL(l))
		return l;
	if (IS_BYTES(self) && AS_LIST(l)->n == 1 && obj_is(AS_LIST(l)->items[0], &bytes_type)) {
		Value only = val_incref(AS_LIST(l)->items[0]);
		val_decref(l);
		return only;
	}
	StrBuf sb;
	sb_init(&sb);
	for (size_t i = 0; i < AS_LIST(l)->n; i++) {
		size_t n;
		const unsigned char *p = buf_of(AS_LIST(l)->items[i], &n);
		if (!p) {
			err_format(Exc_TypeError, "sequence item %zu: expected a bytes-like object, %s found", i, type_name_of(AS_LIST(l)->items[i]));
			val_decref(l);
			sb_free(&sb);
			return v_null();
		}
		if (i)
			sb_add(&sb, (const char *)sp, sn);
		sb_add(&sb, (const char *)p, n);
	}
	val_decref(l);
	Value r = make_like(self, sb.p, sb.n);
	sb_free(&sb);
	return r;
}

static Value find_impl(Value self, const Value *args, size_t nargs, Tuple *kw, bool right, bool raise, bool count)
{
	if (!args_check(count ? "count" : "find", nargs, kw, 1, 3))
		return v_null();
	size_t n, m;
	const unsigned char *p = buf_of(self, &n);
	unsigned char one;
	const unsigned char *q;
	if (is_intlike(args[0])) {
		ssize_t c;
		if (!val_as_ssize(args[0], &c))
			return v_null();
		if (c < 0 || c > 255)
			return err_null_format(Exc_ValueError, "byte must be in range(0, 256)");
		one = (unsigned char)c;
		q = &one;
		m = 1;
	} else {
		q = buf_of(args[0], &m);
		if (!q)
			return err_null_format(Exc_TypeError, "argument should be integer or bytes-like object, not '%s'", type_name_of(args[0]));
	}
	ssize_t start = 0, end = (ssize_t)n;
	if (nargs > 1 && !IS_NONE(args[1]) && !val_as_ssize(args[1], &start))
		return v_null();
	if (nargs > 2 && !IS_NONE(args[2]) && !val_as_ssize(args[2], &end))
		return v_null();
	if (start < 0) { start += (ssize_t)n; if (start < 0) start = 0; }
	if (end < 0) { end += (ssize_t)n; if (end < 0) end = 0; }
	if (end > (ssize_t)n) end = (ssize_t)n;
	if (start > end)
		return count ? v_int(0) : (raise ? err_null_format(Exc_ValueError, "subsection not found") : v_int(-1));
	if (count)
		return v_int((int64_t)(m ? text_count((const char *)p + start, (size_t)(end - start), (const char *)q, m, (size_t)-1) : (size_t)(end - start) + 1));
	ssize_t r = right ? text_rfind((const char *)p + start, (size_t)(end - start), (const char *)q, m)
			  : text_find((const char *)p + start, (size_t)(end - start), (const char *)q, m);
	if (r < 0)
		return raise ? err_null_format(Exc_ValueError, "subsection not found") : v_int(-1);
	return v_int(r + start);
}

static Value m_find(Value self, const Value *args, size_t nargs, Tuple *kw) { return find_impl(self, args, nargs, kw, false, false, false); }
static Value m_rfind(Value self, const Value *args, size_t nargs, Tuple *kw) { return find_impl(self, args, nargs, kw, true, false, false); }
static Value m_index(Value self, const Value *args, size_t nargs, Tuple *kw) { return find_impl(self, args, nargs, kw, false, true, false); }
static Value m_count(Value self, const Value *args, size_t nargs, Tuple *kw) { return find_impl(self, args, nargs, kw, false, false, true); }

static Value startsend(Value self, const Value *args, size_t nargs, Tuple *kw, bool end)
{
	if (!args_check(end ? "endswith" : "startswith", nargs, kw, 1, 3))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	Value pats = args[0];
	size_t cnt = IS_TUPLE(pats) ? AS_TUPLE(pats)->n : 1;
	for (size_t i = 0; i < cnt; i++) {
		Value x = IS_TUPLE(pats) ? AS_TUPLE(pats)->items[i] : pats;
		size_t m;
		const unsigned char *q = buf_of(x, &m);
		if (!q)
			return err_null_format(Exc_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", end ? "endswith" : "startswith", type_name_of(x));
		if (end ? text_endswith((const char *)p, n, (const char *)q, m) : text_startswith((const char *)p, n, (const char *)q, m))
			return v_bool(true);
	}
	return v_bool(false);
}

static Value m_startswith(Value self, const Value *args, size_t nargs, Tuple *kw) { return startsend(self, args, nargs, kw, false); }
static Value m_endswith(Value self, const Value *args, size_t nargs, Tuple *kw) { return startsend(self, args, nargs, kw, true); }

static Value m_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("replace", nargs, kw, 2, 3))
		return v_null();
	size_t n, on, nn;
	const unsigned char *p = buf_of(self, &n), *o = buf_of(args[0], &on), *w = buf_of(args[1], &nn);
	if (!o || !w)
		return err_null_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(o ? args[1] : args[0]));
	ssize_t count = -1;
	if (nargs > 2 && !val_as_ssize(args[2], &count))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	if (text_replace((const char *)p, n, (const char *)o, on, (const char *)w, nn, count, TEXT_UNIT_BYTE, &b) != 0) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	if (obj_is(self, &bytes_type) && b.len == n && (n == 0 || memcmp(b.data, p, n) == 0)) {
		text_buf_free(&b);
		return val_incref(self);   /* nothing replaced: the same object */
	}
	Value r = make_like(self, b.data, b.len);
	text_buf_free(&b);
	return r;
}

typedef struct BSplit {
	List *l;
	const char *base;
	Value self;
} BSplit;

static int bsplit_cb(void *ctx, size_t start, size_t len)
{
	BSplit *c = ctx;
	Value v = make_like(c->self, c->base + start, len);
	if (IS_NULL(v))
		return -1;
	return list_append_steal(c->l, v) ? 0 : -1;
}

static Value m_split(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"sep", "maxsplit"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("split", args, nargs, kw, names, 0, 2, a))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	ssize_t maxsplit = -1;
	if (!IS_NULL(a[1]) && !val_as_ssize(a[1], &maxsplit))
		return v_null();
	List *l = list_new(0);
	BSplit c = {l, (const char *)p, self};
	int rc;
	if (IS_NULL(a[0]) || IS_NONE(a[0])) {
		rc = text_bytes_split_ws((const char *)p, n, maxsplit, bsplit_cb, &c);
	} else {
		size_t m;
		const unsigned char *q = buf_of(a[0], &m);
		if (!q || m == 0) {
			obj_decref(&l->ob);
			return q ? err_null_format(Exc_ValueError, "empty separator") : err_null_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(a[0]));
		}
		rc = text_split_sep((const char *)p, n, (const char *)q, m, maxsplit, bsplit_cb, &c);
	}
	if (rc != 0) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

static Value strip_impl(Value self, const Value *args, size_t nargs, enum text_strip_side side)
{
	size_t n, a, b;
	const unsigned char *p = buf_of(self, &n);
	if (nargs == 0 || IS_NONE(args[0])) {
		text_bytes_strip_ws((const char *)p, n, side, &a, &b);
	} else {
		size_t m;
		const unsigned char *q = buf_of(args[0], &m);
		if (!q)
			return err_null_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(args[0]));
		text_bytes_strip_chars((const char *)p, n, (const char *)q, m, side, &a, &b);
	}
	if (a == 0 && b == n && obj_is(self, &bytes_type))
		return val_incref(self);   /* unchanged: the same object, as CPython */
	return make_like(self, p + a, b - a);
}

static Value m_strip(Value self, const Value *args, size_t nargs, Tuple *kw) { return strip_impl(self, args, nargs, TEXT_STRIP_BOTH); }
static Value m_lstrip(Value self, const Value *args, size_t nargs, Tuple *kw) { return strip_impl(self, args, nargs, TEXT_STRIP_LEFT); }
static Value m_rstrip(Value self, const Value *args, size_t nargs, Tuple *kw) { return strip_impl(self, args, nargs, TEXT_STRIP_RIGHT); }

typedef void (*bcasefn)(const char *, size_t, char *);
static Value case_impl(Value self, bcasefn fn)
{
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	char *tmp = mem_alloc(n + 1);
	if (!tmp)
		return v_null();
	fn((const char *)p, n, tmp);
	Value r = make_like(self, tmp, n);
	mem_free(tmp, n + 1);
	return r;
}

static Value m_upper(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_impl(self, text_bytes_upper); }
static Value m_lower(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_impl(self, text_bytes_lower); }

static Value m_isdigit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	if (!n)
		return v_bool(false);
	for (size_t i = 0; i < n; i++)
		if (p[i] < '0' || p[i] > '9')
			return v_bool(false);
	return v_bool(true);
}

/* ---- more methods of CPython 3.11's bytes and bytearray ---------------------- */

/* The bytes-like argument v, or NULL with CPython's TypeError. */
static const unsigned char *need_buf(Value v, size_t *n)
{
	const unsigned char *p = buf_of(v, n);
	if (!p)
		err_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(v));
	return p;
}

static Value from_text_buf(Value self, struct text_buf *b, int rc)
{
	if (rc != TEXT_OK) {
		text_buf_free(b);
		if (rc == TEXT_EOVERFLOW)
			return err_null_format(Exc_OverflowError, "result too long");
		err_no_memory();
		return v_null();
	}
	Value r = make_like(self, b->data, b->len);
	text_buf_free(b);
	return r;
}

static Value m_title(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_impl(self, text_bytes_title); }
static Value m_capitalize(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_impl(self, text_bytes_capitalize); }
static Value m_swapcase(Value self, const Value *args, size_t nargs, Tuple *kw) { return case_impl(self, text_bytes_swapcase); }

typedef bool (*bpredfn)(const char *, size_t);
static Value predicate(Value self, const char *name, size_t nargs, Tuple *kw, bpredfn fn)
{
	if (nargs || (kw && kw->n))
		return err_null_format(Exc_TypeError, "%s.%s() takes no arguments (%zu given)",
				       type_name_of(self), name, nargs + (kw ? kw->n : 0));
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	return v_bool(fn((const char *)p, n));
}

#define BYTES_PREDICATE(name) \
	static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ (void)args; return predicate(self, #name, nargs, kw, text_bytes_##name); }
BYTES_PREDICATE(isalnum)
BYTES_PREDICATE(isalpha)
BYTES_PREDICATE(isascii)
BYTES_PREDICATE(islower)
BYTES_PREDICATE(isspace)
BYTES_PREDICATE(istitle)
BYTES_PREDICATE(isupper)

enum pad_kind { PAD_LEFT, PAD_RIGHT, PAD_CENTER };

/* ljust / rjust / center (width[, fillbyte]) */
static Value pad_impl(Value self, const Value *args, size_t nargs, Tuple *kw, const char *name, enum pad_kind kind)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "%s() takes no keyword arguments", name);
	if (nargs < 1 || nargs > 2)
		return err_null_format(Exc_TypeError, "%s expected %s 1 argument%s, got %zu", name,
				       nargs < 1 ? "at least" : "at most", nargs < 1 ? "" : "s", nargs);
	ssize_t width;
	if (!val_as_ssize(args[0], &width))
		return v_null();
	unsigned char fill = ' ';
	if (nargs > 1) {
		size_t m;
		const unsigned char *q = buf_of(args[1], &m);
		if (!q || m != 1)
			return err_null_format(Exc_TypeError, "%s() argument 2 must be a byte string of length 1, not %s",
					       name, type_name_of(args[1]));
		fill = q[0];
	}
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	size_t w = width < 0 ? 0 : (size_t)width;
	if (w <= n && obj_is(self, &bytes_type))
		return val_incref(self);   /* wide enough already: the same object, as CPython */
	struct text_buf b = TEXT_BUF_INIT;
	int rc;
	if (kind == PAD_LEFT)
		rc = text_ljust((const char *)p, n, n, w, fill, TEXT_UNIT_BYTE, &b);
	else if (kind == PAD_RIGHT)
		rc = text_rjust((const char *)p, n, n, w, fill, TEXT_UNIT_BYTE, &b);
	else
		rc = text_center((const char *)p, n, n, w, fill, TEXT_UNIT_BYTE, &b);
	return from_text_buf(self, &b, rc);
}

static Value m_ljust(Value self, const Value *args, size_t nargs, Tuple *kw) { return pad_impl(self, args, nargs, kw, "ljust", PAD_LEFT); }
static Value m_rjust(Value self, const Value *args, size_t nargs, Tuple *kw) { return pad_impl(self, args, nargs, kw, "rjust", PAD_RIGHT); }
static Value m_center(Value self, const Value *args, size_t nargs, Tuple *kw) { return pad_impl(self, args, nargs, kw, "center", PAD_CENTER); }

static Value m_zfill(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("zfill", nargs, kw, 1, 1))
		return v_null();
	ssize_t width;
	if (!val_as_ssize(args[0], &width))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	if (width <= (ssize_t)n && obj_is(self, &bytes_type))
		return val_incref(self);   /* wide enough already: the same object, as CPython */
	struct text_buf b = TEXT_BUF_INIT;
	int rc = text_zfill((const char *)p, n, n, width < 0 ? 0 : (size_t)width, &b);
	return from_text_buf(self, &b, rc);
}

static Value m_expandtabs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"tabsize"};
	Value a[1] = {v_null()};
	if (!args_parse("expandtabs", args, nargs, kw, names, 0, 1, a))
		return v_null();
	ssize_t tabsize = 8;
	if (!IS_NULL(a[0]) && !val_as_ssize(a[0], &tabsize))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	struct text_buf b = TEXT_BUF_INIT;
	int rc = text_expandtabs((const char *)p, n, (long)tabsize, TEXT_UNIT_BYTE, &b);
	return from_text_buf(self, &b, rc);
}

/* partition / rpartition: a 3-tuple of new objects of self's kind */
static Value partition_impl(Value self, const Value *args, size_t nargs, Tuple *kw, bool right)
{
	if (!args_check(right ? "rpartition" : "partition", nargs, kw, 1, 1))
		return v_null();
	size_t n, m;
	const unsigned char *p = buf_of(self, &n);
	const unsigned char *q = need_buf(args[0], &m);
	if (!q)
		return v_null();
	if (m == 0)
		return err_null_format(Exc_ValueError, "empty separator");
	ssize_t at = right ? text_rfind((const char *)p, n, (const char *)q, m)
			   : text_find((const char *)p, n, (const char *)q, m);
	size_t pieces[3][2];   /* start, length */
	if (at < 0) {
		size_t whole = right ? 2 : 0;
		for (size_t i = 0; i < 3; i++) {
			pieces[i][0] = 0;
			pieces[i][1] = 0;
		}
		pieces[whole][1] = n;
	} else {
		pieces[0][0] = 0;
		pieces[0][1] = (size_t)at;
		pieces[1][0] = (size_t)at;
		pieces[1][1] = m;
		pieces[2][0] = (size_t)at + m;
		pieces[2][1] = n - (size_t)at - m;
	}
	Tuple *t = tuple_new(3);
	if (!t)
		return v_null();
	for (size_t i = 0; i < 3; i++) {
		Value piece = make_like(self, p + pieces[i][0], pieces[i][1]);
		if (IS_NULL(piece)) {
			for (size_t j = i; j < 3; j++)
				t->items[j] = v_none();
			obj_decref(&t->ob);
			return v_null();
		}
		t->items[i] = piece;
	}
	return v_obj(&t->ob);
}

static Value m_partition(Value self, const Value *args, size_t nargs, Tuple *kw) { return partition_impl(self, args, nargs, kw, false); }
static Value m_rpartition(Value self, const Value *args, size_t nargs, Tuple *kw) { return partition_impl(self, args, nargs, kw, true); }

static Value affix_impl(Value self, const Value *args, size_t nargs, Tuple *kw, bool suffix)
{
	if (!args_check(suffix ? "removesuffix" : "removeprefix", nargs, kw, 1, 1))
		return v_null();
	size_t n, m;
	const unsigned char *p = buf_of(self, &n);
	const unsigned char *q = need_buf(args[0], &m);
	if (!q)
		return v_null();
	bool has = m <= n && (m == 0 || memcmp(suffix ? p + n - m : p, q, m) == 0);
	if (!has || m == 0) {
		if (obj_is(self, &bytes_type))
			return val_incref(self);
		return make_like(self, p, n);
	}
	return make_like(self, suffix ? p : p + m, n - m);
}

static Value m_removeprefix(Value self, const Value *args, size_t nargs, Tuple *kw) { return affix_impl(self, args, nargs, kw, false); }
static Value m_removesuffix(Value self, const Value *args, size_t nargs, Tuple *kw) { return affix_impl(self, args, nargs, kw, true); }

static Value m_rindex(Value self, const Value *args, size_t nargs, Tuple *kw) { return find_impl(self, args, nargs, kw, true, true, false); }

static Value m_rsplit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"sep", "maxsplit"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("rsplit", args, nargs, kw, names, 0, 2, a))
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	ssize_t maxsplit = -1;
	if (!IS_NULL(a[1]) && !val_as_ssize(a[1], &maxsplit))
		return v_null();
	size_t m = 0;
	const unsigned char *q = NULL;
	if (!IS_NULL(a[0]) && !IS_NONE(a[0])) {
		q = need_buf(a[0], &m);
		if (!q)
			return v_null();
		if (m == 0)
			return err_null_format(Exc_ValueError, "empty separator");
	}
	List *l = list_new(0);
	if (!l)
		return v_null();
	BSplit c = {l, (const char *)p, self};
	int rc = q ? text_rsplit_sep((const char *)p, n, (const char *)q, m, maxsplit, bsplit_cb, &c)
		   : text_bytes_rsplit_ws((const char *)p, n, maxsplit, bsplit_cb, &c);
	if (rc != 0) {
		obj_decref(&l->ob);
		return v_null();
	}
	for (size_t i = 0, j = l->n; i + 1 < j; i++, j--) {   /* pieces came right to left */
		Value t = l->items[i];
		l->items[i] = l->items[j - 1];
		l->items[j - 1] = t;
	}
	return v_obj(&l->ob);
}

static Value m_splitlines(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"keepends"};
	Value a[1] = {v_null()};
	if (!args_parse("splitlines", args, nargs, kw, names, 0, 1, a))
		return v_null();
	int keep = 0;
	if (!IS_NULL(a[0]) && (keep = obj_truth(a[0])) < 0)
		return v_null();
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	List *l = list_new(0);
	if (!l)
		return v_null();
	BSplit c = {l, (const char *)p, self};
	if (text_bytes_splitlines((const char *)p, n, keep, bsplit_cb, &c) != 0) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

/* translate(table, /, delete=b''): table is None or 256 bytes */
static Value m_translate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"", "delete"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("translate", args, nargs, kw, names, 1, 2, a))
		return v_null();
	const unsigned char *table = NULL;
	if (!IS_NONE(a[0])) {
		size_t tn;
		table = need_buf(a[0], &tn);
		if (!table)
			return v_null();
		if (tn != 256)
			return err_null_format(Exc_ValueError, "translation table must be 256 characters long");
	}
	bool drop[256] = {false};
	if (!IS_NULL(a[1])) {
		size_t dn;
		const unsigned char *d = need_buf(a[1], &dn);
		if (!d)
			return v_null();
		for (size_t i = 0; i < dn; i++)
			drop[d[i]] = true;
	}
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	if (!table && IS_NULL(a[1]) && obj_is(self, &bytes_type))
		return val_incref(self);      /* nothing to change */
	unsigned char *out = mem_alloc(n + 1);
	if (!out)
		return v_null();
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!drop[p[i]])
			out[k++] = table ? table[p[i]] : p[i];
	Value r = make_like(self, out, k);
	mem_free(out, n + 1);
	return r;
}

/* bytes.maketrans(frm, to) / bytearray.maketrans: a static method */
static Value m_maketrans(Value unused, const Value *args, size_t nargs, Tuple *kw)
{
	(void)unused;
	if (!args_check("maketrans", nargs, kw, 2, 2))
		return v_null();
	size_t fn, tn;
	const unsigned char *frm = need_buf(args[0], &fn);
	if (!frm)
		return v_null();
	const unsigned char *to = need_buf(args[1], &tn);
	if (!to)
		return v_null();
	if (fn != tn)
		return err_null_format(Exc_ValueError, "maketrans arguments must have same length");
	unsigned char table[256];
	for (int i = 0; i < 256; i++)
		table[i] = (unsigned char)i;
	for (size_t i = 0; i < fn; i++)
		table[frm[i]] = to[i];
	Bytes *b = bytes_new(table, 256);
	return b ? v_obj(&b->ob) : v_null();
}

static Value m_bytes_bytes(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__bytes__", nargs, kw, 0, 0))
		return v_null();
	if (obj_is(self, &bytes_type))
		return val_incref(self);
	size_t n;
	const unsigned char *p = buf_of(self, &n);
	Bytes *b = bytes_new(p, n);
	return b ? v_obj(&b->ob) : v_null();
}

/* ---- printf-style formatting: bytes % args ------------------------------------ */

Value num_raise(struct num_error *e);   /* int.c */

static struct num_int int_view(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return num_int_small(v.u.i);
	return num_int_big(((BigInt *)v.u.o)->z);
}

/* The bytes %s / %b inserts: a bytes-like object or __bytes__; new ref. */
static Value percent_bytes_of(Value item)
{
	size_t n;
	const unsigned char *p = buf_of(item, &n);
	if (p) {
		Bytes *b = bytes_new(p, n);
		return b ? v_obj(&b->ob) : v_null();
	}
	Value r = item.tag == V_OBJ ? type_lookup(val_type(item), ID(__bytes__)) : v_null();
	if (!IS_NULL(r)) {
		r = call_method(item, ID(__bytes__), NULL, 0);
		if (!IS_NULL(r) && !IS_BYTES(r)) {
			err_format(Exc_TypeError, "__bytes__ returned non-bytes (type %s)", type_name_of(r));
			val_decref(r);
			return v_null();
		}
		return r;
	}
	return err_null_format(Exc_TypeError, "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'",
			       type_name_of(item));
}

/* One conversion (sp->conv set) of item, appended to out; false: error set. */
static bool percent_convert(struct text_buf *out, struct num_percent_spec *sp, Value item)
{
	struct num_error e = NUM_ERROR_INIT;
	int rc = 0;
	char conv = sp->conv;
	switch (conv) {
	case 's': case 'b': case 'r': case 'a': {
		Value v;
		if (conv == 's' || conv == 'b') {
			v = percent_bytes_of(item);
		} else {
			Value text = obj_ascii(item);   /* ASCII only, so its bytes are the encoding */
			if (IS_NULL(text))
				return false;
			Bytes *b = bytes_new(AS_STR(text)->data, AS_STR(text)->nbytes);
			val_decref(text);
			v = b ? v_obj(&b->ob) : v_null();
		}
		if (IS_NULL(v))
			return false;
		Bytes *b = (Bytes *)v.u.o;
		size_t n = b->n;
		if (sp->precision >= 0 && (uint64_t)sp->precision < n)
			n = (size_t)sp->precision;
		rc = num_percent_pad_text(out, sp, (const char *)b->data, n);
		val_decref(v);
		break;
	}
	case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
		bool decimal = conv == 'd' || conv == 'i' || conv == 'u';
		Value iv;
		if (is_intlike(item))
			iv = val_incref(item);
		else if (decimal && item.tag == V_FLOAT)
			iv = int_from_double(item.u.f);
		else if (decimal && val_type(item)->to_int)
			iv = val_type(item)->to_int(item);
		else if (val_type(item)->index)
			iv = obj_index(item);
		else if (decimal)   /* bytes % says %d for %i, as CPython */
			return err_format(Exc_TypeError, "%%%c format: a real number is required, not %s", conv == 'i' ? 'd' : conv, type_name_of(item)), false;
		else
			return err_format(Exc_TypeError, "%%%c format: an integer is required, not %s", conv, type_name_of(item)), false;
		if (IS_NULL(iv))
			return false;
		if (!is_intlike(iv)) {
			val_decref(iv);
			return err_format(Exc_TypeError, "%%%c format: an integer is required", conv), false;
		}
		struct num_int ni = int_view(iv);
		rc = num_percent_int(out, sp, &ni, &e);
		val_decref(iv);
		break;
	}
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
		double d;
		if (!is_intlike(item) && item.tag != V_FLOAT && !val_type(item)->to_float && !val_type(item)->index)
			return err_format(Exc_TypeError, "float argument required, not %s", type_name_of(item)), false;
		if (!val_to_double(item, &d))
			return false;
		rc = num_percent_float(out, sp, d, &e);
		break;
	}
	case 'c': {
		size_t n;
		const unsigned char *p = buf_of(item, &n);
		unsigned char ch;
		if (p && n == 1) {
			ch = p[0];
		} else if (!p && (is_intlike(item) || val_type(item)->index)) {
			Value iv = obj_index(item);
			if (IS_NULL(iv))
				return false;
			int64_t c;
			bool fits = int_as_i64(iv, &c);
			val_decref(iv);
			if (!fits || c < 0 || c > 255)
				return err_format(Exc_OverflowError, "%%c arg not in range(256)"), false;
			ch = (unsigned char)c;
		} else {
			return err_format(Exc_TypeError, "%%c requires an integer in range(256) or a single byte"), false;
		}
		rc = num_percent_pad_text(out, sp, (const char *)&ch, 1);
		break;
	}
	default:
		return false;   /* the caller checked the conversion */
	}
	if (rc < 0) {
		num_raise(&e);
		return false;
	}
	return true;
}

/* The next positional argument (borrowed), or NULL with TypeError. */
static Value percent_next_arg(Value args, bool is_tuple, size_t *argi)
{
	size_t nargs = is_tuple ? AS_TUPLE(args)->n : 1;
	if (*argi >= nargs)
		return err_null_format(Exc_TypeError, "not enough arguments for format string");
	return is_tuple ? AS_TUPLE(args)->items[(*argi)++] : ((*argi)++, args);
}

/* A '*' width or precision argument. */
static bool percent_star(Value args, bool is_tuple, size_t *argi, int64_t *out)
{
	Value w = percent_next_arg(args, is_tuple, argi);
	if (IS_NULL(w))
		return false;
	if (w.tag != V_INT && w.tag != V_BOOL) {
		err_format(Exc_TypeError, "* wants int");
		return false;
	}
	*out = w.u.i;
	return true;
}

static Value bytes_percent(Value fmtv, Value args)
{
	size_t flen;
	const unsigned char *f = buf_of(fmtv, &flen);
	const char *start = (const char *)f, *p = start, *end = start + flen;
	bool is_tuple = IS_TUPLE(args);
	bool is_mapping = !is_tuple && !buf_of(args, &(size_t){0}) && !IS_STR(args) &&
			  (IS_DICT(args) || val_type(args)->getitem);
	size_t argi = 0;
	struct text_buf out = TEXT_BUF_INIT;
	Value item = v_null();
	while (p < end) {
		const char *pct = memchr(p, '%', (size_t)(end - p));
		if (!pct) {
			if (num_buf_append(&out, p, (size_t)(end - p)) < 0)
				goto nomem;
			break;
		}
		if (num_buf_append(&out, p, (size_t)(pct - p)) < 0)
			goto nomem;
		p = pct + 1;
		struct num_percent_spec sp = {0, false, false, false, false, false, -1, -1};
		if (p < end && *p == '(') {
			if (!is_mapping) {
				err_format(Exc_TypeError, "format requires a mapping");
				goto fail;
			}
			int depth = 1;
			const char *key_start = ++p;
			while (p < end && depth) {
				if (*p == '(')
					depth++;
				else if (*p == ')')
					depth--;
				if (depth)
					p++;
			}
			if (p >= end) {
				err_format(Exc_ValueError, "incomplete format key");
				goto fail;
			}
			Bytes *key = bytes_new(key_start, (size_t)(p - key_start));
			if (!key)
				goto fail;
			p++;
			item = obj_getitem(args, v_obj(&key->ob));
			obj_decref(&key->ob);
			if (IS_NULL(item))
				goto fail;
		}
		for (; p < end; p++) {
			if (*p == '-') sp.left = true;
			else if (*p == '+') sp.plus = true;
			else if (*p == ' ') sp.space = true;
			else if (*p == '#') sp.alt = true;
			else if (*p == '0') sp.zero = true;
			else break;
		}
		if (p < end && *p == '*') {
			if (!percent_star(args, is_tuple, &argi, &sp.width))
				goto fail;
			if (sp.width < 0) {
				sp.left = true;
				sp.width = -sp.width;
			}
			p++;
		} else {
			while (p < end && *p >= '0' && *p <= '9' && sp.width < ((int64_t)1 << 40))
				sp.width = (sp.width < 0 ? 0 : sp.width) * 10 + (*p++ - '0');
		}
		if (p < end && *p == '.') {
			p++;
			sp.precision = 0;
			if (p < end && *p == '*') {
				if (!percent_star(args, is_tuple, &argi, &sp.precision))
					goto fail;
				if (sp.precision < 0)
					sp.precision = 0;
				p++;
			} else {
				while (p < end && *p >= '0' && *p <= '9' && sp.precision < ((int64_t)1 << 40))
					sp.precision = sp.precision * 10 + (*p++ - '0');
			}
		}
		while (p < end && (*p == 'h' || *p == 'l' || *p == 'L'))
			p++;
		if (p >= end) {
			err_format(Exc_ValueError, "incomplete format");
			goto fail;
		}
		char conv = *p++;
		if (conv == '%') {
			if (num_buf_putc(&out, '%') < 0)
				goto nomem;
			VAL_CLEAR(item);
			continue;
		}
		if (!strchr("sbradiuoxXeEfFgGc", conv) || conv == 0) {
			err_format(Exc_ValueError, "unsupported format character '%c' (0x%x) at index %zu",
				   conv >= 0x20 && conv < 0x7f ? conv : '?', (unsigned)(unsigned char)conv,
				   (size_t)(p - 1 - start));
			goto fail;
		}
		if (IS_NULL(item)) {
			Value next = percent_next_arg(args, is_tuple, &argi);
			if (IS_NULL(next))
				goto fail;
			item = val_incref(next);
		}
		sp.conv = conv;
		if (!percent_convert(&out, &sp, item))
			goto fail;
		VAL_CLEAR(item);
	}
	if (!is_mapping && argi < (is_tuple ? AS_TUPLE(args)->n : 1)) {
		err_format(Exc_TypeError, "not all arguments converted during bytes formatting");
		goto fail;
	}
	Value r = make_like(fmtv, out.data, out.len);
	text_buf_free(&out);
	return r;
nomem:
	err_no_memory();
fail:
	val_decref(item);
	text_buf_free(&out);
	return v_null();
}

/* bytes % x and bytearray % x (the right operand is never the template) */
static Value bytes_mod(Value a, Value b)
{
	size_t n;
	if (!buf_of(a, &n))
		return v_notimpl();
	return bytes_percent(a, b);
}

static Value m_bytes_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_obj(&tuple_from(&self, 1)->ob);
}

/* ---- bytearray ---------------------------------------------------------------- */

Value bytearray_from(const void *p, size_t n);
Value bytearray_from(const void *p, size_t n)
{
	ByteArray *b = (ByteArray *)obj_alloc(&bytearray_type, sizeof(ByteArray));
	if (!b)
		return v_null();
	b->data = mem_alloc(n + 1);
	if (!b->data) {
		obj_free(&b->ob);
		return v_null();
	}
	b->cap = n + 1;
	if (n)
		mem_copy(b->data, p, n);
	b->n = n;
	return v_obj(&b->ob);
}

static Value bytearray_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value b = nargs || (kw && kw->n) ? bytes_make("bytearray", args, nargs, kw)
					  : v_obj(&bytes_new("", 0)->ob);
	if (IS_NULL(b))
		return b;
	Value r = bytearray_from(((Bytes *)b.u.o)->data, ((Bytes *)b.u.o)->n);
	val_decref(b);
	return r;
}

static int bytearray_init(Value self, const Value *args, size_t nargs, Tuple *kw) { return 0; }

static void bytearray_dealloc(Obj *o)
{
	ByteArray *b = (ByteArray *)o;
	mem_free(b->data, b->cap);
	obj_free(o);
}

static Value bytearray_repr(Value v)
{
	ByteArray *b = (ByteArray *)v.u.o;
	Value r = bytes_repr_of(b->data, b->n);
	if (IS_NULL(r))
		return r;
	/* CPython's bytearray repr escapes ' even inside b"..." */
	StrBuf sb;
	sb_init(&sb);
	sb_adds(&sb, "bytearray(");
	const char *text = AS_STR(r)->data;
	bool double_quoted = text[1] == '"';
	for (size_t i = 0; text[i]; i++) {
		if (double_quoted && text[i] == '\'')
			sb_addc(&sb, '\\');
		sb_addc(&sb, text[i]);
	}
	sb_addc(&sb, ')');
	val_decref(r);
	return str_value(sb_finish(&sb));
}

static bool ba_reserve(ByteArray *b, size_t need)
{
	if (need + 1 <= b->cap)
		return true;
	size_t cap = b->cap * 2 + 8;
	if (cap < need + 1)
		cap = need + 1;
	unsigned char *p = mem_realloc(b->data, b->cap, cap);
	if (!p)
		return false;
	b->data = p;
	b->cap = cap;
	return true;
}

/* b[start::step] = s for cnt items (step != 1), or del when s is NULL */
static int ba_extended_slice(ByteArray *b, ssize_t start, ssize_t step, ssize_t cnt, Bytes *s)
{
	if (s) {
		if ((ssize_t)s->n != cnt) {
			err_format(Exc_ValueError, "attempt to assign bytes of size %zu to extended slice of size %zd",
				   s->n, cnt);
			return -1;
		}
		for (ssize_t k = 0; k < cnt; k++)
			b->data[start + k * step] = s->data[k];
		return 0;
	}
	if (cnt <= 0)
		return 0;
	if (step < 0) {
		start += step * (cnt - 1);
		step = -step;
	}
	size_t w = (size_t)start;
	for (size_t r = (size_t)start; r < b->n; r++)
		if (!((r - (size_t)start) % (size_t)step == 0 && (r - (size_t)start) / (size_t)step < (size_t)cnt))
			b->data[w++] = b->data[r];
	b->n = w;
	return 0;
}

static int bytearray_setitem(Value v, Value k, Value x)
{
	ByteArray *b = (ByteArray *)v.u.o;
	if (IS_SLICE(k)) {
		ssize_t start, stop, step, cnt;
		if (!slice_indices((Slice *)k.u.o, (ssize_t)b->n, &start, &stop, &step, &cnt))
			return -1;
		Value src = IS_NULL(x) ? v_obj(&bytes_new("", 0)->ob) : bytes_from_value(x);
		if (IS_NULL(src))
			return -1;
		Bytes *s = (Bytes *)src.u.o;
		if (step != 1) {
			int r = ba_extended_slice(b, start, step, cnt, IS_NULL(x) ? NULL : s);
			val_decref(src);
			return r;
		}
		if (stop < start)
			stop = start;
		size_t old = (size_t)(stop - start);
		if (!ba_reserve(b, b->n - old + s->n)) {
			val_decref(src);
			return -1;
		}
		memmove(b->data + start + s->n, b->data + stop, b->n - (size_t)stop);
		mem_copy(b->data + start, s->data, s->n);
		b->n = b->n - old + s->n;
		val_decref(src);
		return 0;
	}
	ssize_t i;
	if (!val_as_ssize(k, &i))
		return -1;
	if (i < 0)
		i += (ssize_t)b->n;
	if (i < 0 || (size_t)i >= b->n) {
		err_format(Exc_IndexError, "bytearray index out of range");
		return -1;
	}
	if (IS_NULL(x)) {
		memmove(b->data + i, b->data + i + 1, b->n - (size_t)i - 1);
		b->n--;
		return 0;
	}
	ssize_t c;
	if (!val_as_ssize(x, &c))
		return -1;
	if (c < 0 || c > 255) {
		err_format(Exc_ValueError, "byte must be in range(0, 256)");
		return -1;
	}
	b->data[i] = (unsigned char)c;
	return 0;
}

static Value m_append(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("append", nargs, kw, 1, 1))
		return v_null();
	ByteArray *b = (ByteArray *)self.u.o;
	ssize_t c;
	if (!val_as_ssize(args[0], &c))
		return v_null();
	if (c < 0 || c > 255)
		return err_null_format(Exc_ValueError, "byte must be in range(0, 256)");
	if (!ba_reserve(b, b->n + 1))
		return v_null();
	b->data[b->n++] = (unsigned char)c;
	return v_none();
}

static Value m_extend(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("extend", nargs, kw, 1, 1))
		return v_null();
	ByteArray *b = (ByteArray *)self.u.o;
	Value src = bytes_from_value(args[0]);
	if (IS_NULL(src))
		return src;
	Bytes *s = (Bytes *)src.u.o;
	if (!ba_reserve(b, b->n + s->n)) {
		val_decref(src);
		return v_null();
	}
	mem_copy(b->data + b->n, s->data, s->n);
	b->n += s->n;
	val_decref(src);
	return v_none();
}

static Value m_ba_pop(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ByteArray *b = (ByteArray *)self.u.o;
	if (b->n == 0)
		return err_null_format(Exc_IndexError, "pop from empty bytearray");
	ssize_t i = -1;
	if (nargs && !val_as_ssize(args[0], &i))
		return v_null();
	if (i < 0)
		i += (ssize_t)b->n;
	if (i < 0 || (size_t)i >= b->n)
		return err_null_format(Exc_IndexError, "pop index out of range");
	int c = b->data[i];
	memmove(b->data + i, b->data + i + 1, b->n - (size_t)i - 1);
	b->n--;
	return v_int(c);
}

static Value m_ba_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	((ByteArray *)self.u.o)->n = 0;
	return v_none();
}

static Value m_ba_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ByteArray *b = (ByteArray *)self.u.o;
	return bytearray_from(b->data, b->n);
}

/* A byte value argument (0..255): -1 with the exception set. */
static int byte_arg(Value v)
{
	ssize_t c;
	if (!val_as_ssize(v, &c))
		return -1;
	if (c < 0 || c > 255) {
		err_format(Exc_ValueError, "byte must be in range(0, 256)");
		return -1;
	}
	return (int)c;
}

static Value m_ba_insert(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "insert() takes no keyword arguments");
	if (nargs != 2)
		return err_null_format(Exc_TypeError, "insert expected 2 arguments, got %zu", nargs);
	ByteArray *b = (ByteArray *)self.u.o;
	ssize_t i;
	if (!val_as_ssize(args[0], &i))
		return v_null();
	int c = byte_arg(args[1]);
	if (c < 0)
		return v_null();
	if (i < 0) {
		i += (ssize_t)b->n;
		if (i < 0)
			i = 0;
	}
	if ((size_t)i > b->n)
		i = (ssize_t)b->n;
	if (!ba_reserve(b, b->n + 1))
		return v_null();
	memmove(b->data + i + 1, b->data + i, b->n - (size_t)i);
	b->data[i] = (unsigned char)c;
	b->n++;
	return v_none();
}

static Value m_ba_remove(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("remove", nargs, kw, 1, 1))
		return v_null();
	int c = byte_arg(args[0]);
	if (c < 0)
		return v_null();
	ByteArray *b = (ByteArray *)self.u.o;
	for (size_t i = 0; i < b->n; i++) {
		if (b->data[i] == c) {
			memmove(b->data + i, b->data + i + 1, b->n - i - 1);
			b->n--;
			return v_none();
		}
	}
	return err_null_format(Exc_ValueError, "value not found in bytearray");
}

static Value m_ba_reverse(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("reverse", nargs, kw, 0, 0))
		return v_null();
	ByteArray *b = (ByteArray *)self.u.o;
	for (size_t i = 0, j = b->n; i + 1 < j; i++, j--) {
		unsigned char t = b->data[i];
		b->data[i] = b->data[j - 1];
		b->data[j - 1] = t;
	}
	return v_none();
}

static Value m_ba_alloc(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__alloc__", nargs, kw, 0, 0))
		return v_null();
	return v_int((int64_t)((ByteArray *)self.u.o)->cap);
}

/* bytearray * n, n * bytearray */
static Value ba_mul(Value a, Value b)
{
	bool left = val_isinstance(a, &bytearray_type);
	Value sv = left ? a : b, nv = left ? b : a;
	if (!val_isinstance(sv, &bytearray_type) || (!is_intlike(nv) && !val_type(nv)->index))
		return v_notimpl();
	ssize_t k;
	if (!val_as_ssize(nv, &k))
		return v_null();
	ByteArray *s = (ByteArray *)sv.u.o;
	if (k < 0 || s->n == 0)
		k = 0;
	size_t total;
	if (__builtin_mul_overflow(s->n, (size_t)k, &total) || !mem_check(total))
		return err_occurred() ? v_null() : (err_no_memory(), v_null());
	Value r = bytearray_from(NULL, 0);
	if (IS_NULL(r))
		return r;
	ByteArray *d = (ByteArray *)r.u.o;
	if (!ba_reserve(d, total)) {
		val_decref(r);
		return v_null();
	}
	for (ssize_t i = 0; i < k; i++)
		memcpy(d->data + (size_t)i * s->n, s->data, s->n);
	d->n = total;
	return r;
}

static Value ba_imul(Value a, Value b)
{
	Value r = ba_mul(a, b);
	if (IS_NULL(r) || is_notimpl(r))
		return r;
	ByteArray *self = (ByteArray *)a.u.o, *res = (ByteArray *)r.u.o;
	unsigned char *old = self->data;
	size_t oldcap = self->cap;
	self->data = res->data;
	self->n = res->n;
	self->cap = res->cap;
	res->data = old;
	res->cap = oldcap;
	res->n = 0;
	val_decref(r);
	return val_incref(a);
}

static Value ba_iadd(Value a, Value b)
{
	/* CPython 3.11 holds a buffer of b while it grows a: with b a itself,
	 * the resize is refused (b.extend(b) copies first and works) */
	if (v_is(a, b))
		return err_null_format(Exc_BufferError, "Existing exports of data: object cannot be re-sized");
	Value r = m_extend(a, &b, 1, NULL);
	if (IS_NULL(r))
		return r;
	return val_incref(a);
}

static void add_common(Type *t)
{
	type_add_method(t, "decode", m_decode, 0);
	type_add_method(t, "hex", m_hex, 0);
	type_add_method(t, "fromhex", m_fromhex, BF_CLASSMETHOD);
	type_add_method(t, "join", m_join, 0);
	type_add_method(t, "find", m_find, 0);
	type_add_method(t, "rfind", m_rfind, 0);
	type_add_method(t, "index", m_index, 0);
	type_add_method(t, "count", m_count, 0);
	type_add_method(t, "startswith", m_startswith, 0);
	type_add_method(t, "endswith", m_endswith, 0);
	type_add_method(t, "replace", m_replace, 0);
	type_add_method(t, "split", m_split, 0);
	type_add_method(t, "strip", m_strip, 0);
	type_add_method(t, "lstrip", m_lstrip, 0);
	type_add_method(t, "rstrip", m_rstrip, 0);
	type_add_method(t, "upper", m_upper, 0);
	type_add_method(t, "lower", m_lower, 0);
	type_add_method(t, "isdigit", m_isdigit, 0);
	type_add_method(t, "isalnum", m_isalnum, 0);
	type_add_method(t, "isalpha", m_isalpha, 0);
	type_add_method(t, "isascii", m_isascii, 0);
	type_add_method(t, "islower", m_islower, 0);
	type_add_method(t, "isspace", m_isspace, 0);
	type_add_method(t, "istitle", m_istitle, 0);
	type_add_method(t, "isupper", m_isupper, 0);
	type_add_method(t, "title", m_title, 0);
	type_add_method(t, "capitalize", m_capitalize, 0);
	type_add_method(t, "swapcase", m_swapcase, 0);
	type_add_method(t, "ljust", m_ljust, 0);
	type_add_method(t, "rjust", m_rjust, 0);
	type_add_method(t, "center", m_center, 0);
	type_add_method(t, "zfill", m_zfill, 0);
	type_add_method(t, "expandtabs", m_expandtabs, 0);
	type_add_method(t, "partition", m_partition, 0);
	type_add_method(t, "rpartition", m_rpartition, 0);
	type_add_method(t, "removeprefix", m_removeprefix, 0);
	type_add_method(t, "removesuffix", m_removesuffix, 0);
	type_add_method(t, "rindex", m_rindex, 0);
	type_add_method(t, "rsplit", m_rsplit, 0);
	type_add_method(t, "splitlines", m_splitlines, 0);
	type_add_method(t, "translate", m_translate, 0);
	type_add_method(t, "maketrans", m_maketrans, BF_STATIC);
}

void bytes_types_init(void)
{
	Type *t = &bytes_type;
	type_init_builtin(t, "bytes", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(Bytes);
	t->flags |= TF_BYTES_SUB;
	t->new = bytes_tp_new;
	t->repr = bytes_repr;
	t->hash = bytes_hash;
	t->richcmp = bytes_richcmp;
	t->len = bytes_len;
	t->getitem = bytes_getitem;
	t->contains = bytes_contains;
	t->iter = bytes_iter;
	t->nb[NB_ADD] = bytes_add;
	t->nb[NB_MUL] = bytes_mul;
	t->nb[NB_MOD] = bytes_mod;
	add_common(t);
	type_add_method(t, "__getnewargs__", m_bytes_getnewargs, 0);
	type_add_method(t, "__bytes__", m_bytes_bytes, 0);

	t = &bytearray_type;
	type_init_builtin(t, "bytearray", &object_type);
	t->flags |= TF_BASETYPE;
	t->new = bytearray_tp_new;
	t->init = bytearray_init;
	t->dealloc = bytearray_dealloc;
	t->repr = bytearray_repr;
	t->richcmp = bytes_richcmp;
	t->len = bytes_len;
	t->getitem = bytes_getitem;
	t->setitem = bytearray_setitem;
	t->contains = bytes_contains;
	t->iter = bytes_iter;
	t->nb[NB_ADD] = bytes_add;
	t->nb_inplace[NB_ADD] = ba_iadd;
	add_common(t);
	type_add_method(t, "append", m_append, 0);
	type_add_method(t, "extend", m_extend, 0);
	type_add_method(t, "pop", m_ba_pop, 0);
	type_add_method(t, "clear", m_ba_clear, 0);
	type_add_method(t, "copy", m_ba_copy, 0);
	type_add_method(t, "insert", m_ba_insert, 0);
	type_add_method(t, "remove", m_ba_remove, 0);
	type_add_method(t, "reverse", m_ba_reverse, 0);
	type_add_method(t, "__alloc__", m_ba_alloc, 0);
	t->nb[NB_MUL] = ba_mul;
	t->nb[NB_MOD] = bytes_mod;
	t->nb_inplace[NB_MUL] = ba_imul;

	t = &bytes_iter_type;
	type_init_builtin(t, "bytes_iterator", &object_type);
	t->dealloc = bytes_iter_dealloc;
	t->iter = self_iter;
	t->next = bytes_iter_next;
}
