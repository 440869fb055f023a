/* re_engine.c -- PCRE2 compile, match and iteration for `re` (see re_engine.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "worker/modules/re/re_engine.h"

struct re_code {
	pcre2_code *re;
	pcre2_match_data *md;	/* reused by every match (the worker is single-threaded) */
	/* The same pattern compiled with PCRE2_MATCH_INVALID_UTF, made on first
	 * use for str subjects holding lone surrogates (WTF-8), which are not
	 * UTF-8 to PCRE2.  It skips PCRE2's per-call validity scan only at a
	 * large cost, so valid subjects use `re` with PCRE2_NO_UTF_CHECK. */
	pcre2_code *re_invalid;
	pcre2_match_data *md_invalid;
	/* For subjects that are all ASCII (RE_EXEC_ASCII): the pattern
	 * translated by re_translate_ascii_subject(), without UCP, made on
	 * first use; ascii_state says whether it exists yet, is `re` itself
	 * (no class or boundary differs, or IGNORECASE), or failed. */
	pcre2_code *re_ascii;
	pcre2_match_data *md_ascii;
	enum { ASCII_UNKNOWN, ASCII_OWN, ASCII_SAME } ascii_state;
	/* the pattern's text and flags, kept to translate it again */
	char *src;
	size_t srclen;
	int srcflags;
	struct re_translation info;
};

/* Process-wide match limits and the match context carrying them. */
static uint32_t limit_match = RE_DEFAULT_MATCH_LIMIT;
static uint32_t limit_depth = RE_DEFAULT_DEPTH_LIMIT;
static uint32_t limit_heap = RE_DEFAULT_HEAP_LIMIT_KIB;
static pcre2_match_context *match_ctx;

void re_set_limits(uint32_t match_limit, uint32_t depth_limit, uint32_t heap_limit_kib)
{
	if (match_limit)
		limit_match = match_limit;
	if (depth_limit)
		limit_depth = depth_limit;
	if (heap_limit_kib)
		limit_heap = heap_limit_kib;
	if (match_ctx) {
		pcre2_set_match_limit(match_ctx, limit_match);
		pcre2_set_depth_limit(match_ctx, limit_depth);
		pcre2_set_heap_limit(match_ctx, limit_heap);
	}
}

static pcre2_match_context *get_match_ctx(void)
{
	if (!match_ctx) {
		match_ctx = pcre2_match_context_create(NULL);
		if (match_ctx)
			re_set_limits(0, 0, 0);
	}
	return match_ctx;
}

int re_compile(const char *pattern, size_t len, bool is_str, int flags, struct re_code **out,
	       struct core_error *err)
{
	*out = NULL;
	struct re_code *code = calloc(1, sizeof *code);
	if (!code)
		return core_error_set(err, "MemoryError", "%s", "");
	if (re_translate(pattern, len, is_str, flags, &code->info, err) < 0) {
		free(code);
		return -1;
	}
	int errcode;
	PCRE2_SIZE erroff;
	code->re = pcre2_compile((PCRE2_SPTR)code->info.pcre, code->info.pcre_len,
				 code->info.pcre_options, &errcode, &erroff, NULL);
	if (!code->re) {
		PCRE2_UCHAR msg[200];
		pcre2_get_error_message(errcode, msg, sizeof msg);
		core_error_re(err, -1, "%s", (const char *)msg);
		re_code_free(code);
		return -1;
	}
	code->md = pcre2_match_data_create_from_pattern(code->re, NULL);
	code->ascii_state = is_str && (code->info.pcre_options & PCRE2_UCP) &&
			    !(flags & RE_IGNORECASE) ? ASCII_UNKNOWN : ASCII_SAME;
	if (code->ascii_state == ASCII_UNKNOWN) {
		code->src = malloc(len + 1);
		if (code->src) {
			memcpy(code->src, pattern, len);
			code->src[len] = 0;
		}
		code->srclen = len;
		code->srcflags = flags;
	}
	if (!code->md || (code->ascii_state == ASCII_UNKNOWN && !code->src)) {
		re_code_free(code);
		return core_error_set(err, "MemoryError", "%s", "");
	}
	*out = code;
	return 0;
}

