/* tests/audit/test_lint.c -- the policy lints (broker/policy/lint.h) and the
 * plain-words reading of rules (audit_rule_reading), on policy text. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/audit/audit_int.h"
#include "broker/policy/ast.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/lint.h"

#define HOME "/home/op"

/* "code@rule;code@rule" (rule = @id, or - for policy-wide findings). */
static char *lint_codes(const char *text, const char *workspace)
{
  struct arena a;
  struct policy_set ps;
  struct lint_result res;
  struct lint_options opts = { workspace, NULL };
  char err[1024];
  static char out[2048];
  size_t o = 0;

  arena_init(&a);
  if (parse_policy_set(&a, text, strlen(text), "t.dw", &ps, err, sizeof err) != 0 ||
      box_validate(&ps, HOME, err, sizeof err) != 0)
    ck_abort_msg("policy does not load: %s\n%s", err, text);
  policy_lint(&ps, &opts, &res);
  out[0] = '\0';
  for (size_t i = 0; i < res.n; i++) {
    ck_assert_ptr_nonnull(res.v[i].rationale);
    ck_assert_str_eq(res.v[i].rationale, lint_rationale(res.v[i].code));
    ck_assert(strlen(res.v[i].message) > 10);
    o += (size_t)snprintf(out + o, sizeof out - o, "%s%s@%s", i ? ";" : "", res.v[i].code,
                          res.v[i].rule >= 0 && ps.rules[res.v[i].rule].id ? ps.rules[res.v[i].rule].id : "-");
  }
  lint_result_free(&res);
  arena_free(&a);
  return out;
}

static char *reading(const char *text)
{
  struct arena a;
  struct policy_set ps;
  char err[1024];
  static char out[4096];
  char *r;

  arena_init(&a);
  if (parse_policy_set(&a, text, strlen(text), "t.dw", &ps, err, sizeof err) != 0)
    ck_abort_msg("policy does not parse: %s", err);
  ck_assert_uint_ge(ps.n, 1);
  r = audit_rule_reading(&ps.rules[0], NULL);
  snprintf(out, sizeof out, "%s", r);
  free(r);
  arena_free(&a);
  return out;
}

#define P(act) "(principal, action == Box::Action::\"" act "\", resource)"

START_TEST(fs_permit_without_path)
{
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read") ";", NULL), "fs-permit-no-path@a");
  /* a test on the operation only narrows nothing */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read")
                              " when { context.input.operation == Box::FsReadOperation::\"enumerate\" };", NULL),
                   "fs-permit-no-path@a");
  /* one branch of an `||` without a path test is enough */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:write")
                              " when { context.input.path like \"~/x/*\" || "
                              "context.input.operation == Box::FsWriteOperation::\"create_dir\" };", NULL),
                   "fs-permit-no-path@a");
  /* a negated path test still leaves ~/.ssh */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:delete") " unless { context.input.path == \"~/keep\" };",
                              NULL), "fs-permit-no-path@a");
  /* "*" matches everything */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read") " when { context.input.path like \"*\" };", NULL),
                   "fs-permit-no-path@a");
  /* a bare-action permit is also a host-less net permit */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit (principal, action, resource);", NULL),
                   "fs-permit-no-path@a;net-permit-no-host@a;no-metadata-forbid@-");
  /* with a path test: nothing */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read")
                              " when { [\"~/a\", \"~/b\"].contains(context.input.path) };", NULL), "");
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" || context.input.path like \"~/a/*\" };",
                              NULL), "");
  /* an `||` branch that cannot hold for this action does not count */
  ck_assert_str_eq(lint_codes("@id(\"a\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" || action == Box::Action::\"fs:write\" };",
                              NULL), "");
}
END_TEST

