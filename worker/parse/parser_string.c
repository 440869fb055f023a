/* parser_string.c -- literals: numbers, string and bytes literals with
 * their escapes, implicit concatenation, and f-strings (3.11 rules: the
 * string token is split into literal parts and replacement fields whose
 * expressions are parsed by a sub-parser, conversions, '=' and nested
 * format specs).
 */
#include "common/ascii.h"
#include "common/utf8.h"
#include "worker/parse/parser_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uniname.h>
#include <unistr.h>

#include "worker/text/text_unidata.h"

/* ---- numbers --------------------------------------------------------------- */

/* Decimal digits of an unsigned number given in `base` (digits already
 * without underscores/prefix), via base-1e9 limbs. */
static char *to_decimal(struct parser *p, const char *digits, size_t n, int base)
{
	size_t cap = n + 2;
	uint32_t *limbs = p_alloc(p, cap * sizeof *limbs);   /* little-endian, base 1e9 */
	size_t used = 1;
	for (size_t i = 0; i < n; i++) {
		int c = digits[i];
		uint32_t d = (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
		uint64_t carry = d;
		for (size_t k = 0; k < used; k++) {
			uint64_t v = (uint64_t)limbs[k] * (uint64_t)base + carry;
			limbs[k] = (uint32_t)(v % 1000000000u);
			carry = v / 1000000000u;
		}
		if (carry && used < cap)
			limbs[used++] = (uint32_t)carry;
	}
	char *out = p_alloc(p, used * 9 + 1);
	size_t len = (size_t)sprintf(out, "%u", limbs[used - 1]);
	for (size_t k = used - 1; k-- > 0;)
		len += (size_t)sprintf(out + len, "%09u", limbs[k]);
	return out;
}

ast_expr *p_number(struct parser *p, const struct token *t)
{
	char *text = p_alloc(p, t->len + 1);
	size_t n = 0;
	for (size_t i = 0; i < t->len; i++)
		if (t->start[i] != '_')
			text[n++] = t->start[i];
	text[n] = '\0';
	ast_expr *e = p_expr(p, EXPR_Constant, p_pos_from(p, t));
	struct ast_constant *c = &e->v.Constant.value;
	bool radix = n > 1 && text[0] == '0' && strchr("xXoObB", text[1]);
	char last = text[n - 1];
	if (!radix && (last == 'j' || last == 'J')) {
		text[n - 1] = '\0';
		c->kind = CONST_Complex;
		c->v.imag = strtod(text, NULL);
		return e;
	}
	if (!radix && (strchr(text, '.') || strchr(text, 'e') || strchr(text, 'E'))) {
		c->kind = CONST_Float;
		c->v.f = strtod(text, NULL);
		return e;
	}
	c->kind = CONST_Int;
	int base = 10;
	const char *digits = text;
	if (radix) {
		char b = (char)(text[1] | 0x20);
		base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
		digits = text + 2;
	}
	while (digits[0] == '0' && digits[1])
		digits++;
	size_t nd = strlen(digits);
	if (base == 10 && nd > 4300) {
		p_fail_token(p, t, "SyntaxError",
			     "Exceeds the limit (4300 digits) for integer string conversion: value has %zu digits; "
			     "use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for big integer literals.",
			     nd);
	}
	/* Small values: accumulate with overflow checks. */
	uint64_t v = 0;
	bool big = false;
	for (size_t i = 0; i < nd && !big; i++) {
		int ch = digits[i];
		uint64_t d = (uint64_t)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
		if (__builtin_mul_overflow(v, (uint64_t)base, &v) || __builtin_add_overflow(v, d, &v))
			big = true;
	}
	if (!big && v > (uint64_t)INT64_MAX)
		big = true;
	c->v.i.big = big;
	c->v.i.small = big ? 0 : (int64_t)v;
	if (base == 10)
		c->v.i.digits = p_strndup(p, digits, nd);
	else
		c->v.i.digits = to_decimal(p, digits, nd, base);
	return e;
}

/* ---- growable byte buffer ------------------------------------------------------- */

struct sbuf {
	char *data;
	size_t len, cap;
};

static void sb_put(struct parser *p, struct sbuf *b, const void *s, size_t n)
{
	if (b->cap - b->len < n + 1) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap - b->len < n + 1) {
			if (__builtin_mul_overflow(cap, 2, &cap))
				p_fail_memory(p);
		}
		char *d = p_alloc(p, cap);
		if (b->len)
			memcpy(d, b->data, b->len);
		b->data = d;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void sb_putc(struct parser *p, struct sbuf *b, char c)
{
	sb_put(p, b, &c, 1);
}

/* Appends a code point as UTF-8; surrogates as 3-byte WTF-8. */
static void sb_put_codepoint(struct parser *p, struct sbuf *b, uint32_t cp)
{
	char u[4];
	sb_put(p, b, u, box_utf8_encode(cp, u));
}

/* ---- escapes ------------------------------------------------------------------- */

/* Errors in literals are reported, like CPython, at the token after the
 * string(s). */
static noreturn void string_error(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static noreturn void string_error(struct parser *p, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	p_fail_token(p, p_peek(p), "SyntaxError", "%s", msg);
}

/* Decodes `s[0..n)` with Python's escapes into b.  `bytes`: b'' rules. */
static void decode_escapes(struct parser *p, struct sbuf *b, const char *s, size_t n, bool bytes)
{
	size_t i = 0;
	while (i < n) {
		const char *bs = memchr(s + i, '\\', n - i);
		size_t run = bs ? (size_t)(bs - (s + i)) : n - i;
		sb_put(p, b, s + i, run);
		i += run;
		if (i >= n)
			break;
		size_t esc = i;        /* position of the backslash (in the body) */
		i++;
		if (i >= n) {
			/* only in an f-string literal part before '{' ("\\{x}") */
			(void)esc;
			sb_putc(p, b, '\\');
			break;
		}
		char c = s[i++];
		switch (c) {
		case '\n': break;
		case '\\': sb_putc(p, b, '\\'); break;
		case '\'': sb_putc(p, b, '\''); break;
		case '"': sb_putc(p, b, '"'); break;
		case 'a': sb_putc(p, b, '\a'); break;
		case 'b': sb_putc(p, b, '\b'); break;
		case 'f': sb_putc(p, b, '\f'); break;
		case 'n': sb_putc(p, b, '\n'); break;
		case 'r': sb_putc(p, b, '\r'); break;
		case 't': sb_putc(p, b, '\t'); break;
		case 'v': sb_putc(p, b, '\v'); break;
		case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
			uint32_t v = (uint32_t)(c - '0');
			for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++)
				v = v * 8 + (uint32_t)(s[i++] - '0');
			if (bytes)
				sb_putc(p, b, (char)(v & 0xFF));
			else
				sb_put_codepoint(p, b, v);
			break;
		}
		case 'x': case 'u': case 'U': {
			if (bytes && c != 'x') {
				sb_putc(p, b, '\\');
				sb_putc(p, b, c);
				break;
			}
			int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
			uint32_t v = 0;
			int got = 0;
			while (got < want && i < n && box_hex_value(s[i]) >= 0) {
				v = v * 16 + (uint32_t)box_hex_value(s[i++]);
				got++;
			}
			if (got < want) {
				if (bytes)
					string_error(p, "(value error) invalid \\x escape at position %zu", esc);
				string_error(p, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: truncated \\%s escape",
					     esc, i - 1, c == 'x' ? "xXX" : c == 'u' ? "uXXXX" : "UXXXXXXXX");
			}
			if (bytes) {
				sb_putc(p, b, (char)v);
			} else {
				if (v > 0x10FFFF)
					string_error(p, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: illegal Unicode character",
						     esc, i - 1);
				sb_put_codepoint(p, b, v);
			}
			break;
		}
		case 'N': {
			if (bytes) {
				sb_putc(p, b, '\\');
				sb_putc(p, b, 'N');
				break;
			}
			const char *close = i < n && s[i] == '{' ? memchr(s + i, '}', n - i) : NULL;
			if (!close || close == s + i + 1) {
				/* CPython's end: before "}" of "\N{}", the end of the
				 * text when "}" is missing, else just after the N */
				size_t endpos = close ? (size_t)(close - s) - 1 : i < n && s[i] == '{' ? n - 1 : i - 1;
				string_error(p, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: malformed \\N character escape",
					     esc, endpos);
			}
			/* names as unicodedata.lookup() takes them (any case,
			 * aliases such as BEL or NBSP), but not named sequences */
			size_t len = (size_t)(close - (s + i + 1));
			uint32_t cp = UNINAME_INVALID;
			struct text_error terr;
			if (text_ud_lookup_cp(s + i + 1, len, &cp, &terr) != TEXT_OK)
				cp = UNINAME_INVALID;
			if (cp == UNINAME_INVALID)
				string_error(p, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: unknown Unicode character name",
					     esc, (size_t)(close - s));
			sb_put_codepoint(p, b, cp);
			i = (size_t)(close - s) + 1;
			break;
		}
		default:
			/* Unknown escapes keep the backslash (a DeprecationWarning in
			 * CPython 3.11). */
			sb_putc(p, b, '\\');
			i--;
			break;
		}
	}
}

