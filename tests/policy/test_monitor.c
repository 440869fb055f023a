/* test_monitor.c -- the incremental temporal monitor (monitor.h,
 * temporal_monitor.h) against the rescan (policy_decide_history_from).
 *
 * A randomised differential test: random histories over a few Box actions,
 * kinds, paths, hosts and sizes, with stamps that move on by a few
 * seconds (so windows slide and the kept events are pruned), decided at
 * every request by the monitor and by the rescan of the whole history; a
 * policy with one permit rule per formula shape (so the decision names
 * every leaf that holds; the deepest chain of windows is 60 s), with and
 * without per-rule start seqs.  Plus the
 * monitor's own contract: order checks, last seq, pruning to the window. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/monitor.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_monitor.h"

#define A(id) "Box::Action::\"" id "\""

/* One rule per shape; the scope is the action whose input the pins read. */
/* summary_only: the monitor answers the shape from its summaries alone and
 * keeps no event. */
static const struct { const char *id, *action, *formula; int64_t reach_s; int summary_only; } shapes[] = {
	/* formerly, pinned to the request (delete after read) */
	{ "del_after_read", "fs:delete", "formerly within 10s " A("fs:read") "::request{ input.path: context.input.path }", 10, 1 },
	/* formerly, literal and wildcard (no fetch after a secret read) */
	{ "net_after_secret", "http:request",
	  "formerly within 30s " A("fs:read") "::response{ input.path: \"~/.aws/credentials\", output.result: _ }", 30, 1 },
	/* no X after Y */
	{ "no_failed_write", "http:request", "!formerly within 1m " A("fs:write") "::error{ input.path: _ }", 60, 1 },
	/* an enum literal */
	{ "after_create_dir", "fs:read",
	  "formerly within 15s " A("fs:write") "::request{ input.operation: Box::FsWriteOperation::\"create_dir\" }", 15, 1 },
	/* budgets: count, keyed count, sums */
	{ "write_budget", "fs:write",
	  "(count for (t: Timepoint). where formerly within 20s (" A("fs:write") "::request{ input.path: _ } && tp(t))) > 3", 20, 1 },
	{ "write_budget_path", "fs:write",
	  "exists (n: Long). ((count for (t: Timepoint). where formerly within 20s (tp(t) && " A("fs:write")
	  "::request{ input.path: context.input.path })) == n && n < 3)", 20, 0 },
	{ "bytes_per_host", "http:request",
	  "(sum b for (t: Timepoint), (b: Long). where formerly within 30s (" A("http:request")
	  "::request{ input.body_bytes: b, input.host: context.input.host } && tp(t))) > 1400", 30, 0 },
	{ "bytes_all", "http:request",
	  "(sum b for (t: Timepoint), (b: Long). where formerly within 30s (" A("http:request")
	  "::request{ input.body_bytes: b } && tp(t))) < 2100", 30, 0 },
	/* previous, since */
	{ "read_after_read", "fs:read", "previous within 5s " A("fs:read") "::request{ input.path: _ }", 5, 0 },
	{ "no_write_since_read", "fs:read",
	  "!" A("fs:write") "::request{ input.path: _ } since within 1m " A("fs:read") "::request{ input.path: \"~/a\" }", 60, 1 },
	{ "since_pinned", "fs:read",
	  A("fs:read") "::request{ input.path: context.input.path } since within 1m " A("fs:write")
	  "::request{ input.path: context.input.path }", 60, 0 },
	/* shapes left to the evaluator: nesting, distinct counts, correlation, time points */
	{ "nested", "fs:write",
	  "formerly within 10s (" A("fs:read") "::request{ input.path: _ } && previous within 5s " A("fs:write")
	  "::request{ input.path: _ })", 15, 0 },
	{ "distinct_paths", "fs:delete",
	  "(count for (p: String). where formerly within 30s " A("fs:read") "::request{ input.path: p }) >= 2", 30, 0 },
	{ "read_then_delete_same", "fs:delete",
	  "exists (p: String). (formerly within 20s " A("fs:read") "::request{ input.path: p } && formerly within 20s "
	  A("fs:delete") "::request{ input.path: p })", 20, 0 },
	{ "early_read", "fs:read",
	  "exists (t: Timepoint). (formerly within 1m (" A("fs:read") "::request{ input.path: _ } && tp(t)) && t < 40)", 60, 0 },
	{ "two_reads_ordered", "fs:delete",
	  "exists (t: Timepoint). (formerly within 30s (" A("fs:read") "::request{ input.path: \"~/a\" } && tp(t)) && "
	  "exists (u: Timepoint). (formerly within 30s (" A("fs:read") "::request{ input.path: \"~/b\" } && tp(u)) && t < u))", 30, 0 },
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static char *policy_text(void)
{
	size_t cap = 16384, n = 0;
	char *s = malloc(cap);
	for (size_t i = 0; i < NSHAPES; i++)
		n += (size_t)snprintf(s + n, cap - n,
		                      "@id(\"%s\") permit(principal, action == " A("%s") ", resource) when temporal { %s };\n",
		                      shapes[i].id, shapes[i].action, shapes[i].formula);
	ck_assert_uint_lt(n, cap);
	return s;
}

static struct policy *load_shapes(void)
{
	char *text = policy_text();
	char err[1024];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	free(text);
	return p;
}

/* ---- random histories ------------------------------------------------------------ */

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng_state >> 33) % n);
}

