/* lexer.c -- tokenizer for Cedar / Dogwood policy text: whitespace and
 * `//` comments skipped, identifiers, decimal integers, strings, operators. */
#include "broker/policy/lexer.h"

#include <string.h>

void lexer_init(struct lexer *lx, const char *src, size_t len)
{
	lx->src = src;
	lx->len = len;
	lx->pos = 0;
	lx->line = 1;
	lx->col = 1;
	lx->err = NULL;
}

static void advance(struct lexer *lx)
{
	unsigned char c = (unsigned char)lx->src[lx->pos++];
	if (c == '\n') {
		lx->line++;
		lx->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		lx->col++;
	}
}

static int peek(const struct lexer *lx, size_t off)
{
	return lx->pos + off < lx->len ? (unsigned char)lx->src[lx->pos + off] : -1;
}

static int is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static void skip_space(struct lexer *lx)
{
	for (;;) {
		int c = peek(lx, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			advance(lx);
		} else if (c == '/' && peek(lx, 1) == '/') {
			while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
				advance(lx);
		} else if (c == 0xC2 && peek(lx, 1) == 0x85) {        /* U+0085 */
			advance(lx);
			advance(lx);
		} else if (c == 0xE2 && peek(lx, 1) == 0x80 &&
		           (peek(lx, 2) == 0xA8 || peek(lx, 2) == 0xA9)) { /* U+2028/9 */
			advance(lx);
			advance(lx);
			advance(lx);
		} else {
			return;
		}
	}
}

struct token lexer_next(struct lexer *lx)
{
	skip_space(lx);
	struct token t = { T_EOF, lx->src + lx->pos, 0, lx->line, lx->col };
	if (lx->pos >= lx->len)
		return t;
	int c = peek(lx, 0);
	size_t start = lx->pos;
	if (is_ident_start(c)) {
		while (is_ident_char(peek(lx, 0)))
			advance(lx);
		t.kind = T_IDENT;
	} else if (c >= '0' && c <= '9') {
		while (peek(lx, 0) >= '0' && peek(lx, 0) <= '9')
			advance(lx);
		t.kind = T_INT;
	} else if (c == '"') {
		advance(lx);
		for (;;) {
			int d = peek(lx, 0);
			if (d < 0) {
				t.kind = T_ERROR;
				lx->err = "unterminated string literal";
				t.n = lx->pos - start;
				return t;
			}
			if (d == '"')
				break;
			if (d == '\\' && lx->pos + 1 < lx->len)
				advance(lx);
			advance(lx);
		}
		t.kind = T_STRING;
		t.p = lx->src + start + 1;
		t.n = lx->pos - start - 1;
		advance(lx);
		return t;
	} else {
		int d = peek(lx, 1);
		enum tok k = T_OTHER;
		int two = 0;
		switch (c) {
		case '(': k = T_LPAREN; break;
		case ')': k = T_RPAREN; break;
		case '{': k = T_LBRACE; break;
		case '}': k = T_RBRACE; break;
		case '[': k = T_LBRACKET; break;
		case ']': k = T_RBRACKET; break;
		case ',': k = T_COMMA; break;
		case ';': k = T_SEMI; break;
		case ':': if (d == ':') { k = T_COLONCOLON; two = 1; } else k = T_COLON; break;
		case '.': k = T_DOT; break;
		case '@': k = T_AT; break;
		case '?': k = T_QUESTION; break;
		case '$': k = T_DOLLAR; break;
		case '=': if (d == '=') { k = T_EQEQ; two = 1; } else k = T_ASSIGN; break;
		case '!': if (d == '=') { k = T_NE; two = 1; } else k = T_BANG; break;
		case '<': if (d == '=') { k = T_LE; two = 1; } else k = T_LT; break;
		case '>': if (d == '=') { k = T_GE; two = 1; } else k = T_GT; break;
		case '&': if (d == '&') { k = T_ANDAND; two = 1; } break;
		case '|': if (d == '|') { k = T_OROR; two = 1; } break;
		case '+': k = T_PLUS; break;
		case '-': k = T_MINUS; break;
		case '*': k = T_STAR; break;
		case '/': k = T_SLASH; break;
		case '%': k = T_PERCENT; break;
		}
		advance(lx);
		if (two)
			advance(lx);
		if (k == T_OTHER) {
			/* swallow the rest of a UTF-8 sequence so messages show one char */
			while (lx->pos < lx->len && ((unsigned char)lx->src[lx->pos] & 0xC0) == 0x80)
				advance(lx);
		}
		t.kind = k;
	}
	t.n = lx->pos - start;
	return t;
}

const char *tok_name(enum tok k)
{
	switch (k) {
	case T_EOF: return "end of input";
	case T_ERROR: return "invalid token";
	case T_IDENT: return "identifier";
	case T_INT: return "integer";
	case T_STRING: return "string";
	case T_LPAREN: return "`(`";
	case T_RPAREN: return "`)`";
	case T_LBRACE: return "`{`";
	case T_RBRACE: return "`}`";
	case T_LBRACKET: return "`[`";
	case T_RBRACKET: return "`]`";
	case T_COMMA: return "`,`";
	case T_SEMI: return "`;`";
	case T_COLON: return "`:`";
	case T_COLONCOLON: return "`::`";
	case T_DOT: return "`.`";
	case T_AT: return "`@`";
	case T_QUESTION: return "`?`";
	case T_EQEQ: return "`==`";
	case T_NE: return "`!=`";
	case T_LT: return "`<`";
	case T_LE: return "`<=`";
	case T_GT: return "`>`";
	case T_GE: return "`>=`";
	case T_ANDAND: return "`&&`";
	case T_OROR: return "`||`";
	case T_BANG: return "`!`";
	case T_PLUS: return "`+`";
	case T_MINUS: return "`-`";
	case T_STAR: return "`*`";
	case T_SLASH: return "`/`";
	case T_PERCENT: return "`%`";
	case T_ASSIGN: return "`=`";
	case T_DOLLAR: return "`$`";
	case T_OTHER: return "unexpected character";
	}
	return "?";
}
