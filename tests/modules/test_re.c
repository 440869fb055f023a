/* test_re.c -- re translation, matching, iteration, templates and escape
 * against CPython 3.11 (expected values in cases_re.inc from gen_re_random.py). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/modules/test_re_random.h"
#include "worker/modules/re/re_engine.h"

struct re_match_case {
	bool is_str;
	const char *pattern;
	int flags;
	const char *subject;
	size_t subject_len;
	int mode;
	int pos, endpos;
	const char *expected;
};

struct re_info_case {
	const char *pattern;
	int flags, out_flags, groups;
	const char *groupindex;
};

struct re_error_case {
	bool is_str;
	const char *pattern;
	int flags;
	const char *expected;
};

struct re_iter_case {
	const char *pattern, *subject, *repl;
	const char *finditer, *findall, *sub;
	int nsubs;
	const char *sub1, *split;
};

struct re_tpl_error_case {
	const char *pattern, *repl, *expected;
};

struct re_escape_case {
	const char *in;
	size_t in_len;
	const char *out;
	size_t out_len;
};

#include "tests/modules/cases_re.inc"

static struct re_code *compile_ok(const char *pat, bool is_str, int flags)
{
	struct re_code *code;
	struct core_error err;
	int rc = re_compile(pat, strlen(pat), is_str, flags, &code, &err);
	ck_assert_msg(rc == 0, "compile %s: %s %s", pat, err.type, err.msg);
	return code;
}

static size_t to_pos(const char *s, bool is_str, size_t off)
{
	return is_str ? re_utf8_count(s, 0, off) : off;
}

/* "a,b;c,d|lastindex" like gen_re_random.py's spans_text. */
static void spans_text(const struct re_code *code, const char *s, bool is_str, const size_t *sp,
		       char *out, size_t outsz)
{
	size_t l = 0;
	int groups = re_code_info(code)->groups;
	for (int g = 0; g <= groups; g++) {
		long a = -1, b = -1;
		if (sp[2 * g] != RE_UNSET) {
			a = (long)to_pos(s, is_str, sp[2 * g]);
			b = (long)to_pos(s, is_str, sp[2 * g + 1]);
		}
		l += (size_t)snprintf(out + l, outsz - l, "%s%ld,%ld", g ? ";" : "", a, b);
	}
	snprintf(out + l, outsz - l, "|%d", re_lastindex(code, sp));
}

START_TEST(test_re_match_table)
{
	size_t n = sizeof re_match_cases / sizeof re_match_cases[0];
	struct re_code *code = NULL;
	const char *cur = NULL;
	int cur_flags = -1;
	bool cur_str = true;
	size_t spans[64];
	for (size_t i = 0; i < n; i++) {
		const struct re_match_case *c = &re_match_cases[i];
		if (!cur || strcmp(cur, c->pattern) || cur_flags != c->flags || cur_str != c->is_str) {
			re_code_free(code);
			code = compile_ok(c->pattern, c->is_str, c->flags);
			cur = c->pattern;
			cur_flags = c->flags;
			cur_str = c->is_str;
		}
		size_t len = c->subject_len;
		size_t ncp = to_pos(c->subject, c->is_str, len);
		size_t pos = (size_t)c->pos > ncp ? ncp : (size_t)c->pos;
		size_t endpos = c->endpos < 0 || (size_t)c->endpos > ncp ? ncp : (size_t)c->endpos;
		size_t start = c->is_str ? re_utf8_offset(c->subject, len, pos) : pos;
		size_t end = c->is_str ? re_utf8_offset(c->subject, len, endpos) : endpos;
		struct core_error err;
		int rc = re_exec(code, c->subject, end, start, (enum re_mode)c->mode, spans, &err);
		ck_assert_msg(rc >= 0, "%s: %s", c->pattern, err.msg);
		char got[256];
		if (rc == 0)
			snprintf(got, sizeof got, "None");
		else
			spans_text(code, c->subject, c->is_str, spans, got, sizeof got);
		ck_assert_msg(strcmp(got, c->expected) == 0,
			      "pattern %s flags %d subject '%s' mode %d pos %d endpos %d: got %s want %s (pcre %s)",
			      c->pattern, c->flags, c->subject, c->mode, c->pos, c->endpos, got,
			      c->expected, re_code_info(code)->pcre);
	}
	re_code_free(code);
}
END_TEST

