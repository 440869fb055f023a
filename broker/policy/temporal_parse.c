/* temporal_parse.c -- the parser of Dogwood's temporal sublanguage
 * (dogwood.md 4.3), for the text inside one `temporal { ... }` block:
 *
 *   condition  ::= conj_since { '&&' conj_since }
 *   conj_since ::= { '!' } conjunct [ 'since' within atom ]
 *   conjunct   ::= comparison | '(' condition ')' | 'formerly' within atom
 *                | 'previous' within atom | 'exists' binder '.' condition
 *                | 'tp' '(' ident ')' | predicate
 *   atom       ::= '(' condition ')' | 'tp' '(' ident ')' | predicate | comparison
 *   predicate  ::= Path '::' STRING '::' kind '{' [fields] '}' { '{' [fields] '}' }
 *   within     ::= 'within' INTEGER ('s'|'m'|'h'|'d')
 *   term       ::= entity | decimal("..") | INTEGER | STRING | true | false
 *                | '[' terms ']' | context.path | principal[.a] | resource[.a]
 *                | '_' | '*' | variable | count.. | sum.. | '(' count.. ')'
 *
 * Variables are declared by `exists (x: T).` and `count/sum for (x: T).`
 * binders and visible in the body; a name used without one is refused (a
 * leaf must be closed: `_` or `*` says "any").  Windows need a unit and
 * are at most TEMPORAL_MAX_WINDOW_S. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/lexer.h"
#include "broker/policy/temporal.h"
#include "broker/policy/unescape.h"

enum { MAX_NEST = 64, MAX_VARS = TEMPORAL_MAX_VARS };

struct tparser {
	struct lexer lx;
	struct token tok, peek;
	int have_peek;
	struct arena *a;
	struct temporal_set *set;
	struct temporal_leaf *leaf;
	int line0, col0;                /* where the block starts in the file */
	char *err;
	size_t errlen;
	jmp_buf fail;
	int depth;
	int scope[MAX_VARS];            /* variables visible here, innermost last */
	int nscope;
};

