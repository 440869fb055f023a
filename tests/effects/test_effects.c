/* tests/effects/test_effects.c -- the broker's file effects on real
 * temporary trees with real policies: the spec's example, every row of the
 * op -> action/operation table, CPython's error wording, each reach-floor
 * refusal, symlinks (middle, end, dangling, swapped in by a racing process),
 * ".." escapes, long paths, NUL bytes, non-UTF-8 names, rename's decisions,
 * handles, atomic writes under SIGKILL, the host-call limit and protocol
 * violations. */
#include "tests/effects/fxtest.h"

#include <dirent.h>
#include <errno.h>
#include <linux/fs.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static const char *EXAMPLE =
  "@id(\"project_read\")\n"
  "permit (principal, action == Box::Action::\"fs:read\", resource)\n"
  "when {\n"
  "  context.input.path == \"~/src/project\" ||\n"
  "  context.input.path like \"~/src/project/*\"\n"
  "};\n"
  "\n"
  "@id(\"out_write\")\n"
  "permit (principal, action == Box::Action::\"fs:write\", resource)\n"
  "when {\n"
  "  context.input.path like \"~/src/project/out/*\" &&\n"
  "  context.input.operation == Box::FsWriteOperation::\"write_content\"\n"
  "};\n";

static const char *ALL =
  "@id(\"all\")\n"
  "permit (principal, action in [Box::Action::\"fs:read\", Box::Action::\"fs:write\",\n"
  "  Box::Action::\"fs:delete\", Box::Action::\"fs:move\"], resource);\n";

static void setup_example(void) { fx_setup_with(EXAMPLE); }
static void setup_all(void) { fx_setup_with(ALL); }

static char *wpath(const char *rel)
{
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", F.ws, rel);
  return buf[k];
}

/* ---- the spec's example ------------------------------------------------ */

START_TEST(test_spec_example)
{
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\"notes.txt\"}"), EFFECTS_OK);
  ASSERT_OK();
  ck_assert_uint_eq(F.len, 18);
  ck_assert_int_eq(memcmp(F.data, "some project notes", 18), 0);
  ck_assert_int_eq(fx_call_data("SOME PROJECT NOTES", 18,
                                "{\"op\":\"fs.write\",\"path\":\"out/notes.txt\",\"mode\":\"w\"}"),
                   EFFECTS_OK);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("n"), 18);
  ck_assert_str_eq(get_file(wpath("out/notes.txt")), "SOME PROJECT NOTES");
  ck_assert_int_eq(fx_log_lines(), 2);
  const char *l0 = fx_log_line(0);
  ck_assert_ptr_nonnull(strstr(l0, "\"fs:read\""));
  ck_assert_ptr_nonnull(strstr(l0, "\"~/src/project/notes.txt\""));
  ck_assert_ptr_nonnull(strstr(l0, "\"project_read\""));
  ck_assert_ptr_nonnull(strstr(l0, "\"permit\""));
  const char *l1 = fx_log_line(1);
  ck_assert_ptr_nonnull(strstr(l1, "\"fs:write\""));
  ck_assert_ptr_nonnull(strstr(l1, "\"~/src/project/out/notes.txt\""));
  ck_assert_ptr_nonnull(strstr(l1, "\"out_write\""));
  /* Written with the default mode, no temporary file left behind. */
  struct stat st;
  ck_assert_int_eq(stat(wpath("out/notes.txt"), &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0666 & ~(unsigned)({ mode_t m = umask(0); umask(m); m; }));
  ck_assert_int_eq(fx_call("{\"op\":\"fs.listdir\",\"path\":\"out\"}"), EFFECTS_OK);
  ck_assert_int_eq(fx_int("count"), 1);
  ck_assert_uint_eq(F.len, strlen("notes.txt") + 1);
}
END_TEST

START_TEST(test_denials)
{
  ck_assert_int_eq(fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"notes.txt\",\"mode\":\"w\"}"),
                   EFFECTS_OK);
  ASSERT_EXC("PermissionError", "policy denied this operation on 'notes.txt' [default-deny]: "
                                "No permit policy matched this request.");
  ck_assert_str_eq(get_file(wpath("notes.txt")), "some project notes");
  ck_assert_int_eq(fx_call("{\"op\":\"fs.mkdir\",\"path\":\"out/sub\"}"), EFFECTS_OK);
  ASSERT_EXC("PermissionError", "policy denied this operation on 'out/sub' [default-deny]: "
                                "No permit policy matched this request.");
  const char *l = fx_log_line(1);
  ck_assert_ptr_nonnull(strstr(l, "\"deny\""));
  ck_assert_ptr_nonnull(strstr(l, "<default-deny>"));
  ck_assert_ptr_nonnull(strstr(l, "policy denied this operation on '~/src/project/out/sub'"));

  fx_set_policy("@id(\"all\") permit (principal, action, resource);\n"
                "@id(\"no_keys\")\n"
                "forbid (principal, action in [Box::Action::\"fs:read\", Box::Action::\"fs:write\"], resource)\n"
                "when { context.input.path like \"~/.ssh/*\" || context.input.path like \"~/.aws/*\" };\n"
                "@id(\"no_env\") @description(\"The .env file holds credentials\")\n"
                "forbid (principal, action == Box::Action::\"fs:read\", resource)\n"
                "when { context.input.path like \"*/.env\" };\n");
  mk("%s/.ssh", F.home);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\"%s/.ssh/id_rsa\"}", F.home), EFFECTS_OK);
  char want[512];
  snprintf(want, sizeof want, "policy denied this operation on '%s/.ssh/id_rsa' [policy: no_keys].",
           F.home);
  ASSERT_EXC("PermissionError", want);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\".env\"}"), EFFECTS_OK);
  ASSERT_EXC("PermissionError", "policy denied this operation on '.env' [policy: no_env]: "
                                "The .env file holds credentials.");
  /* A NULL policy denies everything. */
  fx_set_policy(NULL);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.exists\",\"path\":\"notes.txt\"}"), EFFECTS_OK);
  ASSERT_EXC("PermissionError", "policy denied this operation on 'notes.txt' [default-deny]: "
                                "No permit policy matched this request.");
}
END_TEST

/* ---- the table: each op takes exactly its action and operation ---------- */

struct row {
  const char *req;
  const char *data;
  const char *action;
  const char *enum_type;
  const char *operation;
};

