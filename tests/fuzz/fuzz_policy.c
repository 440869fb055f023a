/* tests/fuzz/fuzz_policy.c -- libFuzzer target for broker/policy: any bytes
 * must load as a Box policy or be refused with a message, never crash; a
 * loaded policy decides a fixed set of requests, and the same text is also
 * parsed in generic Cedar mode and evaluated against a small entity store,
 * and with Dogwood's temporal blocks and macros, each temporal leaf then
 * evaluated at every point of a small history, by the rescan and by the
 * incremental monitor (odd rules starting at the second event), which
 * must agree. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/ast.h"
#include "broker/policy/authorize.h"
#include "broker/policy/codec.h"
#include "broker/policy/json.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_monitor.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const requests[] = {
	"{\"action\":\"fs:read\",\"input\":{\"path\":\"~/src/a.txt\",\"operation\":\"read_content\"}}",
	"{\"action\":\"fs:write\",\"input\":{\"path\":\"/tmp/x\",\"operation\":\"write_content\"}}",
	"{\"action\":\"net:connect\",\"input\":{\"host\":\"example.com\",\"port\":443,\"ip\":\"10.0.0.1\"}}",
	"{\"action\":\"http:request\",\"input\":{\"host\":\"h\",\"port\":80,\"method\":\"GET\",\"path\":\"/\","
	"\"body_bytes\":9223372036854775807,\"intercepted\":true}}",
	"{\"action\":\"shell:exec\",\"input\":{\"command\":\"git status\",\"program\":\"git\",\"arg1\":\"status\","
	"\"arg_count\":1,\"cwd\":\"~\"}}",
};

static const char entities[] =
	"[{\"uid\":{\"type\":\"User\",\"id\":\"a\"},\"attrs\":{\"n\":1,\"s\":\"x\"},"
	"\"parents\":[{\"type\":\"Group\",\"id\":\"g\"}],\"tags\":{\"t\":true}},"
	"{\"uid\":{\"type\":\"Group\",\"id\":\"g\"},\"attrs\":{},\"parents\":[{\"type\":\"User\",\"id\":\"a\"}]}]";

static void generic(const char *text, size_t len)
{
	char err[512];
	struct arena a;
	struct policy_set ps;
	arena_init(&a);
	if (parse_policy_set(&a, text, len, "fuzz", &ps, err, sizeof err) == 0) {
		struct entity_store es;
		entity_store_init(&es);
		const struct jnode *ej = json_parse(&a, entities, sizeof entities - 1, err, sizeof err);
		if (ej == NULL || entities_from_json(&es, &a, ej, NULL, err, sizeof err) != 0)
			__builtin_trap();
		struct rec_entry *ctx = arena_alloc(&a, sizeof *ctx);
		ctx->key = str_c("k");
		ctx->val = value_long(&a, 7);
		struct request req = {
			value_entity(&a, str_c("User"), str_c("a")),
			value_entity(&a, str_c("Action"), str_c("view")),
			value_entity(&a, str_c("Group"), str_c("g")),
			value_record(&a, ctx, 1),
		};
		struct auth_result res;
		authorize(ps.rules, NULL, ps.n, &req, &es, &a, &res);
		auth_result_free(&res);
		entity_store_free(&es);
	}
	arena_free(&a);
}

static const char *const history[] = {
	"{\"input\":{\"path\":\"~/a\",\"n\":1},\"callerPrincipal\":{\"__entity\":{\"type\":\"Box::Agent\",\"id\":\"a\"}}}",
	"{\"input\":{\"path\":\"~/a\",\"n\":2},\"output\":{\"result\":\"completed\"}}",
	"{\"input\":{\"path\":\"~/b\",\"n\":-3}}",
};

static void temporal(const char *text, size_t len)
{
	char err[512];
	struct arena a;
	struct policy_set ps;
	struct temporal_set ts;
	memset(&ts, 0, sizeof ts);
	arena_init(&a);
	if (parse_policy_set_temporal(&a, text, len, "fuzz", &ts, &ps, err, sizeof err) == 0) {
		struct temporal_event ev[3];
		static const char *const kinds[] = { "request", "response", "request" };
		for (size_t i = 0; i < 3; i++) {
			ev[i].ts_s = (int64_t)i * 600;
			ev[i].action_type = "Box::Action";
			ev[i].action_id = i == 2 ? "fs:write" : "fs:read";
			ev[i].kind = kinds[i];
			ev[i].record = json_tokener_parse(history[i]);
		}
		json_object *ctx = json_tokener_parse("{\"input\":{\"path\":\"~/a\",\"n\":2}}");
		struct temporal_request rq = { ctx, NULL, NULL, NULL };
		int64_t *starts = calloc(ps.n ? ps.n : 1, sizeof *starts);
		for (size_t r = 0; r < ps.n; r++)
			starts[r] = r % 2 ? 2 : 0;
		struct temporal_monitor *m = temporal_monitor_new(&ts, starts, ps.n);
		if (!m)
			__builtin_trap();
		for (size_t now = 0; now < 3; now++) {
			ev[now].seq = (int64_t)now + 1;
			if (temporal_monitor_observe(m, &ev[now], err, sizeof err) != 0)
				__builtin_trap();
			for (size_t l = 0; l < ts.n; l++) {
				int v = temporal_leaf_eval(ts.leaves[l], ev, now, &rq, err, sizeof err);
				if (v < 0 && err[0] == 0)
					__builtin_trap();
				/* the rule's own history: from its start seq on */
				int r = ts.leaves[l]->rule;
				size_t from = r >= 0 && (size_t)r < ps.n && starts[r] > 1 ? 1 : 0;
				int want = from > now ? 0 : temporal_leaf_eval(ts.leaves[l], ev + from, now - from, &rq, err, sizeof err);
				int got = temporal_monitor_eval(m, l, &rq, err, sizeof err);
				if (want >= 0 && got >= 0 && want != got)
					__builtin_trap();
			}
		}
		temporal_monitor_free(m);
		free(starts);
		json_object_put(ctx);
		for (size_t i = 0; i < 3; i++)
			json_object_put(ev[i].record);
	} else if (err[0] == 0) {
		__builtin_trap();
	}
	temporal_set_free(&ts);
	arena_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1024];
	const char *text = (const char *)data;
	generic(text, size);
	temporal(text, size);
	struct policy *p = policy_load_text(text, size, "fuzz.dw", "/home/dev", err, sizeof err);
	if (p == NULL) {
		if (err[0] == 0)
			__builtin_trap();       /* every refusal carries a message */
		return 0;
	}
	for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
		char *out = policy_decide_json(p, requests[i], err, sizeof err);
		if (out == NULL)
			__builtin_trap();
		free(out);
	}
	policy_free(p);
	return 0;
}
