/* broker/main.c -- box-broker: the trusted side of box.
 *
 * Parses the command line, loads box.toml, reads the script, starts the
 * sandboxed worker (broker/worker_proc.c) and serves it until it reports its
 * exit status (broker/session.c).  The broker's exit status is the script's,
 * or 125 with a "box-broker: <reason>" line on stderr when the box did not
 * run the script to its end, 2 for a bad command line, 1 for a bad
 * configuration. */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/boxdir.h"
#include "broker/alias_file.h"
#include "broker/audit/audit.h"
#include "broker/cli.h"
#include "broker/decide_request.h"
#include "broker/init_box.h"
#include "broker/log_view.h"
#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/egress/credentials.h"
#include "broker/egress/fetch.h"
#include "broker/egress/placeholders.h"
#include "broker/telemetry/otlp_send.h"
#include "broker/effects/ops.h"
#include "broker/policy/policy.h"
#include "broker/install.h"
#include "broker/script_source.h"
#include "broker/session.h"
#include "broker/effects/gate.h"
#include "broker/shell_route.h"
#include "broker/worker_proc.h"
#include "common/pathnorm.h"
#include "common/protocol.h"
#include "common/utf8.h"

#define CONFIG_STATUS 1 /* bad box.toml, as strands-box.md 4 */

__attribute__((format(printf, 2, 3))) static _Noreturn void
die(int status, const char *fmt, ...)
{
  va_list ap;

  fputs("box-broker: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(status);
}

/* Makes sure fds 0, 1 and 2 are open, so no pipe or file the broker opens
 * can land on them (and reach the worker as its stdout or stderr). */
static void
sanitize_std_fds(void)
{
  int fd;

  for (fd = 0; fd <= 2; fd++)
    if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
      exit(BOX_STATUS_BOX_FAILED);
}

/* SIGTERM, SIGINT and SIGHUP arrive on a signalfd the session polls, so the
 * broker always stops and reaps the worker before it exits. */
static int
setup_signals(void)
{
  sigset_t set;
  int fd;

  signal(SIGPIPE, SIG_IGN); /* a dead worker shows up as EPIPE */
  signal(SIGXFSZ, SIG_IGN); /* an operator's file-size limit is an EFBIG error, not a kill */
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGHUP);
  if (sigprocmask(SIG_BLOCK, &set, NULL) != 0)
    die(BOX_STATUS_BOX_FAILED, "cannot block signals: %s", strerror(errno));
  fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
  if (fd < 0)
    die(BOX_STATUS_BOX_FAILED, "cannot create a signalfd: %s", strerror(errno));
  return fd;
}

/* The script's name as CPython 3.11 gives it to __file__ and tracebacks: a
 * relative path joined to the directory it is relative to, not normalised
 * ("./x.py" in /w is "/w/./x.py").  sys.argv[0] keeps the name as given. */
static const char *
script_file_name(const char *dir, const char *path, char *buf, size_t size)
{
  size_t n;

  if (path[0] == '/' || dir == NULL || (n = strlen(dir)) == 0)
    return path;
  if ((size_t)snprintf(buf, size, "%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", path) >= size)
    return path;
  return buf;
}

/* The worker is started as soon as the command line says a script will run
 * (plain and alias routes): its exec, sandbox and interpreter start-up
 * (worker/main.c) then overlap the broker's loading of box.toml and the
 * policy.  It gets nothing until session_run() sends the SCRIPT frame, so a
 * run refused on the way never runs any of the script; stop_worker(), an
 * atexit handler, kills and reaps it on every way out. */
static struct worker_proc worker;
static char worker_path[PATH_MAX];
static bool worker_running;
static int signal_fd = -1;

static void
stop_worker(void)
{
  /* Killed before its pipes close: a worker that saw the pipe close first
   * would print "box-worker: the broker closed the pipe" after the
   * broker's own reason for not running the script. */
  if (worker_running) {
    worker_proc_kill(&worker);
    worker_proc_finish(&worker);
  }
  worker_running = false;
}

