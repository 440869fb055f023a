/* broker/cli.h -- box-broker's command line.
 *
 *   box-broker --config FILE [--deadline SECONDS] [--resolve HOST:PORT:ADDR]...
 *              [--cacert FILE]
 *              (-c SOURCE | [--] SCRIPT)
 *   box-broker --config FILE --decide REQUEST_JSON
 *   box-broker --config FILE --audit [--json]
 *   box-broker --config FILE --install
 *   box-broker --config FILE --placeholders
 *   box-broker --config FILE --log [--denied] [--since DURATION] [--json]
 *   box-broker --init DIR [--workspace PATH]
 *   box-broker --config FILE --shell [--cwd DIR] [--command TEXT] -- PROGRAM ARGS...
 *   box-broker --config FILE --alias BOX_DIR -- ARGS...    (run by the alias only)
 *   box-broker --help | --version
 *
 * Nothing may follow the -c source or the script (scripts get no argv).
 * After "--", --shell and --alias take every remaining word as it is: the
 * Shell builtin's and the alias's own grammars judge them (broker/main.c).
 * A broker built for the tests (BOX_TESTING, the program
 * tests/process/box-broker-test only) also accepts --worker-path PATH and
 * --cpu-limit SECONDS; the installed box-broker never loads a worker from a
 * path the caller chooses. */
#ifndef BOX_BROKER_CLI_H
#define BOX_BROKER_CLI_H

#include <stddef.h>
#include <stdio.h>

#define CLI_MAX_RESOLVE 16

enum cli_action {
  CLI_RUN,
  CLI_DECIDE,
  CLI_AUDIT,
  CLI_INSTALL,
  CLI_SHELL,
  CLI_ALIAS,
  CLI_HELP,
  CLI_VERSION,
  CLI_PLACEHOLDERS,
  CLI_LOG,
  CLI_INIT,
  CLI_ERROR
};

struct cli_options {
  const char *config_path;
  int audit;               /* --audit */
  int json;                /* --json (with --audit or --log) */
  int log;                 /* --log */
  int denied;              /* --denied (with --log) */
  const char *since;       /* --since DURATION (with --log), or NULL */
  const char *init_dir;    /* --init DIR, or NULL */
  const char *workspace;   /* --workspace PATH (with --init), or NULL */
  const char *source;      /* -c SOURCE, or NULL */
  const char *script_path; /* SCRIPT, or NULL */
  const char *decide_json; /* --decide REQUEST_JSON (CLI_DECIDE), or NULL */
  long long at_s;          /* --at DURATION (with --decide): decide as if this much later */
  int have_at;
  const char *resolve[CLI_MAX_RESOLVE]; /* --resolve HOST:PORT:ADDR (operator-only pins) */
  size_t n_resolve;
  const char *cacert;      /* --cacert FILE: CAs fetch() trusts (operator-only), or NULL */
  int placeholders;        /* --placeholders */
  unsigned deadline_s;     /* BOX_DEFAULT_DEADLINE_SECONDS unless --deadline */
  int install;             /* --install */
  int shell;               /* --shell */
  const char *cwd;         /* --cwd DIR (with --shell) */
  const char *command;     /* --command TEXT (with --shell) */
  const char *alias_dir;   /* --alias BOX_DIR */
  int rest_argc;           /* --shell / --alias: the words after "--" */
  char *const *rest_argv;
  /* Test builds only (always NULL / 0 otherwise). */
  const char *worker_path;
  unsigned cpu_limit_s;
};

/* Parses argv.  On CLI_ERROR err holds the message (without "box-broker: "). */
enum cli_action cli_parse(int argc, char *const argv[], struct cli_options *opts, char *err,
                          size_t errlen);

void cli_print_help(FILE *out);
void cli_print_version(FILE *out);

#endif
