/* schema.c -- reader for Cedar's human-readable schema syntax (enough to
 * type entity attributes, tags and action contexts) and name resolution. */
#include "broker/policy/schema.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "broker/policy/lexer.h"
#include "broker/policy/unescape.h"

struct sparser {
	struct lexer lx;
	struct token tok;
	struct arena *a;
	struct schema *s;
	struct str ns;
	size_t cap_e, cap_a, cap_t;
	char *err;
	size_t errlen;
	jmp_buf fail;
	int depth;
};

static void serr(struct sparser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void serr(struct sparser *p, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "schema:%d:%d: %s", p->tok.line, p->tok.col, msg);
	longjmp(p->fail, 1);
}

static void snext(struct sparser *p)
{
	p->tok = lexer_next(&p->lx);
	if (p->tok.kind == T_ERROR)
		serr(p, "%s", p->lx.err);
}

static int sis(const struct sparser *p, const char *w)
{
	return p->tok.kind == T_IDENT && p->tok.n == strlen(w) && memcmp(p->tok.p, w, p->tok.n) == 0;
}

static void sexpect(struct sparser *p, enum tok k)
{
	if (p->tok.kind != k)
		serr(p, "expected %s", tok_name(k));
	snext(p);
}

static struct str sstring(struct sparser *p)
{
	char msg[128];
	size_t n;
	char *s = unescape_string(p->a, p->tok.p, p->tok.n, &n, msg, sizeof msg);
	if (s == NULL)
		serr(p, "%s", msg);
	snext(p);
	struct str r = { s, n };
	return r;
}

static struct str join(struct arena *a, struct str x, struct str y)
{
	if (x.n == 0)
		return y;
	char *b = arena_alloc(a, x.n + 2 + y.n + 1);
	memcpy(b, x.p, x.n);
	memcpy(b + x.n, "::", 2);
	memcpy(b + x.n + 2, y.p, y.n);
	struct str r = { b, x.n + 2 + y.n };
	return r;
}

/* IDENT {:: IDENT}; stops before `::` STRING (leaves it for the caller) */
static struct str spath(struct sparser *p, int *then_string)
{
	if (p->tok.kind != T_IDENT)
		serr(p, "expected a name");
	struct str r = { p->tok.p, p->tok.n };
	r.p = arena_strdup(p->a, r.p, r.n);
	snext(p);
	*then_string = 0;
	while (p->tok.kind == T_COLONCOLON) {
		snext(p);
		if (p->tok.kind == T_STRING) {
			*then_string = 1;
			return r;
		}
		if (p->tok.kind != T_IDENT)
			serr(p, "expected a name after `::`");
		struct str seg = { p->tok.p, p->tok.n };
		r = join(p->a, r, seg);
		snext(p);
	}
	return r;
}

static void sannotations(struct sparser *p)
{
	while (p->tok.kind == T_AT) {
		snext(p);
		if (p->tok.kind != T_IDENT)
			serr(p, "expected an annotation name");
		snext(p);
		if (p->tok.kind == T_LPAREN) {
			snext(p);
			if (p->tok.kind != T_STRING)
				serr(p, "expected an annotation string");
			snext(p);
			sexpect(p, T_RPAREN);
		}
	}
}

static const struct stype *stype_parse(struct sparser *p);

static const struct stype *srecord(struct sparser *p)
{
	struct stype *t = arena_alloc(p->a, sizeof *t);
	t->k = ST_RECORD;
	size_t cap = 0;
	sexpect(p, T_LBRACE);
	while (p->tok.kind != T_RBRACE) {
		sannotations(p);
		struct sfield f = { { NULL, 0 }, 0, NULL };
		if (p->tok.kind == T_IDENT) {
			f.name.p = arena_strdup(p->a, p->tok.p, p->tok.n);
			f.name.n = p->tok.n;
			snext(p);
		} else if (p->tok.kind == T_STRING) {
			f.name = sstring(p);
		} else {
			serr(p, "expected an attribute name");
		}
		if (p->tok.kind == T_QUESTION) {
			f.optional = 1;
			snext(p);
		}
		sexpect(p, T_COLON);
		f.type = stype_parse(p);
		if (t->nfields == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct sfield *nf = arena_array(p->a, ncap, sizeof *nf);
			if (t->nfields)
				memcpy(nf, t->fields, t->nfields * sizeof *nf);
			t->fields = nf;
			cap = ncap;
		}
		t->fields[t->nfields++] = f;
		if (p->tok.kind != T_COMMA)
			break;
		snext(p);
	}
	sexpect(p, T_RBRACE);
	return t;
}

