/* broker/init_box.c -- `box-broker --init DIR [--workspace PATH]` (see
 * init_box.h).  The box it writes is the page's example made concrete:
 * scripts may read the workspace and write under its out/ directory, the
 * operator's secret stores are forbidden whatever else is permitted, and
 * the aliases (after --install) read scripts with the agent's read access
 * to the workspace.  Paths in box.toml are absolute; in policy.dw a path
 * under the operator's home is spelled ~/ as policy requires. */
#include <config.h> /* autoconf (_GNU_SOURCE: asprintf) */

#include "broker/init_box.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "broker/policy/policy.h"
#include "common/pathnorm.h"

/* Stores a script must never reach, under the operator's home. */
static const char *const SECRET_STORES[] = {
  "~/.ssh", "~/.aws", "~/.gnupg", "~/.config/gcloud", "~/.azure", "~/.kube", "~/.docker",
  "~/.netrc", "~/.git-credentials", "~/.npmrc", "~/.pypirc", NULL,
};

/* A path as policy spells it: ~/... under the home. */
static void policy_spelling(const char *path, const char *home, char *out, size_t cap)
{
  size_t hl = strlen(home);
  if (hl > 1 && box_path_under(path, home, hl))
    snprintf(out, cap, "~%s", path + hl);
  else
    snprintf(out, cap, "%s", path);
}

static int bad_char(const char *s)
{
  return strpbrk(s, "\"\\*\n\r\t") != NULL;
}

/* The box's name: DIR's last component, made of the characters box.toml
 * allows. */
static void box_name(const char *dir, char *out, size_t cap)
{
  const char *base = strrchr(dir, '/');
  base = base && base[1] ? base + 1 : "box";
  size_t o = 0;
  for (; *base && o + 1 < cap; base++) {
    char c = *base;
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
             c == '_' || c == '-';
    out[o++] = ok ? c : '-';
  }
  out[o] = '\0';
  if (o == 0 || out[0] == '.' || out[0] == '-')
    snprintf(out, cap, "box");
}

/* mkdir -p for an absolute, normalised path. */
static int make_dirs(const char *path)
{
  char buf[PATH_MAX];
  if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
    errno = ENAMETOOLONG;
    return -1;
  }
  for (char *p = buf + 1;; p++) {
    if (*p == '/' || *p == '\0') {
      char c = *p;
      *p = '\0';
      if (mkdir(buf, 0755) != 0 && errno != EEXIST)
        return -1;
      *p = c;
      if (c == '\0')
        break;
    }
  }
  struct stat st;
  if (stat(path, &st) != 0)
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return -1;
  }
  return 0;
}

static int write_new(const char *path, const char *text, char *err, size_t errlen)
{
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    snprintf(err, errlen, errno == EEXIST ? "%s already exists; --init never overwrites a box" : "cannot create %s: %s",
             path, strerror(errno));
    return -1;
  }
  size_t n = strlen(text);
  ssize_t w = write(fd, text, n);
  int saved = errno;
  if (close(fd) != 0 || w != (ssize_t)n) {
    unlink(path);
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(w < 0 ? saved : EIO));
    return -1;
  }
  return 0;
}

static char *toml_text(const char *name, const char *dir, const char *ws)
{
  char *t = NULL;
  if (asprintf(&t,
               "# box.toml -- a box for %s, written by `box-broker --init`.\n"
               "# Every key is described in doc/REFERENCE.md (\"box.toml\").\n"
               "name = \"%s\"\n"
               "# The box's own state (aliases, decision log): created 0700 on first use,\n"
               "# outside the workspace.  Scripts can never open it.\n"
               "box_dir = \"%s/state\"\n"
               "# The policy that decides every file operation and fetch() (next to this file).\n"
               "policy = \"policy.dw\"\n"
               "\n"
               "[agent]\n"
               "# The scripts' working directory: relative paths are rooted here.\n"
               "workspace = \"%s\"\n"
               "\n"
               "# The agent's own access, with no policy decision: the aliases read the\n"
               "# scripts they are given with it, so the workspace must be readable.\n"
               "[agent.filesystem]\n"
               "read = [\"%s\"]\n",
               ws, name, dir, ws, ws) < 0)
    abort();
  return t;
}

