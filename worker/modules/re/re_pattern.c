/* re_pattern.c -- re.Pattern objects: match/search/fullmatch, findall,
 * finditer, sub/subn and split (shared with the module functions), repr,
 * equality and hash (see re_mod.h). */
#include "config.h"

#include <string.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "worker/modules/re/re_mod.h"

Type re_pattern_type;

RePattern *re_pattern_new(struct re_code *code, Value pattern)
{
	const struct re_translation *t = re_code_info(code);
	size_t n = (size_t)t->groups + 1;
	RePattern *p = (RePattern *)obj_alloc(&re_pattern_type, sizeof(RePattern));
	if (!p) {
		re_code_free(code);
		return NULL;
	}
	p->code = code;
	p->pattern = val_incref(pattern);
	p->flags = t->flags;
	p->groups = t->groups;
	p->is_str = t->is_str;
	p->tpl_src = v_null();
	p->groupindex = dict_new();
	p->names = mem_calloc(n, sizeof(Value));
	p->spans = mem_alloc(2 * n * sizeof(size_t));
	if (!p->groupindex || !p->names || !p->spans)
		goto fail;
	for (size_t i = 0; i < t->nnames; i++) {
		Value name;
		if (t->is_str)
			name = str_value(str_new(t->names[i].name, t->names[i].len));
		else	/* bytes pattern group names are ASCII identifiers */
			name = str_value(str_new(t->names[i].name, t->names[i].len));
		if (IS_NULL(name))
			goto fail;
		int idx = t->names[i].index;
		if (dict_set(p->groupindex, name, v_int(idx)) < 0) {
			val_decref(name);
			goto fail;
		}
		if (idx > 0 && (size_t)idx < n && IS_NULL(p->names[idx]))
			p->names[idx] = name;
		else
			val_decref(name);
	}
	return p;
fail:
	obj_decref(&p->ob);
	return NULL;
}

static void pattern_dealloc(Obj *o)
{
	RePattern *p = (RePattern *)o;
	size_t n = (size_t)p->groups + 1;
	if (p->names) {
		for (size_t i = 0; i < n; i++)
			val_decref(p->names[i]);
		mem_free(p->names, n * sizeof(Value));
	}
	if (p->spans)
		mem_free(p->spans, 2 * n * sizeof(size_t));
	if (!IS_NULL(p->tpl_src)) {
		val_decref(p->tpl_src);
		if (!p->tpl_literal)
			re_template_free(&p->tpl);
	}
	obj_xdecref(p->groupindex ? &p->groupindex->ob : NULL);
	val_decref(p->pattern);
	re_code_free(p->code);
	obj_free(o);
}

/* The last non-ASCII str subject prepared, with its mapped copy: a loop
 * of p.match(s, pos) over one long string checks it once, not per call. */
static Value prep_str, prep_mapped;
static bool prep_ok;

void re_forget_subject(void)
{
	VAL_CLEAR(prep_str);
	VAL_CLEAR(prep_mapped);
}

/* WTF-8 lone surrogates ED A0..BF xx become EE 80..9F xx (see re_mod.h). */
static Bytes *map_surrogates(const char *p, size_t n)
{
	Bytes *b = bytes_new(p, n);
	if (!b)
		return NULL;
	unsigned char *d = b->data;
	for (size_t i = 0; i + 2 < n; i++) {
		if (d[i] == 0xED && d[i + 1] >= 0xA0 && d[i + 1] <= 0xBF) {
			d[i] = 0xEE;
			d[i + 1] = (unsigned char)(d[i + 1] - 0x20);
			i += 2;
		}
	}
	return b;
}

static bool subject_prepare(ReSubject *s)
{
	s->mp = s->p;
	s->mapped = v_null();
	s->utf_ok = true;
	if (s->ascii)
		return true;
	if (IS_NULL(prep_str) || prep_str.u.o != s->owner.u.o) {
		re_forget_subject();
		bool ok = re_utf8_valid(s->p, s->len);
		Value mapped = v_null();
		if (!ok) {
			Bytes *b = map_surrogates(s->p, s->len);
			if (!b)
				return false;
			mapped = v_obj(&b->ob);
			ok = re_utf8_valid((const char *)b->data, b->n);
		}
		prep_str = val_incref(s->owner);
		prep_mapped = mapped;
		prep_ok = ok;
	}
	if (!IS_NULL(prep_mapped)) {
		s->mapped = val_incref(prep_mapped);
		s->mp = (const char *)((Bytes *)prep_mapped.u.o)->data;
	}
	s->utf_ok = prep_ok;
	return true;
}

