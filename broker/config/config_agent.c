/* broker/config/config_agent.c -- the [agent] table of box.toml: workspace, env
 * (with the box-owned and refused names) and the eight [agent.filesystem]
 * lists.  `command` is accepted and ignored: this broker runs Python
 * scripts, not an agent program. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/config/config_int.h"

static const char *const FS_LIST_NAMES[BOX_FS_NLISTS] = {
    "read", "write", "read_file", "write_file", "list", "metadata", "exec", "deny"};

const char *box_fs_list_name(enum box_fs_list which) {
  return (unsigned)which < BOX_FS_NLISTS ? FS_LIST_NAMES[which] : NULL;
}

/* ---- workspace ------------------------------------------------------------- */

static int load_workspace(struct cfg_loader *L, const struct toml_value *v, int line) {
  const char *s;
  struct stat st;
  const char *key = "agent.workspace";
  if (cfg_string(L, v, line, key, &s) < 0)
    return -1;
  char *p = cfg_resolve(L, s, 1, line, key);
  if (p == NULL)
    return -1;
  L->cfg->workspace = p;
  if (stat(p, &st) != 0)
    return cfg_fail(L, line, key, "\"%s\" does not exist (%s); name an existing directory", p, strerror(errno));
  if (!S_ISDIR(st.st_mode))
    return cfg_fail(L, line, key, "\"%s\" is not a directory; name an existing directory", p);
  if (strcmp(p, L->cfg->operator_home) == 0)
    return cfg_fail(L, line, key, "\"%s\" is the operator's home, which may not be the workspace; name a project directory",
                    p);
  char *canon = realpath(p, NULL);
  if (canon == NULL)
    return cfg_fail(L, line, key, "\"%s\" cannot be resolved (%s); name an existing directory", p, strerror(errno));
  int same = strcmp(canon, p) == 0;
  int rc = same ? 0
                : cfg_fail(L, line, key, "\"%s\" is not its own canonical spelling; write \"%s\"", p, canon);
  free(canon);
  return rc;
}

/* ---- env ------------------------------------------------------------------- */

static const char *const BOX_OWNED_ENV[] = {
    "HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "NO_PROXY", "no_proxy",
    "SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "NODE_USE_ENV_PROXY", "CODEX_CA_CERTIFICATE",
    "AWS_CA_BUNDLE", "REQUESTS_CA_BUNDLE", "GIT_SSL_CAINFO", "PWD", "USER",
    /* loader hooks */
    "NODE_OPTIONS", "BASH_ENV", "ENV", "RUBYOPT", "PERL5LIB", "PERL5OPT", "GEM_PATH", "CLASSPATH",
    "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS"};
static const char *const BOX_OWNED_ENV_PREFIX[] = {"OTEL_EXPORTER_OTLP_", "LD_", "DYLD_", "PYTHON"};

static int env_name_box_owned(const char *name) {
  for (size_t i = 0; i < sizeof BOX_OWNED_ENV / sizeof *BOX_OWNED_ENV; i++)
    if (strcmp(name, BOX_OWNED_ENV[i]) == 0)
      return 1;
  for (size_t i = 0; i < sizeof BOX_OWNED_ENV_PREFIX / sizeof *BOX_OWNED_ENV_PREFIX; i++)
    if (strncmp(name, BOX_OWNED_ENV_PREFIX[i], strlen(BOX_OWNED_ENV_PREFIX[i])) == 0)
      return 1;
  return 0;
}

