/* broker/audit/audit_text.c -- the audit report for a human reviewer: one
 * heading per section, aligned two-column lists, findings with their
 * rationale, and a closing summary line with the exit status.  It lays out
 * the same json-c document the --json output prints. */
#include <stdio.h>
#include <time.h>
#include <string.h>

#include "broker/audit/audit_int.h"

static json_object *get(json_object *o, const char *key)
{
  json_object *v = NULL;
  if (o != NULL)
    json_object_object_get_ex(o, key, &v);
  return v;
}

/* The string at key, or NULL when absent or null. */
static const char *opt(json_object *o, const char *key)
{
  json_object *v = get(o, key);
  return v ? json_object_get_string(v) : NULL;
}

/* The same, "" when absent (for printing). */
static const char *str(json_object *o, const char *key)
{
  const char *s = opt(o, key);
  return s ? s : "";
}

static size_t len(json_object *array)
{
  return array && json_object_is_type(array, json_type_array) ? json_object_array_length(array) : 0;
}

static json_object *at(json_object *array, size_t i)
{
  return json_object_array_get_idx(array, i);
}

static void heading(FILE *out, const char *title)
{
  size_t n = strlen(title);
  fprintf(out, "\n%s\n", title);
  while (n-- > 0)
    fputc('=', out);
  fputc('\n', out);
}

static void subheading(FILE *out, const char *title)
{
  fprintf(out, "\n  %s\n", title);
}

static void row(FILE *out, int indent, int width, const char *key, const char *value)
{
  fprintf(out, "%*s%-*s  %s\n", indent, "", width, key, value ? value : "(none)");
}

static void join(json_object *array, char *buf, size_t cap)
{
  size_t o = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < len(array) && o < cap; i++)
    o += (size_t)snprintf(buf + o, cap - o, "%s%s", i ? ", " : "", json_object_get_string(at(array, i)));
}

static void configuration(FILE *out, json_object *cfg)
{
  json_object *box = get(cfg, "box"), *list;
  char buf[2048];

  heading(out, "Configuration");
  row(out, 2, 10, "config", str(box, "config"));
  snprintf(buf, sizeof buf, "%s%s", str(box, "box_dir"),
           json_object_get_boolean(get(box, "box_dir_exists")) ? "" : "  (not created yet)");
  row(out, 2, 10, "box_dir", buf);
  row(out, 2, 10, "policy", opt(box, "policy") ? str(box, "policy") : "(none: every effect is denied)");
  row(out, 2, 10, "workspace", str(box, "workspace"));

  subheading(out, "Reachable roots (a script names paths only under these; each access is a policy decision)");
  list = get(cfg, "reachable_roots");
  for (size_t i = 0; i < len(list); i++) {
    snprintf(buf, sizeof buf, "%s  (policy spelling %s)", str(at(list, i), "path"), str(at(list, i), "spelling"));
    row(out, 4, 14, str(at(list, i), "root"), buf);
  }

  subheading(out, "[agent.filesystem] grants (direct reach, no policy decision)");
  list = get(cfg, "filesystem");
  if (len(list) == 0)
    fprintf(out, "    (none)\n");
  for (size_t i = 0; i < len(list); i++)
    row(out, 4, 10, str(at(list, i), "list"), str(at(list, i), "path"));

  subheading(out, "Egress bindings (secret references only; values are never read)");
  list = get(cfg, "egress");
  if (len(list) == 0)
    fprintf(out, "    (none)\n");
  for (size_t i = 0; i < len(list); i++) {
    json_object *e = at(list, i);
    join(get(e, "destinations"), buf, sizeof buf);
    fprintf(out, "    %s\n", str(e, "name"));
    row(out, 6, 12, "destinations", buf);
    row(out, 6, 12, "secret", str(e, "secret_ref"));
    snprintf(buf, sizeof buf, "%s%s%s, inject %s", opt(e, "placement") ? str(e, "placement") : "header",
             opt(e, "header") ? " " : "", opt(e, "header") ? str(e, "header") : "",
             opt(e, "inject") ? str(e, "inject") : "phantom");
    row(out, 6, 12, "placement", buf);
  }

  subheading(out, "Telemetry targets");
  list = get(cfg, "telemetry");
  for (size_t i = 0; i < len(list); i++) {
    json_object *t = at(list, i);
    char inc[128];
    join(get(t, "include"), inc, sizeof inc);
    snprintf(buf, sizeof buf, "%s %s (%s)%s%s", str(t, "kind"), str(t, "destination"), inc,
             opt(t, "secret_ref") ? ", secret " : "", opt(t, "secret_ref") ? str(t, "secret_ref") : "");
    row(out, 4, 10, str(t, "label"), buf);
    if (opt(t, "spool_records")) {
      char when[64] = "never";
      if (opt(t, "last_success")) {
        time_t at = (time_t)json_object_get_int64(get(t, "last_success"));
        struct tm tm;
        if (gmtime_r(&at, &tm) != NULL)
          strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
      }
      snprintf(buf, sizeof buf, "%lld records waiting (%lld bytes), last successful send %s%s%s",
               (long long)json_object_get_int64(get(t, "spool_records")),
               (long long)json_object_get_int64(get(t, "spool_bytes")), when,
               opt(t, "last_error") ? ", last error: " : "", opt(t, "last_error") ? str(t, "last_error") : "");
      row(out, 4, 10, "  spool", buf);
    }
  }
}

