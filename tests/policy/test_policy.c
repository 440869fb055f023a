/* test_policy.c -- unit tests for the policy engine: lexer/parser errors,
 * every operator (true / false / error), string escapes, `like`, the
 * extension types, hierarchy `in`, the authorization rules, the Box schema
 * refusals (exact texts), the seed policy of python-in-a-box.txt, denial
 * text and policy_decide_json. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/ast.h"
#include "broker/policy/authorize.h"
#include "broker/policy/codec.h"
#include "broker/policy/ext.h"
#include "broker/policy/json.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"
#include "broker/policy/schema.h"
#include "broker/policy/unescape.h"

/* ---- generic Cedar mode helpers ---- */

static const char *entities_json =
	"[{\"uid\":{\"type\":\"User\",\"id\":\"alice\"},\"attrs\":{\"age\":30,\"name\":\"alice\","
	"\"tags\":[\"a\",\"b\"]},\"parents\":[{\"type\":\"Group\",\"id\":\"staff\"}]},"
	"{\"uid\":{\"type\":\"Group\",\"id\":\"staff\"},\"attrs\":{},\"parents\":[{\"type\":\"Group\",\"id\":\"all\"}]},"
	"{\"uid\":{\"type\":\"Photo\",\"id\":\"p1\"},\"attrs\":{\"owner\":{\"__entity\":{\"type\":\"User\",\"id\":\"alice\"}}},"
	"\"parents\":[],\"tags\":{\"color\":\"red\"}}]";

static const char *context_json =
	"{\"n\":5,\"s\":\"hello\",\"r\":{\"a\":1,\"if\":2},\"set\":[1,2,3],\"empty\":[],"
	"\"ip\":{\"__extn\":{\"fn\":\"ip\",\"arg\":\"10.0.0.1\"}},\"max\":9223372036854775807,"
	"\"min\":-9223372036854775808}";

/* Evaluate a `when` body against the fixed request: 1 true, 0 false,
 * -1 evaluation error, -2 parse error (message in perr if given). */
static int eval_text(const char *expr, char *perr, size_t perrlen)
{
	char text[4096], err[512];
	struct arena a;
	arena_init(&a);
	snprintf(text, sizeof text, "permit(principal, action, resource) when { %s };", expr);
	struct policy_set ps;
	if (parse_policy_set(&a, text, strlen(text), "t.cedar", &ps, err, sizeof err) != 0) {
		if (perr)
			snprintf(perr, perrlen, "%s", err);
		arena_free(&a);
		return -2;
	}
	struct entity_store es;
	entity_store_init(&es);
	const struct jnode *ej = json_parse(&a, entities_json, strlen(entities_json), err, sizeof err);
	ck_assert_ptr_nonnull(ej);
	ck_assert_int_eq(entities_from_json(&es, &a, ej, NULL, err, sizeof err), 0);
	const struct jnode *cj = json_parse(&a, context_json, strlen(context_json), err, sizeof err);
	ck_assert_ptr_nonnull(cj);
	struct request req;
	req.principal = value_entity(&a, str_c("User"), str_c("alice"));
	req.action = value_entity(&a, str_c("Action"), str_c("view"));
	req.resource = value_entity(&a, str_c("Photo"), str_c("p1"));
	req.context = context_from_json(&a, cj, NULL, NULL, err, sizeof err);
	ck_assert_ptr_nonnull(req.context);
	struct auth_result res;
	authorize(ps.rules, NULL, ps.n, &req, &es, &a, &res);
	int out = res.nerrors ? -1 : res.allow;
	if (perr && res.nerrors)
		snprintf(perr, perrlen, "%s", res.messages[0]);
	auth_result_free(&res);
	entity_store_free(&es);
	arena_free(&a);
	return out;
}

#define T(expr) ck_assert_msg(eval_text(expr, NULL, 0) == 1, "expected true: %s", expr)
#define F(expr) ck_assert_msg(eval_text(expr, NULL, 0) == 0, "expected false: %s", expr)
#define E(expr) ck_assert_msg(eval_text(expr, NULL, 0) == -1, "expected an evaluation error: %s", expr)
#define P(expr) ck_assert_msg(eval_text(expr, NULL, 0) == -2, "expected a parse error: %s", expr)

static void parse_error(const char *text, const char *want)
{
	char err[512];
	struct arena a;
	struct policy_set ps;
	arena_init(&a);
	ck_assert_int_eq(parse_policy_set(&a, text, strlen(text), "p.dw", &ps, err, sizeof err), -1);
	ck_assert_msg(strcmp(err, want) == 0, "got  '%s'\nwant '%s'", err, want);
	arena_free(&a);
}

START_TEST(test_logic)
{
	T("true && true");
	F("true && false");
	F("false && (1 + \"x\")");          /* short circuit: right side not evaluated */
	T("true || (1 + \"x\")");
	E("1 && true");
	E("true && 1");
	E("false || 1");
	T("!false");
	E("!1");
	T("if true then true else 1");
	F("if false then 1 else false");
	E("if 1 then true else false");
	T("!!true");
	P("!!!!!true");
	P("!-1 == 1");
}
END_TEST

START_TEST(test_comparison)
{
	T("1 == 1");
	F("1 == \"1\"");                    /* different kinds: false, no error */
	T("1 != 2");
	T("1 < 2");
	F("2 < 2");
	T("2 <= 2");
	T("3 > 2");
	T("2 >= 2");
	F("1 >= 2");
	E("1 < \"a\"");
	E("\"a\" < \"b\"");
	T("[1,2] == [2,1,1]");
	T("{a: 1, b: [true]} == {b: [true], a: 1}");
	F("{a: 1} == {a: 1, b: 2}");
	T("principal == User::\"alice\"");
	F("principal == Group::\"alice\"");
	P("1 < 2 < 3");
	P("1 = 1");
}
END_TEST

START_TEST(test_arithmetic)
{
	T("1 + 2 * 3 == 7");
	T("10 - 2 - 3 == 5");
	T("-3 * -3 == 9");
	T("context.n * 2 == 10");
	T("-9223372036854775808 == context.min");
	E("context.max + 1 == 0");
	E("context.min - 1 == 0");
	E("context.max * 2 == 0");
	E("-context.min == 0");
	E("1 + true == 2");
	E("-\"a\" == 1");
	P("9223372036854775808 == 1");
	P("4 / 2 == 2");
	P("4 % 2 == 0");
	T("--1 == 1");
}
END_TEST

START_TEST(test_in_has_attr)
{
	T("principal in Group::\"staff\"");
	T("principal in Group::\"all\"");          /* transitive */
	T("principal in principal");
	F("principal in Group::\"other\"");
	T("principal in [Group::\"x\", Group::\"all\"]");
	E("principal in [1]");
	E("1 in Group::\"all\"");
	F("User::\"nobody\" in Group::\"all\"");   /* missing entity: only equality */
	T("principal has age");
	F("principal has height");
	F("User::\"nobody\" has age");
	T("context has n");
	T("context has \"s\"");
	T("context has r.a");
	F("context has r.b");
	E("1 has a");
	T("principal.age == 30");
	T("principal[\"name\"] == \"alice\"");
	E("principal.height == 1");
	E("User::\"nobody\".age == 1");
	E("context.nothere == 1");
	T("context.r.if == 2");
	T("resource.owner == principal");
	T("resource.owner.age == 30");
}
END_TEST

START_TEST(test_like_is)
{
	T("\"hello\" like \"h*o\"");
	T("context.s like \"*\"");
	F("\"hello\" like \"h*x\"");
	T("\"\" like \"\"");
	F("\"a\" like \"\"");
	T("\"a*b\" like \"a\\*b\"");
	F("\"axb\" like \"a\\*b\"");
	T("\"aXbXc\" like \"a*b*c\"");
	F("\"héllo\" like \"h?llo\"");       /* `?` is not a wildcard */
	P("\"a\" like \"a\" == true");         /* relations do not chain */
	T("\"h\\u{e9}llo\" like \"h*llo\"");
	E("1 like \"*\"");
	T("principal is User");
	F("principal is Group");
	E("1 is User");
	T("principal is User in Group::\"all\"");
	F("principal is User in Group::\"other\"");
	T("Ns::A::\"x\" is Ns::A");
}
END_TEST

