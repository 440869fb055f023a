/* lexer.h -- tokens of Cedar / Dogwood policy text.  Keywords come out as
 * T_IDENT (the parser decides where they are reserved); strings come out
 * raw (quotes stripped, escapes still in place: see unescape.h). */
#ifndef BOX_POLICY_LEXER_H
#define BOX_POLICY_LEXER_H

#include <stddef.h>
#include <stdint.h>

enum tok {
	T_EOF, T_ERROR, T_IDENT, T_INT, T_STRING,
	T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_LBRACKET, T_RBRACKET,
	T_COMMA, T_SEMI, T_COLON, T_COLONCOLON, T_DOT, T_AT, T_QUESTION,
	T_EQEQ, T_NE, T_LT, T_LE, T_GT, T_GE, T_ANDAND, T_OROR,
	T_BANG, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_ASSIGN,
	T_DOLLAR, T_OTHER,
};

struct token {
	enum tok kind;
	const char *p;          /* text of the token (for strings: inside the quotes) */
	size_t n;
	int line, col;
};

struct lexer {
	const char *src;
	size_t len, pos;
	int line, col;
	const char *err;        /* set on T_ERROR */
};

void lexer_init(struct lexer *, const char *src, size_t len);
struct token lexer_next(struct lexer *);
const char *tok_name(enum tok);

#endif
