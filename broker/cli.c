/* broker/cli.c -- box-broker's command line (see broker/cli.h). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "broker/cli.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "broker/worker_proc.h"

#define MAX_SECONDS 86400u

/* Matches "--name VALUE" and "--name=VALUE"; advances *i past the value. */
static bool
option_value(int argc, char *const argv[], int *i, const char *name, const char **value,
             char *err, size_t errlen, bool *failed)
{
  const char *arg = argv[*i];
  size_t n = strlen(name);

  if (strncmp(arg, name, n) != 0)
    return false;
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  if (arg[n] != '\0')
    return false;
  if (*i + 1 >= argc) {
    snprintf(err, errlen, "option %s needs a value", name);
    *failed = true;
    return true;
  }
  *value = argv[++*i];
  return true;
}

static bool
parse_seconds(const char *name, const char *text, unsigned *out, char *err, size_t errlen)
{
  char *end;
  unsigned long v;

  errno = 0;
  v = strtoul(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || v == 0 ||
      v > MAX_SECONDS) {
    snprintf(err, errlen, "option %s takes a whole number of seconds from 1 to %u, not '%s'",
             name, MAX_SECONDS, text);
    return false;
  }
  *out = (unsigned)v;
  return true;
}

/* --at: a duration such as 90, 90s, 15m, 2h or 1d, up to a year. */
static bool
parse_at(const char *text, long long *out, char *err, size_t errlen)
{
  char *end;
  long long v, unit = 1;

  errno = 0;
  v = strtoll(text, &end, 10);
  if (*end != '\0' && end[1] == '\0') {
    switch (*end) {
    case 's': unit = 1; end++; break;
    case 'm': unit = 60; end++; break;
    case 'h': unit = 3600; end++; break;
    case 'd': unit = 86400; end++; break;
    default: break;
    }
  }
  if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || v > 366LL * 86400 / unit) {
    snprintf(err, errlen, "option --at takes how much later to decide, such as 90s, 15m, 2h or 1d "
             "(at most a year), not '%s'", text);
    return false;
  }
  *out = v * unit;
  return true;
}

