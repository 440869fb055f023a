/* broker/audit/audit_policy.c -- the audit's "policy" section: loads the
 * policy exactly as the broker does (same parser, same Box validation, same
 * refusal texts), lists every rule with a plain-words reading (a temporal
 * rule's formulas too, each also under "temporal"), and turns the lints of
 * broker/policy/lint.h into findings. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/audit/audit_int.h"
#include "broker/policy/ast.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/lint.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_describe.h"

enum { POLICY_FILE_MAX = 16 << 20 };

/* The whole file, NUL-terminated; NULL with errno on failure. */
static char *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  size_t cap = 8192, n = 0;
  char *buf;

  if (f == NULL)
    return NULL;
  buf = malloc(cap + 1);
  if (buf == NULL)
    abort();
  for (;;) {
    size_t k;
    if (n == cap) {
      if (cap >= POLICY_FILE_MAX) {
        fclose(f);
        free(buf);
        errno = EFBIG;
        return NULL;
      }
      cap *= 2;
      buf = realloc(buf, cap + 1);
      if (buf == NULL)
        abort();
    }
    k = fread(buf + n, 1, cap - n, f);
    if (k == 0)
      break;
    n += k;
  }
  if (ferror(f)) {
    fclose(f);
    free(buf);
    errno = EIO;
    return NULL;
  }
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* The rule's temporal blocks: key, deepest window, and the formula in words. */
static json_object *temporal_entries(const struct rule *r, const struct temporal_set *ts)
{
  json_object *list = NULL;

  for (size_t i = 0; i < ts->n; i++) {
    const struct temporal_leaf *l = ts->leaves[i];
    json_object *e;
    char *words;
    if (l->rule != r->index)
      continue;
    if (list == NULL)
      list = json_object_new_array();
    e = json_object_new_object();
    words = temporal_describe(l, box_rule_actions(r));
    json_object_object_add(e, "key", json_object_new_string(l->key));
    json_object_object_add(e, "max_window_seconds", json_object_new_int64(l->max_window_s));
    json_object_object_add(e, "reading", json_object_new_string(words));
    free(words);
    json_object_array_add(list, e);
  }
  return list;
}

static json_object *rule_entry(const struct rule *r, const struct temporal_set *ts)
{
  json_object *e = json_object_new_object(), *acts = json_object_new_array(), *temporal;
  char name[200];
  char *reading = audit_rule_reading(r, ts);
  unsigned mask = box_rule_actions(r);

  lint_rule_name(r, name, sizeof name);
  for (int a = 0; a < BOX_NACTIONS; a++)
    if (mask & (1u << a))
      json_object_array_add(acts, json_object_new_string(box_actions[a].name));
  json_object_object_add(e, "number", json_object_new_int(r->index + 1));
  json_object_object_add(e, "id", r->id ? json_object_new_string(r->id) : NULL);
  json_object_object_add(e, "name", json_object_new_string(name));
  json_object_object_add(e, "effect", json_object_new_string(r->permit ? "permit" : "forbid"));
  json_object_object_add(e, "actions", acts);
  json_object_object_add(e, "all_actions", json_object_new_boolean(r->action.op == SCOPE_ANY));
  json_object_object_add(e, "line", json_object_new_int(r->line));
  json_object_object_add(e, "description", r->description ? json_object_new_string(r->description) : NULL);
  json_object_object_add(e, "reading", json_object_new_string(reading));
  free(reading);
  /* only on temporal rules: other rules keep their entry as it was */
  temporal = temporal_entries(r, ts);
  if (temporal != NULL)
    json_object_object_add(e, "temporal", temporal);
  return e;
}

static void lint_findings(const struct policy_set *ps, const struct temporal_set *ts,
                          const struct box_config *cfg, json_object *findings)
{
  struct lint_result res;
  struct lint_options opts;
  char *ws = audit_box_spelling(cfg->workspace, cfg->operator_home);

  memset(&opts, 0, sizeof opts);
  opts.workspace = ws;
  opts.temporal = ts;
  policy_lint(ps, &opts, &res);
  for (size_t i = 0; i < res.n; i++) {
    char name[200];
    if (res.v[i].rule >= 0)
      lint_rule_name(&ps->rules[res.v[i].rule], name, sizeof name);
    audit_add_finding(findings, lint_severity_name(res.v[i].severity), res.v[i].code, "policy",
                      res.v[i].rule >= 0 ? name : NULL, res.v[i].message, res.v[i].rationale);
  }
  lint_result_free(&res);
  free(ws);
}

json_object *audit_policy_section(const struct box_config *cfg, json_object *findings,
                                  struct audit_temporal *temporal, char *err, size_t errlen)
{
  json_object *section = json_object_new_object(), *rules = json_object_new_array();
  char perr[1024];
  struct policy *loaded;
  struct policy_set ps;
  struct temporal_set ts;
  struct arena arena;
  size_t len = 0;
  char *text;

  memset(temporal, 0, sizeof *temporal);
  memset(&ts, 0, sizeof ts);

  json_object_object_add(section, "path", cfg->policy_path ? json_object_new_string(cfg->policy_path) : NULL);
  json_object_object_add(section, "rules", rules);
  if (cfg->policy_path == NULL) {
    audit_add_finding(findings, "info", "no-policy", "policy", NULL,
                      "box.toml names no policy file, so every effect a script asks for is denied",
                      "Without a policy Box denies everything; the box is safe but a script can open no "
                      "file and reach no host.");
    return section;
  }
  /* The broker's own loader decides whether the policy loads, and the
   * refusal reads as the broker prints it (broker/main.c). */
  loaded = policy_load_file_ex(cfg->policy_path, cfg->operator_home, POLICY_ALLOW_TEMPORAL, perr, sizeof perr);
  if (loaded == NULL) {
    snprintf(err, errlen, "box-broker: error: %s", perr);
    json_object_put(section);
    return NULL;
  }
  /* how far back the broker keeps history for it (nested windows add up) */
  temporal->reach_s = policy_history_reach_s(loaded);
  policy_free(loaded);
  text = read_file(cfg->policy_path, &len);
  if (text == NULL) {
    snprintf(err, errlen, "box-broker: error: cannot read policy file %s: %s", cfg->policy_path,
             strerror(errno));
    json_object_put(section);
    return NULL;
  }
  arena_init(&arena);
  if (parse_policy_set_temporal(&arena, text, len, cfg->policy_path, &ts, &ps, perr, sizeof perr) != 0 ||
      box_validate(&ps, cfg->operator_home, perr, sizeof perr) != 0 ||
      box_validate_temporal(&ts, perr, sizeof perr) != 0) {
    /* it just loaded: only a file changed under us gets here */
    snprintf(err, errlen, "box-broker: error: %s", perr);
    temporal_set_free(&ts);
    arena_free(&arena);
    free(text);
    json_object_put(section);
    return NULL;
  }
  for (size_t i = 0; i < ps.n; i++)
    json_object_array_add(rules, rule_entry(&ps.rules[i], &ts));
  if (ps.n == 0)
    audit_add_finding(findings, "info", "empty-policy", "policy", NULL,
                      "the policy file holds no rule, so every effect a script asks for is denied",
                      "An empty policy denies everything (default deny).");
  else
    lint_findings(&ps, &ts, cfg, findings);
  temporal->leaves = ts.n;
  for (size_t i = 0; i < ts.n; i++)
    if (ts.leaves[i]->max_window_s > temporal->max_window_s)
      temporal->max_window_s = ts.leaves[i]->max_window_s;
  temporal_set_free(&ts);
  arena_free(&arena);
  free(text);
  return section;
}
