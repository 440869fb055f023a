/* broker/audit/audit_policy.c -- the audit's "policy" section: loads the
 * policy exactly as the broker does (same parser, same Box validation, same
 * refusal texts), lists every rule with a plain-words reading, and turns the
 * lints of broker/policy/lint.h into findings. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/audit/audit_int.h"
#include "broker/policy/ast.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/lint.h"
#include "broker/policy/policy.h"

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

static json_object *rule_entry(const struct rule *r)
{
  json_object *e = json_object_new_object(), *acts = json_object_new_array();
  char name[200];
  char *reading = audit_rule_reading(r);
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
  return e;
}

static void lint_findings(const struct policy_set *ps, const struct box_config *cfg,
                          json_object *findings)
{
  struct lint_result res;
  struct lint_options opts;
  char *ws = audit_box_spelling(cfg->workspace, cfg->operator_home);

  opts.workspace = ws;
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

json_object *audit_policy_section(const struct box_config *cfg, json_object *findings, char *err,
                                  size_t errlen)
{
  json_object *section = json_object_new_object(), *rules = json_object_new_array();
  char perr[1024];
  struct policy *loaded;
  struct policy_set ps;
  struct arena arena;
  size_t len = 0;
  char *text;

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
  loaded = policy_load_file(cfg->policy_path, cfg->operator_home, perr, sizeof perr);
  if (loaded == NULL) {
    snprintf(err, errlen, "box-broker: error: %s", perr);
    json_object_put(section);
    return NULL;
  }
  policy_free(loaded);
  text = read_file(cfg->policy_path, &len);
  if (text == NULL) {
    snprintf(err, errlen, "box-broker: error: cannot read policy file %s: %s", cfg->policy_path,
             strerror(errno));
    json_object_put(section);
    return NULL;
  }
  arena_init(&arena);
  if (parse_policy_set(&arena, text, len, cfg->policy_path, &ps, perr, sizeof perr) != 0 ||
      box_validate(&ps, cfg->operator_home, perr, sizeof perr) != 0) {
    /* it just loaded: only a file changed under us gets here */
    snprintf(err, errlen, "box-broker: error: %s", perr);
    arena_free(&arena);
    free(text);
    json_object_put(section);
    return NULL;
  }
  for (size_t i = 0; i < ps.n; i++)
    json_object_array_add(rules, rule_entry(&ps.rules[i]));
  if (ps.n == 0)
    audit_add_finding(findings, "info", "empty-policy", "policy", NULL,
                      "the policy file holds no rule, so every effect a script asks for is denied",
                      "An empty policy denies everything (default deny).");
  else
    lint_findings(&ps, cfg, findings);
  arena_free(&arena);
  free(text);
  return section;
}
