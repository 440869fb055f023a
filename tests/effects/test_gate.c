/* tests/effects/test_gate.c -- the gate (broker/effects/gate.c) on a real
 * box directory: a policy without temporal rules opens no history; with
 * them every decision appends its request event before returning and the
 * outcome follows; a later gate (a later run) sees what an earlier one
 * recorded; --decide's read-only gate neither creates nor appends; an
 * unchanged rule keeps its state across a policy edit while a changed one
 * starts afresh; outcomes no rule reads wait for the next transaction; a
 * request in flight whose outcome a rule reads holds other gates back; a
 * malformed request is recorded as denied; the records' texts, put
 * together from parts, are what json-c writes for the records. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "broker/effects/gate.h"
#include "broker/history/history.h"
#include "broker/policy/policy.h"

static char box[64];

static void setup(void)
{
	snprintf(box, sizeof box, "/tmp/test-gate-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(box));
	char priv[128];
	snprintf(priv, sizeof priv, "%s/private", box);
	ck_assert_int_eq(mkdir(priv, 0700), 0);
}

static void teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", box);
	ck_assert_int_eq(system(cmd), 0);
}

static struct policy *load(const char *text)
{
	char err[512];
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL, err,
	                                       sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	return p;
}

static struct gate *open_gate(const struct policy *p, enum gate_mode mode)
{
	char err[512];
	struct gate *g = gate_open(p, box, mode, "run", err, sizeof err);
	ck_assert_msg(g != NULL, "%s", err);
	return g;
}

static json_object *write_input(const char *path)
{
	json_object *in = json_object_new_object();
	json_object_object_add(in, "path", json_object_new_string(path));
	json_object_object_add(in, "operation", json_object_new_string("write_content"));
	return in;
}

/* Decides an fs:write of path: 1 permit, 0 deny, -1 error; records a
 * completed outcome after a permit when complete is set. */
static int write_once(struct gate *g, const char *path, int complete)
{
	json_object *in = write_input(path);
	struct policy_decision d;
	int64_t seq;
	int fault;
	char err[512];
	int rc = gate_decide(g, "fs:write", in, &d, &seq, &fault, err, sizeof err);
	int v = rc != 0 ? -1 : d.allow;
	if (rc == 0) {
		if (d.allow && complete)
			gate_outcome(g, seq, "fs:write", in, GATE_COMPLETED, -1);
		policy_decision_clear(&d);
	}
	json_object_put(in);
	return v;
}

static int64_t events(void)
{
	char err[512], priv[128];
	snprintf(priv, sizeof priv, "%s/private", box);
	struct history *h = history_open(priv, err, sizeof err);
	ck_assert_msg(h != NULL, "%s", err);
	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_int_eq(s.chain_intact, 1);
	history_close(h);
	return s.events;
}

static int history_exists(void)
{
	char file[160];
	struct stat st;
	snprintf(file, sizeof file, "%s/private/%s", box, HISTORY_FILE_NAME);
	return stat(file, &st) == 0;
}

static const char BUDGET[] =
	"@id(\"writes\") permit (principal, action == Box::Action::\"fs:write\", resource);\n"
	"@id(\"budget\") forbid (principal, action == Box::Action::\"fs:write\", resource)\n"
	"when temporal { (count for (t: Timepoint). where formerly within 1h "
	"(Box::Action::\"fs:write\"::request{ input.path: _ } && tp(t))) > 2 };\n";

START_TEST(test_plain_policy_opens_no_history)
{
	struct policy *p = load("permit (principal, action == Box::Action::\"fs:write\", resource);\n");
	struct gate *g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(gate_has_history(g), 0);
	ck_assert_int_eq(write_once(g, "~/a", 1), 1);
	gate_close(g);
	ck_assert_int_eq(history_exists(), 0);
	policy_free(p);
}
END_TEST

START_TEST(test_budget_across_gates)
{
	struct policy *p = load(BUDGET);
	struct gate *g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(gate_has_history(g), 1);
	ck_assert_int_eq(write_once(g, "~/a", 1), 1);
	ck_assert_int_eq(write_once(g, "~/b", 1), 1);
	gate_close(g);
	/* two requests, two outcomes (the last waited for close) */
	ck_assert_int_eq(events(), 4);
	/* a later run sees them; --decide agrees and appends nothing */
	struct gate *ro = open_gate(p, GATE_READ_ONLY);
	ck_assert_int_eq(write_once(ro, "~/c", 0), 0);
	gate_set_offset(ro, 2 * 3600);
	ck_assert_int_eq(write_once(ro, "~/c", 0), 1);
	gate_close(ro);
	ck_assert_int_eq(events(), 4);
	g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(write_once(g, "~/c", 1), 0);
	gate_close(g);
	ck_assert_int_eq(events(), 5); /* the refused request, no outcome */
	policy_free(p);
}
END_TEST

