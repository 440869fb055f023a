/* macro.c -- Dogwood's `def cedar` / `def temporal` macros: taking the
 * definitions out of the policy text and expanding calls by substitution
 * of their arguments' text (see macro.h). */
#include "broker/policy/macro.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/lexer.h"

enum { MAX_PARAMS = MACRO_MAX_PARAMS, MAX_EXPANSION_DEPTH = 16 };

static int merr(char *err, size_t errlen, const struct token *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int merr(char *err, size_t errlen, const struct token *at, const char *fmt, ...)
{
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%d:%d: %s", at ? at->line : 1, at ? at->col : 1, msg);
	return -1;
}

static int tok_is(const struct token *t, const char *w)
{
	return t->kind == T_IDENT && t->n == strlen(w) && memcmp(t->p, w, t->n) == 0;
}

const struct macro *macro_find(const struct macro_table *t, const char *name, size_t n)
{
	for (size_t i = 0; t && i < t->n; i++)
		if (strlen(t->v[i].name) == n && memcmp(t->v[i].name, name, n) == 0)
			return &t->v[i];
	return NULL;
}

/* ---- a growing output text -------------------------------------------------- */

struct out {
	char *p;
	size_t n, cap;
	int failed;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->failed)
		return;
	if (o->n + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 256;
		while (o->n + n + 1 > cap)
			cap *= 2;
		char *q = realloc(o->p, cap);
		if (!q) {
			o->failed = 1;
			return;
		}
		o->p = q;
		o->cap = cap;
	}
	memcpy(o->p + o->n, s, n);
	o->n += n;
	o->p[o->n] = 0;
}

static char *finish(struct arena *a, struct out *o, size_t *outlen, char *err, size_t errlen)
{
	if (o->failed) {
		free(o->p);
		snprintf(err, errlen, "out of memory expanding a macro");
		return NULL;
	}
	char *s = arena_strdup(a, o->p ? o->p : "", o->n);
	*outlen = o->n;
	free(o->p);
	return s;
}

/* ---- definitions --------------------------------------------------------------- */

/* After `def`: cedar|temporal NAME(?a, ..) { body } ;  -- fills m, leaves
 * the lexer after the `;`. */
