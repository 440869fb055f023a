/* tests/config/test_decision_log.c -- Check tests for broker/boxdir and
 * broker/decision_log: box_dir creation and refusals, the record format
 * (the digest's jq query fields), [telemetry.*] targets and include
 * filtering, failing closed, and 16 concurrent writers x 200 records. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "broker/boxdir.h"
#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/telemetry/spool.h"
#include "common/fdio.h"

static char tmp[PATH_MAX];
static char box[PATH_MAX + 16];

static void setup(void) {
  char t[] = "/tmp/h3-log-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(t));
  ck_assert_ptr_nonnull(realpath(t, tmp));
  snprintf(box, sizeof box, "%s/box", tmp);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  chmod(path, 0700);
  return remove(path);
}

static void teardown(void) { nftw(tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

static mode_t mode_of(const char *path) {
  struct stat st;
  ck_assert_int_eq(lstat(path, &st), 0);
  return st.st_mode;
}

static const char *sub(const char *rel) {
  static char p[PATH_MAX + 64];
  snprintf(p, sizeof p, "%s/%s", box, rel);
  return p;
}

/* ---- box_dir ---------------------------------------------------------------- */

START_TEST(test_boxdir_created_0700) {
  char err[512];
  umask(022);
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  ck_assert_uint_eq(mode_of(box) & 07777, 0700);
  ck_assert(S_ISDIR(mode_of(sub("private"))));
  ck_assert_uint_eq(mode_of(sub("private")) & 07777, 0700);
  ck_assert_uint_eq(mode_of(sub("private/telemetry")) & 07777, 0700);
  /* Idempotent. */
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  int fd = boxdir_lock_open(box, err, sizeof err);
  ck_assert_int_ge(fd, 0);
  ck_assert_uint_eq(mode_of(sub("private/.lock")) & 07777, 0600);
  ck_assert_int_eq(boxdir_lock_acquire(fd), 0);
  /* Another open file description cannot take it while held... */
  int fd2 = boxdir_lock_open(box, err, sizeof err);
  ck_assert_int_eq(flock(fd2, LOCK_EX | LOCK_NB), -1);
  boxdir_lock_release(fd);
  /* ...and can once released: the lock is short-held. */
  ck_assert_int_eq(flock(fd2, LOCK_EX | LOCK_NB), 0);
  close(fd2);
  close(fd);
}
END_TEST

START_TEST(test_boxdir_parent_missing) {
  char err[512], p[PATH_MAX + 32];
  snprintf(p, sizeof p, "%s/nope/box", tmp);
  ck_assert_int_eq(boxdir_prepare(p, err, sizeof err), -1);
  char want[3 * PATH_MAX];
  snprintf(want, sizeof want,
           "box-broker: error: %s: the box directory's parent does not exist; create it, because Box "
           "creates no directory above the one `box_dir` names",
           p);
  ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_boxdir_wrong_mode) {
  char err[512], want[3 * PATH_MAX];
  ck_assert_int_eq(mkdir(box, 0755), 0);
  ck_assert_int_eq(chmod(box, 0755), 0);
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), -1);
  snprintf(want, sizeof want, "box-broker: error: %s: has mode 0755; Box needs 0700 (run: chmod 700 '%s')", box, box);
  ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_boxdir_symlink) {
  char err[512], want[3 * PATH_MAX], real[PATH_MAX + 16];
  snprintf(real, sizeof real, "%s/real", tmp);
  ck_assert_int_eq(mkdir(real, 0700), 0);
  ck_assert_int_eq(symlink(real, box), 0);
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), -1);
  snprintf(want, sizeof want,
           "box-broker: error: %s: is a symlink or not a directory; Box uses only a real directory it owns", box);
  ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_boxdir_private_symlink) {
  char err[512], want[3 * PATH_MAX];
  ck_assert_int_eq(mkdir(box, 0700), 0);
  ck_assert_int_eq(symlink("/tmp", sub("private")), 0);
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), -1);
  snprintf(want, sizeof want,
           "box-broker: error: %s/private: is a symlink or not a directory; Box uses only a real directory it owns",
           box);
  ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_boxdir_not_dir) {
  char err[512], want[3 * PATH_MAX];
  FILE *f = fopen(box, "w");
  fclose(f);
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), -1);
  snprintf(want, sizeof want,
           "box-broker: error: %s: is a symlink or not a directory; Box uses only a real directory it owns", box);
  ck_assert_str_eq(err, want);
}
END_TEST