START_TEST(fs_permit_reaching_credentials)
{
  const char *home_read = "@id(\"h\") permit " P("fs:read") " when { context.input.path like \"~/*\" };";
  char text[2048];

  ck_assert_str_eq(lint_codes(home_read, NULL), "fs-permit-credentials@h");
  snprintf(text, sizeof text, "%s@id(\"f\") forbid " P("fs:read")
           " when { context.input.path like \"~/.ssh/*\" || context.input.path like \"~/.aws/*\" };", home_read);
  ck_assert_str_eq(lint_codes(text, NULL), "");
  /* a forbid on one operation leaves the others */
  snprintf(text, sizeof text, "%s@id(\"f\") forbid " P("fs:read")
           " when { (context.input.path like \"~/.ssh/*\" || context.input.path like \"~/.aws/*\") && "
           "context.input.operation == Box::FsReadOperation::\"read_content\" };", home_read);
  ck_assert_str_eq(lint_codes(text, NULL), "fs-permit-credentials@h");
  /* writes too */
  ck_assert_str_eq(lint_codes("@id(\"w\") permit " P("fs:write")
                              " when { context.input.path like \"~/.ssh/*\" };", NULL),
                   "fs-permit-credentials@w");
}
END_TEST

START_TEST(net_permit_without_host)
{
  ck_assert_str_eq(lint_codes("@id(\"h\") permit " P("http:request") " when { context.input.method == \"GET\" };"
                              "@id(\"m\") forbid " P("net:connect")
                              " when { context.input.host == \"metadata.google.internal\" || "
                              "context.input.host like \"169.254.*\" || (context.input has ip && "
                              "(context.input.ip like \"169.254.*\" || context.input.ip like \"fe8*\" || "
                              "context.input.ip == \"fd00:ec2::254\")) };",
                              NULL),
                   "net-permit-no-host@h");
  ck_assert_str_eq(lint_codes("@id(\"c\") permit " P("net:connect") " when { context.input.host == \"a.example\" };",
                              NULL), "no-metadata-forbid@-");
}
END_TEST

START_TEST(forbid_that_can_error)
{
  ck_assert_str_eq(lint_codes("@id(\"f\") forbid " P("fs:read") " when { principal.admin == false };", NULL),
                   "forbid-can-error@f");
  ck_assert_str_eq(lint_codes("@id(\"f\") forbid " P("net:connect")
                              " when { context.input.port * 100000000000 > 5 };", NULL), "forbid-can-error@f");
  ck_assert_str_eq(lint_codes("@id(\"f\") forbid " P("net:connect")
                              " when { context.input has ip && ip(context.input.ip).isLoopback() };", NULL),
                   "forbid-can-error@f");
  /* literal arithmetic that fits, a valid ip literal: no error possible */
  ck_assert_str_eq(lint_codes("@id(\"f\") forbid " P("net:connect")
                              " when { context.input.port == 2 * 40 && ip(\"10.0.0.1\").isLoopback() == false };",
                              NULL), "");
  /* the risky part is unreachable for this action */
  ck_assert_str_eq(lint_codes("@id(\"f\") forbid (principal, action in [Box::Action::\"fs:read\"], resource)"
                              " when { action == Box::Action::\"fs:write\" && principal.admin };", NULL),
                   "rule-never-applies@f");
  /* a permit that can error fails closed: no finding */
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" && principal.ok };", NULL), "");
}
END_TEST

START_TEST(rules_that_never_apply)
{
  ck_assert_str_eq(lint_codes("@id(\"n\") permit " P("fs:read") " when { false };", NULL), "rule-never-applies@n");
  ck_assert_str_eq(lint_codes("@id(\"n\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" && context.input.path == \"~/b\" };", NULL),
                   "rule-never-applies@n");
  ck_assert_str_eq(lint_codes("@id(\"n\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" && context.input.path like \"~/b/*\" };",
                              NULL), "rule-never-applies@n");
  ck_assert_str_eq(lint_codes("@id(\"n\") forbid " P("fs:read") " when { context.input has host };", NULL),
                   "rule-never-applies@n");
  ck_assert_str_eq(lint_codes("@id(\"n\") forbid " P("fs:read") " unless { true };", NULL),
                   "rule-never-applies@n");
  ck_assert_str_eq(lint_codes("@id(\"n\") permit " P("fs:read")
                              " when { context.input.path == \"~/a\" && action == Box::Action::\"fs:write\" };",
                              NULL), "rule-never-applies@n");
  /* satisfiable conjunctions stay quiet */
  ck_assert_str_eq(lint_codes("@id(\"n\") permit " P("fs:read")
                              " when { context.input.path == \"~/b/x\" && context.input.path like \"~/b/*\" };",
                              NULL), "");
}
END_TEST

