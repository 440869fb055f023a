/* broker/shell_route.c -- the Shell's python builtin: shell:exec and the
 * builtin's grammar (see shell_route.h). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "broker/shell_route.h"

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/effects/decide.h"
#include "broker/effects/gate.h"
#include "common/pathnorm.h"

/* cwd as the Shell reports it: "~" or "~/..." under the operator's home. */
static char *
report_path(const struct box_config *cfg, const char *path)
{
  size_t n = strlen(cfg->operator_home);
  char *out;

  if (n > 1 && box_path_under(path, cfg->operator_home, n)) {
    out = malloc(strlen(path + n) + 2);
    if (out != NULL) {
      out[0] = '~';
      strcpy(out + 1, path + n);
    }
    return out;
  }
  return strdup(path);
}

static char *
join_command(int argc, char *const argv[])
{
  size_t len = 1;
  char *s;

  for (int i = 0; i < argc; i++)
    len += strlen(argv[i]) + 1;
  s = malloc(len);
  if (s == NULL)
    return NULL;
  s[0] = '\0';
  for (int i = 0; i < argc; i++) {
    if (i > 0)
      strcat(s, " ");
    strcat(s, argv[i]);
  }
  return s;
}

int
shell_exec_decide(const struct box_config *cfg, struct gate *gate,
                  struct decision_log *log, const struct shell_invocation *inv, FILE *errout,
                  struct shell_exec_ticket *ticket, char *err, size_t errlen)
{
  char *cwd = report_path(cfg, inv->cwd != NULL ? inv->cwd : cfg->workspace);
  char *command = inv->command != NULL ? strdup(inv->command) : join_command(inv->argc, inv->argv);
  json_object *in = json_object_new_object();
  struct decision_record rec = {0};
  char *denial = NULL;
  int verdict;

  ticket->seq = 0;
  ticket->input = NULL;
  if (cwd == NULL || command == NULL || in == NULL) {
    snprintf(err, errlen, "out of memory");
    free(cwd);
    free(command);
    json_object_put(in);
    return -1;
  }
  json_object_object_add(in, "command", json_object_new_string(command));
  json_object_object_add(in, "program", json_object_new_string(inv->argv[0]));
  if (inv->argc > 1)
    json_object_object_add(in, "arg1", json_object_new_string(inv->argv[1]));
  if (inv->argc > 2)
    json_object_object_add(in, "arg2", json_object_new_string(inv->argv[2]));
  json_object_object_add(in, "arg_count", json_object_new_int64(inv->argc - 1));
  json_object_object_add(in, "cwd", json_object_new_string(cwd));
  rec.action = "shell:exec";
  rec.resource = inv->argv[0];
  verdict = box_decide(gate, log, "shell:exec", in, &rec, inv->argv[0], &denial, &ticket->seq);
  free(cwd);
  free(command);
  if (verdict == BOX_DECIDE_PERMIT) {
    ticket->input = in;
    free(denial);
    return 0;
  }
  json_object_put(in);
  fprintf(errout, "strands-shell: effect denied: %s\n",
          denial != NULL ? denial : "policy denied this operation");
  free(denial);
  return SHELL_STATUS_DENIED;
}

void
shell_exec_settle(struct gate *gate, struct shell_exec_ticket *ticket, int status)
{
  if (ticket->seq != 0)
    gate_outcome(gate, ticket->seq, "shell:exec", ticket->input,
                 status < 0 ? GATE_FAILED : GATE_COMPLETED, status);
  json_object_put(ticket->input);
  ticket->seq = 0;
  ticket->input = NULL;
}

static enum shell_form
refuse(FILE *errout, int *status, const char *msg)
{
  fprintf(errout, "python: %s\n", msg);
  *status = SHELL_STATUS_REFUSED_FORM;
  return SHELL_FORM_DONE;
}

enum shell_form
shell_parse(int argc, char *const argv[], const char **arg, FILE *out, FILE *errout, int *status)
{
  const char *source = NULL, *script = NULL;

  *arg = NULL;
  *status = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (source != NULL || script != NULL) {
      if (script != NULL && a[0] != '-')
        return refuse(errout, status, "only one script file may be given");
      return refuse(errout, status, "no arguments are accepted after the script or -c source");
    }
    if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
      fputs("Monty (Strands-Box Python subset)\n", out);
      return SHELL_FORM_DONE;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs("Usage: python [-c SOURCE | SCRIPT]\n"
            "\n"
            "Runs this box's Python (Monty, a subset of Python) on SOURCE or on the\n"
            "file SCRIPT.  Every file operation the script makes is decided by the\n"
            "box's policy.  No arguments are passed to the script, and stdin is never\n"
            "read.\n"
            "\n"
            "  -c SOURCE      run SOURCE\n"
            "  SCRIPT         run the Python file SCRIPT\n"
            "  -V, --version  print the interpreter's version\n"
            "  -h, --help     print this help\n",
            out);
      return SHELL_FORM_DONE;
    }
    if (strcmp(a, "-c") == 0) {
      if (i + 1 >= argc)
        return refuse(errout, status, "-c needs the source to run");
      source = argv[++i];
    } else if (strcmp(a, "-") == 0) {
      return refuse(errout, status,
                    "reading a script from stdin is not supported; use `-c SOURCE` or a script "
                    "file");
    } else if (a[0] == '-') {
      char msg[256];
      snprintf(msg, sizeof msg,
               "unknown option '%.64s'; this box's Python accepts only `-c SOURCE` or a script "
               "file",
               a);
      return refuse(errout, status, msg);
    } else {
      script = a;
    }
  }
  if (source != NULL) {
    *arg = source;
    return SHELL_FORM_SOURCE;
  }
  if (script != NULL) {
    *arg = script;
    return SHELL_FORM_SCRIPT;
  }
  return refuse(errout, status,
                "no script given; this box's Python runs only `-c SOURCE` or a script file (no "
                "REPL, pipe, or heredoc)");
}