void re_code_free(struct re_code *code)
{
	if (!code)
		return;
	pcre2_match_data_free(code->md);
	pcre2_match_data_free(code->md_invalid);
	pcre2_code_free(code->re_invalid);
	pcre2_match_data_free(code->md_ascii);
	pcre2_code_free(code->re_ascii);
	free(code->src);
	pcre2_code_free(code->re);
	re_translation_free(&code->info);
	free(code);
}

const struct re_translation *re_code_info(const struct re_code *code)
{
	return &code->info;
}

int re_exec(const struct re_code *code, const char *subject, size_t end, size_t start,
	    enum re_mode mode, size_t *spans, struct core_error *err)
{
	return re_exec_opts(code, subject, end, start, mode, 0, spans, err);
}

bool re_utf8_valid(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		unsigned c = u[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		size_t extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 ? 1 : 0;
		if (!extra || c > 0xF4 || len - i <= extra)
			return false;
		for (size_t j = 1; j <= extra; j++)
			if ((u[i + j] & 0xC0) != 0x80)
				return false;
		if (c == 0xE0 && u[i + 1] < 0xA0)
			return false;
		if (c == 0xED && u[i + 1] >= 0xA0)	/* surrogates */
			return false;
		if (c == 0xF0 && u[i + 1] < 0x90)
			return false;
		if (c == 0xF4 && u[i + 1] >= 0x90)
			return false;
		i += extra + 1;
	}
	return true;
}

static int invalid_utf_code(struct re_code *code, struct core_error *err)
{
	if (code->re_invalid)
		return 0;
	int errcode;
	PCRE2_SIZE erroff;
	code->re_invalid = pcre2_compile((PCRE2_SPTR)code->info.pcre, code->info.pcre_len,
					 code->info.pcre_options | PCRE2_MATCH_INVALID_UTF, &errcode,
					 &erroff, NULL);
	if (code->re_invalid)
		code->md_invalid = pcre2_match_data_create_from_pattern(code->re_invalid, NULL);
	if (!code->re_invalid || !code->md_invalid)
		return core_error_set(err, "MemoryError", "%s", "");
	return 0;
}

/* Makes code->re_ascii on first use; any failure (the translation is the
 * same, or memory) leaves the ordinary code in use. */
static void make_ascii_code(struct re_code *code)
{
	struct re_translation t;
	struct core_error err;
	code->ascii_state = ASCII_SAME;
	if (re_translate_ascii_subject(code->src, code->srclen, code->srcflags, &t, &err) < 0)
		return;
	if (t.pcre_len != code->info.pcre_len || memcmp(t.pcre, code->info.pcre, t.pcre_len) != 0 ||
	    t.pcre_options != code->info.pcre_options) {
		int errcode;
		PCRE2_SIZE erroff;
		code->re_ascii = pcre2_compile((PCRE2_SPTR)t.pcre, t.pcre_len, t.pcre_options,
					       &errcode, &erroff, NULL);
		if (code->re_ascii)
			code->md_ascii = pcre2_match_data_create_from_pattern(code->re_ascii, NULL);
		if (code->re_ascii && code->md_ascii) {
			code->ascii_state = ASCII_OWN;
		} else {
			pcre2_match_data_free(code->md_ascii);
			pcre2_code_free(code->re_ascii);
			code->md_ascii = NULL;
			code->re_ascii = NULL;
		}
	}
	re_translation_free(&t);
}

