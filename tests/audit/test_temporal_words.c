/* tests/audit/test_temporal_words.c -- temporal formulas in plain words
 * (broker/policy/temporal_describe.c): every node kind, the shapes read
 * as sentences (counts, sums, distinct counts, through `exists` and the
 * macro library's bind, either side of the comparison) and the generic
 * wording of the rest, each formula parsed by the real parser inside a
 * Box rule. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/ast.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_describe.h"

/* The words of the first temporal block of `forbid (principal, action ==
 * Box::Action::"<action>", resource) when temporal { <formula> };`. */
static char *words(const char *action, const char *formula)
{
	char text[4096], err[1024];
	struct arena a;
	struct policy_set ps;
	struct temporal_set ts;
	memset(&ts, 0, sizeof ts);
	arena_init(&a);
	snprintf(text, sizeof text, "forbid (principal, action == Box::Action::\"%s\", resource) when temporal { %s };",
	         action, formula);
	ck_assert_msg(parse_policy_set_temporal(&a, text, strlen(text), "policy.dw", &ts, &ps, err, sizeof err) == 0,
	              "%s: %s", formula, err);
	ck_assert_msg(box_validate_temporal(&ts, err, sizeof err) == 0, "%s: %s", formula, err);
	ck_assert_uint_ge(ts.n, 1);
	char *w = temporal_describe(ts.leaves[0], box_rule_actions(&ps.rules[0]));
	temporal_set_free(&ts);
	arena_free(&a);
	return w;
}

#define WORDS(action, formula, want) do { \
		char *w_ = words((action), (formula)); \
		ck_assert_msg(strcmp(w_, (want)) == 0, "%s\n got: %s\nwant: %s", (formula), w_, (want)); \
		free(w_); \
	} while (0)

#define READ(input) "Box::Action::\"fs:read\"::request{ " input " }"

START_TEST(test_formerly_and_not)
{
	WORDS("fs:write", "formerly within 30m " READ("input.path: \"~/a\""),
	      "within the last 30m, an fs:read request with path ~/a was made");
	/* a request of the rule's own action: the decided request is in history */
	WORDS("fs:read", "formerly within 30m " READ("input.path: \"~/a\""),
	      "within the last 30m, an fs:read request with path ~/a was made (the request being decided is one, when "
	      "it matches)");
	WORDS("fs:delete",
	      "!formerly within 1h Box::Action::\"fs:read\"::response{ input.path: context.input.path }",
	      "within the last 1h, no fs:read response with the same path as this request was recorded");
	WORDS("fs:write", "formerly within 1h Box::Action::\"fs:write\"::error{ input.path: context.input.path, "
	      "input.operation: Box::FsWriteOperation::\"create_dir\" }",
	      "within the last 1h, an fs:write error with the same path as this request and operation create_dir "
	      "was recorded");
	/* fields: quoted strings, caller principal, wildcards left out */
	WORDS("fs:write", "formerly within 1h " READ("input.path: \"~/my file\", callerPrincipal: principal, "
	      "input.operation: _"),
	      "within the last 1h, an fs:read request with path \"~/my file\" and caller principal equal to this "
	      "request's principal was made");
	/* a formerly over more than one event condition */
	WORDS("fs:write", "formerly within 2m (" READ("") " && !" READ("input.path: \"~/x\"") ")",
	      "within the last 2m, at some event: the event is an fs:read request, and the event is not an fs:read "
	      "request with path ~/x");
}
END_TEST

START_TEST(test_previous_since_tp_pred)
{
	WORDS("fs:write", "previous within 5s Box::Action::\"fs:read\"::response{ output.result: "
	      "Box::FsResponseResult::\"completed\" }",
	      "the event just before this request, at most 5s earlier, is a completed fs:read response");
	WORDS("fs:write", "previous within 90s (!" READ("") ")",
	      "the event just before this request, at most 90s earlier, satisfies: the event is not an fs:read request");
	WORDS("fs:write", "!Box::Action::\"fs:write\"::request{} since within 10m Box::Action::\"fs:read\"::response{}",
	      "within the last 10m, an fs:read response was recorded and no fs:write request was made since");
	WORDS("fs:write", READ("") " since within 24h Box::Action::\"fs:read\"::response{}",
	      "within the last 24h, an fs:read response was recorded and at every event since then (this request "
	      "included): the event is an fs:read request");
	/* a bare predicate is about the request being decided */
	WORDS("fs:write", "Box::Action::\"fs:write\"::request{ input.path: \"~/x\" }",
	      "this request is an fs:write request with path ~/x");
	WORDS("fs:write", "(count for (t: Timepoint). where (tp(t) && " READ("") ")) > 0",
	      "the number of the distinct (t) for which t is the position of this request, and this request is an "
	      "fs:read request is more than 0");
}
END_TEST