static int definition(struct arena *a, struct lexer *lx, const struct token *def, struct macro *m,
                      const char **semi_end, char *err, size_t errlen)
{
	struct token t = lexer_next(lx);
	if (!tok_is(&t, "cedar") && !tok_is(&t, "temporal"))
		return merr(err, errlen, &t, "expected `cedar` or `temporal` after `def`");
	m->temporal = tok_is(&t, "temporal");
	m->line = def->line;
	t = lexer_next(lx);
	if (t.kind != T_IDENT)
		return merr(err, errlen, &t, "expected the macro's name after `def %s`", m->temporal ? "temporal" : "cedar");
	m->name = arena_strdup(a, t.p, t.n);
	t = lexer_next(lx);
	if (t.kind != T_LPAREN)
		return merr(err, errlen, &t, "expected `(` and the parameters of macro `%s`", m->name);
	const char *params[MAX_PARAMS];
	size_t np = 0;
	t = lexer_next(lx);
	while (t.kind != T_RPAREN) {
		if (t.kind != T_QUESTION)
			return merr(err, errlen, &t, "macro `%s`: a parameter is written `?name`", m->name);
		t = lexer_next(lx);
		if (t.kind != T_IDENT)
			return merr(err, errlen, &t, "macro `%s`: expected a parameter name after `?`", m->name);
		if (np == MAX_PARAMS)
			return merr(err, errlen, &t, "macro `%s` has too many parameters", m->name);
		for (size_t i = 0; i < np; i++)
			if (strlen(params[i]) == t.n && memcmp(params[i], t.p, t.n) == 0)
				return merr(err, errlen, &t, "macro `%s` names parameter `?%.*s` twice", m->name, (int)t.n, t.p);
		params[np++] = arena_strdup(a, t.p, t.n);
		t = lexer_next(lx);
		if (t.kind == T_COMMA)
			t = lexer_next(lx);
		else if (t.kind != T_RPAREN)
			return merr(err, errlen, &t, "macro `%s`: expected `,` or `)` in the parameter list", m->name);
	}
	m->params = arena_array(a, np ? np : 1, sizeof *m->params);
	memcpy(m->params, params, np * sizeof *params);
	m->nparams = np;
	t = lexer_next(lx);
	if (t.kind != T_LBRACE)
		return merr(err, errlen, &t, "expected `{` and the body of macro `%s`", m->name);
	const char *body = t.p + 1;
	int depth = 1;
	for (;;) {
		t = lexer_next(lx);
		if (t.kind == T_EOF)
			return merr(err, errlen, def, "the body of macro `%s` is not closed", m->name);
		if (t.kind == T_ERROR)
			return merr(err, errlen, &t, "%s", lx->err ? lx->err : "invalid character");
		if (t.kind == T_LBRACE)
			depth++;
		else if (t.kind == T_RBRACE && --depth == 0)
			break;
	}
	m->body = body;
	m->bodylen = (size_t)(t.p - body);
	const char *b = body;
	while (b < t.p && (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r'))
		b++;
	if (b == t.p)
		return merr(err, errlen, def, "macro `%s` has an empty body", m->name);
	t = lexer_next(lx);
	if (t.kind != T_SEMI)
		return merr(err, errlen, &t, "expected `;` after the body of macro `%s`", m->name);
	*semi_end = t.p + 1;
	return 0;
}

/* Adds m to the table (growing it in the arena). */
static void append_macro(struct arena *a, struct macro_table *tab, size_t *cap, const struct macro *m)
{
	if (tab->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct macro *v = arena_array(a, ncap, sizeof *v);
		if (tab->n)
			memcpy(v, tab->v, tab->n * sizeof *v);
		tab->v = v;
		*cap = ncap;
	}
	tab->v[tab->n++] = *m;
}

/* ---- the default library ------------------------------------------------------ */

/* Dogwood's standard library (its DEFAULT_MACROS, described in the
 * Dogwood guide, "Macros" > "The macro library"): four temporal macros
 * every policy can call without a `def`.  The aggregates count or sum
 * per timepoint ($t), so equal values at different events all count;
 * count_distinct_within counts distinct keys instead. */
static const char library_text[] =
	/* the number of timepoints within ?w at which ?s held */
	"def temporal count_within(?w, ?s) {\n"
	"  count for ($t: Timepoint). where (formerly within ?w (?s && tp($t)))\n"
	"};\n"
	/* the sum of ?a over the events within ?w at which ?body held */
	"def temporal sum_within(?a, ?w, ?body) {\n"
	"  sum ?a for (?a: Long), ($t: Timepoint). where (formerly within ?w (?body && tp($t)))\n"
	"};\n"
	/* the number of distinct String keys ?k for which ?s held within ?w */
	"def temporal count_distinct_within(?k, ?w, ?s) {\n"
	"  count for (?k: String). where (formerly within ?w ?s)\n"
	"};\n"
	/* names the aggregate ?A as ?n in the condition ?B */
	"def temporal bind(?n, ?A, ?B) {\n"
	"  exists (?n: Long). (?A == ?n && ?B)\n"
	"};\n";

const char *macro_library_text(void)
{
	return library_text;
}

/* The library's definitions whose names the policy did not define itself
 * (a policy's own `def` of a library name replaces the library's). */
static int add_library(struct arena *a, struct macro_table *tab, size_t *cap, char *err, size_t errlen)
{
	size_t len = sizeof library_text - 1;
	char *text = arena_strdup(a, library_text, len);
	struct lexer lx;
	lexer_init(&lx, text, len);
	size_t user = tab->n;
	for (;;) {
		struct token t = lexer_next(&lx);
		if (t.kind == T_EOF)
			return 0;
		struct macro m;
		memset(&m, 0, sizeof m);
		const char *end = t.p;
		if (!tok_is(&t, "def") || definition(a, &lx, &t, &m, &end, err, errlen) != 0) {
			snprintf(err, errlen, "1:1: the built-in macro library does not parse");
			return -1;
		}
		m.line = 0;
		m.library = 1;
		int overridden = 0;
		for (size_t i = 0; i < user; i++)
			overridden |= strcmp(tab->v[i].name, m.name) == 0;
		if (!overridden)
			append_macro(a, tab, cap, &m);
	}
}

int macro_collect(struct arena *a, char *text, size_t len, struct macro_table *tab, char *err, size_t errlen)
{
	struct lexer lx;
	lexer_init(&lx, text, len);
	int depth = 0, stmt_start = 1;
	size_t cap = 0;
	for (;;) {
		struct token t = lexer_next(&lx);
		if (t.kind == T_EOF || t.kind == T_ERROR)
			break;         /* the parser reports lexical errors */
		if (depth == 0 && stmt_start && tok_is(&t, "def")) {
			struct macro m;
			memset(&m, 0, sizeof m);
			const char *end = t.p;
			if (definition(a, &lx, &t, &m, &end, err, errlen) != 0)
				return -1;
			if (macro_find(tab, m.name, strlen(m.name)))
				return merr(err, errlen, &t, "macro `%s` is defined twice", m.name);
			/* the body must survive the blanking: keep a copy */
			m.body = arena_strdup(a, m.body, m.bodylen);
			append_macro(a, tab, &cap, &m);
			for (char *c = (char *)t.p; c < end; c++)
				if (*c != '\n')
					*c = ' ';
			continue;
		}
		switch (t.kind) {
		case T_LBRACE: case T_LPAREN: case T_LBRACKET: depth++; break;
		case T_RBRACE: case T_RPAREN: case T_RBRACKET: if (depth) depth--; break;
		default: break;
		}
		stmt_start = depth == 0 && t.kind == T_SEMI;
	}
	if (add_library(a, tab, &cap, err, errlen) != 0)
		return -1;
	/* a body cannot call a macro (the library's included) */
	for (size_t i = 0; i < tab->n; i++) {
		struct lexer bl;
		lexer_init(&bl, tab->v[i].body, tab->v[i].bodylen);
		struct token prev = { T_EOF, NULL, 0, 0, 0 }, before = prev;
		for (;;) {
			struct token t = lexer_next(&bl);
			if (t.kind == T_EOF || t.kind == T_ERROR)
				break;
			/* NAME( is a call; ?NAME ( and $NAME ( are a parameter and a binder */
			int sigil = (before.kind == T_QUESTION || before.kind == T_DOLLAR) && before.p + 1 == prev.p;
			const struct macro *callee = t.kind == T_LPAREN && prev.kind == T_IDENT && !sigil
			                             ? macro_find(tab, prev.p, prev.n) : NULL;
			if (callee) {
				struct token at = { T_IDENT, NULL, 0, tab->v[i].line, 1 };
				return merr(err, errlen, &at, "macro `%s` calls macro `%.*s`%s: a macro body cannot call a macro",
				            tab->v[i].name, (int)prev.n, prev.p,
				            callee->library ? " (from the default library)" : "");
			}
			before = prev;
			prev = t;
		}
	}
	return 0;
}

/* ---- expansion ------------------------------------------------------------------- */

static int one_token(const char *s, size_t n)
{
	struct lexer lx;
	lexer_init(&lx, s, n);
	struct token t = lexer_next(&lx);
	if (t.kind == T_EOF || t.kind == T_ERROR)
		return 0;
	return lexer_next(&lx).kind == T_EOF;
}

char *macro_expand(struct arena *a, struct macro_table *tab, const struct macro *m, const char *const *args,
                   const size_t *arglens, size_t nargs, size_t *outlen, char *err, size_t errlen)
{
	if (nargs != m->nparams) {
		snprintf(err, errlen, "macro `%s` takes %zu argument%s, %zu given", m->name, m->nparams,
		         m->nparams == 1 ? "" : "s", nargs);
		return NULL;
	}
	int fresh = ++tab->fresh;
	struct out o = { NULL, 0, 0, 0 };
	struct lexer lx;
	lexer_init(&lx, m->body, m->bodylen);
	size_t pos = 0;
	for (;;) {
		struct token t = lexer_next(&lx);
		if (t.kind == T_EOF || t.kind == T_ERROR)
			break;
		if (t.kind != T_QUESTION && t.kind != T_DOLLAR)
			continue;
		struct lexer save = lx;
		struct token id = lexer_next(&lx);
		if (id.kind != T_IDENT || id.p != t.p + 1) {
			lx = save;
			continue;
		}
		put(&o, m->body + pos, (size_t)(t.p - (m->body + pos)));
		pos = (size_t)(id.p + id.n - m->body);
		if (t.kind == T_DOLLAR) {
			char name[96];
			int k = snprintf(name, sizeof name, "__m%d_%.*s", fresh, (int)(id.n > 60 ? 60 : id.n), id.p);
			put(&o, name, (size_t)k);
			continue;
		}
		size_t i = 0;
		while (i < m->nparams && !(strlen(m->params[i]) == id.n && memcmp(m->params[i], id.p, id.n) == 0))
			i++;
		if (i == m->nparams) {
			free(o.p);
			snprintf(err, errlen, "macro `%s` uses `?%.*s`, which is not one of its parameters", m->name,
			         (int)id.n, id.p);
			return NULL;
		}
		/* a Cedar argument keeps its own precedence in parentheses,
		 * unless it is one token (a literal stays a literal: `like`
		 * takes a string, not an expression) */
		int wrap = !m->temporal && !one_token(args[i], arglens[i]);
		if (wrap)
			put(&o, "(", 1);
		put(&o, args[i], arglens[i]);
		if (wrap)
			put(&o, ")", 1);
	}
	put(&o, m->body + pos, m->bodylen - pos);
	return finish(a, &o, outlen, err, errlen);
}

/* The arguments of a call whose `(` was just read from lx: raw texts
 * between top-level commas, up to the matching `)`. */
int macro_call_args(struct lexer *lx, const char *open, const char **args, size_t *lens, size_t *nargs,
                    char *err, size_t errlen)
{
	int depth = 0;
	const char *start = open + 1;
	size_t n = 0;
	struct token t;
	for (;;) {
		t = lexer_next(lx);
		if (t.kind == T_EOF)
			return merr(err, errlen, NULL, "a macro call is not closed with `)`");
		if (t.kind == T_ERROR)
			return merr(err, errlen, &t, "%s", lx->err ? lx->err : "invalid character");
		if (t.kind == T_LPAREN || t.kind == T_LBRACE || t.kind == T_LBRACKET) {
			depth++;
		} else if ((t.kind == T_RPAREN && depth == 0) || (t.kind == T_COMMA && depth == 0)) {
			const char *end = t.p;
			if (t.kind == T_RPAREN && n == 0 && end == start) {
				/* f() */
			} else {
				if (n == MAX_PARAMS)
					return merr(err, errlen, &t, "too many arguments in a macro call");
				args[n] = start;
				lens[n++] = (size_t)(end - start);
			}
			start = t.p + 1;
			if (t.kind == T_RPAREN)
				break;
		} else if (t.kind == T_RPAREN || t.kind == T_RBRACE || t.kind == T_RBRACKET) {
			depth--;
		}
	}
	*nargs = n;
	return 0;
}

static char *expand_temporal(struct arena *a, struct macro_table *tab, const char *text, size_t len,
                             size_t *outlen, int level, char *err, size_t errlen)
{
	if (level > MAX_EXPANSION_DEPTH) {
		snprintf(err, errlen, "macro calls nested too deeply");
		return NULL;
	}
	struct out o = { NULL, 0, 0, 0 };
	struct lexer lx;
	lexer_init(&lx, text, len);
	size_t pos = 0;
	for (;;) {
		struct token t = lexer_next(&lx);
		if (t.kind == T_EOF || t.kind == T_ERROR)
			break;
		const struct macro *m = t.kind == T_IDENT ? macro_find(tab, t.p, t.n) : NULL;
		if (!m)
			continue;
		struct lexer save = lx;
		struct token open = lexer_next(&lx);
		if (open.kind != T_LPAREN) {
			lx = save;
			continue;
		}
		if (!m->temporal) {
			free(o.p);
			merr(err, errlen, &t, "`%s` is a Cedar macro (def cedar): call it in a `when { }` condition, "
			     "not inside temporal { }", m->name);
			return NULL;
		}
		const char *args[MAX_PARAMS];
		size_t lens[MAX_PARAMS], nargs;
		if (macro_call_args(&lx, open.p, args, lens, &nargs, err, errlen) != 0) {
			free(o.p);
			return NULL;
		}
		/* where the call ends: just after its `)` */
		const char *call_end = text + lx.pos;
		for (size_t i = 0; i < nargs; i++) {
			size_t n;
			char *x = expand_temporal(a, tab, args[i], lens[i], &n, level + 1, err, errlen);
			if (!x) {
				free(o.p);
				return NULL;
			}
			args[i] = x;
			lens[i] = n;
		}
		size_t n;
		char *body = macro_expand(a, tab, m, args, lens, nargs, &n, err, errlen);
		if (!body) {
			free(o.p);
			return NULL;
		}
		put(&o, text + pos, (size_t)(t.p - (text + pos)));
		put(&o, body, n);
		pos = (size_t)(call_end - text);
	}
	put(&o, text + pos, len - pos);
	return finish(a, &o, outlen, err, errlen);
}

char *macro_expand_temporal(struct arena *a, struct macro_table *tab, const char *text, size_t len,
                            size_t *outlen, char *err, size_t errlen)
{
	return expand_temporal(a, tab, text, len, outlen, 0, err, errlen);
}