START_TEST(test_sets_records)
{
	T("context.set.contains(2)");
	F("context.set.contains(4)");
	T("context.set.containsAll([1,3])");
	F("context.set.containsAll([1,4])");
	T("context.set.containsAny([4,3])");
	F("context.set.containsAny([])");
	T("context.empty.isEmpty()");
	F("context.set.isEmpty()");
	E("1.contains(1)");
	E("context.set.containsAll(1)");
	E("\"ab\".isEmpty()");
	T("[1, [2], {a: true}].contains({a: true})");
	T("{\"a b\": 1}[\"a b\"] == 1");
	P("{a: 1, a: 2}");
	P("context.set.contains()");
	P("context.set.frobnicate()");
	T("principal.tags.contains(\"a\")");
	T("resource.hasTag(\"color\")");
	F("resource.hasTag(\"size\")");
	T("resource.getTag(\"color\") == \"red\"");
	E("resource.getTag(\"size\") == \"red\"");
	F("User::\"nobody\".hasTag(\"x\")");
	E("User::\"nobody\".getTag(\"x\") == 1");
}
END_TEST

START_TEST(test_strings)
{
	T("\"a\\nb\" like \"a\\nb\"");
	T("\"\\x41\" == \"A\"");
	T("\"\\u{1F600}\" == \"\\u{1f600}\"");
	T("\"\\u{4_1}\" == \"A\"");
	T("\"it\\'s\" == \"it's\"");
	T("\"\\0\" != \"\"");
	P("\"\\q\" == \"\"");
	P("\"\\*\" == \"\"");
	P("\"\\xFF\" == \"\"");
	P("\"\\u{}\" == \"\"");
	P("\"\\u{110000}\" == \"\"");
	P("\"\\u{D800}\" == \"\"");
	P("\"unterminated");
	/* pattern decoding */
	struct arena a;
	struct pattern pat;
	char err[128];
	arena_init(&a);
	ck_assert_int_eq(unescape_pattern(&a, "a\\*b*", 5, &pat, err, sizeof err), 0);
	ck_assert_int_eq((int)pat.n, 4);
	ck_assert_int_eq(pat.el[1], '*');
	ck_assert_int_eq(pat.el[3], PATTERN_WILDCARD);
	ck_assert_int_eq(unescape_pattern(&a, "\\q", 2, &pat, err, sizeof err), -1);
	arena_free(&a);
}
END_TEST

START_TEST(test_extensions)
{
	T("decimal(\"1.5\") == decimal(\"1.50\")");
	T("decimal(\"1.23\").lessThan(decimal(\"1.24\"))");
	T("decimal(\"-0.5\").lessThanOrEqual(decimal(\"0.0\"))");
	T("decimal(\"2.0\").greaterThan(decimal(\"1.9999\"))");
	T("decimal(\"2.0\").greaterThanOrEqual(decimal(\"2.0\"))");
	E("decimal(\"1.23456\") == decimal(\"1.0\")");
	E("decimal(\"1\") == decimal(\"1.0\")");
	E("decimal(\"922337203685477.5808\") == decimal(\"1.0\")");
	T("decimal(\"922337203685477.5807\") == decimal(\"922337203685477.5807\")");
	E("decimal(\"1.0\") < decimal(\"2.0\")");
	T("context.ip.isIpv4()");
	F("context.ip.isIpv6()");
	T("context.ip.isInRange(ip(\"10.0.0.0/8\"))");
	F("ip(\"11.0.0.1\").isInRange(ip(\"10.0.0.0/8\"))");
	T("ip(\"127.0.0.2\").isLoopback()");
	T("ip(\"::1\").isLoopback()");
	T("ip(\"224.0.0.1\").isMulticast()");
	T("ip(\"ff02::1\").isIpv6()");
	F("ip(\"10.0.0.1\").isInRange(ip(\"::/0\"))");
	E("ip(\"::ffff:127.0.0.1\").isIpv6()");
	E("ip(\"10.0.0.1/33\").isIpv4()");
	E("ip(\"01.2.3.4\").isIpv4()");
	E("ip(\"x\").isIpv4()");
	E("\"10.0.0.1\".isIpv4()");
	T("datetime(\"2024-10-15\") < datetime(\"2024-10-15T00:00:01Z\")");
	T("datetime(\"2024-10-15T11:38:02.101+1134\") == datetime(\"2024-10-15T00:04:02.101Z\")");
	T("datetime(\"1970-01-02\").durationSince(datetime(\"1970-01-01\")) == duration(\"1d\")");
	T("datetime(\"2024-10-15T11:38:02Z\").toDate() == datetime(\"2024-10-15\")");
	T("datetime(\"1969-12-31T23:00:00Z\").toDate() == datetime(\"1969-12-31\")");
	T("datetime(\"2024-10-15T11:38:02Z\").toTime() == duration(\"11h38m2s\")");
	T("datetime(\"2024-01-01\").offset(duration(\"-1ms\")) < datetime(\"2024-01-01\")");
	T("duration(\"1d2h3m4s5ms\").toMilliseconds() == 93784005");
	T("duration(\"90m\").toHours() == 1");
	T("duration(\"-36h\").toDays() == -1");
	T("duration(\"2m\").toSeconds() == 120 && duration(\"2h\").toMinutes() == 120");
	E("datetime(\"2024-02-30\") == datetime(\"2024-01-01\")");
	E("datetime(\"2024-01-01T00:00:00\") == datetime(\"2024-01-01\")");
	E("duration(\"1h1d\") == duration(\"1h\")");
	E("duration(\"\") == duration(\"1h\")");
	E("duration(\"9223372036854775807d\") == duration(\"1h\")");
	E("datetime(\"2024-01-01\") < duration(\"1h\")");
	E("ip(\"1.2.3.4\", \"x\").isIpv4()");            /* wrong arity: evaluation error */
	E("decimal(\"1.0\").lessThan()");
	P("frob(\"x\")");
	P("Ns::frob(\"x\")");
}
END_TEST

START_TEST(test_ext_parsers)
{
	int64_t v;
	struct ipaddr ip, net;
	char err[128];
	ck_assert_int_eq(ext_parse_decimal("-1.2345", 7, &v, err, sizeof err), 0);
	ck_assert(v == -12345);
	ck_assert_int_eq(ext_parse_duration("1s500ms", 7, &v, err, sizeof err), 0);
	ck_assert(v == 1500);
	ck_assert_int_eq(ext_parse_datetime("1970-01-01T00:00:01.002Z", 24, &v, err, sizeof err), 0);
	ck_assert(v == 1002);
	ck_assert_int_eq(ext_parse_ip("192.168.1.7", 11, &ip, err, sizeof err), 0);
	ck_assert_int_eq(ext_parse_ip("192.168.0.0/16", 14, &net, err, sizeof err), 0);
	ck_assert(ip_in_range(&ip, &net));
	ck_assert_int_eq(ext_parse_ip("192.168.0.0/-1", 14, &net, err, sizeof err), -1);
}
END_TEST


/* ---- JSON reader, schema, codec, entity store ---- */

static const struct value *typed(struct arena *a, const struct schema *sc, const char *json,
                                 const char *action, char *err, size_t errlen)
{
	const struct jnode *j = json_parse(a, json, strlen(json), err, errlen);
	ck_assert_msg(j != NULL, "%s", err);
	const struct value *act = value_entity(a, str_c("NS::Action"), str_c(action));
	return context_from_json(a, j, sc, act, err, errlen);
}

START_TEST(test_json_reader)
{
	struct arena a;
	char err[256];
	arena_init(&a);
	const char *txt = "{\"a\\u0000b\": 1, \"\": [true, false, null, -9223372036854775808, \"\\ud83d\\ude00\"]}";
	const struct jnode *j = json_parse(&a, txt, strlen(txt), err, sizeof err);
	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(j->t, J_OBJECT);
	ck_assert_int_eq((int)j->keys[0].n, 3);             /* the NUL byte is kept */
	ck_assert_int_eq(j->items[1]->items[3]->i == INT64_MIN, 1);
	ck_assert_str_eq(j->items[1]->items[4]->s.p, "\xF0\x9F\x98\x80");
	ck_assert_ptr_null(json_parse(&a, "{\"a\":}", 6, err, sizeof err));
	ck_assert_str_eq(err, "JSON: unexpected character at byte 5");
	ck_assert_ptr_null(json_parse(&a, "[1] x", 5, err, sizeof err));
	ck_assert_str_eq(err, "JSON: trailing data at byte 4");
	ck_assert_ptr_null(json_parse(&a, "\"\\ud800\"", 8, err, sizeof err));
	char deep[400];
	memset(deep, '[', sizeof deep);
	ck_assert_ptr_null(json_parse(&a, deep, sizeof deep, err, sizeof err));
	ck_assert_str_eq(err, "JSON: nested too deeply at byte 128");
	/* json-c objects convert into the same tree */
	json_object *o = json_tokener_parse("{\"k\":[1,\"s\",{\"x\":true}]}");
	const struct jnode *c = json_from_c(&a, o);
	ck_assert_int_eq(jget(c, "k")->n, 3);
	ck_assert_int_eq(jget(jget(c, "k")->items[2], "x")->b, 1);
	json_object_put(o);
	arena_free(&a);
}
END_TEST