static const char *const actions[] = { "fs:read", "fs:write", "fs:delete", "http:request" };
static const char *const kinds[] = { "request", "request", "request", "response", "error" };
static const char *const paths[] = { "~/a", "~/b", "~/.aws/credentials" };
static const char *const hosts[] = { "api.example", "cdn.example" };

static json_object *random_input(const char *action)
{
	json_object *in = json_object_new_object();
	if (strcmp(action, "http:request") == 0) {
		static const long long sizes[] = { 0, 10, 200, 700, 4000000000000000000LL, -4000000000000000000LL };
		json_object_object_add(in, "host", json_object_new_string(hosts[rnd(2)]));
		json_object_object_add(in, "port", json_object_new_int64(443));
		json_object_object_add(in, "method", json_object_new_string("GET"));
		json_object_object_add(in, "path", json_object_new_string("/"));
		json_object_object_add(in, "body_bytes", json_object_new_int64(sizes[rnd(6) ? rnd(4) : 4 + rnd(2)]));
		json_object_object_add(in, "intercepted", json_object_new_boolean(1));
	} else {
		const char *op = strcmp(action, "fs:read") == 0 ? "read_content"
		               : strcmp(action, "fs:write") == 0 ? (rnd(3) ? "write_content" : "create_dir")
		               : "delete_file";
		json_object_object_add(in, "path", json_object_new_string(paths[rnd(3)]));
		json_object_object_add(in, "operation", json_object_new_string(op));
	}
	return in;
}

struct hist {
	struct temporal_event *ev;
	json_object **inputs;           /* the request input as the broker decides it */
	size_t n, cap;
};

static void hist_add(struct hist *h, int64_t ts, int64_t seq, const char *action, const char *kind)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->ev = realloc(h->ev, h->cap * sizeof *h->ev);
		h->inputs = realloc(h->inputs, h->cap * sizeof *h->inputs);
	}
	json_object *in = random_input(action);
	json_object *rec = json_object_new_object();
	json_object_object_add(rec, "input", policy_event_input(action, in));
	if (strcmp(kind, "response") == 0) {
		json_object *out = json_object_new_object();
		json_object_object_add(out, "result", json_object_new_string(rnd(4) ? "completed" : "indeterminate"));
		json_object_object_add(rec, "output", out);
	}
	struct temporal_event *e = &h->ev[h->n];
	e->ts_s = ts;
	e->seq = seq;
	e->action_type = "Box::Action";
	e->action_id = action;
	e->kind = kind;
	e->record = rec;
	h->inputs[h->n++] = in;
}

static void hist_free(struct hist *h)
{
	for (size_t i = 0; i < h->n; i++) {
		json_object_put(h->ev[i].record);
		json_object_put(h->inputs[i]);
	}
	free(h->ev);
	free(h->inputs);
}

static void render(const struct policy_decision *d, char *buf, size_t cap)
{
	size_t len = (size_t)snprintf(buf, cap, "%s %s", d->allow ? "ALLOW" : "DENY", d->cause);
	for (size_t i = 0; i < d->nrules && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, " %s", d->rules[i]);
	for (size_t i = 0; i < d->nerrors && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, " {%s}", d->errors[i]);
}

