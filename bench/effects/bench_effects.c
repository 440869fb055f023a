/* bench/effects/bench_effects.c -- cost of one decided file operation in the
 * broker: N fs.exists requests through effects_dispatch (policy decision,
 * reach floor, openat2, fstatat), with and without the decision log, then
 * with temporal rules active (each decision a history transaction: the
 * request event, the evaluation over the window, then the response event),
 * next to CPython doing the same os.path.exists calls directly.  Prints
 * microseconds per operation: wall clock, and (cpu) the process's CPU
 * time, steadier on a loaded machine.  Usage: bench_effects [N
 * [nolog|temporal]] (default 5000; nolog: the first figure only;
 * temporal: the temporal figures only, for callgrind and strace). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/effects/gate.h"
#include "broker/effects/ops.h"
#include "broker/policy/policy.h"

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU time per op of the last run (user + system: on a loaded machine it
 * leaves out the time spent waiting for a core). */
static double last_cpu_us;

static double run(struct effects *e, json_object *req, int n)
{
  double t0 = now(), c0 = cpu_now();
  for (int i = 0; i < n; i++) {
    json_object *resp;
    void *data;
    size_t len;
    char err[256];
    if (effects_dispatch(e, req, NULL, 0, &resp, &data, &len, err, sizeof err) != EFFECTS_OK) {
      fprintf(stderr, "dispatch failed: %s\n", err);
      exit(1);
    }
    json_object_put(resp);
    free(data);
  }
  last_cpu_us = (cpu_now() - c0) / n * 1e6;
  return (now() - t0) / n * 1e6;
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 5000;
  if (n <= 0 || n > 10000)
    n = 5000;
  char root[] = "/tmp/bench-effects-XXXXXX", home[256], ws[300], box[300], cmd[1024];
  if (mkdtemp(root) == NULL)
    return 1;
  snprintf(home, sizeof home, "%s/home", root);
  snprintf(ws, sizeof ws, "%s/src/project", home);
  snprintf(box, sizeof box, "%s/box", home);
  snprintf(cmd, sizeof cmd, "mkdir -p %s/sub/dir %s/private/telemetry && touch %s/sub/dir/f", ws, box, ws);
  if (system(cmd) != 0)
    return 1;
  struct box_config cfg = {0};
  cfg.name = "bench";
  cfg.workspace = ws;
  cfg.operator_home = home;
  cfg.box_dir = box;
  const char *text = "@id(\"r\") permit (principal, action == Box::Action::\"fs:read\", resource)\n"
                     "when { context.input.path like \"~/src/project/*\" };\n";
  char err[512];
  struct policy *pol = policy_load_text(text, strlen(text), "bench.dw", home, err, sizeof err);
  struct decision_log *log = decision_log_open_targets(box, "bench", NULL, NULL, 0, err, sizeof err);
  if (pol == NULL || log == NULL) {
    fprintf(stderr, "setup: %s\n", err);
    return 1;
  }
  json_object *req = json_tokener_parse("{\"op\":\"fs.exists\",\"path\":\"sub/dir/f\"}");
  const char *mode = argc > 2 ? argv[2] : "";
  struct effects *e;
  if (strcmp(mode, "temporal") != 0) {
    e = effects_new(&cfg, pol, NULL, err, sizeof err);
    double no_log = run(e, req, n);
    effects_free(e);
    printf("fs.exists, decided + floor + act, no decision log: %.2f us/op (cpu %.2f)\n", no_log, last_cpu_us);
    if (strcmp(mode, "nolog") == 0)
      return 0;
    e = effects_new(&cfg, pol, log, err, sizeof err);
    double with_log = run(e, req, n);
    effects_free(e);
    printf("fs.exists, decided + floor + act, decision log:    %.2f us/op (cpu %.2f)\n", with_log, last_cpu_us);
    fflush(stdout);
  }

  /* The same with temporal rules: a read budget, a write budget and "no
   * request after reading the credentials", each over the last hour. */
  const char *ttext =
      "@id(\"r\") permit (principal, action == Box::Action::\"fs:read\", resource)\n"
      "when { context.input.path like \"~/src/project/*\" };\n"
      "@id(\"read_budget\") forbid (principal, action == Box::Action::\"fs:read\", resource)\n"
      "when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::\"fs:read\"::request{ "
      "input.path: _ } && tp(t))) > 1000000 };\n"
      "@id(\"secret_once\") forbid (principal, action == Box::Action::\"fs:read\", resource)\n"
      "when { context.input.path == \"~/.aws/credentials\" } unless temporal { formerly within 1h "
      "Box::Action::\"fs:read\"::response{ input.path: \"~/src/project/ok\" } };\n"
      "@id(\"write_budget\") forbid (principal, action == Box::Action::\"fs:write\", resource)\n"
      "when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::\"fs:write\"::request{ "
      "input.path: _ } && tp(t))) > 20 };\n"
      "@id(\"no_net_after_secret\") forbid (principal, action == Box::Action::\"http:request\", resource)\n"
      "when temporal { formerly within 1h Box::Action::\"fs:read\"::response{ input.path: \"~/.aws/credentials\" } };\n";
  struct policy *tpol = policy_load_text_ex(ttext, strlen(ttext), "bench.dw", home, POLICY_ALLOW_TEMPORAL, err,
                                            sizeof err);
  struct gate *gate = tpol ? gate_open(tpol, box, GATE_RECORD, "bench", err, sizeof err) : NULL;
  if (gate == NULL) {
    fprintf(stderr, "temporal setup: %s\n", err);
    return 1;
  }
  e = effects_new(&cfg, tpol, log, err, sizeof err);
  effects_set_gate(e, gate);
  int first = n < 1000 ? n : 1000;
  double temporal_first = run(e, req, first), cpu_first = last_cpu_us;
  double temporal_rest = n > first ? run(e, req, n - first) : temporal_first, cpu_rest = last_cpu_us;
  effects_free(e);
  gate_close(gate);
  policy_free(tpol);
  printf("fs.exists, the same with temporal rules (history):  %.2f us/op over the first %d, %.2f us/op "
         "over the next %d (2 events each; cpu %.2f, %.2f)\n", temporal_first, first, temporal_rest, n - first,
         cpu_first, cpu_rest);
  fflush(stdout);
  snprintf(cmd, sizeof cmd,
           "cd %s && /usr/bin/python3.11 -c 'import os,time\n"
           "n=%d\nt=time.perf_counter()\nfor _ in range(n): os.path.exists(\"sub/dir/f\")\n"
           "print(\"CPython os.path.exists, direct:                  %%.2f us/op\" %% "
           "((time.perf_counter()-t)/n*1e6))'",
           ws, n);
  if (strcmp(mode, "temporal") != 0 && system(cmd) != 0)
    fprintf(stderr, "python3.11 comparison failed\n");
  json_object_put(req);
  decision_log_close(log);
  policy_free(pol);
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  return system(cmd) == 0 ? 0 : 1;
}