START_TEST(test_schema_typing)
{
	const char *schema_text =
		"namespace NS {\n"
		"  type Addr = { ip: ipaddr, score?: decimal };\n"
		"  entity User in [Group] = { boss?: User, since: datetime } tags duration;\n"
		"  entity Group;\n"
		"  entity Color enum [\"red\", \"green\"];\n"
		"  action \"view\", edit appliesTo { principal: [User], resource: [User], context: {\n"
		"    src: Addr, \"when\": datetime, wait: __cedar::duration, who: User, many: Set<decimal>, n: Long } };\n"
		"}\n";
	struct arena a;
	struct schema sc;
	char err[256];
	arena_init(&a);
	ck_assert_int_eq(schema_parse(&a, schema_text, strlen(schema_text), &sc, err, sizeof err), 0);
	ck_assert_int_eq((int)sc.nentities, 3);
	ck_assert_int_eq((int)sc.nactions, 2);
	const struct value *ctx = typed(&a, &sc,
		"{\"src\":{\"ip\":\"10.1.2.3\",\"score\":\"0.75\"},\"when\":\"2024-01-01\",\"wait\":\"1h\","
		"\"who\":{\"type\":\"NS::User\",\"id\":\"bob\"},\"many\":[\"1.0\",\"2.5\"],\"n\":3}", "view",
		err, sizeof err);
	ck_assert_msg(ctx != NULL, "%s", err);
	const struct value *src = record_get(ctx, str_c("src"));
	ck_assert_int_eq(record_get(src, str_c("ip"))->kind, V_IPADDR);
	ck_assert_int_eq(record_get(src, str_c("score"))->kind, V_DECIMAL);
	ck_assert(record_get(src, str_c("score"))->u.l == 7500);
	ck_assert_int_eq(record_get(ctx, str_c("when"))->kind, V_DATETIME);
	ck_assert(record_get(ctx, str_c("wait"))->u.l == 3600000);
	ck_assert_int_eq(record_get(ctx, str_c("who"))->kind, V_ENTITY);
	ck_assert_int_eq(record_get(ctx, str_c("many"))->u.set.v[1]->kind, V_DECIMAL);
	/* untyped (unknown action): plain strings and records */
	ctx = typed(&a, &sc, "{\"who\":{\"type\":\"NS::User\",\"id\":\"bob\"},\"wait\":\"1h\"}", "other",
	            err, sizeof err);
	ck_assert_int_eq(record_get(ctx, str_c("who"))->kind, V_RECORD);
	ck_assert_int_eq(record_get(ctx, str_c("wait"))->kind, V_STRING);
	/* a bad implicit extension value is refused */
	ck_assert_ptr_null(typed(&a, &sc, "{\"src\":{\"ip\":\"nope\"}}", "edit", err, sizeof err));
	ck_assert_str_eq(err, "invalid IP address: \"nope\"");
	/* explicit escapes */
	ctx = typed(&a, NULL, "{\"d\":{\"__extn\":{\"fn\":\"offset\",\"args\":[{\"__extn\":{\"fn\":\"datetime\","
	            "\"arg\":\"1970-01-01\"}},{\"__extn\":{\"fn\":\"duration\",\"arg\":\"1s\"}}]}},"
	            "\"e\":{\"__entity\":{\"type\":\"A\",\"id\":\"b\"}}}", "x", err, sizeof err);
	ck_assert_msg(ctx != NULL, "%s", err);
	ck_assert(record_get(ctx, str_c("d"))->u.l == 1000);
	ck_assert_int_eq(record_get(ctx, str_c("e"))->kind, V_ENTITY);
	ck_assert_ptr_null(typed(&a, NULL, "{\"x\":{\"__extn\":{\"fn\":\"frob\",\"arg\":\"1\"}}}", "x", err, sizeof err));
	ck_assert_str_eq(err, "unknown extension function \"frob\"");
	ck_assert_ptr_null(typed(&a, NULL, "{\"x\":1.5}", "x", err, sizeof err));
	ck_assert_ptr_null(typed(&a, NULL, "[1]", "x", err, sizeof err));
	ck_assert_str_eq(err, "context must be a JSON object");
	/* schema syntax errors carry a position */
	ck_assert_int_eq(schema_parse(&a, "entity A = {", 12, &sc, err, sizeof err), -1);
	ck_assert_str_eq(err, "schema:1:13: expected an attribute name");
	ck_assert_int_eq(schema_parse(&a, "frob A;", 7, &sc, err, sizeof err), -1);
	ck_assert_str_eq(err, "schema:1:1: expected `entity`, `action`, `type` or `namespace`");
	arena_free(&a);
}
END_TEST

static int load_entities(const char *json, char *err, size_t errlen)
{
	struct arena a;
	struct entity_store es;
	arena_init(&a);
	entity_store_init(&es);
	const struct jnode *j = json_parse(&a, json, strlen(json), err, errlen);
	int rc = j ? entities_from_json(&es, &a, j, NULL, err, errlen) : -2;
	entity_store_free(&es);
	arena_free(&a);
	return rc;
}

START_TEST(test_entities)
{
	char err[256];
	ck_assert_int_eq(load_entities("{}", err, sizeof err), -1);
	ck_assert_str_eq(err, "entities must be a JSON array");
	ck_assert_int_eq(load_entities("[{\"attrs\":{}}]", err, sizeof err), -1);
	ck_assert_str_eq(err, "entity 0 has no \"uid\"");
	ck_assert_int_eq(load_entities("[{\"uid\":{\"type\":\"A\"}}]", err, sizeof err), -1);
	ck_assert_str_eq(err, "an entity uid needs string fields \"type\" and \"id\"");
	ck_assert_int_eq(load_entities("[{\"uid\":{\"type\":\"A\",\"id\":\"1\"}},{\"uid\":{\"type\":\"A\",\"id\":\"1\"}}]",
	                               err, sizeof err), -1);
	ck_assert_str_eq(err, "duplicate entity A::\"1\"");
	ck_assert_int_eq(load_entities("[{\"uid\":{\"type\":\"A\",\"id\":\"1\"},\"parents\":{}}]", err, sizeof err), -1);
	ck_assert_str_eq(err, "entity 0: parents must be an array");
	ck_assert_int_eq(load_entities("[{\"uid\":{\"type\":\"A\",\"id\":\"1\"},\"attrs\":[]}]", err, sizeof err), -1);
	ck_assert_str_eq(err, "entity 0: attrs must be an object");
	/* a parent cycle still closes; many entities rehash */
	char big[40000];
	size_t len = (size_t)snprintf(big, sizeof big, "[{\"uid\":{\"type\":\"G\",\"id\":\"x\"},\"parents\":[{\"type\":\"G\",\"id\":\"y\"}]},"
	                              "{\"uid\":{\"type\":\"G\",\"id\":\"y\"},\"parents\":[{\"type\":\"G\",\"id\":\"x\"}]}");
	for (int i = 0; i < 300; i++)
		len += (size_t)snprintf(big + len, sizeof big - len, ",{\"uid\":{\"type\":\"U\",\"id\":\"%d\"},"
		                        "\"parents\":[{\"type\":\"G\",\"id\":\"x\"}]}", i);
	snprintf(big + len, sizeof big - len, "]");
	ck_assert_int_eq(load_entities(big, err, sizeof err), 0);
}
END_TEST

START_TEST(test_lexer_and_render)
{
	char buf[128];
	/* comments, BOM, odd whitespace, keywords as attribute names */
	T("true // a comment with \"quotes\" and { braces }\n && context.r.if == 2");
	struct arena a;
	struct policy_set ps;
	char err[256];
	arena_init(&a);
	const char *bom = "\xEF\xBB\xBF permit(principal, action, resource);\r\n";
	ck_assert_int_eq(parse_policy_set(&a, bom, strlen(bom), "b", &ps, err, sizeof err), 0);
	ck_assert_int_eq((int)ps.n, 1);
	const struct value *v = value_entity(&a, str_c("Ns::T"), str_c("a\"b\\c\n"));
	value_render(v, buf, sizeof buf);
	ck_assert_str_eq(buf, "Ns::T::\"a\\\"b\\\\c\\n\"");
	struct rec_entry *e = arena_array(&a, 2, sizeof *e);
	e[0].key = str_c("z");
	e[0].val = value_long(&a, -3);
	e[1].key = str_c("a");
	e[1].val = value_ext(&a, V_DECIMAL, -12345);
	value_render(value_record(&a, e, 2), buf, sizeof buf);
	ck_assert_str_eq(buf, "{\"a\": decimal(\"-1.2345\"), \"z\": -3}");
	ck_assert_int_eq((int)value_render(value_record(&a, e, 2), buf, 8), 34);   /* bounded */
	ck_assert_str_eq(buf, "{\"a\": d");
	arena_free(&a);
	parse_error("permit(principal, action, resource) when { formerly };",
	            "p.dw:1:44: failed to parse policy source: dogwood parse: rule 1: temporal rules are not "
	            "supported yet; write the rule without `temporal { ... }`");
	char deep[8000];
	size_t len = (size_t)snprintf(deep, sizeof deep, "permit(principal, action, resource) when { 1");
	for (int i = 0; i < 1100; i++)
		len += (size_t)snprintf(deep + len, sizeof deep - len, " + 1");
	snprintf(deep + len, sizeof deep - len, " == 2 };");
	arena_init(&a);
	ck_assert_int_eq(parse_policy_set(&a, deep, strlen(deep), "d", &ps, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "expression is too large (more than 1000 levels)") != NULL, "%s", err);
	arena_free(&a);
}
END_TEST

