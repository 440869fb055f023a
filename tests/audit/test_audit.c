/* tests/audit/test_audit.c -- `box-broker --audit` end to end through
 * audit_run_opts(): the boxes in tests/audit/boxes/ (one per finding, a
 * clean one, and two that do not load), copied under a temporary HOME that
 * holds ~/src/project.  Asserts the exact findings and exit statuses
 * (0/3/1), the JSON document's shape, the text report's sections, the live
 * check, the activity read from a log the real writer produced, that no
 * secret value is printed and that the audit changes nothing on disk. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "broker/audit/audit.h"
#include "broker/boxdir.h"
#include "broker/decision_log.h"

static char tmp[4096];
static char worker[4096];

static void copy_file(const char *from, const char *to)
{
  FILE *in = fopen(from, "rb"), *out;
  char buf[8192];
  size_t n;

  if (in == NULL)
    return; /* a box without policy.dw */
  out = fopen(to, "wb");
  ck_assert_ptr_nonnull(out);
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
  fclose(in);
  ck_assert_int_eq(fclose(out), 0);
}

static const char *const boxes[] = {
  "clean", "fs-permit-no-path", "fs-permit-credentials", "net-permit-no-host", "forbid-can-error", "rule-never-applies",
  "permit-shadowed", "like-leading-wildcard", "write-over-workspace", "no-metadata-forbid",
  "like-sibling-prefix", "no-policy", "empty-policy", "bad-policy", "bad-config",
};