/* ---- records ------------------------------------------------------------------ */

static const char *attr(json_object *attrs, const char *key) {
  for (size_t i = 0; i < json_object_array_length(attrs); i++) {
    json_object *a = json_object_array_get_idx(attrs, i), *k, *v, *s;
    json_object_object_get_ex(a, "key", &k);
    if (strcmp(json_object_get_string(k), key) != 0)
      continue;
    json_object_object_get_ex(a, "value", &v);
    if (json_object_object_get_ex(v, "stringValue", &s) || json_object_object_get_ex(v, "intValue", &s))
      return json_object_get_string(s);
    return "(non-string)";
  }
  return NULL;
}

/* The path the digest's jq query walks: .resourceLogs[].scopeLogs[] with
 * scope.name "strands-box.policy" -> .logRecords[]. */
static json_object *log_record(json_object *line, json_object **resource_attrs) {
  json_object *rls, *rl, *sls, *sl, *scope, *name, *lrs, *res;
  ck_assert(json_object_object_get_ex(line, "resourceLogs", &rls));
  ck_assert_uint_eq(json_object_array_length(rls), 1);
  rl = json_object_array_get_idx(rls, 0);
  ck_assert(json_object_object_get_ex(rl, "resource", &res));
  ck_assert(json_object_object_get_ex(res, "attributes", resource_attrs));
  ck_assert(json_object_object_get_ex(rl, "scopeLogs", &sls));
  sl = json_object_array_get_idx(sls, 0);
  ck_assert(json_object_object_get_ex(sl, "scope", &scope));
  ck_assert(json_object_object_get_ex(scope, "name", &name));
  ck_assert_str_eq(json_object_get_string(name), "strands-box.policy");
  ck_assert(json_object_object_get_ex(sl, "logRecords", &lrs));
  ck_assert_uint_eq(json_object_array_length(lrs), 1);
  return json_object_array_get_idx(lrs, 0);
}

/* The same walk for a span line: .resourceSpans[].scopeSpans[] with
 * scope.name "strands-box.policy" -> .spans[]. */
static json_object *span_record(json_object *line, json_object **resource_attrs) {
  json_object *rss, *rs, *sss, *ss, *scope, *name, *spans, *res;
  ck_assert(json_object_object_get_ex(line, "resourceSpans", &rss));
  ck_assert_uint_eq(json_object_array_length(rss), 1);
  rs = json_object_array_get_idx(rss, 0);
  ck_assert(json_object_object_get_ex(rs, "resource", &res));
  ck_assert(json_object_object_get_ex(res, "attributes", resource_attrs));
  ck_assert(json_object_object_get_ex(rs, "scopeSpans", &sss));
  ck_assert_uint_eq(json_object_array_length(sss), 1);
  ss = json_object_array_get_idx(sss, 0);
  ck_assert(json_object_object_get_ex(ss, "scope", &scope));
  ck_assert(json_object_object_get_ex(scope, "name", &name));
  ck_assert_str_eq(json_object_get_string(name), "strands-box.policy");
  ck_assert(json_object_object_get_ex(ss, "spans", &spans));
  ck_assert_uint_eq(json_object_array_length(spans), 1);
  return json_object_array_get_idx(spans, 0);
}

static const char *field(json_object *o, const char *key) {
  json_object *v;
  ck_assert_msg(json_object_object_get_ex(o, key, &v), "no \"%s\"", key);
  return json_object_get_string(v);
}

/* Checks that span line `span_text` is the INTERNAL span of the log record
 * line `log_text`: same trace and span ids, same time, same attributes and
 * resource. */
