/* parser.c -- recursive-descent parser for Cedar 4.x policy text with
 * Dogwood's file structure (scope variables optional and in any order).
 * Temporal rules and macros are recognised and refused ("not supported
 * yet").  The first error stops parsing; the message names the file, line
 * and column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "broker/policy/ast.h"
#include "broker/policy/ext.h"
#include "broker/policy/lexer.h"
#include "broker/policy/macro.h"
#include "broker/policy/temporal.h"
#include "common/sha256.h"

enum { MAX_DEPTH = 200, MAX_HEIGHT = 1000 };

struct parser {
	struct lexer lx;
	struct token tok;       /* current token */
	struct arena *a;
	const char *name;
	char *err;
	size_t errlen;
	jmp_buf fail;
	int depth;
	int rule_no;            /* 1-based number of the rule being parsed */
	const char *rule_id;    /* its @id, once seen */
	struct temporal_set *temporal;  /* where temporal blocks go; NULL: refused */
	struct macro_table *macros;     /* the policy's `def`s (with temporal) */
	int expanding;                  /* depth of macro calls being parsed */
	struct sha256 *fp;              /* the rule's fingerprint, fed each token consumed */
};

static void perr(struct parser *p, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), noreturn));

static void perr(struct parser *p, int line, int col, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "%s:%d:%d: failed to parse policy source: dogwood parse: %s",
	         p->name, line, col, msg);
	longjmp(p->fail, 1);
}

/* A short quotation of the current token for messages. */
static const char *tok_desc(const struct token *t, char *buf, size_t cap)
{
	if (t->kind == T_EOF)
		return "end of input";
	if (t->kind == T_STRING)
		snprintf(buf, cap, "string \"%.*s\"", (int)(t->n > 40 ? 40 : t->n), t->p);
	else
		snprintf(buf, cap, "`%.*s`", (int)(t->n > 40 ? 40 : t->n), t->p);
	return buf;
}

/* A rule's identity across policy edits (dogwood.md 5.3: unchanged rules
 * keep their temporal state): its tokens after macro expansion, so that
 * spacing and comments do not count, a changed macro body does. */
static void fingerprint_token(struct parser *p, const struct token *t)
{
	if (!p->fp || t->kind == T_EOF)
		return;
	unsigned char head[5] = { (unsigned char)t->kind, (unsigned char)(t->n >> 24), (unsigned char)(t->n >> 16),
	                          (unsigned char)(t->n >> 8), (unsigned char)t->n };
	sha256_update(p->fp, head, sizeof head);
	sha256_update(p->fp, t->p, t->n);
}

/* Feeds every token of text to the fingerprint (a temporal block's text). */
static void fingerprint_text(struct parser *p, const char *text, size_t len)
{
	if (!p->fp)
		return;
	struct lexer lx;
	lexer_init(&lx, text, len);
	for (;;) {
		struct token t = lexer_next(&lx);
		if (t.kind == T_EOF || t.kind == T_ERROR)
			break;
		fingerprint_token(p, &t);
	}
}

static void next(struct parser *p)
{
	fingerprint_token(p, &p->tok);
	p->tok = lexer_next(&p->lx);
	if (p->tok.kind == T_ERROR)
		perr(p, p->tok.line, p->tok.col, "%s", p->lx.err);
}

static int is_ident(const struct parser *p, const char *word)
{
	return p->tok.kind == T_IDENT && p->tok.n == strlen(word) &&
	       memcmp(p->tok.p, word, p->tok.n) == 0;
}

static void unexpected(struct parser *p, const char *expected)
	__attribute__((noreturn));
static void unexpected(struct parser *p, const char *expected)
{
	char buf[80];
	perr(p, p->tok.line, p->tok.col, "unexpected %s; expected %s",
	     tok_desc(&p->tok, buf, sizeof buf), expected);
}

static void expect(struct parser *p, enum tok k, const char *expected)
{
	if (p->tok.kind != k)
		unexpected(p, expected);
	next(p);
}

static struct expr *node(struct parser *p, enum ex kind, const struct token *at)
{
	struct expr *e = arena_alloc(p->a, sizeof *e);
	e->kind = kind;
	e->line = at->line;
	e->col = at->col;
	return e;
}

/* Trees are evaluated recursively: bound their height so that no input
 * can exhaust the stack. */
static void set_height(struct parser *p, struct expr *e)
{
	int h = 0;
	if (e->a && e->a->height > h)
		h = e->a->height;
	if (e->b && e->b->height > h)
		h = e->b->height;
	if (e->c && e->c->height > h)
		h = e->c->height;
	for (size_t i = 0; e->items && i < e->n; i++)
		if (e->items[i]->height > h)
			h = e->items[i]->height;
	e->height = h + 1;
	if (e->height > MAX_HEIGHT)
		perr(p, e->line, e->col, "expression is too large (more than %d levels)", MAX_HEIGHT);
}

/* Literal-only sets, records and extension constructors are built once at
 * load time (constant folding); anything that could fail is left for
 * evaluation, where Cedar reports it. */
static struct expr *fold(struct parser *p, struct expr *e)
{
	for (size_t i = 0; i < e->n; i++)
		if (e->items[i]->kind != X_LIT)
			return e;
	if (e->kind == X_SET) {
		const struct value **v = arena_array(p->a, e->n, sizeof *v);
		for (size_t i = 0; i < e->n; i++)
			v[i] = e->items[i]->lit;
		e->lit = value_set(p->a, v, e->n);
	} else if (e->kind == X_RECORD) {
		struct rec_entry *r = arena_array(p->a, e->n, sizeof *r);
		for (size_t i = 0; i < e->n; i++) {
			r[i].key = e->keys[i];
			r[i].val = e->items[i]->lit;
		}
		if ((e->lit = value_record(p->a, r, e->n)) == NULL)
			return e;
	} else if (e->kind == X_EXTFN && e->n == 1) {
		char msg[128];
		if ((e->lit = ext_construct(p->a, e->fn, e->items[0]->lit, msg, sizeof msg)) == NULL)
			return e;
	} else {
		return e;
	}
	e->kind = X_LIT;
	e->height = 1;
	return e;
}