static const struct row rows[] = {
  {"{\"op\":\"fs.read\",\"path\":\"notes.txt\"}", NULL, "fs:read", "FsReadOperation", "read_content"},
  {"{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r\"}", NULL, "fs:read", "FsReadOperation", "read_content"},
  {"{\"op\":\"fs.write\",\"path\":\"notes.txt\",\"mode\":\"w\"}", "new", "fs:write", "FsWriteOperation", "write_content"},
  {"{\"op\":\"fs.write\",\"path\":\"notes.txt\",\"mode\":\"a\"}", "more", "fs:write", "FsWriteOperation", "write_content"},
  {"{\"op\":\"fs.open\",\"path\":\"new.txt\",\"mode\":\"w\"}", NULL, "fs:write", "FsWriteOperation", "write_content"},
  {"{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r+\"}", NULL, "fs:write", "FsWriteOperation", "write_content"},
  {"{\"op\":\"fs.stat\",\"path\":\"notes.txt\"}", NULL, "fs:read", "FsReadOperation", "read_metadata"},
  {"{\"op\":\"fs.exists\",\"path\":\"notes.txt\"}", NULL, "fs:read", "FsReadOperation", "read_metadata"},
  {"{\"op\":\"fs.is_file\",\"path\":\"notes.txt\"}", NULL, "fs:read", "FsReadOperation", "read_metadata"},
  {"{\"op\":\"fs.is_dir\",\"path\":\"out\"}", NULL, "fs:read", "FsReadOperation", "read_metadata"},
  {"{\"op\":\"fs.is_symlink\",\"path\":\"notes.txt\"}", NULL, "fs:read", "FsReadOperation", "read_metadata"},
  {"{\"op\":\"fs.listdir\",\"path\":\"out\"}", NULL, "fs:read", "FsReadOperation", "enumerate"},
  {"{\"op\":\"fs.listdir\",\"path\":\".\"}", NULL, "fs:read", "FsReadOperation", "enumerate"},
  {"{\"op\":\"fs.mkdir\",\"path\":\"newdir\"}", NULL, "fs:write", "FsWriteOperation", "create_dir"},
  {"{\"op\":\"fs.unlink\",\"path\":\"notes.txt\"}", NULL, "fs:delete", "FsDeleteOperation", "remove_file"},
  {"{\"op\":\"fs.rmdir\",\"path\":\"out\"}", NULL, "fs:delete", "FsDeleteOperation", "remove_dir"},
};

START_TEST(test_table_row)
{
  const struct row *r = &rows[_i];
  char pol[1024];
  /* Exactly this action and operation: permitted. */
  snprintf(pol, sizeof pol,
           "@id(\"row\") permit (principal, action == Box::Action::\"%s\", resource)\n"
           "when { context.input.operation == Box::%s::\"%s\" };\n",
           r->action, r->enum_type, r->operation);
  fx_set_policy(pol);
  ck_assert_int_eq(fx_call_data(r->data, r->data ? strlen(r->data) : 0, "%s", r->req), EFFECTS_OK);
  ASSERT_OK();
  /* Everything else permitted, this one forbidden: refused by that rule. */
  snprintf(pol, sizeof pol,
           "@id(\"all\") permit (principal, action, resource);\n"
           "@id(\"row\") forbid (principal, action == Box::Action::\"%s\", resource)\n"
           "when { context.input.operation == Box::%s::\"%s\" };\n",
           r->action, r->enum_type, r->operation);
  fx_set_policy(pol);
  ck_assert_int_eq(fx_call_data(r->data, r->data ? strlen(r->data) : 0, "%s", r->req), EFFECTS_OK);
  ck_assert_str_eq(fx_str("exc"), "PermissionError");
  ck_assert_ptr_nonnull(strstr(fx_str("msg"), "[policy: row]."));
}
END_TEST

START_TEST(test_stat_values)
{
  ck_assert_int_eq(fx_call("{\"op\":\"fs.stat\",\"path\":\"notes.txt\"}"), EFFECTS_OK);
  ASSERT_OK();
  struct stat st;
  ck_assert_int_eq(stat(wpath("notes.txt"), &st), 0);
  ck_assert_int_eq(fx_int("st_size"), 18);
  ck_assert_int_eq(fx_int("st_mode"), st.st_mode);
  ck_assert_int_eq(fx_int("st_ino"), (long long)st.st_ino);
  ck_assert_int_eq(fx_int("st_uid"), 0);
  ck_assert_int_eq(fx_int("st_gid"), 0);
  ck_assert_int_eq(fx_int("st_nlink"), 1);
  ck_assert_int_eq(fx_int("st_mtime_ns"), (long long)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.stat\",\"path\":\"out\"}"), EFFECTS_OK);
  ck_assert(S_ISDIR(fx_int("st_mode")));
  ck_assert_int_eq(fx_call("{\"op\":\"fs.exists\",\"path\":\"missing\"}"), EFFECTS_OK);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("value"), 0);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.is_file\",\"path\":\"notes.txt\"}"), EFFECTS_OK);
  ck_assert_int_eq(fx_int("value"), 1);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.is_dir\",\"path\":\"notes.txt\"}"), EFFECTS_OK);
  ck_assert_int_eq(fx_int("value"), 0);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.is_dir\",\"path\":\"notes.txt/x\"}"), EFFECTS_OK);
  ck_assert_int_eq(fx_int("value"), 0);
  ck_assert_int_eq(fx_call("{\"op\":\"getcwd\"}"), EFFECTS_OK);
  ck_assert_str_eq(fx_str("cwd"), F.ws);
}
END_TEST

/* ---- CPython's errors ----------------------------------------------------- */

START_TEST(test_cpython_errors)
{
  fx_call("{\"op\":\"fs.read\",\"path\":\"missing.txt\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'missing.txt'");
  ck_assert_int_eq(fx_int("errno"), 2);
  ck_assert_str_eq(fx_str("filename"), "missing.txt");
  fx_call("{\"op\":\"fs.read\",\"path\":\"out\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'out'");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"out\",\"mode\":\"w\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'out'");
  fx_call("{\"op\":\"fs.mkdir\",\"path\":\"out\"}");
  ASSERT_EXC("FileExistsError", "[Errno 17] File exists: 'out'");
  fx_call("{\"op\":\"fs.mkdir\",\"path\":\"out\",\"exist_ok\":true}");
  ASSERT_OK();
  fx_call("{\"op\":\"fs.mkdir\",\"path\":\"notes.txt\",\"exist_ok\":true}");
  ASSERT_EXC("FileExistsError", "[Errno 17] File exists: 'notes.txt'");
  put_file(wpath("out/f"), "x");
  fx_call("{\"op\":\"fs.rmdir\",\"path\":\"out\"}");
  ASSERT_EXC("OSError", "[Errno 39] Directory not empty: 'out'");
  fx_call("{\"op\":\"fs.rmdir\",\"path\":\"notes.txt\"}");
  ASSERT_EXC("NotADirectoryError", "[Errno 20] Not a directory: 'notes.txt'");
  fx_call("{\"op\":\"fs.unlink\",\"path\":\"out\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'out'");
  fx_call("{\"op\":\"fs.unlink\",\"path\":\"gone\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'gone'");
  fx_call("{\"op\":\"fs.listdir\",\"path\":\"notes.txt\"}");
  ASSERT_EXC("NotADirectoryError", "[Errno 20] Not a directory: 'notes.txt'");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"nodir/x\",\"mode\":\"w\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'nodir/x'");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"notes.txt/x\",\"mode\":\"w\"}");
  ASSERT_EXC("NotADirectoryError", "[Errno 20] Not a directory: 'notes.txt/x'");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"notes.txt\",\"mode\":\"x\"}");
  ASSERT_EXC("FileExistsError", "[Errno 17] File exists: 'notes.txt'");
  fx_call("{\"op\":\"fs.rename\",\"src\":\"missing\",\"dst\":\"x\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'missing' -> 'x'");
  ck_assert_str_eq(fx_str("filename2"), "x");
  fx_call("{\"op\":\"fs.rename\",\"src\":\"notes.txt\",\"dst\":\"out\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'notes.txt' -> 'out'");
  fx_call("{\"op\":\"fs.stat\",\"path\":\"it's\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: \"it's\"");
  fx_call("{\"op\":\"fs.stat\",\"path\":\"tab\\there\\u00e9\\u200b\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'tab\\there\xc3\xa9\\u200b'");
}
END_TEST