START_TEST(shadowed_permits)
{
  const char *forbid_ssh = "@id(\"f\") forbid (principal, action in [Box::Action::\"fs:read\", "
                           "Box::Action::\"fs:write\"], resource) when { context.input.path like \"~/.ssh/*\" };";
  char text[2048];

  snprintf(text, sizeof text, "@id(\"p\") permit " P("fs:read") " when { context.input.path == \"~/.ssh/id\" };%s",
           forbid_ssh);
  ck_assert_str_eq(lint_codes(text, NULL), "permit-shadowed@p");
  snprintf(text, sizeof text, "@id(\"p\") permit " P("fs:read")
           " when { context.input.path like \"~/.ssh/keys/*\" || context.input.path == \"~/.ssh/x\" };%s",
           forbid_ssh);
  ck_assert_str_eq(lint_codes(text, NULL), "permit-shadowed@p");
  /* an unconditioned forbid on the action shadows every permit of it */
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read") " when { context.input.path == \"~/a\" };"
                              "@id(\"f\") forbid " P("fs:read") ";", NULL), "permit-shadowed@p");
  /* partly covered: not shadowed (but ~/.aws stays open) */
  snprintf(text, sizeof text, "@id(\"p\") permit " P("fs:read")
           " when { context.input.path like \"~/*\" };%s", forbid_ssh);
  ck_assert_str_eq(lint_codes(text, NULL), "fs-permit-credentials@p");
  /* the forbid names another action */
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read") " when { context.input.path == \"~/a\" };"
                              "@id(\"f\") forbid " P("fs:write") ";", NULL), "");
}
END_TEST

START_TEST(patterns)
{
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read") " when { context.input.path like \"~/a/*\" };"
                              "@id(\"f\") forbid " P("fs:read") " when { context.input.path like \"*/.env\" };",
                              NULL), "like-leading-wildcard@f");
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read") " when { context.input.path like \"~/proj*\" };",
                              NULL), "like-sibling-prefix@p");
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read")
                              " when { context.input.path like \"~/proj*/src/*\" };", NULL),
                   "like-sibling-prefix@p");
  /* on a forbid, matching siblings too is only stricter */
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read") " when { context.input.path like \"~/a/*\" };"
                              "@id(\"f\") forbid " P("fs:read") " when { context.input.path like \"~/a/secret*\" };",
                              NULL), "");
  /* a star after a slash, or inside a file name, is fine */
  ck_assert_str_eq(lint_codes("@id(\"p\") permit " P("fs:read")
                              " when { context.input.path like \"~/proj/*.txt\" || "
                              "context.input.path like \"~/proj/notes*.md\" };", NULL), "");
}
END_TEST

START_TEST(workspace_writes)
{
  const char *ws = "~/src/project";
  ck_assert_str_eq(lint_codes("@id(\"w\") permit " P("fs:write") " when { context.input.path like \"~/src/*\" };",
                              ws), "write-over-workspace@w");
  ck_assert_str_eq(lint_codes("@id(\"d\") permit " P("fs:delete")
                              " when { context.input.path like \"~/src/project/*\" && "
                              "context.input.operation == Box::FsDeleteOperation::\"remove_file\" };", ws),
                   "write-over-workspace@d");
  ck_assert_str_eq(lint_codes("@id(\"w\") permit " P("fs:write")
                              " when { context.input.path like \"~/src/project/out/*\" };", ws), "");
  /* reads over the workspace are the product page's example */
  ck_assert_str_eq(lint_codes("@id(\"r\") permit " P("fs:read")
                              " when { context.input.path like \"~/src/project/*\" };", ws), "");
  /* without a workspace the lint is skipped */
  ck_assert_str_eq(lint_codes("@id(\"w\") permit " P("fs:write") " when { context.input.path like \"~/src/*\" };",
                              NULL), "");
}
END_TEST

