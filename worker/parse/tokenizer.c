/* tokenizer.c -- Python 3.11 source text to tokens.
 *
 * Follows CPython's Parser/tokenizer.c: indentation with the tab rules
 * (tab size 8, and a tab-size-1 "alternate" column that must agree),
 * implicit line joining inside brackets, backslash continuation, blank and
 * comment-only lines ignored, NEWLINE/INDENT/DEDENT/ENDMARKER, and the same
 * error messages and positions for bad numbers, unterminated strings,
 * invalid characters and mismatched brackets.  The whole source is
 * tokenized in one pass into an array; scanning stops at the first error.
 */
#include "worker/parse/token.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

enum {
	MAX_INDENT = 100,       /* CPython's MAXINDENT */
	MAX_LEVEL = 200,        /* CPython's MAXLEVEL (bracket nesting) */
	TAB_SIZE = 8
};

const char *const token_spelling[T_COUNT] = {
	[T_ENDMARKER] = "ENDMARKER", [T_NAME] = "NAME", [T_NUMBER] = "NUMBER",
	[T_STRING] = "STRING", [T_NEWLINE] = "NEWLINE", [T_INDENT] = "INDENT",
	[T_DEDENT] = "DEDENT", [T_ERRORTOKEN] = "ERRORTOKEN",
#define SPELL(name, text) [T_##name] = text,
	TOKEN_OPERATORS(SPELL)
#undef SPELL
#define SPELL(name, text) [T_KW_##name] = text,
	TOKEN_KEYWORDS(SPELL)
#undef SPELL
};

/* Scanner state beyond struct tokenizer (lives on the C stack). */
struct scan {
	struct tokenizer *tok;
	const char *p;                  /* next byte */
	const char *end;                /* the final '\n' + 1 */
	int lineno;
	const char *line_start;
	bool atbol;
	int level;
	char paren_char[MAX_LEVEL];
	int paren_line[MAX_LEVEL], paren_col[MAX_LEVEL];
	int indent;
	int indstack[MAX_INDENT + 1], altstack[MAX_INDENT + 1];
	int cap;                        /* capacity of tok->tokens */
};

int utf8_char_count(const char *s, size_t bytes)
{
	int n = 0;
	for (size_t i = 0; i < bytes; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

const char *tokenizer_line(const struct tokenizer *tok, int lineno, size_t *len)
{
	if (lineno < 1 || lineno > tok->nlines) {
		*len = 0;
		return "";
	}
	const char *s = tok->lines[lineno - 1];
	const char *nl = memchr(s, '\n', (size_t)(tok->buf + tok->len - s));
	*len = nl ? (size_t)(nl - s) : (size_t)(tok->buf + tok->len - s);
	return s;
}

/* ---- errors ------------------------------------------------------------ */

static void set_error(struct scan *s, enum tok_error_kind kind, const char *type,
		      int lineno, int offset, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void set_error(struct scan *s, enum tok_error_kind kind, const char *type,
		      int lineno, int offset, const char *fmt, ...)
{
	struct tokenizer *tok = s->tok;
	if (tok->err_kind != TOKERR_NONE)
		return;
	tok->err_kind = kind;
	snprintf(tok->err_type, sizeof tok->err_type, "%s", type);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tok->err_msg, sizeof tok->err_msg, fmt, ap);
	va_end(ap);
	tok->err_lineno = lineno;
	tok->err_col = offset;
	tok->err_end_lineno = lineno;
	tok->err_end_col = offset;
}

/* CPython's syntaxerror(): offset = characters from line start to `at`. */
static void syntax_error_at(struct scan *s, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void syntax_error_at(struct scan *s, const char *at, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	set_error(s, TOKERR_RAISED, "SyntaxError", s->lineno,
		  utf8_char_count(s->line_start, (size_t)(at - s->line_start)), "%s", msg);
}

/* Chars in the current line including its newline: the offset CPython
 * reports for errors detected with the whole line consumed. */
static int line_end_offset(struct scan *s)
{
	const char *nl = memchr(s->line_start, '\n', (size_t)(s->end - s->line_start));
	size_t n = nl ? (size_t)(nl - s->line_start) : (size_t)(s->end - s->line_start);
	return utf8_char_count(s->line_start, n) + 1;
}

/* ---- token output -------------------------------------------------------- */

static struct token *emit(struct scan *s, enum token_type type, const char *start,
			  const char *stop, int lineno, const char *line_start)
{
	struct tokenizer *tok = s->tok;
	if (tok->ntokens == s->cap) {
		int cap = s->cap ? s->cap * 2 : 256;
		size_t bytes;
		if (cap < s->cap || __builtin_mul_overflow((size_t)cap, sizeof(struct token), &bytes)) {
			tok->oom = true;
			return NULL;
		}
		struct token *t = ast_arena_resize(tok->arena, tok->tokens, bytes);
		if (!t) {
			tok->oom = true;
			return NULL;
		}
		tok->tokens = t;
		s->cap = cap;
	}
	struct token *t = &tok->tokens[tok->ntokens++];
	t->type = type;
	t->level = s->level;
	t->start = start;
	t->len = (size_t)(stop - start);
	t->lineno = lineno;
	t->col = (int)(start - line_start);
	t->end_lineno = s->lineno;
	t->end_col = (int)(stop - s->line_start);
	return t;
}

/* ---- character classes --------------------------------------------------- */

static bool is_ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}

static bool is_ident_char(unsigned char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

static bool is_xdigit(int c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Python's str.isprintable() for one code point. */
static bool uc_printable(ucs4_t ch)
{
	if (ch == ' ')
		return true;
	uc_general_category_t bad = uc_general_category_or(
		uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cc, UC_CATEGORY_Cf),
				       uc_general_category_or(UC_CATEGORY_Cs, UC_CATEGORY_Co)),
		uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cn, UC_CATEGORY_Zl),
				       uc_general_category_or(UC_CATEGORY_Zp, UC_CATEGORY_Zs)));
	return !uc_is_general_category(ch, bad);
}

