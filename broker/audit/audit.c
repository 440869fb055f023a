/* broker/audit/audit.c -- `box-broker --audit`: loads the box, builds the
 * report section by section (audit_int.h), counts the findings by severity
 * and prints the report as JSON or text.  Exit status 0 with no high
 * finding, 3 with one, 1 when box.toml or the policy does not load. */
#include "broker/audit/audit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/audit/audit_int.h"
#include "broker/config/config.h"

static const char *const severities[] = { "high", "medium", "low", "info" };

void audit_add_finding(json_object *findings, const char *severity, const char *code,
                       const char *section, const char *rule, const char *message,
                       const char *rationale)
{
  json_object *f = json_object_new_object();

  json_object_object_add(f, "severity", json_object_new_string(severity));
  json_object_object_add(f, "code", json_object_new_string(code));
  json_object_object_add(f, "section", json_object_new_string(section));
  json_object_object_add(f, "rule", rule ? json_object_new_string(rule) : NULL);
  json_object_object_add(f, "message", json_object_new_string(message));
  json_object_object_add(f, "rationale", json_object_new_string(rationale ? rationale : ""));
  json_object_array_add(findings, f);
}

char *audit_box_spelling(const char *path, const char *home)
{
  size_t hl = home ? strlen(home) : 0;
  char *s;

  while (hl > 1 && home[hl - 1] == '/')
    hl--;
  if (path == NULL)
    return NULL;
  if (hl > 1 && strncmp(path, home, hl) == 0 && (path[hl] == '\0' || path[hl] == '/')) {
    size_t n = strlen(path + hl) + 2;
    s = malloc(n);
    if (s != NULL)
      snprintf(s, n, "~%s", path + hl);
  } else {
    s = strdup(path);
  }
  if (s == NULL)
    abort();
  return s;
}

/* "summary": counts per severity, and the exit status they give. */
static int summarize(json_object *doc, json_object *findings)
{
  size_t counts[4] = { 0, 0, 0, 0 };
  json_object *summary = json_object_new_object();
  int status;

  for (size_t i = 0; i < json_object_array_length(findings); i++) {
    json_object *sev;
    json_object_object_get_ex(json_object_array_get_idx(findings, i), "severity", &sev);
    for (size_t k = 0; k < 4; k++)
      if (strcmp(json_object_get_string(sev), severities[k]) == 0)
        counts[k]++;
  }
  for (size_t k = 0; k < 4; k++)
    json_object_object_add(summary, severities[k], json_object_new_int64((int64_t)counts[k]));
  status = counts[0] > 0 ? AUDIT_STATUS_HIGH : AUDIT_STATUS_OK;
  json_object_object_add(summary, "exit_status", json_object_new_int(status));
  json_object_object_add(doc, "summary", summary);
  return status;
}

int audit_run_opts(const struct audit_options *opts, FILE *out, char *err, size_t errlen)
{
  struct box_config *cfg = NULL;
  json_object *doc, *findings, *policy;
  struct audit_temporal temporal;
  int status;

  if (box_config_load(opts->config_path, &cfg, err, errlen) != 0)
    return AUDIT_STATUS_ERROR;
  doc = json_object_new_object();
  findings = json_object_new_array();
  json_object_object_add(doc, "audit_version", json_object_new_int(1));
  json_object_object_add(doc, "configuration", audit_config_section(cfg));
  policy = audit_policy_section(cfg, findings, &temporal, err, errlen);
  if (policy == NULL) {
    json_object_put(findings);
    json_object_put(doc);
    box_config_free(cfg);
    return AUDIT_STATUS_ERROR;
  }
  json_object_object_add(doc, "policy", policy);
  if (temporal.leaves > 0)
    json_object_object_add(doc, "history", audit_history_section(cfg, &temporal, findings));
  json_object_object_add(doc, "sandbox",
                         audit_sandbox_section(opts->worker_path, opts->skip_live_check, findings));
  json_object_object_add(doc, "activity", audit_activity_section(cfg));
  json_object_object_add(doc, "findings", findings);
  status = summarize(doc, findings);
  if (opts->json) {
    fputs(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                  JSON_C_TO_STRING_NOSLASHESCAPE),
          out);
    fputc('\n', out);
  } else {
    audit_render_text(doc, out);
  }
  fflush(out);
  json_object_put(doc);
  box_config_free(cfg);
  return status;
}

int audit_run(const char *config_path, int json, FILE *out, char *err, size_t errlen)
{
  struct audit_options opts;

  memset(&opts, 0, sizeof opts);
  opts.config_path = config_path;
  opts.json = json;
  return audit_run_opts(&opts, out, err, errlen);
}