enum cli_action
cli_parse(int argc, char *const argv[], struct cli_options *opts, char *err, size_t errlen)
{
  int i;

  memset(opts, 0, sizeof *opts);
  opts->deadline_s = BOX_DEFAULT_DEADLINE_SECONDS;
  for (i = 1; i < argc; i++) {
    const char *arg = argv[i], *value = NULL;
    bool failed = false;

    if (strcmp(arg, "--") == 0 && (opts->shell || opts->alias_dir != NULL)) {
      opts->rest_argc = argc - i - 1;
      opts->rest_argv = argv + i + 1;
      break;
    }
    if (strcmp(arg, "--install") == 0) {
      opts->install = 1;
      continue;
    }
    if (strcmp(arg, "--shell") == 0) {
      opts->shell = 1;
      continue;
    }
    if (option_value(argc, argv, &i, "--cwd", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] != '/') {
        snprintf(err, errlen, "option --cwd needs an absolute directory, not '%s'", value);
        return CLI_ERROR;
      }
      opts->cwd = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--command", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      opts->command = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--alias", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] != '/') {
        snprintf(err, errlen, "option --alias needs the absolute box directory, not '%s'", value);
        return CLI_ERROR;
      }
      opts->alias_dir = value;
      continue;
    }
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
      return CLI_HELP;
    if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0)
      return CLI_VERSION;
    if (option_value(argc, argv, &i, "--config", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] == '\0') {
        snprintf(err, errlen, "option --config needs a file name");
        return CLI_ERROR;
      }
      opts->config_path = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--resolve", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (opts->n_resolve == CLI_MAX_RESOLVE) {
        snprintf(err, errlen, "at most %d --resolve options are accepted", CLI_MAX_RESOLVE);
        return CLI_ERROR;
      }
      opts->resolve[opts->n_resolve++] = value;
      continue;
    }
    if (strcmp(arg, "--placeholders") == 0) {
      opts->placeholders = 1;
      continue;
    }
    if (option_value(argc, argv, &i, "--cacert", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] == '\0') {
        snprintf(err, errlen, "option --cacert needs a file name");
        return CLI_ERROR;
      }
      opts->cacert = value;
      continue;
    }
    if (strcmp(arg, "--audit") == 0) {
      opts->audit = 1;
      continue;
    }
    if (strcmp(arg, "--log") == 0) {
      opts->log = 1;
      continue;
    }
    if (strcmp(arg, "--denied") == 0) {
      opts->denied = 1;
      continue;
    }
    if (option_value(argc, argv, &i, "--since", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      opts->since = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--init", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] == '\0') {
        snprintf(err, errlen, "option --init needs a directory");
        return CLI_ERROR;
      }
      opts->init_dir = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--workspace", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      if (value[0] == '\0') {
        snprintf(err, errlen, "option --workspace needs a directory");
        return CLI_ERROR;
      }
      opts->workspace = value;
      continue;
    }
    if (strcmp(arg, "--json") == 0) {
      opts->json = 1;
      continue;
    }
    if (option_value(argc, argv, &i, "--decide", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      opts->decide_json = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--at", &value, err, errlen, &failed)) {
      if (failed || !parse_at(value, &opts->at_s, err, errlen))
        return CLI_ERROR;
      opts->have_at = 1;
      continue;
    }
    if (option_value(argc, argv, &i, "--deadline", &value, err, errlen, &failed)) {
      if (failed || !parse_seconds("--deadline", value, &opts->deadline_s, err, errlen))
        return CLI_ERROR;
      continue;
    }
#ifdef BOX_TESTING
    if (option_value(argc, argv, &i, "--worker-path", &value, err, errlen, &failed)) {
      if (failed)
        return CLI_ERROR;
      opts->worker_path = value;
      continue;
    }
    if (option_value(argc, argv, &i, "--cpu-limit", &value, err, errlen, &failed)) {
      if (failed || !parse_seconds("--cpu-limit", value, &opts->cpu_limit_s, err, errlen))
        return CLI_ERROR;
      continue;
    }
#endif
    if (strcmp(arg, "-c") == 0) {
      if (i + 1 >= argc) {
        snprintf(err, errlen, "option -c needs the source to run");
        return CLI_ERROR;
      }
      opts->source = argv[++i];
    } else if (strcmp(arg, "--") == 0) {
      if (i + 1 >= argc) {
        snprintf(err, errlen, "no script given after --");
        return CLI_ERROR;
      }
      opts->script_path = argv[++i];
    } else if (arg[0] == '-' && arg[1] != '\0') {
      snprintf(err, errlen, "unknown option '%s'", arg);
      return CLI_ERROR;
    } else if (arg[0] == '-' || arg[0] == '\0') {
      snprintf(err, errlen, "reading a script from stdin is not supported; use -c SOURCE or "
                            "a script file");
      return CLI_ERROR;
    } else {
      opts->script_path = arg;
    }
    if (i + 1 < argc) {
      snprintf(err, errlen, "no arguments are accepted after the script or -c source");
      return CLI_ERROR;
    }
  }
  if (opts->install + opts->shell + (opts->alias_dir != NULL) + opts->audit +
          (opts->decide_json != NULL) + opts->placeholders + opts->log + (opts->init_dir != NULL) > 1) {
    snprintf(err, errlen, "give only one of --install, --shell, --alias, --audit, --decide, --placeholders, "
                          "--log and --init");
    return CLI_ERROR;
  }
  if ((opts->denied || opts->since != NULL) && !opts->log) {
    snprintf(err, errlen, "--denied and --since go with --log");
    return CLI_ERROR;
  }
  if (opts->workspace != NULL && opts->init_dir == NULL) {
    snprintf(err, errlen, "--workspace goes with --init");
    return CLI_ERROR;
  }
  if (opts->init_dir != NULL) {
    if (opts->config_path != NULL || opts->source != NULL || opts->script_path != NULL || opts->json) {
      snprintf(err, errlen, "--init DIR writes a new box; give it alone, with --workspace PATH at most");
      return CLI_ERROR;
    }
    return CLI_INIT;
  }
  if (opts->log) {
    if (opts->source != NULL || opts->script_path != NULL || opts->config_path == NULL) {
      snprintf(err, errlen, "--log runs no script; give it with --config FILE (and --denied, --since, --json)");
      return CLI_ERROR;
    }
    return CLI_LOG;
  }
  if ((opts->cwd != NULL || opts->command != NULL) && !opts->shell) {
    snprintf(err, errlen, "--cwd and --command go with --shell");
    return CLI_ERROR;
  }
  if (opts->install || opts->shell || opts->alias_dir != NULL) {
    const char *what = opts->install ? "--install" : opts->shell ? "--shell" : "--alias";
    if (opts->config_path == NULL) {
      snprintf(err, errlen, "option --config FILE is required");
      return CLI_ERROR;
    }
    if (opts->source != NULL || opts->script_path != NULL) {
      snprintf(err, errlen, "%s takes no -c SOURCE or SCRIPT of its own%s", what,
               opts->install ? "" : "; give the program's words after --");
      return CLI_ERROR;
    }
    if (opts->install)
      return CLI_INSTALL;
    if (opts->rest_argv == NULL) {
      snprintf(err, errlen, "%s needs -- and then %s", what,
               opts->shell ? "PROGRAM ARGS..." : "the alias's arguments");
      return CLI_ERROR;
    }
    if (opts->shell) {
      if (opts->rest_argc < 1 ||
          (strcmp(opts->rest_argv[0], "python") != 0 && strcmp(opts->rest_argv[0], "python3") != 0)) {
        snprintf(err, errlen, "--shell runs only the python and python3 builtins, not '%s'",
                 opts->rest_argc < 1 ? "" : opts->rest_argv[0]);
        return CLI_ERROR;
      }
      return CLI_SHELL;
    }
    return CLI_ALIAS;
  }
  if (opts->placeholders) {
    if (opts->source != NULL || opts->script_path != NULL || opts->config_path == NULL) {
      snprintf(err, errlen, "--placeholders runs no script; give it alone with --config FILE");
      return CLI_ERROR;
    }
    return CLI_PLACEHOLDERS;
  }
  if (opts->audit) {
    if (opts->source != NULL || opts->script_path != NULL || opts->decide_json != NULL) {
      snprintf(err, errlen, "--audit runs no script; give it alone with --config");
      return CLI_ERROR;
    }
    if (opts->config_path == NULL) {
      snprintf(err, errlen, "option --config FILE is required");
      return CLI_ERROR;
    }
    return CLI_AUDIT;
  }
  if (opts->json) {
    snprintf(err, errlen, "--json goes with --audit or --log");
    return CLI_ERROR;
  }
  if (opts->have_at && opts->decide_json == NULL) {
    snprintf(err, errlen, "--at goes with --decide");
    return CLI_ERROR;
  }
  if (opts->decide_json != NULL) {
    if (opts->source != NULL || opts->script_path != NULL) {
      snprintf(err, errlen, "--decide runs no script; give it alone with --config");
      return CLI_ERROR;
    }
    if (opts->config_path == NULL) {
      snprintf(err, errlen, "option --config FILE is required");
      return CLI_ERROR;
    }
    return CLI_DECIDE;
  }
  if (opts->source == NULL && opts->script_path == NULL) {
    snprintf(err, errlen, "no script given; use -c SOURCE or SCRIPT");
    return CLI_ERROR;
  }
  if (opts->config_path == NULL) {
    snprintf(err, errlen, "option --config FILE is required");
    return CLI_ERROR;
  }
  return CLI_RUN;
}