START_TEST(test_write_modes)
{
  fx_call_data("+tail", 5, "{\"op\":\"fs.write\",\"path\":\"notes.txt\",\"mode\":\"a\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("notes.txt")), "some project notes+tail");
  fx_call_data("fresh", 5, "{\"op\":\"fs.write\",\"path\":\"new.txt\",\"mode\":\"x\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("new.txt")), "fresh");
  chmod(wpath("new.txt"), 0640);
  fx_call_data("", 0, "{\"op\":\"fs.write\",\"path\":\"new.txt\",\"mode\":\"w\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("new.txt")), "");
  struct stat st;
  ck_assert_int_eq(stat(wpath("new.txt"), &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0640);
  fx_call_data("a", 1, "{\"op\":\"fs.write\",\"path\":\"appended.txt\",\"mode\":\"a\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("appended.txt")), "a");
  /* No temporary file is ever left in the directory. */
  fx_call("{\"op\":\"fs.listdir\",\"path\":\".\"}");
  for (const char *s = F.data; s < (const char *)F.data + F.len; s += strlen(s) + 1)
    ck_assert_msg(strncmp(s, ".box-tmp-", 9) != 0, "temporary file left: %s", s);
}
END_TEST

/* ---- the reach floor -------------------------------------------------------- */

START_TEST(test_floor)
{
  char want[1024];
  fx_call("{\"op\":\"fs.read\",\"path\":\"%s/secret.txt\"}", F.outside);
  snprintf(want, sizeof want, "%s/secret.txt: outside this box's home and every declared bind", F.outside);
  ASSERT_EXC("PermissionError", want);
  ck_assert_ptr_nonnull(strstr(fx_log_line(fx_log_lines() - 1), "enforcement:reach-floor"));
  fx_call("{\"op\":\"fs.read\",\"path\":\"../../../../../../../../../..%s/secret.txt\"}", F.outside);
  snprintf(want, sizeof want,
           "../../../../../../../../../..%s/secret.txt: outside this box's home and every declared bind",
           F.outside);
  ASSERT_EXC("PermissionError", want);
  fx_call("{\"op\":\"fs.read\",\"path\":\"/../../etc/passwd\"}");
  ASSERT_EXC("PermissionError", "/../../etc/passwd: outside this box's home and every declared bind");
  fx_call("{\"op\":\"fs.read\",\"path\":\"%s/private/x\"}", F.boxdir);
  snprintf(want, sizeof want, "%s/private/x: resolves into trusted Box state, which no policy may open",
           F.boxdir);
  ASSERT_EXC("PermissionError", want);
  fx_call("{\"op\":\"fs.listdir\",\"path\":\"../../boxes/state\"}");
  ASSERT_EXC("PermissionError",
             "../../boxes/state: resolves into trusted Box state, which no policy may open");
  fx_call("{\"op\":\"fs.read\",\"path\":\"box.toml\"}");
  ASSERT_EXC("PermissionError", "box.toml: resolves to an authority source that this run loaded, "
                                "which no policy may open or change");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"policy.dw\",\"mode\":\"w\"}");
  ASSERT_EXC("PermissionError", "policy.dw: resolves to an authority source that this run loaded, "
                                "which no policy may open or change");
  /* By identity: a hard link to the policy under another name. */
  ck_assert_int_eq(link(F.policy_file, wpath("out/alias")), 0);
  fx_call("{\"op\":\"fs.read\",\"path\":\"out/alias\"}");
  ASSERT_EXC("PermissionError", "out/alias: resolves to an authority source that this run loaded, "
                                "which no policy may open or change");
  /* ... and a hard link to the decision log, made from outside, in the
   * workspace itself and below it: read or appended to, it is Box state. */
  char log_path[600];
  snprintf(log_path, sizeof log_path, "%s/private/telemetry/records.jsonl", F.boxdir);
  ck_assert_int_eq(link(log_path, wpath("hard_log")), 0);
  ck_assert_int_eq(link(log_path, wpath("out/hard_log")), 0);
  fx_call("{\"op\":\"fs.read\",\"path\":\"hard_log\"}");
  ASSERT_EXC("PermissionError", "hard_log: resolves into trusted Box state, which no policy may open");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"out/hard_log\",\"mode\":\"a\"}");
  ASSERT_EXC("PermissionError", "out/hard_log: resolves into trusted Box state, which no policy may open");
  /* A mutation of a directory holding them. */
  fx_call("{\"op\":\"fs.rename\",\"src\":\"../project\",\"dst\":\"../moved\"}");
  ASSERT_EXC("PermissionError", "../project: resolves to an authority source that this run loaded, "
                                "which no policy may open or change");
  ck_assert_int_eq(access(F.toml, F_OK), 0);
  /* The box directory under another spelling of its parent: the agent's
   * HOME configured through a symlink to the operator home. */
  {
    char alias[512], err[256];
    snprintf(alias, sizeof alias, "%s/home-alias", F.root);
    ck_assert_int_eq(symlink(F.home, alias), 0);
    struct box_config cfg = F.cfg;
    cfg.agent_home = alias;
    struct effects *saved = F.e;
    F.e = effects_new(&cfg, F.pol, F.log, err, sizeof err);
    fx_call("{\"op\":\"fs.read\",\"path\":\"%s/boxes/state/private/x\"}", alias);
    snprintf(want, sizeof want,
             "%s/boxes/state/private/x: resolves into trusted Box state, which no policy may open", alias);
    ASSERT_EXC("PermissionError", want);
    fx_call("{\"op\":\"fs.read\",\"path\":\"%s/src/project/box.toml\"}", alias);
    ck_assert_ptr_nonnull(strstr(fx_str("msg"), "an authority source"));
    effects_free(F.e);
    F.e = saved;
  }
  /* The agent's HOME is reachable. */
  char p[512];
  snprintf(p, sizeof p, "%s/f", F.agent);
  put_file(p, "agent");
  fx_call("{\"op\":\"fs.read\",\"path\":\"%s\"}", p);
  ASSERT_OK();
  /* exists() of an unreachable path is False, not an error. */
  fx_call("{\"op\":\"fs.exists\",\"path\":\"%s/secret.txt\"}", F.outside);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("value"), 0);
  /* Lexical normalisation: the decision names the normalised path. */
  fx_call("{\"op\":\"fs.read\",\"path\":\"out/../notes.txt\"}");
  ASSERT_OK();
  ck_assert_ptr_nonnull(strstr(fx_log_line(fx_log_lines() - 1), "\"~/src/project/notes.txt\""));
  fx_call("{\"op\":\"fs.read\",\"path\":\".//./notes.txt\"}");
  ASSERT_OK();
}
END_TEST

static void symlink_checks(int walk)
{
  effects_force_component_walk(F.e, walk);
  ck_assert_int_eq(symlink("out", wpath("lnkdir")), 0);
  ck_assert_int_eq(symlink("notes.txt", wpath("lnk")), 0);
  ck_assert_int_eq(symlink("nowhere", wpath("dangling")), 0);
  char target[256];
  snprintf(target, sizeof target, "%s", F.outside);
  ck_assert_int_eq(symlink(target, wpath("escape")), 0);
  put_file(wpath("out/x"), "x");
  fx_call("{\"op\":\"fs.read\",\"path\":\"lnkdir/x\"}");
  ASSERT_EXC("PermissionError",
             "lnkdir/x: resolves to a different path, so it is not the identity policy judged");
  fx_call("{\"op\":\"fs.read\",\"path\":\"lnk\"}");
  ASSERT_EXC("PermissionError",
             "lnk: resolves to a different path, so it is not the identity policy judged");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"dangling\",\"mode\":\"w\"}");
  ASSERT_EXC("PermissionError",
             "dangling: resolves to a different path, so it is not the identity policy judged");
  ck_assert_int_eq(access(wpath("nowhere"), F_OK), -1);
  fx_call("{\"op\":\"fs.read\",\"path\":\"escape/secret.txt\"}");
  ASSERT_EXC("PermissionError",
             "escape/secret.txt: resolves to a different path, so it is not the identity policy judged");
  fx_call("{\"op\":\"fs.listdir\",\"path\":\"escape\"}");
  ASSERT_EXC("PermissionError",
             "escape: resolves to a different path, so it is not the identity policy judged");
  fx_call("{\"op\":\"fs.unlink\",\"path\":\"lnk\"}");
  ck_assert_str_eq(fx_str("exc"), "PermissionError");
  fx_call("{\"op\":\"fs.is_symlink\",\"path\":\"lnk\"}");
  ASSERT_OK();
  ck_assert_int_eq(fx_int("value"), 1);
  fx_call("{\"op\":\"fs.exists\",\"path\":\"lnk\"}");
  ASSERT_OK();
  ck_assert_int_eq(fx_int("value"), 0);
  fx_call("{\"op\":\"fs.rename\",\"src\":\"notes.txt\",\"dst\":\"lnkdir/y\"}");
  ck_assert_str_eq(fx_str("exc"), "PermissionError");
  ck_assert_int_eq(access(wpath("notes.txt"), F_OK), 0);
}

START_TEST(test_symlinks_openat2) { symlink_checks(0); }
END_TEST
START_TEST(test_symlinks_walk) { symlink_checks(1); }
END_TEST

/* A child swaps d (a real directory) and l (a symlink to the outside) as
 * fast as it can; the parent reads d/f all the while and must never see the
 * outside file. */
static void race(int walk)
{
  fx_without_log();
  effects_force_component_walk(F.e, walk);
  mk("%s/d", F.ws);
  put_file(wpath("d/f"), "inside");
  char p[512];
  snprintf(p, sizeof p, "%s/f", F.outside);
  put_file(p, "OUTSIDE");
  ck_assert_int_eq(symlink(F.outside, wpath("l")), 0);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    for (;;)
      syscall(SYS_renameat2, AT_FDCWD, wpath("d"), AT_FDCWD, wpath("l"), RENAME_EXCHANGE);
  }
  int inside = 0, refused = 0;
  for (int i = 0; i < 3000; i++) {
    fx_call("{\"op\":\"fs.read\",\"path\":\"d/f\"}");
    if (fx_ok()) {
      ck_assert_uint_eq(F.len, 6);
      ck_assert_int_eq(memcmp(F.data, "inside", 6), 0);
      inside++;
    } else {
      ck_assert_msg(strcmp(fx_str("exc"), "PermissionError") == 0 ||
                    strcmp(fx_str("exc"), "FileNotFoundError") == 0, "%s", fx_str("msg"));
      refused++;
    }
  }
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  ck_assert_int_eq(inside + refused, 3000);
  ck_assert_int_gt(inside, 0);
  if (getenv("FX_VERBOSE"))
    fprintf(stderr, "race(walk=%d): %d reads inside, %d refused\n", walk, inside, refused);
}