static void setup(void)
{
  const char *src = getenv("top_srcdir"), *build = getenv("top_builddir");
  char path[8192], from[8192];

  snprintf(tmp, sizeof tmp, "%s/box-audit.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  ck_assert_ptr_nonnull(mkdtemp(tmp));
  snprintf(worker, sizeof worker, "%s/box-worker", build ? build : ".");
  snprintf(path, sizeof path, "%s/home", tmp);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  setenv("HOME", path, 1);
  snprintf(path, sizeof path, "%s/home/src", tmp);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  snprintf(path, sizeof path, "%s/home/src/project", tmp);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  snprintf(path, sizeof path, "%s/home/boxes", tmp);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++) {
    snprintf(path, sizeof path, "%s/home/boxes/%s", tmp, boxes[i]);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    for (int f = 0; f < 2; f++) {
      const char *name = f ? "policy.dw" : "box.toml";
      snprintf(from, sizeof from, "%s/tests/audit/boxes/%s/%s", src ? src : ".", boxes[i], name);
      snprintf(path, sizeof path, "%s/home/boxes/%s/%s", tmp, boxes[i], name);
      copy_file(from, path);
    }
  }
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static void teardown(void)
{
  nftw(tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- a snapshot of the tree, to show that the audit changes nothing ---- */

static char *snap;
static size_t snap_len, snap_cap;

static int snap_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  char line[8400];
  int n;
  (void)flag;
  (void)ftw;
  n = snprintf(line, sizeof line, "%s %o %lld %lld.%09ld\n", path, (unsigned)st->st_mode,
               (long long)st->st_size, (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec);
  if (snap_len + (size_t)n + 1 > snap_cap) {
    snap_cap = (snap_len + (size_t)n + 1) * 2;
    snap = realloc(snap, snap_cap);
    ck_assert_ptr_nonnull(snap);
  }
  memcpy(snap + snap_len, line, (size_t)n + 1);
  snap_len += (size_t)n;
  return 0;
}

static char *snapshot(void)
{
  snap = NULL;
  snap_len = snap_cap = 0;
  ck_assert_int_eq(nftw(tmp, snap_entry, 16, FTW_PHYS), 0);
  return snap;
}

/* ---- running the audit ---- */

struct run {
  int status;
  char *out;
  size_t len;
  char err[2048];
  json_object *doc;
};

static void audit(const char *box, int json, struct run *r)
{
  char config[8192];
  struct audit_options opts;
  FILE *out;
  char *before, *after;

  memset(r, 0, sizeof *r);
  snprintf(config, sizeof config, "%s/home/boxes/%s/box.toml", tmp, box);
  memset(&opts, 0, sizeof opts);
  opts.config_path = config;
  opts.json = json;
  opts.worker_path = worker;
  out = open_memstream(&r->out, &r->len);
  ck_assert_ptr_nonnull(out);
  before = snapshot();
  r->status = audit_run_opts(&opts, out, r->err, sizeof r->err);
  fclose(out);
  after = snapshot();
  ck_assert_msg(strcmp(before, after) == 0, "the audit of %s changed the tree:\n%.1500s\n---\n%.1500s", box, before,
                after);
  free(before);
  free(after);
  if (json && r->status != 1) {
    r->doc = json_tokener_parse(r->out);
    ck_assert_msg(r->doc != NULL, "not JSON:\n%.3000s", r->out);
  }
}

static void run_free(struct run *r)
{
  free(r->out);
  json_object_put(r->doc);
}

static json_object *get(json_object *o, const char *key)
{
  json_object *v = NULL;
  ck_assert_msg(json_object_object_get_ex(o, key, &v), "no key \"%s\" in %s", key,
                json_object_to_json_string(o));
  return v;
}

/* "severity:code@rule;..." of the findings (rule "-" when box-wide). */
static const char *finding_list(json_object *doc)
{
  static char buf[2048];
  json_object *list = get(doc, "findings");
  size_t o = 0;

  buf[0] = '\0';
  for (size_t i = 0; i < json_object_array_length(list); i++) {
    json_object *f = json_object_array_get_idx(list, i), *rule = get(f, "rule");
    o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s:%s@%s", i ? ";" : "",
                          json_object_get_string(get(f, "severity")), json_object_get_string(get(f, "code")),
                          rule ? json_object_get_string(rule) : "-");
  }
  return buf;
}

static void assert_keys(json_object *o, const char *const *keys, size_t n)
{
  ck_assert_uint_eq((size_t)json_object_object_length(o), n);
  for (size_t i = 0; i < n; i++)
    get(o, keys[i]);
}

/* ---- tests ---- */

static const struct {
  const char *box;
  int status;
  const char *findings;
} expected[] = {
  { "clean", 0, "" },
  { "fs-permit-no-path", 3, "high:fs-permit-no-path@@id(\"read_everything\")" },
  { "fs-permit-credentials", 3, "high:fs-permit-credentials@@id(\"home_read\")" },
  { "net-permit-no-host", 3, "high:net-permit-no-host@@id(\"any_https\");medium:no-metadata-forbid@-" },
  { "forbid-can-error", 3, "high:forbid-can-error@@id(\"untrusted_no_delete\")" },
  { "rule-never-applies", 0, "medium:rule-never-applies@@id(\"project_read\")" },
  { "permit-shadowed", 0, "low:permit-shadowed@@id(\"project_read\")" },
  { "like-leading-wildcard", 0, "medium:like-leading-wildcard@@id(\"no_env\")" },
  { "write-over-workspace", 0, "medium:write-over-workspace@@id(\"project_write\")" },
  { "no-metadata-forbid", 0, "medium:no-metadata-forbid@-" },
  { "like-sibling-prefix", 0, "low:like-sibling-prefix@@id(\"project_read\")" },
  { "no-policy", 0, "info:no-policy@-" },
  { "empty-policy", 0, "info:empty-policy@-" },
};

START_TEST(findings_and_status)
{
  struct run r;
  json_object *sum;

  audit(expected[_i].box, 1, &r);
  ck_assert_msg(r.status == expected[_i].status, "%s: status %d, expected %d", expected[_i].box, r.status,
                expected[_i].status);
  ck_assert_str_eq(finding_list(r.doc), expected[_i].findings);
  sum = get(r.doc, "summary");
  ck_assert_int_eq(json_object_get_int(get(sum, "exit_status")), expected[_i].status);
  ck_assert_int_eq(json_object_get_int(get(sum, "high")) > 0, expected[_i].status == 3);
  /* every finding carries its rationale */
  for (size_t i = 0; i < json_object_array_length(get(r.doc, "findings")); i++) {
    json_object *f = json_object_array_get_idx(get(r.doc, "findings"), i);
    ck_assert(strlen(json_object_get_string(get(f, "rationale"))) > 20);
    ck_assert_str_eq(json_object_get_string(get(f, "section")), "policy");
  }
  run_free(&r);
  /* the text report ends with the same verdict */
  audit(expected[_i].box, 0, &r);
  ck_assert_int_eq(r.status, expected[_i].status);
  ck_assert_ptr_nonnull(strstr(r.out, "\nFindings\n========\n"));
  {
    char tail[64];
    snprintf(tail, sizeof tail, "; exit status %d\n", expected[_i].status);
    ck_assert_msg(r.len > strlen(tail) && strcmp(r.out + r.len - strlen(tail), tail) == 0, "%.3000s", r.out);
  }
  run_free(&r);
}
END_TEST

START_TEST(load_errors)
{
  struct run r;

  audit("bad-config", 1, &r);
  ck_assert_int_eq(r.status, 1);
  ck_assert_uint_eq(r.len, 0);
  ck_assert_msg(strncmp(r.err, "box-broker: error: ", 19) == 0 && strstr(r.err, "colour: unknown key"), "%s",
                r.err);
  run_free(&r);
  audit("bad-policy", 0, &r);
  ck_assert_int_eq(r.status, 1);
  ck_assert_uint_eq(r.len, 0);
  /* the broker's own text for a policy that does not load */
  ck_assert_str_eq(r.err, "box-broker: error: policy references unknown action: for policy `policy_0`, "
                          "unrecognized action `Box::Action::\"fs:raed\"`; the actions are fs:read, fs:write, "
                          "fs:delete, fs:move, net:connect, http:request and shell:exec");
  run_free(&r);
}
END_TEST

START_TEST(json_shape)
{
  static const char *const top[] = { "audit_version", "configuration", "policy", "sandbox",
                                     "activity", "findings", "summary" };
  static const char *const config[] = { "box", "reachable_roots", "filesystem", "egress", "telemetry",
                                        "agent_env_names" };
  static const char *const rule[] = { "number", "id", "name", "effect", "actions", "all_actions", "line",
                                      "description", "reading" };
  static const char *const sandbox[] = { "profile", "instructions", "default_action", "foreign_arch_action",
                                         "allowlist", "compiled_syscalls", "pfc", "rlimits",
                                         "deadline_seconds", "live_check" };
  static const char *const activity[] = { "log", "present", "decisions", "unreadable_lines", "by_action",
                                          "by_verdict", "by_rule", "recent_denials" };
  static const char *const finding[] = { "severity", "code", "section", "rule", "message", "rationale" };
  struct run r;
  json_object *rules, *egress, *roots, *sb;

  audit("clean", 1, &r);
  assert_keys(r.doc, top, sizeof top / sizeof top[0]);
  ck_assert_int_eq(json_object_get_int(get(r.doc, "audit_version")), 1);
  assert_keys(get(r.doc, "configuration"), config, sizeof config / sizeof config[0]);
  rules = get(get(r.doc, "policy"), "rules");
  ck_assert_uint_eq(json_object_array_length(rules), 8);
  for (size_t i = 0; i < 8; i++)
    assert_keys(json_object_array_get_idx(rules, i), rule, sizeof rule / sizeof rule[0]);
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(rules, 0), "reading")),
                   "allows fs:read when path is ~/src/project or path matches ~/src/project/*");
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(rules, 2), "effect")), "forbid");
  roots = get(get(r.doc, "configuration"), "reachable_roots");
  ck_assert_uint_eq(json_object_array_length(roots), 2);
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(roots, 1), "spelling")),
                   "~/src/project");
  egress = get(get(r.doc, "configuration"), "egress");
  ck_assert_uint_eq(json_object_array_length(egress), 1);
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(egress, 0), "secret_ref")),
                   "env://GITHUB_TOKEN");
  sb = get(r.doc, "sandbox");
  assert_keys(sb, sandbox, sizeof sandbox / sizeof sandbox[0]);
  ck_assert_str_eq(json_object_get_string(get(sb, "default_action")), "KILL_PROCESS");
  ck_assert_uint_ge(json_object_array_length(get(sb, "allowlist")), 5);
  ck_assert_uint_ge(json_object_array_length(get(sb, "rlimits")), 4);
  assert_keys(get(r.doc, "activity"), activity, sizeof activity / sizeof activity[0]);
  run_free(&r);
  audit("net-permit-no-host", 1, &r);
  assert_keys(json_object_array_get_idx(get(r.doc, "findings"), 0), finding,
              sizeof finding / sizeof finding[0]);
  run_free(&r);
}
END_TEST

