/* re_match.c -- re.Match objects (group access, spans, expand, repr) and
 * the iterator finditer() returns (see re_mod.h). */
#include "config.h"

#include <string.h>

#include "worker/modules/re/re_mod.h"

Type re_match_type, re_scan_iter_type;

size_t re_cursor_index(const ReSubject *s, ReCursor *c, size_t byte)
{
	if (s->ascii)
		return byte;
	if (byte >= c->byte)
		c->index += re_utf8_count(s->p, c->byte, byte);
	else
		c->index -= re_utf8_count(s->p, byte, c->byte);
	c->byte = byte;
	return c->index;
}

Value re_slice(bool is_str, const char *subj, size_t a, size_t b)
{
	return re_slice_of(is_str, false, subj, a, b);
}

Value re_slice_of(bool is_str, bool ascii, const char *subj, size_t a, size_t b)
{
	if (is_str)
		return str_value(ascii ? str_new_ascii(subj + a, b - a) : str_new(subj + a, b - a));
	Bytes *r = bytes_new(subj + a, b - a);
	return r ? v_obj(&r->ob) : v_null();
}

Value re_match_new(RePattern *p, Value string, const ReSubject *s, const size_t *spans,
		   ssize_t pos, ssize_t endpos, ReCursor *cur)
{
	size_t n = (size_t)p->groups + 1;
	ReMatch *m = (ReMatch *)obj_alloc(&re_match_type, sizeof(ReMatch) + 4 * n * sizeof(size_t));
	if (!m)
		return v_null();
	obj_incref(&p->ob);
	m->pat = p;
	m->string = val_incref(string);
	m->owner = val_incref(s->owner);
	m->subj = s->p;
	m->pos = pos;
	m->endpos = endpos;
	m->n = n;
	memcpy(m->sp, spans, 2 * n * sizeof(size_t));
	size_t *ix = m->sp + 2 * n;
	if (s->ascii) {
		memcpy(ix, spans, 2 * n * sizeof(size_t));
	} else {
		/* group 0 first: the cursor moves forward through the subject */
		ix[0] = re_cursor_index(s, cur, spans[0]);
		ix[1] = re_cursor_index(s, cur, spans[1]);
		ReCursor c = {spans[0], ix[0]};
		for (size_t g = 1; g < n; g++) {
			if (spans[2 * g] == RE_UNSET) {
				ix[2 * g] = ix[2 * g + 1] = RE_UNSET;
				continue;
			}
			ix[2 * g] = re_cursor_index(s, &c, spans[2 * g]);
			ix[2 * g + 1] = re_cursor_index(s, &c, spans[2 * g + 1]);
		}
	}
	m->lastindex = p->groups ? -1 : 0;	/* computed when first asked for */
	return v_obj(&m->ob);
}

static void match_dealloc(Obj *o)
{
	ReMatch *m = (ReMatch *)o;
	obj_decref(&m->pat->ob);
	val_decref(m->string);
	val_decref(m->owner);
	obj_free(o);
}

/* The group number for an index argument, or -1 with IndexError set. */
static ssize_t group_index(ReMatch *m, Value g)
{
	ssize_t i = -1;
	if (g.tag == V_INT || g.tag == V_BOOL) {
		i = (ssize_t)g.u.i;
	} else if (IS_STR(g)) {
		Value v = dict_get(m->pat->groupindex, g);
		if (!IS_NULL(v) && v.tag == V_INT)
			i = (ssize_t)v.u.i;
		else if (err_occurred())
			return -1;
	} else if (is_intlike(g) || val_type(g)->index) {
		if (!val_as_ssize(g, &i)) {
			err_clear();
			i = -1;
		}
	}
	if (i < 0 || (size_t)i >= m->n) {
		err_format(Exc_IndexError, "no such group");
		return -1;
	}
	return i;
}

static Value group_value(ReMatch *m, size_t g, Value dflt)
{
	if (m->sp[2 * g] == RE_UNSET)
		return val_incref(dflt);
	bool ascii = m->pat->is_str && IS_STR(m->owner) && AS_STR(m->owner)->ascii;
	return re_slice_of(m->pat->is_str, ascii, m->subj, m->sp[2 * g], m->sp[2 * g + 1]);
}