START_TEST(test_read_only_creates_nothing)
{
	struct policy *p = load(BUDGET);
	struct gate *ro = open_gate(p, GATE_READ_ONLY);
	ck_assert_int_eq(write_once(ro, "~/a", 0), 1);
	gate_close(ro);
	ck_assert_int_eq(history_exists(), 0);
	policy_free(p);
}
END_TEST

START_TEST(test_policy_edit_is_prospective)
{
	struct policy *p = load(BUDGET);
	struct gate *g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(write_once(g, "~/a", 1), 1);
	ck_assert_int_eq(write_once(g, "~/b", 1), 1);
	gate_close(g);
	policy_free(p);
	/* the same rule, moved and re-spaced: it keeps its count */
	char moved[1024];
	snprintf(moved, sizeof moved, "@id(\"other\") permit (principal, action == Box::Action::\"fs:read\", resource);\n"
	         "%s\n// a comment\n", BUDGET);
	p = load(moved);
	g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(write_once(g, "~/c", 1), 0);
	gate_close(g);
	policy_free(p);
	/* the cap changed: a new rule, with no history */
	char changed[1024];
	snprintf(changed, sizeof changed, "%s", BUDGET);
	char *cap = strstr(changed, "> 2");
	ck_assert_ptr_nonnull(cap);
	cap[2] = '3';
	p = load(changed);
	g = open_gate(p, GATE_RECORD);
	ck_assert_int_eq(write_once(g, "~/d", 1), 1);
	ck_assert_int_eq(write_once(g, "~/e", 1), 1);
	ck_assert_int_eq(write_once(g, "~/f", 1), 1);
	ck_assert_int_eq(write_once(g, "~/g", 1), 0);
	gate_close(g);
	policy_free(p);
}
END_TEST

static const char RESPONSE_BUDGET[] =
	"@id(\"writes\") permit (principal, action == Box::Action::\"fs:write\", resource);\n"
	"@id(\"done\") forbid (principal, action == Box::Action::\"fs:write\", resource)\n"
	"when temporal { (count for (t: Timepoint). where formerly within 1h "
	"(Box::Action::\"fs:write\"::response{ input.path: _ } && tp(t))) >= 1 };\n";