void
cli_print_help(FILE *out)
{
  fprintf(out,
          "Usage: box-broker --config FILE [--deadline SECONDS] [--resolve HOST:PORT:ADDR]...\n"
          "                  [--cacert FILE] (-c SOURCE | SCRIPT)\n"
          "       box-broker --config FILE --decide REQUEST_JSON\n"
          "       box-broker --config FILE --audit [--json]\n"
          "       box-broker --config FILE --install\n"
          "       box-broker --config FILE --placeholders\n"
          "       box-broker --config FILE --log [--denied] [--since DURATION] [--json]\n"
          "       box-broker --init DIR [--workspace PATH]\n"
          "       box-broker --config FILE --shell [--cwd DIR] [--command TEXT] -- PROGRAM ARGS...\n"
          "       box-broker --help | --version\n"
          "\n"
          "Runs one Python script inside the box that FILE (a box.toml) describes.\n"
          "The script runs in a separate worker process under a seccomp sandbox; every\n"
          "effect it has goes through this broker.\n"
          "\n"
          "  --config FILE        the box's box.toml (required)\n"
          "  -c SOURCE            run SOURCE (nothing may follow it)\n"
          "  SCRIPT               run the Python file SCRIPT (nothing may follow it;\n"
          "                       use -- SCRIPT for a name that starts with '-')\n"
          "  --deadline SECONDS   wall-clock limit (default %u)\n"
          "  --resolve HOST:PORT:ADDR\n"
          "                       pin HOST:PORT to ADDR for fetch() (operator-only, as\n"
          "                       curl's --resolve; the address is still decided by\n"
          "                       net:connect with its ip)\n"
          "  --cacert FILE        trust the CA certificates in FILE instead of the\n"
          "                       system store for fetch() and OTLP telemetry\n"
          "                       (operator-only)\n"
          "  --placeholders       print the agent's stand-ins for the box's [egress.*]\n"
          "                       credentials as NAME='value' lines (made once per box)\n"
          "  --decide JSON        dry run for policy authors: decide one request such as\n"
          "                       '{\"action\":\"fs:read\",\"input\":{\"path\":\"~/x\",\n"
          "                       \"operation\":\"read_content\"}}' and print the decision\n"
          "                       as JSON, with the request spelled as a real run spells\n"
          "                       it (paths joined to the workspace and normalised, ~/\n"
          "                       under the home, hosts lowercase); temporal rules read\n"
          "                       the box's history; runs nothing and changes nothing\n"
          "  --at DURATION        with --decide: decide as if DURATION (90s, 15m, 2h, 1d)\n"
          "                       later, when older events have left the rules' windows\n"
          "  --audit              security review of the box: configuration, policy\n"
          "                       with findings, sandbox (with a live check of an idle\n"
          "                       worker) and decision-log activity; runs no script and\n"
          "                       changes nothing; exit 0, or 3 when a finding is high\n"
          "  --json               with --audit: one JSON document instead of text;\n"
          "                       with --log: one JSON object per decision\n"
          "  --log                the decision log, one line per decision: time, verdict,\n"
          "                       action, resource, deciding rule\n"
          "  --denied             with --log: denials only\n"
          "  --since DURATION     with --log: only the last DURATION (90s, 15m, 2h, 7d)\n"
          "  --init DIR           write a ready box in DIR (box.toml and a commented\n"
          "                       policy.dw) and print the next commands; never\n"
          "                       overwrites\n"
          "  --workspace PATH     with --init: the project scripts work in (default: the\n"
          "                       current directory)\n"
          "  --install            create the python3 and python aliases in BOX_DIR/bin\n"
          "                       (idempotent: refreshes stale ones)\n"
          "  --shell -- PROGRAM ARGS...\n"
          "                       run the Strands Shell's python/python3 builtin: decide\n"
          "                       shell:exec, then PROGRAM's own grammar\n"
          "  --cwd DIR            with --shell: the Shell's working directory\n"
          "  --command TEXT       with --shell: the command line as typed\n"
          "  -h, --help           show this help\n"
          "  -V, --version        show the version\n"
#ifdef BOX_TESTING
          "\nTest build only:\n"
          "  --worker-path PATH   run PATH as the worker\n"
          "  --cpu-limit SECONDS  the worker's CPU limit\n"
#endif
          "\n"
          "Exit status: the script's (0 completed, 1 uncaught exception, n from\n"
          "SystemExit), 2 bad command line, 1 bad configuration, 125 the box did not\n"
          "run the script to its end (the reason is on stderr); with --shell also 2 a\n"
          "refused form and 126 shell:exec denied.  See box-broker(1).\n",
          BOX_DEFAULT_DEADLINE_SECONDS);
}

void
cli_print_version(FILE *out)
{
  fprintf(out, "box-broker (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
}
