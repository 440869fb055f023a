/* broker/shell_route.h -- the Strands Shell's `python`/`python3` builtin
 * (strands-box.md 2.3), as `box-broker --config F --shell [--cwd DIR]
 * [--command TEXT] -- PROGRAM ARGS...` serves it.
 *
 * First the command-level decision, shell:exec with program, command,
 * arg1, arg2, arg_count and cwd; a denial prints
 *   strands-shell: effect denied: <denial text>
 * and the run ends with 126.  Then the builtin's own grammar (-c SOURCE,
 * one SCRIPT, -V/--version, -h/--help; refused forms status 2 with the
 * digest's messages).  The script file itself is read by the caller
 * through the effects layer, under an fs:read decision. */
#ifndef BOX_BROKER_SHELL_ROUTE_H
#define BOX_BROKER_SHELL_ROUTE_H

#include <stdint.h>
#include <stdio.h>
#include <json-c/json.h>

struct box_config;
struct gate;
struct decision_log;

#define SHELL_STATUS_REFUSED_FORM 2
#define SHELL_STATUS_DENIED 126

struct shell_invocation {
  const char *cwd;     /* --cwd (absolute), or NULL: the workspace */
  const char *command; /* --command, or NULL: PROGRAM ARGS joined by spaces */
  int argc;            /* PROGRAM ARGS... */
  char *const *argv;
};

/* A permitted shell:exec, whose outcome (the run's exit status) goes to
 * the box's history when the run ends (shell_exec_settle). */
struct shell_exec_ticket {
  int64_t seq;        /* 0: nothing to record */
  json_object *input;
};

/* Decides shell:exec through gate and records it.  0 permitted (*ticket
 * set); SHELL_STATUS_DENIED after printing the denial on errout; -1 with
 * err when the request cannot be built. */
int shell_exec_decide(const struct box_config *cfg, struct gate *gate,
                      struct decision_log *log, const struct shell_invocation *inv, FILE *errout,
                      struct shell_exec_ticket *ticket, char *err, size_t errlen);
/* Records shell:exec::response{output.status: status} (and releases the
 * ticket); status < 0: the run did not start (::error). */
void shell_exec_settle(struct gate *gate, struct shell_exec_ticket *ticket, int status);

enum shell_form { SHELL_FORM_SOURCE, SHELL_FORM_SCRIPT, SHELL_FORM_DONE };

/* Applies the builtin's grammar to ARGS.  SOURCE/SCRIPT set *arg (the -c
 * source or the script path); DONE means the builtin has answered (version,
 * help, or a refused form) on out/errout with *status. */
enum shell_form shell_parse(int argc, char *const argv[], const char **arg, FILE *out, FILE *errout,
                            int *status);

#endif
