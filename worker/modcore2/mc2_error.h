/* mc2_error.h -- error reporting shared by libboxmodcore2.a (json, datetime, time cores).
 *
 * The library knows nothing of the object model.  Every function that can
 * fail returns 0 on success and -1 on error and fills a struct mc2_error
 * with the CPython exception type name and CPython's exact message (the
 * text str(exc) shows).  For json.JSONDecodeError, `bare` holds exc.msg and
 * pos/lineno/colno the exception attributes (pos counts code points).  When
 * a caller callback fails the library returns -1 with type MC2_ERR_CALLBACK:
 * the caller's own pending exception stands. */
#ifndef BOX_MODCORE2_MC2_ERROR_H
#define BOX_MODCORE2_MC2_ERROR_H

#include <stddef.h>

#define MC2_ERR_CALLBACK "<callback>"
#define MC2_ERR_MSG_MAX 512

struct mc2_error {
	const char *type;	/* NULL when no error; a static string otherwise */
	char msg[MC2_ERR_MSG_MAX];
	char bare[96];		/* JSONDecodeError.msg */
	long long pos, lineno, colno;	/* JSONDecodeError attributes, else -1 */
};

void mc2_error_clear(struct mc2_error *err);
/* Sets type and a printf-formatted message; returns -1 for `return`. */
int mc2_error_set(struct mc2_error *err, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Appends a Python repr() of the UTF-8 text s[0..n) to out (size outsz,
 * always NUL-terminated, truncated if needed): quotes chosen as CPython,
 * escapes for \t \n \r \\ the quote, other controls and non-printables as
 * \xNN/\uNNNN (ASCII-range exactness; non-ASCII kept as is). */
void mc2_repr_append(char *out, size_t outsz, const char *s, size_t n);

#endif