static const struct stype *stype_parse(struct sparser *p)
{
	if (++p->depth > 100)
		serr(p, "type nested too deeply");
	const struct stype *r;
	if (p->tok.kind == T_LBRACE) {
		r = srecord(p);
	} else if (sis(p, "Set")) {
		snext(p);
		sexpect(p, T_LT);
		struct stype *t = arena_alloc(p->a, sizeof *t);
		t->k = ST_SET;
		t->elem = stype_parse(p);
		sexpect(p, T_GT);
		r = t;
	} else {
		int then_string;
		struct stype *t = arena_alloc(p->a, sizeof *t);
		t->k = ST_NAME;
		t->name = spath(p, &then_string);
		if (then_string)
			serr(p, "expected a type, not an entity uid");
		t->ns = p->ns;
		r = t;
	}
	p->depth--;
	return r;
}

static void skip_type_list(struct sparser *p)
{
	int ts;
	if (p->tok.kind == T_LBRACKET) {
		snext(p);
		while (p->tok.kind != T_RBRACKET) {
			spath(p, &ts);
			if (p->tok.kind != T_COMMA)
				break;
			snext(p);
		}
		sexpect(p, T_RBRACKET);
	} else {
		spath(p, &ts);
	}
}

static void sentity_decl(struct sparser *p)
{
	snext(p);       /* entity */
	struct str names[64];
	size_t nn = 0;
	for (;;) {
		if (p->tok.kind != T_IDENT)
			serr(p, "expected an entity type name");
		if (nn == 64)
			serr(p, "too many names in one entity declaration");
		struct str nm = { arena_strdup(p->a, p->tok.p, p->tok.n), p->tok.n };
		names[nn++] = join(p->a, p->ns, nm);
		snext(p);
		if (p->tok.kind != T_COMMA)
			break;
		snext(p);
	}
	struct sentity proto;
	memset(&proto, 0, sizeof proto);
	if (sis(p, "enum")) {
		snext(p);
		sexpect(p, T_LBRACKET);
		size_t cap = 8;
		proto.enum_ids = arena_array(p->a, cap, sizeof *proto.enum_ids);
		while (p->tok.kind == T_STRING) {
			if (proto.nenum == cap) {
				struct str *ne = arena_array(p->a, cap * 2, sizeof *ne);
				memcpy(ne, proto.enum_ids, cap * sizeof *ne);
				proto.enum_ids = ne;
				cap *= 2;
			}
			proto.enum_ids[proto.nenum++] = sstring(p);
			if (p->tok.kind != T_COMMA)
				break;
			snext(p);
		}
		sexpect(p, T_RBRACKET);
	} else {
		if (sis(p, "in")) {
			snext(p);
			skip_type_list(p);
		}
		if (p->tok.kind == T_ASSIGN)
			snext(p);
		if (p->tok.kind == T_LBRACE)
			proto.attrs = srecord(p);
		if (sis(p, "tags")) {
			snext(p);
			proto.tags = stype_parse(p);
		}
	}
	sexpect(p, T_SEMI);
	for (size_t i = 0; i < nn; i++) {
		if (p->s->nentities == p->cap_e) {
			size_t ncap = p->cap_e ? p->cap_e * 2 : 8;
			struct sentity *ne = arena_array(p->a, ncap, sizeof *ne);
			if (p->s->nentities)
				memcpy(ne, p->s->entities, p->s->nentities * sizeof *ne);
			p->s->entities = ne;
			p->cap_e = ncap;
		}
		proto.name = names[i];
		p->s->entities[p->s->nentities++] = proto;
	}
}

static struct str sname(struct sparser *p)
{
	if (p->tok.kind == T_STRING)
		return sstring(p);
	if (p->tok.kind != T_IDENT)
		serr(p, "expected an action name");
	struct str r = { arena_strdup(p->a, p->tok.p, p->tok.n), p->tok.n };
	snext(p);
	return r;
}

static void sref(struct sparser *p)
{
	if (p->tok.kind == T_STRING) {
		sstring(p);
		return;
	}
	int ts;
	spath(p, &ts);
	if (ts)
		sstring(p);
}

