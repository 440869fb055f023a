/* parser.c -- entry point of the parser, token access, error reporting and
 * node allocation shared by the parser*.c files.
 *
 * The parser is hand-written recursive descent over the token array made
 * by tokenizer.c, following CPython 3.11's PEG grammar (Grammar/python.gram)
 * for precedence, legality and error messages.  Which error wins follows
 * CPython's pegen: a tokenizer error that CPython raises eagerly beats any
 * parser error; "'(' was never closed" wins when the parser got past the
 * line of the bracket; other tokenizer errors count only when the parser
 * reaches them.
 */
#include "worker/parse/parser_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uninorm.h>
#include <unistr.h>

/* ---- tokens -------------------------------------------------------------- */

static noreturn void fail_tokenizer(struct parser *p);

struct token *p_peek_at(struct parser *p, int ahead)
{
	int i = p->pos + ahead;
	if (i >= p->ntokens)
		i = p->ntokens - 1;
	if (i + 1 > p->fill)
		p->fill = i + 1;
	struct token *t = &p->tokens[i];
	if (t->type == T_ERRORTOKEN && i == p->ntokens - 1 && p->tok.err_kind != TOKERR_NONE)
		fail_tokenizer(p);
	return t;
}

struct token *p_peek(struct parser *p)
{
	return p_peek_at(p, 0);
}

struct token *p_next(struct parser *p)
{
	struct token *t = p_peek(p);
	if (p->pos < p->ntokens - 1)
		p->pos++;
	p->last = t;
	return t;
}

bool p_check(struct parser *p, enum token_type type)
{
	return p_peek(p)->type == type;
}

bool p_accept(struct parser *p, enum token_type type)
{
	if (!p_check(p, type))
		return false;
	p_next(p);
	return true;
}

struct token *p_expect(struct parser *p, enum token_type type)
{
	if (!p_check(p, type))
		p_fail_generic(p);
	return p_next(p);
}

struct token *p_expect_forced(struct parser *p, enum token_type type)
{
	struct token *t = p_peek(p);
	if (t->type != type)
		p_fail_token(p, t, "SyntaxError", "expected '%s'", token_spelling[type]);
	return p_next(p);
}

bool p_check_name(struct parser *p, const char *name)
{
	struct token *t = p_peek(p);
	return t->type == T_NAME && t->len == strlen(name) && memcmp(t->start, name, t->len) == 0;
}

/* Identifiers with non-ASCII characters are NFKC-normalised (PEP 3131). */
const char *p_identifier(struct parser *p, const struct token *t)
{
	bool ascii = true;
	for (size_t i = 0; i < t->len; i++)
		if ((unsigned char)t->start[i] >= 128)
			ascii = false;
	if (ascii)
		return p_strndup(p, t->start, t->len);
	size_t n = 0;
	uint8_t *norm = u8_normalize(UNINORM_NFKC, (const uint8_t *)t->start, t->len, NULL, &n);
	if (!norm)
		p_fail_memory(p);
	char *s = ast_arena_strndup(p->arena, (const char *)norm, n);
	free(norm);
	if (!s)
		p_fail_memory(p);
	return s;
}

/* ---- errors -------------------------------------------------------------- */

/* Depth of the f-string nesting chain: errors inside an f-string
 * expression are reported against the "(expr)" text, on the real line. */
static int line_shift(const struct parser *p)
{
	return p->outer ? p->fstring_line - 1 : 0;
}

static noreturn void unwind(struct parser *p)
{
	longjmp(*p->unwind, 1);
}

/* Records an error with byte columns on lines of this parser's buffer. */
static void record(struct parser *p, const char *type, int lineno, int col,
		   int end_lineno, int end_col, const char *msg)
{
	size_t len;
	const char *line = tokenizer_line(&p->tok, lineno, &len);
	int offset = utf8_char_count(line, (size_t)col < len ? (size_t)col : len) + 1;
	if ((size_t)col > len)
		offset += col - (int)len;
	int end_offset = 0;
	if (end_lineno > 0) {
		size_t elen;
		const char *eline = tokenizer_line(&p->tok, end_lineno, &elen);
		end_offset = utf8_char_count(eline, (size_t)end_col < elen ? (size_t)end_col : elen) + 1;
		if ((size_t)end_col > elen)
			end_offset += end_col - (int)elen;
	}
	int shift = line_shift(p);
	syntax_error_set(p->err, type, lineno + shift, offset,
			 end_lineno > 0 ? end_lineno + shift : 0, end_offset, line, len, "%s", msg);
}

