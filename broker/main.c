/* broker/main.c -- box-broker: the trusted side of box.
 *
 * Parses the command line, loads box.toml, reads the script, starts the
 * sandboxed worker (broker/worker_proc.c) and serves it until it reports its
 * exit status (broker/session.c).  The broker's exit status is the script's,
 * or 125 with a "box-broker: <reason>" line on stderr when the box did not
 * run the script to its end, 2 for a bad command line, 1 for a bad
 * configuration. */
#include <config.h> /* the build configuration, not broker/config.h */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/boxdir.h"
#include "broker/audit/audit.h"
#include "broker/cli.h"
#include "broker/config.h"
#include "broker/decision_log.h"
#include "broker/effects/ops.h"
#include "broker/policy/policy.h"
#include "broker/session.h"
#include "broker/worker_proc.h"
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

/* Reads a script file with the caller's own access (as the alias does). */
static char *
read_script(const char *path, size_t *len)
{
  struct stat st;
  char *buf;
  size_t got = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

  if (fd < 0)
    die(BOX_STATUS_BOX_FAILED, "read Python script %s: %s", path, strerror(errno));
  if (fstat(fd, &st) != 0)
    die(BOX_STATUS_BOX_FAILED, "read Python script %s: %s", path, strerror(errno));
  if (!S_ISREG(st.st_mode))
    die(BOX_STATUS_BOX_FAILED, "read Python script %s: not a regular file", path);
  if ((unsigned long long)st.st_size > BOX_MAX_SCRIPT_BYTES)
    die(BOX_STATUS_BOX_FAILED, "Python script %s is %lld bytes; maximum is %u", path,
        (long long)st.st_size, BOX_MAX_SCRIPT_BYTES);
  buf = malloc(BOX_MAX_SCRIPT_BYTES + 1);
  if (buf == NULL)
    die(BOX_STATUS_BOX_FAILED, "out of memory");
  for (;;) {
    ssize_t n = read(fd, buf + got, BOX_MAX_SCRIPT_BYTES + 1 - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      die(BOX_STATUS_BOX_FAILED, "read Python script %s: %s", path, strerror(errno));
    if (n == 0)
      break;
    got += (size_t)n;
    if (got > BOX_MAX_SCRIPT_BYTES) /* it grew while we read it */
      die(BOX_STATUS_BOX_FAILED, "Python script %s is over %u bytes; maximum is %u", path,
          BOX_MAX_SCRIPT_BYTES, BOX_MAX_SCRIPT_BYTES);
  }
  close(fd);
  *len = got;
  return buf;
}

/* --decide: the policy dry run.  Prints the decision as JSON on stdout;
 * status 0 whatever the verdict, 1 when the request itself is malformed. */
static int
decide(struct box_config *cfg, struct policy *policy, const char *request_json)
{
  char err[1024];
  char *out = policy_decide_json(policy, request_json, err, sizeof err);
  int status = 0;

  if (out == NULL) {
    fprintf(stderr, "box-broker: error: %s\n", err);
    status = CONFIG_STATUS;
  } else {
    printf("%s\n", out);
    free(out);
  }
  policy_free(policy);
  box_config_free(cfg);
  return status;
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
  size_t k;
  struct session_script script;
  struct session_config scfg;
  struct session_result res;
  struct worker_proc worker;
  char err[1024], worker_path[PATH_MAX];
  char *file_source = NULL;

  sanitize_std_fds();
  switch (cli_parse(argc, argv, &opts, err, sizeof err)) {
  case CLI_HELP:
    cli_print_help(stdout);
    return 0;
  case CLI_VERSION:
    cli_print_version(stdout);
    return 0;
  case CLI_ERROR:
    fprintf(stderr, "box-broker: %s\nTry 'box-broker --help' for more information.\n", err);
    return BOX_STATUS_USAGE;
  case CLI_AUDIT: {
    int status = audit_run(opts.config_path, opts.json, stdout, err, sizeof err);
    if (status == AUDIT_STATUS_ERROR)
      fprintf(stderr, "%s\n", err);
    return status;
  }
  case CLI_RUN:
  case CLI_DECIDE:
    break;
  }

  if (box_config_load(opts.config_path, &cfg, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return CONFIG_STATUS;
  }
  /* A bad policy is refused before anything runs; no policy denies everything. */
  if (cfg->policy_path != NULL) {
    policy = policy_load_file(cfg->policy_path, cfg->operator_home, err, sizeof err);
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
  if (opts.decide_json != NULL)
    return decide(cfg, policy, opts.decide_json);
  /* boxdir and decision_log messages already start with "box-broker: error: ". */
  if (boxdir_prepare(cfg->box_dir, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return CONFIG_STATUS;
  }
  /* Fail closed: no effect is ever performed without its record. */
  log = decision_log_open(cfg, NULL, err, sizeof err);
  if (log == NULL) {
    fprintf(stderr, "%s\n", err);
    return BOX_STATUS_BOX_FAILED;
  }
  effects = effects_new(cfg, policy, log, err, sizeof err);
  if (effects == NULL)
    die(BOX_STATUS_BOX_FAILED, "%s", err);
  for (k = 0; k < opts.n_resolve; k++)
    if (effects_add_resolve(effects, opts.resolve[k], err, sizeof err) != 0)
      die(BOX_STATUS_USAGE, "--resolve %s: %s", opts.resolve[k], err);

  memset(&script, 0, sizeof script);
  if (opts.source != NULL) {
    script.source = opts.source;
    script.len = strlen(opts.source);
    script.filename = "<string>";
    script.argv0 = "-c";
    if (script.len > BOX_MAX_SCRIPT_BYTES)
      die(BOX_STATUS_BOX_FAILED, "Python source is %zu bytes; maximum is %u", script.len,
          BOX_MAX_SCRIPT_BYTES);
  } else {
    file_source = read_script(opts.script_path, &script.len);
    script.source = file_source;
    script.filename = opts.script_path;
    script.argv0 = opts.script_path;
  }
  if (!box_utf8_valid(script.source, script.len))
    die(BOX_STATUS_BOX_FAILED, "Python source is not valid UTF-8");
  script.cwd = cfg->workspace;

  memset(&scfg, 0, sizeof scfg);
  worker_limits_default(&scfg.limits);
  if (opts.worker_path != NULL) { /* test builds only: cli.c parses it under BOX_TESTING */
    if (realpath(opts.worker_path, worker_path) == NULL)
      die(BOX_STATUS_BOX_FAILED, "worker %s: %s", opts.worker_path, strerror(errno));
  } else if (worker_proc_locate(worker_path, sizeof worker_path, err, sizeof err) != 0)
    die(BOX_STATUS_BOX_FAILED, "%s", err);
  if (opts.cpu_limit_s > 0)
    scfg.limits.cpu_seconds = opts.cpu_limit_s;
  scfg.deadline_ms = opts.deadline_s * 1000u;
  scfg.signal_fd = setup_signals();
  scfg.dispatch = serve_effect;
  scfg.ops_ctx = effects;
  scfg.final_status = 1; /* the host-call limit: the script's RuntimeError */

  fflush(stdout); /* nothing buffered may be written twice or out of order */
  fflush(stderr);
  if (worker_proc_spawn(&worker, worker_path, &scfg.limits, err, sizeof err) != 0)
    die(BOX_STATUS_BOX_FAILED, "%s", err);
  session_run(&worker, &script, &scfg, &res);

  if (res.message[0] != '\0')
    fprintf(stderr, "box-broker: %s\n", res.message);
  free(file_source);
  effects_free(effects);
  decision_log_close(log);
  policy_free(policy);
  box_config_free(cfg);
  close(scfg.signal_fd);
  return res.status;
}