static void check_pair(const char *log_text, const char *span_text) {
  json_object *lo = json_tokener_parse(log_text), *so = json_tokener_parse(span_text);
  ck_assert_msg(lo != NULL, "log line does not parse: %s", log_text);
  ck_assert_msg(so != NULL, "span line does not parse: %s", span_text);
  json_object *lres, *sres, *la, *sa, *v;
  json_object *lr = log_record(lo, &lres), *sp = span_record(so, &sres);
  ck_assert_uint_eq(strlen(field(sp, "traceId")), 32);
  ck_assert_uint_eq(strlen(field(sp, "spanId")), 16);
  ck_assert_str_eq(field(sp, "traceId"), field(lr, "traceId"));
  ck_assert_str_eq(field(sp, "spanId"), field(lr, "spanId"));
  ck_assert(json_object_object_get_ex(sp, "kind", &v));
  ck_assert(json_object_is_type(v, json_type_int));
  ck_assert_int_eq(json_object_get_int(v), 1); /* SPAN_KIND_INTERNAL */
  ck_assert_str_eq(field(sp, "startTimeUnixNano"), field(lr, "timeUnixNano"));
  ck_assert_str_eq(field(sp, "endTimeUnixNano"), field(lr, "timeUnixNano"));
  json_object_object_get_ex(lr, "attributes", &la);
  json_object_object_get_ex(sp, "attributes", &sa);
  ck_assert_msg(json_object_equal(la, sa), "span attributes differ from the log record's");
  ck_assert(json_object_equal(lres, sres));
  char name[128];
  snprintf(name, sizeof name, "policy %s", attr(la, "strands.box.policy.action"));
  ck_assert_str_eq(field(sp, "name"), name);
  ck_assert(!json_object_object_get_ex(sp, "parentSpanId", NULL));
  json_object_put(lo);
  json_object_put(so);
}

/* Splits text into lines in place; returns how many (at most max). */
static int split_lines(char *text, char **lines, int max) {
  int n = 0;
  for (char *p = text, *nl; *p && n < max; p = nl + 1) {
    nl = strchr(p, '\n');
    ck_assert_msg(nl != NULL, "the log ends in a torn line");
    *nl = '\0';
    lines[n++] = p;
  }
  return n;
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "r");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  size_t cap = 1 << 20, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n < 2) {
      cap *= 2;
      buf = realloc(buf, cap);
    }
  }
  fclose(f);
  buf[n] = '\0';
  return buf;
}

static const struct decision_record DENY_ENV = {
    .action = "fs:read",
    .resource = "~/box-tutorial/my-project/.env",
    .verdict = "deny",
    .cause = "forbidden",
    .rule = "no_env",
    .reason = "policy denied this operation on '~/box-tutorial/my-project/.env' [policy: no_env]: The "
              ".env file holds credentials the agent must not read.",
    .description = "The .env file holds credentials the agent must not read.",
    .determining_ids = (const char *const[]){"no_env"},
    .n_determining = 1,
    .file_path = "~/box-tutorial/my-project/.env",
};