static void vformat_error(struct parser *p, const char *type, int lineno, int col,
			  int end_lineno, int end_col, const char *fmt, va_list ap)
{
	char msg[320];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (p->outer && strcmp(type, "SyntaxError") == 0 && strncmp(msg, "f-string", 8) != 0) {
		char full[340];
		snprintf(full, sizeof full, "f-string: %s", msg);
		record(p, type, lineno, col, end_lineno, end_col, full);
	} else {
		record(p, type, lineno, col, end_lineno, end_col, msg);
	}
}

/* A token at end of input is reported like CPython: the last line, just
 * past its end. */
static bool at_eof(const struct parser *p, const struct token *t)
{
	return (t->type == T_ENDMARKER || t->type == T_DEDENT || t->type == T_ERRORTOKEN) &&
	       t->start >= p->tok.buf + p->tok.len;
}

noreturn void p_fail_token(struct parser *p, const struct token *t, const char *type,
			   const char *fmt, ...)
{
	int lineno = t->lineno, col = t->col, end_lineno = t->end_lineno, end_col = t->end_col;
	bool eof = at_eof(p, t);
	if (eof) {
		size_t len;
		lineno = end_lineno = p->tok.nlines > 0 ? p->tok.nlines : 1;
		tokenizer_line(&p->tok, lineno, &len);
		col = end_col = (int)len;
	}
	va_list ap;
	va_start(ap, fmt);
	vformat_error(p, type, lineno, col, end_lineno, end_col, fmt, ap);
	va_end(ap);
	if (eof)
		p->err->end_offset = -1;   /* CPython: no end for ENDMARKER */
	unwind(p);
}

noreturn void p_fail_range(struct parser *p, const char *type, const struct ast_pos *from,
			   const struct ast_pos *to, const char *fmt, ...)
{
	/* Node positions of f-string sub-parsers are shifted into the real
	 * source; undo that to report against the sub-source. */
	int lineno = from->lineno - line_shift(p), col = from->col_offset;
	int end_lineno = to->end_lineno - line_shift(p), end_col = to->end_col_offset;
	if (p->outer) {
		if (lineno == 1)
			col -= p->fstring_col - 1;
		if (end_lineno == 1)
			end_col -= p->fstring_col - 1;
	}
	va_list ap;
	va_start(ap, fmt);
	vformat_error(p, type, lineno, col, end_lineno, end_col, fmt, ap);
	va_end(ap);
	unwind(p);
}

noreturn void p_fail_generic(struct parser *p)
{
	struct token *t = p_peek(p);
	if (t->type == T_INDENT) {
		/* CPython reports the column after the indentation. */
		size_t len;
		const char *line = tokenizer_line(&p->tok, t->lineno, &len);
		int ws = 0;
		while ((size_t)ws < len && (line[ws] == ' ' || line[ws] == '\t' || line[ws] == '\014'))
			ws++;
		syntax_error_set(p->err, "IndentationError", t->lineno + line_shift(p),
				 utf8_char_count(line, (size_t)ws), 0, 0, line, len,
				 "unexpected indent");
		unwind(p);
	}
	if (t->type == T_DEDENT && !at_eof(p, t))
		p_fail_token(p, t, "IndentationError", "unexpected unindent");
	p_fail_token(p, t, "SyntaxError", "invalid syntax");
}

noreturn void p_fail_memory(struct parser *p)
{
	syntax_error_set(p->err, "MemoryError", 0, 0, 0, 0, NULL, 0, "%s", "");
	unwind(p);
}

noreturn void p_fail_depth(struct parser *p)
{
	syntax_error_set(p->err, "MemoryError", 0, 0, 0, 0, NULL, 0, "%s", "");
	unwind(p);
}