static Value match_group(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ReMatch *m = (ReMatch *)self.u.o;
	if (kw && kw->n && !no_kwargs("group", kw))	/* no_kwargs formats a name: skip it */
		return v_null();
	if (nargs == 0)
		return group_value(m, 0, v_none());
	if (nargs == 1) {
		ssize_t g = group_index(m, args[0]);
		return g < 0 ? v_null() : group_value(m, (size_t)g, v_none());
	}
	Tuple *t = tuple_new(nargs);
	if (!t)
		return v_null();
	for (size_t i = 0; i < nargs; i++) {
		ssize_t g = group_index(m, args[i]);
		Value v = g < 0 ? v_null() : group_value(m, (size_t)g, v_none());
		if (IS_NULL(v)) {
			for (size_t j = i; j < nargs; j++)
				t->items[j] = v_none();
			obj_decref(&t->ob);
			return v_null();
		}
		t->items[i] = v;
	}
	return v_obj(&t->ob);
}

static Value match_getitem(Value self, Value key)
{
	ReMatch *m = (ReMatch *)self.u.o;
	ssize_t g = group_index(m, key);
	return g < 0 ? v_null() : group_value(m, (size_t)g, v_none());
}

static Value match_groups(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"default"};
	Value a[1] = {v_null()};
	if (!args_parse("groups", args, nargs, kw, names, 0, 1, a))
		return v_null();
	Value dflt = IS_NULL(a[0]) ? v_none() : a[0];
	ReMatch *m = (ReMatch *)self.u.o;
	Tuple *t = tuple_new(m->n - 1);
	if (!t)
		return v_null();
	for (size_t g = 1; g < m->n; g++) {
		Value v = group_value(m, g, dflt);
		if (IS_NULL(v)) {
			for (size_t j = g; j < m->n; j++)
				t->items[j - 1] = v_none();
			obj_decref(&t->ob);
			return v_null();
		}
		t->items[g - 1] = v;
	}
	return v_obj(&t->ob);
}

static Value match_groupdict(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"default"};
	Value a[1] = {v_null()};
	if (!args_parse("groupdict", args, nargs, kw, names, 0, 1, a))
		return v_null();
	Value dflt = IS_NULL(a[0]) ? v_none() : a[0];
	ReMatch *m = (ReMatch *)self.u.o;
	Dict *d = dict_new();
	if (!d)
		return v_null();
	size_t it = 0;
	Value k, v;
	while (dict_next(m->pat->groupindex, &it, &k, &v)) {
		Value x = group_value(m, (size_t)v.u.i, dflt);
		if (IS_NULL(x) || dict_set(d, k, x) < 0) {
			val_decref(x);
			obj_decref(&d->ob);
			return v_null();
		}
		val_decref(x);
	}
	return v_obj(&d->ob);
}

/* start/end/span: index positions, -1 for a group that did not match */
static bool span_of(Value self, const char *fname, const Value *args, size_t nargs, Tuple *kw,
		    ssize_t *a, ssize_t *b)
{
	ReMatch *m = (ReMatch *)self.u.o;
	if (((kw && kw->n) || nargs > 1) && !args_check(fname, nargs, kw, 0, 1))
		return false;
	ssize_t g = nargs ? group_index(m, args[0]) : 0;
	if (g < 0)
		return false;
	const size_t *ix = m->sp + 2 * m->n;
	if (ix[2 * g] == RE_UNSET) {
		*a = *b = -1;
	} else {
		*a = (ssize_t)ix[2 * g];
		*b = (ssize_t)ix[2 * g + 1];
	}
	return true;
}

static Value match_start(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ssize_t a, b;
	return span_of(self, "start", args, nargs, kw, &a, &b) ? v_int(a) : v_null();
}

static Value match_end(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ssize_t a, b;
	return span_of(self, "end", args, nargs, kw, &a, &b) ? v_int(b) : v_null();
}

static Value pair(ssize_t a, ssize_t b)
{
	Tuple *t = tuple_new(2);
	if (!t)
		return v_null();
	t->items[0] = v_int(a);
	t->items[1] = v_int(b);
	return v_obj(&t->ob);
}

static Value match_span(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	ssize_t a, b;
	return span_of(self, "span", args, nargs, kw, &a, &b) ? pair(a, b) : v_null();
}

static Value match_get_regs(Value self)
{
	ReMatch *m = (ReMatch *)self.u.o;
	Tuple *t = tuple_new(m->n);
	if (!t)
		return v_null();
	const size_t *ix = m->sp + 2 * m->n;
	for (size_t g = 0; g < m->n; g++) {
		bool set = ix[2 * g] != RE_UNSET;
		t->items[g] = pair(set ? (ssize_t)ix[2 * g] : -1, set ? (ssize_t)ix[2 * g + 1] : -1);
		if (IS_NULL(t->items[g])) {
			for (size_t j = g; j < m->n; j++)
				t->items[j] = v_none();
			obj_decref(&t->ob);
			return v_null();
		}
	}
	return v_obj(&t->ob);
}