int re_exec_opts(const struct re_code *code, const char *subject, size_t end, size_t start,
		 enum re_mode mode, uint32_t extra, size_t *spans, struct core_error *err)
{
	pcre2_match_context *mctx = get_match_ctx();
	struct re_code *mc = (struct re_code *)code;
	pcre2_code *re = code->re;
	pcre2_match_data *md = code->md;
	if (!mctx)
		return core_error_set(err, "MemoryError", "%s", "");
	bool known_invalid = (extra & RE_EXEC_INVALID_UTF) != 0;
	if ((extra & RE_EXEC_ASCII) && code->ascii_state != ASCII_SAME) {
		if (code->ascii_state == ASCII_UNKNOWN)
			make_ascii_code(mc);
		if (code->ascii_state == ASCII_OWN) {
			re = mc->re_ascii;
			md = mc->md_ascii;
		}
	}
	if (extra & RE_EXEC_ASCII)
		extra |= PCRE2_NO_UTF_CHECK;
	extra &= ~(RE_EXEC_INVALID_UTF | RE_EXEC_ASCII);
	if (code->info.is_str && !(extra & PCRE2_NO_UTF_CHECK)) {
		if (!known_invalid && re_utf8_valid(subject, end))
			extra |= PCRE2_NO_UTF_CHECK;
		else if (invalid_utf_code(mc, err) < 0)
			return -1;
		else {
			re = mc->re_invalid;
			md = mc->md_invalid;
		}
	}
	uint32_t opts = extra;
	if (mode == RE_MODE_MATCH)
		opts |= PCRE2_ANCHORED;
	else if (mode == RE_MODE_FULLMATCH)
		opts |= PCRE2_ANCHORED | PCRE2_ENDANCHORED;
	if (start > end) {
		return 0;
	}
	if (re == mc->re_invalid)
		opts &= ~PCRE2_NO_UTF_CHECK;
	else
		opts |= extra & PCRE2_NO_UTF_CHECK;
	int rc = pcre2_match(re, (PCRE2_SPTR)(subject ? subject : ""), end, start, opts, md, mctx);
	if (rc == PCRE2_ERROR_NOMATCH) {
		return 0;
	}
	if (rc < 0) {
		if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
		    rc == PCRE2_ERROR_HEAPLIMIT)
			return core_error_set(err, "RuntimeError",
					    "regular expression match limit exceeded");
		if (rc == PCRE2_ERROR_NOMEMORY)
			return core_error_set(err, "MemoryError", "%s", "");
		PCRE2_UCHAR msg[200];
		pcre2_get_error_message(rc, msg, sizeof msg);
		return core_error_set(err, "RuntimeError", "regular expression error: %s",
				    (const char *)msg);
	}
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t npairs = pcre2_get_ovector_count(md);
	size_t ngroups = (size_t)code->info.groups + 1;
	for (size_t g = 0; g < ngroups; g++) {
		bool set = g < npairs && (int)g < rc && ov[2 * g] != PCRE2_UNSET;
		spans[2 * g] = set ? ov[2 * g] : RE_UNSET;
		spans[2 * g + 1] = set ? ov[2 * g + 1] : RE_UNSET;
	}
	return 1;
}

static bool is_ancestor(const struct re_translation *t, int anc, int g)
{
	while (g > 0) {
		g = t->group_parent[g];
		if (g == anc)
			return true;
	}
	return false;
}

int re_lastindex(const struct re_code *code, const size_t *spans)
{
	const struct re_translation *t = &code->info;
	size_t best_end = 0;
	int best = 0;
	for (int g = 1; g <= t->groups; g++) {
		if (spans[2 * g] == RE_UNSET)
			continue;
		if (best == 0 || spans[2 * g + 1] >= best_end) {
			best_end = spans[2 * g + 1];
			best = g;
		}
	}
	if (best == 0)
		return 0;
	/* The group closing last among those ending at best_end: the
	 * outermost enclosing group that also ends there. */
	for (int g = 1; g < best; g++) {
		if (spans[2 * g] != RE_UNSET && spans[2 * g + 1] == best_end &&
		    is_ancestor(t, g, best))
			return g;
	}
	return best;
}