static char *policy_text(const char *dir, const char *ws_spelled)
{
  char forbid[2048] = "";
  size_t o = 0;
  for (size_t i = 0; SECRET_STORES[i]; i++)
    o += (size_t)snprintf(forbid + o, sizeof forbid - o, "%s  context.input.path == \"%s\" || context.input.path like \"%s/*\"",
                          i ? " ||\n" : "", SECRET_STORES[i], SECRET_STORES[i]);
  char *t = NULL;
  if (asprintf(&t,
               "// policy.dw -- the policy of the box in %s, written by `box-broker --init`.\n"
               "// Every file operation and fetch() a script makes is decided here; what no\n"
               "// permit matches is refused, and a forbid wins over every permit.  Paths\n"
               "// under your home are spelled ~/...  Try a request before a script makes it:\n"
               "//   box-broker --config %s/box.toml --decide \\\n"
               "//     '{\"action\":\"fs:read\",\"input\":{\"path\":\"notes.txt\",\"operation\":\"read_content\"}}'\n"
               "// The vocabulary (actions, fields, values) is in doc/REFERENCE.md.\n"
               "\n"
               "// Scripts may read the project: the directory itself and everything in it.\n"
               "@id(\"project_read\")\n"
               "permit (principal, action == Box::Action::\"fs:read\", resource)\n"
               "when {\n"
               "  context.input.path == \"%s\" ||\n"
               "  context.input.path like \"%s/*\"\n"
               "};\n"
               "\n"
               "// Scripts may write their results under out/ (make the directory, or let a\n"
               "// script create it with Path(\"out\").mkdir()).\n"
               "@id(\"out_write\")\n"
               "permit (principal, action == Box::Action::\"fs:write\", resource)\n"
               "when {\n"
               "  context.input.path == \"%s/out\" ||\n"
               "  context.input.path like \"%s/out/*\"\n"
               "};\n"
               "\n"
               "// The operator's secret stores stay closed, whatever a permit above says.\n"
               "@id(\"no_secrets\")\n"
               "forbid (principal, action in [Box::Action::\"fs:read\", Box::Action::\"fs:write\",\n"
               "                              Box::Action::\"fs:delete\", Box::Action::\"fs:move\"], resource)\n"
               "when {\n"
               "%s\n"
               "};\n"
               "\n"
               "// No network: fetch() is refused until you permit a host.  To allow one API,\n"
               "// permit both the connection and the requests (see doc/REFERENCE.md):\n"
               "//   @id(\"api_connect\") permit (principal, action == Box::Action::\"net:connect\", resource)\n"
               "//   when { context.input.host == \"api.example.com\" && context.input.port == 443 };\n"
               "//   @id(\"api_requests\") permit (principal, action == Box::Action::\"http:request\", resource)\n"
               "//   when { context.input.host == \"api.example.com\" && context.input.path like \"/v1/*\" };\n",
               dir, dir, ws_spelled, ws_spelled, ws_spelled, ws_spelled, forbid) < 0)
    abort();
  return t;
}

