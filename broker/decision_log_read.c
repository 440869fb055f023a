/* broker/decision_log_read.c -- reading decision records back from the log
 * (see decision_log_read.h; the format is strands-box.md 5: one OTLP/JSON
 * export request per line, resourceLogs[].scopeLogs[] of scope
 * strands-box.policy holding the records).  The log is read without its
 * lock: each record is one write(), so a line is whole or absent. */
#include "broker/decision_log_read.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

enum { MAX_LINE = 1 << 20 };

const char *decision_log_review_path(const struct box_config *cfg, char *buf, size_t cap)
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

static const char *attr(json_object *attrs, const char *key)
{
  if (attrs == NULL || !json_object_is_type(attrs, json_type_array))
    return "";
  for (size_t i = 0; i < json_object_array_length(attrs); i++) {
    json_object *a = json_object_array_get_idx(attrs, i), *k, *v, *s;
    if (json_object_object_get_ex(a, "key", &k) && json_object_is_type(k, json_type_string) &&
        strcmp(json_object_get_string(k), key) == 0 && json_object_object_get_ex(a, "value", &v) &&
        json_object_object_get_ex(v, "stringValue", &s) && json_object_is_type(s, json_type_string))
      return json_object_get_string(s);
  }
  return "";
}

static void give_record(json_object *rec, const char *run_id,
                        void (*fn)(const struct decision_entry *, void *), void *ud)
{
  json_object *attrs = NULL, *t;
  char when[32] = "";
  struct decision_entry e = {0};

  json_object_object_get_ex(rec, "attributes", &attrs);
  if (json_object_object_get_ex(rec, "timeUnixNano", &t)) {
    e.time_ns = strtoll(json_object_get_string(t), NULL, 10);
    time_t secs = (time_t)(e.time_ns / 1000000000LL);
    struct tm tm;
    if (e.time_ns > 0 && gmtime_r(&secs, &tm) != NULL)
      strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
  }
  e.time = when;
  e.run_id = run_id;
  e.action = attr(attrs, "strands.box.policy.action");
  e.verdict = attr(attrs, "strands.box.policy.verdict");
  e.cause = attr(attrs, "strands.box.policy.cause");
  e.resource = attr(attrs, "strands.box.policy.resource");
  e.rule = attr(attrs, "strands.box.policy.rule");
  e.reason = attr(attrs, "strands.box.policy.reason");
  fn(&e, ud);
}

static json_object *array_at(json_object *o, const char *key)
{
  json_object *a;
  if (o == NULL || !json_object_object_get_ex(o, key, &a) || !json_object_is_type(a, json_type_array))
    return NULL;
  return a;
}

static void give_line(json_object *doc, void (*fn)(const struct decision_entry *, void *), void *ud)
{
  json_object *rls = array_at(doc, "resourceLogs");
  for (size_t i = 0; rls && i < json_object_array_length(rls); i++) {
    json_object *rl = json_object_array_get_idx(rls, i), *res = NULL;
    json_object_object_get_ex(rl, "resource", &res);
    json_object *res_attrs = NULL;
    if (res != NULL)
      json_object_object_get_ex(res, "attributes", &res_attrs);
    const char *run_id = attr(res_attrs, "strands.box.run.id");
    json_object *sls = array_at(rl, "scopeLogs");
    for (size_t j = 0; sls && j < json_object_array_length(sls); j++) {
      json_object *sl = json_object_array_get_idx(sls, j), *scope, *name;
      json_object *recs = array_at(sl, "logRecords");
      if (!json_object_object_get_ex(sl, "scope", &scope) || !json_object_object_get_ex(scope, "name", &name) ||
          !json_object_is_type(name, json_type_string) ||
          strcmp(json_object_get_string(name), "strands-box.policy") != 0 || recs == NULL)
        continue;
      for (size_t k = 0; k < json_object_array_length(recs); k++)
        give_record(json_object_array_get_idx(recs, k), run_id, fn, ud);
    }
  }
}

void decision_log_each(FILE *f, void (*fn)(const struct decision_entry *, void *), void *ud,
                       size_t *unreadable)
{
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;

  while ((n = getline(&line, &cap, f)) > 0) {
    if (n == 1 && line[0] == '\n')
      continue;
    json_object *doc = n > MAX_LINE ? NULL : json_tokener_parse(line);
    if (doc == NULL) {
      if (unreadable != NULL)
        (*unreadable)++;
      continue;
    }
    give_line(doc, fn, ud);
    json_object_put(doc);
  }
  free(line);
}