static const char *authorize_ids(const char *policies, char *buf, size_t cap, int *allow, int *nerr)
{
	char err[512];
	struct arena a;
	struct policy_set ps;
	arena_init(&a);
	ck_assert_msg(parse_policy_set(&a, policies, strlen(policies), "s.cedar", &ps, err, sizeof err) == 0,
	              "%s", err);
	struct request req;
	req.principal = value_entity(&a, str_c("User"), str_c("alice"));
	req.action = value_entity(&a, str_c("Action"), str_c("view"));
	req.resource = value_entity(&a, str_c("Photo"), str_c("p1"));
	req.context = value_record(&a, NULL, 0);
	struct auth_result res;
	authorize(ps.rules, NULL, ps.n, &req, NULL, &a, &res);
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < res.ndetermining; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%zu", i ? "," : "", res.determining[i]);
	*allow = res.allow;
	*nerr = (int)res.nerrors;
	auth_result_free(&res);
	arena_free(&a);
	return buf;
}

START_TEST(test_authorize)
{
	char buf[64];
	int allow, nerr;
	authorize_ids("permit(principal, action, resource);", buf, sizeof buf, &allow, &nerr);
	ck_assert(allow && strcmp(buf, "0") == 0 && nerr == 0);
	authorize_ids("", buf, sizeof buf, &allow, &nerr);
	ck_assert(!allow && buf[0] == 0);
	authorize_ids("permit(principal, action, resource);\nforbid(principal == User::\"alice\", action, resource);\n"
	              "forbid(principal, action == Action::\"view\", resource);", buf, sizeof buf, &allow, &nerr);
	ck_assert(!allow && strcmp(buf, "1,2") == 0);
	/* an erroring forbid does not deny */
	authorize_ids("permit(principal, action, resource);\nforbid(principal, action, resource) when { 1 + \"a\" == 2 };",
	              buf, sizeof buf, &allow, &nerr);
	ck_assert(allow && strcmp(buf, "0") == 0 && nerr == 1);
	/* scopes */
	authorize_ids("permit(principal is User, action in [Action::\"edit\", Action::\"view\"], resource == Photo::\"p1\");"
	              "permit(principal, action, resource is Album);"
	              "permit(resource, principal in User::\"alice\") unless { false };", buf, sizeof buf, &allow, &nerr);
	ck_assert(allow && strcmp(buf, "0,2") == 0);
	authorize_ids("@id(\"x\") @description(\"d\") @other permit(principal, action, resource) when { true } unless { true };",
	              buf, sizeof buf, &allow, &nerr);
	ck_assert(!allow);
}
END_TEST

START_TEST(test_parse_errors)
{
	parse_error("permit(principal, action, resource)",
	            "p.dw:1:36: failed to parse policy source: dogwood parse: unexpected end of input; "
	            "expected `;` to end the policy, or `when`/`unless` to add a condition");
	parse_error("permit(principal, action, resource)\nwhen { true }\nwhen { x };",
	            "p.dw:3:8: failed to parse policy source: dogwood parse: unknown variable `x`; "
	            "the variables are principal, action, resource and context");
	parse_error("allow(principal, action, resource);",
	            "p.dw:1:1: failed to parse policy source: dogwood parse: unexpected `allow`; "
	            "expected `permit` or `forbid`");
	parse_error("permit(principal, action, resource) when { };",
	            "p.dw:1:44: failed to parse policy source: dogwood parse: a condition body cannot be empty");
	parse_error("permit(principal = User::\"a\", action, resource);",
	            "p.dw:1:18: failed to parse policy source: dogwood parse: `=` is not an operator; did you mean `==`?");
	parse_error("permit(principal: User, action, resource);",
	            "p.dw:1:17: failed to parse policy source: dogwood parse: `principal : Type` is not a scope "
	            "constraint; use `principal is Type`");
	parse_error("permit(principal, principal, resource);",
	            "p.dw:1:19: failed to parse policy source: dogwood parse: `principal` appears twice in the rule's scope");
	parse_error("permit(action is Box::Action, principal, resource);",
	            "p.dw:1:15: failed to parse policy source: dogwood parse: `is` is not allowed on `action` in the scope");
	parse_error("permit(principal == ?principal, action, resource);",
	            "p.dw:1:21: failed to parse policy source: dogwood parse: template slots (`?principal`, "
	            "`?resource`) are not supported");
	parse_error("@id(\"a\") @id(\"b\") permit(principal, action, resource);",
	            "p.dw:1:11: failed to parse policy source: dogwood parse: duplicate annotation @id on one rule");
	parse_error("@id(\"cap\")\nforbid(principal, action, resource)\nwhen temporal { formerly within 1h X::Action::\"a\"::request{} };",
	            "p.dw:3:1: failed to parse policy source: dogwood parse: rule 1 (@id(\"cap\")): temporal rules "
	            "are not supported yet; write the rule without `temporal { ... }`");
	parse_error("permit(principal, action, resource);\npermit(principal, action, resource) when { true && temporal { x } };",
	            "p.dw:2:52: failed to parse policy source: dogwood parse: rule 2: temporal rules are not "
	            "supported yet; write the rule without `temporal { ... }`");
	parse_error("def cedar m(?x) { ?x };",
	            "p.dw:1:1: failed to parse policy source: dogwood parse: macros (`def cedar` / `def temporal`) "
	            "are not supported yet");
	parse_error("permit(principal, action, resource) when { Ext::lookup(context) };",
	            "p.dw:1:44: failed to parse policy source: dogwood parse: `Ext::lookup(...)`: information "
	            "providers are not enabled in this build");
	parse_error("permit(principal, action, resource) when { Ns::if::\"x\" };",
	            "p.dw:1:48: failed to parse policy source: dogwood parse: `if` is a reserved word and cannot name a type");
	parse_error("permit(principal, action, resource) when { 1 + if true then 1 else 2 };",
	            "p.dw:1:48: failed to parse policy source: dogwood parse: `if` needs parentheses here: (if c then a else b)");
	parse_error("permit(principal, action == Action::{}, resource);",
	            "p.dw:1:37: failed to parse policy source: dogwood parse: entity initializers `Type::{...}` are "
	            "not supported; write Type::\"id\"");
	parse_error("permit(principal, action, resource) when { \"a\" like 1 };",
	            "p.dw:1:53: failed to parse policy source: dogwood parse: unexpected `1`; expected a pattern "
	            "string after `like`");
}
END_TEST

/* ---- Box mode ---- */

static const char *seed_policy =
	"@id(\"project_read\")\n"
	"permit (principal, action == Box::Action::\"fs:read\", resource)\n"
	"when {\n"
	"  context.input.path == \"~/src/project\" ||\n"
	"  context.input.path like \"~/src/project/*\"\n"
	"};\n"
	"\n"
	"@id(\"out_write\")\n"
	"permit (principal, action == Box::Action::\"fs:write\", resource)\n"
	"when {\n"
	"  context.input.path like \"~/src/project/out/*\" &&\n"
	"  context.input.operation == Box::FsWriteOperation::\"write_content\"\n"
	"};\n"
	"\n"
	"@id(\"no_keys\")\n"
	"forbid (principal, action in [Box::Action::\"fs:read\", Box::Action::\"fs:write\"], resource)\n"
	"when { context.input.path like \"~/.ssh/*\" || context.input.path like \"~/.aws/*\" };\n"
	"\n"
	"@id(\"python_in_shell\")\n"
	"permit (principal, action == Box::Action::\"shell:exec\", resource)\n"
	"when { [\"python\", \"python3\"].contains(context.input.program) };\n";