START_TEST(test_race_openat2) { race(0); }
END_TEST
START_TEST(test_race_walk) { race(1); }
END_TEST

/* ---- odd paths ----------------------------------------------------------- */

START_TEST(test_long_and_odd_paths)
{
  char name[300];
  memset(name, 'n', 256);
  name[256] = '\0';
  fx_call("{\"op\":\"fs.stat\",\"path\":\"%s\"}", name);
  char want[600];
  snprintf(want, sizeof want, "[Errno 36] File name too long: '%s'", name);
  ASSERT_EXC("OSError", want);
  /* Longer than PATH_MAX in total. */
  static char longp[6000];
  size_t o = 0;
  while (o < 5000) {
    memcpy(longp + o, "abcdefgh/", 9);
    o += 9;
  }
  memcpy(longp + o, "f", 2);
  fx_call("{\"op\":\"fs.read\",\"path\":\"%s\"}", longp);
  ck_assert_str_eq(fx_str("exc"), "OSError");
  ck_assert_ptr_nonnull(strstr(fx_str("msg"), "[Errno 36] File name too long: 'abcdefgh/"));
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"%s\",\"mode\":\"w\"}", longp);
  ck_assert_str_eq(fx_str("exc"), "OSError");
  /* Over the protocol's limit: a violation. */
  static char huge[EFFECTS_MAX_PATH + 100];
  memset(huge, 'a', EFFECTS_MAX_PATH + 10);
  huge[EFFECTS_MAX_PATH + 10] = '\0';
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\"%s\"}", huge), EFFECTS_VIOLATION);
  ck_assert_ptr_nonnull(strstr(F.err, "limit"));
  /* NUL bytes. */
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\"a\\u0000b\"}"), EFFECTS_VIOLATION);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":{\"hex\":\"6100\"}}"), EFFECTS_VIOLATION);
  /* Non-UTF-8 names. */
  put_file(wpath("bad\xff"), "raw");
  fx_call("{\"op\":\"fs.listdir\",\"path\":\".\"}");
  ASSERT_OK();
  int seen = 0;
  for (const char *s = F.data; s < (const char *)F.data + F.len; s += strlen(s) + 1)
    seen |= strcmp(s, "bad\xff") == 0;
  ck_assert(seen);
  fx_call("{\"op\":\"fs.read\",\"path\":{\"hex\":\"626164ff\"}}");
  ASSERT_OK();
  ck_assert_uint_eq(F.len, 3);
  fx_call("{\"op\":\"fs.read\",\"path\":{\"hex\":\"626164fe\"}}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'bad\\udcfe'");
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":{\"hex\":\"6x\"}}"), EFFECTS_VIOLATION);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":{\"hex\":\"616\"}}"), EFFECTS_VIOLATION);
  /* A FIFO is never opened (no hang). */
  ck_assert_int_eq(mkfifo(wpath("fifo"), 0600), 0);
  fx_call("{\"op\":\"fs.read\",\"path\":\"fifo\"}");
  ck_assert_str_eq(fx_str("exc"), "PermissionError");
}
END_TEST

