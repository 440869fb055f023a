/* tests/process/test_cli.c -- Check unit tests for box-broker's command line
 * (broker/cli.c, compiled here with BOX_TESTING like the test broker). */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "broker/cli.h"
#include "broker/worker_proc.h"

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])) - 1)

static enum cli_action
parse(int argc, char *const argv[], struct cli_options *o, char *err)
{
  err[0] = '\0';
  return cli_parse(argc, argv, o, err, 300);
}

START_TEST(source_form)
{
  char *argv[] = {"box-broker", "--config", "box.toml", "-c", "print(1)", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(argv), argv, &o, err), CLI_RUN);
  ck_assert_str_eq(o.config_path, "box.toml");
  ck_assert_str_eq(o.source, "print(1)");
  ck_assert_ptr_null(o.script_path);
  ck_assert_uint_eq(o.deadline_s, BOX_DEFAULT_DEADLINE_SECONDS);
}
END_TEST

START_TEST(script_form_and_equals_options)
{
  char *argv[] = {"box-broker", "--config=/b/box.toml", "--deadline=7", "run.py", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(argv), argv, &o, err), CLI_RUN);
  ck_assert_str_eq(o.config_path, "/b/box.toml");
  ck_assert_str_eq(o.script_path, "run.py");
  ck_assert_ptr_null(o.source);
  ck_assert_uint_eq(o.deadline_s, 7);
}
END_TEST

START_TEST(double_dash_script)
{
  char *argv[] = {"box-broker", "--config", "c", "--", "-odd.py", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(argv), argv, &o, err), CLI_RUN);
  ck_assert_str_eq(o.script_path, "-odd.py");
}
END_TEST

START_TEST(source_may_look_like_an_option)
{
  char *argv[] = {"box-broker", "--config", "c", "-c", "--version", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(argv), argv, &o, err), CLI_RUN);
  ck_assert_str_eq(o.source, "--version");
}
END_TEST

START_TEST(help_and_version)
{
  char *h[] = {"box-broker", "--help", NULL};
  char *h2[] = {"box-broker", "--config", "c", "-h", NULL};
  char *v[] = {"box-broker", "--version", NULL};
  char *v2[] = {"box-broker", "-V", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(h), h, &o, err), CLI_HELP);
  ck_assert_int_eq(parse(ARGC(h2), h2, &o, err), CLI_HELP);
  ck_assert_int_eq(parse(ARGC(v), v, &o, err), CLI_VERSION);
  ck_assert_int_eq(parse(ARGC(v2), v2, &o, err), CLI_VERSION);
}
END_TEST

static void
expect_error(int argc, char *argv[], const char *want)
{
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(argc, argv, &o, err), CLI_ERROR);
  ck_assert_msg(strstr(err, want) != NULL, "error '%s' lacks '%s'", err, want);
}

START_TEST(usage_errors)
{
  char *a1[] = {"box-broker", NULL};
  char *a2[] = {"box-broker", "-c", "print(1)", NULL};
  char *a3[] = {"box-broker", "--config", NULL};
  char *a4[] = {"box-broker", "--config", "c", "-c", NULL};
  char *a5[] = {"box-broker", "--config", "c", "-c", "x", "extra", NULL};
  char *a6[] = {"box-broker", "--config", "c", "a.py", "b.py", NULL};
  char *a7[] = {"box-broker", "--config", "c", "-", NULL};
  char *a8[] = {"box-broker", "--config", "c", "--bogus", "a.py", NULL};
  char *a9[] = {"box-broker", "--config", "c", "--deadline", "0", "a.py", NULL};
  char *a10[] = {"box-broker", "--config", "c", "--deadline", "12x", "a.py", NULL};
  char *a11[] = {"box-broker", "--config", "c", "--deadline", "-5", "a.py", NULL};
  char *a12[] = {"box-broker", "--config", "c", "--deadline", "99999999999", "a.py", NULL};
  char *a13[] = {"box-broker", "--config", "c", "--", NULL};
  char *a14[] = {"box-broker", "--config=", "a.py", NULL};
  char *a15[] = {"box-broker", "--config", "c", "a.py", "--version", NULL};

  expect_error(ARGC(a1), a1, "no script given");
  expect_error(ARGC(a2), a2, "--config FILE is required");
  expect_error(ARGC(a3), a3, "--config needs a value");
  expect_error(ARGC(a4), a4, "-c needs the source");
  expect_error(ARGC(a5), a5, "no arguments are accepted after");
  expect_error(ARGC(a6), a6, "no arguments are accepted after");
  expect_error(ARGC(a7), a7, "stdin is not supported");
  expect_error(ARGC(a8), a8, "unknown option '--bogus'");
  expect_error(ARGC(a9), a9, "whole number of seconds");
  expect_error(ARGC(a10), a10, "whole number of seconds");
  expect_error(ARGC(a11), a11, "whole number of seconds");
  expect_error(ARGC(a12), a12, "whole number of seconds");
  expect_error(ARGC(a13), a13, "no script given after --");
  expect_error(ARGC(a14), a14, "--config needs a file name");
  expect_error(ARGC(a15), a15, "no arguments are accepted after");
}
END_TEST

START_TEST(test_only_options)
{
  char *argv[] = {"box-broker", "--worker-path", "/w", "--cpu-limit", "2", "--config", "c",
                  "-c", "x", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(argv), argv, &o, err), CLI_RUN);
  ck_assert_str_eq(o.worker_path, "/w");
  ck_assert_uint_eq(o.cpu_limit_s, 2);
}
END_TEST