START_TEST(live_check)
{
  struct run r;
  json_object *live, *checks;
  int forbidden = 0, seccomp = 0, nnp = 0;

  audit("clean", 1, &r);
  live = get(get(r.doc, "sandbox"), "live_check");
  ck_assert(json_object_get_boolean(get(live, "ran")));
  checks = get(live, "checks");
  for (size_t i = 0; i < json_object_array_length(checks); i++) {
    json_object *c = json_object_array_get_idx(checks, i);
    const char *name = json_object_get_string(get(c, "check"));
    const char *status = json_object_get_string(get(c, "status"));
    /* an fd list is unreadable for non-root: reported, not failed */
    ck_assert_msg(strcmp(status, "pass") == 0 ||
                  (strcmp(name, "fds") == 0 && strcmp(status, "not-verified") == 0 && geteuid() != 0),
                  "%s: %s (%s)", name, status, json_object_get_string(get(c, "detail")));
    forbidden += strcmp(name, "forbidden call kills") == 0;
    seccomp += strcmp(name, "Seccomp") == 0;
    nnp += strcmp(name, "NoNewPrivs") == 0;
  }
  ck_assert_int_eq(forbidden, 1);
  ck_assert_int_eq(seccomp, 1);
  ck_assert_int_eq(nnp, 1);
  run_free(&r);
}
END_TEST