/* Checks an identifier containing non-ASCII bytes as CPython's
 * verify_identifier does; on error records "invalid character". */
static bool verify_identifier(struct scan *s, const char *start, const char *stop)
{
	const uint8_t *p = (const uint8_t *)start;
	const uint8_t *e = (const uint8_t *)stop;
	bool first = true;
	while (p < e) {
		ucs4_t ch;
		int n = u8_mbtouc(&ch, p, (size_t)(e - p));
		if (n <= 0)
			n = 1;
		bool ok = first ? (ch == '_' || uc_is_property_xid_start(ch))
				: uc_is_property_xid_continue(ch);
		if (!ok) {
			const char *at = (const char *)p + n;
			if (uc_printable(ch)) {
				uint8_t buf[8];
				int k = u8_uctomb(buf, ch, sizeof buf);
				syntax_error_at(s, at, "invalid character '%.*s' (U+%04X)",
						k > 0 ? k : 0, (const char *)buf, (unsigned)ch);
			} else {
				syntax_error_at(s, at, "invalid non-printable character U+%04X",
						(unsigned)ch);
			}
			return false;
		}
		first = false;
		p += n;
	}
	return true;
}

/* ---- numbers ------------------------------------------------------------- */

/* CPython's verify_end_of_number: a letter right after a number is an
 * error unless it starts one of the keywords allowed there. */
static bool verify_end_of_number(struct scan *s, const char *kind)
{
	const char *p = s->p;
	unsigned char c = (unsigned char)*p;
	static const char *const allowed[] = { "and", "else", "for", "if", "in", "is", "or", "not" };
	for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
		size_t n = strlen(allowed[i]);
		if ((size_t)(s->end - p) >= n && memcmp(p, allowed[i], n) == 0)
			return true;
	}
	if (is_ident_char(c)) {
		syntax_error_at(s, p, "invalid %s literal", kind);
		return false;
	}
	return true;
}

/* Digits with single underscores between them.  At an underscore not
 * followed by a digit: "invalid decimal literal". */
static bool decimal_tail(struct scan *s)
{
	for (;;) {
		while (is_digit(*s->p))
			s->p++;
		if (*s->p != '_')
			return true;
		if (!is_digit(s->p[1])) {
			syntax_error_at(s, s->p + 1, "invalid decimal literal");
			return false;
		}
		s->p++;
	}
}

/* Radix digits for 0x/0o/0b literals. */
static bool radix_tail(struct scan *s, int radix, const char *kind)
{
	for (;;) {
		if (*s->p == '_')
			s->p++;
		unsigned char c = (unsigned char)*s->p;
		bool ok = radix == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + radix);
		if (!ok) {
			if (radix != 16 && is_digit(c)) {
				syntax_error_at(s, s->p + 1, "invalid digit '%c' in %s literal", c, kind);
				return false;
			}
			syntax_error_at(s, s->p, "invalid %s literal", kind);
			return false;
		}
		while (radix == 16 ? is_xdigit(*s->p) : (*s->p >= '0' && *s->p < '0' + radix))
			s->p++;
		if (*s->p != '_') {
			if (radix != 16 && is_digit(*s->p)) {
				syntax_error_at(s, s->p + 1, "invalid digit '%c' in %s literal",
						*s->p, kind);
				return false;
			}
			return verify_end_of_number(s, kind);
		}
	}
}