static struct policy *load(const char *text)
{
	char err[1024];
	struct policy *p = policy_load_text(text, strlen(text), "policy.dw", "/home/dev", err, sizeof err);
	ck_assert_msg(p != NULL, "load failed: %s", err);
	return p;
}

static void refused(const char *text, const char *want)
{
	char err[1024];
	struct policy *p = policy_load_text(text, strlen(text), "policy.dw", "/home/dev", err, sizeof err);
	ck_assert_msg(p == NULL, "policy should be refused: %s", text);
	ck_assert_msg(strcmp(err, want) == 0, "got  '%s'\nwant '%s'", err, want);
}

/* Decide; returns the denial text (or "ALLOW <rules>") in buf. */
static const char *decide(const struct policy *p, const char *action, const char *input_json,
                          char *buf, size_t cap)
{
	char err[512];
	json_object *in = json_tokener_parse(input_json);
	ck_assert_ptr_nonnull(in);
	struct policy_decision d;
	ck_assert_msg(policy_decide(p, action, in, &d, err, sizeof err) == 0, "%s", err);
	if (d.allow) {
		size_t len = (size_t)snprintf(buf, cap, "ALLOW");
		for (size_t i = 0; i < d.nrules; i++)
			len += (size_t)snprintf(buf + len, cap - len, " %s", d.rules[i]);
	} else {
		char *subject = policy_request_subject(action, in);
		char *text = policy_denial_text(&d, subject);
		snprintf(buf, cap, "%s", text);
		free(text);
		free(subject);
	}
	policy_decision_clear(&d);
	json_object_put(in);
	return buf;
}

#define DECIDE(p, action, input, want) do { \
		char buf_[1024]; \
		decide(p, action, input, buf_, sizeof buf_); \
		ck_assert_msg(strcmp(buf_, want) == 0, "%s %s\ngot  '%s'\nwant '%s'", action, input, buf_, want); \
	} while (0)

