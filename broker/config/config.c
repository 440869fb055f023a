/* broker/config/config.c -- loads box.toml (strands-box.md section 4) into a
 * struct box_config, refusing anything wrong with a message that names the
 * file, the line, the key, what is wrong and what is accepted.  The file's
 * sections are checked in this order: top level, [agent] (workspace, env,
 * filesystem), [egress.*], [telemetry.*]; cross-key rules (box_dir against
 * the workspace, the config file, the policy and HOME) run last. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "broker/config/config_int.h"
#include "common/toml.h"

/* ---- errors ---------------------------------------------------------------- */

int cfg_fail(struct cfg_loader *L, int line, const char *key, const char *fmt, ...) {
  if (L->failed)
    return -1;
  L->failed = 1;
  int n;
  if (line > 0)
    n = snprintf(L->err, L->errlen, "box-broker: error: %s:%d: %s: ", L->file, line, key);
  else
    n = snprintf(L->err, L->errlen, "box-broker: error: %s: %s: ", L->file, key);
  if (n >= 0 && (size_t)n < L->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(L->err + n, L->errlen - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static const char *a_type(enum toml_type t) {
  switch (t) {
  case TOML_STRING: return "a string";
  case TOML_INTEGER: return "an integer";
  case TOML_FLOAT: return "a float";
  case TOML_BOOL: return "a boolean";
  case TOML_ARRAY: return "an array";
  case TOML_TABLE: return "a table";
  default: return "a date-time";
  }
}

/* A string value without NUL bytes, else an error naming the key. */
int cfg_string(struct cfg_loader *L, const struct toml_value *v, int line, const char *key,
               const char **out) {
  size_t len;
  if (toml_type(v) != TOML_STRING)
    return cfg_fail(L, line, key, "expected a string, found %s", a_type(toml_type(v)));
  const char *s = toml_string(v, &len);
  if (strlen(s) != len)
    return cfg_fail(L, line, key, "the string contains a NUL character; write it without one");
  *out = s;
  return 0;
}

int cfg_table(struct cfg_loader *L, const struct toml_value *v, int line, const char *key) {
  if (toml_type(v) != TOML_TABLE)
    return cfg_fail(L, line, key, "expected a table, found %s", a_type(toml_type(v)));
  return 0;
}

/* An array whose elements are all strings. */
int cfg_string_array(struct cfg_loader *L, const struct toml_value *v, int line, const char *key) {
  if (toml_type(v) != TOML_ARRAY)
    return cfg_fail(L, line, key, "expected an array of strings, found %s", a_type(toml_type(v)));
  for (size_t i = 0; i < toml_array_size(v); i++) {
    const struct toml_value *e = toml_array_at(v, i);
    const char *s;
    if (toml_type(e) != TOML_STRING)
      return cfg_fail(L, toml_line(e), key, "expected an array of strings, but element %zu is %s",
                      i + 1, a_type(toml_type(e)));
    if (cfg_string(L, e, toml_line(e), key, &s) < 0)
      return -1;
  }
  return 0;
}

void cfg_keyname(char *out, size_t outlen, const char *prefix, const char *key, size_t keylen) {
  if (snprintf(out, outlen, "%s%s%.*s", prefix ? prefix : "", prefix && *prefix ? "." : "",
               (int)(keylen > 200 ? 200 : keylen), key) < 0)
    out[0] = '\0';
}

int cfg_unknown_key(struct cfg_loader *L, int line, const char *key, const char *accepted) {
  return cfg_fail(L, line, key, "unknown key; accepted keys: %s", accepted);
}

char *cfg_strdup(struct cfg_loader *L, const char *s) {
  char *d = strdup(s);
  if (d == NULL)
    cfg_fail(L, 0, "box.toml", "out of memory");
  return d;
}

/* ---- paths ----------------------------------------------------------------- */

/* Lexically normalised absolute path: no "//", ".", ".." or trailing "/". */
char *cfg_normalize(const char *abs) {
  size_t n = strlen(abs);
  char *out = malloc(n + 2);
  if (out == NULL)
    return NULL;
  size_t o = 0;
  const char *p = abs;
  while (*p) {
    while (*p == '/')
      p++;
    const char *s = p;
    while (*p && *p != '/')
      p++;
    size_t len = (size_t)(p - s);
    if (len == 0 || (len == 1 && s[0] == '.'))
      continue;
    if (len == 2 && s[0] == '.' && s[1] == '.') {
      while (o > 0 && out[o - 1] != '/')
        o--;
      if (o > 0)
        o--;
      continue;
    }
    out[o++] = '/';
    memcpy(out + o, s, len);
    o += len;
  }
  if (o == 0)
    out[o++] = '/';
  out[o] = '\0';
  return out;
}

/* Resolves a path spelling: "~" and "~/..." against the operator's home,
 * a relative path against the config's directory when allowed. */
char *cfg_resolve(struct cfg_loader *L, const char *spelling, int allow_relative, int line,
                  const char *key) {
  char *joined = NULL;
  int r;
  if (*spelling == '\0') {
    cfg_fail(L, line, key, "the path is empty; write an absolute path%s",
             allow_relative ? ", a path relative to the directory holding box.toml" : "");
    return NULL;
  }
  if (strcmp(spelling, "~") == 0 || strncmp(spelling, "~/", 2) == 0) {
    r = asprintf(&joined, "%s/%s", L->cfg->operator_home, spelling + 1);
  } else if (spelling[0] == '~') {
    cfg_fail(L, line, key, "\"%s\": only the operator's own home can be named with '~'; write \"~/...\" or an absolute path",
             spelling);
    return NULL;
  } else if (spelling[0] == '/') {
    r = asprintf(&joined, "%s", spelling);
  } else if (allow_relative) {
    r = asprintf(&joined, "%s/%s", L->cfg->dir, spelling);
  } else {
    cfg_fail(L, line, key, "\"%s\" is not an absolute path; write a path that starts with '/' or \"~/\"",
             spelling);
    return NULL;
  }
  if (r < 0) {
    cfg_fail(L, line, key, "out of memory");
    return NULL;
  }
  char *norm = cfg_normalize(joined);
  free(joined);
  if (norm == NULL)
    cfg_fail(L, line, key, "out of memory");
  return norm;
}

/* 1 when path equals dir or lies below it (both normalised). */
int cfg_path_within(const char *path, const char *dir) {
  size_t n = strlen(dir);
  if (strcmp(dir, "/") == 0)
    return 1;
  return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* ---- top level ------------------------------------------------------------- */

static int check_box_name(struct cfg_loader *L, const char *name, int line) {
  const char *reason = NULL;
  char buf[64];
  size_t n = strlen(name);
  if (n == 0)
    reason = "it is empty";
  else if (n > 32)
    reason = "it is longer than 32 bytes";
  else if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
    reason = "it is not a path component";
  for (size_t i = 0; reason == NULL && i < n; i++) {
    unsigned char c = (unsigned char)name[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
          c == '_' || c == '-')) {
      if (c >= 0x20 && c < 0x7F)
        snprintf(buf, sizeof buf, "it contains '%c'", c);
      else
        snprintf(buf, sizeof buf, "it contains the byte 0x%02X", c);
      reason = buf;
    }
  }
  if (reason == NULL)
    return 0;
  return cfg_fail(L, line, "name",
                  "box name \"%s\" is invalid: %s; use one component of letters, digits, '.', '_', or '-'",
                  name, reason);
}

static int load_box_dir(struct cfg_loader *L, const struct toml_value *v, int line) {
  const char *s;
  struct stat st;
  if (cfg_string(L, v, line, "box_dir", &s) < 0)
    return -1;
  L->cfg->box_dir = cfg_resolve(L, s, 1, line, "box_dir");
  if (L->cfg->box_dir == NULL)
    return -1;
  L->box_dir_line = line;
  if (strcmp(L->cfg->box_dir, "/") == 0)
    return cfg_fail(L, line, "box_dir", "\"/\" cannot be a box directory; name a directory Box may create");
  char *parent = strdup(L->cfg->box_dir);
  if (parent == NULL)
    return cfg_fail(L, line, "box_dir", "out of memory");
  char *slash = strrchr(parent, '/');
  if (slash == parent)
    slash[1] = '\0';
  else
    *slash = '\0';
  int ok = stat(parent, &st) == 0 && S_ISDIR(st.st_mode);
  free(parent);
  if (!ok)
    return cfg_fail(L, line, "box_dir",
                    "the box directory's parent does not exist; create it, because Box creates no "
                    "directory above the one `box_dir` names");
  if (lstat(L->cfg->box_dir, &st) == 0 && !S_ISDIR(st.st_mode))
    return cfg_fail(L, line, "box_dir", "\"%s\" exists and is not a directory; name a directory Box may create or own",
                    L->cfg->box_dir);
  return 0;
}

static int load_policy(struct cfg_loader *L, const struct toml_value *v, int line) {
  const char *s;
  struct stat st;
  if (cfg_string(L, v, line, "policy", &s) < 0)
    return -1;
  char *p = cfg_resolve(L, s, 1, line, "policy");
  if (p == NULL)
    return -1;
  L->cfg->policy_path = p;
  L->policy_line = line;
  if (stat(p, &st) != 0)
    return cfg_fail(L, line, "policy",
                    "\"%s\" cannot be read (%s); name an existing Dogwood policy file (a relative path "
                    "starts at the directory holding box.toml)",
                    p, strerror(errno));
  if (!S_ISREG(st.st_mode))
    return cfg_fail(L, line, "policy", "\"%s\" is not a regular file; name a Dogwood policy file", p);
  return 0;
}

void cfg_note(struct cfg_loader *L, int line, const char *what, const char *why) {
  fprintf(stderr, "box-broker: note: %s:%d: %s is accepted and ignored: %s\n", L->file, line, what, why);
}

/* [tool.*] / [mcp.*]: tables of tables, accepted and ignored with a note. */
static int load_ignored_section(struct cfg_loader *L, const char *key, const struct toml_value *v,
                                int line) {
  if (cfg_table(L, v, line, key) < 0)
    return -1;
  for (size_t i = 0; i < toml_table_size(v); i++) {
    size_t kl;
    const char *k = toml_table_key(v, i, &kl);
    char name[256];
    cfg_keyname(name, sizeof name, key, k, kl);
    if (cfg_table(L, toml_table_value(v, i), toml_table_key_line(v, i), name) < 0)
      return -1;
    char what[300];
    snprintf(what, sizeof what, "[%s]", name);
    cfg_note(L, toml_table_key_line(v, i), what,
                 strcmp(key, "tool") == 0 ? "this broker runs Python scripts and starts no tools"
                                          : "this broker starts no MCP servers");
  }
  return 0;
}

static const char TOP_KEYS[] = "name, box_dir, policy, agent, tool, egress, mcp, telemetry";

static int load_top(struct cfg_loader *L, const struct toml_value *root) {
  for (size_t i = 0; i < toml_table_size(root); i++) {
    size_t kl;
    const char *k = toml_table_key(root, i, &kl);
    const struct toml_value *v = toml_table_value(root, i);
    int line = toml_table_key_line(root, i);
    char name[256];
    cfg_keyname(name, sizeof name, NULL, k, kl);
    int rc;
    if (strcmp(name, "name") == 0) {
      const char *s;
      rc = cfg_string(L, v, line, "name", &s);
      if (rc == 0)
        rc = check_box_name(L, s, line);
      if (rc == 0 && (L->cfg->name = cfg_strdup(L, s)) == NULL)
        rc = -1;
    } else if (strcmp(name, "box_dir") == 0) {
      rc = load_box_dir(L, v, line);
    } else if (strcmp(name, "policy") == 0) {
      rc = load_policy(L, v, line);
    } else if (strcmp(name, "agent") == 0) {
      rc = cfg_load_agent(L, v, line);
    } else if (strcmp(name, "egress") == 0) {
      rc = cfg_load_egress(L, v, line);
    } else if (strcmp(name, "telemetry") == 0) {
      rc = cfg_load_telemetry(L, v, line);
    } else if (strcmp(name, "tool") == 0 || strcmp(name, "mcp") == 0) {
      rc = load_ignored_section(L, name, v, line);
    } else {
      rc = cfg_unknown_key(L, line, name, TOP_KEYS);
    }
    if (rc < 0)
      return -1;
  }
  if (L->cfg->name == NULL)
    return cfg_fail(L, 0, "name", "required key is missing; set name = \"<letters, digits, '.', '_', or '-'>\"");
  if (L->cfg->box_dir == NULL)
    return cfg_fail(L, 0, "box_dir", "required key is missing; set box_dir = \"/absolute/path\" (its parent must exist)");
  return 0;
}

/* ---- cross-key rules ---------------------------------------------------------- */

static int default_workspace(struct cfg_loader *L) {
  char cwd[PATH_MAX];
  if (getcwd(cwd, sizeof cwd) == NULL)
    return cfg_fail(L, 0, "agent.workspace", "the broker's working directory cannot be read (%s); set [agent] workspace",
                    strerror(errno));
  if ((L->cfg->workspace = cfg_normalize(cwd)) == NULL)
    return cfg_fail(L, 0, "agent.workspace", "out of memory");
  if (strcmp(L->cfg->workspace, L->cfg->operator_home) == 0)
    return cfg_fail(L, 0, "agent.workspace",
                    "the broker was started in the operator's home \"%s\", which may not be the workspace; "
                    "set [agent] workspace to a project directory",
                    L->cfg->operator_home);
  return 0;
}

/* Canonical spelling of a path whose parent may exist while it does not. */
static char *canonical_of(const char *path) {
  char *r = realpath(path, NULL);
  if (r != NULL)
    return r;
  char *copy = strdup(path);
  if (copy == NULL)
    return NULL;
  char *slash = strrchr(copy, '/');
  char *out = NULL;
  if (slash != NULL && slash != copy) {
    *slash = '\0';
    char *parent = realpath(copy, NULL);
    if (parent != NULL && asprintf(&out, "%s/%s", strcmp(parent, "/") ? parent : "", slash + 1) < 0)
      out = NULL;
    free(parent);
  }
  free(copy);
  return out;
}

static int check_box_dir_placement(struct cfg_loader *L) {
  struct box_config *c = L->cfg;
  int line = L->box_dir_line;
  char *bd = canonical_of(c->box_dir);
  char *ws = realpath(c->workspace, NULL);
  int rc = 0;
  if (bd == NULL) {
    rc = cfg_fail(L, line, "box_dir", "\"%s\" cannot be resolved; name a directory whose parent exists", c->box_dir);
  } else if (ws != NULL && cfg_path_within(bd, ws)) {
    rc = cfg_fail(L, line, "box_dir",
                  "\"%s\" is the workspace or lies inside it (\"%s\"); choose a directory outside the workspace",
                  c->box_dir, c->workspace);
  } else if (cfg_path_within(c->path, bd)) {
    rc = cfg_fail(L, line, "box_dir",
                  "\"%s\" holds this box.toml; choose a directory that contains neither box.toml nor the policy",
                  c->box_dir);
  } else if (c->policy_path != NULL) {
    char *pol = realpath(c->policy_path, NULL);
    if (pol != NULL && cfg_path_within(pol, bd))
      rc = cfg_fail(L, line, "box_dir",
                    "\"%s\" holds the policy \"%s\"; choose a directory that contains neither box.toml nor the policy",
                    c->box_dir, c->policy_path);
    free(pol);
  }
  for (size_t i = 0; rc == 0 && bd != NULL && i < c->n_telemetry; i++) {
    const struct box_telemetry *t = &c->telemetry[i];
    if (strcmp(t->kind, "file") != 0)
      continue;
    char *dest = canonical_of(t->destination);
    char priv[PATH_MAX];
    snprintf(priv, sizeof priv, "%s/private", bd);
    const char *d = dest ? dest : t->destination;
    if ((cfg_path_within(d, bd) || cfg_path_within(d, c->box_dir)) && !cfg_path_within(d, priv) &&
        !cfg_path_within(t->destination, priv))
      rc = cfg_fail(L, t->line, "telemetry", "[telemetry.%s] destination \"%s\" lies inside the box directory "
                    "but not under its private/; put it under \"%s/private/\" or outside the box directory",
                    t->label, t->destination, c->box_dir);
    else if (strcmp(d, priv) == 0 || cfg_path_within(priv, d))
      rc = cfg_fail(L, t->line, "telemetry", "[telemetry.%s] destination \"%s\" is a directory Box owns; name a file",
                    t->label, t->destination);
    free(dest);
  }
  if (rc == 0 && c->agent_home != NULL && bd != NULL) {
    char *home = canonical_of(c->agent_home);
    const char *h = home ? home : c->agent_home;
    if (cfg_path_within(bd, h) || cfg_path_within(h, bd))
      rc = cfg_fail(L, L->agent_home_line, "agent.env.HOME",
                    "\"%s\" lies in or encloses the box directory \"%s\"; choose a HOME apart from box_dir",
                    c->agent_home, c->box_dir);
    free(home);
  }
  free(bd);
  free(ws);
  return rc;
}

/* ---- entry points ------------------------------------------------------------ */

static int operator_home(struct cfg_loader *L) {
  const char *h = getenv("HOME");
  if (h == NULL || h[0] != '/') {
    struct passwd *pw = getpwuid(getuid());
    h = pw != NULL ? pw->pw_dir : NULL;
  }
  if (h == NULL || h[0] != '/')
    return cfg_fail(L, 0, "HOME", "the operator's home is unknown; set HOME to an absolute path");
  if ((L->cfg->operator_home = cfg_normalize(h)) == NULL)
    return cfg_fail(L, 0, "HOME", "out of memory");
  return 0;
}

static char *read_all(const char *path, size_t *len, int *err) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    *err = errno;
    return NULL;
  }
  size_t cap = 8192, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (buf == NULL)
      break;
    if (n == cap) {
      if (cap > (64u << 20)) {
        free(buf);
        buf = NULL;
        *err = EFBIG;
        break;
      }
      char *nb = realloc(buf, cap * 2);
      if (nb == NULL) {
        free(buf);
        buf = NULL;
        *err = ENOMEM;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0) {
      if (ferror(f)) {
        *err = EIO;
        free(buf);
        buf = NULL;
      }
      break;
    }
    n += got;
  }
  fclose(f);
  *len = n;
  return buf;
}

/* No key anywhere may hold a NUL byte: keys are compared as C strings. */
static int check_key_bytes(struct cfg_loader *L, const struct toml_value *v, const char *prefix) {
  if (toml_type(v) == TOML_ARRAY) {
    for (size_t i = 0; i < toml_array_size(v); i++)
      if (check_key_bytes(L, toml_array_at(v, i), prefix) < 0)
        return -1;
    return 0;
  }
  if (toml_type(v) != TOML_TABLE)
    return 0;
  for (size_t i = 0; i < toml_table_size(v); i++) {
    size_t kl;
    const char *k = toml_table_key(v, i, &kl);
    char name[256];
    cfg_keyname(name, sizeof name, prefix, k, kl);
    if (strlen(k) != kl)
      return cfg_fail(L, toml_table_key_line(v, i), name, "the key contains a NUL character; write it without one");
    if (check_key_bytes(L, toml_table_value(v, i), name) < 0)
      return -1;
  }
  return 0;
}

static int fail_plain(struct cfg_loader *L, const char *fmt, ...) {
  L->failed = 1;
  int n = snprintf(L->err, L->errlen, "box-broker: error: %s: ", L->file);
  if (n >= 0 && (size_t)n < L->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(L->err + n, L->errlen - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* "box-broker: error: <file>:<line>:<column>: not valid TOML: <what>" */
static int cfg_fail_toml(struct cfg_loader *L, int line, int col, const char *what) {
  L->failed = 1;
  snprintf(L->err, L->errlen, "box-broker: error: %s:%d:%d: not valid TOML: %s", L->file, line, col, what);
  return -1;
}

static int load(struct cfg_loader *L, const char *path) {
  struct box_config *c = L->cfg;
  if (operator_home(L) < 0)
    return -1;
  c->path = realpath(path, NULL);
  if (c->path == NULL)
    return fail_plain(L, "cannot read the configuration (%s); name an existing box.toml", strerror(errno));
  c->dir = strdup(c->path);
  if (c->dir == NULL)
    return fail_plain(L, "out of memory");
  char *slash = strrchr(c->dir, '/');
  slash[slash == c->dir ? 1 : 0] = '\0';
  size_t len;
  int e = 0;
  char *text = read_all(c->path, &len, &e);
  if (text == NULL)
    return fail_plain(L, "cannot read the configuration (%s); name a readable box.toml", strerror(e));
  char terr[512];
  struct toml_doc *doc = toml_parse(text, len, terr, sizeof terr);
  free(text);
  if (doc == NULL) {
    int line = 0, col = 0, off = 0;
    if (sscanf(terr, "line %d, column %d: %n", &line, &col, &off) == 2 && off > 0)
      return cfg_fail_toml(L, line, col, terr + off);
    return fail_plain(L, "not valid TOML: %s", terr);
  }
  int rc = check_key_bytes(L, toml_root(doc), "");
  if (rc == 0)
    rc = load_top(L, toml_root(doc));
  toml_free(doc);
  if (rc < 0)
    return -1;
  if (c->workspace == NULL && default_workspace(L) < 0)
    return -1;
  if (check_box_dir_placement(L) < 0)
    return -1;
  return cfg_check_grants(L);
}

int box_config_load(const char *path, struct box_config **out, char *err, size_t errlen) {
  struct cfg_loader L;
  memset(&L, 0, sizeof L);
  *out = NULL;
  if (errlen)
    err[0] = '\0';
  L.file = path;
  L.err = err;
  L.errlen = errlen;
  L.cfg = calloc(1, sizeof *L.cfg);
  if (L.cfg == NULL) {
    snprintf(err, errlen, "box-broker: error: %s: out of memory", path);
    return -1;
  }
  if (load(&L, path) < 0) {
    box_config_free(L.cfg);
    return -1;
  }
  *out = L.cfg;
  return 0;
}

const char *box_config_env(const struct box_config *cfg, const char *name) {
  for (size_t i = 0; cfg && i < cfg->n_env; i++)
    if (strcmp(cfg->env[i].name, name) == 0)
      return cfg->env[i].value;
  return NULL;
}

void box_config_free(struct box_config *c) {
  if (c == NULL)
    return;
  free(c->path);
  free(c->dir);
  free(c->name);
  free(c->box_dir);
  free(c->policy_path);
  free(c->workspace);
  free(c->operator_home);
  free(c->agent_home);
  free(c->agent_program);
  for (size_t i = 0; i < c->n_env; i++) {
    free(c->env[i].name);
    free(c->env[i].value);
  }
  free(c->env);
  for (int l = 0; l < BOX_FS_NLISTS; l++) {
    for (size_t i = 0; i < c->fs[l].n; i++) {
      free(c->fs[l].v[i].path);
      free(c->fs[l].v[i].spelling);
    }
    free(c->fs[l].v);
  }
  for (size_t i = 0; i < c->n_egress; i++) {
    struct box_egress *g = &c->egress[i];
    free(g->name);
    for (size_t k = 0; k < g->n_destinations; k++)
      free(g->destinations[k]);
    free(g->destinations);
    free(g->protocol);
    free(g->secret_ref);
    free(g->secret_placement);
    free(g->secret_header);
    free(g->secret_prefix);
    free(g->secret_param);
    free(g->secret_inject);
    free(g->secret_phantom_prefix);
  }
  free(c->egress);
  for (size_t i = 0; i < c->n_telemetry; i++) {
    struct box_telemetry *t = &c->telemetry[i];
    free(t->label);
    free(t->kind);
    free(t->destination);
    free(t->secret_ref);
    free(t->secret_header);
  }
  free(c->telemetry);
  free(c);
}