START_TEST(test_exists_and_comparisons)
{
	WORDS("fs:write", "exists (p: String). (formerly within 1h " READ("input.path: p") " && formerly within 1h "
	      "Box::Action::\"fs:delete\"::request{ input.path: p })",
	      "for some p: within the last 1h, an fs:read request with path = p was made, and within the last 1h, an "
	      "fs:delete request with path = p was made");
	WORDS("fs:write", "exists (n: Long). (formerly within 1h Box::Action::\"http:request\"::request{ input.port: n }"
	      " && n > 1024)",
	      "for some n: within the last 1h, an http:request request with port = n was made, and n is more than 1024");
}
END_TEST

#define HTTP(fields) "Box::Action::\"http:request\"::request{ " fields " }"

START_TEST(test_aggregates)
{
	WORDS("fs:write", "(count for (t: Timepoint). where formerly within 1h (" HTTP("input.host: \"a.example\"")
	      " && tp(t))) >= 3",
	      "within the last 1h, at least 3 http:request requests with host a.example were made");
	/* the bound on the left reads the same way round */
	WORDS("fs:write", "5 > (count for (t: Timepoint). where formerly within 1h (tp(t) && " READ("") "))",
	      "within the last 1h, fewer than 5 fs:read requests were made");
	WORDS("http:request", "(count for (t: Timepoint). where formerly within 1h (" HTTP("") " && tp(t))) == 7",
	      "within the last 1h, exactly 7 http:request requests were made (the request being decided counts)");
	/* through the library */
	WORDS("http:request", "bind(d, count_distinct_within(h, 1h, " HTTP("input.host: h") "), d > 2)",
	      "within the last 1h, http:request requests were made with more than 2 distinct host values (the request "
	      "being decided counts)");
	WORDS("http:request", "bind(s, sum_within(b, 1h, " HTTP("input.body_bytes: b") "), s >= 1000)",
	      "within the last 1h, the body_bytes of http:request requests add up to at least 1000 (the request being "
	      "decided counts)");
	WORDS("fs:write", "exists (n: Long). (count_within(1h, Box::Action::\"fs:write\"::response{ output.result: "
	      "Box::FsResponseResult::\"completed\" }) == n && 20 <= n)",
	      "within the last 1h, at least 20 completed fs:write responses were recorded");
	/* an aggregate of another shape reads generically; a macro's $t reads as t */
	WORDS("fs:write", "(count for (t: Timepoint). where (formerly within 1h " READ("") " && tp(t))) > 1",
	      "the number of the distinct (t) for which within the last 1h, an fs:read request was made, and t is the "
	      "position of this request is more than 1");
	WORDS("fs:write", "bind(n, count_within(1h, " READ("") " && " READ("input.path: \"~/b\"") "), n > 1)",
	      "for some n: the number of the distinct (t) for which within the last 1h, at some event: the event is an "
	      "fs:read request, and the event is an fs:read request with path ~/b, and t is the position of that event "
	      "is n, and n is more than 1");
}
END_TEST

START_TEST(test_window_text)
{
	char b[32];
	temporal_window_text(0, b, sizeof b);
	ck_assert_str_eq(b, "0s");
	temporal_window_text(90, b, sizeof b);
	ck_assert_str_eq(b, "90s");
	temporal_window_text(120, b, sizeof b);
	ck_assert_str_eq(b, "2m");
	temporal_window_text(86400, b, sizeof b);
	ck_assert_str_eq(b, "24h");
	WORDS("fs:write", "formerly within 1d " READ(""), "within the last 24h, an fs:read request was made");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("temporal_words");
	TCase *tc = tcase_create("words");
	tcase_add_test(tc, test_formerly_and_not);
	tcase_add_test(tc, test_previous_since_tp_pred);
	tcase_add_test(tc, test_exists_and_comparisons);
	tcase_add_test(tc, test_aggregates);
	tcase_add_test(tc, test_window_text);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