static int load_env(struct cfg_loader *L, const struct toml_value *env, int line) {
  struct box_config *c = L->cfg;
  if (cfg_table(L, env, line, "agent.env") < 0)
    return -1;
  size_t n = toml_table_size(env);
  c->env = calloc(n ? n : 1, sizeof *c->env);
  if (c->env == NULL)
    return cfg_fail(L, line, "agent.env", "out of memory");
  for (size_t i = 0; i < n; i++) {
    size_t kl;
    const char *name = toml_table_key(env, i, &kl);
    const struct toml_value *v = toml_table_value(env, i);
    int kline = toml_table_key_line(env, i);
    char key[256];
    const char *value;
    cfg_keyname(key, sizeof key, "agent.env", name, kl);
    if (kl == 0 || strlen(name) != kl || strchr(name, '=') != NULL)
      return cfg_fail(L, kline, key, "not a usable environment variable name; use a name without '=' or NUL");
    if (env_name_box_owned(name))
      return cfg_fail(L, kline, key, "`env` name \"%s\" is set by the box itself, so a table cannot claim it", name);
    if (toml_type(v) == TOML_TABLE)
      return cfg_fail(L, kline, key, "expected a string, found a table; give each variable a string value");
    if (cfg_string(L, v, kline, key, &value) < 0)
      return -1;
    if ((strcmp(name, "HOME") == 0 || strcmp(name, "TMPDIR") == 0) && value[0] != '/')
      return cfg_fail(L, kline, key, "\"%s\" is not an absolute path; write a path that starts with '/'", value);
    if (strcmp(name, "HOME") == 0) {
      if ((c->agent_home = cfg_normalize(value)) == NULL)
        return cfg_fail(L, kline, key, "out of memory");
      L->agent_home_line = kline;
    }
    c->env[c->n_env].name = cfg_strdup(L, name);
    c->env[c->n_env].value = cfg_strdup(L, value);
    c->n_env++;
    if (c->env[c->n_env - 1].name == NULL || c->env[c->n_env - 1].value == NULL)
      return -1;
  }
  return 0;
}

/* ---- filesystem lists --------------------------------------------------------- */

static int check_fs_spelling(struct cfg_loader *L, const char *s, int line, const char *key) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p < 0x20 || *p == 0x7F)
      return cfg_fail(L, line, key, "\"%s\" contains a control character; name a path without one", s);
    if (*p == '*' || *p == '?' || *p == '[')
      return cfg_fail(L, line, key, "\"%s\" is a pattern; name one existing path (patterns are not accepted)", s);
  }
  for (const char *p = s; (p = strstr(p, "..")) != NULL; p += 2)
    if ((p == s || p[-1] == '/') && (p[2] == '\0' || p[2] == '/'))
      return cfg_fail(L, line, key, "\"%s\" contains '..'; name the path without '..'", s);
  return 0;
}

static int add_fs_entry(struct cfg_loader *L, enum box_fs_list which, const struct toml_value *e,
                        const char *key) {
  struct box_fs_entries *list = &L->cfg->fs[which];
  const char *s;
  struct stat st;
  int line = toml_line(e);
  if (cfg_string(L, e, line, key, &s) < 0 || check_fs_spelling(L, s, line, key) < 0)
    return -1;
  char *path = cfg_resolve(L, s, 0, line, key);
  if (path == NULL)
    return -1;
  struct box_fs_entry *ent = &list->v[list->n];
  ent->path = path;
  ent->line = line;
  if ((ent->spelling = cfg_strdup(L, s)) == NULL)
    return -1;
  list->n++;
  if (lstat(path, &st) != 0)
    return cfg_fail(L, line, key, "\"%s\" does not exist (%s); name an existing path", s, strerror(errno));
  char *canon = realpath(path, NULL);
  if (canon == NULL)
    return cfg_fail(L, line, key, "\"%s\" cannot be resolved (%s); name an existing path", s, strerror(errno));
  int symlinked = strcmp(canon, path) != 0;
  if (symlinked) {
    cfg_fail(L, line, key, "\"%s\" goes through a symlink (it resolves to \"%s\"); name the real path", s, canon);
    free(canon);
    return -1;
  }
  free(canon);
  int is_dir = S_ISDIR(st.st_mode);
  if ((which == BOX_FS_READ_FILE || which == BOX_FS_WRITE_FILE) && is_dir)
    return cfg_fail(L, line, key, "\"%s\" is a directory; %s names one exact file (use %s for a tree)", s,
                    FS_LIST_NAMES[which], which == BOX_FS_READ_FILE ? "read" : "write");
  if ((which == BOX_FS_LIST || which == BOX_FS_METADATA) && !is_dir)
    return cfg_fail(L, line, key, "\"%s\" is not a directory; %s names directories", s, FS_LIST_NAMES[which]);
  for (size_t i = 0; i + 1 < list->n; i++) {
    const struct box_fs_entry *o = &list->v[i];
    if (strcmp(o->path, path) == 0)
      return cfg_fail(L, line, key, "\"%s\" is listed twice (also on line %d); name each path once", s, o->line);
    if (cfg_path_within(path, o->path) || cfg_path_within(o->path, path))
      return cfg_fail(L, line, key,
                      "\"%s\" and \"%s\" (line %d) nest; one grant of an operation may not lie inside another, "
                      "so keep only the outer one",
                      s, o->spelling, o->line);
  }
  return 0;
}