static struct expr *node2(struct parser *p, enum ex kind, const struct token *at,
                          struct expr *a, struct expr *b)
{
	struct expr *e = node(p, kind, at);
	e->a = a;
	e->b = b;
	set_height(p, e);
	return e;
}

/* Token text copied into the arena: the AST outlives the source text. */
static struct str tok_copy(struct parser *p, const struct token *t)
{
	struct str s = { arena_strdup(p->a, t->p, t->n), t->n };
	return s;
}

static int str_is(struct str s, const char *w)
{
	return str_eq(s, str_c(w));
}

static int is_reserved_in_path(struct str s)
{
	static const char *const words[] = { "true", "false", "if", "then", "else", "in",
	                                     "like", "has", "is", NULL };
	for (int i = 0; words[i]; i++)
		if (str_is(s, words[i]))
			return 1;
	return 0;
}

static int var_of(struct str s)
{
	if (str_is(s, "principal")) return VAR_PRINCIPAL;
	if (str_is(s, "action")) return VAR_ACTION;
	if (str_is(s, "resource")) return VAR_RESOURCE;
	if (str_is(s, "context")) return VAR_CONTEXT;
	return -1;
}

static struct str decode_string(struct parser *p, const struct token *t)
{
	char msg[160];
	size_t n;
	char *s = unescape_string(p->a, t->p, t->n, &n, msg, sizeof msg);
	if (s == NULL)
		perr(p, t->line, t->col, "%s", msg);
	struct str r = { s, n };
	return r;
}

/* Path { '::' IDENT }, current token is the first IDENT (already checked).
 * Stops before `::` STRING (returns with *entity_id set) or any other token. */
static struct str parse_path(struct parser *p, int *is_entity, struct str *entity_id)
{
	struct token first = p->tok;
	const char *start = first.p;
	const char *end = first.p + first.n;
	if (is_reserved_in_path(tok_copy(p, &first)))
		perr(p, first.line, first.col, "`%.*s` is a reserved word and cannot name a type",
		     (int)first.n, first.p);
	next(p);
	*is_entity = 0;
	while (p->tok.kind == T_COLONCOLON) {
		next(p);
		if (p->tok.kind == T_STRING) {
			*entity_id = decode_string(p, &p->tok);
			*is_entity = 1;
			next(p);
			break;
		}
		if (p->tok.kind == T_LBRACE)
			perr(p, p->tok.line, p->tok.col,
			     "entity initializers `Type::{...}` are not supported; write Type::\"id\"");
		if (p->tok.kind != T_IDENT)
			unexpected(p, "an identifier or a string after `::`");
		if (is_reserved_in_path(tok_copy(p, &p->tok)))
			perr(p, p->tok.line, p->tok.col, "`%.*s` is a reserved word and cannot name a type",
			     (int)p->tok.n, p->tok.p);
		end = p->tok.p + p->tok.n;
		next(p);
	}
	/* the path text keeps its `::` separators exactly as written, minus spaces */
	char *buf = arena_alloc(p->a, (size_t)(end - start) + 1);
	size_t o = 0;
	for (const char *c = start; c < end; c++)
		if (*c != ' ' && *c != '\t' && *c != '\n' && *c != '\r')
			buf[o++] = *c;
	buf[o] = 0;
	struct str r = { buf, o };
	return r;
}

static const struct value *parse_entity_ref(struct parser *p, const char *what)
{
	struct token at = p->tok;
	if (p->tok.kind == T_QUESTION)
		perr(p, at.line, at.col, "template slots (`?principal`, `?resource`) are not supported");
	if (p->tok.kind != T_IDENT)
		unexpected(p, what);
	int is_entity;
	struct str id;
	struct str type = parse_path(p, &is_entity, &id);
	if (!is_entity)
		perr(p, at.line, at.col, "expected an entity uid like %.*s::\"id\"", (int)type.n, type.p);
	return value_entity(p->a, type, id);
}

static struct expr *parse_expr(struct parser *p);

static void enter(struct parser *p)
{
	if (++p->depth > MAX_DEPTH)
		perr(p, p->tok.line, p->tok.col, "expression nested too deeply");
}