START_TEST(live_check_without_worker)
{
  char config[8192], *out = NULL, err[512];
  size_t len = 0;
  struct audit_options opts;
  FILE *f;
  int status;

  /* a worker that cannot start is a high finding */
  snprintf(config, sizeof config, "%s/home/boxes/clean/box.toml", tmp);
  memset(&opts, 0, sizeof opts);
  opts.config_path = config;
  opts.json = 1;
  opts.worker_path = "/nonexistent/box-worker";
  f = open_memstream(&out, &len);
  status = audit_run_opts(&opts, f, err, sizeof err);
  fclose(f);
  ck_assert_int_eq(status, 3);
  ck_assert_ptr_nonnull(strstr(out, "\"sandbox-live-check\""));
  free(out);
}
END_TEST

START_TEST(text_report)
{
  static const char *const parts[] = {
    "box-broker audit of box \"audit-clean\"\n",
    "\nConfiguration\n=============\n",
    "[agent.filesystem] grants (direct reach, no policy decision)\n    (none)\n",
    "      secret        env://GITHUB_TOKEN\n",
    "\nPolicy (8 rules)\n================\n",
    "   1. permit @id(\"project_read\")  (line 4)\n"
    "      allows fs:read when path is ~/src/project or path matches ~/src/project/*\n",
    "      description: Keys stay private.\n",
    "\nFindings\n========\n  No findings.\n",
    "\nSandbox\n=======\n",
    "  default action  KILL_PROCESS\n",
    "\nActivity\n========\n",
    "  No decision log yet: this box has decided nothing.\n",
    "\nSummary: 0 high, 0 medium, 0 low, 0 info; exit status 0\n",
  };
  struct run r;

  setenv("GITHUB_TOKEN", "ghp_the_secret_value", 1);
  audit("clean", 0, &r);
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    ck_assert_msg(strstr(r.out, parts[i]) != NULL, "missing:\n%s\nin:\n%.2500s", parts[i], r.out);
  ck_assert_ptr_null(strstr(r.out, "ghp_the_secret_value"));
  run_free(&r);
  audit("clean", 1, &r);
  ck_assert_ptr_null(strstr(r.out, "ghp_the_secret_value"));
  run_free(&r);
}
END_TEST