/* Starts the worker unless it runs already; with `confirm`, also waits
 * until its exec is known to have succeeded.  0, or -1 with err. */
static int
start_worker(const struct cli_options *opts, struct worker_limits *limits, bool confirm,
             char *err, size_t errlen)
{
  char *path = worker_path;

  if (worker_running) {
    if (!confirm || worker_proc_started(&worker, path, err, errlen) == 0)
      return 0;
    worker_running = false; /* reaped by worker_proc_started() */
    return -1;
  }
  worker_limits_default(limits);
  if (opts->cpu_limit_s > 0)
    limits->cpu_seconds = opts->cpu_limit_s;
  if (opts->worker_path != NULL) { /* test builds only: cli.c parses it under BOX_TESTING */
    if (realpath(opts->worker_path, path) == NULL) {
      snprintf(err, errlen, "worker %s: %s", opts->worker_path, strerror(errno));
      return -1;
    }
  } else if (worker_proc_locate(path, sizeof worker_path, err, errlen) != 0)
    return -1;
  if (signal_fd < 0) /* before the fork: no signal may slip between the two */
    signal_fd = setup_signals();
  fflush(stdout); /* nothing buffered may be written twice or out of order */
  fflush(stderr);
  if (worker_proc_start(&worker, path, limits, err, errlen) != 0)
    return -1;
  worker_running = true;
  return confirm ? start_worker(opts, limits, confirm, err, errlen) : 0;
}

/* --decide: the policy dry run.  Prints the decision as JSON on stdout;
 * status 0 whatever the verdict, 1 when the request itself is malformed. */
static int
decide_through_gate(void *arg, const char *action, json_object *input, struct policy_decision *out,
                    char *err, size_t errlen)
{
  int64_t seq;
  int fault;
  return gate_decide(arg, action, input, out, &seq, &fault, err, errlen);
}