START_TEST(test_record_format) {
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log *log = decision_log_open_targets(box, "pybox", "0123456789abcdef0123456789abcdef", NULL, 0, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  ck_assert_str_eq(decision_log_run_id(log), "0123456789abcdef0123456789abcdef");
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  struct decision_record permit = {.action = "net:connect", .resource = "api.github.com:443", .verdict = "permit",
                                   .cause = "permitted", .rule = "gh", .server_address = "api.github.com",
                                   .server_port = 443};
  ck_assert_int_eq(decision_log_append(log, &permit, err, sizeof err), 0);
  decision_log_close(log);
  ck_assert_uint_eq(mode_of(sub("private/telemetry/records.jsonl")) & 07777, 0600);

  char *text = read_text(sub("private/telemetry/records.jsonl"));
  char *lines[8];
  ck_assert_int_eq(split_lines(text, lines, 8), 4); /* two decisions, two lines each */
  check_pair(lines[0], lines[1]);
  check_pair(lines[2], lines[3]);
  json_object *line = json_tokener_parse(lines[0]), *res_attrs, *v;
  ck_assert_ptr_nonnull(line);
  json_object *lr = log_record(line, &res_attrs);
  ck_assert_str_eq(attr(res_attrs, "service.name"), "strands-box");
  ck_assert_str_eq(attr(res_attrs, "strands.box.name"), "pybox");
  ck_assert_str_eq(attr(res_attrs, "strands.box.source"), "box");
  ck_assert_str_eq(attr(res_attrs, "strands.box.run.id"), "0123456789abcdef0123456789abcdef");
  ck_assert(json_object_object_get_ex(lr, "eventName", &v));
  ck_assert_str_eq(json_object_get_string(v), "strands.box.policy.decision");
  ck_assert(json_object_object_get_ex(lr, "severityText", &v));
  ck_assert_str_eq(json_object_get_string(v), "deny");
  ck_assert(json_object_object_get_ex(lr, "traceId", &v));
  ck_assert_uint_eq(strlen(json_object_get_string(v)), 32);
  ck_assert(json_object_object_get_ex(lr, "spanId", &v));
  ck_assert_uint_eq(strlen(json_object_get_string(v)), 16);
  ck_assert(json_object_object_get_ex(lr, "timeUnixNano", &v));
  ck_assert(strlen(json_object_get_string(v)) >= 19);
  json_object *a;
  ck_assert(json_object_object_get_ex(lr, "attributes", &a));
  ck_assert_str_eq(attr(a, "strands.box.policy.action"), "fs:read");
  ck_assert_str_eq(attr(a, "strands.box.policy.resource"), "~/box-tutorial/my-project/.env");
  ck_assert_str_eq(attr(a, "strands.box.policy.verdict"), "deny");
  ck_assert_str_eq(attr(a, "strands.box.policy.cause"), "forbidden");
  ck_assert_str_eq(attr(a, "strands.box.policy.rule"), "no_env");
  ck_assert_str_eq(attr(a, "strands.box.policy.reason"), DENY_ENV.reason);
  ck_assert_str_eq(attr(a, "strands.box.policy.description"), DENY_ENV.description);
  ck_assert_str_eq(attr(a, "strands.box.policy.category"), "fs");
  ck_assert_str_eq(attr(a, "strands.box.policy.principal"), "Box::Agent::\"self\"");
  ck_assert_str_eq(attr(a, "strands.box.policy.determining.ids"), "(non-string)");
  ck_assert_str_eq(attr(a, "file.path"), "~/box-tutorial/my-project/.env");
  ck_assert_ptr_null(attr(a, "server.address"));
  ck_assert_ptr_null(attr(a, "url.full"));
  json_object_put(line);

  line = json_tokener_parse(lines[2]);
  ck_assert_ptr_nonnull(line);
  lr = log_record(line, &res_attrs);
  ck_assert(json_object_object_get_ex(lr, "attributes", &a));
  ck_assert_str_eq(attr(a, "strands.box.policy.verdict"), "permit");
  ck_assert_str_eq(attr(a, "strands.box.policy.category"), "net");
  ck_assert_str_eq(attr(a, "server.address"), "api.github.com");
  ck_assert_str_eq(attr(a, "server.port"), "443");
  ck_assert_ptr_null(attr(a, "strands.box.policy.reason"));
  ck_assert_ptr_null(attr(a, "file.path"));
  json_object_put(line);
  free(text);
}
END_TEST

/* Each decision's span line: an INTERNAL span in scope strands-box.policy
 * carrying the log record's trace and span ids; every decision gets ids of
 * its own. */
START_TEST(test_span_line) {
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log *log = decision_log_open_targets(box, "pybox", "0123456789abcdef0123456789abcdef", NULL, 0, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  decision_log_close(log);
  char *text = read_text(sub("private/telemetry/records.jsonl"));
  char *lines[8];
  ck_assert_int_eq(split_lines(text, lines, 8), 4);
  check_pair(lines[0], lines[1]);
  check_pair(lines[2], lines[3]);

  json_object *o = json_tokener_parse(lines[1]), *res, *a;
  json_object *sp = span_record(o, &res);
  ck_assert_str_eq(field(sp, "name"), "policy fs:read");
  ck_assert_str_eq(attr(res, "service.name"), "strands-box");
  ck_assert_str_eq(attr(res, "strands.box.run.id"), "0123456789abcdef0123456789abcdef");
  ck_assert(json_object_object_get_ex(sp, "attributes", &a));
  ck_assert_str_eq(attr(a, "strands.box.policy.verdict"), "deny");
  ck_assert_str_eq(attr(a, "strands.box.policy.rule"), "no_env");
  ck_assert_ptr_null(attr(a, "strands.box.trace.parent_span_id")); /* log record only */
  char first_trace[40], first_span[20];
  snprintf(first_trace, sizeof first_trace, "%s", field(sp, "traceId"));
  snprintf(first_span, sizeof first_span, "%s", field(sp, "spanId"));
  ck_assert_uint_eq(strspn(first_trace, "0123456789abcdef"), 32);
  ck_assert_uint_eq(strspn(first_span, "0123456789abcdef"), 16);
  json_object_put(o);
  o = json_tokener_parse(lines[3]);
  sp = span_record(o, &res);
  ck_assert_str_ne(field(sp, "traceId"), first_trace);
  ck_assert_str_ne(field(sp, "spanId"), first_span);
  json_object_put(o);
  free(text);
}
END_TEST

START_TEST(test_long_attribute_truncated) {
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log *log = decision_log_open_targets(box, "b", NULL, NULL, 0, err, sizeof err);
  ck_assert_ptr_nonnull(log);
  char *big = malloc(10000);
  memset(big, 'x', 9999);
  big[9999] = '\0';
  struct decision_record r = {.action = "fs:read", .resource = big, .verdict = "permit", .cause = "permitted"};
  char *line = decision_log_format(log, &r);
  ck_assert_ptr_nonnull(line);
  char *span = strchr(line, '\n');
  ck_assert_ptr_nonnull(span);
  *span++ = '\0';
  ck_assert_ptr_null(strchr(span, '\n'));
  check_pair(line, span);
  json_object *o = json_tokener_parse(line), *res;
  json_object *lr = log_record(o, &res), *a;
  json_object_object_get_ex(lr, "attributes", &a);
  const char *s = attr(a, "strands.box.policy.resource");
  ck_assert_uint_eq(strlen(s), 4096);
  ck_assert_str_eq(s + 4096 - strlen("\xe2\x80\xa6 (truncated)"), "\xe2\x80\xa6 (truncated)");
  json_object_put(o);
  free(line);
  free(big);
  /* Records without an action or with an unknown verdict are refused. */
  struct decision_record bad = {.action = "fs:read", .verdict = "maybe"};
  ck_assert_int_eq(decision_log_append(log, &bad, err, sizeof err), -1);
  ck_assert_str_eq(err, "box-broker: error: decision record needs an action and a verdict of permit or deny");
  decision_log_close(log);
}
END_TEST

/* Decisions in a log file: pairs of a log record line and its span line. */
static int count_decisions(const char *path) {
  char *t = read_text(path);
  char *lines[64];
  int n = split_lines(t, lines, 64);
  ck_assert_int_eq(n % 2, 0);
  for (int i = 0; i < n; i += 2)
    check_pair(lines[i], lines[i + 1]);
  free(t);
  return n / 2;
}

static char *slurp(const char *path);

START_TEST(test_telemetry_targets_from_config) {
  char err[2048], path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/ws", tmp);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  snprintf(path, sizeof path, "%s/box.toml", tmp);
  FILE *f = fopen(path, "w");
  fprintf(f, "name = \"t\"\nbox_dir = \"box\"\n[agent]\nworkspace = \"ws\"\n"
             "[telemetry.denials]\nkind = \"file\"\ndestination = \"denials.jsonl\"\ninclude = [\"deny\", \"trace\"]\n"
             "[telemetry.logs]\nkind = \"file\"\ndestination = \"logs.jsonl\"\ninclude = [\"permit\", \"deny\"]\n"
             "[telemetry.all]\nkind = \"file\"\ndestination = \"box/private/all.jsonl\"\n"
             "[telemetry.remote]\nkind = \"otlp\"\ndestination = \"https://collector.example/v1/logs\"\n");
  fclose(f);
  struct box_config *cfg;
  ck_assert_msg(box_config_load(path, &cfg, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(boxdir_prepare(cfg->box_dir, err, sizeof err), 0);
  struct decision_log *log = decision_log_open(cfg, NULL, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  struct decision_record p = {.action = "fs:read", .resource = "~/a", .verdict = "permit", .cause = "permitted", .rule = "r"};
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  ck_assert_int_eq(decision_log_append(log, &p, err, sizeof err), 0);
  ck_assert_int_eq(decision_log_append(log, &p, err, sizeof err), 0);
  decision_log_close(log);
  snprintf(path, sizeof path, "%s/denials.jsonl", tmp);
  ck_assert_int_eq(count_decisions(path), 1);
  ck_assert_int_eq(count_decisions(sub("private/all.jsonl")), 3);
  /* include without trace: the log lines only. */
  snprintf(path, sizeof path, "%s/logs.jsonl", tmp);
  char *logs = slurp(path);
  ck_assert_ptr_nonnull(logs);
  ck_assert_ptr_null(strstr(logs, "resourceSpans"));
  int n_lines = 0;
  for (char *c = logs; *c; c++)
    n_lines += *c == '\n';
  ck_assert_int_eq(n_lines, 3);
  free(logs);
  /* A declared target replaces the default file. */
  ck_assert_int_eq(access(sub("private/telemetry/records.jsonl"), F_OK), -1);
  box_config_free(cfg);
}
END_TEST

START_TEST(test_unwritable_log_fails_closed) {
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log_target t = {"/dev/full", BOX_TELEMETRY_ALL, NULL};
  /* /dev/full is not a regular file: refused at open. */
  ck_assert_ptr_null(decision_log_open_targets(box, "b", NULL, &t, 1, err, sizeof err));
  ck_assert_str_eq(err, "box-broker: error: /dev/full: the decision log is not a regular file");
  /* A target directory that does not exist: refused at open. */
  char p[PATH_MAX + 32];
  snprintf(p, sizeof p, "%s/missing/log.jsonl", tmp);
  t.path = p;
  ck_assert_ptr_null(decision_log_open_targets(box, "b", NULL, &t, 1, err, sizeof err));
  char want[3 * PATH_MAX];
  snprintf(want, sizeof want, "box-broker: error: %s: cannot open the decision log (No such file or directory)", p);
  ck_assert_str_eq(err, want);
  /* Box dir without private/: no lock, no log. */
  snprintf(p, sizeof p, "%s/bare", tmp);
  ck_assert_int_eq(mkdir(p, 0700), 0);
  ck_assert_ptr_null(decision_log_open_targets(p, "b", NULL, NULL, 0, err, sizeof err));
  snprintf(want, sizeof want, "box-broker: error: %s/private/.lock: cannot open the state lock (No such file or directory)", p);
  ck_assert_str_eq(err, want);
}
END_TEST

/* The whole of a small file (malloc'd, NUL-terminated), or NULL. */
static char *slurp(const char *path) {
  int fd = open(path, O_RDONLY);
  char *text = NULL;
  size_t n = 0;
  if (fd < 0)
    return NULL;
  if (box_read_all(fd, 1 << 20, &text, &n) != 0)
    text = NULL;
  close(fd);
  return text;
}

/* An otlp target's spool: both lines with trace (each signal delivered on
 * its own offset), the log line only without; and a full spool (64 MiB the
 * collector has not taken) refuses the next record until a sender takes
 * them. */
START_TEST(test_spool_target) {
  char err[512], spool[PATH_MAX + 64];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  spool_path(spool, sizeof spool, box, "c", SPOOL_DATA);
  struct decision_log_target t = {spool, BOX_TELEMETRY_ALL, "c"};
  struct decision_log *log = decision_log_open_targets(box, "b", NULL, &t, 1, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  decision_log_close(log);
  char *text = slurp(spool);
  ck_assert_ptr_nonnull(text);
  ck_assert(strncmp(text, "{\"resourceLogs\":[", 17) == 0);
  char *second = strchr(text, '\n') + 1; /* with trace: the span line too */
  ck_assert(strncmp(second, "{\"resourceSpans\":[", 18) == 0);
  ck_assert_int_eq((int)(strchr(second, '\n') - text), (int)strlen(text) - 1);
  ck_assert_int_eq(spool_pending_records(box, "c"), 1);
  /* The logs delivered, not the spans: the record still waits. */
  ck_assert_int_eq(spool_store_signal_offset(box, "c", SPOOL_LOGS, (off_t)(second - text)), 0);
  ck_assert_int_eq(spool_signal_offset(box, "c", SPOOL_LOGS), (off_t)(second - text));
  ck_assert_int_eq(spool_signal_offset(box, "c", SPOOL_TRACES), 0);
  ck_assert_int_eq(spool_sent_offset(box, "c"), 0);
  ck_assert_int_eq(spool_pending_records(box, "c"), 1);
  ck_assert_int_eq(spool_store_signal_offset(box, "c", SPOOL_TRACES, (off_t)strlen(text)), 0);
  ck_assert_int_eq(spool_sent_offset(box, "c"), (off_t)(second - text));
  ck_assert_int_eq(spool_pending_records(box, "c"), 0);
  ck_assert_int_eq(spool_store_sent(box, "c", 0), 0);
  free(text);

  /* Without trace in include: the log line only. */
  ck_assert_int_eq(truncate(spool, 0), 0);
  t.include = BOX_TELEMETRY_DENY | BOX_TELEMETRY_PERMIT;
  log = decision_log_open_targets(box, "b", NULL, &t, 1, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  decision_log_close(log);
  text = slurp(spool);
  ck_assert_ptr_nonnull(text);
  ck_assert(strncmp(text, "{\"resourceLogs\":[", 17) == 0);
  ck_assert_ptr_null(strstr(text, "resourceSpans"));
  ck_assert_int_eq((int)(strchr(text, '\n') - text), (int)strlen(text) - 1); /* one line */
  free(text);
  t.include = BOX_TELEMETRY_ALL;

  /* Full: a sparse spool of 64 MiB, none of it delivered. */
  ck_assert_int_eq(truncate(spool, (off_t)SPOOL_MAX_PENDING), 0);
  log = decision_log_open_targets(box, "b", NULL, &t, 1, err, sizeof err);
  ck_assert_msg(log != NULL, "%s", err);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), -1);
  char want[3 * PATH_MAX];
  snprintf(want, sizeof want, "box-broker: error: [telemetry.c]: the spool %s holds 64 MiB of records the collector has not taken; effects are refused until they are delivered", spool);
  ck_assert_str_eq(err, want);
  /* A sender delivers half of it meanwhile: appends work again. */
  ck_assert_int_eq(spool_store_sent(box, "c", (off_t)(SPOOL_MAX_PENDING / 2)), 0);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  decision_log_close(log);
  struct spool_state st;
  spool_read_state(box, "c", &st);
  ck_assert(st.pending > (off_t)(SPOOL_MAX_PENDING / 2));
  ck_assert_int_eq(st.last_success, 0);
}
END_TEST

START_TEST(test_write_error_reported) {
  /* RLIMIT_FSIZE makes the append fail (SIGXFSZ ignored): append must say so. */
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log *log = decision_log_open_targets(box, "b", NULL, NULL, 0, err, sizeof err);
  ck_assert_ptr_nonnull(log);
  signal(SIGXFSZ, SIG_IGN);
  struct rlimit rl = {100, 100};
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), -1);
  char want[3 * PATH_MAX];
  snprintf(want, sizeof want, "box-broker: error: %s/private/telemetry/records.jsonl: cannot append to the decision log (File too large)", box);
  ck_assert_str_eq(err, want);
  decision_log_close(log);
}
END_TEST

/* The digest's one-line-per-decision jq query reads our file (run when jq
 * is installed; the json-c checks above cover the same paths without it). */
START_TEST(test_digest_jq_query) {
  char err[512], cmd[3 * PATH_MAX];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  struct decision_log *log = decision_log_open_targets(box, "b", NULL, NULL, 0, err, sizeof err);
  ck_assert_ptr_nonnull(log);
  struct decision_record p = {.action = "fs:write", .resource = "~/p/out/x", .verdict = "permit",
                              .cause = "permitted", .rule = "w"};
  ck_assert_int_eq(decision_log_append(log, &DENY_ENV, err, sizeof err), 0);
  ck_assert_int_eq(decision_log_append(log, &p, err, sizeof err), 0);
  decision_log_close(log);
  if (access("/usr/bin/jq", X_OK) != 0)
    return;
  snprintf(cmd, sizeof cmd,
           "/usr/bin/jq -r '.resourceLogs[]?.scopeLogs[] | select(.scope.name == \"strands-box.policy\")"
           " | .logRecords[] | [.attributes[] | select(.key | startswith(\"strands.box.policy.\"))"
           " | {(.key | ltrimstr(\"strands.box.policy.\")): .value.stringValue}] | add"
           " | \"\\(.verdict)\\t\\(.action)\\t\\(.resource)\\t\\(.rule)\"' %s",
           sub("private/telemetry/records.jsonl"));
  FILE *f = popen(cmd, "r");
  ck_assert_ptr_nonnull(f);
  char out[1024];
  size_t n = fread(out, 1, sizeof out - 1, f);
  out[n] = '\0';
  ck_assert_int_eq(pclose(f), 0);
  ck_assert_str_eq(out, "deny\tfs:read\t~/box-tutorial/my-project/.env\tno_env\n"
                        "permit\tfs:write\t~/p/out/x\tw\n");
}
END_TEST

#define WRITERS 16
#define RECORDS 200

START_TEST(test_concurrent_appends) {
  char err[512];
  ck_assert_int_eq(boxdir_prepare(box, err, sizeof err), 0);
  pid_t pids[WRITERS];
  for (int w = 0; w < WRITERS; w++) {
    pids[w] = fork();
    ck_assert_int_ge(pids[w], 0);
    if (pids[w] == 0) {
      /* Each child is its own broker: its own log, fds and lock fd. */
      char run[33], res[64];
      snprintf(run, sizeof run, "writer%02d", w);
      struct decision_log *log = decision_log_open_targets(box, "b", run, NULL, 0, err, sizeof err);
      if (log == NULL)
        _exit(2);
      for (int i = 0; i < RECORDS; i++) {
        snprintf(res, sizeof res, "~/w%02d/r%03d", w, i);
        struct decision_record r = DENY_ENV;
        r.resource = res;
        if (decision_log_append(log, &r, err, sizeof err) != 0)
          _exit(3);
      }
      decision_log_close(log);
      _exit(0);
    }
  }
  for (int w = 0; w < WRITERS; w++) {
    int status;
    ck_assert_int_eq(waitpid(pids[w], &status, 0), pids[w]);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  char *text = read_text(sub("private/telemetry/records.jsonl"));
  static unsigned char seen[WRITERS][RECORDS];
  int decisions = 0;
  for (char *line = text, *nl; *line; line = nl + 1) {
    nl = strchr(line, '\n');
    ck_assert_ptr_nonnull(nl);
    *nl = '\0';
    /* A log record line, then its own span line: never another broker's. */
    char *span = nl + 1;
    nl = strchr(span, '\n');
    ck_assert_msg(nl != NULL, "a log record without its span line");
    *nl = '\0';
    check_pair(line, span);
    json_object *o = json_tokener_parse(line), *res, *a;
    ck_assert_msg(o != NULL, "record %d does not parse", decisions + 1);
    json_object *lr = log_record(o, &res);
    json_object_object_get_ex(lr, "attributes", &a);
    int w, i;
    ck_assert_int_eq(sscanf(attr(a, "strands.box.policy.resource"), "~/w%d/r%d", &w, &i), 2);
    ck_assert(w >= 0 && w < WRITERS && i >= 0 && i < RECORDS);
    ck_assert_int_eq(seen[w][i]++, 0);
    json_object_put(o);
    decisions++;
  }
  ck_assert_int_eq(decisions, WRITERS * RECORDS);
  free(text);
}
END_TEST

int main(void) {
  Suite *s = suite_create("decision_log");
  TCase *tb = tcase_create("boxdir");
  tcase_add_checked_fixture(tb, setup, teardown);
  tcase_add_test(tb, test_boxdir_created_0700);
  tcase_add_test(tb, test_boxdir_parent_missing);
  tcase_add_test(tb, test_boxdir_wrong_mode);
  tcase_add_test(tb, test_boxdir_symlink);
  tcase_add_test(tb, test_boxdir_private_symlink);
  tcase_add_test(tb, test_boxdir_not_dir);
  suite_add_tcase(s, tb);
  TCase *tl = tcase_create("log");
  tcase_add_checked_fixture(tl, setup, teardown);
  tcase_set_timeout(tl, 120);
  tcase_add_test(tl, test_record_format);
  tcase_add_test(tl, test_span_line);
  tcase_add_test(tl, test_long_attribute_truncated);
  tcase_add_test(tl, test_telemetry_targets_from_config);
  tcase_add_test(tl, test_unwritable_log_fails_closed);
  tcase_add_test(tl, test_write_error_reported);
  tcase_add_test(tl, test_spool_target);
  tcase_add_test(tl, test_digest_jq_query);
  tcase_add_test(tl, test_concurrent_appends);
  suite_add_tcase(s, tl);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? 0 : 1;
}