static int64_t parse_int(struct parser *p, const struct token *t, int negate)
{
	uint64_t v = 0;
	for (size_t i = 0; i < t->n; i++) {
		unsigned d = (unsigned)(t->p[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			perr(p, t->line, t->col, "integer literal %.*s is out of range", (int)t->n, t->p);
		v = v * 10 + d;
	}
	if (negate) {
		if (v > (uint64_t)INT64_MAX + 1)
			perr(p, t->line, t->col, "integer literal -%.*s is out of range", (int)t->n, t->p);
		return v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	}
	if (v > (uint64_t)INT64_MAX)
		perr(p, t->line, t->col, "integer literal %.*s is out of range", (int)t->n, t->p);
	return (int64_t)v;
}

static void temporal_refused(struct parser *p, const struct token *at) __attribute__((noreturn));
static void temporal_refused(struct parser *p, const struct token *at)
{
	if (p->rule_id)
		perr(p, at->line, at->col,
		     "rule %d (@id(\"%s\")): temporal rules are not supported yet; "
		     "write the rule without `temporal { ... }`",
		     p->rule_no, p->rule_id);
	perr(p, at->line, at->col,
	     "rule %d: temporal rules are not supported yet; write the rule without `temporal { ... }`",
	     p->rule_no);
}

/* `temporal { phi }` with the current token at `{`: phi is parsed as a
 * leaf of this rule and the block lowers to context.policy_<i>__temporal_<k>
 * (dogwood.md 4.2).  Leaves the token after the closing brace. */
static struct expr *temporal_block(struct parser *p, const struct token *at)
{
	if (!p->temporal)
		temporal_refused(p, at);
	const char *start = p->tok.p + 1;
	int line = p->tok.line, col = p->tok.col + 1;
	int depth = 1;
	struct token t;
	for (;;) {
		t = lexer_next(&p->lx);
		if (t.kind == T_EOF)
			perr(p, at->line, at->col, "the `temporal {` block is not closed");
		if (t.kind == T_ERROR)
			perr(p, t.line, t.col, "%s", p->lx.err ? p->lx.err : "invalid character");
		if (t.kind == T_LBRACE)
			depth++;
		else if (t.kind == T_RBRACE && --depth == 0)
			break;
	}
	char msg[400];
	size_t blen = (size_t)(t.p - start);
	if (p->macros && p->macros->n) {
		size_t n;
		const char *x = macro_expand_temporal(p->a, p->macros, start, blen, &n, msg, sizeof msg);
		if (!x)
			perr(p, line, col, "temporal: %s", msg);
		if (n != blen || memcmp(x, start, n) != 0) {
			/* positions inside an expansion are the block's own */
			start = x;
			blen = n;
		}
	}
	fingerprint_text(p, start, blen);
	struct temporal_leaf *leaf = temporal_parse(p->temporal, p->a, start, blen,
	                                            p->rule_no - 1, line, col, msg, sizeof msg);
	if (!leaf) {
		/* msg is "<line>:<col>: text" */
		int l = 0, c = 0, used = 0;
		if (sscanf(msg, "%d:%d: %n", &l, &c, &used) >= 2 && used > 0)
			perr(p, l, c, "temporal: %s", msg + used);
		perr(p, at->line, at->col, "temporal: %s", msg);
	}
	next(p);
	struct expr *ctx = node(p, X_VAR, at);
	ctx->var = VAR_CONTEXT;
	struct expr *e = node2(p, X_ATTR, at, ctx, NULL);
	e->name.p = leaf->key;
	e->name.n = strlen(leaf->key);
	return e;
}

/* NAME(args) for a `def cedar` macro, with the current token at `(`: the
 * body with the arguments' text in place of its parameters, parsed as
 * the expression it stands for. */
static struct expr *macro_call(struct parser *p, const struct macro *m, const struct token *at)
{
	if (m->temporal)
		perr(p, at->line, at->col, "`%s` is a temporal macro (def temporal): call it inside temporal { ... }", m->name);
	if (p->expanding >= 16)
		perr(p, at->line, at->col, "macro calls nested too deeply");
	const char *args[MACRO_MAX_PARAMS];
	size_t lens[MACRO_MAX_PARAMS], nargs, n;
	char msg[320];
	if (macro_call_args(&p->lx, p->tok.p, args, lens, &nargs, msg, sizeof msg) != 0)
		perr(p, at->line, at->col, "call of macro `%s`: %s", m->name, msg);
	char *text = macro_expand(p->a, p->macros, m, args, lens, nargs, &n, msg, sizeof msg);
	if (!text)
		perr(p, at->line, at->col, "%s", msg);
	struct lexer resume = p->lx;
	lexer_init(&p->lx, text, n);
	p->expanding++;
	next(p);
	struct expr *e = parse_expr(p);
	if (p->tok.kind != T_EOF)
		perr(p, at->line, at->col, "the body of macro `%s` is not one expression", m->name);
	p->expanding--;
	p->lx = resume;
	next(p);
	return e;
}

/* comma list of expressions up to `close`; trailing comma accepted */
static struct expr **parse_list(struct parser *p, enum tok close, size_t *count)
{
	size_t cap = 4, n = 0;
	struct expr **v = arena_array(p->a, cap, sizeof *v);
	while (p->tok.kind != close) {
		if (n == cap) {
			struct expr **nv = arena_array(p->a, cap * 2, sizeof *v);
			memcpy(nv, v, n * sizeof *v);
			v = nv;
			cap *= 2;
		}
		v[n++] = parse_expr(p);
		if (p->tok.kind != T_COMMA)
			break;
		next(p);
	}
	*count = n;
	return v;
}

static struct expr *parse_record(struct parser *p, const struct token *at)
{
	struct expr *e = node(p, X_RECORD, at);
	size_t cap = 4, n = 0;
	e->items = arena_array(p->a, cap, sizeof *e->items);
	e->keys = arena_array(p->a, cap, sizeof *e->keys);
	while (p->tok.kind != T_RBRACE) {
		struct str key;
		if (p->tok.kind == T_IDENT)
			key = tok_copy(p, &p->tok);
		else if (p->tok.kind == T_STRING)
			key = decode_string(p, &p->tok);
		else
			unexpected(p, "a record key (identifier or string)");
		struct token kt = p->tok;
		for (size_t i = 0; i < n; i++)
			if (str_eq(e->keys[i], key))
				perr(p, kt.line, kt.col, "duplicate key \"%.*s\" in record literal",
				     (int)key.n, key.p);
		next(p);
		expect(p, T_COLON, "`:` after a record key");
		if (n == cap) {
			struct expr **ni = arena_array(p->a, cap * 2, sizeof *ni);
			struct str *nk = arena_array(p->a, cap * 2, sizeof *nk);
			memcpy(ni, e->items, n * sizeof *ni);
			memcpy(nk, e->keys, n * sizeof *nk);
			e->items = ni;
			e->keys = nk;
			cap *= 2;
		}
		e->keys[n] = key;
		e->items[n++] = parse_expr(p);
		if (p->tok.kind != T_COMMA)
			break;
		next(p);
	}
	expect(p, T_RBRACE, "`,` or `}` in a record literal");
	e->n = n;
	set_height(p, e);
	return fold(p, e);
}

static struct expr *parse_primary(struct parser *p)
{
	struct token t = p->tok;
	struct expr *e;
	switch (t.kind) {
	case T_INT:
		next(p);
		e = node(p, X_LIT, &t);
		e->lit = value_long(p->a, parse_int(p, &t, 0));
		return e;
	case T_STRING: {
		struct str s = decode_string(p, &t);
		next(p);
		e = node(p, X_LIT, &t);
		struct value *v = arena_alloc(p->a, sizeof *v);
		v->kind = V_STRING;
		v->u.s = s;
		e->lit = v;
		return e;
	}
	case T_LPAREN:
		next(p);
		e = parse_expr(p);
		expect(p, T_RPAREN, "`)`");
		return e;
	case T_LBRACKET:
		next(p);
		e = node(p, X_SET, &t);
		e->items = parse_list(p, T_RBRACKET, &e->n);
		expect(p, T_RBRACKET, "`,` or `]` in a set literal");
		set_height(p, e);
		return fold(p, e);
	case T_LBRACE:
		next(p);
		return parse_record(p, &t);
	case T_QUESTION:
		perr(p, t.line, t.col, "template slots (`?principal`, `?resource`) are not supported");
	case T_IDENT:
		break;
	default:
		unexpected(p, "an expression");
	}
	struct str w = tok_copy(p, &t);
	if (str_is(w, "true") || str_is(w, "false")) {
		next(p);
		e = node(p, X_LIT, &t);
		e->lit = value_bool(str_is(w, "true"));
		return e;
	}
	int var = var_of(w);
	if (var >= 0) {
		next(p);
		if (p->tok.kind == T_COLONCOLON)
			perr(p, t.line, t.col, "`%.*s` is a variable and cannot name a type",
			     (int)w.n, w.p);
		e = node(p, X_VAR, &t);
		e->var = var;
		return e;
	}
	if (str_is(w, "temporal")) {
		struct lexer save = p->lx;
		next(p);
		if (p->tok.kind == T_LBRACE)
			return temporal_block(p, &t);
		p->lx = save;
		p->tok = t;
	}
	if (str_is(w, "if"))
		perr(p, t.line, t.col, "`if` needs parentheses here: (if c then a else b)");
	int is_entity;
	struct str id;
	struct str path = parse_path(p, &is_entity, &id);
	if (is_entity) {
		e = node(p, X_LIT, &t);
		e->lit = value_entity(p->a, path, id);
		return e;
	}
	if (p->tok.kind == T_LPAREN && p->macros) {
		const struct macro *m = macro_find(p->macros, path.p, path.n);
		if (m)
			return macro_call(p, m, &t);
	}
	if (p->tok.kind == T_LPAREN) {
		/* only the extension constructors (optionally spelled __cedar::) */
		struct str fname = path;
		if (fname.n > 9 && memcmp(fname.p, "__cedar::", 9) == 0) {
			fname.p += 9;
			fname.n -= 9;
		}
		int kind = ext_constructor_kind(fname);
		if (kind < 0) {
			if (memchr(path.p, ':', path.n))
				perr(p, t.line, t.col, "`%.*s(...)`: information providers are not enabled in this build",
				     (int)path.n, path.p);
			perr(p, t.line, t.col, "unknown function `%.*s`; the functions are ip, decimal, datetime and duration",
			     (int)path.n, path.p);
		}
		next(p);
		e = node(p, X_EXTFN, &t);
		e->name = fname;
		e->fn = kind;
		e->items = parse_list(p, T_RPAREN, &e->n);
		expect(p, T_RPAREN, "`)` after function arguments");
		set_height(p, e);
		return fold(p, e);       /* a wrong argument count is an evaluation error */
	}
	if (memchr(path.p, ':', path.n))
		perr(p, t.line, t.col, "expected an entity uid like %.*s::\"id\"", (int)path.n, path.p);
	static const char *const temporal_words[] = { "formerly", "previous", "since", "count", "sum",
	                                              "exists", "tp", NULL };
	for (int i = 0; temporal_words[i]; i++) {
		if (!str_is(path, temporal_words[i]))
			continue;
		if (!p->temporal)
			temporal_refused(p, &t);
		perr(p, t.line, t.col, "`%.*s` is a temporal operator: write it inside `temporal { ... }`",
		     (int)path.n, path.p);
	}
	perr(p, t.line, t.col, "unknown variable `%.*s`; the variables are principal, action, resource and context",
	     (int)path.n, path.p);
}

static struct expr *parse_method(struct parser *p, struct expr *recv, const struct token *at)
{
	struct str m = tok_copy(p, at);
	size_t n;
	next(p);        /* ( */
	struct expr **args = parse_list(p, T_RPAREN, &n);
	expect(p, T_RPAREN, "`)` after method arguments");
	static const struct { const char *name; enum ex kind; size_t arity; } builtin[] = {
		{ "contains", X_CONTAINS, 1 }, { "containsAll", X_CONTAINS_ALL, 1 },
		{ "containsAny", X_CONTAINS_ANY, 1 }, { "isEmpty", X_IS_EMPTY, 0 },
		{ "getTag", X_GET_TAG, 1 }, { "hasTag", X_HAS_TAG, 1 },
	};
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
		if (!str_is(m, builtin[i].name))
			continue;
		if (n != builtin[i].arity)
			perr(p, at->line, at->col, "method %s takes %zu argument%s, got %zu",
			     builtin[i].name, builtin[i].arity, builtin[i].arity == 1 ? "" : "s", n);
		return node2(p, builtin[i].kind, at, recv, n ? args[0] : NULL);
	}
	if (ext_method_arity(m) < 0)
		perr(p, at->line, at->col, "unknown method `%.*s`", (int)m.n, m.p);
	/* as in Cedar, a wrong argument count is an evaluation error */
	struct expr *e = node2(p, X_METHOD, at, recv, NULL);
	e->name = m;
	e->items = args;
	e->n = n;
	set_height(p, e);
	return fold(p, e);
}

static struct expr *parse_member(struct parser *p)
{
	struct expr *e = parse_primary(p);
	for (;;) {
		if (p->tok.kind == T_DOT) {
			next(p);
			if (p->tok.kind != T_IDENT)
				unexpected(p, "an attribute or method name after `.`");
			struct token at = p->tok;
			next(p);
			if (p->tok.kind == T_LPAREN) {
				e = parse_method(p, e, &at);
			} else {
				struct expr *x = node2(p, X_ATTR, &at, e, NULL);
				x->name = tok_copy(p, &at);
				e = x;
			}
		} else if (p->tok.kind == T_LBRACKET) {
			struct token at = p->tok;
			next(p);
			if (p->tok.kind != T_STRING)
				unexpected(p, "a string literal index like [\"key\"]");
			struct str key = decode_string(p, &p->tok);
			next(p);
			expect(p, T_RBRACKET, "`]`");
			struct expr *x = node2(p, X_ATTR, &at, e, NULL);
			x->name = key;
			e = x;
		} else {
			return e;
		}
	}
}

static struct expr *parse_unary(struct parser *p)
{
	struct token at = p->tok;
	if (p->tok.kind == T_BANG || p->tok.kind == T_MINUS) {
		enum tok k = p->tok.kind;
		int count = 0;
		while (p->tok.kind == k) {
			count++;
			next(p);
		}
		if (count > 4)
			perr(p, at.line, at.col, "too many unary operators in a row (at most 4)");
		if (p->tok.kind == T_BANG || p->tok.kind == T_MINUS)
			perr(p, p->tok.line, p->tok.col, "mixed unary operators `!` and `-` need parentheses");
		struct expr *e;
		if (k == T_MINUS && p->tok.kind == T_INT) {
			/* fold one minus into the literal, so i64::MIN is writable */
			struct token lit = p->tok;
			struct lexer save = p->lx;
			next(p);
			if (p->tok.kind != T_DOT && p->tok.kind != T_LBRACKET) {
				e = node(p, X_LIT, &lit);
				e->lit = value_long(p->a, parse_int(p, &lit, 1));
				count--;
			} else {
				p->lx = save;
				p->tok = lit;
				e = parse_member(p);
			}
		} else {
			e = parse_member(p);
		}
		while (count-- > 0)
			e = node2(p, k == T_BANG ? X_NOT : X_NEG, &at, e, NULL);
		return e;
	}
	return parse_member(p);
}

static struct expr *parse_mult(struct parser *p)
{
	struct expr *e = parse_unary(p);
	for (;;) {
		struct token at = p->tok;
		if (at.kind == T_SLASH || at.kind == T_PERCENT)
			perr(p, at.line, at.col, "division and remainder (`/`, `%%`) are not supported");
		if (at.kind != T_STAR)
			return e;
		next(p);
		e = node2(p, X_MUL, &at, e, parse_unary(p));
	}
}

static struct expr *parse_add(struct parser *p)
{
	struct expr *e = parse_mult(p);
	for (;;) {
		struct token at = p->tok;
		if (at.kind != T_PLUS && at.kind != T_MINUS)
			return e;
		next(p);
		e = node2(p, at.kind == T_PLUS ? X_ADD : X_SUB, &at, e, parse_mult(p));
	}
}

static int is_relop(const struct parser *p)
{
	switch (p->tok.kind) {
	case T_EQEQ: case T_NE: case T_LT: case T_LE: case T_GT: case T_GE:
		return 1;
	case T_IDENT:
		return is_ident(p, "in") || is_ident(p, "has") || is_ident(p, "like") ||
		       is_ident(p, "is");
	default:
		return 0;
	}
}

static struct expr *parse_has(struct parser *p, struct expr *lhs, const struct token *at)
{
	if (p->tok.kind == T_STRING) {
		struct expr *e = node2(p, X_HAS, at, lhs, NULL);
		e->name = decode_string(p, &p->tok);
		next(p);
		return e;
	}
	if (p->tok.kind != T_IDENT)
		unexpected(p, "an attribute name after `has`");
	/* e has a.b.c => e has a && e.a has b && e.a.b has c */
	struct expr *result = node2(p, X_HAS, at, lhs, NULL);
	result->name = tok_copy(p, &p->tok);
	struct expr *path = lhs;
	struct str prev = result->name;
	next(p);
	while (p->tok.kind == T_DOT) {
		next(p);
		if (p->tok.kind != T_IDENT)
			unexpected(p, "an attribute name after `.`");
		struct expr *acc = node2(p, X_ATTR, at, path, NULL);
		acc->name = prev;
		path = acc;
		struct expr *h = node2(p, X_HAS, at, path, NULL);
		h->name = tok_copy(p, &p->tok);
		prev = h->name;
		result = node2(p, X_AND, at, result, h);
		next(p);
	}
	return result;
}

static struct expr *parse_relation(struct parser *p)
{
	struct expr *lhs = parse_add(p);
	if (p->tok.kind == T_ASSIGN)
		perr(p, p->tok.line, p->tok.col, "`=` is not an operator; did you mean `==`?");
	if (!is_relop(p))
		return lhs;
	struct token at = p->tok;
	struct expr *e;
	next(p);
	switch (at.kind) {
	case T_EQEQ: e = node2(p, X_EQ, &at, lhs, parse_add(p)); break;
	case T_NE: e = node2(p, X_NOT, &at, node2(p, X_EQ, &at, lhs, parse_add(p)), NULL); break;
	case T_LT: e = node2(p, X_LT, &at, lhs, parse_add(p)); break;
	case T_LE: e = node2(p, X_LE, &at, lhs, parse_add(p)); break;
	case T_GT: e = node2(p, X_NOT, &at, node2(p, X_LE, &at, lhs, parse_add(p)), NULL); break;
	case T_GE: e = node2(p, X_NOT, &at, node2(p, X_LT, &at, lhs, parse_add(p)), NULL); break;
	default: {
		struct str w = tok_copy(p, &at);
		if (str_is(w, "in")) {
			e = node2(p, X_IN, &at, lhs, parse_add(p));
		} else if (str_is(w, "has")) {
			e = parse_has(p, lhs, &at);
		} else if (str_is(w, "like")) {
			if (p->tok.kind != T_STRING)
				unexpected(p, "a pattern string after `like`");
			e = node2(p, X_LIKE, &at, lhs, NULL);
			char msg[160];
			if (unescape_pattern(p->a, p->tok.p, p->tok.n, &e->pat, msg, sizeof msg))
				perr(p, p->tok.line, p->tok.col, "%s", msg);
			next(p);
		} else {        /* is */
			if (p->tok.kind != T_IDENT)
				unexpected(p, "an entity type after `is`");
			int is_entity;
			struct str id;
			struct token tt = p->tok;
			struct str type = parse_path(p, &is_entity, &id);
			if (is_entity)
				perr(p, tt.line, tt.col, "`is` takes an entity type, not an entity uid");
			e = node2(p, X_IS, &at, lhs, NULL);
			e->name = type;
			if (is_ident(p, "in")) {
				struct token in_at = p->tok;
				next(p);
				e = node2(p, X_AND, &in_at, e, node2(p, X_IN, &in_at, lhs, parse_add(p)));
			}
		}
	}
	}
	if (is_relop(p) || p->tok.kind == T_ASSIGN)
		perr(p, p->tok.line, p->tok.col,
		     "comparisons do not chain; add parentheses, e.g. (a < b) && (b < c)");
	return e;
}

static struct expr *parse_and(struct parser *p)
{
	struct expr *e = parse_relation(p);
	while (p->tok.kind == T_ANDAND) {
		struct token at = p->tok;
		next(p);
		e = node2(p, X_AND, &at, e, parse_relation(p));
	}
	return e;
}

static struct expr *parse_or(struct parser *p)
{
	struct expr *e = parse_and(p);
	while (p->tok.kind == T_OROR) {
		struct token at = p->tok;
		next(p);
		e = node2(p, X_OR, &at, e, parse_and(p));
	}
	return e;
}

static struct expr *parse_expr(struct parser *p)
{
	enter(p);
	struct expr *e;
	if (is_ident(p, "if")) {
		struct token at = p->tok;
		next(p);
		e = node(p, X_IF, &at);
		e->a = parse_expr(p);
		if (!is_ident(p, "then"))
			unexpected(p, "`then`");
		next(p);
		e->b = parse_expr(p);
		if (!is_ident(p, "else"))
			unexpected(p, "`else`");
		next(p);
		e->c = parse_expr(p);
		set_height(p, e);
	} else {
		e = parse_or(p);
	}
	p->depth--;
	return e;
}

/* --- rules --- */

static void parse_annotation(struct parser *p, struct rule *r, size_t *cap)
{
	next(p);        /* @ */
	if (p->tok.kind != T_IDENT)
		unexpected(p, "an annotation name after `@`");
	struct token kt = p->tok;
	struct annotation an = { tok_copy(p, &kt), { "", 0 } };
	next(p);
	if (p->tok.kind == T_LPAREN) {
		next(p);
		if (p->tok.kind != T_STRING)
			unexpected(p, "a string annotation value");
		an.val = decode_string(p, &p->tok);
		next(p);
		expect(p, T_RPAREN, "`)` after the annotation value");
	}
	for (size_t i = 0; i < r->nann; i++)
		if (str_eq(r->ann[i].key, an.key))
			perr(p, kt.line, kt.col, "duplicate annotation @%.*s on one rule",
			     (int)an.key.n, an.key.p);
	if (r->nann == *cap) {
		size_t ncap = *cap ? *cap * 2 : 4;
		struct annotation *na = arena_array(p->a, ncap, sizeof *na);
		if (r->nann)
			memcpy(na, r->ann, r->nann * sizeof *na);
		r->ann = na;
		*cap = ncap;
	}
	r->ann[r->nann++] = an;
	if (str_is(an.key, "id")) {
		r->id = arena_strdup(p->a, an.val.p, an.val.n);
		p->rule_id = r->id;
	} else if (str_is(an.key, "description")) {
		r->description = arena_strdup(p->a, an.val.p, an.val.n);
	}
}

static void parse_scope_var(struct parser *p, struct rule *r, int *seen)
{
	struct token at = p->tok;
	if (p->tok.kind == T_QUESTION)
		perr(p, at.line, at.col, "template slots (`?principal`, `?resource`) are not supported");
	if (p->tok.kind != T_IDENT)
		unexpected(p, "`principal`, `action` or `resource`");
	int var = var_of(tok_copy(p, &at));
	if (var < 0 || var == VAR_CONTEXT)
		unexpected(p, "`principal`, `action` or `resource`");
	if (seen[var])
		perr(p, at.line, at.col, "`%.*s` appears twice in the rule's scope", (int)at.n, at.p);
	seen[var] = 1;
	struct scope *s = var == VAR_PRINCIPAL ? &r->principal
	                : var == VAR_ACTION ? &r->action : &r->resource;
	next(p);
	if (p->tok.kind == T_COLON)
		perr(p, p->tok.line, p->tok.col, "`%.*s : Type` is not a scope constraint; use `%.*s is Type`",
		     (int)at.n, at.p, (int)at.n, at.p);
	if (p->tok.kind == T_ASSIGN)
		perr(p, p->tok.line, p->tok.col, "`=` is not an operator; did you mean `==`?");
	if (p->tok.kind == T_EQEQ) {
		next(p);
		s->op = SCOPE_EQ;
		s->uids = arena_alloc(p->a, sizeof *s->uids);
		s->uids[0] = parse_entity_ref(p, "an entity uid after `==`");
		s->nuids = 1;
	} else if (is_ident(p, "in")) {
		next(p);
		s->op = SCOPE_IN;
		if (var == VAR_ACTION && p->tok.kind == T_LBRACKET) {
			next(p);
			size_t cap = 4;
			s->uids = arena_array(p->a, cap, sizeof *s->uids);
			s->is_list = 1;
			while (p->tok.kind != T_RBRACKET) {
				if (s->nuids == cap) {
					const struct value **nu = arena_array(p->a, cap * 2, sizeof *nu);
					memcpy(nu, s->uids, s->nuids * sizeof *nu);
					s->uids = nu;
					cap *= 2;
				}
				s->uids[s->nuids++] = parse_entity_ref(p, "an action uid in the list");
				if (p->tok.kind != T_COMMA)
					break;
				next(p);
			}
			expect(p, T_RBRACKET, "`,` or `]` in the action list");
		} else {
			s->uids = arena_alloc(p->a, sizeof *s->uids);
			s->uids[0] = parse_entity_ref(p, "an entity uid after `in`");
			s->nuids = 1;
		}
	} else if (is_ident(p, "is")) {
		if (var == VAR_ACTION)
			perr(p, p->tok.line, p->tok.col, "`is` is not allowed on `action` in the scope");
		next(p);
		if (p->tok.kind != T_IDENT)
			unexpected(p, "an entity type after `is`");
		int is_entity;
		struct str id;
		struct token tt = p->tok;
		s->type = parse_path(p, &is_entity, &id);
		if (is_entity)
			perr(p, tt.line, tt.col, "`is` takes an entity type, not an entity uid");
		s->op = SCOPE_IS;
		if (is_ident(p, "in")) {
			next(p);
			s->op = SCOPE_IS_IN;
			s->uids = arena_alloc(p->a, sizeof *s->uids);
			s->uids[0] = parse_entity_ref(p, "an entity uid after `in`");
			s->nuids = 1;
		}
	} else if (p->tok.kind != T_COMMA && p->tok.kind != T_RPAREN) {
		unexpected(p, "`==`, `in`, `is`, `,` or `)` in the scope");
	}
}

/* Build the scope test for one variable as an expression. */
static struct expr *scope_expr(struct parser *p, const struct rule *r, int var,
                               const struct scope *s)
{
	struct token at = { T_IDENT, NULL, 0, r->line, r->col };
	struct expr *v = node(p, X_VAR, &at);
	v->var = var;
	struct expr *lit, *e = NULL;
	switch (s->op) {
	case SCOPE_ANY:
		return NULL;
	case SCOPE_EQ:
		lit = node(p, X_LIT, &at);
		lit->lit = s->uids[0];
		return node2(p, X_EQ, &at, v, lit);
	case SCOPE_IN:
		if (s->is_list) {
			lit = node(p, X_LIT, &at);
			const struct value **copy = arena_array(p->a, s->nuids, sizeof *copy);
			memcpy(copy, s->uids, s->nuids * sizeof *copy);
			lit->lit = value_set(p->a, copy, s->nuids);
		} else {
			lit = node(p, X_LIT, &at);
			lit->lit = s->uids[0];
		}
		return node2(p, X_IN, &at, v, lit);
	case SCOPE_IS:
	case SCOPE_IS_IN:
		e = node2(p, X_IS, &at, v, NULL);
		e->name = s->type;
		if (s->op == SCOPE_IS_IN) {
			lit = node(p, X_LIT, &at);
			lit->lit = s->uids[0];
			e = node2(p, X_AND, &at, e, node2(p, X_IN, &at, v, lit));
		}
		return e;
	}
	return NULL;
}

static struct expr *and_join(struct parser *p, const struct rule *r, struct expr *acc, struct expr *e)
{
	if (e == NULL)
		return acc;
	if (acc == NULL)
		return e;
	struct token at = { T_IDENT, NULL, 0, r->line, r->col };
	return node2(p, X_AND, &at, acc, e);
}

static void parse_rule(struct parser *p, struct rule *r)
{
	size_t anncap = 0;
	r->line = p->tok.line;
	r->col = p->tok.col;
	p->rule_id = NULL;
	while (p->tok.kind == T_AT)
		parse_annotation(p, r, &anncap);
	struct token eff = p->tok;
	if (is_ident(p, "permit")) {
		r->permit = 1;
	} else if (is_ident(p, "forbid")) {
		r->permit = 0;
	} else if (is_ident(p, "def")) {
		perr(p, eff.line, eff.col, "macros (`def cedar` / `def temporal`) are not supported yet");
	} else {
		unexpected(p, "`permit` or `forbid`");
	}
	next(p);
	expect(p, T_LPAREN, "`(` after the effect");
	int seen[3] = { 0, 0, 0 };
	while (p->tok.kind != T_RPAREN) {
		parse_scope_var(p, r, seen);
		if (p->tok.kind != T_COMMA)
			break;
		next(p);
	}
	expect(p, T_RPAREN, "`,` or `)` to close the scope");
	size_t cap = 0;
	for (;;) {
		struct token ct = p->tok;
		int when;
		if (is_ident(p, "when"))
			when = 1;
		else if (is_ident(p, "unless"))
			when = 0;
		else
			break;
		next(p);
		struct expr *body;
		if (is_ident(p, "temporal")) {
			if (!p->temporal)
				temporal_refused(p, &ct);
			struct token tt = p->tok;
			next(p);
			if (p->tok.kind != T_LBRACE)
				unexpected(p, "`{` after `temporal`");
			body = temporal_block(p, &tt);
		} else {
			if (is_ident(p, "guardrails"))
				next(p);
			expect(p, T_LBRACE, when ? "`{` after `when`" : "`{` after `unless`");
			if (p->tok.kind == T_RBRACE)
				perr(p, p->tok.line, p->tok.col, "a condition body cannot be empty");
			body = parse_expr(p);
			expect(p, T_RBRACE, "`}` to close the condition, or an operator");
		}
		if (r->nclauses == cap) {
			size_t ncap = cap ? cap * 2 : 2;
			struct clause *nc = arena_array(p->a, ncap, sizeof *nc);
			if (r->nclauses)
				memcpy(nc, r->clauses, r->nclauses * sizeof *nc);
			r->clauses = nc;
			cap = ncap;
		}
		r->clauses[r->nclauses].when = when;
		r->clauses[r->nclauses++].body = body;
	}
	if (p->tok.kind != T_SEMI)
		unexpected(p, "`;` to end the policy, or `when`/`unless` to add a condition");
	next(p);
	/* scope && clauses, in source order */
	struct expr *c = NULL;
	c = and_join(p, r, c, scope_expr(p, r, VAR_PRINCIPAL, &r->principal));
	c = and_join(p, r, c, scope_expr(p, r, VAR_ACTION, &r->action));
	c = and_join(p, r, c, scope_expr(p, r, VAR_RESOURCE, &r->resource));
	for (size_t i = 0; i < r->nclauses; i++) {
		struct expr *b = r->clauses[i].body;
		if (!r->clauses[i].when) {
			struct token at = { T_IDENT, NULL, 0, b->line, b->col };
			b = node2(p, X_NOT, &at, b, NULL);
		}
		c = and_join(p, r, c, b);
	}
	if (c == NULL) {
		struct token at = { T_IDENT, NULL, 0, r->line, r->col };
		c = node(p, X_LIT, &at);
		c->lit = &value_true;
	}
	r->cond = c;
}

static int parse_text(struct arena *a, const char *text, size_t len, const char *name,
                      struct temporal_set *temporal, struct macro_table *macros,
                      struct policy_set *out, char *err, size_t errlen);

int parse_policy_set(struct arena *a, const char *text, size_t len, const char *name,
                     struct policy_set *out, char *err, size_t errlen)
{
	return parse_text(a, text, len, name, NULL, NULL, out, err, errlen);
}

/* The parse proper, over text the macros' definitions are out of. */
static int parse_text(struct arena *a, const char *text, size_t len, const char *name,
                      struct temporal_set *temporal, struct macro_table *macros,
                      struct policy_set *out, char *err, size_t errlen)
{
	struct parser p;
	memset(&p, 0, sizeof p);
	p.a = a;
	p.temporal = temporal;
	p.macros = macros;
	p.name = name ? name : "policy";
	p.err = err;
	p.errlen = errlen;
	out->rules = NULL;
	out->n = 0;
	volatile size_t cap = 0;
	if (setjmp(p.fail))
		return -1;
	lexer_init(&p.lx, text, len);
	/* a UTF-8 byte-order mark is accepted */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		p.lx.pos = 3;
	next(&p);
	while (p.tok.kind != T_EOF) {
		if (out->n == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			struct rule *nr = arena_array(a, ncap, sizeof *nr);
			if (out->n)
				memcpy(nr, out->rules, out->n * sizeof *nr);
			out->rules = nr;
			cap = ncap;
		}
		struct rule *r = &out->rules[out->n];
		memset(r, 0, sizeof *r);
		r->index = (int)out->n;
		p.rule_no = (int)out->n + 1;
		struct sha256 fp;
		sha256_init(&fp);
		p.fp = &fp;
		parse_rule(&p, r);
		p.fp = NULL;
		sha256_final(&fp, r->fingerprint);
		out->n++;
	}
	return 0;
}

int parse_policy_set_temporal(struct arena *a, const char *text, size_t len, const char *name,
                              struct temporal_set *temporal, struct policy_set *out, char *err, size_t errlen)
{
	if (!temporal)
		return parse_text(a, text, len, name, NULL, NULL, out, err, errlen);
	/* the `def`s come out of a copy of the text first */
	struct macro_table macros;
	memset(&macros, 0, sizeof macros);
	char *copy = arena_strdup(a, text, len);
	char msg[400];
	if (macro_collect(a, copy, len, &macros, msg, sizeof msg) != 0) {
		/* msg is "<line>:<col>: text": keep the usual shape */
		int l = 0, c = 0, used = 0;
		if (sscanf(msg, "%d:%d: %n", &l, &c, &used) >= 2 && used > 0)
			snprintf(err, errlen, "%s:%d:%d: failed to parse policy source: dogwood parse: %s",
			         name ? name : "policy", l, c, msg + used);
		else
			snprintf(err, errlen, "%s: failed to parse policy source: dogwood parse: %s", name ? name : "policy", msg);
		return -1;
	}
	return parse_text(a, copy, len, name, temporal, &macros, out, err, errlen);
}
