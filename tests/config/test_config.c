/* tests/config/test_config.c -- Check tests for broker/config: every file
 * in tests/config/data/ is loaded from a scratch tree and must give exactly
 * the text on its "# expect:" line (or load, for "ok"); the full example is
 * then checked field by field. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/config/config.h"

static char **data_files;
static int n_data_files;
static char data_dir[PATH_MAX];

/* ---- scratch tree ------------------------------------------------------------ */

static char tmp[PATH_MAX];

static void make_dir(const char *rel) {
  char p[PATH_MAX + 64];
  snprintf(p, sizeof p, "%s/%s", tmp, rel);
  ck_assert_int_eq(mkdir(p, 0755), 0);
}

static void make_file(const char *rel, const char *text) {
  char p[PATH_MAX + 64];
  snprintf(p, sizeof p, "%s/%s", tmp, rel);
  FILE *f = fopen(p, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

static void setup(void) {
  char t[] = "/tmp/h3-config-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(t));
  ck_assert_ptr_nonnull(realpath(t, tmp));
  make_dir("home");
  make_dir("home/src");
  make_dir("home/src/project");
  make_dir("home/agent-home");
  make_dir("boxes");
  make_dir("ws");
  make_file("file.txt", "x\n");
  make_file("policy.dw", "// empty\n");
  make_file("boxes/p.dw", "// empty\n");
  make_file("ws/pol.dw", "// empty\n");
  make_dir("home/.ssh"); /* credential stores a grant may not enclose */
  make_file("home/.netrc", "machine x\n");
  char link[PATH_MAX + 8];
  snprintf(link, sizeof link, "%s/link", tmp);
  ck_assert_int_eq(symlink("ws", link), 0);
  char home[PATH_MAX + 8];
  snprintf(home, sizeof home, "%s/home", tmp);
  setenv("HOME", home, 1);
  char ws[PATH_MAX + 8];
  snprintf(ws, sizeof ws, "%s/ws", tmp);
  ck_assert_int_eq(chdir(ws), 0);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void teardown(void) {
  if (chdir("/") != 0)
    return;
  nftw(tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Replaces every "@TMP@" with the scratch directory. */
static char *subst(const char *s) {
  size_t cap = strlen(s) * 4 + PATH_MAX * 8, n = 0;
  char *out = malloc(cap);
  ck_assert_ptr_nonnull(out);
  while (*s) {
    if (strncmp(s, "@TMP@", 5) == 0) {
      n += (size_t)snprintf(out + n, cap - n, "%s", tmp);
      s += 5;
    } else {
      out[n++] = *s++;
    }
  }
  out[n] = '\0';
  return out;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  ck_assert_msg(f != NULL, "cannot read %s", path);
  static char buf[65536];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return strdup(buf);
}

/* Loads data file `name` as <tmp>/box.toml; returns the config or NULL. */
static struct box_config *load_data(const char *name, char *expect, size_t expectlen, char *err,
                                    size_t errlen) {
  char path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/%s", data_dir, name);
  char *raw = slurp(path);
  ck_assert_msg(strncmp(raw, "# expect: ", 10) == 0, "%s lacks '# expect:'", name);
  char *text = subst(raw);
  free(raw);
  size_t el = strcspn(text + 10, "\n");
  snprintf(expect, expectlen, "%.*s", (int)el, text + 10);
  char cfgpath[PATH_MAX + 16];
  snprintf(cfgpath, sizeof cfgpath, "%s/box.toml", tmp);
  FILE *f = fopen(cfgpath, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
  free(text);
  struct box_config *cfg = NULL;
  int rc = box_config_load(cfgpath, &cfg, err, errlen);
  ck_assert_int_eq(rc == 0, cfg != NULL);
  return cfg;
}

START_TEST(test_data_file) {
  const char *name = data_files[_i];
  char expect[2048], err[2048];
  struct box_config *cfg = load_data(name, expect, sizeof expect, err, sizeof err);
  if (strcmp(expect, "ok") == 0) {
    ck_assert_msg(cfg != NULL, "%s refused: %s", name, err);
  } else {
    ck_assert_msg(cfg == NULL, "%s accepted", name);
    ck_assert_msg(strcmp(err, expect) == 0, "%s:\n got: %s\nwant: %s", name, err, expect);
  }
  box_config_free(cfg);
}
END_TEST

START_TEST(test_full_example_fields) {
  char expect[2048], err[2048], want[PATH_MAX + 128];
  struct box_config *c = load_data("ok-full.toml", expect, sizeof expect, err, sizeof err);
  ck_assert_msg(c != NULL, "refused: %s", err);
  snprintf(want, sizeof want, "%s/box.toml", tmp);
  ck_assert_str_eq(c->path, want);
  ck_assert_str_eq(c->dir, tmp);
  ck_assert_str_eq(c->name, "pybox");
  snprintf(want, sizeof want, "%s/boxes/pybox", tmp);
  ck_assert_str_eq(c->box_dir, want);
  snprintf(want, sizeof want, "%s/policy.dw", tmp);
  ck_assert_str_eq(c->policy_path, want);
  snprintf(want, sizeof want, "%s/home/src/project", tmp);
  ck_assert_str_eq(c->workspace, want);
  snprintf(want, sizeof want, "%s/home", tmp);
  ck_assert_str_eq(c->operator_home, want);
  snprintf(want, sizeof want, "%s/home/agent-home", tmp);
  ck_assert_str_eq(c->agent_home, want);
  ck_assert_uint_eq(c->n_env, 3);
  ck_assert_str_eq(c->env[0].name, "PATH");
  ck_assert_str_eq(box_config_env(c, "TERM"), "xterm-256color");
  ck_assert_ptr_null(box_config_env(c, "USER"));

  ck_assert_uint_eq(c->fs[BOX_FS_READ].n, 2);
  ck_assert_str_eq(c->fs[BOX_FS_READ].v[0].spelling, "~/agent-home");
  ck_assert_str_eq(c->fs[BOX_FS_READ].v[0].path, want);
  ck_assert_int_eq(c->fs[BOX_FS_READ].v[0].line, 13);
  ck_assert_uint_eq(c->fs[BOX_FS_WRITE].n, 1);
  ck_assert_uint_eq(c->fs[BOX_FS_LIST].n, 1);
  ck_assert_uint_eq(c->fs[BOX_FS_READ_FILE].n, 1);
  ck_assert_uint_eq(c->fs[BOX_FS_DENY].n, 0);
  ck_assert_str_eq(box_fs_list_name(BOX_FS_WRITE_FILE), "write_file");
  ck_assert_ptr_null(box_fs_list_name(BOX_FS_NLISTS));

  ck_assert_uint_eq(c->n_egress, 3);
  const struct box_egress *g = &c->egress[0];
  ck_assert_str_eq(g->name, "github");
  ck_assert_uint_eq(g->n_destinations, 3);
  ck_assert_str_eq(g->destinations[0], "api.github.com");
  ck_assert_str_eq(g->destinations[2], "uploads.github.com:443/repos/*/assets");
  ck_assert_str_eq(g->protocol, "http");
  ck_assert_str_eq(g->secret_ref, "env://GITHUB_TOKEN");
  ck_assert_str_eq(g->secret_placement, "header");
  ck_assert_str_eq(g->secret_header, "Authorization");
  ck_assert_str_eq(g->secret_prefix, "Bearer ");
  ck_assert_str_eq(g->secret_inject, "phantom");
  ck_assert_str_eq(g->secret_phantom_prefix, "strands_box_");
  ck_assert_ptr_null(g->secret_param);
  g = &c->egress[1];
  ck_assert_str_eq(g->secret_placement, "query_param");
  ck_assert_str_eq(g->secret_param, "key");
  ck_assert_ptr_null(g->secret_header);
  g = &c->egress[2];
  ck_assert_str_eq(g->secret_ref, "aws://default");
  ck_assert_ptr_null(g->secret_placement);

  ck_assert_uint_eq(c->n_telemetry, 2);
  ck_assert_str_eq(c->telemetry[0].label, "audit");
  ck_assert_str_eq(c->telemetry[0].kind, "file");
  snprintf(want, sizeof want, "%s/home/audit.jsonl", tmp);
  ck_assert_str_eq(c->telemetry[0].destination, want);
  ck_assert_uint_eq(c->telemetry[0].include, BOX_TELEMETRY_DENY);
  ck_assert_uint_eq(c->telemetry[1].include, BOX_TELEMETRY_ALL);
  box_config_free(c);
}
END_TEST

START_TEST(test_defaults) {
  char expect[2048], err[2048];
  struct box_config *c = load_data("ok-minimal.toml", expect, sizeof expect, err, sizeof err);
  ck_assert_msg(c != NULL, "refused: %s", err);
  char want[PATH_MAX + 8];
  snprintf(want, sizeof want, "%s/ws", tmp); /* the broker's cwd */
  ck_assert_str_eq(c->workspace, want);
  ck_assert_ptr_null(c->policy_path);
  ck_assert_ptr_null(c->agent_home);
  ck_assert_uint_eq(c->n_env, 0);
  ck_assert_uint_eq(c->n_egress, 0);
  ck_assert_uint_eq(c->n_telemetry, 0);
  box_config_free(c);
}
END_TEST

START_TEST(test_missing_file) {
  struct box_config *c = (struct box_config *)1;
  char err[512];
  ck_assert_int_eq(box_config_load("/nonexistent/box.toml", &c, err, sizeof err), -1);
  ck_assert_ptr_null(c);
  ck_assert_str_eq(err, "box-broker: error: /nonexistent/box.toml: cannot read the configuration "
                        "(No such file or directory); name an existing box.toml");
  box_config_free(NULL);
}
END_TEST

START_TEST(test_workspace_in_home_default) {
  char expect[2048], err[2048], home[PATH_MAX + 8];
  snprintf(home, sizeof home, "%s/home", tmp);
  ck_assert_int_eq(chdir(home), 0);
  struct box_config *c = load_data("ok-minimal.toml", expect, sizeof expect, err, sizeof err);
  ck_assert_ptr_null(c);
  char *want = subst("box-broker: error: @TMP@/box.toml: agent.workspace: the broker was started in "
                     "the operator's home \"@TMP@/home\", which may not be the workspace; set [agent] "
                     "workspace to a project directory");
  ck_assert_str_eq(err, want);
  free(want);
}
END_TEST

/* The startup disclosure of the grants, and the write+exec warning printed
 * while loading (stderr is captured into a file for the load). */
START_TEST(test_disclose) {
  char expect[2048], err[2048], cap[PATH_MAX + 16];
  snprintf(cap, sizeof cap, "%s/stderr.txt", tmp);
  fflush(stderr);
  int saved = dup(2);
  FILE *cf = fopen(cap, "w");
  ck_assert_ptr_nonnull(cf);
  dup2(fileno(cf), 2);
  struct box_config *c = load_data("ok-disclose.toml", expect, sizeof expect, err, sizeof err);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  fclose(cf);
  ck_assert_msg(c != NULL, "refused: %s", err);
  char *warned = slurp(cap);
  char *want = subst("box-broker: warning: @TMP@/box.toml:11: agent.filesystem.exec: \"@TMP@/ws\" overlaps "
                     "the write grant \"@TMP@/ws\" (line 10); the agent can run what it writes there\n");
  ck_assert_msg(strstr(warned, want) != NULL, "stderr:\n%s\nlacks:\n%s", warned, want);
  free(warned);
  free(want);

  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  ck_assert_ptr_nonnull(out);
  box_config_disclose(c, out);
  fclose(out);
  want = subst("box-broker: [agent] runs /usr/bin/node with no policy decision over these paths:\n"
               "read  @TMP@/home/.ssh\n"
               "read  @TMP@/ws\n"
               "read  /etc\n"
               "write  @TMP@/ws\n"
               "read_file  @TMP@/home/.netrc\n"
               "exec  @TMP@/ws\n"
               "exec  /usr/bin\n"
               "deny  @TMP@/ws/pol.dw\n"
               "box-broker: [agent]: exposes ~/.ssh (read)\n"
               "box-broker: [agent]: exposes /etc (read)\n"
               "box-broker: [agent]: exposes ~/.netrc (read_file)\n");
  ck_assert_str_eq(text, want);
  free(text);
  free(want);
  box_config_free(c);

  /* No grant: nothing at all. */
  c = load_data("ok-minimal.toml", expect, sizeof expect, err, sizeof err);
  ck_assert_ptr_nonnull(c);
  text = NULL;
  out = open_memstream(&text, &len);
  box_config_disclose(c, out);
  fclose(out);
  ck_assert_str_eq(text, "");
  free(text);
  box_config_free(c);
}
END_TEST

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  const char *srcdir = getenv("top_srcdir");
  snprintf(data_dir, sizeof data_dir, "%s/tests/config/data", srcdir ? srcdir : "../..");
  DIR *d = opendir(data_dir);
  if (d == NULL) {
    fprintf(stderr, "cannot open %s (set top_srcdir)\n", data_dir);
    return 1;
  }
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l > 5 && strcmp(e->d_name + l - 5, ".toml") == 0) {
      data_files = realloc(data_files, sizeof *data_files * (size_t)(n_data_files + 1));
      data_files[n_data_files++] = strdup(e->d_name);
    }
  }
  closedir(d);
  qsort(data_files, (size_t)n_data_files, sizeof *data_files, by_name);

  Suite *s = suite_create("config");
  TCase *tc = tcase_create("box.toml");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_loop_test(tc, test_data_file, 0, n_data_files);
  tcase_add_test(tc, test_full_example_fields);
  tcase_add_test(tc, test_defaults);
  tcase_add_test(tc, test_missing_file);
  tcase_add_test(tc, test_workspace_in_home_default);
  tcase_add_test(tc, test_disclose);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  printf("config data files: %d\n", n_data_files);
  srunner_free(sr);
  for (int i = 0; i < n_data_files; i++)
    free(data_files[i]);
  free(data_files);
  return failed == 0 ? 0 : 1;
}