/* ---- rename's decisions -------------------------------------------------- */

START_TEST(test_rename_decisions)
{
  fx_set_policy("@id(\"all\") permit (principal, action, resource);\n"
                "@id(\"nodel\") forbid (principal, action == Box::Action::\"fs:delete\", resource);\n"
                "@id(\"nomove\") forbid (principal, action == Box::Action::\"fs:move\", resource)\n"
                "when { context.input.path like \"*/locked*\" };\n"
                "@id(\"noread\") forbid (principal, action == Box::Action::\"fs:read\", resource)\n"
                "when { context.input.path like \"*/private*\" };\n");
  put_file(wpath("a"), "A");
  put_file(wpath("b"), "B");
  put_file(wpath("private"), "P");
  put_file(wpath("locked"), "L");
  int before = fx_log_lines();
  fx_call("{\"op\":\"fs.rename\",\"src\":\"a\",\"dst\":\"c\"}");
  ASSERT_OK();
  ck_assert_int_eq(fx_log_lines() - before, 3); /* read src, move src, move dst */
  ck_assert_str_eq(get_file(wpath("c")), "A");
  before = fx_log_lines();
  fx_call("{\"op\":\"fs.rename\",\"src\":\"c\",\"dst\":\"b\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'b' [policy: nodel].");
  ck_assert_int_eq(fx_log_lines() - before, 3); /* read, move src, delete dst refused */
  ck_assert_str_eq(get_file(wpath("b")), "B");
  fx_call("{\"op\":\"fs.replace\",\"src\":\"private\",\"dst\":\"z\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'private' [policy: noread].");
  fx_call("{\"op\":\"fs.rename\",\"src\":\"locked\",\"dst\":\"z\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'locked' [policy: nomove].");
  fx_call("{\"op\":\"fs.rename\",\"src\":\"c\",\"dst\":\"locked2\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'locked2' [policy: nomove].");
  /* A directory destination takes remove_dir. */
  fx_set_policy("@id(\"all\") permit (principal, action, resource);\n"
                "@id(\"nodir\") forbid (principal, action == Box::Action::\"fs:delete\", resource)\n"
                "when { context.input.operation == Box::FsDeleteOperation::\"remove_dir\" };\n");
  mk("%s/emptydir", F.ws);
  mk("%s/srcdir", F.ws);
  fx_call("{\"op\":\"fs.rename\",\"src\":\"srcdir\",\"dst\":\"emptydir\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'emptydir' [policy: nodir].");
  fx_call("{\"op\":\"fs.rename\",\"src\":\"c\",\"dst\":\"b\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("b")), "A");
}
END_TEST

/* ---- handles ------------------------------------------------------------- */

START_TEST(test_handles)
{
  fx_call("{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r\"}");
  ASSERT_OK();
  long long h = fx_int("h");
  int before = fx_log_lines();
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld,\"n\":4}", h);
  ASSERT_OK();
  ck_assert_uint_eq(F.len, 4);
  ck_assert_int_eq(memcmp(F.data, "some", 4), 0);
  ck_assert_int_eq(fx_int("pos"), 4);
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld}", h);
  ck_assert_uint_eq(F.len, 14);
  fx_call("{\"op\":\"fs.hseek\",\"h\":%lld,\"offset\":-5,\"whence\":2}", h);
  ck_assert_int_eq(fx_int("pos"), 13);
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld,\"n\":100}", h);
  ck_assert_uint_eq(F.len, 5);
  ck_assert_int_eq(fx_log_lines() - before, 3); /* each read decided again */
  fx_call_data("x", 1, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ASSERT_EXC("UnsupportedOperation", "not writable");
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  ASSERT_OK();
  ck_assert_int_eq(fx_call("{\"op\":\"fs.hread\",\"h\":%lld}", h), EFFECTS_VIOLATION);

  /* Writing: invisible until close, then renamed into place. */
  fx_call("{\"op\":\"fs.open\",\"path\":\"out/w.txt\",\"mode\":\"w\"}");
  ASSERT_OK();
  h = fx_int("h");
  fx_call_data("hello ", 6, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ASSERT_OK();
  fx_call_data("world", 5, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ck_assert_int_eq(fx_int("pos"), 11);
  ck_assert_int_eq(access(wpath("out/w.txt"), F_OK), -1);
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("out/w.txt")), "hello world");

  /* Append and r+ start from the old content. */
  fx_call("{\"op\":\"fs.open\",\"path\":\"out/w.txt\",\"mode\":\"a\"}");
  h = fx_int("h");
  fx_call_data("!", 1, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  ck_assert_str_eq(get_file(wpath("out/w.txt")), "hello world!");
  fx_call("{\"op\":\"fs.open\",\"path\":\"out/w.txt\",\"mode\":\"r+\"}");
  h = fx_int("h");
  fx_call_data("J", 1, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld,\"n\":4}", h);
  ck_assert_int_eq(memcmp(F.data, "ello", 4), 0);
  /* A handle never closed (a killed worker) leaves the old content. */
  effects_free(F.e);
  char err[256];
  F.e = effects_new(&F.cfg, F.pol, F.log, err, sizeof err);
  ck_assert_str_eq(get_file(wpath("out/w.txt")), "hello world!");
  fx_call("{\"op\":\"fs.listdir\",\"path\":\"out\"}");
  ck_assert_int_eq(fx_int("count"), 1);

  fx_call("{\"op\":\"fs.open\",\"path\":\"out/w.txt\",\"mode\":\"x\"}");
  ASSERT_EXC("FileExistsError", "[Errno 17] File exists: 'out/w.txt'");
  fx_call("{\"op\":\"fs.open\",\"path\":\"out/nope\",\"mode\":\"r\"}");
  ASSERT_EXC("FileNotFoundError", "[Errno 2] No such file or directory: 'out/nope'");
  fx_call("{\"op\":\"fs.open\",\"path\":\"out\",\"mode\":\"r\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'out'");
  ck_assert_int_eq(fx_call("{\"op\":\"fs.open\",\"path\":\"x\",\"mode\":\"rw\"}"), EFFECTS_VIOLATION);
  /* The handle limit. */
  for (int i = 0; i < EFFECTS_MAX_HANDLES; i++) {
    fx_call("{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r\"}");
    ASSERT_OK();
  }
  fx_call("{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r\"}");
  ASSERT_EXC("OSError", "[Errno 24] Too many open files: 'notes.txt'");
}
END_TEST

START_TEST(test_handle_redecided)
{
  /* A handle opened under a permit is refused once policy refuses: the
   * temporal rule here forbids a second write_content response... simpler:
   * swap the policy object under the same effects is not possible, so check
   * a write handle whose path is refused for reads by a forbid. */
  fx_set_policy("@id(\"all\") permit (principal, action, resource);\n"
                "@id(\"wo\") forbid (principal, action == Box::Action::\"fs:read\", resource)\n"
                "when { context.input.path like \"*/wo.txt\" };\n");
  fx_call("{\"op\":\"fs.open\",\"path\":\"wo.txt\",\"mode\":\"w+\"}");
  ASSERT_OK();
  long long h = fx_int("h");
  fx_call_data("abc", 3, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ASSERT_OK();
  fx_call("{\"op\":\"fs.hseek\",\"h\":%lld,\"offset\":0}", h);
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld}", h);
  ASSERT_OK(); /* reads on a writing handle take fs:write write_content */
  ck_assert_uint_eq(F.len, 3);
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  fx_call("{\"op\":\"fs.open\",\"path\":\"wo.txt\",\"mode\":\"r\"}");
  ASSERT_EXC("PermissionError", "policy denied this operation on 'wo.txt' [policy: wo].");
}
END_TEST

/* ---- atomic writes under SIGKILL ------------------------------------------- */

START_TEST(test_atomic_kill)
{
  enum { SZ = 4 << 20 };
  fx_without_log();
  char *a = malloc(SZ), *b = malloc(SZ);
  memset(a, 'a', SZ);
  memset(b, 'b', SZ);
  put_file(wpath("out/big"), "old");
  for (int round = 0; round < 6; round++) {
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
      for (int i = 0;; i++)
        fx_call_data(i % 2 ? b : a, SZ, "{\"op\":\"fs.write\",\"path\":\"out/big\",\"mode\":\"w\"}");
    }
    /* Read while it writes: always old or a whole new version. */
    for (int i = 0; i < 20; i++) {
      fx_call("{\"op\":\"fs.read\",\"path\":\"out/big\"}");
      ASSERT_OK();
      ck_assert_msg(F.len == 3 || F.len == SZ, "torn read: %zu bytes", F.len);
      if (F.len == SZ) {
        char c = ((char *)F.data)[0];
        ck_assert(c == 'a' || c == 'b');
        ck_assert_int_eq(memcmp(F.data, c == 'a' ? a : b, SZ), 0);
      }
    }
    usleep(1000 * (unsigned)(round * 7 % 20));
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    fx_call("{\"op\":\"fs.read\",\"path\":\"out/big\"}");
    ck_assert(F.len == 3 || (F.len == SZ && (memcmp(F.data, a, SZ) == 0 || memcmp(F.data, b, SZ) == 0)));
  }
  free(a);
  free(b);
}
END_TEST

