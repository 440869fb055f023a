/* macro.h -- Dogwood's compile-time macros (dogwood.md 4.8):
 *
 *   def cedar NAME(?a, ?b) { cedar expression };
 *   def temporal NAME(?a, ?w) { temporal condition or aggregate };
 *
 * Definitions are taken out of the policy text before it is parsed (their
 * bytes become blanks, so line and column numbers stay true).  A call
 * NAME(x, y) is replaced by the body with each ?param replaced by its
 * argument's text (parenthesised in Cedar, as written in temporal text,
 * where arguments are also windows and binder names) and each $name made
 * fresh for that expansion.  A body cannot call a macro; arguments can.
 *
 * Every policy also sees Dogwood's default library without a `def`:
 *   count_within(?w, ?s)              events within ?w at which ?s held
 *   sum_within(?a, ?w, ?body)         the sum of ?a over those events
 *   count_distinct_within(?k, ?w, ?s) distinct String keys ?k
 *   bind(?n, ?A, ?B)                  exists (?n: Long). (?A == ?n && ?B)
 * A policy's own `def` of one of these names replaces it (Dogwood's rule:
 * the policy's definition wins over the library's). */
#ifndef BOX_POLICY_MACRO_H
#define BOX_POLICY_MACRO_H

#include <stddef.h>

#include "common/arena.h"

struct lexer;

#define MACRO_MAX_PARAMS 32

struct macro {
	const char *name;
	int temporal;                   /* def temporal (else def cedar) */
	const char **params;            /* without the '?' */
	size_t nparams;
	const char *body;
	size_t bodylen;
	int line;                       /* of the `def` (0 for the library) */
	int library;                    /* from the default library */
};

struct macro_table {
	struct macro *v;
	size_t n;
	int fresh;                      /* counter for $name binders */
};

/* Takes the `def` declarations out of text (writable, len bytes) into t,
 * then adds the default library's macros the text does not define.
 * 0, or -1 with "<line>:<col>: message" in err. */
int macro_collect(struct arena *, char *text, size_t len, struct macro_table *t, char *err, size_t errlen);

/* The default library's source text (Dogwood syntax), for documentation. */
const char *macro_library_text(void);

const struct macro *macro_find(const struct macro_table *, const char *name, size_t n);

/* The expansion of a call of m with nargs arguments (their raw texts),
 * NUL-terminated in the arena; NULL with err on a wrong argument count. */
char *macro_expand(struct arena *, struct macro_table *, const struct macro *m, const char *const *args,
                   const size_t *arglens, size_t nargs, size_t *outlen, char *err, size_t errlen);

/* The arguments of a call whose `(` (at `open`) was just read from lx:
 * the raw texts between top-level commas, up to the matching `)` (the
 * lexer is left after it).  At most MACRO_MAX_PARAMS.  0, or -1 with err. */
int macro_call_args(struct lexer *lx, const char *open, const char **args, size_t *lens, size_t *nargs,
                    char *err, size_t errlen);

/* The text of a temporal block with every temporal macro call expanded
 * (arguments first), or NULL with err (a Cedar macro called there, a wrong
 * argument count, expansions nested too deeply). */
char *macro_expand_temporal(struct arena *, struct macro_table *, const char *text, size_t len,
                            size_t *outlen, char *err, size_t errlen);

#endif
