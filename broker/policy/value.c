/* value.c -- construction, equality and rendering of Cedar values. */
#include "broker/policy/value.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct value value_true = { .kind = V_BOOL, .u.b = 1 };
const struct value value_false = { .kind = V_BOOL, .u.b = 0 };

const struct value *value_long(struct arena *a, int64_t l)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->kind = V_LONG;
	v->u.l = l;
	return v;
}

const struct value *value_ext(struct arena *a, enum vkind k, int64_t l)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->kind = k;
	v->u.l = l;
	return v;
}

const struct value *value_ip(struct arena *a, const struct ipaddr *ip)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->kind = V_IPADDR;
	v->u.ip = *ip;
	return v;
}

const struct value *value_string(struct arena *a, const char *p, size_t n)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->kind = V_STRING;
	v->u.s.p = arena_strdup(a, p, n);
	v->u.s.n = n;
	return v;
}

const struct value *value_entity(struct arena *a, struct str type, struct str id)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->kind = V_ENTITY;
	v->u.e.type.p = arena_strdup(a, type.p, type.n);
	v->u.e.type.n = type.n;
	v->u.e.id.p = arena_strdup(a, id.p, id.n);
	v->u.e.id.n = id.n;
	return v;
}

int str_eq(struct str a, struct str b)
{
	return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0);
}

int str_cmp(struct str a, struct str b)
{
	size_t n = a.n < b.n ? a.n : b.n;
	int c = n ? memcmp(a.p, b.p, n) : 0;
	if (c)
		return c;
	return a.n < b.n ? -1 : a.n > b.n;
}

const struct value *value_set(struct arena *a, const struct value **v, size_t n)
{
	size_t out = 0;
	for (size_t i = 0; i < n; i++) {
		int dup = 0;
		for (size_t j = 0; j < out && !dup; j++)
			dup = value_equal(v[j], v[i]);
		if (!dup)
			v[out++] = v[i];
	}
	struct value *s = arena_alloc(a, sizeof *s);
	s->kind = V_SET;
	s->u.set.v = v;
	s->u.set.n = out;
	return s;
}

static int rec_cmp(const void *x, const void *y)
{
	const struct rec_entry *a = x, *b = y;
	return str_cmp(a->key, b->key);
}

const struct value *value_record(struct arena *a, struct rec_entry *e, size_t n)
{
	if (n > 16) {
		qsort(e, n, sizeof *e, rec_cmp);
	} else {
		for (size_t i = 1; i < n; i++) {
			struct rec_entry x = e[i];
			size_t j = i;
			for (; j > 0 && str_cmp(e[j - 1].key, x.key) > 0; j--)
				e[j] = e[j - 1];
			e[j] = x;
		}
	}
	for (size_t i = 1; i < n; i++)
		if (str_eq(e[i - 1].key, e[i].key))
			return NULL;
	struct value *r = arena_alloc(a, sizeof *r);
	r->kind = V_RECORD;
	r->u.rec.e = e;
	r->u.rec.n = n;
	return r;
}

const struct value *record_get(const struct value *rec, struct str key)
{
	size_t lo = 0, hi = rec->u.rec.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = str_cmp(rec->u.rec.e[mid].key, key);
		if (c == 0)
			return rec->u.rec.e[mid].val;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int set_contains(const struct value *set, const struct value *v)
{
	for (size_t i = 0; i < set->u.set.n; i++)
		if (value_equal(set->u.set.v[i], v))
			return 1;
	return 0;
}

static int ip_equal(const struct ipaddr *a, const struct ipaddr *b)
{
	return a->v6 == b->v6 && a->prefix == b->prefix &&
	       memcmp(a->addr, b->addr, a->v6 ? 16 : 4) == 0;
}

int value_equal(const struct value *a, const struct value *b)
{
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case V_BOOL:
		return a->u.b == b->u.b;
	case V_LONG: case V_DECIMAL: case V_DATETIME: case V_DURATION:
		return a->u.l == b->u.l;
	case V_STRING:
		return str_eq(a->u.s, b->u.s);
	case V_ENTITY:
		return str_eq(a->u.e.id, b->u.e.id) && str_eq(a->u.e.type, b->u.e.type);
	case V_IPADDR:
		return ip_equal(&a->u.ip, &b->u.ip);
	case V_SET:
		if (a->u.set.n != b->u.set.n)
			return 0;
		for (size_t i = 0; i < a->u.set.n; i++)
			if (!set_contains(b, a->u.set.v[i]))
				return 0;
		return 1;
	case V_RECORD:
		if (a->u.rec.n != b->u.rec.n)
			return 0;
		for (size_t i = 0; i < a->u.rec.n; i++)
			if (!str_eq(a->u.rec.e[i].key, b->u.rec.e[i].key) ||
			    !value_equal(a->u.rec.e[i].val, b->u.rec.e[i].val))
				return 0;
		return 1;
	}
	return 0;
}

