/* re_translate.c -- Python `re` pattern syntax to PCRE2 (see re_translate.h).
 *
 * The parser follows the structure of CPython 3.11's re._parser: a
 * one-token lookahead tokenizer (an escape `\x` is one token), _parse_sub
 * for alternations, _parse for sequences, and the same checks in the same
 * order so the first error reported is CPython's.  Instead of building a
 * tree it emits PCRE2 text directly: every item is emitted as one PCRE2
 * atom so a following quantifier applies to all of it.  Item widths are
 * tracked as CPython's getwidth() computes them, for the fixed-width
 * look-behind check. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <unictype.h>
#include <uniname.h>

#include "worker/modules/re/re_translate.h"
#include "worker/modules/re/re_text.h"

#define MAXREPEAT 0xFFFFFFFFULL
#define MAXGROUPS 0x3FFFFFFF
#define PCRE2_MAX_REPEAT 65535

/* ---- parser state ---- */

struct width {
	uint64_t lo, hi;
};

struct scope {
	bool verbose;
	bool ascii;
	bool icase;
};

enum item_kind { ITEM_NONE, ITEM_AT, ITEM_REPEAT, ITEM_OTHER };

struct seq {
	size_t item_start;	/* where the last item's PCRE2 text starts */
	enum item_kind last;
	struct width before_last;	/* sequence width before the last item */
	struct width last_w;
	struct width w;
	bool nonempty;
};

struct refpos {
	long group, pos;
};

struct parser {
	const uint32_t *s;
	size_t n;
	bool is_str;
	size_t index;
	bool has_next, next_esc;
	uint32_t next_ch;
	struct obuf out;
	int flags;
	size_t ngroups;		/* state.groups: open/closed groups + group 0 */
	struct width *gw;
	bool *gclosed;
	int *gparent;
	long cur_group;
	size_t gcap;
	struct re_group_name *names;
	size_t nnames, namescap;
	long lookbehindgroups;	/* -1 for None */
	struct refpos *refs;
	size_t nrefs, refcap;
	bool ucp;
	bool ascii_subject;	/* re_translate_ascii_subject(): for ASCII subjects only */
	bool bad_lookbehind;
	int in_lookbehind;
	bool oom;
	struct core_error *err;
};

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	uint64_t r;
	return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	uint64_t r;
	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static struct width cap_width(struct width w)
{
	if (w.lo > MAXREPEAT - 1)
		w.lo = MAXREPEAT - 1;
	if (w.hi > MAXREPEAT)
		w.hi = MAXREPEAT;
	return w;
}

static void seq_add(struct seq *q, enum item_kind kind, struct width w)
{
	q->before_last = q->w;
	q->last = kind;
	q->last_w = w;
	q->w.lo = sat_add(q->w.lo, w.lo);
	q->w.hi = sat_add(q->w.hi, w.hi);
	q->nonempty = true;
}

static int oom(struct parser *p)
{
	p->oom = true;
	return core_error_set(p->err, "MemoryError", "%s", "");
}