static int
decide(struct box_config *cfg, struct policy *policy, const struct cli_options *opts)
{
  char err[1024];
  const char *request_json = opts->decide_json;
  /* temporal rules read the box's history, which the dry run leaves as it is */
  struct gate *gate = gate_open(policy, cfg->box_dir, GATE_READ_ONLY, NULL, err, sizeof err);
  if (gate == NULL) {
    fprintf(stderr, "box-broker: error: %s\n", err);
    policy_free(policy);
    box_config_free(cfg);
    return CONFIG_STATUS;
  }
  gate_set_offset(gate, opts->at_s);
  /* the request as a real run would spell it (decide_request.c); the
   * decision names it as "request" */
  json_object *req = json_tokener_parse(request_json);
  const char *decided = request_json;
  if (req != NULL) {
    decide_request_normalize(cfg, req);
    decided = json_object_to_json_string_ext(req, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
  }
  char *out = policy_decide_json_via(policy, decided, decide_through_gate, gate, err, sizeof err);
  int status = 0;

  if (out == NULL) {
    fprintf(stderr, "box-broker: error: %s\n", err);
    status = CONFIG_STATUS;
  } else {
    size_t n = strlen(out);
    if (req != NULL && n > 1 && out[n - 1] == '}')
      printf("%.*s,\"request\":%s}\n", (int)(n - 1), out, decided);
    else
      printf("%s\n", out);
    free(out);
  }
  json_object_put(req);
  gate_close(gate);
  policy_free(policy);
  box_config_free(cfg);
  return status;
}

/* --log: the decision log, one line per decision (broker/log_view.c). */
static int
show_log(struct box_config *cfg, const struct cli_options *opts)
{
  struct log_view_options o = { .denied_only = opts->denied, .json = opts->json };
  char err[1024];
  int status = 0;

  if (opts->since != NULL && log_view_parse_duration(opts->since, &o.since_s) != 0) {
    fprintf(stderr, "box-broker: option --since takes a duration such as 90s, 15m, 2h or 7d, not '%s'\n",
            opts->since);
    status = BOX_STATUS_USAGE;
  } else if (log_view_print(cfg, &o, stdout, err, sizeof err) != 0) {
    fprintf(stderr, "box-broker: error: %s\n", err);
    status = CONFIG_STATUS;
  }
  box_config_free(cfg);
  return status;
}

/* --alias: the alias found its box from its own location; the box.toml
 * recorded there must still name that box directory (an alias moved away
 * from its box, or a box.toml now pointing elsewhere, refuses to run). */
static void
check_alias_box(const struct box_config *cfg, const char *alias_dir)
{
  char a[PATH_MAX], b[PATH_MAX];

  if (realpath(alias_dir, a) == NULL || realpath(cfg->box_dir, b) == NULL || strcmp(a, b) != 0)
    die(BOX_STATUS_BOX_FAILED,
        "this alias lies in %s, but %s names box_dir %s; run box-broker --config %s --install",
        alias_dir, cfg->path, cfg->box_dir, cfg->path);
}

/* The alias grammar (strands-box.md 2.2): exactly -c SOURCE or one SCRIPT
 * that does not start with '-'. */
static void
alias_args(const struct cli_options *opts, const char **source, const char **script)
{
  *source = *script = NULL;
  if (opts->rest_argc == 2 && strcmp(opts->rest_argv[0], "-c") == 0)
    *source = opts->rest_argv[1];
  else if (opts->rest_argc == 1 && opts->rest_argv[0][0] != '-')
    *script = opts->rest_argv[0];
  else
    die(BOX_STATUS_BOX_FAILED, "Python alias accepts only -c SOURCE or SCRIPT");
}

/* The Shell route's script: read through the effects layer, so it takes
 * the fs:read decision and the reach floor like any file the script
 * opens.  NULL after printing "python: <why>" (the builtin's hook error). */
static char *
shell_read_script(struct effects *effects, const char *dir, const char *path, size_t *len)
{
  char err[512];
  char *abs = box_path_normalize(dir, path, strlen(path));
  json_object *req = json_object_new_object(), *resp = NULL, *v;
  void *data = NULL;
  size_t n = 0;
  char *text = NULL;

  if (abs == NULL || req == NULL)
    die(BOX_STATUS_BOX_FAILED, "out of memory");
  json_object_object_add(req, "op", json_object_new_string("fs.read"));
  json_object_object_add(req, "path", json_object_new_string(abs));
  free(abs);
  int rc = effects_dispatch(effects, req, NULL, 0, &resp, &data, &n, err, sizeof err);
  json_object_put(req);
  if (rc != EFFECTS_OK) {
    fprintf(stderr, "python: %s: %s\n", path, rc == EFFECTS_VIOLATION ? err : "refused");
  } else if (!json_object_object_get_ex(resp, "ok", &v) || !json_object_get_boolean(v)) {
    json_object_object_get_ex(resp, "msg", &v);
    fprintf(stderr, "python: %s\n", v ? json_object_get_string(v) : "cannot read the script");
  } else if (n > BOX_MAX_SCRIPT_BYTES) {
    fprintf(stderr, "python: Shell script %s is %zu bytes; maximum is %u\n", path, n,
            BOX_MAX_SCRIPT_BYTES);
  } else {
    text = data != NULL ? data : calloc(1, 1);
    data = NULL;
    *len = n;
  }
  free(data);
  json_object_put(resp);
  return text;
}

/* Serves every request of the worker with the effects layer. */
static int
serve_effect(void *ctx, struct json_object *req, const void *bin, size_t len,
             struct json_object **reply, void **reply_bin, size_t *reply_len, char *err,
             size_t errlen)
{
  switch (effects_dispatch(ctx, req, bin, len, reply, reply_bin, reply_len, err, errlen)) {
  case EFFECTS_OK:
    return SESSION_SERVE_OK;
  case EFFECTS_FATAL:
    return SESSION_SERVE_FINAL;
  default:
    return SESSION_SERVE_VIOLATION;
  }
}

int
main(int argc, char **argv)
{
  struct cli_options opts;
  struct box_config *cfg = NULL;
  struct policy *policy = NULL;
  struct decision_log *log = NULL;
  struct effects *effects = NULL;
  struct gate *gate = NULL;
  struct shell_exec_ticket ticket = {0};
  struct egress_credentials *creds = NULL;
  struct otlp_auth otlp_auth;
  size_t k;
  struct session_script script;
  struct session_config scfg;
  struct session_result res;
  struct worker_limits limits;
  char err[1024];
  char cwd_buf[PATH_MAX], file_name_buf[PATH_MAX];
  char *file_source = NULL;
  const char *source = NULL, *script_path = NULL;
  enum cli_action action;

  sanitize_std_fds();
  atexit(stop_worker);
  switch ((action = cli_parse(argc, argv, &opts, err, sizeof err))) {
  case CLI_HELP:
    cli_print_help(stdout);
    return 0;
  case CLI_VERSION:
    cli_print_version(stdout);
    return 0;
  case CLI_ERROR:
    fprintf(stderr, "box-broker: %s\nTry 'box-broker --help' for more information.\n", err);
    return BOX_STATUS_USAGE;
  case CLI_INIT:
    if (init_box(opts.init_dir, opts.workspace, stdout, err, sizeof err) != 0) {
      fprintf(stderr, "box-broker: error: %s\n", err);
      return CONFIG_STATUS;
    }
    return 0;
  case CLI_AUDIT: {
    int status = audit_run(opts.config_path, opts.json, stdout, err, sizeof err);
    if (status == AUDIT_STATUS_ERROR)
      fprintf(stderr, "%s\n", err);
    return status;
  }
  case CLI_RUN:
  case CLI_ALIAS:
    /* A failure here is reported below, after box.toml and the script are
     * checked, where it always was. */
    (void)start_worker(&opts, &limits, false, err, sizeof err);
    break;
  default:
    break;
  }

  if (box_config_load(opts.config_path, &cfg, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return CONFIG_STATUS;
  }
  if (action == CLI_LOG) /* the log is readable whatever state the policy is in */
    return show_log(cfg, &opts);
  /* A bad policy is refused before anything runs; no policy denies everything. */
  if (cfg->policy_path != NULL) {
    policy = policy_load_file_ex(cfg->policy_path, cfg->operator_home, POLICY_ALLOW_TEMPORAL, err, sizeof err);
    if (policy == NULL) {
      /* Parse errors start with the file's name; validation errors do not. */
      size_t n = strlen(cfg->policy_path);
      if (strncmp(err, cfg->policy_path, n) == 0 && err[n] == ':')
        fprintf(stderr, "box-broker: error: %s\n", err);
      else
        fprintf(stderr, "box-broker: error: %s: %s\n", cfg->policy_path, err);
      box_config_free(cfg);
      return CONFIG_STATUS;
    }
  }
  if (policy_load_warning(policy) != NULL)
    fprintf(stderr, "box-broker: warning: %s\n", policy_load_warning(policy));
  if (action == CLI_DECIDE)
    return decide(cfg, policy, &opts);
  if (action == CLI_INSTALL) /* the box is set up for its agent: disclose the grants */
    box_config_disclose(cfg, stderr);

  /* The script of the alias route and of a plain run is read, checked and
   * refused before the box directory is touched. */
  if (action == CLI_ALIAS) {
    check_alias_box(cfg, opts.alias_dir);
    alias_args(&opts, &source, &script_path);
  } else if (action == CLI_RUN) {
    source = opts.source;
    script_path = opts.script_path;
  }
  memset(&script, 0, sizeof script);
  if (source != NULL) {
    script.source = source;
    script.len = strlen(source);
    script.filename = "<string>";
    script.argv0 = "-c";
    if (script.len > BOX_MAX_SCRIPT_BYTES)
      die(BOX_STATUS_BOX_FAILED, "Python source is %zu bytes; maximum is %u", script.len,
          BOX_MAX_SCRIPT_BYTES);
  } else if (script_path != NULL) {
    if (script_source_read(cfg, script_path, &file_source, &script.len, err, sizeof err) != 0)
      die(BOX_STATUS_BOX_FAILED, "%s", err);
    script.source = file_source;
    script.filename = script_path;
    if (getcwd(cwd_buf, sizeof cwd_buf) != NULL)
      script.filename = script_file_name(cwd_buf, script_path, file_name_buf, sizeof file_name_buf);
    script.argv0 = script_path;
  }
  if (script.source != NULL && !box_utf8_valid(script.source, script.len))
    die(BOX_STATUS_BOX_FAILED, "Python source is not valid UTF-8");

  /* boxdir and decision_log messages already start with "box-broker: error: ". */
  if (boxdir_prepare(cfg->box_dir, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return CONFIG_STATUS;
  }
  if (action == CLI_PLACEHOLDERS) {
    struct egress_placeholders ph;
    if (egress_placeholders_load(cfg, &ph, err, sizeof err) != 0) {
      fprintf(stderr, "%s\n", err);
      return CONFIG_STATUS;
    }
    egress_placeholders_print(&ph, stdout);
    egress_placeholders_free(&ph);
    policy_free(policy);
    box_config_free(cfg);
    return fflush(stdout) == 0 ? 0 : CONFIG_STATUS;
  }
  if (action == CLI_INSTALL) {
    int rc = box_install(cfg, stdout, err, sizeof err);
    if (rc != 0)
      fprintf(stderr, "box-broker: error: --install: %s\n", err);
    policy_free(policy);
    box_config_free(cfg);
    return rc != 0 ? CONFIG_STATUS : 0;
  }
  /* [egress.*] secrets are read once, now; a missing one refuses the box. */
  if (egress_credentials_load(cfg, &creds, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    policy_free(policy);
    box_config_free(cfg);
    return CONFIG_STATUS;
  }
  if (otlp_auth_load(cfg, &otlp_auth, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    egress_credentials_free(creds);
    policy_free(policy);
    box_config_free(cfg);
    return CONFIG_STATUS;
  }
  otlp_note_backlog(cfg);
  /* Fail closed: no effect is ever performed without its record. */
  log = decision_log_open(cfg, NULL, err, sizeof err);
  if (log == NULL) {
    fprintf(stderr, "%s\n", err);
    policy_free(policy);
    box_config_free(cfg);
    return BOX_STATUS_BOX_FAILED;
  }
  effects = effects_new(cfg, policy, log, err, sizeof err);
  if (effects == NULL)
    die(BOX_STATUS_BOX_FAILED, "%s", err);
  /* Temporal rules decide over the box's history (opened only for them).
   * A history that cannot be opened denies every decision of the run. */
  gate = gate_open(policy, cfg->box_dir, GATE_RECORD, decision_log_run_id(log), err, sizeof err);
  if (gate == NULL) {
    fprintf(stderr, "box-broker: error: %s; every decision of this run is denied\n", err);
    gate = gate_broken(policy, err);
  }
  effects_set_gate(effects, gate);
  for (k = 0; k < opts.n_resolve; k++)
    if (effects_add_resolve(effects, opts.resolve[k], err, sizeof err) != 0)
      die(BOX_STATUS_USAGE, "--resolve %s: %s", opts.resolve[k], err);
  egress_set_credentials(effects_egress(effects), creds);
  if (opts.cacert != NULL) {
    if (access(opts.cacert, R_OK) != 0)
      die(BOX_STATUS_USAGE, "--cacert %s: %s", opts.cacert, strerror(errno));
    egress_set_cacert(effects_egress(effects), opts.cacert);
  }

  if (action == CLI_SHELL) {
    struct shell_invocation inv = {opts.cwd, opts.command, opts.rest_argc, opts.rest_argv};
    const char *arg;
    int status;
    int rc = shell_exec_decide(cfg, gate, log, &inv, stderr, &ticket, err, sizeof err);
    enum shell_form form = SHELL_FORM_DONE;

    if (rc < 0)
      die(BOX_STATUS_BOX_FAILED, "%s", err);
    status = rc;
    if (rc == 0)
      form = shell_parse(opts.rest_argc - 1, opts.rest_argv + 1, &arg, stdout, stderr, &status);
    if (form == SHELL_FORM_SOURCE) {
      script.source = arg;
      script.len = strlen(arg);
      script.filename = "<string>";
      script.argv0 = "-c";
    } else if (form == SHELL_FORM_SCRIPT) {
      file_source = shell_read_script(effects, opts.cwd ? opts.cwd : cfg->workspace, arg,
                                      &script.len);
      if (file_source == NULL) {
        form = SHELL_FORM_DONE;
        status = 1;
      }
      script.source = file_source;
      script.filename = script_file_name(opts.cwd ? opts.cwd : cfg->workspace, arg, file_name_buf,
                                         sizeof file_name_buf);
      script.argv0 = arg;
    }
    if (form != SHELL_FORM_DONE && (script.len > BOX_MAX_SCRIPT_BYTES ||
                                    !box_utf8_valid(script.source, script.len))) {
      fprintf(stderr, "python: %s\n", script.len > BOX_MAX_SCRIPT_BYTES
                                          ? "the source is over 65536 bytes"
                                          : "Python source is not valid UTF-8");
      form = SHELL_FORM_DONE;
      status = 1;
    }
    if (form == SHELL_FORM_DONE) {
      shell_exec_settle(gate, &ticket, status);
      free(file_source);
      effects_free(effects);
      gate_close(gate);
      egress_credentials_free(creds);
      decision_log_close(log);
      telemetry_deliver_detached(cfg, &otlp_auth, opts.cacert);
      otlp_auth_free(&otlp_auth);
      policy_free(policy);
      box_config_free(cfg);
      return status;
    }
  }
  script.cwd = cfg->workspace;
  /* "~" in the script: the agent's HOME when the box sets one, else the
   * operator's home (the reach floor admits both). */
  script.home = cfg->agent_home != NULL ? cfg->agent_home : cfg->operator_home;

  if (start_worker(&opts, &limits, true, err, sizeof err) != 0) /* the Shell route starts it here */
    die(BOX_STATUS_BOX_FAILED, "%s", err);
  memset(&scfg, 0, sizeof scfg);
  scfg.limits = limits;
  scfg.deadline_ms = opts.deadline_s * 1000u;
  scfg.signal_fd = signal_fd;
  scfg.dispatch = serve_effect;
  scfg.ops_ctx = effects;
  scfg.final_status = 1; /* the host-call limit: the script's RuntimeError */
  session_run(&worker, &script, &scfg, &res); /* reaps the worker */
  worker_running = false;

  if (res.message[0] != '\0')
    fprintf(stderr, "box-broker: %s\n", res.message);
  shell_exec_settle(gate, &ticket, res.status);
  free(file_source);
  effects_free(effects);
  gate_close(gate);
  egress_credentials_free(creds);
  decision_log_close(log);
  /* The records go to the collectors now, from a detached process: the
   * script's caller never waits for a collector. */
  telemetry_deliver_detached(cfg, &otlp_auth, opts.cacert);
  otlp_auth_free(&otlp_auth);
  policy_free(policy);
  box_config_free(cfg);
  close(signal_fd);
  return res.status;
}