/* ---- limits and violations ---------------------------------------------- */

START_TEST(test_call_limit)
{
  for (int i = 0; i < EFFECTS_MAX_CALLS; i++) {
    ck_assert_int_eq(fx_call("{\"op\":\"getcwd\"}"), EFFECTS_OK);
  }
  ck_assert_uint_eq(effects_calls(F.e), EFFECTS_MAX_CALLS);
  ck_assert_int_eq(fx_call("{\"op\":\"getcwd\"}"), EFFECTS_FATAL);
  ASSERT_EXC("RuntimeError", "script exceeded its limit of 10000 host calls");
  ck_assert_int_eq(fx_int("fatal"), 1);
  ck_assert_int_eq(fx_call("{\"op\":\"fs.read\",\"path\":\"notes.txt\"}"), EFFECTS_FATAL);
}
END_TEST

START_TEST(test_violations)
{
  static const char *bad[] = {
    "{}",
    "{\"op\":1}",
    "{\"op\":\"fs.nope\"}",
    "{\"op\":\"fs.read\"}",
    "{\"op\":\"fs.read\",\"path\":3}",
    "{\"op\":\"fs.read\",\"path\":{\"hex\":\"61\",\"x\":1}}",
    "{\"op\":\"fs.write\",\"path\":\"x\",\"mode\":\"q\"}",
    "{\"op\":\"fs.mkdir\",\"path\":\"x\",\"exist_ok\":\"yes\"}",
    "{\"op\":\"fs.rename\",\"src\":\"x\"}",
    "{\"op\":\"fs.hread\",\"h\":99}",
    "{\"op\":\"fs.hread\",\"h\":\"1\"}",
    "{\"op\":\"fs.hread\",\"h\":1,\"n\":-2}",
    "{\"op\":\"fs.hseek\",\"h\":1,\"offset\":0,\"whence\":7}",
    "{\"op\":\"fs.close\",\"h\":5}",
    "{\"op\":\"fetch\"}",
    "{\"op\":\"fetch\",\"url\":\"http://x/\",\"headers\":[1]}",
    "{\"op\":\"fetch\",\"url\":\"http://x/\",\"headers\":{\"a\":1}}",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    ck_assert_msg(fx_call("%s", bad[i]) == EFFECTS_VIOLATION, "accepted: %s", bad[i]);
    ck_assert_msg(F.err[0] != '\0', "no reason for %s", bad[i]);
    ck_assert_ptr_null(F.resp);
  }
  ck_assert_uint_eq(effects_calls(F.e), 0);
}
END_TEST

static int count_fds(void)
{
  int n = 0;
  for (int fd = 0; fd < 1024; fd++)
    n += fcntl(fd, F_GETFD) != -1;
  return n;
}