bool re_template_for(RePattern *p, Value repl, struct re_template *out)
{
	struct core_error err;
	core_error_clear(&err);
	const char *s;
	size_t n;
	if (IS_STR(repl)) {
		s = AS_STR(repl)->data;
		n = AS_STR(repl)->nbytes;
	} else if (IS_BYTES(repl)) {
		s = (const char *)((Bytes *)repl.u.o)->data;
		n = ((Bytes *)repl.u.o)->n;
	} else if (val_isinstance(repl, &bytearray_type)) {
		s = (const char *)((ByteArray *)repl.u.o)->data;
		n = ((ByteArray *)repl.u.o)->n;
	} else {
		err_format(Exc_TypeError, "expected str or bytes-like object, got '%s'", type_name_of(repl));
		return false;
	}
	if (IS_STR(repl) != p->is_str) {
		if (p->is_str)
			err_format(Exc_TypeError, "expected str instance, %s found", type_name_of(repl));
		else
			err_format(Exc_TypeError, "expected a bytes-like object, %s found", type_name_of(repl));
		return false;
	}
	if (re_template_parse(p->code, s, n, out, &err) < 0) {
		re_raise(&err, repl);
		return false;
	}
	return true;
}

Value re_expand(RePattern *p, const struct re_template *tpl, const char *subj, const size_t *spans)
{
	struct core_error err;
	core_error_clear(&err);
	struct re_buf b = {0};
	if (re_template_expand(tpl, subj, spans, &b, &err) < 0) {
		re_buf_free(&b);
		return re_raise(&err, v_none());
	}
	Value r = re_slice(p->is_str, b.p ? b.p : "", 0, b.len);
	re_buf_free(&b);
	return r;
}

static Value match_expand(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"template"};
	Value a[1] = {v_null()};
	if (!args_parse("expand", args, nargs, kw, names, 1, 1, a))
		return v_null();
	ReMatch *m = (ReMatch *)self.u.o;
	struct re_template tpl;
	if (!re_template_for(m->pat, a[0], &tpl))
		return v_null();
	Value r = re_expand(m->pat, &tpl, m->subj, m->sp);
	re_template_free(&tpl);
	return r;
}

static Value match_get_pos(Value self) { return v_int(((ReMatch *)self.u.o)->pos); }
static Value match_get_endpos(Value self) { return v_int(((ReMatch *)self.u.o)->endpos); }
static Value match_get_re(Value self) { return val_incref(v_obj(&((ReMatch *)self.u.o)->pat->ob)); }
static Value match_get_string(Value self) { return val_incref(((ReMatch *)self.u.o)->string); }

static int lastindex_of(ReMatch *m)
{
	if (m->lastindex < 0)
		m->lastindex = re_lastindex(m->pat->code, m->sp);
	return m->lastindex;
}

static Value match_get_lastindex(Value self)
{
	ReMatch *m = (ReMatch *)self.u.o;
	lastindex_of(m);
	return m->lastindex > 0 ? v_int(m->lastindex) : v_none();
}

static Value match_get_lastgroup(Value self)
{
	ReMatch *m = (ReMatch *)self.u.o;
	if (lastindex_of(m) <= 0 || IS_NULL(m->pat->names[m->lastindex]))
		return v_none();
	return val_incref(m->pat->names[m->lastindex]);
}

static Value match_self(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return val_incref(self);
}

static Value match_class_getitem(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	if (!args_check("__class_getitem__", nargs, kw, 1, 1))
		return v_null();
	return generic_alias_new(self, args[0]);
}

/* repr(v) cut to its first max code points, as CPython's %.<max>R */
bool re_add_repr_cut(StrBuf *b, Value v, size_t max);
bool re_add_repr_cut(StrBuf *b, Value v, size_t max)
{
	Value r = obj_repr(v);
	if (IS_NULL(r))
		return false;
	Str *s = AS_STR(r);
	size_t nb = s->len > max ? str_byte_offset(s, max) : s->nbytes;
	sb_add(b, s->data, nb);
	val_decref(r);
	return true;
}