START_TEST(test_seed_policy)
{
	struct policy *p = load(seed_policy);
	ck_assert_int_eq((int)policy_rule_count(p), 4);
	DECIDE(p, "fs:read", "{\"path\":\"~/src/project/notes.txt\",\"operation\":\"read_content\"}",
	       "ALLOW project_read");
	DECIDE(p, "fs:read", "{\"path\":\"~/src/project\",\"operation\":\"enumerate\"}", "ALLOW project_read");
	DECIDE(p, "fs:write", "{\"path\":\"~/src/project/out/notes.txt\",\"operation\":\"write_content\"}",
	       "ALLOW out_write");
	DECIDE(p, "fs:write", "{\"path\":\"~/src/project/out/sub\",\"operation\":\"create_dir\"}",
	       "policy denied this operation on '~/src/project/out/sub' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "fs:write", "{\"path\":\"~/src/project/notes.txt\",\"operation\":\"write_content\"}",
	       "policy denied this operation on '~/src/project/notes.txt' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "fs:read", "{\"path\":\"~/src/project-secrets/a\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/src/project-secrets/a' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "fs:read", "{\"path\":\"~/.ssh/id_rsa\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/.ssh/id_rsa' [policy: no_keys].");
	DECIDE(p, "fs:delete", "{\"path\":\"~/src/project/notes.txt\",\"operation\":\"remove_file\"}",
	       "policy denied this operation on '~/src/project/notes.txt' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "shell:exec", "{\"command\":\"python3 x.py\",\"program\":\"python3\",\"arg1\":\"x.py\","
	       "\"arg_count\":1,\"cwd\":\"~/src/project\"}", "ALLOW python_in_shell");
	DECIDE(p, "shell:exec", "{\"command\":\"bash\",\"program\":\"bash\",\"arg_count\":0,\"cwd\":\"~\"}",
	       "policy denied this operation on 'bash' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "net:connect", "{\"host\":\"example.com\",\"port\":443}",
	       "policy denied this operation on 'example.com:443' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "http:request", "{\"host\":\"api.github.com\",\"port\":443,\"method\":\"GET\",\"path\":\"/zen\","
	       "\"body_bytes\":0,\"intercepted\":true}",
	       "policy denied this operation on 'api.github.com:443/zen' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "Box::Action::\"fs:read\"", "{\"path\":\"~/src/project/a\",\"operation\":\"read_content\"}",
	       "ALLOW project_read");
	policy_free(p);
}
END_TEST

START_TEST(test_denial_text)
{
	struct policy *p = load(
		"permit(principal, action, resource);\n"
		"@id(\"no_env\") @description(\"The .env file holds credentials the agent must not read\")\n"
		"forbid(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path like \"*/.env\" };\n"
		"@id(\"shout\") @description(\"Stop!\")\n"
		"forbid(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path like \"*/loud/*\" };\n"
		"forbid(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path like \"*/loud/x*\" };\n");
	DECIDE(p, "fs:read", "{\"path\":\"~/p/.env\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/p/.env' [policy: no_env]: The .env file holds credentials the agent must not read.");
	DECIDE(p, "fs:read", "{\"path\":\"~/loud/a\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/loud/a' [policy: shout]: Stop!");
	DECIDE(p, "fs:read", "{\"path\":\"~/loud/x\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/loud/x' [policy: shout]: Stop!; [policy: policy_3].");
	DECIDE(p, "fs:read", "{\"path\":\"~/it's \\\"q\\\"\\n/.env\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/it\\'s \\\"q\\\"\\n/.env' [policy: no_env]: The .env file holds "
	       "credentials the agent must not read.");
	DECIDE(p, "fs:write", "{\"path\":\"~/p/.env\",\"operation\":\"write_content\"}", "ALLOW policy_0");
	policy_free(p);
	/* a NULL policy denies everything */
	struct policy_decision d;
	char err[128];
	ck_assert_int_eq(policy_decide(NULL, "fs:read", NULL, &d, err, sizeof err), 0);
	ck_assert(!d.allow);
	ck_assert_str_eq(d.cause, "no_match");
	char *t = policy_denial_text(&d, "~/x");
	ck_assert_str_eq(t, "policy denied this operation on '~/x' [default-deny]: No permit policy matched this request.");
	free(t);
	policy_decision_clear(&d);
	ck_assert_int_eq(policy_decide(NULL, "fs:raed", NULL, &d, err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown action \"fs:raed\"; the actions are fs:read, fs:write, fs:delete, "
	                 "fs:move, net:connect, http:request and shell:exec");
	/* long subjects are capped */
	char longpath[3000];
	memset(longpath, 'a', sizeof longpath - 1);
	longpath[sizeof longpath - 1] = 0;
	ck_assert_int_eq(policy_decide(NULL, "fs:read", NULL, &d, err, sizeof err), 0);
	t = policy_denial_text(&d, longpath);
	ck_assert_int_eq((int)strlen(t), (int)(strlen("policy denied this operation on '") + 1024 + 3 +
	                 strlen("' [default-deny]: No permit policy matched this request.")));
	free(t);
	policy_decision_clear(&d);
}
END_TEST

START_TEST(test_box_refusals)
{
	refused("permit(principal, action == Box::Action::\"fs:raed\", resource);",
	        "policy references unknown action: for policy `policy_0`, unrecognized action "
	        "`Box::Action::\"fs:raed\"`; the actions are fs:read, fs:write, fs:delete, fs:move, "
	        "net:connect, http:request and shell:exec");
	refused("permit(principal, action, resource) when { action == Box::Action::\"nope\" };",
	        "policy references unknown action: for policy `policy_0`, unrecognized action "
	        "`Box::Action::\"nope\"`; the actions are fs:read, fs:write, fs:delete, fs:move, "
	        "net:connect, http:request and shell:exec");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource);\n"
	        "permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.paht == \"~/x\" };",
	        "policy fails schema validation: for policy `policy_1`, attribute `input.paht` in context for "
	        "Box::Action::\"fs:read\" not found; its fields are path, operation");
	refused("permit(principal, action == Box::Action::\"shell:exec\", resource) when { context.input.arg1 == \"-c\" };",
	        "policy fails schema validation: for policy `policy_0`, unable to guarantee safety of access to "
	        "optional attribute `input.arg1` in context for Box::Action::\"shell:exec\"");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input has host && context.input.ip == \"1.2.3.4\" };",
	        "policy fails schema validation: for policy `policy_0`, unable to guarantee safety of access to "
	        "optional attribute `input.ip` in context for Box::Action::\"net:connect\"");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.system.now == 1 };",
	        "policy fails schema validation: for policy `policy_0`, attribute `system` in context for "
	        "Box::Action::\"fs:read\" not found");
	refused("permit(principal, action, resource) when { context.input.path like \"~/x/*\" };",
	        "policy fails schema validation: for policy `policy_0`, attribute `input.path` in context for "
	        "Box::Action::\"net:connect\" not found; its fields are host, port, ip (optional: test it with `has`)");
	refused("permit(principal, action == Box::Action::\"fs:write\", resource) when { context.input.operation == Box::FsWriteOperation::\"write_contnet\" };",
	        "policy fails schema validation: for policy `policy_0`, `Box::FsWriteOperation::\"write_contnet\"` is "
	        "not a value of Box::FsWriteOperation; its values are write_content, create_dir, set_permissions, symlink");
	refused("permit(principal == User::\"alice\", action, resource);",
	        "policy fails schema validation: for policy `policy_0`, principal is always Box::Agent::\"self\", "
	        "never User::\"alice\"; write bare `principal`");
	refused("@id(\"x\") permit(principal, action, resource);\npermit(principal, action, resource);\n"
	        "@id(\"x\") forbid(principal, action, resource);",
	        "policy gives one @id to more than one rule: @id(\"x\") is on rules 1, 3; give each rule its own @id");
	refused("@id(\"b\") permit(principal, action, resource);\n@id(\"a\") permit(principal, action, resource);\n"
	        "@id(\"a\") permit(principal, action, resource);\n@id(\"b\") permit(principal, action, resource);\n"
	        "@id(\"b\") permit(principal, action, resource);",
	        "policy gives one @id to more than one rule: @id(\"b\") is on rules 1, 4, 5; give each rule its own @id");
	refused("@id(\"other\") permit(principal, action == Box::Action::\"fs:other\", resource);",
	        "policy names only a reserved action: rule @id(\"other\") (rule 1) names only the reserved action "
	        "\"fs:other\"; Box never raises it, so the rule never applies: name fs:read, fs:write, fs:delete or "
	        "fs:move instead");
	refused("@id(\"project_read\") permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path like \"/home/dev/project/*\" };",
	        "policy compares an inert literal: rule @id(\"project_read\") compares context.input.path with the "
	        "pattern \"/home/dev/project/*\", and a path under the operator home is spelled ~/…; write \"~/project/*\"");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path == \"/home/dev\" };",
	        "policy compares an inert literal: rule 1 compares context.input.path with the string \"/home/dev\", "
	        "and a path under the operator home is spelled ~/…; write \"~\"");
	refused("@id(\"d\") permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path == \"~/project/\" };",
	        "policy compares an inert literal: rule @id(\"d\") compares context.input.path with the string "
	        "\"~/project/\", and a path is spelled without a trailing slash; write \"~/project\"");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { [\"~/a\", \"/home/dev/b\"].contains(context.input.path) };",
	        "policy compares an inert literal: rule 1 compares context.input.path with the string \"/home/dev/b\", "
	        "and a path under the operator home is spelled ~/…; write \"~/b\"");
	/* literals no normalised request can carry (issue #19) */
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path like \"data/*\" };",
	        "policy compares an inert literal: rule 1 compares context.input.path with the relative pattern "
	        "\"data/*\", and a path in a request is always absolute or spelled ~/… (a script's relative path is "
	        "joined to the workspace first); write the workspace's path before it, or \"*/data/*\"");
	refused("permit(principal, action == Box::Action::\"fs:write\", resource) when { context.input.path == \"out/x.txt\" };",
	        "policy compares an inert literal: rule 1 compares context.input.path with the relative string "
	        "\"out/x.txt\", and a path in a request is always absolute or spelled ~/… (a script's relative path is "
	        "joined to the workspace first); write the workspace's path before it, or \"*/out/x.txt\"");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input.host == \"API.Example.com\" };",
	        "policy compares an inert literal: rule 1 compares context.input.host with the string "
	        "\"API.Example.com\", and a host reaches policy in lowercase without a trailing dot; write \"api.example.com\"");
	refused("permit(principal, action == Box::Action::\"http:request\", resource) when { context.input.host like \"*.example.com.\" };",
	        "policy compares an inert literal: rule 1 compares context.input.host with the pattern "
	        "\"*.example.com.\", and a host reaches policy in lowercase without a trailing dot; write \"*.example.com\"");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { [\"a.com\", \"B.com\"].contains(context.input.host) };",
	        "policy compares an inert literal: rule 1 compares context.input.host with the string \"B.com\", "
	        "and a host reaches policy in lowercase without a trailing dot; write \"b.com\"");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input.port == 0 };",
	        "policy compares an inert literal: rule 1 compares context.input.port with 0, and a port is between 1 and 65535");
	refused("permit(principal, action == Box::Action::\"http:request\", resource) when { context.input.path like \"v1/*\" };",
	        "policy compares an inert literal: rule 1 compares the http:request context.input.path with the pattern "
	        "\"v1/*\", and a request path starts with '/'; write \"/v1/*\"");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.operation == \"read_content\" };",
	        "policy fails schema validation: for policy `policy_0`, the types an entity and String are not compatible");
	{
		struct policy *ok = load("permit(principal, action, resource) when { context.input has host && "
		                         "context.input.host == \"api.example.com\" };\n"
		                         "permit(principal, action == Box::Action::\"fs:read\", resource) when "
		                         "{ context.input.path like \"*/data/*\" || context.input.path like \"~/p/*\" };");
		policy_free(ok);
	}
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path.x == 1 };",
	        "policy fails schema validation: for policy `policy_0`, context.input.path has no attribute `x`");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { ip(\"1.2.3.4\", \"5\").isIpv4() };",
	        "policy fails schema validation: for policy `policy_0`, ip() takes 1 argument, got 2");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input has ip && context.input.ip == ip(\"10.0.0.1\") };",
	        "policy fails schema validation: for policy `policy_0`, the types String and ipaddr are not compatible");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input.port == \"443\" };",
	        "policy fails schema validation: for policy `policy_0`, the types Long and String are not compatible");
	refused("permit(principal, action == Box::Action::\"net:connect\", resource) when { context.input.host < 3 };",
	        "policy fails schema validation: for policy `policy_0`, the types String and Long cannot be ordered; "
	        "`<`, `<=`, `>` and `>=` compare Long with Long");
	refused("permit(principal, action == Box::Action::\"http:request\", resource) when { context.input.body_bytes like \"1*\" };",
	        "policy fails schema validation: for policy `policy_0`, `like` needs String, but the expression has type Long");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path };",
	        "policy fails schema validation: for policy `policy_0`, a `when`/`unless` condition needs Bool, but "
	        "the expression has type String");
	refused("permit(principal, action == Box::Action::\"fs:read\", resource) when { context.input.path.contains(\"x\") };",
	        "policy fails schema validation: for policy `policy_0`, a set method needs Set, but the expression has type String");
	refused("permit(principal, action == Box::Action::\"shell:exec\", resource) when { context.input.arg_count + \"1\" == 2 };",
	        "policy fails schema validation: for policy `policy_0`, arithmetic needs Long, but the expression has type String");
	refused("permit(principal, action, resource)",
	        "policy.dw:1:36: failed to parse policy source: dogwood parse: unexpected end of input; expected `;` "
	        "to end the policy, or `when`/`unless` to add a condition");
	char err[256];
	ck_assert_ptr_null(policy_load_file("/nonexistent/policy.dw", NULL, err, sizeof err));
	ck_assert_str_eq(err, "cannot read policy file /nonexistent/policy.dw: No such file or directory");
}
END_TEST