void re_subject_release(ReSubject *s)
{
	val_decref(s->owner);
	val_decref(s->mapped);
}

bool re_subject_get(RePattern *p, Value string, ReSubject *out)
{
	if (IS_STR(string)) {
		if (!p->is_str) {
			err_format(Exc_TypeError, "cannot use a bytes pattern on a string-like object");
			return false;
		}
		Str *s = AS_STR(string);
		out->p = s->data;
		out->len = s->nbytes;
		out->cplen = s->len;
		out->ascii = s->len == s->nbytes;
		out->owner = val_incref(string);
		if (!subject_prepare(out)) {
			val_decref(out->owner);
			return false;
		}
		return true;
	}
	bool is_bytes = IS_BYTES(string) || val_isinstance(string, &bytes_type);
	bool is_ba = !is_bytes && val_isinstance(string, &bytearray_type);
	if (!is_bytes && !is_ba) {
		err_format(Exc_TypeError, "expected string or bytes-like object, got '%s'", type_name_of(string));
		return false;
	}
	if (p->is_str) {
		err_format(Exc_TypeError, "cannot use a string pattern on a bytes-like object");
		return false;
	}
	if (is_ba) {	/* a bytearray may change under a live Match: take a copy */
		ByteArray *ba = (ByteArray *)string.u.o;
		Bytes *c = bytes_new(ba->data, ba->n);
		if (!c)
			return false;
		out->owner = v_obj(&c->ob);
	} else {
		out->owner = val_incref(string);
	}
	Bytes *b = (Bytes *)out->owner.u.o;
	out->p = (const char *)b->data;
	out->len = out->cplen = b->n;
	out->ascii = true;
	out->mp = out->p;
	out->mapped = v_null();
	out->utf_ok = true;
	return true;
}

/* pos/endpos clamped to [0, len] as CPython does, and their byte offsets. */
static bool get_bounds(const ReSubject *s, Value pos, Value endpos, ssize_t *ipos, ssize_t *iend,
		       size_t *bpos, size_t *bend)
{
	ssize_t a = 0, b = (ssize_t)s->cplen;
	if (!IS_NULL(pos) && !val_as_ssize(pos, &a))
		return false;
	if (!IS_NULL(endpos) && !val_as_ssize(endpos, &b))
		return false;
	ssize_t len = (ssize_t)s->cplen;
	if (a < 0)
		a = 0;
	if (a > len)
		a = len;
	if (b < 0)
		b = 0;
	if (b > len)
		b = len;
	*ipos = a;
	*iend = b;
	if (s->ascii) {
		*bpos = (size_t)a;
		*bend = (size_t)b;
	} else {
		/* the str's cached cursor makes a scan with a moving pos linear */
		Str *str = AS_STR(s->owner);
		*bend = str_byte_offset(str, (size_t)b);
		*bpos = str_byte_offset(str, (size_t)a);
	}
	return true;
}

Value re_do_match(RePattern *p, Value string, Value pos, Value endpos, enum re_mode mode)
{
	ReSubject s;
	if (!re_subject_get(p, string, &s))
		return v_null();
	ssize_t ipos, iend;
	size_t bpos, bend;
	Value r = v_null();
	if (!get_bounds(&s, pos, endpos, &ipos, &iend, &bpos, &bend))
		goto out;
	struct core_error err;
	core_error_clear(&err);
	/* spare PCRE2 its per-call check of text known to be valid */
	uint32_t opts = s.ascii ? RE_EXEC_ASCII : s.utf_ok ? PCRE2_NO_UTF_CHECK : RE_EXEC_INVALID_UTF;
	int rc = re_exec_opts(p->code, s.mp, bend, bpos, mode, opts, p->spans, &err);
	if (rc < 0) {
		r = re_raise(&err, p->pattern);
	} else if (rc == 0) {
		r = v_none();
	} else {
		ReCursor cur = {bpos, (size_t)ipos};
		r = re_match_new(p, string, &s, p->spans, ipos, iend, &cur);
	}
out:
	re_subject_release(&s);
	return r;
}

