/* broker/config/config_grants.c -- what the [agent.filesystem] grants may reach,
 * and the startup disclosure of them (strands-box.md section 4).
 *
 * A grant is direct kernel reach with no policy decision, so after the whole
 * box.toml is loaded (box_dir, policy and every list known) these rules hold
 * for the lists that give content (read, write, read_file, write_file,
 * exec; list and metadata reveal names and sizes only, deny subtracts):
 *   - a grant may not enclose a credential store of the operator's home
 *     (~/.ssh, ~/.aws, ... that exist) unless a deny entry covers the store;
 *     a grant that names a store, or a path inside one, is allowed and
 *     disclosed ("[agent]: exposes ~/.ssh (read)");
 *   - a grant may not enclose a system tree (/etc, /usr, ... that exist);
 *     naming one exactly is allowed and disclosed;
 *   - no grant may overlap the box directory (trusted Box state) unless a
 *     deny entry covers it;
 *   - no write or write_file grant may hold the box.toml or the policy this
 *     run loads (the agent would rewrite its own rules);
 *   - a path both writable and executable draws a warning, not a refusal.
 * Refusals use the loader's "box-broker: error: <file>:<line>: <key>: ..."
 * form; the warning goes to stderr at load; the disclosure is printed by
 * box_config_disclose() when a run starts. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/config/config_int.h"

/* Credential stores, relative to the operator's home. */
static const char *const CREDENTIAL_STORES[] = {
    ".ssh",         ".aws",           ".gnupg",         ".azure",          ".kube",
    ".docker",      ".config/gcloud", ".config/gh",     ".netrc",          ".git-credentials",
    ".npmrc",       ".pypirc",        ".password-store", ".local/share/keyrings", ".vault-token",
    ".pgpass"};

/* System trees: the host's programs, libraries, configuration, devices,
 * kernel interfaces, runtime and variable state, and root's home. */
static const char *const SYSTEM_TREES[] = {
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32",
    "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/usr", "/var"};

static const enum box_fs_list CONTENT_LISTS[] = {BOX_FS_READ, BOX_FS_WRITE, BOX_FS_READ_FILE,
                                                 BOX_FS_WRITE_FILE, BOX_FS_EXEC};

static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

/* path strictly inside dir (not equal). */
static int strictly_within(const char *path, const char *dir) {
  return strcmp(path, dir) != 0 && cfg_path_within(path, dir);
}

/* A deny entry equal to path or enclosing it. */
static int denied(const struct box_config *c, const char *path) {
  for (size_t i = 0; i < c->fs[BOX_FS_DENY].n; i++)
    if (cfg_path_within(path, c->fs[BOX_FS_DENY].v[i].path))
      return 1;
  return 0;
}

static void list_key(char *out, size_t outlen, enum box_fs_list which) {
  snprintf(out, outlen, "agent.filesystem.%s", box_fs_list_name(which));
}

static int check_entry(struct cfg_loader *L, enum box_fs_list which, const struct box_fs_entry *e) {
  const struct box_config *c = L->cfg;
  char key[64], store[4096];
  list_key(key, sizeof key, which);
  for (size_t i = 0; i < sizeof SYSTEM_TREES / sizeof *SYSTEM_TREES; i++)
    if (strictly_within(SYSTEM_TREES[i], e->path) && exists(SYSTEM_TREES[i]))
      return cfg_fail(L, e->line, key,
                      "\"%s\" encloses the system tree %s; grant only the paths the agent needs below it",
                      e->spelling, SYSTEM_TREES[i]);
  for (size_t i = 0; i < sizeof CREDENTIAL_STORES / sizeof *CREDENTIAL_STORES; i++) {
    snprintf(store, sizeof store, "%s/%s", strcmp(c->operator_home, "/") ? c->operator_home : "",
             CREDENTIAL_STORES[i]);
    if (strictly_within(store, e->path) && exists(store) && !denied(c, store))
      return cfg_fail(L, e->line, key,
                      "\"%s\" encloses the credential store ~/%s; grant only the paths the agent needs, "
                      "or add \"~/%s\" to deny",
                      e->spelling, CREDENTIAL_STORES[i], CREDENTIAL_STORES[i]);
  }
  if ((cfg_path_within(c->box_dir, e->path) || cfg_path_within(e->path, c->box_dir)) &&
      !denied(c, c->box_dir))
    return cfg_fail(L, e->line, key,
                    "\"%s\" reaches the box directory \"%s\", which is trusted Box state; grant paths apart from box_dir",
                    e->spelling, c->box_dir);
  if (which == BOX_FS_WRITE || which == BOX_FS_WRITE_FILE) {
    const char *auth[2] = {c->path, c->policy_path};
    for (int k = 0; k < 2; k++)
      if (auth[k] != NULL && cfg_path_within(auth[k], e->path))
        return cfg_fail(L, e->line, key,
                        "\"%s\" would let the agent change \"%s\", which this box loads; grant write on paths "
                        "that hold neither box.toml nor the policy",
                        e->spelling, auth[k]);
  }
  return 0;
}