int init_box(const char *dir_arg, const char *ws_arg, FILE *out, char *err, size_t errlen)
{
  char cwd[PATH_MAX];
  if (getcwd(cwd, sizeof cwd) == NULL) {
    snprintf(err, errlen, "cannot read the current directory: %s", strerror(errno));
    return -1;
  }
  const char *home = getenv("HOME");
  if (home == NULL || home[0] != '/') {
    snprintf(err, errlen, "the operator's home is unknown; set HOME to an absolute path");
    return -1;
  }
  char *dir = box_path_normalize(cwd, dir_arg, strlen(dir_arg));
  char *ws = box_path_normalize(cwd, ws_arg ? ws_arg : ".", strlen(ws_arg ? ws_arg : "."));
  char *homen = box_path_normalize(NULL, home, strlen(home));
  int rc = -1;
  char *toml = NULL, *pol = NULL, toml_path[PATH_MAX], pol_path[PATH_MAX];
  struct stat st;
  if (dir == NULL || ws == NULL || homen == NULL)
    abort();
  if (bad_char(dir) || bad_char(ws)) {
    snprintf(err, errlen, "--init writes paths into box.toml and policy.dw, which cannot hold a path with "
                          "a quote, a backslash, a '*' or a control character: %s",
             bad_char(dir) ? dir : ws);
    goto out;
  }
  if (stat(ws, &st) != 0 || !S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "the workspace %s is not a directory; give an existing one with --workspace PATH", ws);
    goto out;
  }
  if (strcmp(ws, homen) == 0 || strcmp(ws, "/") == 0) {
    snprintf(err, errlen, "the workspace %s would give scripts your whole %s; give a project directory with "
                          "--workspace PATH", ws, strcmp(ws, "/") == 0 ? "file system" : "home");
    goto out;
  }
  if (box_path_under(dir, ws, strlen(ws))) {
    snprintf(err, errlen, "%s lies inside the workspace %s, and a box keeps its state outside the workspace "
                          "(scripts can reach everything inside it); choose a directory elsewhere, e.g. ~/boxes/NAME",
             dir, ws);
    goto out;
  }
  if (make_dirs(dir) != 0) {
    snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
    goto out;
  }
  snprintf(toml_path, sizeof toml_path, "%s/box.toml", dir);
  snprintf(pol_path, sizeof pol_path, "%s/policy.dw", dir);
  if (lstat(toml_path, &st) == 0 || lstat(pol_path, &st) == 0) {
    snprintf(err, errlen, "%s already exists; --init never overwrites a box",
             lstat(toml_path, &st) == 0 ? toml_path : pol_path);
    goto out;
  }
  char name[64], spelled[PATH_MAX + 2];
  box_name(dir, name, sizeof name);
  policy_spelling(ws, homen, spelled, sizeof spelled);
  toml = toml_text(name, dir, ws);
  pol = policy_text(dir, spelled);
  if (write_new(pol_path, pol, err, errlen) != 0)
    goto out;
  if (write_new(toml_path, toml, err, errlen) != 0) {
    unlink(pol_path);
    goto out;
  }
  /* what was written must load as any box does */
  struct box_config *cfg = NULL;
  struct policy *p = NULL;
  char lerr[1024];
  if (box_config_load(toml_path, &cfg, lerr, sizeof lerr) != 0 ||
      (p = policy_load_file(cfg->policy_path, cfg->operator_home, lerr, sizeof lerr)) == NULL) {
    snprintf(err, errlen, "the box written for %s does not load (%s); nothing was kept", ws, lerr);
    unlink(toml_path);
    unlink(pol_path);
    box_config_free(cfg);
    goto out;
  }
  policy_free(p);
  box_config_free(cfg);
  fprintf(out,
          "box-broker: wrote a box for %s:\n"
          "  %s     the box: workspace, state directory %s/state, the agent's read access\n"
          "  %s    its policy: read the workspace, write under out/, never the secret stores\n"
          "Next:\n"
          "  box-broker --config %s --install\n"
          "      makes the aliases %s/state/bin/python3 and %s/state/bin/python:\n"
          "      give your agent harness one of them as its Python\n"
          "  %s/state/bin/python3 -c 'print(6 * 7)'\n"
          "  box-broker --config %s --decide \\\n"
          "      '{\"action\":\"fs:write\",\"input\":{\"path\":\"out/report.txt\",\"operation\":\"write_content\"}}'\n"
          "  box-broker --config %s --audit       a security review of the box\n"
          "  box-broker --config %s --log         what policy has decided so far\n",
          ws, toml_path, dir, pol_path, toml_path, dir, dir, dir, toml_path, toml_path, toml_path);
  rc = 0;
out:
  free(toml);
  free(pol);
  free(dir);
  free(ws);
  free(homen);
  return rc;
}
