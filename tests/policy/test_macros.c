/* tests/policy/test_macros.c -- Dogwood's default macro library in Box
 * policies (broker/policy/macro.c): count_within, sum_within,
 * count_distinct_within and bind, called without a `def`, each deciding a
 * real trace of Box events through policy_decide_history; a policy's own
 * `def` of a library name replaces the library's; the refusals (a Cedar
 * call, a wrong argument count, a window over 24h, a body that calls the
 * library). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"

/* ---- a trace of Box events ---- */

struct trace {
	struct temporal_event ev[32];
	size_t n;
};

static void event(struct trace *t, int64_t ts, const char *action, const char *kind, const char *input_json,
                  const char *result)
{
	ck_assert_uint_lt(t->n, sizeof t->ev / sizeof t->ev[0]);
	json_object *r = json_object_new_object();
	json_object *input = json_tokener_parse(input_json);
	ck_assert_ptr_nonnull(input);
	json_object_object_add(r, "input", input);
	if (result) {
		/* an enum value, as Cedar's JSON writes an entity uid */
		char uid[256];
		snprintf(uid, sizeof uid, "{\"__entity\":{\"type\":\"Box::FsResponseResult\",\"id\":\"%s\"}}", result);
		json_object *out = json_object_new_object();
		json_object_object_add(out, "result", json_tokener_parse(uid));
		json_object_object_add(r, "output", out);
	}
	struct temporal_event *e = &t->ev[t->n++];
	memset(e, 0, sizeof *e);
	e->ts_s = ts;
	e->action_type = "Box::Action";
	e->action_id = action;
	e->kind = kind;
	e->record = r;
	e->seq = (int64_t)t->n;
}

static void trace_free(struct trace *t)
{
	for (size_t i = 0; i < t->n; i++)
		json_object_put(t->ev[i].record);
	t->n = 0;
}

/* Appends the request event and decides it over the trace so far:
 * "ALLOW rule.." / "DENY rule..". */
static const char *decide(const struct policy *p, struct trace *t, int64_t ts, const char *action,
                          const char *input_json)
{
	static char buf[512];
	char err[512];
	struct policy_decision d;
	event(t, ts, action, "request", input_json, NULL);
	json_object *input = NULL;
	json_object_object_get_ex(t->ev[t->n - 1].record, "input", &input);
	ck_assert_msg(policy_decide_history(p, action, input, t->ev, t->n, &d, err, sizeof err) == 0, "%s", err);
	size_t len = (size_t)snprintf(buf, sizeof buf, "%s", d.allow ? "ALLOW" : "DENY");
	for (size_t i = 0; i < d.nrules; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", d.rules[i]);
	for (size_t i = 0; i < d.nerrors; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, " {%s}", d.errors[i]);
	policy_decision_clear(&d);
	return buf;
}

#define DECIDE(p, t, ts, action, input, want) do { \
		const char *got_ = decide((p), (t), (ts), (action), (input)); \
		ck_assert_msg(strcmp(got_, (want)) == 0, "at t=%d: got '%s', want '%s'", (int)(ts), got_, (want)); \
	} while (0)

static struct policy *load(const char *text)
{
	char err[1024];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	return p;
}

/* The refusal of text, which must contain want. */
static void refused(const char *text, const char *want)
{
	char err[1024];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p == NULL, "loaded: %s", text);
	ck_assert_msg(strstr(err, want) != NULL, "refusal '%s' does not say '%s'", err, want);
}

static const char writes_permitted[] =
	"@id(\"writes\") permit(principal, action == Box::Action::\"fs:write\", resource);\n";
static const char http_permitted[] =
	"@id(\"net\") permit(principal, action == Box::Action::\"http:request\", resource);\n";

static const char wr_a[] = "{\"path\":\"~/out/a\",\"operation\":\"write_content\"}";
static const char wr_b[] = "{\"path\":\"~/out/b\",\"operation\":\"write_content\"}";

static const char *http(const char *host, int body)
{
	static char buf[4][256];
	static int k;
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k],
	         "{\"host\":\"%s\",\"port\":443,\"method\":\"POST\",\"path\":\"/\",\"body_bytes\":%d,\"intercepted\":true}",
	         host, body);
	return buf[k];
}

/* ---- the four macros ---- */