static Value empty_of(bool is_str)
{
	if (is_str)
		return str_value(str_empty());
	Bytes *b = bytes_new("", 0);
	return b ? v_obj(&b->ob) : v_null();
}

static size_t *spans_alloc(RePattern *p)
{
	return mem_alloc(2 * ((size_t)p->groups + 1) * sizeof(size_t));
}

static void spans_free(RePattern *p, size_t *sp)
{
	mem_free(sp, 2 * ((size_t)p->groups + 1) * sizeof(size_t));
}

Value re_do_findall(RePattern *p, Value string, Value pos, Value endpos)
{
	ReSubject s;
	if (!re_subject_get(p, string, &s))
		return v_null();
	ssize_t ipos, iend;
	size_t bpos, bend;
	List *l = NULL;
	size_t *sp = NULL;
	if (!get_bounds(&s, pos, endpos, &ipos, &iend, &bpos, &bend))
		goto fail;
	l = list_new(0);
	sp = spans_alloc(p);
	if (!l || !sp)
		goto fail;
	struct re_iter it;
	struct core_error err;
	core_error_clear(&err);
	re_iter_init_utf(&it, p->code, s.mp, bend, bpos, re_subject_validity(&s));
	int rc;
	while ((rc = re_iter_next(&it, sp, &err)) > 0) {
		Value item;
		if (p->groups == 0) {
			item = re_slice_of(p->is_str, s.ascii, s.p, sp[0], sp[1]);
		} else if (p->groups == 1) {
			item = sp[2] == RE_UNSET ? empty_of(p->is_str) : re_slice_of(p->is_str, s.ascii, s.p, sp[2], sp[3]);
		} else {
			Tuple *t = tuple_new((size_t)p->groups);
			if (!t)
				goto fail;
			for (size_t g = 1; g <= (size_t)p->groups; g++) {
				Value v = sp[2 * g] == RE_UNSET ? empty_of(p->is_str)
						: re_slice_of(p->is_str, s.ascii, s.p, sp[2 * g], sp[2 * g + 1]);
				if (IS_NULL(v)) {
					for (size_t j = g; j <= (size_t)p->groups; j++)
						t->items[j - 1] = v_none();
					obj_decref(&t->ob);
					goto fail;
				}
				t->items[g - 1] = v;
			}
			item = v_obj(&t->ob);
		}
		if (IS_NULL(item) || !list_append_steal(l, item))
			goto fail;
	}
	if (rc < 0) {
		re_raise(&err, p->pattern);
		goto fail;
	}
	spans_free(p, sp);
	re_subject_release(&s);
	return v_obj(&l->ob);
fail:
	if (sp)
		spans_free(p, sp);
	obj_xdecref(l ? &l->ob : NULL);
	re_subject_release(&s);
	return v_null();
}

Value re_do_finditer(RePattern *p, Value string, Value pos, Value endpos)
{
	ReSubject s;
	if (!re_subject_get(p, string, &s))
		return v_null();
	ssize_t ipos, iend;
	size_t bpos, bend;
	Value r = v_null();
	if (get_bounds(&s, pos, endpos, &ipos, &iend, &bpos, &bend))
		r = re_scan_iter_new(p, string, &s, bpos, bend, ipos, iend);
	re_subject_release(&s);
	return r;
}

/* Appends one replacement piece for sub(): the CPython join's type rule. */
static bool sub_put(RePattern *p, struct re_buf *out, Value item, size_t index)
{
	struct core_error err;
	core_error_clear(&err);
	const char *d = NULL;
	size_t n = 0;
	if (p->is_str) {
		if (!IS_STR(item)) {
			err_format(Exc_TypeError, "sequence item %zu: expected str instance, %s found",
				   index, type_name_of(item));
			return false;
		}
		d = AS_STR(item)->data;
		n = AS_STR(item)->nbytes;
	} else if (val_isinstance(item, &bytes_type)) {
		d = (const char *)((Bytes *)item.u.o)->data;
		n = ((Bytes *)item.u.o)->n;
	} else if (val_isinstance(item, &bytearray_type)) {
		d = (const char *)((ByteArray *)item.u.o)->data;
		n = ((ByteArray *)item.u.o)->n;
	} else {
		err_format(Exc_TypeError, "sequence item %zu: expected a bytes-like object, %s found",
			   index, type_name_of(item));
		return false;
	}
	if (re_buf_put(out, d, n, &err) < 0) {
		re_raise(&err, v_none());
		return false;
	}
	return true;
}

