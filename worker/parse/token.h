/* token.h -- the tokens of Python 3.11 source and the tokenizer that turns
 * a whole source buffer into an array of them (linear time, one pass).
 *
 * Tokenizer errors (unterminated strings, bad numbers, unmatched brackets,
 * indentation errors, ...) are recorded in the tokenizer with CPython's
 * message and position; the token array then ends with T_ERRORTOKEN, and
 * the parser decides which error wins, as CPython does.
 */
#ifndef BOX_PARSE_TOKEN_H
#define BOX_PARSE_TOKEN_H

#include <stddef.h>
#include <stdbool.h>
#include "worker/parse/ast.h"

/* Operators: token name, spelling. */
#define TOKEN_OPERATORS(X) \
	X(LPAR, "(") X(RPAR, ")") X(LSQB, "[") X(RSQB, "]") X(LBRACE, "{") \
	X(RBRACE, "}") X(COLON, ":") X(COMMA, ",") X(SEMI, ";") X(PLUS, "+") \
	X(MINUS, "-") X(STAR, "*") X(SLASH, "/") X(VBAR, "|") X(AMPER, "&") \
	X(LESS, "<") X(GREATER, ">") X(EQUAL, "=") X(DOT, ".") X(PERCENT, "%") \
	X(EQEQUAL, "==") X(NOTEQUAL, "!=") X(LESSEQUAL, "<=") \
	X(GREATEREQUAL, ">=") X(TILDE, "~") X(CIRCUMFLEX, "^") \
	X(LEFTSHIFT, "<<") X(RIGHTSHIFT, ">>") X(DOUBLESTAR, "**") \
	X(PLUSEQUAL, "+=") X(MINEQUAL, "-=") X(STAREQUAL, "*=") \
	X(SLASHEQUAL, "/=") X(PERCENTEQUAL, "%=") X(AMPEREQUAL, "&=") \
	X(VBAREQUAL, "|=") X(CIRCUMFLEXEQUAL, "^=") X(LEFTSHIFTEQUAL, "<<=") \
	X(RIGHTSHIFTEQUAL, ">>=") X(DOUBLESTAREQUAL, "**=") \
	X(DOUBLESLASH, "//") X(DOUBLESLASHEQUAL, "//=") X(AT, "@") \
	X(ATEQUAL, "@=") X(RARROW, "->") X(ELLIPSIS, "...") \
	X(COLONEQUAL, ":=") X(EXCLAMATION, "!") \
	X(LESSGREATER, "<>")   /* tokenized like CPython, never accepted */

/* Hard keywords: token name, spelling. */
#define TOKEN_KEYWORDS(X) \
	X(FALSE, "False") X(NONE, "None") X(TRUE, "True") X(AND, "and") \
	X(AS, "as") X(ASSERT, "assert") X(ASYNC, "async") X(AWAIT, "await") \
	X(BREAK, "break") X(CLASS, "class") X(CONTINUE, "continue") \
	X(DEF, "def") X(DEL, "del") X(ELIF, "elif") X(ELSE, "else") \
	X(EXCEPT, "except") X(FINALLY, "finally") X(FOR, "for") \
	X(FROM, "from") X(GLOBAL, "global") X(IF, "if") X(IMPORT, "import") \
	X(IN, "in") X(IS, "is") X(LAMBDA, "lambda") X(NONLOCAL, "nonlocal") \
	X(NOT, "not") X(OR, "or") X(PASS, "pass") X(RAISE, "raise") \
	X(RETURN, "return") X(TRY, "try") X(WHILE, "while") X(WITH, "with") \
	X(YIELD, "yield")

enum token_type {
	T_ENDMARKER, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT,
	T_DEDENT, T_ERRORTOKEN,
#define TOKEN_ENUM(name, text) T_##name,
	TOKEN_OPERATORS(TOKEN_ENUM)
	T_KEYWORD_FIRST,
	T_KW_DUMMY = T_KEYWORD_FIRST - 1,
#undef TOKEN_ENUM
#define TOKEN_ENUM(name, text) T_KW_##name,
	TOKEN_KEYWORDS(TOKEN_ENUM)
#undef TOKEN_ENUM
	T_COUNT
};

struct token {
	enum token_type type;
	int level;                      /* bracket depth before this token */
	const char *start;              /* the token's text (in the tokenizer's buffer) */
	size_t len;
	int lineno, col;                /* 1-based line, 0-based byte column */
	int end_lineno, end_col;
};

enum tok_error_kind {
	TOKERR_NONE,
	/* Raised at once by CPython's tokenizer (they win over parser errors
	 * found earlier in the file). */
	TOKERR_RAISED,
	/* Reported only when the parser reaches them (E_EOF, E_DEDENT, ...). */
	TOKERR_DEFERRED,
	/* End of file inside brackets: "'(' was never closed". */
	TOKERR_UNCLOSED
};

/* The tokenizer's state.  `buf` is the source with newlines translated to
 * '\n' and a final '\n' added when missing; lines index it. */
struct tokenizer {
	ast_arena *arena;
	const char *buf;
	size_t len;
	int nlines;
	const char **lines;             /* start of line i+1 (1-based lines) */
	struct token *tokens;
	int ntokens;
	/* The tokenizer error, if any. */
	enum tok_error_kind err_kind;
	char err_type[24];
	char err_msg[200];
	int err_lineno, err_col, err_end_lineno, err_end_col; /* byte columns, col -1: none */
	bool err_col_is_chars;          /* err_col already counts characters (1-based offset) */
	/* Bracket at the top of the stack when the file ended inside one. */
	char unclosed_char;
	int unclosed_lineno, unclosed_col;
	bool oom;
};

/* Tokenizes `len` bytes of UTF-8.  Returns false only when out of memory;
 * a syntax error is recorded in tok->err_* and still returns true. */
bool tokenize(struct tokenizer *tok, ast_arena *arena, const char *src, size_t len);

/* Text of line `lineno` (without its newline) and its length. */
const char *tokenizer_line(const struct tokenizer *tok, int lineno, size_t *len);

/* Number of UTF-8 characters in the first `bytes` bytes of s. */
int utf8_char_count(const char *s, size_t bytes);

extern const char *const token_spelling[T_COUNT];

#endif
