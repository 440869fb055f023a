/* broker/audit/audit_activity.c -- the audit's "activity" section: what
 * policy has decided so far, from the decision log (broker/decision_log.h,
 * strands-box.md 5).  Counts by action, verdict and rule, and the ten most
 * recent denials.  The log is read only if it exists, without its lock
 * (each record is one write(), so a line is whole or absent); nothing is
 * created.  Lines that are not decision records (control records, other
 * scopes) are skipped; lines that are not JSON are counted as unreadable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "broker/audit/audit_int.h"

enum { RECENT_DENIALS = 10, MAX_LINE = 1 << 20 };

struct denial {
  char *time, *action, *resource, *rule, *reason;
};

struct activity {
  json_object *by_action, *by_verdict, *by_rule;
  size_t records, unreadable;
  struct denial recent[RECENT_DENIALS]; /* ring */
  size_t ndenials;
};

/* The log a reviewer wants: the default file, or the first declared file
 * target that records denials (permits too, when one does). */
static const char *log_path(const struct box_config *cfg, char *buf, size_t cap)
{
  const char *deny_only = NULL;

  if (cfg->n_telemetry == 0) {
    snprintf(buf, cap, "%s/private/telemetry/records.jsonl", cfg->box_dir);
    return buf;
  }
  for (size_t i = 0; i < cfg->n_telemetry; i++) {
    const struct box_telemetry *t = &cfg->telemetry[i];
    if (strcmp(t->kind, "file") != 0 || !(t->include & BOX_TELEMETRY_DENY))
      continue;
    if (t->include & BOX_TELEMETRY_PERMIT)
      return t->destination;
    if (deny_only == NULL)
      deny_only = t->destination;
  }
  return deny_only;
}

static void bump(json_object *counts, const char *key)
{
  json_object *n;
  if (json_object_object_get_ex(counts, key, &n))
    json_object_set_int64(n, json_object_get_int64(n) + 1);
  else
    json_object_object_add(counts, key, json_object_new_int64(1));
}

static const char *attr(json_object *attrs, const char *key)
{
  for (size_t i = 0; i < json_object_array_length(attrs); i++) {
    json_object *a = json_object_array_get_idx(attrs, i), *k, *v, *s;
    if (json_object_object_get_ex(a, "key", &k) && strcmp(json_object_get_string(k), key) == 0 &&
        json_object_object_get_ex(a, "value", &v) && json_object_object_get_ex(v, "stringValue", &s))
      return json_object_get_string(s);
  }
  return NULL;
}

static char *dup_or(const char *s, const char *fallback)
{
  char *d = strdup(s ? s : fallback);
  if (d == NULL)
    abort();
  return d;
}

static char *iso_time(json_object *rec)
{
  json_object *t;
  char buf[64] = "";
  if (json_object_object_get_ex(rec, "timeUnixNano", &t)) {
    long long ns = strtoll(json_object_get_string(t), NULL, 10);
    time_t secs = (time_t)(ns / 1000000000LL);
    struct tm tm;
    if (ns > 0 && gmtime_r(&secs, &tm) != NULL)
      strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  }
  return dup_or(buf, "");
}

static void denial_free(struct denial *d)
{
  free(d->time);
  free(d->action);
  free(d->resource);
  free(d->rule);
  free(d->reason);
  memset(d, 0, sizeof *d);
}

static void take_record(struct activity *A, json_object *rec)
{
  json_object *attrs;
  const char *action, *verdict, *rule;

  if (!json_object_object_get_ex(rec, "attributes", &attrs) || !json_object_is_type(attrs, json_type_array))
    return;
  action = attr(attrs, "strands.box.policy.action");
  verdict = attr(attrs, "strands.box.policy.verdict");
  rule = attr(attrs, "strands.box.policy.rule");
  A->records++;
  bump(A->by_action, action ? action : "(none)");
  bump(A->by_verdict, verdict ? verdict : "(none)");
  bump(A->by_rule, rule ? rule : "(none)");
  if (verdict != NULL && strcmp(verdict, "deny") == 0) {
    struct denial *d = &A->recent[A->ndenials % RECENT_DENIALS];
    denial_free(d);
    d->time = iso_time(rec);
    d->action = dup_or(action, "");
    d->resource = dup_or(attr(attrs, "strands.box.policy.resource"), "");
    d->rule = dup_or(rule, "");
    d->reason = dup_or(attr(attrs, "strands.box.policy.reason"), "");
    A->ndenials++;
  }
}