/* The parsed template for repl, cached on the pattern for the next call.
 * *literal: repl holds no backslash and is inserted as it is. */
static bool sub_template(RePattern *p, Value repl, bool *literal)
{
	if (!IS_NULL(p->tpl_src)) {
		int eq = p->tpl_src.u.o == repl.u.o ? 1 :
			 (val_type(p->tpl_src) == val_type(repl) ? obj_eq(p->tpl_src, repl) : 0);
		if (eq < 0)
			return false;
		if (eq) {
			*literal = p->tpl_literal;
			return true;
		}
		val_decref(p->tpl_src);
		p->tpl_src = v_null();
		if (!p->tpl_literal)
			re_template_free(&p->tpl);
	}
	const char *d;
	size_t n;
	if (IS_STR(repl)) {
		d = AS_STR(repl)->data;
		n = AS_STR(repl)->nbytes;
	} else if (val_isinstance(repl, &bytes_type)) {
		d = (const char *)((Bytes *)repl.u.o)->data;
		n = ((Bytes *)repl.u.o)->n;
	} else {
		d = (const char *)((ByteArray *)repl.u.o)->data;
		n = ((ByteArray *)repl.u.o)->n;
	}
	bool lit = memchr(d, '\\', n) == NULL;
	if (!lit && !re_template_for(p, repl, &p->tpl))
		return false;
	/* a bytearray may change: cache only immutable templates */
	if (!val_isinstance(repl, &bytearray_type)) {
		p->tpl_src = val_incref(repl);
		p->tpl_literal = lit;
	} else if (!lit) {
		p->tpl_src = v_null();
	}
	*literal = lit;
	return true;
}

Value re_do_sub(RePattern *p, Value repl, Value string, Value count, bool subn)
{
	ssize_t cnt = 0;
	if (!IS_NULL(count) && !val_as_ssize(count, &cnt))
		return v_null();
	bool is_text = IS_STR(repl) || val_isinstance(repl, &bytes_type) ||
		       val_isinstance(repl, &bytearray_type);
	bool callable = !is_text && val_type(repl)->call != NULL;
	if (!is_text && !callable)
		return err_null_format(Exc_TypeError, "decoding to str: need a bytes-like object, %s found",
				       type_name_of(repl));
	ReSubject s;
	if (!re_subject_get(p, string, &s))
		return v_null();
	bool literal = false;
	bool own_tpl = false;	/* a bytearray template, parsed for this call only */
	struct re_template tpl = {0};
	Value lit_item = v_null();
	if (is_text) {
		if (!sub_template(p, repl, &literal)) {
			re_subject_release(&s);
			return v_null();
		}
		if (literal) {
			lit_item = repl;
		} else if (IS_NULL(p->tpl_src)) {
			own_tpl = true;
			tpl = p->tpl;
			memset(&p->tpl, 0, sizeof p->tpl);
		} else {
			tpl = p->tpl;
		}
	}
	/* the template may be replaced by a nested sub() from a callback, and
	 * the callback may use this pattern: keep our own spans */
	size_t *sp = spans_alloc(p);
	struct re_buf out = {0};
	struct core_error err;
	core_error_clear(&err);
	size_t n = 0, last = 0, pieces = 0;
	Value r = v_null();
	if (!sp)
		goto done;
	if (cnt < 0)
		goto finish;
	struct re_iter it;
	re_iter_init_utf(&it, p->code, s.mp, s.len, 0, re_subject_validity(&s));
	ReCursor cur = {0, 0};
	int rc;
	while ((cnt == 0 || n < (size_t)cnt) && (rc = re_iter_next(&it, sp, &err)) != 0) {
		if (rc < 0) {
			re_raise(&err, p->pattern);
			goto done;
		}
		if (sp[0] > last)
			pieces++;
		if (re_buf_put(&out, s.p + last, sp[0] - last, &err) < 0) {
			re_raise(&err, v_none());
			goto done;
		}
		if (callable) {
			Value m = re_match_new(p, string, &s, sp, 0, (ssize_t)s.cplen, &cur);
			if (IS_NULL(m))
				goto done;
			Value item = call1(repl, m);
			val_decref(m);
			if (IS_NULL(item))
				goto done;
			bool ok = IS_NONE(item) || sub_put(p, &out, item, pieces);
			if (!IS_NONE(item))
				pieces++;
			val_decref(item);
			if (!ok)
				goto done;
		} else if (literal) {
			if (!sub_put(p, &out, lit_item, pieces))
				goto done;
			pieces++;
		} else {
			if (re_template_expand(&tpl, s.p, sp, &out, &err) < 0) {
				re_raise(&err, v_none());
				goto done;
			}
			pieces++;
		}
		last = sp[1];
		n++;
	}
finish:
	if (n == 0 && (obj_is(string, &str_type) || obj_is(string, &bytes_type))) {
		r = val_incref(string);
	} else {
		if (re_buf_put(&out, s.p + last, s.len - last, &err) < 0) {
			re_raise(&err, v_none());
			goto done;
		}
		r = re_slice(p->is_str, out.p ? out.p : "", 0, out.len);
	}
	if (subn && !IS_NULL(r)) {
		Tuple *t = tuple_new(2);
		if (!t) {
			VAL_CLEAR(r);
			goto done;
		}
		t->items[0] = r;
		t->items[1] = v_int((int64_t)n);
		r = v_obj(&t->ob);
	}
done:
	if (own_tpl)
		re_template_free(&tpl);
	re_buf_free(&out);
	if (sp)
		spans_free(p, sp);
	re_subject_release(&s);
	return r;
}

