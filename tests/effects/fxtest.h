/* tests/effects/fxtest.h -- fixture for the effects tests: a fresh temporary
 * tree (operator home, workspace with box.toml and policy.dw in it, box
 * directory with its decision log, agent home, a directory outside every
 * root), a config pointing at it, and helpers that send one request. */
#ifndef BOX_TESTS_FXTEST_H
#define BOX_TESTS_FXTEST_H

#define _GNU_SOURCE
#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/effects/ops.h"
#include "broker/policy/policy.h"

struct fx {
  char root[64];
  char home[128], ws[160], boxdir[160], agent[128], outside[128], toml[200], policy_file[200];
  struct box_config cfg;
  struct policy *pol;
  struct decision_log *log;
  struct effects *e;
  json_object *resp;
  void *data;
  size_t len;
  char err[512];
};

static struct fx F;

static void put_file(const char *path, const char *content)
{
  FILE *f = fopen(path, "w");
  ck_assert_msg(f != NULL, "fopen %s", path);
  fputs(content, f);
  fclose(f);
}

__attribute__((unused)) static char *get_file(const char *path)
{
  FILE *f = fopen(path, "r");
  if (f == NULL)
    return NULL;
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

static void mk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void mk(const char *fmt, ...)
{
  char path[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(path, sizeof path, fmt, ap);
  va_end(ap);
  ck_assert_msg(mkdir(path, 0755) == 0, "mkdir %s", path);
}

static void fx_set_policy(const char *text)
{
  char err[512];
  effects_free(F.e);
  policy_free(F.pol);
  F.pol = text ? policy_load_text(text, strlen(text), "policy.dw", F.home, err, sizeof err) : NULL;
  ck_assert_msg(text == NULL || F.pol != NULL, "policy: %s", err);
  F.e = effects_new(&F.cfg, F.pol, F.log, err, sizeof err);
  ck_assert_msg(F.e != NULL, "effects_new: %s", err);
}

/* The same effects without the decision log (its fdatasync per record
 * makes the stress tests slow; they do not look at records). */
static void fx_without_log(void) __attribute__((unused));
static void fx_without_log(void)
{
  char err[512];
  effects_free(F.e);
  F.e = effects_new(&F.cfg, F.pol, NULL, err, sizeof err);
  ck_assert_msg(F.e != NULL, "effects_new: %s", err);
}

static void fx_setup_with(const char *policy)
{
  memset(&F, 0, sizeof F);
  strcpy(F.root, "/tmp/fxtest-XXXXXX");
  ck_assert(mkdtemp(F.root) != NULL);
  snprintf(F.home, sizeof F.home, "%s/home", F.root);
  snprintf(F.ws, sizeof F.ws, "%s/src/project", F.home);
  snprintf(F.boxdir, sizeof F.boxdir, "%s/boxes/state", F.home);
  snprintf(F.agent, sizeof F.agent, "%s/agent-home", F.root);
  snprintf(F.outside, sizeof F.outside, "%s/outside", F.root);
  snprintf(F.toml, sizeof F.toml, "%s/box.toml", F.ws);
  snprintf(F.policy_file, sizeof F.policy_file, "%s/policy.dw", F.ws);
  mk("%s", F.home);
  mk("%s/src", F.home);
  mk("%s", F.ws);
  mk("%s/out", F.ws);
  mk("%s/boxes", F.home);
  mk("%s", F.boxdir);
  mk("%s/private", F.boxdir);
  mk("%s/private/telemetry", F.boxdir);
  mk("%s", F.agent);
  mk("%s", F.outside);
  char p[512];
  snprintf(p, sizeof p, "%s/notes.txt", F.ws);
  put_file(p, "some project notes");
  put_file(F.toml, "name = \"t\"\n");
  put_file(F.policy_file, "// policy\n");
  snprintf(p, sizeof p, "%s/secret.txt", F.outside);
  put_file(p, "outside secret");
  snprintf(p, sizeof p, "%s/private/x", F.boxdir);
  put_file(p, "box state");
  F.cfg.path = F.toml;
  F.cfg.dir = F.ws;
  F.cfg.name = "t";
  F.cfg.box_dir = F.boxdir;
  F.cfg.policy_path = F.policy_file;
  F.cfg.workspace = F.ws;
  F.cfg.operator_home = F.home;
  F.cfg.agent_home = F.agent;
  char err[512];
  F.log = decision_log_open_targets(F.boxdir, "t", "run-1", NULL, 0, err, sizeof err);
  ck_assert_msg(F.log != NULL, "log: %s", err);
  fx_set_policy(policy);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st;
  (void)flag;
  (void)ftw;
  chmod(path, 0700);
  remove(path);
  return 0;
}

static void fx_teardown(void)
{
  json_object_put(F.resp);
  free(F.data);
  effects_free(F.e);
  policy_free(F.pol);
  decision_log_close(F.log);
  nftw(F.root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Sends one request (JSON text, printf-style) with bytes. */
static int fx_call_data(const void *data, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fx_call_data(const void *data, size_t len, const char *fmt, ...)
{
  char text[70000];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  json_object *req = json_tokener_parse(text);
  ck_assert_msg(req != NULL, "bad test JSON: %s", text);
  json_object_put(F.resp);
  free(F.data);
  F.resp = NULL;
  F.data = NULL;
  F.len = 0;
  F.err[0] = '\0';
  int rc = effects_dispatch(F.e, req, data, len, &F.resp, &F.data, &F.len, F.err, sizeof F.err);
  json_object_put(req);
  return rc;
}
#define fx_call(...) fx_call_data(NULL, 0, __VA_ARGS__)

static const char *fx_str(const char *key)
{
  json_object *v;
  if (F.resp == NULL || !json_object_object_get_ex(F.resp, key, &v))
    return NULL;
  return json_object_get_string(v);
}

static long long fx_int(const char *key)
{
  json_object *v;
  ck_assert_msg(F.resp && json_object_object_get_ex(F.resp, key, &v), "no %s in %s", key,
                F.resp ? json_object_to_json_string(F.resp) : "(null)");
  return json_object_get_int64(v);
}

static int fx_ok(void)
{
  json_object *v;
  return F.resp && json_object_object_get_ex(F.resp, "ok", &v) && json_object_get_boolean(v);
}

#define ASSERT_OK()                                                                              \
  ck_assert_msg(fx_ok(), "not ok: %s", F.resp ? json_object_to_json_string(F.resp) : F.err)
#define ASSERT_EXC(exc, msg)                                                                     \
  do {                                                                                           \
    ck_assert_msg(!fx_ok(), "unexpected ok: %s", F.resp ? json_object_to_json_string(F.resp) : ""); \
    ck_assert_str_eq(fx_str("exc"), exc);                                                        \
    ck_assert_str_eq(fx_str("msg"), msg);                                                        \
  } while (0)

/* The decision log's log record lines, in order.  Each decision is two
 * lines, the resourceLogs record then its resourceSpans span; this checks
 * that pairing (same traceId and spanId) and returns the record lines.
 * The returned array and strings live until the next call. */
static char **fx_log_records(int *count)
{
  static char *text;
  static char **records;
  char path[256];
  snprintf(path, sizeof path, "%s/private/telemetry/records.jsonl", F.boxdir);
  free(text);
  free(records);
  text = NULL;
  size_t len = 0;
  FILE *f = fopen(path, "r");
  if (f != NULL) { /* the whole file: get_file() keeps only 64 KiB */
    FILE *mem = open_memstream(&text, &len);
    char chunk[8192];
    size_t got;
    ck_assert_ptr_nonnull(mem);
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
      fwrite(chunk, 1, got, mem);
    fclose(mem);
    fclose(f);
  }
  size_t cap = 16, n = 0;
  records = calloc(cap, sizeof *records);
  ck_assert_ptr_nonnull(records);
  for (char *s = text; s && *s;) {
    char *nl = strchr(s, '\n');
    ck_assert_msg(nl != NULL, "the decision log ends in a torn line");
    char *span = nl + 1;
    char *span_end = strchr(span, '\n');
    ck_assert_msg(span_end != NULL, "a log record without its span line");
    *nl = *span_end = '\0';
    ck_assert_msg(strncmp(s, "{\"resourceLogs\":", 16) == 0, "not a log record line: %.200s", s);
    ck_assert_msg(strncmp(span, "{\"resourceSpans\":", 17) == 0, "not a span line: %.200s", span);
    const char *ids = strstr(s, ",\"traceId\":"); /* "traceId":"32 hex","spanId":"16 hex" */
    ck_assert_ptr_nonnull(ids);
    char want[96];
    snprintf(want, sizeof want, "{\"traceId\":%.62s", ids + strlen(",\"traceId\":"));
    ck_assert_msg(strstr(span, want) != NULL, "span line does not carry its record's ids: %s", want);
    if (n + 1 == cap) {
      cap *= 2;
      records = realloc(records, cap * sizeof *records);
      ck_assert_ptr_nonnull(records);
    }
    records[n++] = s;
    s = span_end + 1;
  }
  *count = (int)n;
  return records;
}

/* Decisions in the log. */
static int fx_log_lines(void)
{
  int n;
  fx_log_records(&n);
  return n;
}

/* The log record line of decision `which` (0 = first), or "". */
static const char *fx_log_line(int which)
{
  int n;
  char **records = fx_log_records(&n);
  return which >= 0 && which < n ? records[which] : "";
}

#endif