static void terr(struct tparser *p, const struct token *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

static void terr(struct tparser *p, const struct token *at, const char *fmt, ...)
{
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* the block's own line 1 starts at col0 of line0 in the file */
	int line = p->line0 + at->line - 1;
	int col = at->line == 1 ? p->col0 + at->col - 1 : at->col;
	snprintf(p->err, p->errlen, "%d:%d: %s", line, col, msg);
	longjmp(p->fail, 1);
}

static const char *desc(const struct token *t, char *buf, size_t cap)
{
	if (t->kind == T_EOF)
		return "end of the temporal block";
	snprintf(buf, cap, "`%.*s`", (int)(t->n > 40 ? 40 : t->n), t->p);
	return buf;
}

static void next(struct tparser *p)
{
	if (p->have_peek) {
		p->tok = p->peek;
		p->have_peek = 0;
	} else {
		p->tok = lexer_next(&p->lx);
	}
	if (p->tok.kind == T_ERROR)
		terr(p, &p->tok, "%s", p->lx.err ? p->lx.err : "invalid character");
}

static const struct token *peek(struct tparser *p)
{
	if (!p->have_peek) {
		p->peek = lexer_next(&p->lx);
		p->have_peek = 1;
	}
	return &p->peek;
}

static int is_word(const struct token *t, const char *w)
{
	return t->kind == T_IDENT && t->n == strlen(w) && memcmp(t->p, w, t->n) == 0;
}

static void expect(struct tparser *p, enum tok k, const char *what)
{
	char b[64];
	if (p->tok.kind != k)
		terr(p, &p->tok, "expected %s, found %s", what, desc(&p->tok, b, sizeof b));
	next(p);
}

static const char *ident(struct tparser *p, const char *what)
{
	char b[64];
	if (p->tok.kind != T_IDENT)
		terr(p, &p->tok, "expected %s, found %s", what, desc(&p->tok, b, sizeof b));
	const char *s = arena_strdup(p->a, p->tok.p, p->tok.n);
	next(p);
	return s;
}

static json_object *own(struct tparser *p, json_object *j)
{
	struct temporal_set *s = p->set;
	if (s->nowned == s->capowned) {
		size_t cap = s->capowned ? s->capowned * 2 : 16;
		json_object **v = realloc(s->owned, cap * sizeof *v);
		if (!v) {
			json_object_put(j);
			terr(p, &p->tok, "out of memory");
		}
		s->owned = v;
		s->capowned = cap;
	}
	s->owned[s->nowned++] = j;
	return j;
}

static const char *string_lit(struct tparser *p, size_t *len)
{
	char e[160];
	const char *s = unescape_string(p->a, p->tok.p, p->tok.n, len, e, sizeof e);
	if (!s)
		terr(p, &p->tok, "%s", e);
	next(p);
	return s;
}

/* ---- variables ----------------------------------------------------------- */

static int declare(struct tparser *p, const char *name)
{
	struct temporal_leaf *l = p->leaf;
	if (l->nvars >= MAX_VARS || p->nscope >= MAX_VARS)
		terr(p, &p->tok, "too many variables in one temporal block (at most %d)", MAX_VARS);
	const char **v = arena_array(p->a, l->nvars + 1, sizeof *v);
	if (l->nvars)
		memcpy(v, l->vars, l->nvars * sizeof *v);
	v[l->nvars] = name;
	l->vars = v;
	p->scope[p->nscope++] = (int)l->nvars;
	return (int)l->nvars++;
}

static int lookup(struct tparser *p, const struct token *t)
{
	for (int i = p->nscope - 1; i >= 0; i--) {
		const char *n = p->leaf->vars[p->scope[i]];
		if (strlen(n) == t->n && memcmp(n, t->p, t->n) == 0)
			return p->scope[i];
	}
	terr(p, t, "variable `%.*s` is not bound: declare it with `exists (%.*s: Type).` or a `for` list, "
	     "or write `_` for any value", (int)t->n, t->p, (int)t->n, t->p);
}

/* (name: Type) */
static int binder(struct tparser *p)
{
	expect(p, T_LPAREN, "`(` and a typed variable, as in `(x: Long)`");
	const char *name = ident(p, "a variable name");
	expect(p, T_COLON, "`:` and the variable's type");
	ident(p, "a type (Timepoint, Long, String, Bool or an entity type)");
	while (p->tok.kind == T_COLONCOLON) {
		next(p);
		ident(p, "a type name");
	}
	expect(p, T_RPAREN, "`)` after the variable's type");
	return declare(p, name);
}

/* ---- terms --------------------------------------------------------------- */

static struct tnode *condition(struct tparser *p);

static struct tterm *new_term(struct tparser *p, enum tterm_kind k)
{
	struct tterm *t = arena_alloc(p->a, sizeof *t);
	t->kind = k;
	t->var = -1;
	return t;
}

/* .a.b.c after context/principal/resource */
static void dotted(struct tparser *p, struct tterm *t, int need_one)
{
	size_t cap = 4;
	t->path = arena_array(p->a, cap, sizeof *t->path);
	while (p->tok.kind == T_DOT) {
		next(p);
		if (t->npath == cap) {
			const char **v = arena_array(p->a, cap * 2, sizeof *v);
			memcpy(v, t->path, cap * sizeof *v);
			t->path = v;
			cap *= 2;
		}
		t->path[t->npath++] = ident(p, "an attribute name");
	}
	if (need_one && t->npath == 0)
		terr(p, &p->tok, "expected `.` and a field of context, as in `context.input.path`");
}

static json_object *entity_json(const char *type, const char *id, size_t idlen)
{
	json_object *e = json_object_new_object(), *in = json_object_new_object();
	json_object_object_add(in, "type", json_object_new_string(type));
	json_object_object_add(in, "id", json_object_new_string_len(id, (int)idlen));
	json_object_object_add(e, "__entity", in);
	return e;
}

/* Path { '::' IDENT } already has its first identifier in `first`; reads up
 * to (not including) the string. */
static const char *path_rest(struct tparser *p, const char *first)
{
	char buf[512];
	size_t n = strlen(first);
	if (n >= sizeof buf)
		terr(p, &p->tok, "type name too long");
	memcpy(buf, first, n + 1);
	while (p->tok.kind == T_COLONCOLON && peek(p)->kind == T_IDENT) {
		next(p);
		size_t m = p->tok.n;
		if (n + 2 + m >= sizeof buf)
			terr(p, &p->tok, "type name too long");
		memcpy(buf + n, "::", 2);
		memcpy(buf + n + 2, p->tok.p, m);
		n += 2 + m;
		buf[n] = 0;
		next(p);
	}
	return arena_strdup(p->a, buf, n);
}

/* Path::"id" whose first identifier is the token at: the type path and
 * the id (what: "an entity" / "an action", for messages). */
static const char *uid_rest(struct tparser *p, const struct token *at, const char *what, const char **id, size_t *idlen)
{
	next(p);
	const char *type = path_rest(p, arena_strdup(p->a, at->p, at->n));
	expect(p, T_COLONCOLON, "`::` and the id string");
	if (p->tok.kind != T_STRING)
		terr(p, &p->tok, "expected %s id string after `%s::`", what, type);
	*id = string_lit(p, idlen);
	return type;
}

static int64_t int_lit(struct tparser *p, int negate)
{
	uint64_t v = 0;
	for (size_t i = 0; i < p->tok.n; i++) {
		unsigned d = (unsigned)(p->tok.p[i] - '0');
		if (v > (UINT64_MAX - d) / 10 || v * 10 + d > (uint64_t)INT64_MAX + (negate ? 1u : 0u))
			terr(p, &p->tok, "integer literal %.*s is out of range", (int)p->tok.n, p->tok.p);
		v = v * 10 + d;
	}
	next(p);
	if (negate)
		return v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	return (int64_t)v;
}

static json_object *literal_json(struct tparser *p);

static struct tterm *aggregate(struct tparser *p)
{
	int sum = is_word(&p->tok, "sum");
	struct token at = p->tok;
	next(p);
	int saved = p->nscope;
	struct tterm *t = new_term(p, sum ? TT_SUM : TT_COUNT);
	struct token sumvar = {0};
	if (sum) {
		if (p->tok.kind != T_IDENT)
			terr(p, &p->tok, "expected the summed variable after `sum`");
		sumvar = p->tok;
		next(p);
	}
	if (!is_word(&p->tok, "for"))
		terr(p, &at, "expected `for (x: Type).` after `%s`", sum ? "sum x" : "count");
	next(p);
	int group[MAX_VARS];
	size_t ng = 0;
	for (;;) {
		group[ng++] = binder(p);
		if (p->tok.kind != T_COMMA || ng == MAX_VARS)
			break;
		next(p);
	}
	expect(p, T_DOT, "`.` after the `for` list");
	t->group = arena_array(p->a, ng, sizeof *t->group);
	memcpy(t->group, group, ng * sizeof *group);
	t->ngroup = ng;
	if (sum) {
		t->var = lookup(p, &sumvar);
		size_t k = 0;
		while (k < ng && group[k] != t->var)
			k++;
		if (k == ng)
			terr(p, &sumvar, "the summed variable `%.*s` must be in the `for` list", (int)sumvar.n, sumvar.p);
	}
	if (!is_word(&p->tok, "where"))
		terr(p, &p->tok, "expected `where` and a condition after the `for` list");
	next(p);
	t->where = condition(p);
	p->nscope = saved;
	return t;
}

static struct tterm *term(struct tparser *p)
{
	char b[64];
	struct token at = p->tok;
	struct tterm *t;
	switch (p->tok.kind) {
	case T_STAR:
		next(p);
		return new_term(p, TT_WILD);
	case T_LPAREN:
		if (is_word(peek(p), "count") || is_word(peek(p), "sum")) {
			next(p);
			t = aggregate(p);
			expect(p, T_RPAREN, "`)` after the aggregate");
			return t;
		}
		break;
	case T_INT: case T_MINUS: case T_STRING: case T_LBRACKET:
		t = new_term(p, TT_LIT);
		t->lit = literal_json(p);
		return t;
	case T_QUESTION: case T_DOLLAR:
		terr(p, &at, "a macro parameter (`%.*s`) outside a macro body", (int)at.n, at.p);
	case T_IDENT:
		if (is_word(&at, "_")) {
			next(p);
			return new_term(p, TT_WILD);
		}
		if (is_word(&at, "count") || is_word(&at, "sum"))
			return aggregate(p);
		if (is_word(&at, "context")) {
			next(p);
			t = new_term(p, TT_CONTEXT);
			dotted(p, t, 1);
			return t;
		}
		if (is_word(&at, "principal") || is_word(&at, "resource")) {
			next(p);
			t = new_term(p, is_word(&at, "principal") ? TT_PRINCIPAL : TT_RESOURCE);
			dotted(p, t, 0);
			return t;
		}
		if (is_word(&at, "true") || is_word(&at, "false") || is_word(&at, "decimal") ||
		    peek(p)->kind == T_COLONCOLON) {
			t = new_term(p, TT_LIT);
			t->lit = literal_json(p);
			return t;
		}
		next(p);
		t = new_term(p, TT_VAR);
		t->var = lookup(p, &at);
		return t;
	default:
		break;
	}
	terr(p, &at, "expected a value (a literal, `context.…`, `principal`, a variable, `_` or an aggregate), found %s",
	     desc(&at, b, sizeof b));
}

static json_object *literal_json(struct tparser *p)
{
	char b[64];
	struct token at = p->tok;
	if (at.kind == T_INT)
		return own(p, json_object_new_int64(int_lit(p, 0)));
	if (at.kind == T_MINUS) {
		next(p);
		if (p->tok.kind != T_INT)
			terr(p, &p->tok, "expected an integer after `-`");
		return own(p, json_object_new_int64(int_lit(p, 1)));
	}
	if (at.kind == T_STRING) {
		size_t n;
		const char *s = string_lit(p, &n);
		return own(p, json_object_new_string_len(s, (int)n));
	}
	if (at.kind == T_LBRACKET) {
		next(p);
		json_object *arr = own(p, json_object_new_array());
		while (p->tok.kind != T_RBRACKET) {
			json_object *e = literal_json(p);
			json_object_array_add(arr, json_object_get(e));
			if (p->tok.kind != T_COMMA)
				break;
			next(p);
		}
		expect(p, T_RBRACKET, "`]` to close the list");
		return arr;
	}
	if (is_word(&at, "true") || is_word(&at, "false")) {
		next(p);
		return own(p, json_object_new_boolean(is_word(&at, "true")));
	}
	if (is_word(&at, "decimal")) {
		next(p);
		expect(p, T_LPAREN, "`(` after decimal");
		if (p->tok.kind != T_STRING)
			terr(p, &p->tok, "expected a string in decimal(\"…\")");
		size_t n;
		const char *s = string_lit(p, &n);
		expect(p, T_RPAREN, "`)` after the decimal's string");
		json_object *e = json_object_new_object(), *in = json_object_new_object();
		json_object_object_add(in, "fn", json_object_new_string("decimal"));
		json_object_object_add(in, "arg", json_object_new_string_len(s, (int)n));
		json_object_object_add(e, "__extn", in);
		return own(p, e);
	}
	if (at.kind == T_IDENT) {
		size_t n;
		const char *id;
		const char *type = uid_rest(p, &at, "an entity", &id, &n);
		return own(p, entity_json(type, id, n));
	}
	terr(p, &at, "expected a literal value, found %s", desc(&at, b, sizeof b));
}

/* ---- conditions ------------------------------------------------------------ */

static struct tnode *new_node(struct tparser *p, enum tnode_kind k)
{
	struct tnode *n = arena_alloc(p->a, sizeof *n);
	n->kind = k;
	n->var = -1;
	return n;
}

static int64_t within(struct tparser *p)
{
	if (!is_word(&p->tok, "within"))
		terr(p, &p->tok, "expected `within` and a window (such as `within 1h`): every temporal operator needs one");
	next(p);
	if (p->tok.kind == T_QUESTION)
		terr(p, &p->tok, "a macro parameter (`?…`) outside a macro body");
	if (p->tok.kind != T_INT)
		terr(p, &p->tok, "expected a window length such as `30s`, `15m`, `1h` or `1d`");
	struct token num = p->tok;
	int64_t v = int_lit(p, 0);
	int64_t unit = 0;
	if (p->tok.kind == T_IDENT && p->tok.n == 1 && p->tok.p == num.p + num.n) {
		switch (p->tok.p[0]) {
		case 's': unit = 1; break;
		case 'm': unit = 60; break;
		case 'h': unit = 3600; break;
		case 'd': unit = 86400; break;
		default: break;
		}
	}
	if (!unit)
		terr(p, &p->tok, "a window needs a unit right after its number: `s`, `m`, `h` or `d` (as in `1h`)");
	next(p);
	if (v > TEMPORAL_MAX_WINDOW_S / unit)
		terr(p, &num, "policy fails schema validation: temporal window `%.*s%c` exceeds the maximum allowed window `24h`",
		     (int)num.n, num.p, unit == 1 ? 's' : unit == 60 ? 'm' : unit == 3600 ? 'h' : 'd');
	int64_t w = v * unit;
	if (w > p->leaf->max_window_s)
		p->leaf->max_window_s = w;
	return w;
}

static void fields(struct tparser *p, struct tnode *n)
{
	expect(p, T_LBRACE, "`{` and the event's fields");
	while (p->tok.kind != T_RBRACE) {
		struct tfield f = {0};
		size_t cap = 4;
		f.path = arena_array(p->a, cap, sizeof *f.path);
		for (;;) {
			if (f.npath == cap) {
				const char **v = arena_array(p->a, cap * 2, sizeof *v);
				memcpy(v, f.path, cap * sizeof *v);
				f.path = v;
				cap *= 2;
			}
			f.path[f.npath++] = ident(p, "a field name (such as `input.path`)");
			if (p->tok.kind != T_DOT)
				break;
			next(p);
		}
		expect(p, T_COLON, "`:` and the field's value");
		f.term = term(p);
		if (f.term->kind == TT_COUNT || f.term->kind == TT_SUM)
			terr(p, &p->tok, "an aggregate cannot be an event field's value");
		struct tfield *v = arena_array(p->a, n->nfields + 1, sizeof *v);
		if (n->nfields)
			memcpy(v, n->fields, n->nfields * sizeof *v);
		v[n->nfields++] = f;
		n->fields = v;
		if (p->tok.kind != T_COMMA)
			break;
		next(p);
	}
	expect(p, T_RBRACE, "`}` to close the event's fields");
}

/* Ns::Action::"id"::kind{...}{...}: the first identifier is the token. */
static struct tnode *predicate(struct tparser *p)
{
	struct token at = p->tok;
	size_t n;
	const char *id;
	const char *type = uid_rest(p, &at, "an action", &id, &n);
	if (p->tok.kind != T_COLONCOLON)
		terr(p, &p->tok, "expected `::` and the event kind (such as `::request`) after %s::\"%s\"", type, id);
	next(p);
	struct tnode *t = new_node(p, TN_PRED);
	t->action_type = type;
	t->action_id = id;
	t->event_kind = ident(p, "the event kind (such as `request` or `response`)");
	if (p->tok.kind != T_LBRACE)
		terr(p, &p->tok, "expected `{` and the event's fields after `::%s` (write `{}` for none)", t->event_kind);
	while (p->tok.kind == T_LBRACE)
		fields(p, t);
	return t;
}

static int cmp_op(const struct token *t, enum tcmp *op)
{
	switch (t->kind) {
	case T_EQEQ: *op = TC_EQ; return 1;
	case T_NE: *op = TC_NE; return 1;
	case T_LT: *op = TC_LT; return 1;
	case T_LE: *op = TC_LE; return 1;
	case T_GT: *op = TC_GT; return 1;
	case T_GE: *op = TC_GE; return 1;
	default: return 0;
	}
}

static struct tnode *comparison_with(struct tparser *p, struct tterm *lhs)
{
	char b[64];
	struct tnode *n = new_node(p, TN_CMP);
	n->lhs = lhs;
	if (!cmp_op(&p->tok, &n->op)) {
		if (n->lhs->kind == TT_COUNT || n->lhs->kind == TT_SUM)
			terr(p, &p->tok, "an aggregate must be compared (as in `(count ...) > 3`), found %s",
			     desc(&p->tok, b, sizeof b));
		terr(p, &p->tok, "a value is not a condition: expected a comparison operator, found %s",
		     desc(&p->tok, b, sizeof b));
	}
	next(p);
	n->rhs = term(p);
	return n;
}

static struct tnode *comparison(struct tparser *p)
{
	return comparison_with(p, term(p));
}

static struct tnode *conj_since_rest(struct tparser *p, struct tnode *n);
static struct tnode *condition_from(struct tparser *p, struct tnode *n);

static int starts_predicate(struct tparser *p)
{
	return p->tok.kind == T_IDENT && peek(p)->kind == T_COLONCOLON;
}

static struct tnode *conjunct(struct tparser *p, int atom_only);

static struct tnode *atom(struct tparser *p)
{
	return conjunct(p, 1);
}

static struct tnode *conjunct(struct tparser *p, int atom_only)
{
	char b[64];
	if (++p->depth > MAX_NEST)
		terr(p, &p->tok, "temporal formula nested too deeply");
	struct tnode *n;
	struct token at = p->tok;
	if (at.kind == T_LPAREN && (is_word(peek(p), "count") || is_word(peek(p), "sum"))) {
		/* `(count ...) > 3`, or a group whose first conjunct compares a
		 * bare aggregate: `(sum x for ... where ... == n && n > 2)` */
		next(p);
		struct tterm *agg = aggregate(p);
		if (p->tok.kind == T_RPAREN) {
			next(p);
			n = comparison_with(p, agg);
		} else {
			n = condition_from(p, conj_since_rest(p, comparison_with(p, agg)));
			expect(p, T_RPAREN, "`)`");
		}
	} else if (at.kind == T_LPAREN) {
		next(p);
		n = condition(p);
		expect(p, T_RPAREN, "`)`");
	} else if (!atom_only && (is_word(&at, "formerly") || is_word(&at, "previous"))) {
		next(p);
		n = new_node(p, is_word(&at, "formerly") ? TN_FORMERLY : TN_PREVIOUS);
		n->window_s = within(p);
		if (p->tok.kind == T_EOF || p->tok.kind == T_RPAREN || p->tok.kind == T_ANDAND)
			terr(p, &p->tok, "expected the condition `%.*s within …` looks back for, found %s",
			     (int)at.n, at.p, desc(&p->tok, b, sizeof b));
		n->a = atom(p);
	} else if (!atom_only && is_word(&at, "exists")) {
		next(p);
		int saved = p->nscope;
		n = new_node(p, TN_EXISTS);
		if (p->tok.kind != T_LPAREN)
			terr(p, &p->tok, "expected a typed variable after `exists`, as in `exists (x: Long).`");
		n->var = binder(p);
		expect(p, T_DOT, "`.` after the variable of `exists`");
		n->a = condition(p);
		p->nscope = saved;
	} else if (is_word(&at, "tp") && peek(p)->kind == T_LPAREN) {
		next(p);
		next(p);
		n = new_node(p, TN_TP);
		if (p->tok.kind != T_IDENT)
			terr(p, &p->tok, "expected a Timepoint variable in tp(...)");
		n->var = lookup(p, &p->tok);
		next(p);
		expect(p, T_RPAREN, "`)` after tp's variable");
	} else if (starts_predicate(p)) {
		/* Ns::Action::"id"::kind{..} is an event; Ns::Type::"id" == .. a comparison */
		struct lexer save_lx = p->lx;
		struct token save_tok = p->tok, save_peek = p->peek;
		int save_have = p->have_peek;
		int is_pred = 0;
		next(p);
		while (p->tok.kind == T_COLONCOLON && peek(p)->kind == T_IDENT) {
			next(p);
			next(p);
		}
		if (p->tok.kind == T_COLONCOLON && peek(p)->kind == T_STRING) {
			next(p);
			next(p);
			is_pred = p->tok.kind == T_COLONCOLON || p->tok.kind == T_LBRACE;
		}
		p->lx = save_lx;
		p->tok = save_tok;
		p->peek = save_peek;
		p->have_peek = save_have;
		n = is_pred ? predicate(p) : comparison(p);
	} else if (at.kind == T_LBRACE) {
		terr(p, &at, "a `{ … }` block is not a condition here: an event is written Ns::Action::\"id\"::kind{…}");
	} else {
		n = comparison(p);
	}
	p->depth--;
	return n;
}

static struct tnode *conj_since(struct tparser *p)
{
	int nots = 0;
	struct token at = p->tok;
	while (p->tok.kind == T_BANG) {
		nots++;
		next(p);
	}
	if (nots && (p->tok.kind == T_EOF || p->tok.kind == T_RPAREN))
		terr(p, &at, "`!` needs a condition to negate");
	struct tnode *n = conjunct(p, 0);
	while (nots--) {
		struct tnode *x = new_node(p, TN_NOT);
		x->a = n;
		n = x;
	}
	return conj_since_rest(p, n);
}

/* an optional `since within W atom` after the conjunct n */
static struct tnode *conj_since_rest(struct tparser *p, struct tnode *n)
{
	if (is_word(&p->tok, "since")) {
		next(p);
		struct tnode *s = new_node(p, TN_SINCE);
		s->window_s = within(p);
		s->a = n;
		s->b = atom(p);
		n = s;
	}
	return n;
}

/* the `&& conj_since` chain after its first conjunct n */
static struct tnode *condition_from(struct tparser *p, struct tnode *n)
{
	while (p->tok.kind == T_ANDAND) {
		next(p);
		struct tnode *x = new_node(p, TN_AND);
		x->a = n;
		x->b = conj_since(p);
		n = x;
	}
	return n;
}

static struct tnode *condition(struct tparser *p)
{
	return condition_from(p, conj_since(p));
}

/* ---- the block ---------------------------------------------------------------- */

struct temporal_leaf *temporal_parse(struct temporal_set *set, struct arena *a, const char *text, size_t len,
                                     int rule, int line, int col, char *err, size_t errlen)
{
	struct tparser p;
	memset(&p, 0, sizeof p);
	lexer_init(&p.lx, text, len);
	p.a = a;
	p.set = set;
	p.line0 = line;
	p.col0 = col;
	p.err = err;
	p.errlen = errlen;
	struct temporal_leaf *leaf = arena_alloc(a, sizeof *leaf);
	leaf->rule = rule;
	p.leaf = leaf;
	if (setjmp(p.fail))
		return NULL;
	next(&p);
	if (p.tok.kind == T_EOF)
		terr(&p, &p.tok, "an empty temporal block: write a condition inside `temporal { … }`");
	leaf->root = condition(&p);
	if (p.tok.kind != T_EOF) {
		char b[64];
		terr(&p, &p.tok, "unexpected %s after the temporal condition (conditions are joined with `&&`)",
		     desc(&p.tok, b, sizeof b));
	}
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 8;
		struct temporal_leaf **v = realloc(set->leaves, cap * sizeof *v);
		if (!v) {
			snprintf(err, errlen, "out of memory");
			return NULL;
		}
		set->leaves = v;
		set->cap = cap;
	}
	int k = 0;
	for (size_t i = 0; i < set->n; i++)
		if (set->leaves[i]->rule == rule)
			k++;
	leaf->ordinal = k;
	snprintf(leaf->key, sizeof leaf->key, "policy_%d__temporal_%d", rule, k);
	set->leaves[set->n++] = leaf;
	return leaf;
}

void temporal_set_free(struct temporal_set *s)
{
	for (size_t i = 0; i < s->nowned; i++)
		json_object_put(s->owned[i]);
	free(s->owned);
	free(s->leaves);
	memset(s, 0, sizeof *s);
}