Value re_do_split(RePattern *p, Value string, Value maxsplit)
{
	ssize_t max = 0;
	if (!IS_NULL(maxsplit) && !val_as_ssize(maxsplit, &max))
		return v_null();
	ReSubject s;
	if (!re_subject_get(p, string, &s))
		return v_null();
	List *l = list_new(0);
	size_t *sp = spans_alloc(p);
	struct core_error err;
	core_error_clear(&err);
	size_t n = 0, last = 0;
	if (!l || !sp)
		goto fail;
	if (max >= 0) {
		struct re_iter it;
		re_iter_init_utf(&it, p->code, s.mp, s.len, 0, re_subject_validity(&s));
		int rc;
		while ((max == 0 || n < (size_t)max) && (rc = re_iter_next(&it, sp, &err)) != 0) {
			if (rc < 0) {
				re_raise(&err, p->pattern);
				goto fail;
			}
			if (!list_append_steal(l, re_slice_of(p->is_str, s.ascii, s.p, last, sp[0])))
				goto fail;
			for (size_t g = 1; g <= (size_t)p->groups; g++) {
				Value v = sp[2 * g] == RE_UNSET ? v_none()
						: re_slice_of(p->is_str, s.ascii, s.p, sp[2 * g], sp[2 * g + 1]);
				if (IS_NULL(v) || !list_append_steal(l, v))
					goto fail;
			}
			last = sp[1];
			n++;
		}
	}
	if (!list_append_steal(l, re_slice_of(p->is_str, s.ascii, s.p, last, s.len)))
		goto fail;
	spans_free(p, sp);
	re_subject_release(&s);
	return v_obj(&l->ob);
fail:
	if (sp)
		spans_free(p, sp);
	obj_xdecref(l ? &l->ob : NULL);
	re_subject_release(&s);
	return v_null();
}

/* ---- methods ------------------------------------------------------------ */

static const char *const match_names[] = {"string", "pos", "endpos"};

static Value pat_match_common(Value self, const char *fname, const Value *args, size_t nargs,
			      Tuple *kw, enum re_mode mode)
{
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse(fname, args, nargs, kw, match_names, 1, 3, a))
		return v_null();
	return re_do_match((RePattern *)self.u.o, a[0], a[1], a[2], mode);
}

static Value pat_match(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return pat_match_common(self, "match", args, nargs, kw, RE_MODE_MATCH);
}

static Value pat_search(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return pat_match_common(self, "search", args, nargs, kw, RE_MODE_SEARCH);
}

static Value pat_fullmatch(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return pat_match_common(self, "fullmatch", args, nargs, kw, RE_MODE_FULLMATCH);
}

static Value pat_findall(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("findall", args, nargs, kw, match_names, 1, 3, a))
		return v_null();
	return re_do_findall((RePattern *)self.u.o, a[0], a[1], a[2]);
}