/* Successes, errors, refusals and handles leave no descriptor behind. */
START_TEST(test_no_fd_leak)
{
  ck_assert_int_eq(symlink("notes.txt", wpath("lnk")), 0);
  int before = count_fds();
  for (int walk = 0; walk < 2; walk++) {
    effects_force_component_walk(F.e, walk);
    fx_call("{\"op\":\"fs.read\",\"path\":\"notes.txt\"}");
    fx_call("{\"op\":\"fs.read\",\"path\":\"missing\"}");
    fx_call("{\"op\":\"fs.read\",\"path\":\"lnk\"}");
    fx_call("{\"op\":\"fs.read\",\"path\":\"lnk/x\"}");
    fx_call("{\"op\":\"fs.read\",\"path\":\"box.toml\"}");
    fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"out/a\",\"mode\":\"a\"}");
    fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"nodir/a\",\"mode\":\"w\"}");
    fx_call("{\"op\":\"fs.listdir\",\"path\":\"out\"}");
    fx_call("{\"op\":\"fs.stat\",\"path\":\"out/a\"}");
    fx_call("{\"op\":\"fs.is_dir\",\"path\":\"out\"}");
    fx_call("{\"op\":\"fs.mkdir\",\"path\":\"out/d\",\"exist_ok\":true}");
    fx_call("{\"op\":\"fs.rename\",\"src\":\"out/a\",\"dst\":\"out/b\"}");
    fx_call("{\"op\":\"fs.rename\",\"src\":\"out/b\",\"dst\":\"out/a\"}");
    fx_call("{\"op\":\"fs.open\",\"path\":\"out/a\",\"mode\":\"a+\"}");
    long long h = fx_int("h");
    fx_call("{\"op\":\"fs.hread\",\"h\":%lld}", h);
    fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
    fx_call("{\"op\":\"fs.open\",\"path\":\"notes.txt\",\"mode\":\"r\"}");
    fx_call("{\"op\":\"fs.close\",\"h\":%lld}", fx_int("h"));
    fx_call("{\"op\":\"fs.open\",\"path\":\"out/a\",\"mode\":\"x\"}");
    fx_call("{\"op\":\"fs.rmdir\",\"path\":\"out/d\"}");
    fx_call("{\"op\":\"fs.unlink\",\"path\":\"out/a\"}");
    /* Leaves directly in the workspace: their parent is the held root fd,
     * which every op must leave open. */
    fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"top\",\"mode\":\"w\"}");
    fx_call("{\"op\":\"fs.open\",\"path\":\"top\",\"mode\":\"w\"}");
    ASSERT_OK();
    long long top = fx_int("h");
    ck_assert_int_eq(fx_call_data("y", 1, "{\"op\":\"fs.hwrite\",\"h\":%lld}", top), EFFECTS_OK);
    ck_assert_int_eq(fx_call("{\"op\":\"fs.close\",\"h\":%lld}", top), EFFECTS_OK);
    fx_call("{\"op\":\"fs.open\",\"path\":\"top\",\"mode\":\"r\"}");
    ASSERT_OK();
    ck_assert_int_eq(fx_call("{\"op\":\"fs.close\",\"h\":%lld}", fx_int("h")), EFFECTS_OK);
    fx_call("{\"op\":\"fs.rename\",\"src\":\"top\",\"dst\":\"top2\"}");
    fx_call("{\"op\":\"fs.is_file\",\"path\":\"top2\"}");
    fx_call("{\"op\":\"fs.listdir\",\"path\":\".\"}");
    fx_call("{\"op\":\"fs.unlink\",\"path\":\"top2\"}");
    fx_call("{\"op\":\"fs.exists\",\"path\":\"lnk\"}");
  }
  ck_assert_int_eq(count_fds(), before);
  /* The root fds still work. */
  fx_call("{\"op\":\"fs.read\",\"path\":\"notes.txt\"}");
  ASSERT_OK();
  fx_call("{\"op\":\"fs.exists\",\"path\":\"top2\"}");
  ASSERT_OK();
  ck_assert(!json_object_get_boolean(json_object_object_get(F.resp, "value")));
}
END_TEST

/* "a" appends to the real file with O_APPEND: what another process
 * appends while a handle is open is kept, each write lands at the end, and
 * a symlink or a directory is never appended to. */