START_TEST(test_re_info_table)
{
	size_t n = sizeof re_info_cases / sizeof re_info_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct re_info_case *c = &re_info_cases[i];
		struct re_code *code = compile_ok(c->pattern, true, c->flags);
		const struct re_translation *t = re_code_info(code);
		ck_assert_msg(t->flags == c->out_flags, "%s: flags %d want %d", c->pattern, t->flags,
			      c->out_flags);
		ck_assert_int_eq(t->groups, c->groups);
		char gi[256] = "";
		size_t l = 0;
		for (size_t j = 0; j < t->nnames; j++)
			l += (size_t)snprintf(gi + l, sizeof gi - l, "%s%s=%d", j ? "," : "",
					      t->names[j].name, t->names[j].index);
		ck_assert_str_eq(gi, c->groupindex);
		re_code_free(code);
	}
}
END_TEST

START_TEST(test_re_error_table)
{
	size_t n = sizeof re_error_cases / sizeof re_error_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct re_error_case *c = &re_error_cases[i];
		struct re_code *code = NULL;
		struct core_error err;
		int rc = re_compile(c->pattern, strlen(c->pattern), c->is_str, c->flags, &code, &err);
		ck_assert_msg(rc == -1, "pattern %s compiled (want %s)", c->pattern, c->expected);
		char full[400], got[500];
		core_error_re_str(&err, c->pattern, strlen(c->pattern), c->is_str, full, sizeof full);
		snprintf(got, sizeof got, "%s: %s", err.type, full);
		ck_assert_msg(strcmp(got, c->expected) == 0, "pattern %s: got '%s' want '%s'",
			      c->pattern, got, c->expected);
	}
}
END_TEST

/* Joins parts with \x1f like gen_re_random.py's ser_list (NULL = None = \x1e). */
static void ser_add(struct re_buf *b, const char *s, size_t n, bool first)
{
	struct core_error err;
	if (!first)
		ck_assert_int_eq(re_buf_put(b, "\x1f", 1, &err), 0);
	if (!s)
		ck_assert_int_eq(re_buf_put(b, "\x1e", 1, &err), 0);
	else
		ck_assert_int_eq(re_buf_put(b, s, n, &err), 0);
}

static void ser_done(struct re_buf *b)
{
	struct core_error err;
	ck_assert_int_eq(re_buf_put(b, "", 1, &err), 0);
	if (b->len == 1)
		b->p[0] = '\0';
}

START_TEST(test_re_iteration)
{
	size_t n = sizeof re_iter_cases / sizeof re_iter_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct re_iter_case *c = &re_iter_cases[i];
		struct re_code *code = compile_ok(c->pattern, true, 0);
		const struct re_translation *t = re_code_info(code);
		size_t len = strlen(c->subject), spans[32];
		struct core_error err;
		struct re_iter it;
		struct re_buf fi = { 0 }, fa = { 0 }, sp = { 0 };
		size_t last = 0;
		int k = 0, rc;
		re_iter_init(&it, code, c->subject, len, 0);
		while ((rc = re_iter_next(&it, spans, &err)) == 1) {
			char span[64];
			snprintf(span, sizeof span, "%zu,%zu", to_pos(c->subject, true, spans[0]),
				 to_pos(c->subject, true, spans[1]));
			ser_add(&fi, span, strlen(span), k == 0);
			/* findall: the match, the one group, or groups joined by \x1d */
			struct re_buf item = { 0 };
			for (int g = t->groups ? 1 : 0; g <= t->groups; g++) {
				if (g > 1)
					re_buf_put(&item, "\x1d", 1, &err);
				if (spans[2 * g] != RE_UNSET)
					re_buf_put(&item, c->subject + spans[2 * g],
						   spans[2 * g + 1] - spans[2 * g], &err);
			}
			ser_add(&fa, item.p ? item.p : "", item.len, k == 0);
			re_buf_free(&item);
			/* split: the text before, then each group (None when unset) */
			ser_add(&sp, c->subject + last, spans[0] - last, k == 0);
			for (int g = 1; g <= t->groups; g++)
				ser_add(&sp, spans[2 * g] == RE_UNSET ? NULL : c->subject + spans[2 * g],
					spans[2 * g] == RE_UNSET ? 0 : spans[2 * g + 1] - spans[2 * g],
					false);
			last = spans[1];
			k++;
		}
		ck_assert_int_eq(rc, 0);
		ser_add(&sp, c->subject + last, len - last, k == 0);
		ser_done(&fi);
		ser_done(&fa);
		ser_done(&sp);
		ck_assert_msg(strcmp(fi.p, c->finditer) == 0, "%s finditer %s: '%s' want '%s'",
			      c->pattern, c->subject, fi.p, c->finditer);
		ck_assert_msg(strcmp(fa.p, c->findall) == 0, "%s findall %s", c->pattern, c->subject);
		ck_assert_msg(strcmp(sp.p, c->split) == 0, "%s split %s", c->pattern, c->subject);

		struct re_template tpl;
		ck_assert_int_eq(re_template_parse(code, c->repl, strlen(c->repl), &tpl, &err), 0);
		struct re_buf out = { 0 };
		size_t nsubs;
		ck_assert_int_eq(re_sub(code, &tpl, c->subject, len, 0, &out, &nsubs, &err), 0);
		ser_done(&out);
		ck_assert_msg(strcmp(out.p, c->sub) == 0, "%s sub %s: '%s' want '%s'", c->pattern,
			      c->subject, out.p, c->sub);
		ck_assert_int_eq((int)nsubs, c->nsubs);
		re_buf_free(&out);
		ck_assert_int_eq(re_sub(code, &tpl, c->subject, len, 1, &out, &nsubs, &err), 0);
		ser_done(&out);
		ck_assert_str_eq(out.p, c->sub1);
		re_buf_free(&out);
		re_template_free(&tpl);
		re_buf_free(&fi);
		re_buf_free(&fa);
		re_buf_free(&sp);
		re_code_free(code);
	}
}
END_TEST