const char *vkind_name(enum vkind k)
{
	switch (k) {
	case V_BOOL: return "bool";
	case V_LONG: return "long";
	case V_STRING: return "string";
	case V_ENTITY: return "entity";
	case V_SET: return "set";
	case V_RECORD: return "record";
	case V_DECIMAL: return "decimal";
	case V_IPADDR: return "ipaddr";
	case V_DATETIME: return "datetime";
	case V_DURATION: return "duration";
	}
	return "?";
}

/* Bounded appender: counts what it would write, writes what fits. */
struct out {
	char *buf;
	size_t cap, len;
};

static void put(struct out *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++, o->len++)
		if (o->len + 1 < o->cap)
			o->buf[o->len] = s[i];
	if (o->cap)
		o->buf[o->len < o->cap ? o->len : o->cap - 1] = 0;
}

static void puts_c(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void put_quoted(struct out *o, struct str s)
{
	put(o, "\"", 1);
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		char tmp[8];
		if (c == '"' || c == '\\') {
			tmp[0] = '\\';
			tmp[1] = (char)c;
			put(o, tmp, 2);
		} else if (c == '\n') {
			put(o, "\\n", 2);
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(tmp, sizeof tmp, "\\u{%x}", c);
			puts_c(o, tmp);
		} else {
			put(o, (const char *)&s.p[i], 1);
		}
	}
	put(o, "\"", 1);
}

static void render(struct out *o, const struct value *v, int depth)
{
	char tmp[64];
	if (depth > 16) {
		puts_c(o, "...");
		return;
	}
	switch (v->kind) {
	case V_BOOL:
		puts_c(o, v->u.b ? "true" : "false");
		break;
	case V_LONG:
		snprintf(tmp, sizeof tmp, "%" PRId64, v->u.l);
		puts_c(o, tmp);
		break;
	case V_STRING:
		put_quoted(o, v->u.s);
		break;
	case V_ENTITY:
		put(o, v->u.e.type.p, v->u.e.type.n);
		puts_c(o, "::");
		put_quoted(o, v->u.e.id);
		break;
	case V_SET:
		puts_c(o, "[");
		for (size_t i = 0; i < v->u.set.n; i++) {
			if (i)
				puts_c(o, ", ");
			render(o, v->u.set.v[i], depth + 1);
		}
		puts_c(o, "]");
		break;
	case V_RECORD:
		puts_c(o, "{");
		for (size_t i = 0; i < v->u.rec.n; i++) {
			if (i)
				puts_c(o, ", ");
			put_quoted(o, v->u.rec.e[i].key);
			puts_c(o, ": ");
			render(o, v->u.rec.e[i].val, depth + 1);
		}
		puts_c(o, "}");
		break;
	case V_DECIMAL: {
		uint64_t mag = v->u.l < 0 ? -(uint64_t)v->u.l : (uint64_t)v->u.l;
		snprintf(tmp, sizeof tmp, "decimal(\"%s%" PRIu64 ".%04" PRIu64 "\")",
		         v->u.l < 0 ? "-" : "", mag / 10000, mag % 10000);
		puts_c(o, tmp);
		break;
	}
	case V_IPADDR:
		puts_c(o, v->u.ip.v6 ? "ip(<ipv6>)" : "ip(<ipv4>)");
		break;
	case V_DATETIME:
		snprintf(tmp, sizeof tmp, "datetime(%" PRId64 "ms)", v->u.l);
		puts_c(o, tmp);
		break;
	case V_DURATION:
		snprintf(tmp, sizeof tmp, "duration(\"%" PRId64 "ms\")", v->u.l);
		puts_c(o, tmp);
		break;
	}
}

size_t value_render(const struct value *v, char *buf, size_t cap)
{
	struct out o = { buf, cap, 0 };
	if (cap)
		buf[0] = 0;
	render(&o, v, 0);
	return o.len;
}

size_t entity_render(struct str type, struct str id, char *buf, size_t cap)
{
	struct out o = { buf, cap, 0 };
	if (cap)
		buf[0] = 0;
	put(&o, type.p, type.n);
	puts_c(&o, "::");
	put_quoted(&o, id);
	return o.len;
}