static void policy(FILE *out, json_object *pol)
{
  json_object *rules = get(pol, "rules");
  char title[64];

  snprintf(title, sizeof title, "Policy (%zu rule%s)", len(rules), len(rules) == 1 ? "" : "s");
  heading(out, title);
  row(out, 2, 6, "file", opt(pol, "path") ? str(pol, "path") : "(none)");
  for (size_t i = 0; i < len(rules); i++) {
    json_object *r = at(rules, i);
    fprintf(out, "\n  %2d. %-6s %s  (line %d)\n", json_object_get_int(get(r, "number")), str(r, "effect"),
            str(r, "name"), json_object_get_int(get(r, "line")));
    fprintf(out, "      %s\n", str(r, "reading"));
    if (opt(r, "description"))
      fprintf(out, "      description: %s\n", str(r, "description"));
  }
}

/* Only for a policy with temporal rules. */
static void history(FILE *out, json_object *h)
{
  char buf[256];

  heading(out, "History (what the temporal rules read)");
  row(out, 2, 10, "file", str(h, "path"));
  snprintf(buf, sizeof buf, "the last %s (as far back as the policy's windows reach); older events are pruned",
           str(h, "retention"));
  row(out, 2, 10, "kept", buf);
  if (!json_object_get_boolean(get(h, "present"))) {
    fprintf(out, "  No history yet: no run of this box has decided anything under a temporal rule.\n");
    return;
  }
  if (opt(h, "error")) {
    row(out, 2, 10, "unreadable", str(h, "error"));
    return;
  }
  snprintf(buf, sizeof buf, "%s (seq %s to %s)", str(h, "events"), str(h, "first_seq"), str(h, "last_seq"));
  row(out, 2, 10, "events", buf);
  row(out, 2, 10, "oldest", opt(h, "oldest") ? str(h, "oldest") : "(none)");
  row(out, 2, 10, "newest", opt(h, "newest") ? str(h, "newest") : "(none)");
  snprintf(buf, sizeof buf, "%s bytes on disk", str(h, "file_bytes"));
  row(out, 2, 10, "size", buf);
  if (json_object_get_boolean(get(h, "chain_intact")))
    snprintf(buf, sizeof buf, "intact (every event's hash matches its predecessor's)");
  else
    snprintf(buf, sizeof buf, "BROKEN at event %s: %s", str(h, "broken_at_seq"), str(h, "problem"));
  row(out, 2, 10, "chain", buf);
  if (opt(h, "head_hash")) {
    snprintf(buf, sizeof buf, "event %s, sha256 %s", str(h, "head_seq"), str(h, "head_hash"));
    row(out, 2, 10, "head", buf);
  }
}

static void findings(FILE *out, json_object *list)
{
  heading(out, "Findings");
  if (len(list) == 0) {
    fprintf(out, "  No findings.\n");
    return;
  }
  for (size_t i = 0; i < len(list); i++) {
    json_object *f = at(list, i);
    char sev[16];
    size_t k = 0;
    for (const char *s = str(f, "severity"); *s && k + 1 < sizeof sev; s++)
      sev[k++] = (char)(*s >= 'a' && *s <= 'z' ? *s - 32 : *s);
    sev[k] = '\0';
    fprintf(out, "\n  %-6s  %s%s%s%s\n", sev, str(f, "code"), opt(f, "rule") ? "  (" : "",
            opt(f, "rule") ? str(f, "rule") : "", opt(f, "rule") ? ")" : "");
    fprintf(out, "          %s\n", str(f, "message"));
    fprintf(out, "          why: %s\n", str(f, "rationale"));
  }
}

static void limit_value(json_object *v, char *buf, size_t cap)
{
  snprintf(buf, cap, "%s", v ? json_object_get_string(v) : "unlimited");
}