/* One random history of n events, decided at each request both ways. */
static void differential(const struct policy *p, int64_t reach_s, int summary_only, unsigned long long seed, size_t n,
                         int with_starts, size_t *decisions, size_t *allows)
{
	rng_state = seed;
	size_t nrules = policy_rule_count(p);
	int64_t *starts = NULL;
	if (with_starts) {
		starts = calloc(nrules, sizeof *starts);
		for (size_t r = 0; r < nrules; r++)
			starts[r] = rnd(2) ? 0 : (int64_t)rnd((unsigned)n * 2);
	}
	struct policy_monitor *m = policy_monitor_new(p, starts);
	ck_assert_ptr_nonnull(m);
	struct hist h = { 0 };
	int64_t ts = 1000 + rnd(100), seq = 0;
	char err[512], want[2048], got[2048];
	for (size_t i = 0; i < n; i++) {
		unsigned step = rnd(10);
		ts += step < 5 ? 0 : step < 8 ? (int64_t)rnd(4) : (int64_t)rnd(40);
		seq += 1 + (rnd(4) == 0 ? (int64_t)rnd(3) : 0);
		const char *action = actions[rnd(4)];
		const char *kind = kinds[rnd(5)];
		hist_add(&h, ts, seq, action, kind);
		ck_assert_msg(policy_monitor_observe(m, &h.ev[i], err, sizeof err) == 0, "%s", err);
		ck_assert_int_eq(policy_monitor_last_seq(m), seq);
		/* pruned to the deepest window: exactly the events stamped within it;
		 * none at all when the summaries answer every leaf */
		size_t in_window = 0;
		for (size_t k = 0; k <= i; k++)
			in_window += ts - h.ev[k].ts_s <= reach_s;
		ck_assert_uint_eq(policy_monitor_kept(m), summary_only ? 0 : in_window);
		if (strcmp(kind, "request") != 0)
			continue;
		struct policy_decision a, b;
		ck_assert_msg(policy_decide_history_from(p, action, h.inputs[i], h.ev, i + 1, starts, &a, err, sizeof err) == 0,
		              "%s", err);
		ck_assert_msg(policy_monitor_decide(m, action, h.inputs[i], &b, err, sizeof err) == 0, "%s", err);
		render(&a, want, sizeof want);
		render(&b, got, sizeof got);
		ck_assert_msg(strcmp(want, got) == 0, "seed %llu, event %zu (%s at %lld): rescan '%s', monitor '%s'",
		              seed, i, action, (long long)ts, want, got);
		(*decisions)++;
		*allows += a.allow;
		policy_decision_clear(&a);
		policy_decision_clear(&b);
	}
	policy_monitor_free(m);
	free(starts);
	hist_free(&h);
}

START_TEST(test_monitor_differential)
{
	struct policy *p = load_shapes();
	/* the shapes kept incrementally: the first eleven but previous and the pinned since */
	struct temporal_monitor *tm = temporal_monitor_new(policy_temporal_set(p), NULL, 0);
	ck_assert_uint_eq(temporal_monitor_summaries(tm), 9);
	temporal_monitor_free(tm);
	size_t decisions = 0, allows = 0;
	for (unsigned long long seed = 1; seed <= 30; seed++)
		differential(p, 60, 0, seed, 400, 0, &decisions, &allows);
	/* the histories exercise both verdicts */
	ck_assert_uint_gt(decisions, 5000);
	ck_assert_uint_gt(allows, decisions / 10);
	ck_assert_uint_lt(allows, decisions - decisions / 10);
	policy_free(p);
}
END_TEST

START_TEST(test_monitor_differential_rule_starts)
{
	struct policy *p = load_shapes();
	size_t decisions = 0, allows = 0;
	for (unsigned long long seed = 100; seed < 130; seed++)
		differential(p, 60, 0, seed, 300, 1, &decisions, &allows);
	ck_assert_uint_gt(decisions, 3000);
	ck_assert_uint_gt(allows, 0);
	policy_free(p);
}
END_TEST

/* Each shape alone (so a forbid-free permit of another rule cannot hide
 * a difference in the cause), as a forbid. */
START_TEST(test_monitor_differential_each_shape_as_forbid)
{
	for (size_t s = 0; s < NSHAPES; s++) {
		char text[4096], err[1024];
		snprintf(text, sizeof text,
		         "@id(\"all\") permit(principal, action, resource);\n"
		         "@id(\"%s\") forbid(principal, action == " A("%s") ", resource) when temporal { %s };\n",
		         shapes[s].id, shapes[s].action, shapes[s].formula);
		struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
		                                       err, sizeof err);
		ck_assert_msg(p != NULL, "%s", err);
		size_t decisions = 0, allows = 0;
		for (unsigned long long seed = 7; seed < 12; seed++)
			differential(p, shapes[s].reach_s, shapes[s].summary_only, seed * 1000 + s, 300, (int)(seed & 1), &decisions,
			             &allows);
		policy_free(p);
	}
}
END_TEST