void p_enter(struct parser *p)
{
	if (++p->depth > PARSER_MAX_DEPTH)
		p_fail_depth(p);
}

void p_leave(struct parser *p)
{
	p->depth--;
}

/* The tokenizer's own error, reached by the parser. */
static noreturn void fail_tokenizer(struct parser *p)
{
	struct tokenizer *tok = &p->tok;
	if (tok->err_kind == TOKERR_UNCLOSED) {
		size_t len;
		const char *line = tokenizer_line(tok, tok->unclosed_lineno, &len);
		int offset = utf8_char_count(line, (size_t)tok->unclosed_col) + 1;
		syntax_error_set(p->err, "SyntaxError", tok->unclosed_lineno + line_shift(p),
				 offset, tok->unclosed_lineno + line_shift(p), 0, line, len,
				 "'%c' was never closed", tok->unclosed_char);
		unwind(p);
	}
	size_t len;
	const char *line = tokenizer_line(tok, tok->err_lineno, &len);
	const char *msg = tok->err_msg;
	char full[260];
	if (p->outer && strcmp(tok->err_type, "SyntaxError") == 0) {
		snprintf(full, sizeof full, "f-string: %s", msg);
		msg = full;
	}
	syntax_error_set(p->err, tok->err_type, tok->err_lineno + line_shift(p), tok->err_col,
			 tok->err_end_lineno + line_shift(p), tok->err_end_col, line, len, "%s", msg);
	unwind(p);
}

/* ---- nodes ---------------------------------------------------------------- */

void *p_alloc(struct parser *p, size_t size)
{
	void *m = ast_arena_alloc(p->arena, size);
	if (!m)
		p_fail_memory(p);
	return m;
}

char *p_strndup(struct parser *p, const char *s, size_t len)
{
	char *m = ast_arena_strndup(p->arena, s, len);
	if (!m)
		p_fail_memory(p);
	return m;
}

/* Shifts a sub-parser position into the real source. */
static void shift_pos(const struct parser *p, int *lineno, int *col)
{
	if (!p->outer)
		return;
	if (*lineno == 1)
		*col += p->fstring_col - 1;
	*lineno += p->fstring_line - 1;
}

/* From the start of `first` to the end of the last consumed token. */
struct ast_pos p_pos_from(struct parser *p, const struct token *first)
{
	struct ast_pos pos = { first->lineno, first->col, first->end_lineno, first->end_col };
	if (p->last) {
		pos.end_lineno = p->last->end_lineno;
		pos.end_col_offset = p->last->end_col;
	}
	shift_pos(p, &pos.lineno, &pos.col_offset);
	shift_pos(p, &pos.end_lineno, &pos.end_col_offset);
	return pos;
}

/* The range of the single token t. */
struct ast_pos p_token_pos(struct parser *p, const struct token *t)
{
	struct ast_pos pos = { t->lineno, t->col, t->end_lineno, t->end_col };
	shift_pos(p, &pos.lineno, &pos.col_offset);
	shift_pos(p, &pos.end_lineno, &pos.end_col_offset);
	return pos;
}

struct ast_pos p_pos_span(const struct ast_pos *a, const struct ast_pos *b)
{
	struct ast_pos pos = { a->lineno, a->col_offset, b->end_lineno, b->end_col_offset };
	return pos;
}

ast_expr *p_expr(struct parser *p, enum ast_expr_kind kind, struct ast_pos pos)
{
	ast_expr *e = p_alloc(p, sizeof *e);
	e->kind = kind;
	e->pos = pos;
	return e;
}

ast_stmt *p_stmt(struct parser *p, enum ast_stmt_kind kind, struct ast_pos pos)
{
	ast_stmt *s = p_alloc(p, sizeof *s);
	s->kind = kind;
	s->pos = pos;
	return s;
}

ast_pattern *p_pattern(struct parser *p, enum ast_pattern_kind kind, struct ast_pos pos)
{
	ast_pattern *pat = p_alloc(p, sizeof *pat);
	pat->kind = kind;
	pat->pos = pos;
	return pat;
}