/* ---- string tokens ----------------------------------------------------------------- */

struct str_token {
	bool raw, bytes, fmt, u;
	const char *body;               /* between the quotes */
	size_t len;
	int quote_size;
};

static void split_token(const struct token *t, struct str_token *st)
{
	memset(st, 0, sizeof *st);
	size_t i = 0;
	while (t->start[i] != '\'' && t->start[i] != '"') {
		switch (t->start[i] | 0x20) {
		case 'r': st->raw = true; break;
		case 'b': st->bytes = true; break;
		case 'f': st->fmt = true; break;
		case 'u': st->u = true; break;
		}
		i++;
	}
	char q = t->start[i];
	st->quote_size = (i + 2 < t->len && t->start[i + 1] == q && t->start[i + 2] == q &&
			  t->len - i >= 6) ? 3 : 1;
	st->body = t->start + i + st->quote_size;
	st->len = t->len - i - 2 * (size_t)st->quote_size;
}

/* JoinedStr values under construction: literal text accumulates in `lit`
 * and is flushed as one Constant before each FormattedValue. */
struct fparts {
	struct p_list values;
	struct sbuf lit;
	bool have_lit;
	struct ast_pos pos;             /* position given to parts (the whole literal) */
	const char *kind;
};

static void flush_literal(struct parser *p, struct fparts *fp)
{
	if (!fp->have_lit || fp->lit.len == 0) {
		fp->have_lit = false;
		fp->lit.len = 0;
		return;
	}
	ast_expr *c = p_expr(p, EXPR_Constant, fp->pos);
	c->v.Constant.value.kind = CONST_Str;
	c->v.Constant.value.v.s.data = p_strndup(p, fp->lit.data, fp->lit.len);
	c->v.Constant.value.v.s.len = fp->lit.len;
	c->v.Constant.kind = fp->kind;
	fp->kind = NULL;
	p_list_push(p, &fp->values, c);
	fp->lit = (struct sbuf){ 0 };
	fp->have_lit = false;
}

