/* parser.h -- entry point of the Python 3.11 front end: source text in,
 * AST (ast.h) or a SyntaxError record (syntax_error.h) out.
 */
#ifndef BOX_PARSE_PARSER_H
#define BOX_PARSE_PARSER_H

#include <stddef.h>
#include "worker/parse/ast.h"
#include "worker/parse/syntax_error.h"

enum parse_mode {
	PARSE_EXEC,     /* a module: compile(..., 'exec') / ast.parse */
	PARSE_EVAL,     /* one expression: compile(..., 'eval') */
	PARSE_SINGLE    /* one interactive statement: compile(..., 'single') */
};

/* Parses `len` bytes of UTF-8 source (a leading BOM is skipped).  On
 * success returns the tree, allocated in `arena`; on failure returns NULL
 * and fills `err` (filename is stored as given).  Never crashes on any
 * input; nesting is bounded, so deep sources give an error, not a C stack
 * overflow; time is linear in the source size. */
ast_mod *parse_source(ast_arena *arena, const char *src, size_t len,
		      const char *filename, enum parse_mode mode,
		      struct syntax_error *err);

/* Writes `ast.dump(tree)` exactly as CPython 3.11 prints it (with
 * include_attributes when `attributes` is true) to a malloc'd string;
 * NULL when out of memory. */
char *ast_dump(const ast_mod *tree, int attributes);

#endif