void re_iter_init(struct re_iter *it, const struct re_code *code, const char *subject,
		  size_t end, size_t start)
{
	re_iter_init_utf(it, code, subject, end, start, -1);
}

void re_iter_init_utf(struct re_iter *it, const struct re_code *code, const char *subject,
		      size_t end, size_t start, int valid)
{
	it->code = code;
	it->subject = subject;
	it->end = end;
	it->pos = start;
	it->not_empty_at_start = false;
	it->done = start > end;
	it->checked = !code->info.is_str || (valid < 0 ? re_utf8_valid(subject, end) : valid > 0);
	it->invalid = !it->checked;
	it->ascii = code->info.is_str && valid == 2;
}

int re_iter_next(struct re_iter *it, size_t *spans, struct core_error *err)
{
	if (it->done)
		return 0;
	uint32_t opts = it->not_empty_at_start ? PCRE2_NOTEMPTY_ATSTART : 0;
	if (it->ascii)
		opts |= RE_EXEC_ASCII;
	else if (it->checked)
		opts |= PCRE2_NO_UTF_CHECK;
	else if (it->invalid)
		opts |= RE_EXEC_INVALID_UTF;
	int rc = re_exec_opts(it->code, it->subject, it->end, it->pos, RE_MODE_SEARCH, opts, spans,
			      err);
	if (rc <= 0) {
		it->done = true;
		return rc;
	}
	it->not_empty_at_start = spans[0] == spans[1];
	it->pos = spans[1];
	return 1;
}

int re_buf_put(struct re_buf *b, const char *s, size_t n, struct core_error *err)
{
	if (n == 0)
		return 0;
	if (n > b->cap - b->len || !b->p) {
		size_t need;
		if (__builtin_add_overflow(b->len, n, &need) || need > SIZE_MAX / 2)
			return core_error_set(err, "MemoryError", "%s", "");
		size_t cap = b->cap ? b->cap : 64;
		while (cap < need)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np)
			return core_error_set(err, "MemoryError", "%s", "");
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	return 0;
}

void re_buf_free(struct re_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

int re_sub(const struct re_code *code, const struct re_template *tpl, const char *subject,
	   size_t len, size_t count, struct re_buf *out, size_t *nsubs, struct core_error *err)
{
	size_t ngroups = (size_t)code->info.groups + 1;
	size_t *spans = malloc(2 * ngroups * sizeof *spans);
	if (!spans)
		return core_error_set(err, "MemoryError", "%s", "");
	struct re_iter it;
	size_t last = 0, n = 0;
	int rc;
	re_iter_init(&it, code, subject, len, 0);
	while ((count == 0 || n < count) && (rc = re_iter_next(&it, spans, err)) != 0) {
		if (rc < 0)
			goto fail;
		if (re_buf_put(out, subject + last, spans[0] - last, err) < 0 ||
		    re_template_expand(tpl, subject, spans, out, err) < 0)
			goto fail;
		last = spans[1];
		n++;
	}
	if (re_buf_put(out, subject + last, len - last, err) < 0)
		goto fail;
	free(spans);
	*nsubs = n;
	return 0;
fail:
	free(spans);
	return -1;
}

int re_escape(const char *s, size_t len, struct re_buf *out, struct core_error *err)
{
	static const char special[] = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
	size_t run = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] && memchr(special, s[i], sizeof special - 1)) {
			if (re_buf_put(out, s + run, i - run, err) < 0 ||
			    re_buf_put(out, "\\", 1, err) < 0)
				return -1;
			run = i;
		}
	}
	return re_buf_put(out, s + run, len - run, err);
}

size_t re_utf8_offset(const char *s, size_t len, size_t cp)
{
	size_t i = 0;
	while (i < len && cp > 0) {
		i++;
		while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
		cp--;
	}
	return i;
}

size_t re_utf8_count(const char *s, size_t from, size_t to)
{
	size_t n = 0;
	for (size_t i = from; i < to; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}