static void add_literal(struct parser *p, struct fparts *fp, const char *s, size_t n, bool raw)
{
	fp->have_lit = true;
	if (raw)
		sb_put(p, &fp->lit, s, n);
	else
		decode_escapes(p, &fp->lit, s, n, false);
}

/* Line and byte column of `at`, a pointer into this parser's buffer. */
static void locate(struct parser *p, const struct token *t, const char *at, int *line, int *col)
{
	*line = t->lineno;
	*col = t->col;
	const char *line_start = t->start - t->col;
	for (const char *q = t->start; q < at; q++) {
		if (*q == '\n') {
			(*line)++;
			line_start = q + 1;
		}
	}
	*col = (int)(at - line_start);
	/* positions of sub-parsers are relative to their "(...)" text */
	if (p->outer) {
		if (*line == 1)
			*col += p->fstring_col - 1;
		*line += p->fstring_line - 1;
	}
}

static void fstring_parse(struct parser *p, struct fparts *fp, const char **str,
			  const char *end, bool raw, int level, const struct token *t);

/* One replacement field starting after '{'. */
static void fstring_field(struct parser *p, struct fparts *fp, const char **str,
			  const char *end, bool raw, int level, const struct token *t)
{
	if (level >= 2)
		string_error(p, "f-string: expressions nested too deeply");
	const char *s = *str;
	const char *expr_start = s;
	char quote = 0;
	int quote_size = 0;
	char parens[200];
	int depth = 0;
	for (; s < end; s++) {
		char ch = *s;
		if (ch == '\\')
			string_error(p, "f-string expression part cannot include a backslash");
		if (quote) {
			if (ch == quote) {
				if (quote_size == 3) {
					if (s + 2 < end && s[1] == ch && s[2] == ch) {
						s += 2;
						quote = 0;
					}
				} else {
					quote = 0;
				}
			}
			continue;
		}
		if (ch == '\'' || ch == '"') {
			if (s + 2 < end && s[1] == ch && s[2] == ch) {
				quote_size = 3;
				s += 2;
			} else {
				quote_size = 1;
			}
			quote = ch;
			continue;
		}
		if (ch == '[' || ch == '{' || ch == '(') {
			if (depth >= (int)sizeof parens)
				string_error(p, "f-string: too many nested parenthesis");
			parens[depth++] = ch;
			continue;
		}
		if (ch == '#')
			string_error(p, "f-string expression part cannot include '#'");
		if (depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
			if (s + 1 < end) {
				char next = s[1];
				if ((ch == '!' || ch == '=' || ch == '<' || ch == '>') && next == '=') {
					s++;
					continue;
				}
			}
			if (ch == '>' || ch == '<')
				continue;
			break;
		}
		if (ch == ']' || ch == '}' || ch == ')') {
			if (!depth)
				string_error(p, "f-string: unmatched '%c'", ch);
			char open = parens[--depth];
			if (!((open == '(' && ch == ')') || (open == '[' && ch == ']') ||
			      (open == '{' && ch == '}')))
				string_error(p, "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'",
					     ch, open);
		}
	}
	const char *expr_end = s;
	if (quote)
		string_error(p, "f-string: unterminated string");
	if (depth)
		string_error(p, "f-string: unmatched '%c'", parens[depth - 1]);
	if (s >= end)
		string_error(p, "f-string: expecting '}'");
	bool blank = true;
	for (const char *q = expr_start; q < expr_end; q++)
		if (!(*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v'))
			blank = false;
	if (blank)
		string_error(p, "f-string: empty expression not allowed");
	int line, col;
	locate(p, t, expr_start, &line, &col);
	ast_expr *value = p_fstring_expression(p, expr_start, (size_t)(expr_end - expr_start),
					       line, col);
	bool self_doc = false;
	if (*s == '=') {
		s++;
		while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v'))
			s++;
		if (s >= end)
			string_error(p, "f-string: expecting '}'");
		fp->have_lit = true;
		sb_put(p, &fp->lit, expr_start, (size_t)(s - expr_start));
		self_doc = true;
	}
	int conversion = -1;
	if (*s == '!') {
		s++;
		if (s >= end)
			string_error(p, "f-string: expecting '}'");
		conversion = (unsigned char)*s++;
		if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
			string_error(p, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
	}
	ast_expr *spec = NULL;
	if (s < end && *s == ':') {
		s++;
		if (s >= end)
			string_error(p, "f-string: expecting '}'");
		/* CPython places a format spec at its own string token */
		struct fparts sub = { .pos = p_token_pos(p, t) };
		fstring_parse(p, &sub, &s, end, raw, level + 1, t);
		flush_literal(p, &sub);
		spec = p_expr(p, EXPR_JoinedStr, sub.pos);
		P_SEQ(spec->v.JoinedStr.values, sub.values);
	}
	if (s >= end || *s != '}')
		string_error(p, "f-string: expecting '}'");
	s++;
	if (self_doc && !spec && conversion == -1)
		conversion = 'r';
	flush_literal(p, fp);
	ast_expr *fv = p_expr(p, EXPR_FormattedValue, fp->pos);
	fv->v.FormattedValue.value = value;
	fv->v.FormattedValue.conversion = conversion;
	fv->v.FormattedValue.format_spec = spec;
	p_list_push(p, &fp->values, fv);
	*str = s;
}

/* Literal text and fields up to `end`, or (in a format spec, level > 0)
 * up to the '}' that closes the field. */
static void fstring_parse(struct parser *p, struct fparts *fp, const char **str,
			  const char *end, bool raw, int level, const struct token *t)
{
	const char *s = *str;
	while (s < end) {
		const char *lit = s;
		bool stop = false;
		while (s < end) {
			char ch = *s++;
			if (!raw && ch == '\\' && s < end) {
				ch = *s++;
				if (ch == 'N') {
					if (s < end && *s++ == '{') {
						while (s < end && *s++ != '}')
							;
					}
					continue;
				}
			}
			if (ch == '{' || ch == '}') {
				if (level == 0) {
					if (s < end && *s == ch) {
						add_literal(p, fp, lit, (size_t)(s - lit), raw);
						s++;
						lit = s;
						continue;
					}
					if (ch == '}')
						string_error(p, "f-string: single '}' is not allowed");
				}
				s--;
				stop = true;
				break;
			}
		}
		if (s > lit)
			add_literal(p, fp, lit, (size_t)(s - lit), raw);
		if (!stop || s >= end)
			break;
		if (*s == '}') {
			/* end of a format spec */
			break;
		}
		s++;   /* '{' */
		fstring_field(p, fp, &s, end, raw, level, t);
	}
	*str = s;
}

/* ---- concatenation ------------------------------------------------------------------ */

ast_expr *p_strings(struct parser *p)
{
	struct token *first = p_peek(p);
	int start = p->pos;
	bool any_fmt = false, any_bytes = false, any_str = false;
	while (p_check(p, T_STRING)) {
		struct str_token st;
		split_token(p_next(p), &st);
		any_fmt |= st.fmt;
		if (st.bytes)
			any_bytes = true;
		else
			any_str = true;
	}
	int stop = p->pos;
	struct ast_pos pos = p_pos_from(p, first);
	if (any_bytes && any_str)
		string_error(p, "cannot mix bytes and nonbytes literals");
	struct str_token st0;
	split_token(&p->tokens[start], &st0);
	const char *kind = st0.u ? "u" : NULL;
	if (any_bytes) {
		struct sbuf b = { 0 };
		for (int i = start; i < stop; i++) {
			struct str_token st;
			split_token(&p->tokens[i], &st);
			for (size_t k = 0; k < st.len; k++)
				if ((unsigned char)st.body[k] >= 128)
					string_error(p, "bytes can only contain ASCII literal characters");
			if (st.raw)
				sb_put(p, &b, st.body, st.len);
			else
				decode_escapes(p, &b, st.body, st.len, true);
		}
		ast_expr *e = p_expr(p, EXPR_Constant, pos);
		e->v.Constant.value.kind = CONST_Bytes;
		e->v.Constant.value.v.s.data = b.data ? b.data : p_strndup(p, "", 0);
		e->v.Constant.value.v.s.len = b.len;
		return e;
	}
	if (!any_fmt) {
		struct sbuf b = { 0 };
		for (int i = start; i < stop; i++) {
			struct str_token st;
			split_token(&p->tokens[i], &st);
			if (st.raw)
				sb_put(p, &b, st.body, st.len);
			else
				decode_escapes(p, &b, st.body, st.len, false);
		}
		ast_expr *e = p_expr(p, EXPR_Constant, pos);
		e->v.Constant.value.kind = CONST_Str;
		e->v.Constant.value.v.s.data = b.data ? b.data : p_strndup(p, "", 0);
		e->v.Constant.value.v.s.len = b.len;
		e->v.Constant.kind = kind;
		return e;
	}
	struct fparts fp = { .pos = pos, .kind = kind };
	for (int i = start; i < stop; i++) {
		const struct token *t = &p->tokens[i];
		struct str_token st;
		split_token(t, &st);
		if (!st.fmt) {
			add_literal(p, &fp, st.body, st.len, st.raw);
			continue;
		}
		const char *s = st.body;
		fstring_parse(p, &fp, &s, st.body + st.len, st.raw, 0, t);
	}
	flush_literal(p, &fp);
	ast_expr *e = p_expr(p, EXPR_JoinedStr, pos);
	P_SEQ(e->v.JoinedStr.values, fp.values);
	return e;
}
