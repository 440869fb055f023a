/* core_error.h -- how the modules' pure-C cores report errors.
 *
 * The cores (libboxmodcores.a: the re translator and engine, random's
 * generators, the json scanner, datetime's calendar, formatting and
 * parsing) know nothing of the object model.  Every function that can
 * fail returns 0 on success and -1 on error and fills a struct core_error
 * with the CPython exception type name and CPython's exact message (the
 * text str(exc) shows).  For json.JSONDecodeError, `bare` holds exc.msg and
 * pos/lineno/colno the exception attributes (pos counts code points).  When
 * a caller callback fails the library returns -1 with type CORE_ERR_CALLBACK:
 * the caller's own pending exception stands. */
#ifndef BOX_MODULES_CORE_ERROR_H
#define BOX_MODULES_CORE_ERROR_H

#include <stddef.h>

#define CORE_ERR_CALLBACK "<callback>"
#define CORE_ERR_MSG_MAX 512

struct core_error {
	const char *type;	/* NULL when no error; a static string otherwise */
	char msg[CORE_ERR_MSG_MAX];
	char bare[96];		/* JSONDecodeError.msg */
	long long pos, lineno, colno;	/* re.error and JSONDecodeError attributes, else -1 */
};

void core_error_clear(struct core_error *err);
/* Sets a re.error with its position. */
int core_error_re(struct core_error *err, long long pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* str(re.error) as CPython builds it: "MSG at position P", with
 * " (line L, column C)" appended when the pattern holds a newline.
 * `pattern` is the UTF-8 pattern text (for line/column counting), `is_str`
 * says whether positions count code points.  Writes into out (size outsz). */
void core_error_re_str(const struct core_error *err, const char *pattern, size_t patlen,
		       int is_str, char *out, size_t outsz);
/* Sets type and a printf-formatted message; returns -1 for `return`. */
int core_error_set(struct core_error *err, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Appends a Python repr() of the UTF-8 text s[0..n) to out (size outsz,
 * always NUL-terminated, truncated if needed): quotes chosen as CPython,
 * escapes for \t \n \r \\ the quote, other controls and non-printables as
 * \xNN/\uNNNN (ASCII-range exactness; non-ASCII kept as is). */
void core_error_repr_append(char *out, size_t outsz, const char *s, size_t n);

#endif