/* Fraction, exponent and imaginary suffix after the integer part. */
static bool number_rest(struct scan *s, bool fraction)
{
	if (fraction) {
		if (is_digit(*s->p) && !decimal_tail(s))
			return false;
	}
	if (*s->p == 'e' || *s->p == 'E') {
		const char *e = s->p;
		s->p++;
		if (*s->p == '+' || *s->p == '-') {
			s->p++;
			if (!is_digit(*s->p)) {
				syntax_error_at(s, s->p, "invalid decimal literal");
				return false;
			}
		} else if (!is_digit(*s->p)) {
			s->p = e;
			return verify_end_of_number(s, "decimal");
		}
		if (!decimal_tail(s))
			return false;
	}
	if (*s->p == 'j' || *s->p == 'J') {
		s->p++;
		return verify_end_of_number(s, "imaginary");
	}
	return verify_end_of_number(s, "decimal");
}

static bool scan_number(struct scan *s)
{
	const char *start = s->p;
	if (*s->p == '.') {                 /* .5 */
		s->p++;
		return number_rest(s, true);
	}
	if (*s->p == '0') {
		s->p++;
		char c = *s->p;
		if (c == 'x' || c == 'X') {
			s->p++;
			return radix_tail(s, 16, "hexadecimal");
		}
		if (c == 'o' || c == 'O') {
			s->p++;
			return radix_tail(s, 8, "octal");
		}
		if (c == 'b' || c == 'B') {
			s->p++;
			return radix_tail(s, 2, "binary");
		}
		bool nonzero = false;
		for (;;) {
			if (*s->p == '_') {
				if (!is_digit(s->p[1])) {
					syntax_error_at(s, s->p + 1, "invalid decimal literal");
					return false;
				}
				s->p++;
			}
			if (*s->p != '0')
				break;
			s->p++;
		}
		const char *zeros_end = s->p;
		if (is_digit(*s->p)) {
			nonzero = true;
			if (!decimal_tail(s))
				return false;
		}
		if (*s->p == '.') {
			s->p++;
			return number_rest(s, true);
		}
		if (*s->p == 'e' || *s->p == 'E' || *s->p == 'j' || *s->p == 'J')
			return number_rest(s, false);
		if (nonzero) {
			set_error(s, TOKERR_RAISED, "SyntaxError", s->lineno,
				  utf8_char_count(s->line_start, (size_t)(start - s->line_start)) + 1,
				  "leading zeros in decimal integer literals are not permitted; "
				  "use an 0o prefix for octal integers");
			s->tok->err_end_col = utf8_char_count(s->line_start,
							      (size_t)(zeros_end - s->line_start)) + 1;
			return false;
		}
		return verify_end_of_number(s, "decimal");
	}
	if (!decimal_tail(s))
		return false;
	if (*s->p == '.') {
		s->p++;
		return number_rest(s, true);
	}
	return number_rest(s, false);
}

/* ---- strings ------------------------------------------------------------- */

/* Is [start, p) a valid string prefix? */
static bool is_string_prefix(const char *start, size_t n)
{
	bool r = false, b = false, u = false, f = false;
	for (size_t i = 0; i < n; i++) {
		switch (start[i]) {
		case 'r': case 'R': if (r) return false; r = true; break;
		case 'b': case 'B': if (b) return false; b = true; break;
		case 'u': case 'U': if (u) return false; u = true; break;
		case 'f': case 'F': if (f) return false; f = true; break;
		default: return false;
		}
	}
	if (u && (r || b || f))
		return false;
	if (b && f)
		return false;
	return n <= 2;
}

/* Scans a string whose quote is at s->p; the token starts at `start`
 * (its prefix).  Multi-line strings advance s->lineno. */