static void saction_decl(struct sparser *p)
{
	snext(p);       /* action */
	struct str names[256];
	size_t nn = 0;
	for (;;) {
		if (nn == 256)
			serr(p, "too many names in one action declaration");
		names[nn++] = sname(p);
		if (p->tok.kind != T_COMMA)
			break;
		snext(p);
	}
	if (sis(p, "in")) {
		snext(p);
		if (p->tok.kind == T_LBRACKET) {
			snext(p);
			while (p->tok.kind != T_RBRACKET) {
				sref(p);
				if (p->tok.kind != T_COMMA)
					break;
				snext(p);
			}
			sexpect(p, T_RBRACKET);
		} else {
			sref(p);
		}
	}
	const struct stype *ctx = NULL;
	if (sis(p, "appliesTo")) {
		snext(p);
		sexpect(p, T_LBRACE);
		while (p->tok.kind != T_RBRACE) {
			if (sis(p, "principal") || sis(p, "resource")) {
				snext(p);
				sexpect(p, T_COLON);
				skip_type_list(p);
			} else if (sis(p, "context")) {
				snext(p);
				sexpect(p, T_COLON);
				ctx = stype_parse(p);
			} else {
				serr(p, "expected principal, resource or context in appliesTo");
			}
			if (p->tok.kind != T_COMMA)
				break;
			snext(p);
		}
		sexpect(p, T_RBRACE);
	}
	sexpect(p, T_SEMI);
	struct str action_type = join(p->a, p->ns, str_c("Action"));
	for (size_t i = 0; i < nn; i++) {
		if (p->s->nactions == p->cap_a) {
			size_t ncap = p->cap_a ? p->cap_a * 2 : 8;
			struct saction *na = arena_array(p->a, ncap, sizeof *na);
			if (p->s->nactions)
				memcpy(na, p->s->actions, p->s->nactions * sizeof *na);
			p->s->actions = na;
			p->cap_a = ncap;
		}
		struct saction *ac = &p->s->actions[p->s->nactions++];
		ac->type = action_type;
		ac->id = names[i];
		ac->context = ctx;
	}
}

static void stype_decl(struct sparser *p)
{
	snext(p);       /* type */
	if (p->tok.kind != T_IDENT)
		serr(p, "expected a type name");
	struct str nm = { arena_strdup(p->a, p->tok.p, p->tok.n), p->tok.n };
	snext(p);
	sexpect(p, T_ASSIGN);
	const struct stype *t = stype_parse(p);
	sexpect(p, T_SEMI);
	if (p->s->ntypes == p->cap_t) {
		size_t ncap = p->cap_t ? p->cap_t * 2 : 8;
		struct stypedef *nt = arena_array(p->a, ncap, sizeof *nt);
		if (p->s->ntypes)
			memcpy(nt, p->s->types, p->s->ntypes * sizeof *nt);
		p->s->types = nt;
		p->cap_t = ncap;
	}
	p->s->types[p->s->ntypes].name = join(p->a, p->ns, nm);
	p->s->types[p->s->ntypes++].type = t;
}

static void sdecl(struct sparser *p)
{
	sannotations(p);
	if (sis(p, "entity"))
		sentity_decl(p);
	else if (sis(p, "action"))
		saction_decl(p);
	else if (sis(p, "type"))
		stype_decl(p);
	else
		serr(p, "expected `entity`, `action`, `type` or `namespace`");
}

int schema_parse(struct arena *a, const char *text, size_t len, struct schema *out,
                 char *err, size_t errlen)
{
	struct sparser p;
	memset(&p, 0, sizeof p);
	memset(out, 0, sizeof *out);
	p.a = a;
	p.s = out;
	p.err = err;
	p.errlen = errlen;
	if (setjmp(p.fail))
		return -1;
	lexer_init(&p.lx, text, len);
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		p.lx.pos = 3;
	snext(&p);
	while (p.tok.kind != T_EOF) {
		sannotations(&p);
		if (sis(&p, "namespace")) {
			snext(&p);
			int ts;
			p.ns = spath(&p, &ts);
			sexpect(&p, T_LBRACE);
			while (p.tok.kind != T_RBRACE && p.tok.kind != T_EOF)
				sdecl(&p);
			sexpect(&p, T_RBRACE);
			p.ns.p = NULL;
			p.ns.n = 0;
		} else {
			sdecl(&p);
		}
	}
	return 0;
}

