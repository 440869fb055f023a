/* re_engine.h -- compiling and running translated `re` patterns with PCRE2.
 *
 * Subjects are byte buffers: UTF-8 (WTF-8) for str patterns, raw bytes for
 * bytes patterns.  All offsets here are byte offsets; the caller converts
 * Python's pos/endpos (code points) with re_utf8_offset() and converts
 * spans back with re_utf8_count().  endpos truncates the subject (so `$`
 * and \Z match there), pos is where the search starts (look-behind may
 * still see before it, `^` does not match there), as in CPython.
 *
 * PCRE2 runs in interpreted mode only (no JIT: the worker has no executable
 * memory).  Catastrophic backtracking is bounded by PCRE2's match, depth
 * and heap limits; hitting one raises
 *     RuntimeError: regular expression match limit exceeded
 * (CPython would keep running; a sandboxed script gets a clear error).
 *
 * Iteration (findall, finditer, sub, subn, split) follows Python 3.7+:
 * after an empty match the next match may not be empty at the same
 * position, but empty matches right after a non-empty match are allowed
 * (re.sub('x*', '-', 'abxd') == '-a-b--d-'). */
#ifndef BOX_MODCORE_RE_ENGINE_H
#define BOX_MODCORE_RE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "worker/modules/core_error.h"
#include "worker/modules/re/re_translate.h"

#define RE_UNSET ((size_t)-1)

/* Default limits (process-wide, see re_set_limits). */
#define RE_DEFAULT_MATCH_LIMIT 10000000U
#define RE_DEFAULT_DEPTH_LIMIT 10000000U
#define RE_DEFAULT_HEAP_LIMIT_KIB (64U * 1024U)

struct re_code;

/* Translates and compiles.  Errors as re_translate(); a PCRE2 compile
 * failure of a translated pattern becomes re.error with PCRE2's message. */
int re_compile(const char *pattern, size_t len, bool is_str, int flags, struct re_code **out,
	       struct core_error *err);
void re_code_free(struct re_code *code);
const struct re_translation *re_code_info(const struct re_code *code);

/* Limits for every later match (0 keeps the current value). */
void re_set_limits(uint32_t match_limit, uint32_t depth_limit, uint32_t heap_limit_kib);

enum re_mode { RE_MODE_MATCH, RE_MODE_SEARCH, RE_MODE_FULLMATCH };

/* One match over subject[0..end) starting at byte offset start.  The
 * caller clamps pos and endpos to [0, len] as CPython does; start > end
 * gives no match (CPython: pattern.search('a', 1, 0) is None).
 * spans receives 2 * (groups + 1) offsets (RE_UNSET for groups that did
 * not take part).  Returns 1 when matched, 0 when not, -1 on error
 * (RuntimeError for limits, MemoryError). */
int re_exec(const struct re_code *code, const char *subject, size_t end, size_t start,
	    enum re_mode mode, size_t *spans, struct core_error *err);

/* re_exec with extra PCRE2 match options (PCRE2_NOTEMPTY_ATSTART, ...).
 * Passing PCRE2_NO_UTF_CHECK promises subject[0..end) is valid UTF-8
 * (re_utf8_valid); RE_EXEC_INVALID_UTF says the caller already found it is
 * not (WTF-8 with lone surrogates); with neither, str subjects are checked
 * on every call. */
#define RE_EXEC_INVALID_UTF 0x80000000u
/* RE_EXEC_ASCII says the whole subject (not only [start..end)) is ASCII:
 * a str pattern then runs its ASCII-subject form (re_translate.h), made
 * on first use, when that differs (no UCP: no Unicode property lookups). */
#define RE_EXEC_ASCII 0x10000000u
int re_exec_opts(const struct re_code *code, const char *subject, size_t end, size_t start,
		 enum re_mode mode, uint32_t extra, size_t *spans, struct core_error *err);

/* Match.lastindex for the spans of a match (0 when None). */
int re_lastindex(const struct re_code *code, const size_t *spans);

/* Iteration for findall/finditer/sub/split. */
struct re_iter {
	const struct re_code *code;
	const char *subject;
	size_t end, pos;
	bool not_empty_at_start;
	bool done;
	bool checked;		/* subject known to be valid UTF-8 */
	bool invalid;		/* subject known not to be (str patterns) */
	bool ascii;		/* subject all ASCII (RE_EXEC_ASCII) */
};

void re_iter_init(struct re_iter *it, const struct re_code *code, const char *subject,
		  size_t end, size_t start);
/* re_iter_init for a caller that already knows whether a str subject is
 * valid UTF-8 (valid 1 or 0; 2: all ASCII; -1 checks it as re_iter_init
 * does). */
void re_iter_init_utf(struct re_iter *it, const struct re_code *code, const char *subject,
		      size_t end, size_t start, int valid);
/* 1 with spans filled, 0 when exhausted, -1 on error. */
int re_iter_next(struct re_iter *it, size_t *spans, struct core_error *err);

/* ---- byte buffers ---- */

struct re_buf {
	char *p;
	size_t len, cap;
};

int re_buf_put(struct re_buf *b, const char *s, size_t n, struct core_error *err);
void re_buf_free(struct re_buf *b);

/* ---- replacement templates (re_template.c) ---- */

struct re_template_item {
	bool is_group;
	size_t group;		/* when is_group */
	size_t off, len;	/* literal text in tpl->lit otherwise */
};

struct re_template {
	struct re_template_item *items;
	size_t nitems;
	char *lit;
	size_t litlen;
};

/* Parses a sub() replacement template (str as UTF-8, or bytes) for code.
 * Errors as CPython 3.11: re.error "invalid group reference 3 at position
 * 1", "bad escape \q at position 0", "missing <", ...; IndexError
 * "unknown group name 'x'". */
int re_template_parse(const struct re_code *code, const char *repl, size_t len,
		      struct re_template *out, struct core_error *err);
void re_template_free(struct re_template *tpl);
/* Appends the expansion for one match (unmatched groups expand to ""). */
int re_template_expand(const struct re_template *tpl, const char *subject, const size_t *spans,
		       struct re_buf *out, struct core_error *err);

/* sub/subn with a template: count == 0 means all.  *nsubs gets the
 * number of replacements. */
int re_sub(const struct re_code *code, const struct re_template *tpl, const char *subject,
	   size_t len, size_t count, struct re_buf *out, size_t *nsubs, struct core_error *err);

/* re.escape (3.11): a backslash before each of ()[]{}?*+-|^$\.&~# and
 * the whitespace characters \t\n\r\v\f and space. */
int re_escape(const char *s, size_t len, struct re_buf *out, struct core_error *err);

/* ---- UTF-8 offsets ---- */

/* Strict UTF-8 (no surrogates, no overlongs), as PCRE2 requires. */
bool re_utf8_valid(const char *s, size_t len);

/* Byte offset of code point index cp (clamped to len). */
size_t re_utf8_offset(const char *s, size_t len, size_t cp);
/* Number of code points in s[from..to). */
size_t re_utf8_count(const char *s, size_t from, size_t to);

#endif