static bool scan_string(struct scan *s, const char *start, int first_line,
			const char *first_line_start)
{
	char quote = *s->p;
	int quote_size = 1;
	if (s->p[1] == quote && s->p[2] == quote)
		quote_size = 3;
	s->p += quote_size;
	int end_quotes = 0;
	while (end_quotes < quote_size) {
		if (s->p >= s->end || (quote_size == 1 && *s->p == '\n')) {
			int detected = s->lineno;
			if (s->p >= s->end && quote_size == 3)
				detected = s->tok->nlines;
			int offset = utf8_char_count(first_line_start,
						     (size_t)(start - first_line_start)) + 1;
			if (quote_size == 3)
				set_error(s, TOKERR_RAISED, "SyntaxError", first_line, offset,
					  "unterminated triple-quoted string literal (detected at line %d)",
					  detected);
			else
				set_error(s, TOKERR_RAISED, "SyntaxError", first_line, offset,
					  "unterminated string literal (detected at line %d)", detected);
			return false;
		}
		char c = *s->p++;
		if (c == quote) {
			end_quotes++;
			continue;
		}
		end_quotes = 0;
		if (c == '\\') {
			if (s->p < s->end) {
				if (*s->p == '\n') {
					s->lineno++;
					s->line_start = s->p + 1;
				}
				s->p++;
			}
		} else if (c == '\n') {
			s->lineno++;
			s->line_start = s->p;
		}
	}
	return true;
}

/* ---- operators ------------------------------------------------------------- */

static enum token_type match_operator(const char *p, int *len)
{
	static const struct { const char *text; enum token_type type; } ops[] = {
#define OPENTRY(name, text) { text, T_##name },
		TOKEN_OPERATORS(OPENTRY)
#undef OPENTRY
	};
	int best = 0;
	enum token_type type = T_ERRORTOKEN;
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		int n = (int)strlen(ops[i].text);
		if (n > best && strncmp(p, ops[i].text, (size_t)n) == 0) {
			best = n;
			type = ops[i].type;
		}
	}
	*len = best;
	return type;
}

static enum token_type keyword_type(const char *p, size_t n)
{
	for (int t = T_KEYWORD_FIRST; t < T_COUNT; t++) {
		const char *kw = token_spelling[t];
		if (strlen(kw) == n && memcmp(kw, p, n) == 0)
			return (enum token_type)t;
	}
	return T_NAME;
}

/* ---- indentation ------------------------------------------------------------ */

/* Handles the start of a logical line: measures indentation and emits
 * INDENT/DEDENT.  Returns false on error. */
static bool at_line_start(struct scan *s)
{
	int col = 0, altcol = 0;
	for (;;) {
		char c = *s->p;
		if (c == ' ') {
			col++;
			altcol++;
		} else if (c == '\t') {
			col = (col / TAB_SIZE + 1) * TAB_SIZE;
			altcol++;
		} else if (c == '\014') {
			col = altcol = 0;
		} else {
			break;
		}
		s->p++;
	}
	char c = *s->p;
	if (c == '#' || c == '\n' || s->p >= s->end)
		return true;            /* blank line: no indentation change */
	if (s->level > 0)
		return true;
	if (col == s->indstack[s->indent]) {
		if (altcol != s->altstack[s->indent])
			goto tab_error;
	} else if (col > s->indstack[s->indent]) {
		if (s->indent + 1 >= MAX_INDENT) {
			set_error(s, TOKERR_DEFERRED, "IndentationError", s->lineno, 1,
				  "too many levels of indentation");
			return false;
		}
		if (altcol <= s->altstack[s->indent])
			goto tab_error;
		s->indent++;
		s->indstack[s->indent] = col;
		s->altstack[s->indent] = altcol;
		emit(s, T_INDENT, s->p, s->p, s->lineno, s->line_start);
	} else {
		while (s->indent > 0 && col < s->indstack[s->indent]) {
			s->indent--;
			emit(s, T_DEDENT, s->p, s->p, s->lineno, s->line_start);
		}
		if (col != s->indstack[s->indent]) {
			set_error(s, TOKERR_DEFERRED, "IndentationError", s->lineno,
				  line_end_offset(s),
				  "unindent does not match any outer indentation level");
			return false;
		}
		if (altcol != s->altstack[s->indent])
			goto tab_error;
	}
	return true;
tab_error:
	set_error(s, TOKERR_DEFERRED, "TabError", s->lineno, 1,
		  "inconsistent use of tabs and spaces in indentation");
	return false;
}

/* ---- brackets ---------------------------------------------------------------- */

static bool open_bracket(struct scan *s, char c)
{
	if (s->level >= MAX_LEVEL) {
		syntax_error_at(s, s->p + 1, "too many nested parentheses");
		return false;
	}
	s->paren_char[s->level] = c;
	s->paren_line[s->level] = s->lineno;
	s->paren_col[s->level] = (int)(s->p - s->line_start);
	s->level++;
	return true;
}