static Value pat_finditer(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("finditer", args, nargs, kw, match_names, 1, 3, a))
		return v_null();
	return re_do_finditer((RePattern *)self.u.o, a[0], a[1], a[2]);
}

static Value pat_sub_common(Value self, const char *fname, const Value *args, size_t nargs,
			    Tuple *kw, bool subn)
{
	static const char *const names[] = {"repl", "string", "count"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse(fname, args, nargs, kw, names, 2, 3, a))
		return v_null();
	return re_do_sub((RePattern *)self.u.o, a[0], a[1], a[2], subn);
}

static Value pat_sub(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return pat_sub_common(self, "sub", args, nargs, kw, false);
}

static Value pat_subn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return pat_sub_common(self, "subn", args, nargs, kw, true);
}

static Value pat_split(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"string", "maxsplit"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("split", args, nargs, kw, names, 1, 2, a))
		return v_null();
	return re_do_split((RePattern *)self.u.o, a[0], a[1]);
}

static Value pat_self(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return val_incref(self);
}

static Value pat_class_getitem(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	if (!args_check("__class_getitem__", nargs, kw, 1, 1))
		return v_null();
	return generic_alias_new(self, args[0]);
}

static Value pat_get_pattern(Value self) { return val_incref(((RePattern *)self.u.o)->pattern); }
static Value pat_get_flags(Value self) { return v_int(((RePattern *)self.u.o)->flags); }
static Value pat_get_groups(Value self) { return v_int(((RePattern *)self.u.o)->groups); }

/* ---- Pattern.groupindex: a read-only mappingproxy over a copy ---------- */

static Type re_proxy_type;

typedef struct ReProxy {
	Obj ob;
	Dict *d;
} ReProxy;

static void proxy_dealloc(Obj *o)
{
	obj_decref(&((ReProxy *)o)->d->ob);
	obj_free(o);
}

static Value proxy_dict(Value self) { return v_obj(&((ReProxy *)self.u.o)->d->ob); }

