/* mc_error.h -- error reporting shared by the modcore library (libboxmodcore.a).
 *
 * libboxmodcore.a holds the pure-C cores of the `re` and `random` modules.
 * It knows nothing of the interpreter's object model.  Every function that
 * can fail returns 0 on success and -1 on error and fills a struct mc_error
 * with the CPython exception type name ("ValueError", "re.error", ...) and
 * CPython's exact message.  For re.error, `pos` is the position in the
 * pattern (in code points for str patterns, bytes for bytes patterns) and
 * `msg` is the bare message (re.error.msg); mc_error_re_str() builds the
 * full text str(exc) shows.  When a caller-supplied callback fails, the
 * library returns -1 with type MC_ERR_CALLBACK: the caller's own pending
 * exception stands. */
#ifndef BOX_MODCORE_MC_ERROR_H
#define BOX_MODCORE_MC_ERROR_H

#include <stddef.h>

#define MC_ERR_CALLBACK "<callback>"
#define MC_ERR_MSG_MAX 320

struct mc_error {
	const char *type;	/* NULL when no error; a static string otherwise */
	char msg[MC_ERR_MSG_MAX];
	long pos;		/* re.error position, -1 when not applicable */
};

void mc_error_clear(struct mc_error *err);

/* Sets type and a printf-formatted message; returns -1 for `return`. */
int mc_error_set(struct mc_error *err, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Sets a re.error with its position. */
int mc_error_re(struct mc_error *err, long pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* str(re.error) as CPython builds it: "MSG at position P", with
 * " (line L, column C)" appended when the pattern holds a newline.
 * `pattern` is the UTF-8 pattern text (for line/column counting), `is_str`
 * says whether positions count code points.  Writes into out (size outsz). */
void mc_error_re_str(const struct mc_error *err, const char *pattern, size_t patlen,
		     int is_str, char *out, size_t outsz);

#endif