START_TEST(test_append_is_o_append)
{
  put_file(wpath("log.txt"), "one\n");
  fx_call("{\"op\":\"fs.open\",\"path\":\"log.txt\",\"mode\":\"a\"}");
  ASSERT_OK();
  long long h = fx_int("h");
  /* another writer appends while the handle is open */
  int fd = open(wpath("log.txt"), O_WRONLY | O_APPEND);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, "two\n", 4), 4);
  fx_call_data("three\n", 6, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("pos"), 14);
  ck_assert_int_eq(write(fd, "four\n", 5), 5);
  close(fd);
  ck_assert_str_eq(get_file(wpath("log.txt")), "one\ntwo\nthree\nfour\n");
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("log.txt")), "one\ntwo\nthree\nfour\n");

  /* one-shot fs.write "a": the same, and it creates a missing file */
  fx_call_data("five\n", 5, "{\"op\":\"fs.write\",\"path\":\"log.txt\",\"mode\":\"a\"}");
  ASSERT_OK();
  ck_assert_int_eq(fx_int("n"), 5);
  ck_assert_str_eq(get_file(wpath("log.txt")), "one\ntwo\nthree\nfour\nfive\n");
  fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"out/new.txt\",\"mode\":\"a\"}");
  ASSERT_OK();
  ck_assert_str_eq(get_file(wpath("out/new.txt")), "x");
  struct stat st;
  ck_assert_int_eq(stat(wpath("out/new.txt"), &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0666 & ~(unsigned)({ mode_t m = umask(0); umask(m); m; }));

  /* "a+" reads from where it seeks; writes still go to the end */
  fx_call("{\"op\":\"fs.open\",\"path\":\"log.txt\",\"mode\":\"a+\"}");
  ASSERT_OK();
  h = fx_int("h");
  fx_call("{\"op\":\"fs.hseek\",\"h\":%lld,\"offset\":0,\"whence\":1}", h);
  ck_assert_int_eq(fx_int("pos"), 24); /* opened at the end, like CPython */
  fx_call("{\"op\":\"fs.hseek\",\"h\":%lld,\"offset\":0}", h);
  fx_call("{\"op\":\"fs.hread\",\"h\":%lld,\"n\":4}", h);
  ASSERT_OK();
  ck_assert_uint_eq(F.len, 4);
  ck_assert_int_eq(memcmp(F.data, "one\n", 4), 0);
  fx_call_data("six\n", 4, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
  ASSERT_OK();
  fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
  ck_assert_str_eq(get_file(wpath("log.txt")), "one\ntwo\nthree\nfour\nfive\nsix\n");

  /* never through a symlink, never to a directory */
  ck_assert_int_eq(symlink("log.txt", wpath("loglink")), 0);
  fx_call_data("y", 1, "{\"op\":\"fs.write\",\"path\":\"loglink\",\"mode\":\"a\"}");
  ASSERT_EXC("PermissionError", "loglink: resolves to a different path, so it is not the identity policy judged");
  fx_call("{\"op\":\"fs.open\",\"path\":\"loglink\",\"mode\":\"a\"}");
  ASSERT_EXC("PermissionError", "loglink: resolves to a different path, so it is not the identity policy judged");
  fx_call("{\"op\":\"fs.open\",\"path\":\"out\",\"mode\":\"a\"}");
  ASSERT_EXC("IsADirectoryError", "[Errno 21] Is a directory: 'out'");
  ck_assert_str_eq(get_file(wpath("log.txt")), "one\ntwo\nthree\nfour\nfive\nsix\n");
}
END_TEST

/* Temporary files leave nothing behind: unnamed (O_TMPFILE), and the named
 * fallback for filesystems without it removes its names on every path. */
static int stray_entries(const char *dir)
{
  DIR *d = opendir(dir);
  ck_assert_ptr_nonnull(d);
  int n = 0;
  for (struct dirent *de; (de = readdir(d)) != NULL;)
    n += strncmp(de->d_name, ".box-tmp-", 9) == 0;
  closedir(d);
  return n;
}

START_TEST(test_temporary_files)
{
  for (int named = 0; named < 2; named++) {
    effects_force_named_tmp(F.e, named);
    put_file(wpath("out/t.txt"), "old");
    fx_call_data("new", 3, "{\"op\":\"fs.write\",\"path\":\"out/t.txt\",\"mode\":\"w\"}");
    ASSERT_OK();
    ck_assert_str_eq(get_file(wpath("out/t.txt")), "new");
    fx_call_data("x", 1, "{\"op\":\"fs.write\",\"path\":\"out/fresh%d\",\"mode\":\"x\"}", named);
    ASSERT_OK();
    fx_call_data("y", 1, "{\"op\":\"fs.write\",\"path\":\"out/fresh%d\",\"mode\":\"x\"}", named);
    ASSERT_EXC("FileExistsError", named ? "[Errno 17] File exists: 'out/fresh1'" : "[Errno 17] File exists: 'out/fresh0'");
    ck_assert_str_eq(get_file(wpath(named ? "out/fresh1" : "out/fresh0")), "x");
    /* a handle: invisible until close, then in place with the old mode */
    ck_assert_int_eq(chmod(wpath("out/t.txt"), 0640), 0);
    fx_call("{\"op\":\"fs.open\",\"path\":\"out/t.txt\",\"mode\":\"w\"}");
    ASSERT_OK();
    long long h = fx_int("h");
    fx_call_data("handle", 6, "{\"op\":\"fs.hwrite\",\"h\":%lld}", h);
    ck_assert_str_eq(get_file(wpath("out/t.txt")), "new");
    ck_assert_int_eq(stray_entries(wpath("out")), named);
    fx_call("{\"op\":\"fs.close\",\"h\":%lld}", h);
    ASSERT_OK();
    ck_assert_str_eq(get_file(wpath("out/t.txt")), "handle");
    struct stat st;
    ck_assert_int_eq(stat(wpath("out/t.txt"), &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
    ck_assert_int_eq(stray_entries(wpath("out")), 0);
  }
}
END_TEST

/* Random requests (ops, field names and value types mixed up) never crash
 * the dispatcher: each one is answered or called a violation. */
START_TEST(test_random_requests)
{
  static const char *ops[] = {"fs.read", "fs.write", "fs.stat", "fs.exists", "fs.is_symlink",
                              "fs.listdir", "fs.mkdir", "fs.unlink", "fs.rmdir", "fs.rename",
                              "fs.replace", "fs.open", "fs.hread", "fs.hwrite", "fs.hseek",
                              "fs.close", "getcwd", "fetch", "nope"};
  static const char *fields[] = {"path", "src", "dst", "mode", "h", "n", "offset", "whence",
                                 "exist_ok", "url", "headers", "body", "method"};
  static const char *values[] = {
    "\"a\"", "\"out\"", "\"notes.txt\"", "\"../x\"", "\"/etc/passwd\"", "\"\"", "\".\"",
    "\"out/../b\"", "\"w\"", "\"r+\"", "\"x\"", "1", "2", "-1", "0", "99999999999", "true",
    "null", "[]", "{}", "{\"hex\":\"ff\"}", "\"http://127.0.0.1/\"", "\"ftp://x/\"",
    "{\"a\":\"b\"}", "1.5"};
  fx_without_log();
  unsigned seed = 12345;
  for (int i = 0; i < 3000; i++) {
    char req[1024];
    int o = snprintf(req, sizeof req, "{\"op\":\"%s\"", ops[rand_r(&seed) % (sizeof ops / sizeof *ops)]);
    int nf = (int)(rand_r(&seed) % 4);
    for (int k = 0; k < nf; k++)
      o += snprintf(req + o, sizeof req - (size_t)o, ",\"%s\":%s",
                    fields[rand_r(&seed) % (sizeof fields / sizeof *fields)],
                    values[rand_r(&seed) % (sizeof values / sizeof *values)]);
    snprintf(req + o, sizeof req - (size_t)o, "}");
    int rc = fx_call_data("data", 4, "%s", req);
    ck_assert_msg(rc == EFFECTS_OK || rc == EFFECTS_VIOLATION, "%s -> %d", req, rc);
    if (rc == EFFECTS_OK)
      ck_assert_msg(json_object_object_get_ex(F.resp, "ok", NULL), "%s: no ok", req);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("effects");
  TCase *tc = tcase_create("example");
  tcase_add_checked_fixture(tc, setup_example, fx_teardown);
  tcase_add_test(tc, test_spec_example);
  tcase_add_test(tc, test_denials);
  suite_add_tcase(s, tc);

  tc = tcase_create("ops");
  tcase_add_checked_fixture(tc, setup_all, fx_teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, test_table_row, 0, (int)(sizeof rows / sizeof *rows));
  tcase_add_test(tc, test_stat_values);
  tcase_add_test(tc, test_cpython_errors);
  tcase_add_test(tc, test_write_modes);
  tcase_add_test(tc, test_floor);
  tcase_add_test(tc, test_symlinks_openat2);
  tcase_add_test(tc, test_symlinks_walk);
  tcase_add_test(tc, test_race_openat2);
  tcase_add_test(tc, test_race_walk);
  tcase_add_test(tc, test_long_and_odd_paths);
  tcase_add_test(tc, test_rename_decisions);
  tcase_add_test(tc, test_handles);
  tcase_add_test(tc, test_handle_redecided);
  tcase_add_test(tc, test_atomic_kill);
  tcase_add_test(tc, test_call_limit);
  tcase_add_test(tc, test_violations);
  tcase_add_test(tc, test_random_requests);
  tcase_add_test(tc, test_no_fd_leak);
  tcase_add_test(tc, test_append_is_o_append);
  tcase_add_test(tc, test_temporary_files);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
