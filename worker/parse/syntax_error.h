/* syntax_error.h -- the SyntaxError / IndentationError / TabError record the
 * parser fills in, with the fields CPython 3.11's SyntaxError carries, and
 * its rendering the way CPython prints an uncaught SyntaxError.
 */
#ifndef BOX_PARSE_SYNTAX_ERROR_H
#define BOX_PARSE_SYNTAX_ERROR_H

#include <stddef.h>

struct syntax_error {
	/* "SyntaxError", "IndentationError", "TabError"; also "MemoryError"
	 * (out of memory while parsing) and "RecursionError" (nesting bound)
	 * which carry only `msg`.  Empty string: no error. */
	char type[24];
	char msg[320];
	const char *filename;   /* the caller's pointer, not copied */
	/* 1-based line numbers; offsets are 1-based and counted in characters
	 * (code points) like CPython's SyntaxError.offset; 0 when unknown. */
	int lineno, offset, end_lineno, end_offset;
	char *text;             /* malloc'd source line incl. its '\n', or NULL */
};

void syntax_error_init(struct syntax_error *err);
/* Releases `text` and resets the record. */
void syntax_error_clear(struct syntax_error *err);
/* Sets the record (text may be NULL); msg is printf-style.  Does nothing
 * when an error is already recorded (the first error wins). */
void syntax_error_set(struct syntax_error *err, const char *type,
		      int lineno, int offset, int end_lineno, int end_offset,
		      const char *line, size_t line_len, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));

/* Renders the error as CPython 3.11 prints it when uncaught, e.g.
 *     File "<string>", line 1
 *       x = (
 *           ^
 *   SyntaxError: '(' was never closed
 * into buf (always NUL-terminated, truncated to size).  Returns the length
 * the full text needs (snprintf-style). */
size_t syntax_error_format(const struct syntax_error *err, char *buf, size_t size);

#endif