void p_list_push(struct parser *p, struct p_list *l, void *item)
{
	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 4;
		if (cap < l->cap || cap > (1 << 28))
			p_fail_memory(p);
		void **items = p_alloc(p, (size_t)cap * sizeof *items);
		if (l->n)
			memcpy(items, l->items, (size_t)l->n * sizeof *items);
		l->items = items;
		l->cap = cap;
	}
	l->items[l->n++] = item;
}

/* Runs `rule` as a trial: on a syntax error, rewinds and returns NULL.
 * Out-of-memory and depth errors still propagate. */
void *p_try_rule(struct parser *p, void *(*rule)(struct parser *, void *), void *arg)
{
	jmp_buf jb;
	jmp_buf *saved = p->unwind;
	int pos = p->pos, depth = p->depth;
	const struct token *last = p->last;
	void *volatile result = NULL;
	p->probing++;
	p->unwind = &jb;
	if (setjmp(jb) == 0) {
		result = rule(p, arg);
	} else {
		result = NULL;
		p->probing--;
		p->unwind = saved;
		if (strcmp(p->err->type, "MemoryError") == 0 ||
		    strcmp(p->err->type, "RecursionError") == 0)
			unwind(p);
		syntax_error_clear(p->err);
		p->err->filename = p->filename;
		p->pos = pos;
		p->depth = depth;
		p->last = last;
		return NULL;
	}
	p->probing--;
	p->unwind = saved;
	return result;
}

/* ---- entry points ------------------------------------------------------------ */

/* Sets up `p` over `src`; false when out of memory. */
static bool parser_init(struct parser *p, ast_arena *arena, const char *src, size_t len,
			struct syntax_error *err, const char *filename)
{
	memset(p, 0, sizeof *p);
	p->arena = arena;
	p->err = err;
	p->filename = filename;
	if (!tokenize(&p->tok, arena, src, len))
		return false;
	p->tokens = p->tok.tokens;
	p->ntokens = p->tok.ntokens;
	return p->ntokens > 0;
}

/* CPython: after a parser error, an eagerly raised tokenizer error later
 * in the file wins, and so does an unclosed bracket on an earlier line. */
static void prefer_tokenizer_error(struct parser *p, struct syntax_error *err)
{
	struct tokenizer *tok = &p->tok;
	if (strcmp(err->type, "SyntaxError") != 0 && strcmp(err->type, "IndentationError") != 0 &&
	    strcmp(err->type, "TabError") != 0)
		return;
	if (tok->err_kind == TOKERR_RAISED) {
		syntax_error_clear(err);
		err->filename = p->filename;
		jmp_buf again;
		p->unwind = &again;
		if (setjmp(again) == 0)
			fail_tokenizer(p);
		return;
	}
	if (tok->err_kind == TOKERR_UNCLOSED) {
		int furthest = p->tokens[p->fill > 0 ? p->fill - 1 : 0].lineno;
		if (furthest > tok->unclosed_lineno) {
			syntax_error_clear(err);
			err->filename = p->filename;
			jmp_buf again;
			p->unwind = &again;
			if (setjmp(again) == 0)
				fail_tokenizer(p);
		}
	}
}

/* expressions: expression (',' expression)* [','] -- eval input allows no
 * starred items. */
static ast_expr *eval_expressions(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = p_expression(p);
	if (!p_check(p, T_COMMA))
		return e;
	struct p_list elts = { 0 };
	p_list_push(p, &elts, e);
	while (p_accept(p, T_COMMA)) {
		if (!p_starts_expression(p_peek(p)))
			break;
		p_list_push(p, &elts, p_expression(p));
	}
	ast_expr *t = p_expr(p, EXPR_Tuple, p_pos_from(p, first));
	P_SEQ(t->v.Tuple.elts, elts);
	t->v.Tuple.ctx = CTX_Load;
	return t;
}

