/* re_mod.h -- what the C parts of the `re` module share: the Pattern
 * object (re_pattern.c), the Match object and finditer's iterator
 * (re_match.c), and the module functions, compile cache and error
 * raising (re_mod.c).  The matching itself is worker/modules/re/re_engine.h.
 *
 * Subjects are handled as bytes: a str's UTF-8 (WTF-8) data or a bytes
 * object's contents.  PCRE2 reports byte offsets; they become Python
 * indices (code points) through a cursor that only walks forward from the
 * previous offset, so iterating over a long non-ASCII string stays linear.
 * ASCII strings (and all bytes) need no conversion at all. */
#ifndef BOX_MODULES_RE_MOD_H
#define BOX_MODULES_RE_MOD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "worker/runtime/runtime.h"
#include "worker/modules/re/re_engine.h"

typedef struct RePattern {
	Obj ob;
	struct re_code *code;
	Value pattern;		/* the str or bytes it was compiled from */
	int flags;		/* Pattern.flags */
	int groups;
	bool is_str;
	Dict *groupindex;	/* name -> number */
	Value *names;		/* [0..groups]: group name (Str) or V_NULL */
	size_t *spans;		/* scratch: 2 * (groups + 1) byte offsets */
	Value tpl_src;		/* the last sub() template parsed, or V_NULL */
	struct re_template tpl;
	bool tpl_literal;	/* tpl_src holds no backslash: used as is */
	int64_t hash;
	bool hashed;
} RePattern;

/* A subject string seen as bytes.  A str holding lone surrogates (WTF-8,
 * not UTF-8 to PCRE2) is matched as a copy `mp` where each surrogate
 * U+D800+k is the private-use U+E000+k: the same byte length, so offsets
 * agree and groups are cut from the original.  Like CPython, `.`, [^x],
 * \W, \S and \D then match a surrogate, and \w, \s, \d do not. */
typedef struct ReSubject {
	const char *p;
	size_t len;		/* bytes */
	size_t cplen;		/* Python length */
	bool ascii;		/* byte offset == index */
	Value owner;		/* new ref: the object p points into */
	const char *mp;		/* what PCRE2 is given (p, or the mapped copy) */
	Value mapped;		/* new ref to the mapped copy, or V_NULL */
	bool utf_ok;		/* mp is valid UTF-8 (always, for bytes) */
} ReSubject;

/* Byte offset -> index conversion state (see the header comment). */
typedef struct ReCursor {
	size_t byte, index;
} ReCursor;

typedef struct ReMatch {
	Obj ob;
	RePattern *pat;
	Value string;		/* the subject as passed */
	Value owner;		/* what subj points into */
	const char *subj;
	ssize_t pos, endpos;
	int lastindex;		/* -1 until computed */
	size_t n;		/* groups + 1 */
	size_t sp[];		/* 2n byte offsets, then 2n indices */
} ReMatch;

extern Type re_pattern_type, re_match_type, re_scan_iter_type;

/* re_pattern.c */
void re_pattern_type_init(void);
/* Pattern object for a compiled code (takes ownership of code). */
RePattern *re_pattern_new(struct re_code *code, Value pattern);
/* The subject for a pattern: TypeError for the wrong kind. */
bool re_subject_get(RePattern *p, Value string, ReSubject *out);
/* The Python-facing operations shared by Pattern methods and module
 * functions (pos/endpos V_NULL for defaults). */
Value re_do_match(RePattern *p, Value string, Value pos, Value endpos, enum re_mode mode);
Value re_do_findall(RePattern *p, Value string, Value pos, Value endpos);
Value re_do_finditer(RePattern *p, Value string, Value pos, Value endpos);
Value re_do_sub(RePattern *p, Value repl, Value string, Value count, bool subn);
Value re_do_split(RePattern *p, Value string, Value maxsplit);
/* What re_iter_init_utf() is told of a subject: 2 all ASCII, 1 valid
 * UTF-8, 0 not. */
static inline int re_subject_validity(const ReSubject *s)
{
	return s->ascii ? 2 : s->utf_ok ? 1 : 0;
}
/* Releases what re_subject_get took. */
void re_subject_release(ReSubject *s);
/* Drops the reference kept to the last subject checked for UTF-8. */
void re_forget_subject(void);

/* re_match.c */
void re_match_type_init(void);
size_t re_cursor_index(const ReSubject *s, ReCursor *c, size_t byte);
/* A new Match for spans (byte offsets, 2 * (groups + 1)). */
Value re_match_new(RePattern *p, Value string, const ReSubject *s, const size_t *spans,
		   ssize_t pos, ssize_t endpos, ReCursor *cur);
/* An iterator over the matches (finditer). */
Value re_scan_iter_new(RePattern *p, Value string, const ReSubject *s, size_t bstart,
		       size_t bend, ssize_t pos, ssize_t endpos);
/* subject[a..b) as a str or bytes (new ref). */
Value re_slice(bool is_str, const char *subj, size_t a, size_t b);
/* re_slice() of a subject known to be ASCII when `ascii` (no length scan). */
Value re_slice_of(bool is_str, bool ascii, const char *subj, size_t a, size_t b);
/* Expands a parsed template for a match's spans into a str or bytes. */
Value re_expand(RePattern *p, const struct re_template *tpl, const char *subj,
		const size_t *spans);
/* Parses a template string for p: false with the exception set. */
bool re_template_for(RePattern *p, Value repl, struct re_template *out);

/* re_mod.c */
/* Raises the exception an core_error describes (re.error gets pattern and
 * pos); returns V_NULL. */
Value re_raise(const struct core_error *err, Value pattern);

#endif
