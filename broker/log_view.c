/* broker/log_view.c -- `box-broker --config FILE --log [--denied]
 * [--since DURATION] [--json]` (see log_view.h).  A text line is
 *
 *   2026-12-05T11:40:02Z  deny    fs:write      ~/proj/x.txt  [default-deny]
 *
 * time (UTC), verdict, action, resource and the rule that decided; --json
 * prints {"time","run","verdict","action","resource","rule","cause",
 * "reason"} per line instead.  A log that does not exist yet is an empty
 * log (nothing has been decided). */
#include "broker/log_view.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "broker/decision_log_read.h"

int log_view_parse_duration(const char *text, int64_t *out)
{
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || errno != 0 || v <= 0)
    return -1;
  int64_t unit = 1;
  if (*end == 'm')
    unit = 60;
  else if (*end == 'h')
    unit = 3600;
  else if (*end == 'd')
    unit = 86400;
  else if (*end != 's' && *end != '\0')
    return -1;
  if (*end != '\0' && end[1] != '\0')
    return -1;
  if (v > INT64_MAX / unit)
    return -1;
  *out = (int64_t)v * unit;
  return 0;
}

struct view {
  const struct log_view_options *o;
  FILE *out;
  int64_t cutoff_ns;
  size_t shown;
};

static void show(const struct decision_entry *e, void *ud)
{
  struct view *v = ud;
  if (v->o->denied_only && strcmp(e->verdict, "deny") != 0)
    return;
  if (v->cutoff_ns && e->time_ns < v->cutoff_ns)
    return;
  v->shown++;
  if (v->o->json) {
    json_object *j = json_object_new_object();
    json_object_object_add(j, "time", json_object_new_string(e->time));
    json_object_object_add(j, "run", json_object_new_string(e->run_id));
    json_object_object_add(j, "verdict", json_object_new_string(e->verdict));
    json_object_object_add(j, "action", json_object_new_string(e->action));
    json_object_object_add(j, "resource", json_object_new_string(e->resource));
    json_object_object_add(j, "rule", json_object_new_string(e->rule));
    json_object_object_add(j, "cause", json_object_new_string(e->cause));
    json_object_object_add(j, "reason", json_object_new_string(e->reason));
    fprintf(v->out, "%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(j);
    return;
  }
  fprintf(v->out, "%-20s  %-6s  %-12s  %s  [%s]\n", e->time, e->verdict, e->action, e->resource, e->rule);
}

int log_view_print(const struct box_config *cfg, const struct log_view_options *o, FILE *out,
                   char *err, size_t errlen)
{
  char buf[4096];
  const char *path = decision_log_review_path(cfg, buf, sizeof buf);
  if (path == NULL) {
    snprintf(err, errlen, "this box sends its decision records only to collectors ([telemetry.*] of kind "
                          "otlp); there is no log file to read");
    return -1;
  }
  FILE *f = fopen(path, "re");
  if (f == NULL) {
    if (errno == ENOENT)
      return 0; /* nothing decided yet */
    snprintf(err, errlen, "cannot read the decision log %s: %s", path, strerror(errno));
    return -1;
  }
  struct view v = { .o = o, .out = out };
  if (o->since_s > 0) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    v.cutoff_ns = ((int64_t)now.tv_sec - o->since_s) * 1000000000LL + now.tv_nsec;
  }
  size_t unreadable = 0;
  decision_log_each(f, show, &v, &unreadable);
  fclose(f);
  if (unreadable)
    fprintf(stderr, "box-broker: %zu line%s of %s %s not a decision record in JSON; skipped\n", unreadable,
            unreadable == 1 ? "" : "s", path, unreadable == 1 ? "is" : "are");
  return 0;
}
