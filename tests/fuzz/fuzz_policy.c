/* tests/fuzz/fuzz_policy.c -- libFuzzer target for broker/policy: any bytes
 * must load as a Box policy or be refused with a message, never crash; a
 * loaded policy decides a fixed set of requests, and the same text is also
 * parsed in generic Cedar mode and evaluated against a small entity store. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1024];
	const char *text = (const char *)data;
	generic(text, size);
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