START_TEST(test_count_within)
{
	/* at most 3 write attempts per hour: the request decided counts */
	char text[2048];
	snprintf(text, sizeof text, "%s"
	         "@id(\"write_budget\") forbid(principal, action == Box::Action::\"fs:write\", resource)\n"
	         "when temporal { exists (n: Long). (count_within(1h, Box::Action::\"fs:write\"::request{ input.path: _ }) == n"
	         " && n > 3) };\n", writes_permitted);
	struct policy *p = load(text);
	ck_assert_int_eq(policy_max_window_s(p), 3600);
	struct trace t = { .n = 0 };
	/* the same path each time: count_within counts events, not distinct paths */
	DECIDE(p, &t, 100, "fs:write", wr_a, "ALLOW writes");
	DECIDE(p, &t, 101, "fs:write", wr_a, "ALLOW writes");
	DECIDE(p, &t, 102, "fs:write", wr_a, "ALLOW writes");
	DECIDE(p, &t, 103, "fs:write", wr_a, "DENY write_budget");
	/* responses and other actions do not count */
	event(&t, 104, "fs:write", "response", wr_a, "completed");
	DECIDE(p, &t, 105, "http:request", http("h", 0), "DENY");
	/* the window is closed at both ends: 3600 s after t=100 it still counts */
	DECIDE(p, &t, 3700, "fs:write", wr_b, "DENY write_budget");
	/* t=3702: the attempts at 100 and 101 are out; 102, 103, 3700 and this one: 4 */
	DECIDE(p, &t, 3702, "fs:write", wr_b, "DENY write_budget");
	/* at 4000 only the attempts at 3700, 3702 and this one remain */
	DECIDE(p, &t, 4000, "fs:write", wr_b, "ALLOW writes");
	trace_free(&t);
	policy_free(p);
}
END_TEST

START_TEST(test_bind_over_count_within)
{
	/* the same budget through bind, and with a raw aggregate in bind */
	static const char *const conds[] = {
		"bind(n, count_within(1h, Box::Action::\"fs:write\"::request{ input.path: _ }), n > 2)",
		"bind(n, count for (t: Timepoint). where (formerly within 1h (Box::Action::\"fs:write\"::request{} && tp(t))),"
		" n > 2)",
	};
	for (size_t i = 0; i < 2; i++) {
		char text[2048];
		snprintf(text, sizeof text, "%s@id(\"budget\") forbid(principal, action == Box::Action::\"fs:write\", resource)"
		         " when temporal { %s };\n", writes_permitted, conds[i]);
		struct policy *p = load(text);
		struct trace t = { .n = 0 };
		DECIDE(p, &t, 10, "fs:write", wr_a, "ALLOW writes");
		DECIDE(p, &t, 11, "fs:write", wr_b, "ALLOW writes");
		DECIDE(p, &t, 12, "fs:write", wr_a, "DENY budget");
		trace_free(&t);
		policy_free(p);
	}
}
END_TEST

START_TEST(test_sum_within)
{
	/* at most 1000 bytes uploaded per hour; equal amounts all count */
	char text[2048];
	snprintf(text, sizeof text, "%s"
	         "@id(\"upload_budget\") forbid(principal, action == Box::Action::\"http:request\", resource)\n"
	         "when temporal { bind(total, sum_within(b, 1h, Box::Action::\"http:request\"::request{ input.body_bytes: b }),"
	         " total > 1000) };\n", http_permitted);
	struct policy *p = load(text);
	struct trace t = { .n = 0 };
	DECIDE(p, &t, 0, "http:request", http("a.example", 400), "ALLOW net");
	DECIDE(p, &t, 1, "http:request", http("b.example", 400), "ALLOW net");
	/* 400 + 400 + 400 > 1000 (a dedup by amount would say 400) */
	DECIDE(p, &t, 2, "http:request", http("a.example", 400), "DENY upload_budget");
	/* a small one still pushes the total over */
	DECIDE(p, &t, 3, "http:request", http("a.example", 1), "DENY upload_budget");
	/* an hour after the first three, only 1 + this remain */
	DECIDE(p, &t, 3603, "http:request", http("a.example", 999), "ALLOW net");
	trace_free(&t);
	policy_free(p);
}
END_TEST

START_TEST(test_count_distinct_within)
{
	/* at most 2 distinct hosts per hour; the same host again is fine */
	char text[2048];
	snprintf(text, sizeof text, "%s"
	         "@id(\"few_hosts\") forbid(principal, action == Box::Action::\"http:request\", resource)\n"
	         "when temporal { exists (d: Long). (count_distinct_within(h, 1h, Box::Action::\"http:request\"::request{"
	         " input.host: h }) == d && d > 2) };\n", http_permitted);
	struct policy *p = load(text);
	struct trace t = { .n = 0 };
	DECIDE(p, &t, 0, "http:request", http("a.example", 0), "ALLOW net");
	DECIDE(p, &t, 1, "http:request", http("a.example", 0), "ALLOW net");
	DECIDE(p, &t, 2, "http:request", http("b.example", 0), "ALLOW net");
	DECIDE(p, &t, 3, "http:request", http("b.example", 0), "ALLOW net");
	DECIDE(p, &t, 4, "http:request", http("c.example", 0), "DENY few_hosts");
	/* the count is over request events, refused ones included: c now
	 * counts, and even a host seen before is refused */
	DECIDE(p, &t, 5, "http:request", http("a.example", 0), "DENY few_hosts");
	/* an hour after t=5 only that attempt (a) and this one remain */
	DECIDE(p, &t, 3605, "http:request", http("a.example", 0), "ALLOW net");
	trace_free(&t);
	policy_free(p);
}
END_TEST