static Value proxy_repr(Value self)
{
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "mappingproxy(");
	if (!sb_add_repr(&b, proxy_dict(self))) {
		sb_free(&b);
		return v_null();
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value proxy_str(Value self) { return obj_str(proxy_dict(self)); }
static Value proxy_getitem(Value self, Value k) { return obj_getitem(proxy_dict(self), k); }
static ssize_t proxy_len(Value self) { return obj_len(proxy_dict(self)); }
static Value proxy_iter(Value self) { return obj_iter(proxy_dict(self)); }
static int proxy_contains(Value self, Value k) { return obj_contains(proxy_dict(self), k); }

static Value proxy_richcmp(Value a, Value b, int op)
{
	if (obj_is(b, &re_proxy_type))
		b = proxy_dict(b);
	return obj_richcmp(proxy_dict(a), b, op);
}

#define PROXY_FORWARD(fn, name)                                                          \
	static Value fn(Value self, const Value *args, size_t nargs, Tuple *kw)           \
	{                                                                                 \
		if (!no_kwargs(name, kw))                                                 \
			return v_null();                                                  \
		static Str *id;                                                           \
		if (!id && !(id = str_intern(name)))                                      \
			return v_null();                                                  \
		return call_method(proxy_dict(self), id, args, nargs);                    \
	}
PROXY_FORWARD(proxy_keys, "keys")
PROXY_FORWARD(proxy_values, "values")
PROXY_FORWARD(proxy_items, "items")
PROXY_FORWARD(proxy_get, "get")
PROXY_FORWARD(proxy_copy, "copy")

static Value pat_get_groupindex(Value self)
{
	RePattern *p = (RePattern *)self.u.o;
	Dict *d = dict_copy(p->groupindex);
	if (!d || p->groupindex->used == 0)	/* CPython: a plain dict when empty */
		return d ? v_obj(&d->ob) : v_null();
	ReProxy *x = (ReProxy *)obj_alloc(&re_proxy_type, sizeof(ReProxy));
	if (!x) {
		obj_decref(&d->ob);
		return v_null();
	}
	x->d = d;
	return v_obj(&x->ob);
}

bool re_add_repr_cut(StrBuf *b, Value v, size_t max);

static Value pattern_repr(Value self)
{
	static const struct {
		const char *name;
		int value;
	} flag_names[] = {
		{"re.TEMPLATE", RE_TEMPLATE}, {"re.IGNORECASE", RE_IGNORECASE},
		{"re.LOCALE", RE_LOCALE}, {"re.MULTILINE", RE_MULTILINE},
		{"re.DOTALL", RE_DOTALL}, {"re.UNICODE", RE_UNICODE},
		{"re.VERBOSE", RE_VERBOSE}, {"re.DEBUG", RE_DEBUG}, {"re.ASCII", RE_ASCII},
	};
	RePattern *p = (RePattern *)self.u.o;
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "re.compile(");
	if (!re_add_repr_cut(&b, p->pattern, 200)) {
		sb_free(&b);
		return v_null();
	}
	int flags = p->flags;
	if (p->is_str && (flags & (RE_LOCALE | RE_UNICODE | RE_ASCII)) == RE_UNICODE)
		flags &= ~RE_UNICODE;
	if (flags) {
		sb_adds(&b, ", ");
		bool first = true;
		for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++) {
			if (flags & flag_names[i].value) {
				if (!first)
					sb_addc(&b, '|');
				sb_adds(&b, flag_names[i].name);
				flags &= ~flag_names[i].value;
				first = false;
			}
		}
		if (flags)
			sb_printf(&b, "%s0x%x", first ? "" : "|", (unsigned)flags);
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value pattern_richcmp(Value a, Value b, int op)
{
	if ((op != CMP_EQ && op != CMP_NE) || !obj_is(b, &re_pattern_type))
		return v_notimpl();
	RePattern *x = (RePattern *)a.u.o, *y = (RePattern *)b.u.o;
	int eq = 1;
	if (x != y) {
		eq = x->flags == y->flags && x->is_str == y->is_str;
		if (eq) {
			eq = obj_eq(x->pattern, y->pattern);
			if (eq < 0)
				return v_null();
		}
	}
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static bool pattern_hash(Value v, int64_t *out)
{
	RePattern *p = (RePattern *)v.u.o;
	if (!p->hashed) {
		int64_t h;
		if (!obj_hash(p->pattern, &h))
			return false;
		h ^= (int64_t)p->flags * 1000003;
		if (h == -1)
			h = -2;
		p->hash = h;
		p->hashed = true;
	}
	*out = p->hash;
	return true;
}

void re_pattern_type_init(void)
{
	Type *t = &re_pattern_type;
	type_init_builtin(t, "re.Pattern", &object_type);
	t->dealloc = pattern_dealloc;
	t->repr = pattern_repr;
	t->richcmp = pattern_richcmp;
	t->hash = pattern_hash;
	type_add_method(t, "match", pat_match, 0);
	type_add_method(t, "search", pat_search, 0);
	type_add_method(t, "fullmatch", pat_fullmatch, 0);
	type_add_method(t, "findall", pat_findall, 0);
	type_add_method(t, "finditer", pat_finditer, 0);
	type_add_method(t, "sub", pat_sub, 0);
	type_add_method(t, "subn", pat_subn, 0);
	type_add_method(t, "split", pat_split, 0);
	type_add_method(t, "__copy__", pat_self, 0);
	type_add_method(t, "__deepcopy__", pat_self, 0);
	type_add_method(t, "__class_getitem__", pat_class_getitem, BF_CLASSMETHOD);
	type_add_getset(t, "pattern", pat_get_pattern);
	type_add_getset(t, "flags", pat_get_flags);
	type_add_getset(t, "groups", pat_get_groups);
	type_add_getset(t, "groupindex", pat_get_groupindex);
	void type_ready(Type *t);
	type_ready(t);

	t = &re_proxy_type;
	type_init_builtin(t, "mappingproxy", &object_type);
	t->dealloc = proxy_dealloc;
	t->repr = proxy_repr;
	t->str = proxy_str;
	t->getitem = proxy_getitem;
	t->len = proxy_len;
	t->iter = proxy_iter;
	t->contains = proxy_contains;
	t->richcmp = proxy_richcmp;
	type_add_method(t, "keys", proxy_keys, 0);
	type_add_method(t, "values", proxy_values, 0);
	type_add_method(t, "items", proxy_items, 0);
	type_add_method(t, "get", proxy_get, 0);
	type_add_method(t, "copy", proxy_copy, 0);
	type_ready(t);
}