static struct temporal_event event(int64_t ts, int64_t seq, const char *action, json_object *record)
{
	struct temporal_event e = { ts, "Box::Action", action, "request", record, seq };
	return e;
}

START_TEST(test_monitor_contract)
{
	static const char text[] =
		"@id(\"net\") permit(principal, action == Box::Action::\"http:request\", resource);\n"
		"@id(\"no_net_after_secret\") forbid(principal, action == Box::Action::\"http:request\", resource)\n"
		"when temporal { formerly within 1h Box::Action::\"fs:read\"::request{ input.path: \"~/.aws/credentials\" } };\n";
	char err[512];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	struct policy_monitor *m = policy_monitor_new(p, NULL);
	ck_assert_int_eq(policy_monitor_last_seq(m), 0);
	/* nothing observed: the request is not in the history, an evaluation error denies */
	struct policy_decision d;
	ck_assert_int_eq(policy_monitor_decide(m, "http:request", NULL, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 0);
	ck_assert_uint_eq(d.nerrors, 1);
	ck_assert_str_eq(d.errors[0], "temporal evaluation: the history does not hold the request being decided");
	policy_decision_clear(&d);
	/* an unknown action is an error, as for policy_decide */
	ck_assert_int_eq(policy_monitor_decide(m, "fs:raed", NULL, &d, err, sizeof err), -1);
	json_object *secret = json_tokener_parse("{\"input\":{\"path\":\"~/.aws/credentials\"}}");
	json_object *http = json_tokener_parse("{\"input\":{\"host\":\"h\"}}");
	struct temporal_event e = event(100, 5, "fs:read", secret);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), 0);
	ck_assert_int_eq(policy_monitor_last_seq(m), 5);
	/* out of order: an older seq, an equal seq, an older stamp */
	e = event(100, 4, "http:request", http);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "seq 4") != NULL, "%s", err);
	e = event(100, 5, "http:request", http);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), -1);
	e = event(99, 6, "http:request", http);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), -1);
	ck_assert_int_eq(policy_monitor_last_seq(m), 5);
	/* the monitor keeps its own reference: the caller's is dropped */
	json_object_put(secret);
	e = event(3700, 9, "http:request", http);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), 0);
	ck_assert_int_eq(policy_monitor_decide(m, "http:request", NULL, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 0);
	ck_assert_str_eq(d.rules[0], "no_net_after_secret");
	policy_decision_clear(&d);
	/* an hour and a second after the read: it has left the window and the state */
	e = event(3701, 10, "http:request", http);
	ck_assert_int_eq(policy_monitor_observe(m, &e, err, sizeof err), 0);
	/* the rule is one summary: the monitor keeps no event, only the window */
	ck_assert_uint_eq(policy_monitor_kept(m), 0);
	ck_assert_int_eq(policy_monitor_decide(m, "http:request", NULL, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 1);
	policy_decision_clear(&d);
	json_object_put(http);
	policy_monitor_free(m);
	policy_free(p);
}
END_TEST

/* Nested windows add up: the history must reach back their sum. */
START_TEST(test_history_reach)
{
	static const char text[] =
		"permit(principal, action == " A("fs:read") ", resource) when temporal { formerly within 1h ("
		A("fs:read") "::request{ input.path: _ } && previous within 30m " A("fs:write") "::request{ input.path: _ }) };\n"
		"permit(principal, action == " A("fs:write") ", resource) when temporal { formerly within 1h "
		A("fs:read") "::request{ input.path: _ } };\n";
	char err[512];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	ck_assert_int_eq(policy_max_window_s(p), 3600);
	ck_assert_int_eq(policy_history_reach_s(p), 5400);
	policy_free(p);
	p = load_shapes();
	ck_assert_int_eq(policy_history_reach_s(p), 60);
	policy_free(p);
}
END_TEST

static Suite *monitor_suite(void)
{
	Suite *s = suite_create("monitor");
	TCase *tc = tcase_create("monitor");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_monitor_contract);
	tcase_add_test(tc, test_history_reach);
	tcase_add_test(tc, test_monitor_differential);
	tcase_add_test(tc, test_monitor_differential_rule_starts);
	tcase_add_test(tc, test_monitor_differential_each_shape_as_forbid);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(monitor_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