/* ---- a policy's own def wins; the refusals ---- */

START_TEST(test_policy_def_overrides_library)
{
	/* this count_within counts completed responses, not requests */
	char text[2048];
	snprintf(text, sizeof text,
	         "def temporal count_within(?w, ?s) {\n"
	         "  count for ($t: Timepoint). where (formerly within ?w (Box::Action::\"fs:write\"::response{"
	         " output.result: Box::FsResponseResult::\"completed\" } && tp($t)))\n"
	         "};\n%s"
	         "@id(\"budget\") forbid(principal, action == Box::Action::\"fs:write\", resource)\n"
	         "when temporal { bind(n, count_within(1h, Box::Action::\"fs:write\"::request{}), n > 1) };\n",
	         writes_permitted);
	struct policy *p = load(text);
	struct trace t = { .n = 0 };
	/* three requests without responses: the library's count_within would deny the second */
	DECIDE(p, &t, 0, "fs:write", wr_a, "ALLOW writes");
	DECIDE(p, &t, 1, "fs:write", wr_a, "ALLOW writes");
	DECIDE(p, &t, 2, "fs:write", wr_a, "ALLOW writes");
	event(&t, 3, "fs:write", "response", wr_a, "completed");
	event(&t, 4, "fs:write", "response", wr_a, "indeterminate");
	DECIDE(p, &t, 5, "fs:write", wr_a, "ALLOW writes");
	event(&t, 6, "fs:write", "response", wr_a, "completed");
	DECIDE(p, &t, 7, "fs:write", wr_a, "DENY budget");
	trace_free(&t);
	policy_free(p);
}
END_TEST

START_TEST(test_library_refusals)
{
	/* a library macro is temporal: not callable in a Cedar condition */
	refused("permit(principal, action == Box::Action::\"fs:write\", resource) when { bind(1, 2, 3) };\n",
	        "`bind` is a temporal macro");
	/* arity */
	refused("forbid(principal, action == Box::Action::\"fs:write\", resource) when temporal {"
	        " bind(n, count_within(1h), n > 2) };\n",
	        "macro `count_within` takes 2 arguments, 1 given");
	/* the window limit holds through the library */
	refused("forbid(principal, action == Box::Action::\"fs:write\", resource) when temporal {"
	        " bind(n, count_within(48h, Box::Action::\"fs:write\"::request{}), n > 2) };\n",
	        "temporal window `48h` exceeds the maximum allowed window `24h`");
	/* a policy's macro cannot call the library (no macro in a macro body) */
	refused("def temporal writes(?w) { count_within(?w, Box::Action::\"fs:write\"::request{}) };\n"
	        "forbid(principal, action == Box::Action::\"fs:write\", resource) when temporal {"
	        " bind(n, writes(1h), n > 2) };\n",
	        "macro `writes` calls macro `count_within` (from the default library): a macro body cannot call a macro");
	/* the library does not make unknown macros known */
	refused("forbid(principal, action == Box::Action::\"fs:write\", resource) when temporal {"
	        " bind(n, count_within_typo(1h, Box::Action::\"fs:write\"::request{}), n > 2) };\n",
	        "temporal:");
}
END_TEST

START_TEST(test_library_names_stay_free_in_cedar)
{
	/* a policy without temporal rules is unaffected: `bind` as a record
	 * key or attribute name is no call */
	static const char text[] =
		"@id(\"r\") permit(principal, action == Box::Action::\"fs:read\", resource)"
		" when { {bind: 1, count_within: 2}.bind == 1 };\n";
	char err[512];
	struct policy *p = policy_load_text(text, strlen(text), "policy.dw", "/home/dev", err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	struct policy_decision d;
	json_object *in = json_tokener_parse("{\"path\":\"~/x\",\"operation\":\"read_content\"}");
	ck_assert_int_eq(policy_decide(p, "fs:read", in, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 1);
	policy_decision_clear(&d);
	json_object_put(in);
	policy_free(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("macros");
	TCase *tc = tcase_create("library");
	tcase_add_test(tc, test_count_within);
	tcase_add_test(tc, test_bind_over_count_within);
	tcase_add_test(tc, test_sum_within);
	tcase_add_test(tc, test_count_distinct_within);
	tcase_add_test(tc, test_policy_def_overrides_library);
	tcase_add_test(tc, test_library_refusals);
	tcase_add_test(tc, test_library_names_stay_free_in_cedar);
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