/* re.error at tell() - offset, with a printf message. */
static int perr(struct parser *p, long offset, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static long tell(const struct parser *p)
{
	return (long)p->index - (!p->has_next ? 0 : p->next_esc ? 2 : 1);
}

static int perr(struct parser *p, long offset, const char *fmt, ...)
{
	va_list ap;
	p->err->type = "re.error";
	p->err->pos = tell(p) - offset;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- tokenizer ---- */

static int tok_advance(struct parser *p)
{
	size_t i = p->index;
	if (i >= p->n) {
		p->has_next = false;
		return 0;
	}
	uint32_t c = p->s[i];
	p->next_esc = false;
	if (c == '\\') {
		i++;
		if (i >= p->n)
			return core_error_re(p->err, (long)p->n - 1, "bad escape (end of pattern)");
		p->next_esc = true;
		c = p->s[i];
	}
	p->next_ch = c;
	p->index = i + 1;
	p->has_next = true;
	return 0;
}

static bool next_is(const struct parser *p, uint32_t c)
{
	return p->has_next && !p->next_esc && p->next_ch == c;
}

static bool next_in(const struct parser *p, const char *set)
{
	return p->has_next && !p->next_esc && p->next_ch < 0x80 && p->next_ch &&
	       strchr(set, (int)p->next_ch);
}

/* source.match(c): *hit tells whether it matched. */
static int tok_match(struct parser *p, uint32_t c, bool *hit)
{
	*hit = next_is(p, c);
	return *hit ? tok_advance(p) : 0;
}

struct token {
	bool valid, esc;
	uint32_t ch;
};

static int tok_get(struct parser *p, struct token *t)
{
	t->valid = p->has_next;
	t->esc = p->next_esc;
	t->ch = p->next_ch;
	return tok_advance(p);
}

static int tok_seek(struct parser *p, size_t index)
{
	p->index = index;
	return tok_advance(p);
}

#define DIGITS "0123456789"
#define OCTDIGITS "01234567"
#define HEXDIGITS "0123456789abcdefABCDEF"
#define WHITESPACE " \t\n\r\v\f"

static bool is_ascii_letter(uint32_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Collected token text (a name, an escape): code points, bounded. */
struct text {
	uint32_t *c;
	size_t n, cap;
};

static int text_add(struct parser *p, struct text *t, uint32_t c)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		uint32_t *nc = realloc(t->c, cap * sizeof *nc);
		if (!nc)
			return oom(p);
		t->c = nc;
		t->cap = cap;
	}
	t->c[t->n++] = c;
	return 0;
}

static int text_add_token(struct parser *p, struct text *t, const struct token *k)
{
	if (k->esc && text_add(p, t, '\\') < 0)
		return -1;
	return text_add(p, t, k->ch);
}

/* Renders text for a message (str: UTF-8; bytes: backslashreplace). */
static void text_render(const struct parser *p, const struct text *t, char *out, size_t outsz)
{
	struct obuf b = { 0 };
	for (size_t i = 0; i < t->n; i++)
		re_put_msg_char(&b, t->c[i], p->is_str);
	snprintf(out, outsz, "%s", b.p && !b.oom ? b.p : "");
	free(b.p);
}

/* source.getwhile(n, charset) appended to t. */
static int getwhile(struct parser *p, int n, const char *set, struct text *t)
{
	for (int i = 0; i < n && next_in(p, set); i++) {
		if (text_add(p, t, p->next_ch) < 0 || tok_advance(p) < 0)
			return -1;
	}
	return 0;
}

/* source.getuntil(terminator, name) into t. */
static int getuntil(struct parser *p, uint32_t term, const char *what, struct text *t)
{
	for (;;) {
		struct token k;
		if (tok_get(p, &k) < 0)
			return -1;
		if (!k.valid) {
			if (t->n == 0)
				return perr(p, 0, "missing %s", what);
			return perr(p, (long)t->n, "missing %c, unterminated name", (char)term);
		}
		if (!k.esc && k.ch == term) {
			if (t->n == 0)
				return perr(p, 1, "missing %s", what);
			return 0;
		}
		if (text_add_token(p, t, &k) < 0)
			return -1;
	}
}

static int checkgroupname(struct parser *p, const struct text *name, long offset)
{
	if (!re_is_identifier(name->c, name->n)) {
		char r[160];
		re_repr_name(name->c, name->n, p->is_str, r, sizeof r);
		return perr(p, (long)name->n + offset, "bad character in group name %s", r);
	}
	return 0;
}

static long text_to_int(const struct text *t, int base, bool *ok)
{
	long v = 0;
	*ok = t->n > 0;
	for (size_t i = 0; i < t->n && *ok; i++) {
		uint32_t c = t->c[i];
		int d = c >= '0' && c <= '9' ? (int)(c - '0') :
			c >= 'a' && c <= 'f' ? (int)(c - 'a' + 10) :
			c >= 'A' && c <= 'F' ? (int)(c - 'A' + 10) : 99;
		if (d >= base || v > (LONG_MAX - d) / base)
			*ok = false;
		else
			v = v * base + d;
	}
	return v;
}

/* ---- groups ---- */

static int group_lookup(const struct parser *p, const struct text *name)
{
	for (size_t i = 0; i < p->nnames; i++) {
		const struct re_group_name *g = &p->names[i];
		struct obuf b = { 0 };
		for (size_t j = 0; j < name->n; j++)
			re_put_utf8(&b, name->c[j], p->is_str);
		bool eq = b.p && b.len == g->len && memcmp(b.p, g->name, b.len) == 0;
		if (name->n == 0 && g->len == 0)
			eq = true;
		free(b.p);
		if (eq)
			return g->index;
	}
	return -1;
}

static bool checkgroup(const struct parser *p, long gid)
{
	return gid >= 0 && (size_t)gid < p->ngroups && p->gclosed[gid];
}

static int checklookbehindgroup(struct parser *p, long gid)
{
	if (p->lookbehindgroups >= 0) {
		if (!checkgroup(p, gid))
			return perr(p, 0, "cannot refer to an open group");
		if (gid >= p->lookbehindgroups)
			return perr(p, 0, "cannot refer to group defined in the same lookbehind subpattern");
	}
	return 0;
}

/* state.opengroup(name): returns the new group id, or -1 with err set at
 * the position given by the caller's offset. */
static long opengroup(struct parser *p, const struct text *name, long offset)
{
	if (p->ngroups == p->gcap) {
		size_t cap = p->gcap ? p->gcap * 2 : 16;
		struct width *ngw = realloc(p->gw, cap * sizeof *ngw);
		if (!ngw)
			return oom(p);
		p->gw = ngw;
		bool *ngc = realloc(p->gclosed, cap * sizeof *ngc);
		if (!ngc)
			return oom(p);
		p->gclosed = ngc;
		int *ngp = realloc(p->gparent, cap * sizeof *ngp);
		if (!ngp)
			return oom(p);
		p->gparent = ngp;
		p->gcap = cap;
	}
	long gid = (long)p->ngroups;
	p->gclosed[p->ngroups] = false;
	p->gparent[p->ngroups] = (int)p->cur_group;
	p->gw[p->ngroups++] = (struct width){ 0, 0 };
	if (p->ngroups > MAXGROUPS)
		return perr(p, offset, "too many groups");
	if (name) {
		int ogid = group_lookup(p, name);
		if (ogid >= 0) {
			char r[160];
			re_repr_name(name->c, name->n, p->is_str, r, sizeof r);
			return perr(p, offset, "redefinition of group name %s as group %ld; was group %d",
				    r, gid, ogid);
		}
		if (p->nnames == p->namescap) {
			size_t cap = p->namescap ? p->namescap * 2 : 8;
			struct re_group_name *nn = realloc(p->names, cap * sizeof *nn);
			if (!nn)
				return oom(p);
			p->names = nn;
			p->namescap = cap;
		}
		struct obuf b = { 0 };
		re_ob_put(&b, "", 0);
		for (size_t j = 0; j < name->n; j++)
			re_put_utf8(&b, name->c[j], p->is_str);
		if (b.oom || !b.p) {
			free(b.p);
			return oom(p);
		}
		p->names[p->nnames++] = (struct re_group_name){ b.p, b.len, (int)gid };
	}
	return gid;
}

/* ---- emission ---- */

#define ASCII_WORD "A-Za-z0-9_"
#define UNI_WORD "\\p{L}\\p{N}_"
#define ASCII_SPACE "\\t-\\r "
#define UNI_SPACE "\\t-\\r\\x{1c}-\\x{20}\\x{85}\\p{Z}"
/* UNI_SPACE's ASCII members: all an ASCII subject can hold of it */
#define UNI_SPACE_ASCII "\\t-\\r\\x{1c}-\\x{20}"

static void emit_literal_raw(struct obuf *b, uint32_t c)
{
	if ((c >= '0' && c <= '9') || is_ascii_letter(c))
		re_ob_fmt(b, "%c", (char)c);
	else
		re_ob_fmt(b, "\\x{%x}", (unsigned)c);
}

static int emit_literal(struct parser *p, uint32_t c, const struct scope *sc)
{
	if (p->is_str && c >= 0xD800 && c < 0xE000)
		return core_error_re(p->err, -1, "surrogates not supported in patterns");
	/* ASCII-mode IGNORECASE folds ASCII letters only: k and s would
	 * also match KELVIN SIGN and LONG S under PCRE2's Unicode folding. */
	if (p->is_str && sc->ascii && sc->icase && (c == 'k' || c == 'K' || c == 's' || c == 'S')) {
		re_ob_fmt(&p->out, "(?-i:[%c%c])", (char)(c | 0x20), (char)(c & ~0x20));
		return 0;
	}
	bool exact = sc->ascii && sc->icase && c >= 0x80;
	if (exact)
		re_ob_str(&p->out, "(?-i:");
	emit_literal_raw(&p->out, c);
	if (exact)
		re_ob_str(&p->out, ")");
	return 0;
}

/* A class member set: `frag` is text for inside [...], `alts` complete
 * atoms matched as alternatives (negated categories that cannot live in
 * a PCRE2 class next to other members). */
struct classbuf {
	struct obuf frag;
	struct obuf alts;
	int nalts;
	bool fold_ascii;
};

/* In ASCII-mode IGNORECASE on a str pattern, PCRE2 would fold non-ASCII
 * letters too; such classes are emitted case-sensitive with the ASCII
 * case variants of their letters added by hand. */
static void class_fold_ascii(struct classbuf *cb, uint32_t lo, uint32_t hi)
{
	uint32_t a = lo > 'A' ? lo : 'A', b = hi < 'Z' ? hi : 'Z';
	if (a <= b)
		re_ob_fmt(&cb->frag, "%c-%c", (char)(a + 32), (char)(b + 32));
	a = lo > 'a' ? lo : 'a';
	b = hi < 'z' ? hi : 'z';
	if (a <= b)
		re_ob_fmt(&cb->frag, "%c-%c", (char)(a - 32), (char)(b - 32));
}

/* For an ASCII subject (p->ascii_subject, UCP off) the Unicode \d and \w
 * are their ASCII members, PCRE2's own \d and \w; the Unicode \s keeps
 * \x1c-\x1f, which ASCII \s lacks. */
static void class_category(struct parser *p, struct classbuf *cb, uint32_t cat, bool ascii)
{
	bool uni = !ascii;
	if (p->ascii_subject)
		ascii = true;
	bool native = ascii == !p->ucp;
	bool native_space = native && !uni;
	const char *word = ascii ? ASCII_WORD : UNI_WORD;
	const char *space = !uni ? ASCII_SPACE : p->ascii_subject ? UNI_SPACE_ASCII : UNI_SPACE;
	const char *neg = NULL;
	switch (cat) {
	case 'd':
		re_ob_str(&cb->frag, native ? "\\d" : ascii ? "0-9" : "\\p{Nd}");
		return;
	case 'D':
		if (native)
			re_ob_str(&cb->frag, "\\D");
		else if (!ascii)
			re_ob_str(&cb->frag, "\\P{Nd}");
		else
			neg = "0-9";
		break;
	case 'w':
		re_ob_str(&cb->frag, native ? "\\w" : word);
		return;
	case 'W':
		if (native)
			re_ob_str(&cb->frag, "\\W");
		else
			neg = word;
		break;
	case 's':
		re_ob_str(&cb->frag, native_space ? "\\s" : space);
		return;
	default: /* 'S' */
		if (native_space)
			re_ob_str(&cb->frag, "\\S");
		else
			neg = space;
		break;
	}
	if (neg) {
		if (cb->nalts++)
			re_ob_str(&cb->alts, "|");
		re_ob_fmt(&cb->alts, "[^%s]", neg);
	}
}

static void class_emit(struct parser *p, struct classbuf *cb, bool negate)
{
	struct obuf *o = &p->out;
	if (cb->nalts == 0) {
		re_ob_str(o, negate ? "[^" : "[");
		re_ob_put(o, cb->frag.p ? cb->frag.p : "", cb->frag.len);
		re_ob_str(o, "]");
		return;
	}
	if (!negate && cb->nalts == 1 && cb->frag.len == 0) {
		/* one negated category such as \S: already a single [^...] atom,
		 * and a bare class lets PCRE2 make a repeat of it possessive */
		re_ob_put(o, cb->alts.p, cb->alts.len);
		return;
	}
	re_ob_str(o, negate ? "(?:(?!" : "(?:");
	if (cb->frag.len) {
		re_ob_str(o, "[");
		re_ob_put(o, cb->frag.p, cb->frag.len);
		re_ob_str(o, "]|");
	}
	re_ob_put(o, cb->alts.p, cb->alts.len);
	re_ob_str(o, negate ? ")(?s:.))" : ")");
}

static int emit_category(struct parser *p, uint32_t cat, bool ascii)
{
	struct classbuf cb = { 0 };
	class_category(p, &cb, cat, ascii);
	bool single = cb.nalts == 0 && cb.frag.len == 2 && cb.frag.p[0] == '\\';
	if (single)
		re_ob_put(&p->out, cb.frag.p, 2);
	else
		class_emit(p, &cb, false);
	int bad = cb.frag.oom || cb.alts.oom;
	free(cb.frag.p);
	free(cb.alts.p);
	return bad ? oom(p) : 0;
}

static void emit_at(struct parser *p, uint32_t at, bool ascii)
{
	struct obuf *o = &p->out;
	switch (at) {
	case 'A':
		re_ob_str(o, "\\A");
		return;
	case 'Z':
		re_ob_str(o, "\\z");
		return;
	case '^':
		re_ob_str(o, "^");
		return;
	case '$':
		re_ob_str(o, "$");
		return;
	}
	if (p->ascii_subject)	/* word boundaries: \w's ASCII members (above) */
		ascii = true;
	const char *w = ascii ? "[" ASCII_WORD "]" : "[" UNI_WORD "]";
	bool native = ascii == !p->ucp;
	if (at == 'b') {
		if (native)
			re_ob_str(o, "\\b");
		else
			re_ob_fmt(o, "(?:(?<=%s)(?!%s)|(?<!%s)(?=%s))", w, w, w, w);
		return;
	}
	/* SRE's \B never matches in an empty string. */
	if (native)
		re_ob_str(o, "(?:(?!\\A\\z)\\B)");
	else
		re_ob_fmt(o, "(?:(?!\\A\\z)(?:(?<=%s)(?=%s)|(?<!%s)(?!%s)))", w, w, w, w);
}

/* ---- escapes ---- */

enum esc_kind { ESC_LITERAL, ESC_CATEGORY, ESC_AT, ESC_GROUPREF };

struct esc {
	enum esc_kind kind;
	uint32_t value;
};

/* \x, \u, \U, \N, octal: shared by _escape and _class_escape.  Returns 1
 * when handled (into *e), 0 when not one of these, -1 on error. */
static int escape_numeric(struct parser *p, uint32_t c, struct text *esc, struct esc *e)
{
	bool ok;
	if (c == 'x' || (p->is_str && (c == 'u' || c == 'U'))) {
		int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
		if (getwhile(p, want, HEXDIGITS, esc) < 0)
			return -1;
		if (esc->n != (size_t)want + 2) {
			char r[64];
			text_render(p, esc, r, sizeof r);
			return perr(p, (long)esc->n, "incomplete escape %s", r);
		}
		struct text digits = { esc->c + 2, esc->n - 2, 0 };
		long v = text_to_int(&digits, 16, &ok);
		if (v > 0x10FFFF) {
			char r[64];
			text_render(p, esc, r, sizeof r);
			return perr(p, (long)esc->n, "bad escape %s", r);
		}
		*e = (struct esc){ ESC_LITERAL, (uint32_t)v };
		return 1;
	}
	if (c == 'N' && p->is_str) {
		bool hit;
		if (tok_match(p, '{', &hit) < 0)
			return -1;
		if (!hit)
			return perr(p, 0, "missing {");
		struct text name = { 0 };
		if (getuntil(p, '}', "character name", &name) < 0) {
			free(name.c);
			return -1;
		}
		char buf[256];
		size_t k = 0;
		bool ascii = true;
		for (size_t i = 0; i < name.n && k + 1 < sizeof buf; i++) {
			if (name.c[i] >= 0x80)
				ascii = false;
			buf[k++] = (char)name.c[i];
		}
		buf[k] = '\0';
		ucs4_t u = ascii && k < sizeof buf - 1 ? unicode_name_character(buf) : UNINAME_INVALID;
		if (u == UNINAME_INVALID) {
			char r[200];
			re_repr_name(name.c, name.n, true, r, sizeof r);
			long off = (long)name.n + 4;
			free(name.c);
			return perr(p, off, "undefined character name %s", r);
		}
		free(name.c);
		*e = (struct esc){ ESC_LITERAL, u };
		return 1;
	}
	return 0;
}

static int escape_bad(struct parser *p, const struct text *esc)
{
	char r[64];
	text_render(p, esc, r, sizeof r);
	return perr(p, (long)esc->n, "bad escape %s", r);
}

static int class_escape(struct parser *p, uint32_t c, struct esc *e)
{
	struct text esc = { 0 };
	int rc = -1;
	if (text_add(p, &esc, '\\') < 0 || text_add(p, &esc, c) < 0)
		goto out;
	switch (c) {
	case 'a': *e = (struct esc){ ESC_LITERAL, 7 }; rc = 0; goto out;
	case 'b': *e = (struct esc){ ESC_LITERAL, 8 }; rc = 0; goto out;
	case 'f': *e = (struct esc){ ESC_LITERAL, 12 }; rc = 0; goto out;
	case 'n': *e = (struct esc){ ESC_LITERAL, 10 }; rc = 0; goto out;
	case 'r': *e = (struct esc){ ESC_LITERAL, 13 }; rc = 0; goto out;
	case 't': *e = (struct esc){ ESC_LITERAL, 9 }; rc = 0; goto out;
	case 'v': *e = (struct esc){ ESC_LITERAL, 11 }; rc = 0; goto out;
	case '\\': *e = (struct esc){ ESC_LITERAL, '\\' }; rc = 0; goto out;
	case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
		*e = (struct esc){ ESC_CATEGORY, c };
		rc = 0;
		goto out;
	}
	int h = escape_numeric(p, c, &esc, e);
	if (h != 0) {
		rc = h < 0 ? -1 : 0;
		goto out;
	}
	if (c >= '0' && c <= '7') {
		bool ok;
		if (getwhile(p, 2, OCTDIGITS, &esc) < 0)
			goto out;
		struct text digits = { esc.c + 1, esc.n - 1, 0 };
		long v = text_to_int(&digits, 8, &ok);
		if (v > 0377) {
			char r[64];
			text_render(p, &esc, r, sizeof r);
			perr(p, (long)esc.n, "octal escape value %s outside of range 0-0o377", r);
			goto out;
		}
		*e = (struct esc){ ESC_LITERAL, (uint32_t)v };
		rc = 0;
		goto out;
	}
	if (c >= '0' && c <= '9') {
		escape_bad(p, &esc);
		goto out;
	}
	if (is_ascii_letter(c)) {
		escape_bad(p, &esc);
		goto out;
	}
	*e = (struct esc){ ESC_LITERAL, c };
	rc = 0;
out:
	free(esc.c);
	return rc;
}

static int escape(struct parser *p, uint32_t c, struct esc *e)
{
	switch (c) {
	case 'A': case 'Z': case 'b': case 'B':
		*e = (struct esc){ ESC_AT, c };
		return 0;
	case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
		*e = (struct esc){ ESC_CATEGORY, c };
		return 0;
	}
	if (!(c >= '0' && c <= '9'))
		return class_escape(p, c, e);
	struct text esc = { 0 };
	int rc = -1;
	bool ok;
	if (text_add(p, &esc, '\\') < 0 || text_add(p, &esc, c) < 0)
		goto out;
	if (c == '0') {
		if (getwhile(p, 2, OCTDIGITS, &esc) < 0)
			goto out;
		struct text digits = { esc.c + 1, esc.n - 1, 0 };
		*e = (struct esc){ ESC_LITERAL, (uint32_t)text_to_int(&digits, 8, &ok) };
		rc = 0;
		goto out;
	}
	if (next_in(p, DIGITS)) {
		if (text_add(p, &esc, p->next_ch) < 0 || tok_advance(p) < 0)
			goto out;
		if (esc.c[1] <= '7' && esc.c[2] <= '7' && next_in(p, OCTDIGITS)) {
			if (text_add(p, &esc, p->next_ch) < 0 || tok_advance(p) < 0)
				goto out;
			struct text digits = { esc.c + 1, 3, 0 };
			long v = text_to_int(&digits, 8, &ok);
			if (v > 0377) {
				char r[64];
				text_render(p, &esc, r, sizeof r);
				perr(p, (long)esc.n, "octal escape value %s outside of range 0-0o377", r);
				goto out;
			}
			*e = (struct esc){ ESC_LITERAL, (uint32_t)v };
			rc = 0;
			goto out;
		}
	}
	struct text digits = { esc.c + 1, esc.n - 1, 0 };
	long group = text_to_int(&digits, 10, &ok);
	if ((size_t)group < p->ngroups) {
		if (!checkgroup(p, group)) {
			perr(p, (long)esc.n, "cannot refer to an open group");
			goto out;
		}
		if (checklookbehindgroup(p, group) < 0)
			goto out;
		*e = (struct esc){ ESC_GROUPREF, (uint32_t)group };
		rc = 0;
		goto out;
	}
	perr(p, (long)esc.n - 1, "invalid group reference %ld", group);
out:
	free(esc.c);
	return rc;
}

/* ---- character sets ---- */

static void render_token(const struct parser *p, const struct token *k, char *out, size_t outsz)
{
	struct obuf b = { 0 };
	if (k->esc)
		re_ob_str(&b, "\\");
	re_put_msg_char(&b, k->ch, p->is_str);
	snprintf(out, outsz, "%s", b.p && !b.oom ? b.p : "");
	free(b.p);
}

static int class_range_error(struct parser *p, const struct token *a, const struct token *b)
{
	char ra[32], rb[32];
	render_token(p, a, ra, sizeof ra);
	render_token(p, b, rb, sizeof rb);
	return perr(p, (long)(a->esc ? 2 : 1) + 1 + (b->esc ? 2 : 1),
		    "bad character range %s-%s", ra, rb);
}

static int class_member_literal(struct parser *p, struct classbuf *cb, uint32_t c)
{
	if (p->is_str && c >= 0xD800 && c < 0xE000)
		return core_error_re(p->err, -1, "surrogates not supported in patterns");
	emit_literal_raw(&cb->frag, c);
	if (cb->fold_ascii)
		class_fold_ascii(cb, c, c);
	return 0;
}

static int parse_set(struct parser *p, struct scope sc, long here)
{
	struct classbuf cb = { 0 };
	bool negate, any = false;
	int rc = -1;
	cb.fold_ascii = p->is_str && sc.ascii && sc.icase;
	if (tok_match(p, '^', &negate) < 0)
		goto out;
	for (;;) {
		struct token t;
		struct esc c1;
		if (tok_get(p, &t) < 0)
			goto out;
		if (!t.valid) {
			perr(p, tell(p) - here, "unterminated character set");
			goto out;
		}
		if (!t.esc && t.ch == ']' && any)
			break;
		if (t.esc) {
			if (class_escape(p, t.ch, &c1) < 0)
				goto out;
		} else {
			c1 = (struct esc){ ESC_LITERAL, t.ch };
		}
		bool dash;
		if (tok_match(p, '-', &dash) < 0)
			goto out;
		if (dash) {
			struct token u;
			struct esc c2;
			if (tok_get(p, &u) < 0)
				goto out;
			if (!u.valid) {
				perr(p, tell(p) - here, "unterminated character set");
				goto out;
			}
			if (!u.esc && u.ch == ']') {
				if (c1.kind == ESC_CATEGORY)
					class_category(p, &cb, c1.value, sc.ascii);
				else if (class_member_literal(p, &cb, c1.value) < 0)
					goto out;
				if (class_member_literal(p, &cb, '-') < 0)
					goto out;
				any = true;
				break;
			}
			if (u.esc) {
				if (class_escape(p, u.ch, &c2) < 0)
					goto out;
			} else {
				c2 = (struct esc){ ESC_LITERAL, u.ch };
			}
			if (c1.kind != ESC_LITERAL || c2.kind != ESC_LITERAL || c2.value < c1.value) {
				class_range_error(p, &t, &u);
				goto out;
			}
			bool fold = cb.fold_ascii;
			cb.fold_ascii = false;
			int r1 = class_member_literal(p, &cb, c1.value);
			re_ob_str(&cb.frag, "-");
			int r2 = r1 < 0 ? -1 : class_member_literal(p, &cb, c2.value);
			cb.fold_ascii = fold;
			if (r2 < 0)
				goto out;
			if (fold)
				class_fold_ascii(&cb, c1.value, c2.value);
		} else if (c1.kind == ESC_CATEGORY) {
			class_category(p, &cb, c1.value, sc.ascii);
		} else if (class_member_literal(p, &cb, c1.value) < 0) {
			goto out;
		}
		any = true;
	}
	if (cb.fold_ascii)
		re_ob_str(&p->out, "(?-i:");
	class_emit(p, &cb, negate);
	if (cb.fold_ascii)
		re_ob_str(&p->out, ")");
	rc = cb.frag.oom || cb.alts.oom ? oom(p) : 0;
out:
	free(cb.frag.p);
	free(cb.alts.p);
	return rc;
}

/* ---- flags ---- */

static int flag_value(uint32_t c)
{
	switch (c) {
	case 'i': return RE_IGNORECASE;
	case 'L': return RE_LOCALE;
	case 'm': return RE_MULTILINE;
	case 's': return RE_DOTALL;
	case 'x': return RE_VERBOSE;
	case 'a': return RE_ASCII;
	case 't': return RE_TEMPLATE;
	case 'u': return RE_UNICODE;
	default: return 0;
	}
}

#define TYPE_FLAGS (RE_ASCII | RE_LOCALE | RE_UNICODE)
#define GLOBAL_FLAGS (RE_DEBUG | RE_TEMPLATE)

/* _parse_flags: *global set when it was "(?flags)" (state.flags updated). */
static int parse_flags(struct parser *p, uint32_t ch, int *add, int *del, bool *global)
{
	struct token t;
	*add = *del = 0;
	*global = false;
	if (ch != '-') {
		for (;;) {
			int flag = flag_value(ch);
			if (p->is_str && ch == 'L')
				return perr(p, 0, "bad inline flags: cannot use 'L' flag with a str pattern");
			if (!p->is_str && ch == 'u')
				return perr(p, 0, "bad inline flags: cannot use 'u' flag with a bytes pattern");
			*add |= flag;
			if ((flag & TYPE_FLAGS) && (*add & TYPE_FLAGS) != flag)
				return perr(p, 0, "bad inline flags: flags 'a', 'u' and 'L' are incompatible");
			if (tok_get(p, &t) < 0)
				return -1;
			if (!t.valid)
				return perr(p, 0, "missing -, : or )");
			ch = t.ch;
			if (!t.esc && (ch == ')' || ch == '-' || ch == ':'))
				break;
			if (t.esc || !flag_value(ch))
				return perr(p, t.esc ? 2 : 1, "%s",
					    !t.esc && uc_is_alpha(ch) ? "unknown flag" : "missing -, : or )");
		}
	}
	if (ch == ')') {
		p->flags |= *add;
		*global = true;
		return 0;
	}
	if (*add & GLOBAL_FLAGS)
		return perr(p, 1, "bad inline flags: cannot turn on global flag");
	if (ch == '-') {
		if (tok_get(p, &t) < 0)
			return -1;
		if (!t.valid)
			return perr(p, 0, "missing flag");
		ch = t.ch;
		if (t.esc || !flag_value(ch))
			return perr(p, t.esc ? 2 : 1, "%s",
				    !t.esc && uc_is_alpha(ch) ? "unknown flag" : "missing flag");
		for (;;) {
			int flag = flag_value(ch);
			if (flag & TYPE_FLAGS)
				return perr(p, 0, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
			*del |= flag;
			if (tok_get(p, &t) < 0)
				return -1;
			if (!t.valid)
				return perr(p, 0, "missing :");
			ch = t.ch;
			if (!t.esc && ch == ':')
				break;
			if (t.esc || !flag_value(ch))
				return perr(p, t.esc ? 2 : 1, "%s",
					    !t.esc && uc_is_alpha(ch) ? "unknown flag" : "missing :");
		}
	}
	if (*del & GLOBAL_FLAGS)
		return perr(p, 1, "bad inline flags: cannot turn off global flag");
	if (*add & *del)
		return perr(p, 1, "bad inline flags: flag turned on and off");
	return 0;
}

static void update_ucp(struct parser *p)
{
	p->ucp = p->is_str && !p->ascii_subject && !(p->flags & (RE_ASCII | RE_LOCALE));
}

/* ---- the grammar ---- */

static int parse_sub(struct parser *p, struct scope sc, int nested, struct width *w);
static int parse_seq(struct parser *p, struct scope *sc, int nested, bool first,
		     struct width *w);

/* Inside a look-behind, PCRE2 refuses any variable repeat, even of a
 * zero-width item that CPython counts as width 0.  SRE stops repeating
 * once an iteration matches empty, so X{m,n} with m >= 1 is X, and with
 * m == 0 is "X or nothing" in greedy, lazy or possessive order. */
static int repeat_zero_width(struct parser *p, struct seq *q, uint64_t min)
{
	bool lazy, possessive = false;
	if (tok_match(p, '?', &lazy) < 0)
		return -1;
	if (!lazy && tok_match(p, '+', &possessive) < 0)
		return -1;
	if (min == 0) {
		re_ob_insert(&p->out, q->item_start, possessive ? "(?>" : lazy ? "(?:|" : "(?:");
		re_ob_str(&p->out, lazy ? ")" : "|)");
	}
	q->w = q->before_last;
	seq_add(q, ITEM_REPEAT, (struct width){ 0, 0 });
	return 0;
}

static int parse_repeat(struct parser *p, struct seq *q, struct token *t)
{
	long here = tell(p);
	uint64_t min = 0, max = MAXREPEAT;
	if (t->ch == '?') {
		max = 1;
	} else if (t->ch == '+') {
		min = 1;
	} else if (t->ch == '{') {
		if (next_is(p, '}')) {
			/* a literal '{' */
			return 1;
		}
		struct text lo = { 0 }, hi = { 0 };
		bool comma, close, ok;
		int rc = -1;
		if (getwhile(p, 1 << 30, DIGITS, &lo) < 0 || tok_match(p, ',', &comma) < 0)
			goto qdone;
		if (comma) {
			if (getwhile(p, 1 << 30, DIGITS, &hi) < 0)
				goto qdone;
		} else {
			for (size_t i = 0; i < lo.n; i++)
				if (text_add(p, &hi, lo.c[i]) < 0)
					goto qdone;
		}
		if (tok_match(p, '}', &close) < 0)
			goto qdone;
		if (!close) {
			rc = tok_seek(p, (size_t)here) < 0 ? -1 : 1;
			goto qdone;
		}
		if (lo.n) {
			long v = text_to_int(&lo, 10, &ok);
			if (!ok || (uint64_t)v >= MAXREPEAT) {
				core_error_set(p->err, "OverflowError", "the repetition number is too large");
				goto qdone;
			}
			min = (uint64_t)v;
		}
		if (hi.n) {
			long v = text_to_int(&hi, 10, &ok);
			if (!ok || (uint64_t)v >= MAXREPEAT) {
				core_error_set(p->err, "OverflowError", "the repetition number is too large");
				goto qdone;
			}
			max = (uint64_t)v;
			if (max < min) {
				perr(p, tell(p) - here, "min repeat greater than max repeat");
				goto qdone;
			}
		}
		rc = 0;
qdone:
		free(lo.c);
		free(hi.c);
		if (rc != 0)
			return rc;
	} else {
		/* '*' */
	}
	if (q->last == ITEM_NONE || q->last == ITEM_AT)
		return perr(p, tell(p) - here + 1, "nothing to repeat");
	if (q->last == ITEM_REPEAT)
		return perr(p, tell(p) - here + 1, "multiple repeat");
	if ((min > PCRE2_MAX_REPEAT) || (max != MAXREPEAT && max > PCRE2_MAX_REPEAT))
		return core_error_re(p->err, -1, "repetition number too large for this engine");
	struct obuf *o = &p->out;
	if (p->in_lookbehind && q->last_w.lo == 0 && q->last_w.hi == 0)
		return repeat_zero_width(p, q, min);
	if (min == 0 && max == MAXREPEAT)
		re_ob_str(o, "*");
	else if (min == 1 && max == MAXREPEAT)
		re_ob_str(o, "+");
	else if (min == 0 && max == 1)
		re_ob_str(o, "?");
	else if (max == MAXREPEAT)
		re_ob_fmt(o, "{%llu,}", (unsigned long long)min);
	else if (min == max)
		re_ob_fmt(o, "{%llu}", (unsigned long long)min);
	else
		re_ob_fmt(o, "{%llu,%llu}", (unsigned long long)min, (unsigned long long)max);
	bool lazy, possessive = false;
	if (tok_match(p, '?', &lazy) < 0)
		return -1;
	if (lazy)
		re_ob_str(o, "?");
	else {
		if (tok_match(p, '+', &possessive) < 0)
			return -1;
		if (possessive)
			re_ob_str(o, "+");
	}
	struct width iw = q->last_w, rw;
	rw.lo = sat_mul(iw.lo, min);
	rw.hi = sat_mul(iw.hi, max);
	q->w = q->before_last;
	seq_add(q, ITEM_REPEAT, rw);
	return 0;
}

static int add_refpos(struct parser *p, long group, long pos)
{
	for (size_t i = 0; i < p->nrefs; i++)
		if (p->refs[i].group == group)
			return 0;
	if (p->nrefs == p->refcap) {
		size_t cap = p->refcap ? p->refcap * 2 : 8;
		struct refpos *nr = realloc(p->refs, cap * sizeof *nr);
		if (!nr)
			return oom(p);
		p->refs = nr;
		p->refcap = cap;
	}
	p->refs[p->nrefs++] = (struct refpos){ group, pos };
	return 0;
}

/* (?(cond)yes|no) after "(?(" was read. */
static int parse_conditional(struct parser *p, struct scope sc, int nested, long start,
			     struct width *w)
{
	struct text cond = { 0 };
	long condgroup = -1;
	int rc = -1;
	if (getuntil(p, ')', "group name", &cond) < 0)
		goto out;
	if (re_is_identifier(cond.c, cond.n)) {
		condgroup = group_lookup(p, &cond);
		if (condgroup < 0) {
			char r[160];
			re_repr_name(cond.c, cond.n, p->is_str, r, sizeof r);
			perr(p, (long)cond.n + 1, "unknown group name %s", r);
			goto out;
		}
	} else {
		bool ok = cond.n > 0;
		for (size_t i = 0; i < cond.n; i++)
			if (!(cond.c[i] >= '0' && cond.c[i] <= '9'))
				ok = false;
		/* int() also accepts surrounding blanks, a sign, underscores and
		 * non-ASCII digits; those forms only warn in 3.11. */
		long v = ok ? text_to_int(&cond, 10, &ok) : 0;
		if (!ok) {
			char r[160];
			re_repr_name(cond.c, cond.n, p->is_str, r, sizeof r);
			perr(p, (long)cond.n + 1, "bad character in group name %s", r);
			goto out;
		}
		if (v == 0) {
			perr(p, (long)cond.n + 1, "bad group number");
			goto out;
		}
		if (v >= MAXGROUPS) {
			perr(p, (long)cond.n + 1, "invalid group reference %ld", v);
			goto out;
		}
		if (add_refpos(p, v, tell(p) - (long)cond.n - 1) < 0)
			goto out;
		condgroup = v;
	}
	if (checklookbehindgroup(p, condgroup) < 0)
		goto out;
	re_ob_fmt(&p->out, "(?(%ld)", condgroup);
	struct scope s1 = sc;
	struct width wy, wn = { 0, 0 };
	if (parse_seq(p, &s1, nested + 1, false, &wy) < 0)
		goto out;
	bool bar, close;
	if (tok_match(p, '|', &bar) < 0)
		goto out;
	if (bar) {
		re_ob_str(&p->out, "|");
		struct scope s2 = sc;
		if (parse_seq(p, &s2, nested + 1, false, &wn) < 0)
			goto out;
		if (next_is(p, '|')) {
			perr(p, 0, "conditional backref with more than two branches");
			goto out;
		}
		w->lo = wy.lo < wn.lo ? wy.lo : wn.lo;
		w->hi = wy.hi > wn.hi ? wy.hi : wn.hi;
	} else {
		w->lo = 0;
		w->hi = wy.hi;
	}
	if (tok_match(p, ')', &close) < 0)
		goto out;
	if (!close) {
		perr(p, tell(p) - start, "missing ), unterminated subpattern");
		goto out;
	}
	re_ob_str(&p->out, ")");
	rc = 0;
out:
	free(cond.c);
	return rc;
}

static void emit_scoped_flags(struct obuf *o, int add, int del)
{
	re_ob_str(o, "(?");
	if (add & RE_IGNORECASE)
		re_ob_str(o, "i");
	if (add & RE_MULTILINE)
		re_ob_str(o, "m");
	if (add & RE_DOTALL)
		re_ob_str(o, "s");
	if (del & (RE_IGNORECASE | RE_MULTILINE | RE_DOTALL)) {
		re_ob_str(o, "-");
		if (del & RE_IGNORECASE)
			re_ob_str(o, "i");
		if (del & RE_MULTILINE)
			re_ob_str(o, "m");
		if (del & RE_DOTALL)
			re_ob_str(o, "s");
	}
	re_ob_str(o, ":");
}

/* "(" was read.  Returns 1 when the construct added no item (a comment,
 * global flags), 0 when it added one (kind in *kind, width in *w). */
static int parse_group(struct parser *p, struct scope *sc, int nested, bool first,
		       const struct seq *q, enum item_kind *kind, struct width *w)
{
	long start = tell(p) - 1;
	bool capture = true, atomic = false, hit;
	struct text name = { 0 };
	bool have_name = false;
	int add = 0, del = 0, rc = -1;
	struct token t;
	*kind = ITEM_OTHER;
	if (tok_match(p, '?', &hit) < 0)
		goto out;
	if (hit) {
		if (tok_get(p, &t) < 0)
			goto out;
		if (!t.valid) {
			perr(p, 0, "unexpected end of pattern");
			goto out;
		}
		uint32_t ch = t.esc ? 0x110000 : t.ch;
		if (ch == 'P') {
			if (tok_match(p, '<', &hit) < 0)
				goto out;
			if (hit) {
				if (getuntil(p, '>', "group name", &name) < 0 ||
				    checkgroupname(p, &name, 1) < 0)
					goto out;
				have_name = true;
			} else {
				if (tok_match(p, '=', &hit) < 0)
					goto out;
				if (!hit) {
					struct token c;
					if (tok_get(p, &c) < 0)
						goto out;
					if (!c.valid) {
						perr(p, 0, "unexpected end of pattern");
						goto out;
					}
					char r[16];
					render_token(p, &c, r, sizeof r);
					perr(p, (c.esc ? 2 : 1) + 2, "unknown extension ?P%s", r);
					goto out;
				}
				if (getuntil(p, ')', "group name", &name) < 0 ||
				    checkgroupname(p, &name, 1) < 0)
					goto out;
				int gid = group_lookup(p, &name);
				if (gid < 0) {
					char r[160];
					re_repr_name(name.c, name.n, p->is_str, r, sizeof r);
					perr(p, (long)name.n + 1, "unknown group name %s", r);
					goto out;
				}
				if (!checkgroup(p, gid)) {
					perr(p, (long)name.n + 1, "cannot refer to an open group");
					goto out;
				}
				if (checklookbehindgroup(p, gid) < 0)
					goto out;
				re_ob_fmt(&p->out, "\\g{%d}", gid);
				*w = p->gw[gid];
				rc = 0;
				goto out;
			}
		} else if (ch == ':') {
			capture = false;
		} else if (ch == '#') {
			for (;;) {
				if (!p->has_next) {
					perr(p, tell(p) - start, "missing ), unterminated comment");
					goto out;
				}
				struct token c;
				if (tok_get(p, &c) < 0)
					goto out;
				if (!c.esc && c.ch == ')')
					break;
			}
			rc = 1;
			goto out;
		} else if (ch == '=' || ch == '!' || ch == '<') {
			bool behind = false;
			long saved_lbg = p->lookbehindgroups;
			if (ch == '<') {
				if (tok_get(p, &t) < 0)
					goto out;
				if (!t.valid) {
					perr(p, 0, "unexpected end of pattern");
					goto out;
				}
				if (t.esc || (t.ch != '=' && t.ch != '!')) {
					char r[16];
					render_token(p, &t, r, sizeof r);
					perr(p, (t.esc ? 2 : 1) + 2, "unknown extension ?<%s", r);
					goto out;
				}
				ch = t.ch;
				behind = true;
				if (saved_lbg < 0)
					p->lookbehindgroups = (long)p->ngroups;
			}
			re_ob_str(&p->out, behind ? (ch == '=' ? "(?<=" : "(?<!") : (ch == '=' ? "(?=" : "(?!"));
			struct width aw;
			if (behind)
				p->in_lookbehind++;
			int sub_rc = parse_sub(p, *sc, nested + 1, &aw);
			if (behind)
				p->in_lookbehind--;
			if (sub_rc < 0)
				goto out;
			if (behind) {
				if (saved_lbg < 0)
					p->lookbehindgroups = -1;
				if (aw.lo != aw.hi)
					p->bad_lookbehind = true;
			}
			if (tok_match(p, ')', &hit) < 0)
				goto out;
			if (!hit) {
				perr(p, tell(p) - start, "missing ), unterminated subpattern");
				goto out;
			}
			re_ob_str(&p->out, ")");
			*w = (struct width){ 0, 0 };
			rc = 0;
			goto out;
		} else if (ch == '(') {
			rc = parse_conditional(p, *sc, nested, start, w);
			goto out;
		} else if (ch == '>') {
			capture = false;
			atomic = true;
		} else if (ch < 0x80 && (flag_value(ch) || ch == '-')) {
			bool global;
			if (parse_flags(p, ch, &add, &del, &global) < 0)
				goto out;
			if (global) {
				if (!first || q->nonempty) {
					perr(p, tell(p) - start,
					     "global flags not at the start of the expression");
					goto out;
				}
				sc->verbose = p->flags & RE_VERBOSE;
				if (p->flags & (RE_ASCII | RE_LOCALE))
					sc->ascii = true;
				if (p->flags & RE_IGNORECASE)
					sc->icase = true;
				update_ucp(p);
				rc = 1;
				goto out;
			}
			capture = false;
		} else {
			char r[16];
			render_token(p, &t, r, sizeof r);
			perr(p, (t.esc ? 2 : 1) + 1, "unknown extension ?%s", r);
			goto out;
		}
	}
	long group = -1;
	if (capture) {
		group = opengroup(p, have_name ? &name : NULL, have_name ? (long)name.n + 1 : 0);
		if (group < 0)
			goto out;
		re_ob_str(&p->out, "(");
	} else if (atomic) {
		re_ob_str(&p->out, "(?>");
	} else if ((add | del) & (RE_IGNORECASE | RE_MULTILINE | RE_DOTALL)) {
		emit_scoped_flags(&p->out, add, del);
	} else {
		re_ob_str(&p->out, "(?:");
	}
	struct scope inner = *sc;
	inner.verbose = (sc->verbose || (add & RE_VERBOSE)) && !(del & RE_VERBOSE);
	if (add & TYPE_FLAGS)
		inner.ascii = !(add & RE_UNICODE);
	if (add & RE_IGNORECASE)
		inner.icase = true;
	if (del & RE_IGNORECASE)
		inner.icase = false;
	struct width gw;
	long saved_group = p->cur_group;
	if (group >= 0)
		p->cur_group = group;
	int sub_rc = parse_sub(p, inner, nested + 1, &gw);
	p->cur_group = saved_group;
	if (sub_rc < 0)
		goto out;
	if (tok_match(p, ')', &hit) < 0)
		goto out;
	if (!hit) {
		perr(p, tell(p) - start, "missing ), unterminated subpattern");
		goto out;
	}
	re_ob_str(&p->out, ")");
	if (group >= 0) {
		p->gw[group] = gw;
		p->gclosed[group] = true;
	}
	*w = gw;
	rc = 0;
out:
	free(name.c);
	return rc;
}

static int parse_seq(struct parser *p, struct scope *sc, int nested, bool first,
		     struct width *w)
{
	struct seq q = { 0, ITEM_NONE, { 0, 0 }, { 0, 0 }, { 0, 0 }, false };
	for (;;) {
		if (!p->has_next)
			break;
		if (!p->next_esc && (p->next_ch == '|' || p->next_ch == ')'))
			break;
		struct token t;
		size_t item_start = p->out.len;
		if (tok_get(p, &t) < 0)
			return -1;
		if (sc->verbose && !t.esc) {
			if (t.ch < 0x80 && t.ch && strchr(WHITESPACE, (int)t.ch))
				continue;
			if (t.ch == '#') {
				for (;;) {
					struct token c;
					if (tok_get(p, &c) < 0)
						return -1;
					if (!c.valid || (!c.esc && c.ch == '\n'))
						break;
				}
				continue;
			}
		}
		if (t.esc) {
			struct esc e;
			q.item_start = item_start;
			if (escape(p, t.ch, &e) < 0)
				return -1;
			switch (e.kind) {
			case ESC_LITERAL:
				if (emit_literal(p, e.value, sc) < 0)
					return -1;
				seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
				break;
			case ESC_CATEGORY:
				if (emit_category(p, e.value, sc->ascii) < 0)
					return -1;
				seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
				break;
			case ESC_AT:
				emit_at(p, e.value, sc->ascii);
				seq_add(&q, ITEM_AT, (struct width){ 0, 0 });
				break;
			case ESC_GROUPREF:
				re_ob_fmt(&p->out, "\\g{%u}", (unsigned)e.value);
				seq_add(&q, ITEM_OTHER, p->gw[e.value]);
				break;
			}
			continue;
		}
		uint32_t c = t.ch;
		if (!(c == '*' || c == '+' || c == '?' || c == '{'))
			q.item_start = item_start;
		if (c == '[') {
			long here = tell(p) - 1;
			if (parse_set(p, *sc, here) < 0)
				return -1;
			seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
		} else if (c == '*' || c == '+' || c == '?' || c == '{') {
			int r = parse_repeat(p, &q, &t);
			if (r < 0)
				return -1;
			if (r == 1) {
				emit_literal_raw(&p->out, '{');
				seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
			}
		} else if (c == '.') {
			re_ob_str(&p->out, ".");
			seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
		} else if (c == '(') {
			enum item_kind kind;
			struct width gw = { 0, 0 };
			int r = parse_group(p, sc, nested, first, &q, &kind, &gw);
			if (r < 0)
				return -1;
			if (r == 0)
				seq_add(&q, kind, cap_width(gw));
		} else if (c == '^' || c == '$') {
			emit_at(p, c, sc->ascii);
			seq_add(&q, ITEM_AT, (struct width){ 0, 0 });
		} else {
			if (emit_literal(p, c, sc) < 0)
				return -1;
			seq_add(&q, ITEM_OTHER, (struct width){ 1, 1 });
		}
		if (p->out.oom)
			return oom(p);
	}
	*w = cap_width(q.w);
	return 0;
}

static int parse_sub(struct parser *p, struct scope sc, int nested, struct width *w)
{
	bool more;
	bool firstbranch = true;
	/* Each group level costs two of these; CPython's recursive sre_parse
	 * gives up at about the same depth, and we must not run off the C stack. */
	if (nested > 1000)
		return core_error_set(p->err, "RecursionError", "%s", "maximum recursion depth exceeded");
	w->lo = UINT64_MAX;
	w->hi = 0;
	for (;;) {
		struct width bw;
		if (parse_seq(p, &sc, nested + 1, !nested && firstbranch, &bw) < 0)
			return -1;
		if (bw.lo < w->lo)
			w->lo = bw.lo;
		if (bw.hi > w->hi)
			w->hi = bw.hi;
		if (tok_match(p, '|', &more) < 0)
			return -1;
		if (!more)
			break;
		re_ob_str(&p->out, "|");
		firstbranch = false;
		if (!nested)
			sc.verbose = p->flags & RE_VERBOSE;
	}
	*w = cap_width(*w);
	return 0;
}

/* ---- entry points ---- */

static void parser_free(struct parser *p)
{
	free(p->out.p);
	free(p->gw);
	free(p->gclosed);
	free(p->gparent);
	for (size_t i = 0; i < p->nnames; i++)
		free(p->names[i].name);
	free(p->names);
	free(p->refs);
}

static int fix_flags(struct parser *p, int *flags)
{
	int f = *flags;
	if (p->is_str) {
		if (f & RE_LOCALE)
			return core_error_set(p->err, "ValueError", "cannot use LOCALE flag with a str pattern");
		if (!(f & RE_ASCII))
			f |= RE_UNICODE;
		else if (f & RE_UNICODE)
			return core_error_set(p->err, "ValueError", "ASCII and UNICODE flags are incompatible");
	} else {
		if (f & RE_UNICODE)
			return core_error_set(p->err, "ValueError", "cannot use UNICODE flag with a bytes pattern");
		if ((f & RE_LOCALE) && (f & RE_ASCII))
			return core_error_set(p->err, "ValueError", "ASCII and LOCALE flags are incompatible");
	}
	*flags = f;
	return 0;
}

static int translate(const char *pattern, size_t len, bool is_str, int flags,
		     bool ascii_subject, struct re_translation *out, struct core_error *err)
{
	struct parser p;
	memset(&p, 0, sizeof p);
	memset(out, 0, sizeof *out);
	core_error_clear(err);
	p.err = err;
	p.is_str = is_str;
	p.ascii_subject = ascii_subject;
	p.flags = flags;
	p.lookbehindgroups = -1;
	update_ucp(&p);
	uint32_t *cps = re_decode(pattern, len, is_str, &p.n);
	if (!cps)
		return core_error_set(err, is_str ? "UnicodeError" : "MemoryError",
				    "%s", is_str ? "malformed UTF-8 pattern" : "");
	p.s = cps;
	int rc = -1;
	struct width w;
	struct scope sc = { (flags & RE_VERBOSE) != 0,
			    !is_str || (flags & (RE_ASCII | RE_LOCALE)) != 0,
			    (flags & RE_IGNORECASE) != 0 };
	/* group 0 */
	if (opengroup(&p, NULL, 0) < 0)
		goto done;
	re_ob_str(&p.out, "(*LF)");
	if (tok_advance(&p) < 0 || parse_sub(&p, sc, 0, &w) < 0)
		goto done;
	int final_flags = p.flags;
	if (fix_flags(&p, &final_flags) < 0)
		goto done;
	if (p.has_next) {
		perr(&p, 0, "unbalanced parenthesis");
		goto done;
	}
	for (size_t i = 0; i < p.nrefs; i++) {
		if ((size_t)p.refs[i].group >= p.ngroups) {
			core_error_re(err, p.refs[i].pos, "invalid group reference %ld", p.refs[i].group);
			goto done;
		}
	}
	if (p.bad_lookbehind) {
		core_error_re(err, -1, "look-behind requires fixed-width pattern");
		goto done;
	}
	if (p.out.oom) {
		oom(&p);
		goto done;
	}
	uint32_t opts = PCRE2_ALT_CIRCUMFLEX;
	if (is_str)
		opts |= PCRE2_UTF;
	if (p.ucp)
		opts |= PCRE2_UCP;
	if (final_flags & RE_IGNORECASE)
		opts |= PCRE2_CASELESS;
	if (final_flags & RE_MULTILINE)
		opts |= PCRE2_MULTILINE;
	if (final_flags & RE_DOTALL)
		opts |= PCRE2_DOTALL;
	out->pcre = p.out.p;
	out->pcre_len = p.out.len;
	p.out.p = NULL;
	out->pcre_options = opts;
	out->is_str = is_str;
	out->flags = final_flags;
	out->groups = (int)p.ngroups - 1;
	out->group_parent = p.gparent;
	p.gparent = NULL;
	out->names = p.names;
	out->nnames = p.nnames;
	p.names = NULL;
	p.nnames = 0;
	rc = 0;
done:
	parser_free(&p);
	free(cps);
	return rc;
}

int re_translate(const char *pattern, size_t len, bool is_str, int flags,
		 struct re_translation *out, struct core_error *err)
{
	return translate(pattern, len, is_str, flags, false, out, err);
}

int re_translate_ascii_subject(const char *pattern, size_t len, int flags,
			       struct re_translation *out, struct core_error *err)
{
	return translate(pattern, len, true, flags, true, out, err);
}

void re_translation_free(struct re_translation *t)
{
	free(t->pcre);
	for (size_t i = 0; i < t->nnames; i++)
		free(t->names[i].name);
	free(t->names);
	free(t->group_parent);
	memset(t, 0, sizeof *t);
}

int re_group_index(const struct re_translation *t, const char *name, size_t len)
{
	for (size_t i = 0; i < t->nnames; i++)
		if (t->names[i].len == len && memcmp(t->names[i].name, name, len) == 0)
			return t->names[i].index;
	return -1;
}
