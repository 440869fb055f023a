/* re_translate.h -- Python 3.11 `re` pattern syntax to a PCRE2 pattern.
 *
 * re_translate() parses a pattern the way CPython's re._parser does,
 * reporting the same re.error messages at the same positions and in the
 * same order, and emits an equivalent PCRE2 pattern plus compile options.
 * Every construct is emitted explicitly (literals as \x{..}, Python's own
 * \s set, ASCII or Unicode classes per scope, \Z as \z, ...) so the result
 * does not depend on PCRE2's extended-mode or escape rules.
 *
 * Input: a str pattern as UTF-8 (lone surrogates as 3-byte WTF-8) with
 * is_str true, or raw bytes with is_str false.  Error positions count code
 * points for str patterns and bytes for bytes patterns.
 *
 * Known differences from CPython (documented, not bugs to fix here):
 *  - lone surrogates cannot appear in a PCRE2 UTF pattern: a str pattern
 *    holding one gets re.error "surrogates not supported in patterns";
 *    in subjects PCRE2 skips them (`.` and classes do not match them)
 *    unless the caller maps them first, as the re module does (re_mod.h);
 *  - counted repeats above 65535 (PCRE2's limit) give re.error
 *    "repetition number too large for this engine";
 *  - capture values left by backtracking inside repeated groups and
 *    conditionals follow PCRE2, where SRE has its own quirks;
 *  - IGNORECASE folding is PCRE2's Unicode simple folding (ASCII-only
 *    folding under re.ASCII is reproduced).
 */
#ifndef BOX_MODCORE_RE_TRANSLATE_H
#define BOX_MODCORE_RE_TRANSLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "worker/modules/core_error.h"

/* re flag values, as re.RegexFlag. */
enum re_flags {
	RE_TEMPLATE = 1,
	RE_IGNORECASE = 2,
	RE_LOCALE = 4,
	RE_MULTILINE = 8,
	RE_DOTALL = 16,
	RE_UNICODE = 32,
	RE_VERBOSE = 64,
	RE_DEBUG = 128,
	RE_ASCII = 256,
};

struct re_group_name {
	char *name;		/* UTF-8 (str) or raw bytes; NUL-terminated */
	size_t len;
	int index;
};

struct re_translation {
	char *pcre;		/* NUL-terminated PCRE2 pattern */
	size_t pcre_len;
	uint32_t pcre_options;	/* options for pcre2_compile */
	bool is_str;
	int flags;		/* Pattern.flags as CPython computes it */
	int groups;		/* Pattern.groups */
	struct re_group_name *names;	/* Pattern.groupindex, in definition order */
	size_t nnames;
	int *group_parent;	/* [0..groups]: enclosing capture group (0 = none) */
};

/* Returns 0 and fills *out (free with re_translation_free), or -1 with
 * err set: re.error (with pos), ValueError for flag conflicts
 * ("cannot use LOCALE flag with a str pattern", ...), OverflowError
 * ("the repetition number is too large"), MemoryError. */
int re_translate(const char *pattern, size_t len, bool is_str, int flags,
		 struct re_translation *out, struct core_error *err);

/* The same str pattern for subjects that are all ASCII: Unicode \d, \w,
 * \b and \B as PCRE2's own ASCII ones and \s as its ASCII members, so
 * PCRE2 runs without UCP (no property lookups per character).  re_engine.c
 * uses it only without IGNORECASE (case folding is left as it is). */
int re_translate_ascii_subject(const char *pattern, size_t len, int flags,
			       struct re_translation *out, struct core_error *err);

void re_translation_free(struct re_translation *t);

/* groupindex lookup: the group number for a name, or -1. */
int re_group_index(const struct re_translation *t, const char *name, size_t len);

/* ---- helpers shared with re_engine ---- */

/* Decodes UTF-8/WTF-8 (is_str) or bytes into a code point array (malloc'd,
 * *n entries).  Returns NULL on allocation failure or malformed UTF-8. */
uint32_t *re_decode(const char *s, size_t len, bool is_str, size_t *n);

/* Whether s is a Python identifier (str.isidentifier()). */
bool re_is_identifier(const uint32_t *s, size_t n);

/* Appends repr(s) of a str (or the ascii(backslashreplace) form for bytes
 * patterns) to out (size outsz, always NUL-terminated). */
void re_repr_name(const uint32_t *s, size_t n, bool is_str, char *out, size_t outsz);

#endif
