/* parser_internal.h -- shared state and helpers of the recursive-descent
 * parser (parser*.c).  Not part of the public API (see parser.h).
 *
 * Errors unwind with longjmp to parse_source(): everything lives in the
 * arena, so nothing needs freeing on the way out.  The first error
 * recorded wins.
 */
#ifndef BOX_PARSE_PARSER_INTERNAL_H
#define BOX_PARSE_PARSER_INTERNAL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdnoreturn.h>
#include "worker/parse/ast.h"
#include "worker/parse/parser.h"
#include "worker/parse/syntax_error.h"
#include "worker/parse/token.h"

enum {
	PARSER_MAX_DEPTH = 1000,        /* nested constructs the parser accepts */
	AST_MAX_DEPTH = 2900            /* tree depth (CPython: ast construction limit) */
};

struct parser {
	struct tokenizer tok;
	ast_arena *arena;
	struct token *tokens;
	int ntokens;
	int pos;                        /* next token */
	int fill;                       /* 1 + furthest token index looked at */
	int depth;                      /* current nesting (bounded) */
	jmp_buf *unwind;
	struct syntax_error *err;
	const char *filename;
	int probing;                    /* >0: trial parse, no invalid-rule checks */
	/* f-string expression sub-parser: position of its text in the real
	 * source, and the enclosing parser (for error reporting). */
	struct parser *outer;
	int fstring_line, fstring_col;  /* where the sub-source starts (line 1-based, byte col) */
	const struct token *last;       /* last consumed token */
};

/* ---- tokens ---- */
struct token *p_peek(struct parser *p);
struct token *p_peek_at(struct parser *p, int ahead);
struct token *p_next(struct parser *p);
bool p_check(struct parser *p, enum token_type type);
bool p_accept(struct parser *p, enum token_type type);
struct token *p_expect(struct parser *p, enum token_type type);
struct token *p_expect_forced(struct parser *p, enum token_type type);
bool p_check_name(struct parser *p, const char *name);  /* soft keyword */
const char *p_identifier(struct parser *p, const struct token *t);

/* ---- errors (never return) ---- */
noreturn void p_fail_generic(struct parser *p);          /* "invalid syntax" at the current token */
noreturn void p_fail_token(struct parser *p, const struct token *t, const char *type,
			   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
noreturn void p_fail_range(struct parser *p, const char *type, const struct ast_pos *from,
			   const struct ast_pos *to, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
noreturn void p_fail_memory(struct parser *p);
noreturn void p_fail_depth(struct parser *p);
void p_enter(struct parser *p);
void *p_try_rule(struct parser *p, void *(*rule)(struct parser *, void *), void *arg);
void p_leave(struct parser *p);

/* ---- node construction ---- */
void *p_alloc(struct parser *p, size_t size);
char *p_strndup(struct parser *p, const char *s, size_t len);
struct ast_pos p_pos_from(struct parser *p, const struct token *first);
struct ast_pos p_token_pos(struct parser *p, const struct token *t);
struct ast_pos p_pos_span(const struct ast_pos *a, const struct ast_pos *b);
ast_expr *p_expr(struct parser *p, enum ast_expr_kind kind, struct ast_pos pos);
ast_stmt *p_stmt(struct parser *p, enum ast_stmt_kind kind, struct ast_pos pos);
ast_pattern *p_pattern(struct parser *p, enum ast_pattern_kind kind, struct ast_pos pos);

/* Growable list used while collecting sequence items. */
struct p_list {
	int n, cap;
	void **items;
};
void p_list_push(struct parser *p, struct p_list *l, void *item);
#define P_SEQ(seq, list) do { (seq).n = (list).n; (seq).items = (void *)(list).items; } while (0)

/* ---- expressions (parser_expr.c) ---- */
ast_expr *p_expression(struct parser *p);               /* expression */
ast_expr *p_named_expression(struct parser *p);
ast_expr *p_named_expression_ex(struct parser *p, bool check_assign);
ast_expr *p_star_expressions(struct parser *p);         /* tuple when commas */
ast_expr *p_star_named_expression(struct parser *p);
ast_expr *p_star_expression(struct parser *p);
ast_expr *p_bitwise_or(struct parser *p);
ast_expr *p_disjunction(struct parser *p);
ast_expr *p_primary(struct parser *p);
ast_expr *p_yield_expr(struct parser *p);
ast_expr *p_star_targets_for(struct parser *p);         /* for-loop targets, Store */
ast_arguments *p_parameters(struct parser *p, bool lambda, enum token_type closer);
void p_call_arguments(struct parser *p, ast_expr_seq *args, ast_keyword_seq *kws,
		      enum token_type closer);
bool p_starts_expression(const struct token *t);

/* ---- literals (parser_string.c) ---- */
ast_expr *p_number(struct parser *p, const struct token *t);
ast_expr *p_strings(struct parser *p);                  /* adjacent STRING tokens */

/* ---- statements (parser_stmt.c) ---- */
void p_statements(struct parser *p, ast_stmt_seq *out);
ast_stmt_seq p_block(struct parser *p, const char *what, int lineno);

/* ---- patterns (parser_pattern.c) ---- */
ast_stmt *p_match_stmt(struct parser *p);

/* ---- targets (parser_target.c) ---- */
enum target_kind { TARGETS_STAR, TARGETS_DEL, TARGETS_FOR };
/* Sets ctx on a valid target tree; otherwise fails with CPython's
 * "cannot assign to ..." / "cannot delete ..." message. */
void p_set_context(struct parser *p, ast_expr *e, enum ast_expr_context ctx,
		   enum target_kind kind);
const ast_expr *p_invalid_target(const ast_expr *e, enum target_kind kind);
const char *p_expr_name(const ast_expr *e);
/* Checks the depth of a finished tree. */
void p_check_tree_depth(struct parser *p, const ast_mod *mod);

/* Sub-parser for an f-string replacement field: parses `(text)` where text
 * starts at (line, col) of the real source. */
ast_expr *p_fstring_expression(struct parser *p, const char *text, size_t len,
			       int line, int col);

#endif