int cfg_check_grants(struct cfg_loader *L) {
  const struct box_config *c = L->cfg;
  for (size_t l = 0; l < sizeof CONTENT_LISTS / sizeof *CONTENT_LISTS; l++) {
    const struct box_fs_entries *list = &c->fs[CONTENT_LISTS[l]];
    for (size_t i = 0; i < list->n; i++)
      if (check_entry(L, CONTENT_LISTS[l], &list->v[i]) < 0)
        return -1;
  }
  /* Writable and executable: the agent can run what it writes. */
  const struct box_fs_entries *ex = &c->fs[BOX_FS_EXEC];
  static const enum box_fs_list WRITE_LISTS[] = {BOX_FS_WRITE, BOX_FS_WRITE_FILE};
  for (size_t k = 0; k < 2; k++) {
    enum box_fs_list w = WRITE_LISTS[k];
    const struct box_fs_entries *wr = &c->fs[w];
    for (size_t i = 0; i < ex->n; i++)
      for (size_t j = 0; j < wr->n; j++)
        if (cfg_path_within(ex->v[i].path, wr->v[j].path) || cfg_path_within(wr->v[j].path, ex->v[i].path))
          fprintf(stderr,
                  "box-broker: warning: %s:%d: agent.filesystem.exec: \"%s\" overlaps the %s grant \"%s\" "
                  "(line %d); the agent can run what it writes there\n",
                  L->file, ex->v[i].line, ex->v[i].spelling, box_fs_list_name(w),
                  wr->v[j].spelling, wr->v[j].line);
  }
  return 0;
}

/* path spelled "~/..." under the operator's home, else as is. */
static void home_spelling(const struct box_config *c, const char *path, char *out, size_t outlen) {
  size_t n = strlen(c->operator_home);
  if (strcmp(path, c->operator_home) == 0)
    snprintf(out, outlen, "~");
  else if (strcmp(c->operator_home, "/") != 0 && cfg_path_within(path, c->operator_home))
    snprintf(out, outlen, "~%s", path + n);
  else
    snprintf(out, outlen, "%s", path);
}

void box_config_disclose(const struct box_config *c, FILE *out) {
  size_t total = 0;
  for (int l = 0; l < BOX_FS_NLISTS; l++)
    total += c->fs[l].n;
  if (total == 0)
    return;
  if (c->agent_program)
    fprintf(out, "box-broker: [agent] runs %s with no policy decision over these paths:\n", c->agent_program);
  else
    fprintf(out, "box-broker: [agent] names no command; whatever the agent runs itself reaches these "
                 "paths with no policy decision:\n");
  for (int l = 0; l < BOX_FS_NLISTS; l++)
    for (size_t i = 0; i < c->fs[l].n; i++)
      fprintf(out, "%s  %s\n", box_fs_list_name((enum box_fs_list)l), c->fs[l].v[i].path);
  for (size_t l = 0; l < sizeof CONTENT_LISTS / sizeof *CONTENT_LISTS; l++) {
    const struct box_fs_entries *list = &c->fs[CONTENT_LISTS[l]];
    const char *name = box_fs_list_name(CONTENT_LISTS[l]);
    for (size_t i = 0; i < list->n; i++) {
      const char *p = list->v[i].path;
      char spelled[4096], store[4096];
      int exposed = 0;
      for (size_t s = 0; !exposed && s < sizeof CREDENTIAL_STORES / sizeof *CREDENTIAL_STORES; s++) {
        snprintf(store, sizeof store, "%s/%s", strcmp(c->operator_home, "/") ? c->operator_home : "",
                 CREDENTIAL_STORES[s]);
        exposed = cfg_path_within(p, store);
      }
      for (size_t s = 0; !exposed && s < sizeof SYSTEM_TREES / sizeof *SYSTEM_TREES; s++)
        exposed = strcmp(p, SYSTEM_TREES[s]) == 0;
      if (!exposed)
        continue;
      home_spelling(c, p, spelled, sizeof spelled);
      fprintf(out, "box-broker: [agent]: exposes %s (%s)\n", spelled, name);
    }
  }
}