static ast_mod *parse_mod(struct parser *p, enum parse_mode mode)
{
	ast_mod *mod = p_alloc(p, sizeof *mod);
	if (mode == PARSE_EVAL) {
		mod->kind = MOD_Expression;
		while (p_check(p, T_NEWLINE))
			p_next(p);
		mod->v.Expression.body = eval_expressions(p);
		while (p_check(p, T_NEWLINE))
			p_next(p);
		if (!p_check(p, T_ENDMARKER))
			p_fail_generic(p);
		return mod;
	}
	mod->kind = mode == PARSE_SINGLE ? MOD_Interactive : MOD_Module;
	ast_stmt_seq body = { 0, NULL };
	p_statements(p, &body);
	if (!p_check(p, T_ENDMARKER))
		p_fail_generic(p);
	if (mode == PARSE_SINGLE)
		mod->v.Interactive.body = body;
	else
		mod->v.Module.body = body;
	return mod;
}

static bool has_nul(const char *src, size_t len)
{
	return memchr(src, '\0', len) != NULL;
}

/* Returns the byte offset of the first invalid UTF-8 sequence, or -1. */
static long invalid_utf8_at(const char *src, size_t len)
{
	const uint8_t *bad = u8_check((const uint8_t *)src, len);
	return bad ? (long)((const char *)bad - src) : -1;
}

ast_mod *parse_source(ast_arena *arena, const char *src, size_t len,
		      const char *filename, enum parse_mode mode,
		      struct syntax_error *err)
{
	syntax_error_init(err);
	err->filename = filename;
	if (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) {
		src += 3;
		len -= 3;
	}
	if (has_nul(src, len)) {
		syntax_error_set(err, "ValueError", 0, 0, 0, 0, NULL, 0, "%s",
				 "source code string cannot contain null bytes");
		return NULL;
	}
	long bad = invalid_utf8_at(src, len);
	if (bad >= 0) {
		int lineno = 1;
		for (long i = 0; i < bad; i++)
			if (src[i] == '\n')
				lineno++;
		/* CPython reads files this way; the record carries no line so
		 * that only the message is shown. */
		syntax_error_set(err, "SyntaxError", 0, 0, 0, 0, NULL, 0,
				 "Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, "
				 "but no encoding declared; see https://peps.python.org/pep-0263/ for details",
				 (unsigned char)src[bad], filename ? filename : "<string>", lineno);
		return NULL;
	}
	struct parser *p = ast_arena_alloc(arena, sizeof *p);
	if (!p || !parser_init(p, arena, src, len, err, filename)) {
		syntax_error_set(err, "MemoryError", 0, 0, 0, 0, NULL, 0, "%s", "");
		return NULL;
	}
	jmp_buf jb;
	p->unwind = &jb;
	if (setjmp(jb) != 0) {
		prefer_tokenizer_error(p, err);
		return NULL;
	}
	if (p->tok.err_kind == TOKERR_RAISED)
		fail_tokenizer(p);
	ast_mod *mod = parse_mod(p, mode);
	p_check_tree_depth(p, mod);
	return mod;
}

/* Parses an f-string replacement field's expression: CPython 3.11 wraps
 * the text in parentheses and parses it as an expression. */
ast_expr *p_fstring_expression(struct parser *p, const char *text, size_t len,
			       int line, int col)
{
	size_t n;
	if (__builtin_add_overflow(len, 3, &n))
		p_fail_memory(p);
	char *buf = p_alloc(p, n);
	buf[0] = '(';
	memcpy(buf + 1, text, len);
	buf[len + 1] = ')';
	buf[len + 2] = '\0';
	struct parser *sub = p_alloc(p, sizeof *sub);
	if (!parser_init(sub, p->arena, buf, len + 2, p->err, p->filename))
		p_fail_memory(p);
	sub->outer = p;
	sub->fstring_line = line;
	sub->fstring_col = col;
	sub->depth = p->depth;
	jmp_buf jb;
	sub->unwind = &jb;
	if (setjmp(jb) != 0) {
		prefer_tokenizer_error(sub, p->err);
		unwind(p);
	}
	if (sub->tok.err_kind == TOKERR_RAISED)
		fail_tokenizer(sub);
	ast_expr *e = p_star_expressions(sub);
	while (p_check(sub, T_NEWLINE))
		p_next(sub);
	if (!p_check(sub, T_ENDMARKER))
		p_fail_generic(sub);
	return e;
}
