/* compile.h -- the bytecode compiler's entry points. */
#ifndef BOX_COMPILE_H
#define BOX_COMPILE_H

#include "worker/parse/ast.h"
#include "worker/runtime/runtime.h"

enum { COMPILE_EXEC, COMPILE_EVAL, COMPILE_SINGLE };

/* AST to a module code object; NULL with a SyntaxError set on failure.
 * source (may be NULL) is kept for tracebacks.  flags: compiler flags
 * inherited from the caller's code (exec, eval, compile): the __future__
 * bits (CO_FUTURE_MASK) are kept in every code object's flags, and
 * CO_FUTURE_ANNOTATIONS is the one that changes anything. */
Code *compile_ast(ast_mod *mod, const char *filename, Str *source, int mode, uint32_t flags);
/* Parse + compile; NULL with SyntaxError (or MemoryError) set. */
Code *compile_string(const char *src, size_t len, const char *filename, int mode);
/* The same with inherited compiler flags (compile_ast). */
Code *compile_string_flags(const char *src, size_t len, const char *filename, int mode, uint32_t flags);
/* The SyntaxWarnings of CPython's compiler, printed on stderr
 * (worker/compile/compile_warn.c): `is` with a literal, an assert on a tuple, a
 * literal called or indexed as if a comma were missing. */
void compile_warn_compare(const char *filename, Str *source, const ast_expr *e);
void compile_warn_call(const char *filename, Str *source, const ast_expr *e);
void compile_warn_subscript(const char *filename, Str *source, const ast_expr *e);
void compile_warn_assert(const char *filename, Str *source, const ast_stmt *s);
Value make_syntax_error(Type *t, const char *msg, const char *filename, Str *source,
			int line, int col1, int end_line, int end_col1);

/* A constant of the AST as a value (a new reference). */
Value constant_value(struct ast_constant *k);
/* An annotation printed back as ast.unparse does (worker/compile/unparse.c);
 * NULL for a kind it does not print. */
Str *unparse_annotation(const ast_expr *e);

#endif