START_TEST(test_re_template_errors)
{
	size_t n = sizeof re_tpl_error_cases / sizeof re_tpl_error_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct re_tpl_error_case *c = &re_tpl_error_cases[i];
		struct re_code *code = compile_ok(c->pattern, true, 0);
		struct re_template tpl;
		struct core_error err;
		int rc = re_template_parse(code, c->repl, strlen(c->repl), &tpl, &err);
		ck_assert_msg(rc == -1, "template %s parsed", c->repl);
		char full[400], got[500];
		core_error_re_str(&err, c->repl, strlen(c->repl), true, full, sizeof full);
		snprintf(got, sizeof got, "%s: %s", err.type, full);
		ck_assert_msg(strcmp(got, c->expected) == 0, "template %s: got '%s' want '%s'",
			      c->repl, got, c->expected);
		re_code_free(code);
	}
}
END_TEST

START_TEST(test_re_escape)
{
	size_t n = sizeof re_escape_cases / sizeof re_escape_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct re_escape_case *c = &re_escape_cases[i];
		struct re_buf out = { 0 };
		struct core_error err;
		ck_assert_int_eq(re_escape(c->in, c->in_len, &out, &err), 0);
		ck_assert_uint_eq(out.len, c->out_len);
		ck_assert(out.len == 0 || memcmp(out.p, c->out, out.len) == 0);
		re_buf_free(&out);
	}
}
END_TEST

/* str subjects holding lone surrogates (WTF-8) still match around them. */
START_TEST(test_re_surrogate_subject)
{
	static const char subject[] = "x\355\240\200ab";
	struct re_code *code = compile_ok("a(b)", true, 0);
	size_t spans[4], len = sizeof subject - 1;
	struct core_error err;
	ck_assert(!re_utf8_valid(subject, len));
	ck_assert_int_eq(re_exec(code, subject, len, 0, RE_MODE_SEARCH, spans, &err), 1);
	ck_assert_uint_eq(re_utf8_count(subject, 0, spans[0]), 2);
	ck_assert_uint_eq(re_utf8_count(subject, 0, spans[3]), 4);
	struct re_iter it;
	re_iter_init(&it, code, subject, len, 0);
	ck_assert_int_eq(re_iter_next(&it, spans, &err), 1);
	ck_assert_int_eq(re_iter_next(&it, spans, &err), 0);
	re_code_free(code);
	/* ... but a pattern cannot hold one (documented limitation) */
	struct re_code *bad;
	ck_assert_int_eq(re_compile("\\ud800", 6, true, 0, &bad, &err), -1);
	ck_assert_str_eq(err.msg, "surrogates not supported in patterns");
}
END_TEST

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Catastrophic backtracking stops at the limit instead of hanging. */
START_TEST(test_re_catastrophic)
{
	char subject[64];
	memset(subject, 'a', 50);
	subject[50] = '\0';
	static const char *const pats[] = { "(a*)*b", "(a|aa)*c", "(a+)+$x" };
	for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++) {
		struct re_code *code = compile_ok(pats[i], true, 0);
		size_t spans[8];
		struct core_error err;
		core_error_clear(&err);
		double t0 = now_seconds();
		int rc = re_exec(code, subject, 50, 0, RE_MODE_SEARCH, spans, &err);
		double dt = now_seconds() - t0;
		ck_assert_msg(dt < 10.0, "%s took %.1f s", pats[i], dt);
		/* PCRE2 may prove there is no match at once; if it has to
		 * backtrack, the limit must stop it with a clear error. */
		if (rc < 0) {
			ck_assert_str_eq(err.type, "RuntimeError");
			ck_assert_str_eq(err.msg, "regular expression match limit exceeded");
		} else {
			ck_assert_int_eq(rc, 0);
		}
		re_code_free(code);
	}
	/* A pattern PCRE2 cannot short-cut must hit the limit. */
	struct re_code *code = compile_ok("(?:(a+)+)+(?!a)[b-c]?(?<=b)", true, 0);
	size_t spans[8];
	struct core_error err;
	int rc = re_exec(code, subject, 50, 0, RE_MODE_MATCH, spans, &err);
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(err.msg, "regular expression match limit exceeded");
	re_code_free(code);
}
END_TEST