START_TEST(test_box_accepts)
{
	/* guarded optional fields, action-dependent conditions, the home path
	 * outside the operator home, and http paths are all fine */
	struct policy *p = load(
		"permit(principal, action == Box::Action::\"shell:exec\", resource) when { context.input has arg1 && context.input.arg1 == \"-c\" };\n"
		"permit(principal, action == Box::Action::\"shell:exec\", resource) when { if context.input has arg2 then context.input.arg2 == \"x\" else false };\n"
		"permit(principal, action == Box::Action::\"net:connect\", resource) when { (context.input has ip && context.input.ip != \"10.0.0.1\") || !(context.input has ip) };\n"
		"permit(principal, action, resource) when { context.input has operation && context.input.path like \"/tmp/*\" };\n"
		"permit(principal, action, resource) when { action == Box::Action::\"fs:read\" && context.input.path == \"/etc/hosts\" };\n"
		"permit(principal in Box::Agent::\"self\", action == Box::Action::\"http:request\", resource == Box::Resource::\"unused\") when { context.input.path == \"/home/dev/x\" && context.input.intercepted };\n"
		"permit(principal is Box::Agent, action in [Box::Action::\"fs:read\", Box::Action::\"fs:other\"], resource) when { context.input.path == \"/\" };\n");
	DECIDE(p, "shell:exec", "{\"command\":\"sh -c x\",\"program\":\"sh\",\"arg1\":\"-c\",\"arg_count\":2,\"cwd\":\"~\"}",
	       "ALLOW policy_0");
	DECIDE(p, "shell:exec", "{\"command\":\"sh\",\"program\":\"sh\",\"arg_count\":0,\"cwd\":\"~\"}",
	       "policy denied this operation on 'sh' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "net:connect", "{\"host\":\"h\",\"port\":1}", "ALLOW policy_2");
	DECIDE(p, "net:connect", "{\"host\":\"h\",\"port\":1,\"ip\":\"10.0.0.1\"}",
	       "policy denied this operation on 'h:1' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "fs:delete", "{\"path\":\"/tmp/x\",\"operation\":\"remove_file\"}", "ALLOW policy_3");
	DECIDE(p, "fs:read", "{\"path\":\"/etc/hosts\",\"operation\":\"read_metadata\"}", "ALLOW policy_4");
	DECIDE(p, "http:request", "{\"host\":\"h\",\"port\":80,\"method\":\"GET\",\"path\":\"/home/dev/x\",\"body_bytes\":0,\"intercepted\":true}",
	       "ALLOW policy_5");
	DECIDE(p, "fs:read", "{\"path\":\"/\",\"operation\":\"enumerate\"}", "ALLOW policy_6");
	policy_free(p);
	/* empty policy: loads, denies */
	p = load("// nothing here\n");
	DECIDE(p, "fs:read", "{\"path\":\"~/a\",\"operation\":\"read_content\"}",
	       "policy denied this operation on '~/a' [default-deny]: No permit policy matched this request.");
	policy_free(p);
}
END_TEST

START_TEST(test_box_temporal_and_macros)
{
	/* a Cedar macro needs no history: the policy loads and decides */
	struct policy *p = load(
		"def cedar under(?p, ?dir) { ?p like ?dir };\n"
		"def cedar small(?n) { ?n < 3 };\n"
		"@id(\"tmp\") permit(principal, action == Box::Action::\"fs:write\", resource) when { under(context.input.path, \"/tmp/*\") };\n"
		"permit(principal, action == Box::Action::\"shell:exec\", resource) when { small(context.input.arg_count) };\n");
	DECIDE(p, "fs:write", "{\"path\":\"/tmp/a\",\"operation\":\"write_content\"}", "ALLOW tmp");
	DECIDE(p, "fs:write", "{\"path\":\"/etc/a\",\"operation\":\"write_content\"}",
	       "policy denied this operation on '/etc/a' [default-deny]: No permit policy matched this request.");
	DECIDE(p, "shell:exec", "{\"command\":\"ls\",\"program\":\"ls\",\"arg_count\":0,\"cwd\":\"~\"}", "ALLOW policy_1");
	policy_free(p);
	refused("def cedar f(?a) { ?a };\npermit(principal, action, resource) when { f(1, 2) };",
	        "policy.dw:2:44: failed to parse policy source: dogwood parse: macro `f` takes 1 argument, 2 given");
	refused("def temporal t(?w) { formerly within ?w Box::Action::\"fs:read\"::request{} };\n"
	        "permit(principal, action, resource) when { t(1h) };",
	        "policy.dw:2:44: failed to parse policy source: dogwood parse: `t` is a temporal macro (def temporal): "
	        "call it inside temporal { ... }");
	/* temporal rules: checked against the Box actions and their events */
	refused("forbid(principal, action, resource) when temporal { formerly within 1h Box::Action::\"fs:raed\"::request{} };",
	        "policy references unknown action: for policy `policy_0`, unrecognized action `Box::Action::\"fs:raed\"`");
	refused("forbid(principal, action, resource) when temporal { formerly within 1h Drupe::Action::\"Login\"::request{} };",
	        "policy references unknown action: for policy `policy_0`, unrecognized action `Drupe::Action::\"Login\"`; "
	        "a temporal predicate names a Box action such as Box::Action::\"fs:write\"::request{...}");
	refused("forbid(principal, action, resource) when temporal { formerly within 1h Box::Action::\"fs:read\"::request{ input.paht: _ } };",
	        "policy fails schema validation: for policy `policy_0`, the event Box::Action::\"fs:read\"::request has no "
	        "field `input.paht`; its input fields are path, operation");
	refused("forbid(principal, action, resource) when temporal { formerly within 1h Box::Action::\"fs:read\"::request{ output.result: _ } };",
	        "policy fails schema validation: for policy `policy_0`, the event Box::Action::\"fs:read\"::request has no "
	        "field `output.result` (its fields are input.*, callerPrincipal, callerResource, requestId, sessionId)");
	refused("forbid(principal, action, resource) when temporal { formerly within 1h Box::Action::\"fs:read\"::done{} };",
	        "policy fails schema validation: for policy `policy_0`, Box::Action::\"fs:read\" has no event kind `done`; "
	        "the kinds are request, response and error");
	refused("forbid(principal, action, resource) when temporal { formerly within 48h Box::Action::\"fs:read\"::request{} };",
	        "policy.dw:1:69: failed to parse policy source: dogwood parse: temporal: policy fails schema validation: "
	        "temporal window `48h` exceeds the maximum allowed window `24h`");
	refused("forbid(principal, action, resource) when temporal { formerly Box::Action::\"fs:read\"::request{} };",
	        "policy.dw:1:62: failed to parse policy source: dogwood parse: temporal: expected `within` and a window "
	        "(such as `within 1h`): every temporal operator needs one");
	/* a valid temporal rule is checked, then refused: no history is kept yet */
	refused("@id(\"no_net_after_secret\")\n"
	        "forbid(principal, action == Box::Action::\"http:request\", resource)\n"
	        "when temporal { formerly within 24h Box::Action::\"fs:read\"::response{ input.path: \"~/.aws/credentials\", output.result: _ } };",
	        "rule 1 (@id(\"no_net_after_secret\")): temporal rules are not supported yet (box keeps no history of its "
	        "decisions yet); write the rule without `temporal { ... }`");
}
END_TEST

/* Decisions of temporal rules over a history the test builds (the broker
 * keeps it; here it is an array of events). */
static json_object *ev_record(const char *input_json, const char *result)
{
	json_object *r = json_object_new_object();
	json_object_object_add(r, "input", json_tokener_parse(input_json));
	if (result) {
		json_object *out = json_object_new_object();
		json_object_object_add(out, "result", json_object_new_string(result));
		json_object_object_add(r, "output", out);
	}
	return r;
}

static const char *history_decide(const struct policy *p, struct temporal_event *ev, size_t n,
                                  char *buf, size_t cap)
{
	char err[512];
	struct policy_decision d;
	json_object *input = NULL;
	json_object_object_get_ex(ev[n - 1].record, "input", &input);
	ck_assert_msg(policy_decide_history(p, ev[n - 1].action_id, input, ev, n, &d, err, sizeof err) == 0, "%s", err);
	size_t len = (size_t)snprintf(buf, cap, "%s", d.allow ? "ALLOW" : "DENY");
	for (size_t i = 0; i < d.nrules; i++)
		len += (size_t)snprintf(buf + len, cap - len, " %s", d.rules[i]);
	for (size_t i = 0; i < d.nerrors; i++)
		len += (size_t)snprintf(buf + len, cap - len, " {%s}", d.errors[i]);
	policy_decision_clear(&d);
	return buf;
}

#define EV(i, t, act, k, input, result) do { \
		ev[i].ts_s = (t); ev[i].action_type = "Box::Action"; ev[i].action_id = (act); \
		ev[i].kind = (k); ev[i].record = ev_record((input), (result)); } while (0)
#define HDECIDE(n, want) do { \
		char b_[512]; \
		history_decide(p, ev, (n), b_, sizeof b_); \
		ck_assert_msg(strcmp(b_, want) == 0, "at %d: got '%s', want '%s'", (int)(n) - 1, b_, want); \
	} while (0)