static int load_filesystem(struct cfg_loader *L, const struct toml_value *fs, int line) {
  if (cfg_table(L, fs, line, "agent.filesystem") < 0)
    return -1;
  for (size_t i = 0; i < toml_table_size(fs); i++) {
    size_t kl;
    const char *k = toml_table_key(fs, i, &kl);
    const struct toml_value *v = toml_table_value(fs, i);
    int kline = toml_table_key_line(fs, i);
    char key[256];
    cfg_keyname(key, sizeof key, "agent.filesystem", k, kl);
    int which = -1;
    for (int l = 0; l < BOX_FS_NLISTS; l++)
      if (strlen(FS_LIST_NAMES[l]) == kl && memcmp(FS_LIST_NAMES[l], k, kl) == 0)
        which = l;
    if (which < 0)
      return cfg_unknown_key(L, kline, key, "read, write, read_file, write_file, list, metadata, exec, deny");
    if (cfg_string_array(L, v, kline, key) < 0)
      return -1;
    size_t n = toml_array_size(v);
    struct box_fs_entries *list = &L->cfg->fs[which];
    list->v = calloc(n ? n : 1, sizeof *list->v);
    if (list->v == NULL)
      return cfg_fail(L, kline, key, "out of memory");
    for (size_t k2 = 0; k2 < n; k2++)
      if (add_fs_entry(L, (enum box_fs_list)which, toml_array_at(v, k2), key) < 0)
        return -1;
  }
  return 0;
}

/* ---- [agent] --------------------------------------------------------------- */

int cfg_load_agent(struct cfg_loader *L, const struct toml_value *agent, int line) {
  if (cfg_table(L, agent, line, "agent") < 0)
    return -1;
  for (size_t i = 0; i < toml_table_size(agent); i++) {
    size_t kl;
    const char *k = toml_table_key(agent, i, &kl);
    const struct toml_value *v = toml_table_value(agent, i);
    int kline = toml_table_key_line(agent, i);
    char key[256];
    cfg_keyname(key, sizeof key, "agent", k, kl);
    int rc;
    if (strcmp(key, "agent.command") == 0) {
      rc = cfg_string_array(L, v, kline, key);
      if (rc == 0 && toml_array_size(v) > 0) {
        free(L->cfg->agent_program);
        if ((L->cfg->agent_program = cfg_strdup(L, toml_string(toml_array_at(v, 0), NULL))) == NULL)
          rc = -1;
      }
      if (rc == 0)
        cfg_note(L, kline, "[agent] command", "this broker runs the Python script it is given");
    } else if (strcmp(key, "agent.workspace") == 0) {
      rc = load_workspace(L, v, kline);
    } else if (strcmp(key, "agent.env") == 0) {
      rc = load_env(L, v, kline);
    } else if (strcmp(key, "agent.filesystem") == 0) {
      rc = load_filesystem(L, v, kline);
    } else {
      rc = cfg_unknown_key(L, kline, key, "command, workspace, env, filesystem");
    }
    if (rc < 0)
      return -1;
  }
  return 0;
}
