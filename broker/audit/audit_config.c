/* broker/audit/audit_config.c -- the audit's "configuration" section: what
 * the box is, which roots a script can name a path under (each still
 * decided by policy), what [agent.filesystem] grants without any decision,
 * where credentials are injected (references only: the audit never
 * resolves a secret) and where decision records go. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/audit/audit_int.h"
#include "broker/telemetry/spool.h"

static json_object *str_or_null(const char *s)
{
  return s ? json_object_new_string(s) : NULL;
}

static json_object *box_summary(const struct box_config *cfg)
{
  json_object *box = json_object_new_object();
  struct stat st;

  json_object_object_add(box, "name", json_object_new_string(cfg->name));
  json_object_object_add(box, "config", json_object_new_string(cfg->path));
  json_object_object_add(box, "box_dir", json_object_new_string(cfg->box_dir));
  json_object_object_add(box, "box_dir_exists",
                         json_object_new_boolean(lstat(cfg->box_dir, &st) == 0 && S_ISDIR(st.st_mode)));
  json_object_object_add(box, "policy", str_or_null(cfg->policy_path));
  json_object_object_add(box, "workspace", json_object_new_string(cfg->workspace));
  return box;
}

static void add_root(json_object *roots, const char *what, const char *path, const char *home)
{
  json_object *r = json_object_new_object();
  char *spelling = audit_box_spelling(path, home);

  json_object_object_add(r, "root", json_object_new_string(what));
  json_object_object_add(r, "path", json_object_new_string(path));
  json_object_object_add(r, "spelling", json_object_new_string(spelling));
  json_object_array_add(roots, r);
  free(spelling);
}

static json_object *reachable_roots(const struct box_config *cfg)
{
  json_object *roots = json_object_new_array();

  add_root(roots, "operator home", cfg->operator_home, cfg->operator_home);
  if (cfg->agent_home != NULL)
    add_root(roots, "agent HOME", cfg->agent_home, cfg->operator_home);
  add_root(roots, "workspace", cfg->workspace, cfg->operator_home);
  return roots;
}

static json_object *filesystem_grants(const struct box_config *cfg)
{
  json_object *grants = json_object_new_array();

  for (int l = 0; l < BOX_FS_NLISTS; l++)
    for (size_t i = 0; i < cfg->fs[l].n; i++) {
      json_object *g = json_object_new_object();
      json_object_object_add(g, "list", json_object_new_string(box_fs_list_name((enum box_fs_list)l)));
      json_object_object_add(g, "path", json_object_new_string(cfg->fs[l].v[i].path));
      json_object_object_add(g, "spelling", json_object_new_string(cfg->fs[l].v[i].spelling));
      json_object_array_add(grants, g);
    }
  return grants;
}

static json_object *egress_bindings(const struct box_config *cfg)
{
  json_object *bindings = json_object_new_array();

  for (size_t i = 0; i < cfg->n_egress; i++) {
    const struct box_egress *e = &cfg->egress[i];
    json_object *b = json_object_new_object(), *dest = json_object_new_array();
    for (size_t d = 0; d < e->n_destinations; d++)
      json_object_array_add(dest, json_object_new_string(e->destinations[d]));
    json_object_object_add(b, "name", json_object_new_string(e->name));
    json_object_object_add(b, "destinations", dest);
    json_object_object_add(b, "protocol", str_or_null(e->protocol));
    json_object_object_add(b, "secret_ref", str_or_null(e->secret_ref));
    json_object_object_add(b, "placement", str_or_null(e->secret_placement));
    json_object_object_add(b, "header", str_or_null(e->secret_header));
    json_object_object_add(b, "param", str_or_null(e->secret_param));
    json_object_object_add(b, "inject", str_or_null(e->secret_inject));
    json_object_array_add(bindings, b);
  }
  return bindings;
}

static json_object *include_list(unsigned bits)
{
  static const char *const names[] = { "deny", "permit", "trace", "kernel", "logs", "metrics" };
  json_object *list = json_object_new_array();

  for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++)
    if (bits & (1u << k))
      json_object_array_add(list, json_object_new_string(names[k]));
  return list;
}

static json_object *telemetry_targets(const struct box_config *cfg)
{
  json_object *targets = json_object_new_array();

  if (cfg->n_telemetry == 0) {
    json_object *t = json_object_new_object();
    size_t n = strlen(cfg->box_dir) + sizeof "/private/telemetry/records.jsonl";
    char *path = malloc(n);
    if (path == NULL)
      abort();
    snprintf(path, n, "%s/private/telemetry/records.jsonl", cfg->box_dir);
    json_object_object_add(t, "label", json_object_new_string("default"));
    json_object_object_add(t, "kind", json_object_new_string("file"));
    json_object_object_add(t, "destination", json_object_new_string(path));
    json_object_object_add(t, "include", include_list(BOX_TELEMETRY_ALL));
    json_object_object_add(t, "secret_ref", NULL);
    json_object_array_add(targets, t);
    free(path);
    return targets;
  }
  for (size_t i = 0; i < cfg->n_telemetry; i++) {
    const struct box_telemetry *tl = &cfg->telemetry[i];
    json_object *t = json_object_new_object();
    json_object_object_add(t, "label", json_object_new_string(tl->label));
    json_object_object_add(t, "kind", json_object_new_string(tl->kind));
    json_object_object_add(t, "destination", json_object_new_string(tl->destination));
    json_object_object_add(t, "include", include_list(tl->include));
    json_object_object_add(t, "secret_ref", str_or_null(tl->secret_ref));
    if (strcmp(tl->kind, "otlp") == 0) { /* the spool and its sender's report */
      struct spool_state st;
      spool_read_state(cfg->box_dir, tl->label, &st);
      json_object_object_add(t, "spool_records",
                             json_object_new_int64((int64_t)spool_pending_records(cfg->box_dir, tl->label)));
      json_object_object_add(t, "spool_bytes", json_object_new_int64((int64_t)st.pending));
      json_object_object_add(t, "last_success",
                             st.last_success ? json_object_new_int64((int64_t)st.last_success) : NULL);
      json_object_object_add(t, "last_error", st.last_error[0] ? json_object_new_string(st.last_error) : NULL);
    }
    json_object_array_add(targets, t);
  }
  return targets;
}

json_object *audit_config_section(const struct box_config *cfg)
{
  json_object *section = json_object_new_object();
  json_object *env = json_object_new_array();

  json_object_object_add(section, "box", box_summary(cfg));
  json_object_object_add(section, "reachable_roots", reachable_roots(cfg));
  json_object_object_add(section, "filesystem", filesystem_grants(cfg));
  json_object_object_add(section, "egress", egress_bindings(cfg));
  json_object_object_add(section, "telemetry", telemetry_targets(cfg));
  /* names only: values are the operator's and may hold tokens */
  for (size_t i = 0; i < cfg->n_env; i++)
    json_object_array_add(env, json_object_new_string(cfg->env[i].name));
  json_object_object_add(section, "agent_env_names", env);
  return section;
}