static Value match_repr(Value self)
{
	ReMatch *m = (ReMatch *)self.u.o;
	const size_t *ix = m->sp + 2 * m->n;
	Value g0 = group_value(m, 0, v_none());
	if (IS_NULL(g0))
		return g0;
	StrBuf b;
	sb_init(&b);
	sb_printf(&b, "<re.Match object; span=(%zu, %zu), match=", ix[0], ix[1]);
	bool ok = re_add_repr_cut(&b, g0, 50);
	val_decref(g0);
	if (!ok) {
		sb_free(&b);
		return v_null();
	}
	sb_addc(&b, '>');
	return str_value(sb_finish(&b));
}

/* ---- finditer ---------------------------------------------------------- */

typedef struct ReScanIter {
	Obj ob;
	RePattern *pat;
	Value string;
	ReSubject s;
	struct re_iter it;
	ReCursor cur;
	ssize_t pos, endpos;
	size_t *spans;
} ReScanIter;

Value re_scan_iter_new(RePattern *p, Value string, const ReSubject *s, size_t bstart,
		       size_t bend, ssize_t pos, ssize_t endpos)
{
	size_t *spans = mem_alloc(2 * ((size_t)p->groups + 1) * sizeof(size_t));
	if (!spans)
		return v_null();
	ReScanIter *it = (ReScanIter *)obj_alloc(&re_scan_iter_type, sizeof(ReScanIter));
	if (!it) {
		mem_free(spans, 2 * ((size_t)p->groups + 1) * sizeof(size_t));
		return v_null();
	}
	obj_incref(&p->ob);
	it->pat = p;
	it->string = val_incref(string);
	it->s = *s;
	it->s.owner = val_incref(s->owner);
	it->s.mapped = val_incref(s->mapped);
	re_iter_init_utf(&it->it, p->code, it->s.mp, bend, bstart, re_subject_validity(&it->s));
	it->cur.byte = bstart;
	it->cur.index = (size_t)pos;
	it->pos = pos;
	it->endpos = endpos;
	it->spans = spans;
	return v_obj(&it->ob);
}

static void scan_iter_dealloc(Obj *o)
{
	ReScanIter *it = (ReScanIter *)o;
	mem_free(it->spans, 2 * ((size_t)it->pat->groups + 1) * sizeof(size_t));
	obj_decref(&it->pat->ob);
	val_decref(it->string);
	re_subject_release(&it->s);
	obj_free(o);
}

static Value scan_iter_next(Value self)
{
	ReScanIter *it = (ReScanIter *)self.u.o;
	struct core_error err;
	core_error_clear(&err);
	int rc = re_iter_next(&it->it, it->spans, &err);
	if (rc < 0)
		return re_raise(&err, it->pat->pattern);
	if (rc == 0)
		return v_null();
	return re_match_new(it->pat, it->string, &it->s, it->spans, it->pos, it->endpos, &it->cur);
}

static Value scan_iter_iter(Value self)
{
	return val_incref(self);
}

void re_match_type_init(void)
{
	Type *t = &re_match_type;
	type_init_builtin(t, "re.Match", &object_type);
	t->dealloc = match_dealloc;
	t->repr = match_repr;
	t->getitem = match_getitem;
	type_add_method(t, "group", match_group, 0);
	type_add_method(t, "groups", match_groups, 0);
	type_add_method(t, "groupdict", match_groupdict, 0);
	type_add_method(t, "start", match_start, 0);
	type_add_method(t, "end", match_end, 0);
	type_add_method(t, "span", match_span, 0);
	type_add_method(t, "expand", match_expand, 0);
	type_add_method(t, "__copy__", match_self, 0);
	type_add_method(t, "__deepcopy__", match_self, 0);
	type_add_method(t, "__class_getitem__", match_class_getitem, BF_CLASSMETHOD);
	type_add_getset(t, "pos", match_get_pos);
	type_add_getset(t, "endpos", match_get_endpos);
	type_add_getset(t, "lastindex", match_get_lastindex);
	type_add_getset(t, "lastgroup", match_get_lastgroup);
	type_add_getset(t, "re", match_get_re);
	type_add_getset(t, "string", match_get_string);
	type_add_getset(t, "regs", match_get_regs);
	void type_ready(Type *t);
	type_ready(t);

	t = &re_scan_iter_type;
	type_init_builtin(t, "callable_iterator", &object_type);
	t->dealloc = scan_iter_dealloc;
	t->iter = scan_iter_iter;
	t->next = scan_iter_next;
	type_ready(t);
}