START_TEST(test_in_flight_holds_other_runs)
{
	struct policy *p = load(RESPONSE_BUDGET);
	struct gate *a = open_gate(p, GATE_RECORD), *b = open_gate(p, GATE_RECORD);
	gate_set_lock_wait_ms(b, 50);
	json_object *in = write_input("~/a");
	struct policy_decision d;
	int64_t seq;
	int fault;
	char err[512];
	ck_assert_int_eq(gate_decide(a, "fs:write", in, &d, &seq, &fault, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 1);
	policy_decision_clear(&d);
	/* a's write is in flight: b may not decide over a history without it */
	ck_assert_int_eq(write_once(b, "~/b", 1), -1);
	gate_outcome(a, seq, "fs:write", in, GATE_COMPLETED, -1);
	json_object_put(in);
	/* now b sees a's completed write, and the budget is spent */
	ck_assert_int_eq(write_once(b, "~/b", 1), 0);
	gate_close(a);
	gate_close(b);
	policy_free(p);
}
END_TEST

START_TEST(test_malformed_request_recorded_as_denied)
{
	struct policy *p = load(BUDGET);
	struct gate *g = open_gate(p, GATE_RECORD);
	json_object *in = json_object_new_array(); /* an input must be a record */
	struct policy_decision d;
	int64_t seq;
	int fault;
	char err[512];
	ck_assert_int_eq(gate_decide(g, "fs:write", in, &d, &seq, &fault, err, sizeof err), -1);
	ck_assert_int_eq(fault, 0);
	json_object_put(in);
	/* the gate goes on, in step with the store */
	ck_assert_int_eq(write_once(g, "~/a", 1), 1);
	gate_close(g);
	ck_assert_int_eq(events(), 3);
	policy_free(p);
}
END_TEST

/* The whole file. */
static char *read_log(size_t *len)
{
	char file[160];
	snprintf(file, sizeof file, "%s/private/%s", box, HISTORY_FILE_NAME);
	FILE *f = fopen(file, "rb");
	ck_assert_ptr_nonnull(f);
	char *buf = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

START_TEST(test_record_text_is_json_c_text)
{
	/* the outcome is read by a rule (recorded at once) and not (deferred) */
	static const char TEXT_POLICY[] =
		"@id(\"any\") permit (principal, action, resource);\n"
		"@id(\"budget\") forbid (principal, action == Box::Action::\"fs:write\", resource)\n"
		"when temporal { (count for (t: Timepoint). where formerly within 1h "
		"(Box::Action::\"fs:write\"::response{ input.path: _ } && tp(t))) > 100 };\n";
	struct policy *p = load(TEXT_POLICY);
	char err[512];
	struct gate *g = gate_open(p, box, GATE_RECORD, "run/\"7\"\\\u00e9", err, sizeof err);
	ck_assert_msg(g != NULL, "%s", err);
	ck_assert_int_eq(write_once(g, "~/a/\"quoted\"\\back\tslash/\u00e9t\u00e9", 1), 1);
	json_object *in = json_object_new_object();
	json_object_object_add(in, "path", json_object_new_string("~/r/x"));
	json_object_object_add(in, "operation", json_object_new_string("read_content"));
	struct policy_decision d;
	int64_t seq;
	int fault;
	ck_assert_int_eq(gate_decide(g, "fs:read", in, &d, &seq, &fault, err, sizeof err), 0);
	policy_decision_clear(&d);
	gate_outcome(g, seq, "fs:read", in, GATE_FAILED, -1);
	json_object_put(in);
	/* an output with a status, made for its event */
	in = json_object_new_object();
	json_object_object_add(in, "url", json_object_new_string("https://example.com/a?b=\"c\""));
	json_object_object_add(in, "method", json_object_new_string("GET"));
	ck_assert_int_eq(gate_decide(g, "http:request", in, &d, &seq, &fault, err, sizeof err), 0);
	policy_decision_clear(&d);
	gate_outcome(g, seq, "http:request", in, GATE_COMPLETED, 200);
	json_object_put(in);
	gate_close(g);
	char priv[128];
	snprintf(priv, sizeof priv, "%s/private", box);
	struct history *h = history_open(priv, err, sizeof err);
	ck_assert_msg(h != NULL, "%s", err);
	struct history_events l = {0};
	ck_assert_int_eq(history_load(h, 0, &l), 0);
	ck_assert_int_eq((int)l.n, 6);
	size_t len;
	char *log = read_log(&len);
	for (size_t i = 0; i < l.n; i++) {
		const char *want = json_object_to_json_string_ext(l.ev[i].record, JSON_C_TO_STRING_PLAIN);
		ck_assert_msg(memmem(log, len, want, strlen(want)) != NULL, "event %zu: %s is not stored as json-c writes it",
		              i, want);
		json_object *id;
		ck_assert(json_object_object_get_ex(l.ev[i].record, "requestId", &id));
		char expect[96];
		snprintf(expect, sizeof expect, "run/\"7\"\\\u00e9-%lld", (long long)(i / 2 * 2 + 1));
		ck_assert_str_eq(json_object_get_string(id), expect);
	}
	ck_assert_str_eq(l.ev[1].kind, "response");
	ck_assert_str_eq(l.ev[3].kind, "error");
	json_object *output, *status;
	ck_assert(json_object_object_get_ex(l.ev[5].record, "output", &output));
	ck_assert(json_object_object_get_ex(output, "status", &status));
	ck_assert_int_eq(json_object_get_int(status), 200);
	free(log);
	history_events_free(&l);
	history_close(h);
	policy_free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gate");
	TCase *tc = tcase_create("gate");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_plain_policy_opens_no_history);
	tcase_add_test(tc, test_budget_across_gates);
	tcase_add_test(tc, test_read_only_creates_nothing);
	tcase_add_test(tc, test_policy_edit_is_prospective);
	tcase_add_test(tc, test_in_flight_holds_other_runs);
	tcase_add_test(tc, test_malformed_request_recorded_as_denied);
	tcase_add_test(tc, test_record_text_is_json_c_text);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