START_TEST(activity)
{
  char box_dir[8192], err[512], path[16384];
  struct decision_log *log;
  struct run r;
  json_object *act, *recent;
  static const char *const ids[] = { "project_read" };

  snprintf(box_dir, sizeof box_dir, "%s/home/boxes/clean/state", tmp);
  ck_assert_int_eq(boxdir_prepare(box_dir, err, sizeof err), 0);
  log = decision_log_open_targets(box_dir, "box-0123456789abcdef", "run-1", NULL, 0, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  for (int i = 0; i < 3; i++) {
    struct decision_record rec = { .action = "fs:read", .resource = "~/src/project/a", .verdict = "permit",
                                   .cause = "permitted", .rule = "project_read", .determining_ids = ids,
                                   .n_determining = 1, .file_path = "~/src/project/a" };
    ck_assert_int_eq(decision_log_append(log, &rec, err, sizeof err), 0);
  }
  for (int i = 0; i < 12; i++) {
    char res[64], reason[256];
    snprintf(res, sizeof res, "~/.ssh/key%d", i);
    snprintf(reason, sizeof reason, "policy denied this operation on '%s' [policy: no_keys]: Keys stay private.",
             res);
    struct decision_record rec = { .action = i % 2 ? "fs:write" : "fs:read", .resource = res, .verdict = "deny",
                                   .cause = "forbidden", .rule = "no_keys", .reason = reason, .file_path = res };
    ck_assert_int_eq(decision_log_append(log, &rec, err, sizeof err), 0);
  }
  decision_log_close(log);
  /* a line that is not JSON is counted, not fatal */
  snprintf(path, sizeof path, "%s/private/telemetry/records.jsonl", box_dir);
  {
    FILE *f = fopen(path, "a");
    ck_assert_ptr_nonnull(f);
    fputs("not json\n", f);
    fclose(f);
  }
  audit("clean", 1, &r);
  act = get(r.doc, "activity");
  ck_assert(json_object_get_boolean(get(act, "present")));
  ck_assert_int_eq(json_object_get_int(get(act, "decisions")), 15);
  ck_assert_int_eq(json_object_get_int(get(act, "unreadable_lines")), 1);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_verdict"), "deny")), 12);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_verdict"), "permit")), 3);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_action"), "fs:read")), 9);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_action"), "fs:write")), 6);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_rule"), "no_keys")), 12);
  ck_assert_int_eq(json_object_get_int(get(get(act, "by_rule"), "project_read")), 3);
  recent = get(act, "recent_denials");
  ck_assert_uint_eq(json_object_array_length(recent), 10);
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(recent, 0), "resource")),
                   "~/.ssh/key11");
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(recent, 9), "resource")),
                   "~/.ssh/key2");
  ck_assert_str_eq(json_object_get_string(get(json_object_array_get_idx(recent, 0), "rule")), "no_keys");
  ck_assert_ptr_nonnull(strstr(json_object_get_string(get(json_object_array_get_idx(recent, 0), "reason")),
                               "[policy: no_keys]"));
  ck_assert_int_eq(strlen(json_object_get_string(get(json_object_array_get_idx(recent, 0), "time"))), 20);
  run_free(&r);
  audit("clean", 0, &r);
  ck_assert_ptr_nonnull(strstr(r.out, "  decisions   15 (1 unreadable lines)\n"));
  ck_assert_ptr_nonnull(strstr(r.out, "fs:write     ~/.ssh/key11  [no_keys]\n"));
  run_free(&r);
}
END_TEST

START_TEST(box_dir_not_created)
{
  struct run r;
  char path[8192];
  struct stat st;

  for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++) {
    audit(boxes[i], (int)(i % 2), &r);
    run_free(&r);
    snprintf(path, sizeof path, "%s/home/boxes/%s/state", tmp, boxes[i]);
    ck_assert_msg(lstat(path, &st) != 0 && errno == ENOENT, "%s: box_dir was created", boxes[i]);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("audit");
  TCase *tc = tcase_create("audit");
  SRunner *sr;
  int failed;

  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, findings_and_status, 0, (int)(sizeof expected / sizeof expected[0]));
  tcase_add_test(tc, load_errors);
  tcase_add_test(tc, json_shape);
  tcase_add_test(tc, live_check);
  tcase_add_test(tc, live_check_without_worker);
  tcase_add_test(tc, text_report);
  tcase_add_test(tc, activity);
  tcase_add_test(tc, box_dir_not_created);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? 0 : 1;
}