START_TEST(test_temporal_decisions)
{
	static const char text[] =
		"@id(\"reads\") permit(principal, action == Box::Action::\"fs:read\", resource);\n"
		"@id(\"net\") permit(principal, action == Box::Action::\"http:request\", resource);\n"
		"@id(\"writes\") permit(principal, action == Box::Action::\"fs:write\", resource);\n"
		"@id(\"no_net_after_secret\") forbid(principal, action == Box::Action::\"http:request\", resource)\n"
		"when temporal { formerly within 1h Box::Action::\"fs:read\"::response{ input.path: \"~/.aws/credentials\", output.result: _ } };\n"
		"@id(\"write_budget\") forbid(principal, action == Box::Action::\"fs:write\", resource)\n"
		"when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::\"fs:write\"::request{ input.path: _ } && tp(t))) > 2 };\n";
	char err[1024];
	ck_assert_ptr_null(policy_load_text(text, strlen(text), "policy.dw", "/home/dev", err, sizeof err));
	struct policy *p = policy_load_text_ex(text, strlen(text), "policy.dw", "/home/dev", POLICY_ALLOW_TEMPORAL,
	                                       err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	ck_assert_int_eq(policy_has_temporal(p), 1);
	ck_assert_int_eq(policy_max_window_s(p), 3600);
	static const char http[] = "{\"host\":\"h\",\"port\":443,\"method\":\"GET\",\"path\":\"/\",\"body_bytes\":0,\"intercepted\":true}";
	static const char creds[] = "{\"path\":\"~/.aws/credentials\",\"operation\":\"read_content\"}";
	static const char wr[] = "{\"path\":\"~/out/a\",\"operation\":\"write_content\"}";
	struct temporal_event ev[8];
	/* no secret read: the request goes */
	EV(0, 0, "http:request", "request", http, NULL);
	HDECIDE(1, "ALLOW net");
	/* the secret read, then a request within the hour: denied */
	EV(1, 5, "fs:read", "request", creds, NULL);
	EV(2, 5, "fs:read", "response", creds, "completed");
	EV(3, 10, "http:request", "request", http, NULL);
	HDECIDE(4, "DENY no_net_after_secret");
	/* an hour and a second later: permitted again */
	EV(4, 3606, "http:request", "request", http, NULL);
	HDECIDE(5, "ALLOW net");
	/* at most two writes within an hour (the request decided counts) */
	EV(5, 3700, "fs:write", "request", wr, NULL);
	HDECIDE(6, "ALLOW writes");
	EV(6, 3701, "fs:write", "request", wr, NULL);
	HDECIDE(7, "ALLOW writes");
	EV(7, 3702, "fs:write", "request", wr, NULL);
	HDECIDE(8, "DENY write_budget");
	for (size_t i = 0; i < 8; i++)
		json_object_put(ev[i].record);
	/* an empty history is an evaluation error, and denies */
	struct policy_decision d;
	ck_assert_int_eq(policy_decide_history(p, "http:request", NULL, ev, 0, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.allow, 0);
	ck_assert_uint_eq(d.nerrors, 1);
	ck_assert_msg(strstr(d.errors[0], "temporal evaluation") != NULL, "%s", d.errors[0]);
	policy_decision_clear(&d);
	policy_free(p);
}
END_TEST

START_TEST(test_box_errors_reported)
{
	/* a rule whose evaluation errors is skipped and reported by id */
	struct policy *p = load(
		"@id(\"big\") permit(principal, action == Box::Action::\"http:request\", resource) when { context.input.body_bytes * 9223372036854775807 > 0 };\n"
		"permit(principal, action == Box::Action::\"http:request\", resource);\n");
	char err[256];
	json_object *in = json_tokener_parse("{\"host\":\"h\",\"port\":80,\"method\":\"GET\",\"path\":\"/\",\"body_bytes\":2,\"intercepted\":false}");
	struct policy_decision d;
	ck_assert_int_eq(policy_decide(p, "http:request", in, &d, err, sizeof err), 0);
	ck_assert(d.allow);
	ck_assert_str_eq(d.cause, "permitted");
	ck_assert_int_eq((int)d.nrules, 1);
	ck_assert_str_eq(d.rules[0], "policy_1");
	ck_assert_int_eq((int)d.nerrors, 1);
	ck_assert_str_eq(d.errors[0], "big: integer overflow in `*`");
	policy_decision_clear(&d);
	json_object_put(in);
	/* bad input values are refused */
	in = json_tokener_parse("{\"path\":null}");
	ck_assert_int_eq(policy_decide(p, "fs:read", in, &d, err, sizeof err), -1);
	ck_assert_str_eq(err, "null is not a Cedar value");
	json_object_put(in);
	in = json_tokener_parse("[1]");
	ck_assert_int_eq(policy_decide(p, "fs:read", in, &d, err, sizeof err), -1);
	ck_assert_str_eq(err, "the input of fs:read must be a JSON object");
	json_object_put(in);
	policy_free(p);
}
END_TEST

START_TEST(test_decide_json)
{
	struct policy *p = load(seed_policy);
	char err[512];
	char *out = policy_decide_json(p, "{\"action\":\"fs:read\",\"input\":{\"path\":\"~/src/project/x\",\"operation\":\"read_content\"}}",
	                               err, sizeof err);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, "{\"decision\":\"allow\",\"cause\":\"permitted\",\"rules\":[\"project_read\"],\"reason\":null,\"errors\":[]}");
	free(out);
	out = policy_decide_json(p, "{\"action\":\"fs:read\",\"input\":{\"path\":\"~/.aws/config\",\"operation\":\"read_content\"}}",
	                         err, sizeof err);
	ck_assert_str_eq(out, "{\"decision\":\"deny\",\"cause\":\"forbidden\",\"rules\":[\"no_keys\"],\"reason\":"
	                 "\"policy denied this operation on '~/.aws/config' [policy: no_keys].\",\"errors\":[]}");
	free(out);
	out = policy_decide_json(p, "{\"action\":\"fs:read\",\"input\":{\"path\":\"~/x\",\"operation\":\"read_content\"}}",
	                         err, sizeof err);
	ck_assert_str_eq(out, "{\"decision\":\"deny\",\"cause\":\"no_match\",\"rules\":[],\"reason\":"
	                 "\"policy denied this operation on '~/x' [default-deny]: No permit policy matched this request.\",\"errors\":[]}");
	free(out);
	ck_assert_ptr_null(policy_decide_json(p, "{\"action\":", err, sizeof err));
	ck_assert(strncmp(err, "--decide: the request is not valid JSON: ", 41) == 0);
	ck_assert_ptr_null(policy_decide_json(p, "{\"input\":{}}", err, sizeof err));
	ck_assert(strncmp(err, "--decide: the request must be an object with a string \"action\"", 61) == 0);
	ck_assert_ptr_null(policy_decide_json(p, "{\"action\":\"fs:frob\",\"input\":{}}", err, sizeof err));
	ck_assert_str_eq(err, "--decide: unknown action \"fs:frob\"; the actions are fs:read, fs:write, fs:delete, "
	                 "fs:move, net:connect, http:request and shell:exec");
	policy_free(p);
	out = policy_decide_json(NULL, "{\"action\":\"shell:exec\",\"input\":{\"program\":\"python3\"}}", err, sizeof err);
	ck_assert_str_eq(out, "{\"decision\":\"deny\",\"cause\":\"no_match\",\"rules\":[],\"reason\":"
	                 "\"policy denied this operation on 'python3' [default-deny]: No permit policy matched this request.\",\"errors\":[]}");
	free(out);
}
END_TEST

START_TEST(test_policy_files)
{
	/* the policies shipped under tests/policy/ load (or are refused) as named */
	const char *srcdir = getenv("top_srcdir");
	char path[4096], err[1024];
	if (srcdir == NULL)
		srcdir = ".";
	snprintf(path, sizeof path, "%s/tests/policy/data/seed.dw", srcdir);
	struct policy *p = policy_load_file(path, "/home/dev", err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	policy_free(p);
	snprintf(path, sizeof path, "%s/tests/policy/data/bench20.dw", srcdir);
	p = policy_load_file(path, "/home/dev", err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	ck_assert_int_eq((int)policy_rule_count(p), 20);
	policy_free(p);
}
END_TEST

static Suite *policy_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_logic);
	tcase_add_test(tc, test_comparison);
	tcase_add_test(tc, test_arithmetic);
	tcase_add_test(tc, test_in_has_attr);
	tcase_add_test(tc, test_like_is);
	tcase_add_test(tc, test_sets_records);
	tcase_add_test(tc, test_strings);
	tcase_add_test(tc, test_extensions);
	tcase_add_test(tc, test_ext_parsers);
	tcase_add_test(tc, test_authorize);
	tcase_add_test(tc, test_parse_errors);
	tcase_add_test(tc, test_json_reader);
	tcase_add_test(tc, test_schema_typing);
	tcase_add_test(tc, test_entities);
	tcase_add_test(tc, test_lexer_and_render);
	suite_add_tcase(s, tc);
	tc = tcase_create("box");
	tcase_add_test(tc, test_seed_policy);
	tcase_add_test(tc, test_denial_text);
	tcase_add_test(tc, test_box_refusals);
	tcase_add_test(tc, test_box_accepts);
	tcase_add_test(tc, test_box_temporal_and_macros);
	tcase_add_test(tc, test_temporal_decisions);
	tcase_add_test(tc, test_box_errors_reported);
	tcase_add_test(tc, test_decide_json);
	tcase_add_test(tc, test_policy_files);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(policy_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