static void sandbox(FILE *out, json_object *sb)
{
  json_object *list = get(sb, "allowlist"), *live = get(sb, "live_check");
  char buf[512], s[32], h[32];

  heading(out, "Sandbox");
  row(out, 2, 14, "profile", str(sb, "profile"));
  row(out, 2, 14, "default action", str(sb, "default_action"));
  row(out, 2, 14, "foreign arch", str(sb, "foreign_arch_action"));
  snprintf(buf, sizeof buf, "%s BPF instructions", json_object_get_string(get(sb, "instructions")));
  row(out, 2, 14, "program", buf);

  subheading(out, "Allowed syscalls (everything else kills the worker)");
  for (size_t i = 0; i < len(list); i++) {
    json_object *e = at(list, i);
    fprintf(out, "    %-16s %s\n", str(e, "syscall"), str(e, "condition"));
    fprintf(out, "    %-16s   why: %s\n", "", str(e, "why"));
  }

  subheading(out, "Resource limits the broker sets on the worker");
  list = get(sb, "rlimits");
  for (size_t i = 0; i < len(list); i++) {
    json_object *l = at(list, i);
    limit_value(get(l, "soft"), s, sizeof s);
    limit_value(get(l, "hard"), h, sizeof h);
    snprintf(buf, sizeof buf, "soft %-12s hard %-12s %s", s, h, str(l, "meaning"));
    row(out, 4, 14, str(l, "resource"), buf);
  }
  snprintf(buf, sizeof buf, "%s seconds of wall-clock time per script",
           json_object_get_string(get(sb, "deadline_seconds")));
  row(out, 4, 14, "deadline", buf);

  subheading(out, "Live check (an idle worker started as the broker starts it, read from /proc)");
  list = get(live, "checks");
  if (!json_object_get_boolean(get(live, "ran")))
    fprintf(out, "    (not run)\n");
  for (size_t i = 0; i < len(list); i++) {
    json_object *c = at(list, i);
    fprintf(out, "    %-12s %-21s %s\n", str(c, "status"), str(c, "check"), str(c, "detail"));
  }

  subheading(out, "The filter as the kernel runs it (libseccomp pseudo filter code)");
  {
    const char *p = str(sb, "pfc");
    int in_code = 0;
    while (p && *p) {
      const char *nl = strchr(p, '\n');
      size_t n = nl ? (size_t)(nl - p) : strlen(p);
      if (n >= 26 && strncmp(p, "# pseudo filter code start", 26) == 0)
        in_code = 1;
      if (in_code && !(n > 0 && p[0] == '#'))
        fprintf(out, "    %.*s\n", (int)n, p);
      p += n + (nl ? 1 : 0);
    }
  }
}

static void counts(FILE *out, const char *title, json_object *map)
{
  char buf[32];
  fprintf(out, "    %s\n", title);
  if (json_object_object_length(map) == 0)
    fprintf(out, "      (none)\n");
  json_object_object_foreach(map, key, val) {
    snprintf(buf, sizeof buf, "%6s", json_object_get_string(val));
    fprintf(out, "      %s  %s\n", buf, key);
  }
}

static void activity(FILE *out, json_object *act)
{
  json_object *list = get(act, "recent_denials");
  char buf[64];

  heading(out, "Activity");
  row(out, 2, 10, "log", opt(act, "log") ? str(act, "log") : "(no file target records decisions)");
  if (!json_object_get_boolean(get(act, "present"))) {
    fprintf(out, "  No decision log yet: this box has decided nothing.\n");
    return;
  }
  snprintf(buf, sizeof buf, "%s (%s unreadable lines)", json_object_get_string(get(act, "decisions")),
           json_object_get_string(get(act, "unreadable_lines")));
  row(out, 2, 10, "decisions", buf);
  counts(out, "by verdict", get(act, "by_verdict"));
  counts(out, "by action", get(act, "by_action"));
  counts(out, "by rule", get(act, "by_rule"));
  fprintf(out, "    most recent denials\n");
  if (len(list) == 0)
    fprintf(out, "      (none)\n");
  for (size_t i = 0; i < len(list); i++) {
    json_object *d = at(list, i);
    fprintf(out, "      %s  %-12s %s  [%s]\n", str(d, "time"), str(d, "action"), str(d, "resource"),
            str(d, "rule"));
  }
}

void audit_render_text(json_object *doc, FILE *out)
{
  json_object *cfg = get(doc, "configuration"), *sum = get(doc, "summary");

  fprintf(out, "box-broker audit of box \"%s\"\n", str(get(cfg, "box"), "name"));
  configuration(out, cfg);
  policy(out, get(doc, "policy"));
  if (get(doc, "history") != NULL)
    history(out, get(doc, "history"));
  findings(out, get(doc, "findings"));
  sandbox(out, get(doc, "sandbox"));
  activity(out, get(doc, "activity"));
  fprintf(out, "\nSummary: %s high, %s medium, %s low, %s info; exit status %s\n",
          json_object_get_string(get(sum, "high")), json_object_get_string(get(sum, "medium")),
          json_object_get_string(get(sum, "low")), json_object_get_string(get(sum, "info")),
          json_object_get_string(get(sum, "exit_status")));
}