const struct sentity *schema_entity(const struct schema *s, struct str name)
{
	for (size_t i = 0; s && i < s->nentities; i++)
		if (str_eq(s->entities[i].name, name))
			return &s->entities[i];
	return NULL;
}

const struct saction *schema_action(const struct schema *s, struct str type, struct str id)
{
	for (size_t i = 0; s && i < s->nactions; i++)
		if (str_eq(s->actions[i].type, type) && str_eq(s->actions[i].id, id))
			return &s->actions[i];
	return NULL;
}

static const struct stype *find_typedef(const struct schema *s, struct str name)
{
	for (size_t i = 0; s && i < s->ntypes; i++)
		if (str_eq(s->types[i].name, name))
			return s->types[i].type;
	return NULL;
}

static const struct stype builtin_bool = { .k = ST_BOOL };
static const struct stype builtin_long = { .k = ST_LONG };
static const struct stype builtin_string = { .k = ST_STRING };
static const struct stype builtin_ip = { .k = ST_EXT, .ext = V_IPADDR };
static const struct stype builtin_decimal = { .k = ST_EXT, .ext = V_DECIMAL };
static const struct stype builtin_datetime = { .k = ST_EXT, .ext = V_DATETIME };
static const struct stype builtin_duration = { .k = ST_EXT, .ext = V_DURATION };
static const struct stype unknown_type = { .k = ST_UNKNOWN };

static const struct stype *builtin(struct str n)
{
	if (str_eq(n, str_c("Bool")) || str_eq(n, str_c("Boolean"))) return &builtin_bool;
	if (str_eq(n, str_c("Long"))) return &builtin_long;
	if (str_eq(n, str_c("String"))) return &builtin_string;
	if (str_eq(n, str_c("ipaddr"))) return &builtin_ip;
	if (str_eq(n, str_c("decimal"))) return &builtin_decimal;
	if (str_eq(n, str_c("datetime"))) return &builtin_datetime;
	if (str_eq(n, str_c("duration"))) return &builtin_duration;
	return NULL;
}

/* A name that resolves to an entity type is described in *scratch. */
static const struct stype *resolve_depth(const struct schema *s, const struct stype *t,
                                         struct stype *scratch, int depth)
{
	if (t == NULL || t->k != ST_NAME)
		return t;
	if (depth > 32)
		return &unknown_type;
	struct str n = t->name;
	if (n.n > 9 && memcmp(n.p, "__cedar::", 9) == 0) {
		struct str b = { n.p + 9, n.n - 9 };
		const struct stype *r = builtin(b);
		return r ? r : &unknown_type;
	}
	int qualified = memchr(n.p, ':', n.n) != NULL;
	char buf[512];
	struct str in_ns = n;
	if (!qualified && t->ns.n && t->ns.n + 2 + n.n < sizeof buf) {
		memcpy(buf, t->ns.p, t->ns.n);
		memcpy(buf + t->ns.n, "::", 2);
		memcpy(buf + t->ns.n + 2, n.p, n.n);
		in_ns.p = buf;
		in_ns.n = t->ns.n + 2 + n.n;
	}
	const struct stype *r;
	if ((r = find_typedef(s, in_ns)) || (r = find_typedef(s, n)))
		return resolve_depth(s, r, scratch, depth + 1);
	const struct sentity *e;
	if ((e = schema_entity(s, in_ns)) || (e = schema_entity(s, n))) {
		scratch->k = ST_ENTITY;
		scratch->name = e->name;
		return scratch;
	}
	if (!qualified && (r = builtin(n)))
		return r;
	scratch->k = ST_ENTITY;
	scratch->name = n;
	return scratch;
}

const struct stype *schema_resolve(const struct schema *s, const struct stype *t,
                                   struct stype *scratch)
{
	memset(scratch, 0, sizeof *scratch);
	return resolve_depth(s, t, scratch, 0);
}

const struct sfield *stype_field(const struct stype *rec, struct str name)
{
	if (rec == NULL || rec->k != ST_RECORD)
		return NULL;
	for (size_t i = 0; i < rec->nfields; i++)
		if (str_eq(rec->fields[i].name, name))
			return &rec->fields[i];
	return NULL;
}