START_TEST(metadata_forbids)
{
  const char *permit = "@id(\"c\") permit " P("net:connect") " when { context.input.host == \"a.example\" };";
  char text[2048];

  /* a host-only forbid leaves the link-local addresses */
  snprintf(text, sizeof text, "%s@id(\"m\") forbid " P("net:connect")
           " when { [\"169.254.169.254\", \"metadata.google.internal\"].contains(context.input.host) };", permit);
  ck_assert_str_eq(lint_codes(text, NULL), "no-metadata-forbid@-");
  /* an ip forbid covers every probe (the hosts resolve to link-local) */
  snprintf(text, sizeof text, "%s@id(\"m\") forbid " P("net:connect")
           " when { context.input has ip && (context.input.ip like \"169.254.*\" || "
           "context.input.ip like \"fe80:*\" || context.input.ip == \"fd00:ec2::254\") };", permit);
  ck_assert_str_eq(lint_codes(text, NULL), "");
  /* without the AWS IPv6 address, that one is named */
  snprintf(text, sizeof text, "%s@id(\"m\") forbid " P("net:connect")
           " when { context.input has ip && (context.input.ip like \"169.254.*\" || "
           "context.input.ip like \"fe80:*\") };", permit);
  ck_assert_str_eq(lint_codes(text, NULL), "no-metadata-forbid@-");
  /* the rule the finding recommends (the Strands Box digest's forbids) clears it */
  const char *rationale = lint_rationale("no-metadata-forbid");
  const char *rule = strstr(rationale, "@id(\"no_metadata\")");
  ck_assert_ptr_nonnull(rule);
  snprintf(text, sizeof text, "%s%s", permit, rule);
  ck_assert_str_eq(lint_codes(text, NULL), "");
  /* no network permit: nothing to protect */
  ck_assert_str_eq(lint_codes("@id(\"r\") permit " P("fs:read") " when { context.input.path == \"~/a\" };", NULL),
                   "");
}
END_TEST

START_TEST(readings)
{
  ck_assert_str_eq(reading("permit " P("fs:read") " when { context.input.path == \"~/src/project\" || "
                           "context.input.path like \"~/src/project/*\" };"),
                   "allows fs:read when path is ~/src/project or path matches ~/src/project/*");
  ck_assert_str_eq(reading("forbid (principal, action in [Box::Action::\"fs:read\", Box::Action::\"fs:write\"], "
                           "resource) when { context.input.path like \"~/.ssh/*\" };"),
                   "forbids fs:read and fs:write when path matches ~/.ssh/*");
  ck_assert_str_eq(reading("permit " P("fs:write") " when { context.input.path like \"~/o/*\" && "
                           "context.input.operation == Box::FsWriteOperation::\"write_content\" };"),
                   "allows fs:write when path matches ~/o/* and operation is write_content");
  ck_assert_str_eq(reading("permit " P("shell:exec") " when { [\"python\", \"python3\"].contains("
                           "context.input.program) };"),
                   "allows shell:exec when program is one of python or python3");
  ck_assert_str_eq(reading("permit (principal, action, resource);"), "allows every action, always");
  ck_assert_str_eq(reading("permit " P("net:connect") " when { context.input.host == \"a b\" && "
                           "(context.input.port == 443 || context.input.port > 8000) } unless "
                           "{ context.input has ip && !(context.input.ip like \"10.*\") };"),
                   "allows net:connect when host is \"a b\" and (port is 443 or port > 8000), and unless "
                   "ip is present and ip does not match 10.*");
  ck_assert_str_eq(reading("forbid " P("fs:read") " unless { context.input.path != \"~/a\" };"),
                   "forbids fs:read unless path is not ~/a");
}
END_TEST

int main(void)
{
  Suite *s = suite_create("lint");
  TCase *tc = tcase_create("lint");
  SRunner *sr;
  int failed;

  tcase_add_test(tc, fs_permit_without_path);
  tcase_add_test(tc, fs_permit_reaching_credentials);
  tcase_add_test(tc, net_permit_without_host);
  tcase_add_test(tc, forbid_that_can_error);
  tcase_add_test(tc, rules_that_never_apply);
  tcase_add_test(tc, shadowed_permits);
  tcase_add_test(tc, patterns);
  tcase_add_test(tc, workspace_writes);
  tcase_add_test(tc, metadata_forbids);
  tcase_add_test(tc, readings);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? 0 : 1;
}