/* resourceLogs[].scopeLogs[] (scope strands-box.policy) .logRecords[] */
static void take_line(struct activity *A, const char *line)
{
  json_object *doc = json_tokener_parse(line), *rls;

  if (doc == NULL) {
    A->unreadable++;
    return;
  }
  if (json_object_object_get_ex(doc, "resourceLogs", &rls) && json_object_is_type(rls, json_type_array))
    for (size_t i = 0; i < json_object_array_length(rls); i++) {
      json_object *sls;
      if (!json_object_object_get_ex(json_object_array_get_idx(rls, i), "scopeLogs", &sls) ||
          !json_object_is_type(sls, json_type_array))
        continue;
      for (size_t j = 0; j < json_object_array_length(sls); j++) {
        json_object *sl = json_object_array_get_idx(sls, j), *scope, *name, *recs;
        if (!json_object_object_get_ex(sl, "scope", &scope) ||
            !json_object_object_get_ex(scope, "name", &name) ||
            strcmp(json_object_get_string(name), "strands-box.policy") != 0 ||
            !json_object_object_get_ex(sl, "logRecords", &recs) || !json_object_is_type(recs, json_type_array))
          continue;
        for (size_t k = 0; k < json_object_array_length(recs); k++)
          take_record(A, json_object_array_get_idx(recs, k));
      }
    }
  json_object_put(doc);
}

static void read_log(struct activity *A, FILE *f)
{
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;

  while ((n = getline(&line, &cap, f)) > 0) {
    if (n > MAX_LINE) {
      A->unreadable++;
      continue;
    }
    if (n == 1 && line[0] == '\n')
      continue;
    take_line(A, line);
  }
  free(line);
}

static json_object *recent_denials(struct activity *A)
{
  json_object *list = json_object_new_array();
  size_t n = A->ndenials < RECENT_DENIALS ? A->ndenials : RECENT_DENIALS;

  for (size_t i = 0; i < n; i++) { /* most recent first */
    struct denial *d = &A->recent[(A->ndenials - 1 - i) % RECENT_DENIALS];
    json_object *e = json_object_new_object();
    json_object_object_add(e, "time", json_object_new_string(d->time));
    json_object_object_add(e, "action", json_object_new_string(d->action));
    json_object_object_add(e, "resource", json_object_new_string(d->resource));
    json_object_object_add(e, "rule", json_object_new_string(d->rule));
    json_object_object_add(e, "reason", json_object_new_string(d->reason));
    json_object_array_add(list, e);
  }
  return list;
}

json_object *audit_activity_section(const struct box_config *cfg)
{
  json_object *section = json_object_new_object();
  struct activity A;
  char buf[4096];
  const char *path = log_path(cfg, buf, sizeof buf);
  FILE *f = path ? fopen(path, "re") : NULL;

  memset(&A, 0, sizeof A);
  A.by_action = json_object_new_object();
  A.by_verdict = json_object_new_object();
  A.by_rule = json_object_new_object();
  if (f != NULL) {
    read_log(&A, f);
    fclose(f);
  }
  json_object_object_add(section, "log", path ? json_object_new_string(path) : NULL);
  json_object_object_add(section, "present", json_object_new_boolean(f != NULL));
  json_object_object_add(section, "decisions", json_object_new_int64((int64_t)A.records));
  json_object_object_add(section, "unreadable_lines", json_object_new_int64((int64_t)A.unreadable));
  json_object_object_add(section, "by_action", A.by_action);
  json_object_object_add(section, "by_verdict", A.by_verdict);
  json_object_object_add(section, "by_rule", A.by_rule);
  json_object_object_add(section, "recent_denials", recent_denials(&A));
  for (size_t i = 0; i < RECENT_DENIALS; i++)
    denial_free(&A.recent[i]);
  return section;
}