static bool close_bracket(struct scan *s, char c)
{
	if (s->level == 0) {
		syntax_error_at(s, s->p + 1, "unmatched '%c'", c);
		return false;
	}
	s->level--;
	char open = s->paren_char[s->level];
	if (!((open == '(' && c == ')') || (open == '[' && c == ']') || (open == '{' && c == '}'))) {
		if (s->paren_line[s->level] != s->lineno)
			syntax_error_at(s, s->p + 1,
					"closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
					c, open, s->paren_line[s->level]);
		else
			syntax_error_at(s, s->p + 1,
					"closing parenthesis '%c' does not match opening parenthesis '%c'",
					c, open);
		return false;
	}
	return true;
}

/* ---- the main loop -------------------------------------------------------------- */

/* Emits the next token(s).  Returns false at the end or on error. */
static bool next_token(struct scan *s)
{
	if (s->atbol) {
		s->atbol = false;
		if (!at_line_start(s))
			return false;
	}
	bool blank_line = false;
again:
	while (*s->p == ' ' || *s->p == '\t' || *s->p == '\014')
		s->p++;
	if (*s->p == '#') {
		while (*s->p != '\n')
			s->p++;
	}
	if (s->p >= s->end) {
		/* End of input. */
		if (s->level > 0) {
			struct tokenizer *tok = s->tok;
			tok->err_kind = TOKERR_UNCLOSED;
			tok->unclosed_char = s->paren_char[s->level - 1];
			tok->unclosed_lineno = s->paren_line[s->level - 1];
			tok->unclosed_col = s->paren_col[s->level - 1];
			emit(s, T_ERRORTOKEN, s->p, s->p, s->lineno, s->line_start);
			return false;
		}
		while (s->indent > 0) {
			s->indent--;
			emit(s, T_DEDENT, s->p, s->p, s->lineno, s->line_start);
		}
		emit(s, T_ENDMARKER, s->p, s->p, s->lineno, s->line_start);
		return false;
	}
	const char *start = s->p;
	unsigned char c = (unsigned char)*s->p;

	if (c == '\n') {
		/* Lines that are blank or comment-only emit no NEWLINE; neither
		 * do newlines inside brackets. */
		const char *ls = s->line_start;
		bool emit_nl = !blank_line && s->level == 0 && s->tok->ntokens > 0 &&
			       s->tok->tokens[s->tok->ntokens - 1].type != T_NEWLINE &&
			       s->tok->tokens[s->tok->ntokens - 1].type != T_INDENT &&
			       s->tok->tokens[s->tok->ntokens - 1].type != T_DEDENT;
		s->p++;
		if (emit_nl) {
			struct token *t = emit(s, T_NEWLINE, start, s->p, s->lineno, ls);
			if (t)
				t->end_col = t->col + 1;
		}
		s->lineno++;
		s->line_start = s->p;
		if (s->level == 0) {
			s->atbol = true;
			return true;
		}
		goto again;
	}

	if (c == '\\') {
		if (s->p[1] != '\n') {
			s->p++;
			set_error(s, TOKERR_DEFERRED, "SyntaxError", s->lineno,
				  utf8_char_count(s->line_start, (size_t)(s->p - s->line_start)) + 1,
				  "unexpected character after line continuation character");
			return false;
		}
		if (s->p + 2 >= s->end) {
			set_error(s, TOKERR_DEFERRED, "SyntaxError", s->lineno, line_end_offset(s),
				  "unexpected EOF while parsing");
			return false;
		}
		s->p += 2;
		s->lineno++;
		s->line_start = s->p;
		goto again;
	}

	if (is_ident_start(c)) {
		while (s->p < s->end && is_ident_char((unsigned char)*s->p))
			s->p++;
		size_t n = (size_t)(s->p - start);
		if ((*s->p == '"' || *s->p == '\'') && is_string_prefix(start, n)) {
			int line = s->lineno;
			const char *ls = s->line_start;
			if (!scan_string(s, start, line, ls))
				return false;
			return emit(s, T_STRING, start, s->p, line, ls) != NULL;
		}
		bool ascii = true;
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)start[i] >= 128)
				ascii = false;
		if (!ascii && !verify_identifier(s, start, s->p))
			return false;
		return emit(s, keyword_type(start, n), start, s->p, s->lineno, s->line_start) != NULL;
	}

	if (is_digit(c) || (c == '.' && is_digit(s->p[1]))) {
		if (!scan_number(s))
			return false;
		return emit(s, T_NUMBER, start, s->p, s->lineno, s->line_start) != NULL;
	}

	if (c == '"' || c == '\'') {
		int line = s->lineno;
		const char *ls = s->line_start;
		if (!scan_string(s, start, line, ls))
			return false;
		struct token *t = emit(s, T_STRING, start, s->p, line, ls);
		return t != NULL;
	}

	int oplen;
	enum token_type type = match_operator(s->p, &oplen);
	if (oplen == 0) {
		/* Not an operator: an ASCII stray like '$' is an ERRORTOKEN the
		 * parser rejects; other bytes are invalid characters. */
		if (c < 128 && c >= 32 && c != 127) {
			s->p++;
			return emit(s, T_ERRORTOKEN, start, s->p, s->lineno, s->line_start) != NULL;
		}
		s->p++;
		syntax_error_at(s, s->p, "invalid non-printable character U+%04X", c);
		return false;
	}
	if (type == T_LPAR || type == T_LSQB || type == T_LBRACE) {
		if (!open_bracket(s, (char)c))
			return false;
	} else if (type == T_RPAR || type == T_RSQB || type == T_RBRACE) {
		if (!close_bracket(s, (char)c))
			return false;
	}
	struct token *t = emit(s, type, start, start + oplen, s->lineno, s->line_start);
	if (t && (type == T_LPAR || type == T_LSQB || type == T_LBRACE))
		t->level = s->level - 1;
	s->p += oplen;
	if (t)
		t->end_col = t->col + oplen;
	return t != NULL;
}