/* ASCII-mode IGNORECASE folds ASCII letters only: k and s must not match
 * KELVIN SIGN (U+212A) and LONG S (U+017F), as they do in Unicode mode. */
START_TEST(test_re_ascii_icase)
{
	static const char kelvin[] = "\342\204\252", long_s[] = "\305\277";
	size_t spans[2];
	struct core_error err;
	struct re_code *a = compile_ok("k", true, RE_IGNORECASE | RE_ASCII);
	struct re_code *u = compile_ok("k", true, RE_IGNORECASE);
	ck_assert_int_eq(re_exec(a, kelvin, 3, 0, RE_MODE_MATCH, spans, &err), 0);
	ck_assert_int_eq(re_exec(a, "K", 1, 0, RE_MODE_MATCH, spans, &err), 1);
	ck_assert_int_eq(re_exec(u, kelvin, 3, 0, RE_MODE_MATCH, spans, &err), 1);
	re_code_free(a);
	re_code_free(u);
	a = compile_ok("(?a)S+", true, RE_IGNORECASE);
	ck_assert_int_eq(re_exec(a, long_s, 2, 0, RE_MODE_MATCH, spans, &err), 0);
	ck_assert_int_eq(re_exec(a, "sS", 2, 0, RE_MODE_MATCH, spans, &err), 1);
	ck_assert_uint_eq(spans[1], 2);
	re_code_free(a);
}
END_TEST

/* A lone negated Unicode category (\S, \W, \D) is emitted as one bare
 * class, so a repeat of it needs no group (and no backtracking frames). */
START_TEST(test_re_bare_negated_class)
{
	struct re_translation t;
	struct core_error err;
	ck_assert_int_eq(re_translate("(\\S+)", 6, true, 0, &t, &err), 0);
	ck_assert_msg(strstr(t.pcre, "(?:") == NULL, "got %s", t.pcre);
	re_translation_free(&t);
	struct re_code *code = compile_ok("\\S+|[\\S]", true, 0);
	size_t spans[2];
	ck_assert_int_eq(re_exec(code, "ab\302\240c", 5, 0, RE_MODE_SEARCH, spans, &err), 1);
	ck_assert_uint_eq(spans[1], 2);
	re_code_free(code);
}
END_TEST

/* Groups nested 100,000 deep (found by fuzz_re: the recursive-descent
 * translator ran off the C stack) end in RecursionError, as in CPython. */
START_TEST(test_re_deep_nesting)
{
	size_t n = 100000;
	char *pat = malloc(2 * n + 1);
	ck_assert_ptr_nonnull(pat);
	memset(pat, '(', n);
	memset(pat + n, ')', n);
	pat[2 * n] = '\0';
	struct re_translation t;
	struct core_error err;
	ck_assert_int_eq(re_translate(pat, 2 * n, true, 0, &t, &err), -1);
	ck_assert_str_eq(err.type, "RecursionError");
	ck_assert_str_eq(err.msg, "maximum recursion depth exceeded");
	free(pat);
}
END_TEST

TCase *re_tcase(void)
{
	TCase *tc = tcase_create("re");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_re_match_table);
	tcase_add_test(tc, test_re_info_table);
	tcase_add_test(tc, test_re_error_table);
	tcase_add_test(tc, test_re_iteration);
	tcase_add_test(tc, test_re_template_errors);
	tcase_add_test(tc, test_re_escape);
	tcase_add_test(tc, test_re_catastrophic);
	tcase_add_test(tc, test_re_surrogate_subject);
	tcase_add_test(tc, test_re_ascii_icase);
	tcase_add_test(tc, test_re_bare_negated_class);
	tcase_add_test(tc, test_re_deep_nesting);
	return tc;
}