START_TEST(shell_alias_install_forms)
{
  char *shell[] = {"box-broker", "--config", "c", "--shell", "--cwd", "/w", "--command",
                   "python3 -V", "--", "python3", "-V", "--help", NULL};
  char *alias[] = {"box-broker", "--config", "c", "--alias", "/b", "--", "-c", "--version", NULL};
  char *install[] = {"box-broker", "--config", "c", "--install", NULL};
  struct cli_options o;
  char err[300];

  /* after "--" every word is the program's, even -V and --help */
  ck_assert_int_eq(parse(ARGC(shell), shell, &o, err), CLI_SHELL);
  ck_assert_str_eq(o.cwd, "/w");
  ck_assert_str_eq(o.command, "python3 -V");
  ck_assert_int_eq(o.rest_argc, 3);
  ck_assert_str_eq(o.rest_argv[0], "python3");
  ck_assert_str_eq(o.rest_argv[2], "--help");
  ck_assert_int_eq(parse(ARGC(alias), alias, &o, err), CLI_ALIAS);
  ck_assert_str_eq(o.alias_dir, "/b");
  ck_assert_int_eq(o.rest_argc, 2);
  ck_assert_int_eq(parse(ARGC(install), install, &o, err), CLI_INSTALL);
}
END_TEST

START_TEST(placeholders_and_cacert)
{
  char *ph[] = {"box-broker", "--config", "c", "--placeholders", NULL};
  char *ph_script[] = {"box-broker", "--config", "c", "--placeholders", "-c", "x", NULL};
  char *ph_audit[] = {"box-broker", "--config", "c", "--placeholders", "--audit", NULL};
  char *ph_noconfig[] = {"box-broker", "--placeholders", NULL};
  char *ca[] = {"box-broker", "--config", "c", "--cacert", "/ca.pem", "-c", "x", NULL};
  char *ca_eq[] = {"box-broker", "--config", "c", "--cacert=/ca.pem", "s.py", NULL};
  char *ca_empty[] = {"box-broker", "--config", "c", "--cacert=", "-c", "x", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(ph), ph, &o, err), CLI_PLACEHOLDERS);
  ck_assert_int_eq(parse(ARGC(ph_script), ph_script, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "--placeholders runs no script; give it alone with --config FILE");
  ck_assert_int_eq(parse(ARGC(ph_audit), ph_audit, &o, err), CLI_ERROR);
  ck_assert_int_eq(parse(ARGC(ph_noconfig), ph_noconfig, &o, err), CLI_ERROR);
  ck_assert_int_eq(parse(ARGC(ca), ca, &o, err), CLI_RUN);
  ck_assert_str_eq(o.cacert, "/ca.pem");
  ck_assert_int_eq(parse(ARGC(ca_eq), ca_eq, &o, err), CLI_RUN);
  ck_assert_str_eq(o.cacert, "/ca.pem");
  ck_assert_int_eq(parse(ARGC(ca_empty), ca_empty, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "option --cacert needs a file name");
}
END_TEST

START_TEST(shell_alias_install_errors)
{
  char *other[] = {"box-broker", "--config", "c", "--shell", "--", "ls", NULL};
  char *nodash[] = {"box-broker", "--config", "c", "--shell", NULL};
  char *relcwd[] = {"box-broker", "--config", "c", "--shell", "--cwd", "w", "--", "python", NULL};
  char *cwd_alone[] = {"box-broker", "--config", "c", "--cwd", "/w", "-c", "1", NULL};
  char *two[] = {"box-broker", "--config", "c", "--install", "--audit", NULL};
  char *install_src[] = {"box-broker", "--config", "c", "--install", "-c", "1", NULL};
  struct cli_options o;
  char err[300];

  ck_assert_int_eq(parse(ARGC(other), other, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "--shell runs only the python and python3 builtins, not 'ls'");
  ck_assert_int_eq(parse(ARGC(nodash), nodash, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "--shell needs -- and then PROGRAM ARGS...");
  ck_assert_int_eq(parse(ARGC(relcwd), relcwd, &o, err), CLI_ERROR);
  ck_assert_int_eq(parse(ARGC(cwd_alone), cwd_alone, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "--cwd and --command go with --shell");
  ck_assert_int_eq(parse(ARGC(two), two, &o, err), CLI_ERROR);
  ck_assert_int_eq(parse(ARGC(install_src), install_src, &o, err), CLI_ERROR);
  ck_assert_str_eq(err, "--install takes no -c SOURCE or SCRIPT of its own");
}
END_TEST

int
main(void)
{
Suite *s = suite_create("cli");
  TCase *tc = tcase_create("parse");
  SRunner *sr;
  int failed;

  tcase_add_test(tc, source_form);
  tcase_add_test(tc, script_form_and_equals_options);
  tcase_add_test(tc, double_dash_script);
  tcase_add_test(tc, source_may_look_like_an_option);
  tcase_add_test(tc, help_and_version);
  tcase_add_test(tc, usage_errors);
  tcase_add_test(tc, test_only_options);
  tcase_add_test(tc, shell_alias_install_forms);
  tcase_add_test(tc, shell_alias_install_errors);
  tcase_add_test(tc, placeholders_and_cacert);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