/* Translates "\r\n" and "\r" to "\n" and makes the text end with '\n'. */
static char *normalise_newlines(ast_arena *arena, const char *src, size_t len, size_t *out_len)
{
	size_t cap;
	if (__builtin_add_overflow(len, 2, &cap))
		return NULL;
	char *buf = ast_arena_alloc(arena, cap);
	if (!buf)
		return NULL;
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (src[i] == '\r') {
			buf[n++] = '\n';
			if (i + 1 < len && src[i + 1] == '\n')
				i++;
		} else {
			buf[n++] = src[i];
		}
	}
	if (n == 0 || buf[n - 1] != '\n')
		buf[n++] = '\n';
	buf[n] = '\0';
	*out_len = n;
	return buf;
}

static bool index_lines(struct tokenizer *tok)
{
	int n = 0;
	for (size_t i = 0; i < tok->len; i++)
		if (tok->buf[i] == '\n')
			n++;
	tok->lines = ast_arena_alloc(tok->arena, ((size_t)n + 1) * sizeof *tok->lines);
	if (!tok->lines)
		return false;
	tok->nlines = n;
	int k = 0;
	tok->lines[k++] = tok->buf;
	for (size_t i = 0; i + 1 < tok->len; i++)
		if (tok->buf[i] == '\n')
			tok->lines[k++] = tok->buf + i + 1;
	return true;
}

bool tokenize(struct tokenizer *tok, ast_arena *arena, const char *src, size_t len)
{
	memset(tok, 0, sizeof *tok);
	tok->arena = arena;
	size_t n;
	char *buf = normalise_newlines(arena, src, len, &n);
	if (!buf)
		return false;
	tok->buf = buf;
	tok->len = n;
	if (!index_lines(tok))
		return false;
	struct scan *s = ast_arena_alloc(arena, sizeof *s);
	if (!s)
		return false;
	s->tok = tok;
	s->p = buf;
	s->end = buf + n;
	s->lineno = 1;
	s->line_start = buf;
	s->atbol = true;
	while (next_token(s) && !tok->oom)
		;
	if (tok->oom)
		return false;
	if (tok->err_kind == TOKERR_RAISED || tok->err_kind == TOKERR_DEFERRED) {
		/* The stream ends with an error token where scanning stopped. */
		const char *at = s->p < s->end ? s->p : s->end;
		if (!emit(s, T_ERRORTOKEN, at, at, s->lineno, s->line_start))
			return false;
	}
	if (tok->oom)
		return false;
	/* give back the doubling's spare room before the tree is built */
	if (tok->ntokens && (size_t)s->cap > (size_t)tok->ntokens + tok->ntokens / 8) {
		struct token *t = ast_arena_resize(arena, tok->tokens, (size_t)tok->ntokens * sizeof *t);
		if (t)
			tok->tokens = t;
	}
	return true;
}
