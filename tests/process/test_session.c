/* tests/process/test_session.c -- Check tests of the broker's session
 * (broker/session.c) against the worker's host side (worker/host/host.c), with
 * the worker played in-process by a forked child on real pipes.  Covers
 * host_call round trips, request serving, and how each way a worker can end
 * is reported. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "broker/session.h"
#include "broker/worker_proc.h"
#include "common/fdio.h"
#include "common/frame.h"
#include "worker/host/host.h"

typedef void (*worker_fn)(struct box_host *h, struct host_script *script);

/* Forks a child that plays the worker with fn, on fresh pipes. */
static void
start_fake_worker(struct worker_proc *w, worker_fn fn)
{
  int to[2], from[2];

  ck_assert_int_eq(pipe(to), 0);
  ck_assert_int_eq(pipe(from), 0);
  memset(w, 0, sizeof *w);
  w->pidfd = -1;
  w->pid = fork();
  ck_assert_int_ge(w->pid, 0);
  if (w->pid == 0) {
    struct box_host h;
    struct host_script script;

    close(to[1]);
    close(from[0]);
    host_init(&h, to[0], from[1]);
    host_receive_script(&h, &script);
    fn(&h, &script);
    _exit(0);
  }
  close(to[0]);
  close(from[1]);
  w->to_worker = to[1];
  w->from_worker = from[0];
  fcntl(w->to_worker, F_SETFL, O_NONBLOCK);
  fcntl(w->from_worker, F_SETFL, O_NONBLOCK);
}

/* The "echo" op: returns the request's "text" and binary unchanged. */
static int
serve_echo(void *ctx, const struct box_frame *req, json_object *reply, uint8_t **bin,
           size_t *bin_len, char *err, size_t errlen)
{
  json_object *text;
  int *count = ctx;

  if (!json_object_object_get_ex(req->json, "text", &text) ||
      !json_object_is_type(text, json_type_string)) {
    snprintf(err, errlen, "echo: \"text\" must be a string");
    return -1;
  }
  (*count)++;
  json_object_object_add(reply, "text", json_object_get(text));
  if (req->bin_len > 0) {
    *bin = malloc(req->bin_len);
    memcpy(*bin, req->bin, req->bin_len);
    *bin_len = req->bin_len;
  }
  return 0;
}

static const struct session_op ops[] = {{"echo", serve_echo}};
static int echo_count;

static void
run(worker_fn fn, unsigned deadline_ms, struct session_result *res, struct worker_proc *w)
{
  static const char source[] = "print(1)\n";
  struct session_script script = {source, sizeof source - 1, "<string>", "-c", "/ws", "/home"};
  struct session_config cfg;

  memset(&cfg, 0, sizeof cfg);
  cfg.deadline_ms = deadline_ms;
  cfg.ops = ops;
  cfg.n_ops = 1;
  cfg.ops_ctx = &echo_count;
  cfg.signal_fd = -1;
  worker_limits_default(&cfg.limits);
  echo_count = 0;
  start_fake_worker(w, fn);
  session_run(w, &script, &cfg, res);
  ck_assert(w->reaped);
  ck_assert_int_eq(w->to_worker, -1);
  ck_assert_int_eq(w->from_worker, -1);
}

static void
expect_message(const struct session_result *res, const char *want)
{
  ck_assert_int_eq(res->status, 125);
  ck_assert_msg(strstr(res->message, want) != NULL, "message '%s' lacks '%s'", res->message,
                want);
}

/* ---- workers ------------------------------------------------------------ */

static void
w_exit_7(struct box_host *h, struct host_script *s)
{
  if (strcmp(s->source, "print(1)\n") != 0 || strcmp(s->filename, "<string>") != 0 ||
      strcmp(s->argv0, "-c") != 0 || strcmp(s->cwd, "/ws") != 0 || s->len != 9)
    _exit(50);
  host_send_exit(h, 7);
  _exit(7);
}

static void
w_echo_three(struct box_host *h, struct host_script *s)
{
  size_t big = 3 * 1024 * 1024, i;
  uint8_t *payload = malloc(big);
  int round;

  (void)s;
  for (i = 0; i < big; i++)
    payload[i] = (uint8_t)(i * 31);
  for (round = 0; round < 3; round++) {
    json_object *req = json_object_new_object(), *text, *ok;
    struct box_frame resp;

    json_object_object_add(req, "op", json_object_new_string("echo"));
    json_object_object_add(req, "text", json_object_new_string("héllo"));
    host_call(h, req, round == 1 ? payload : NULL, round == 1 ? big : 0, &resp);
    json_object_put(req);
    if (!json_object_object_get_ex(resp.json, "ok", &ok) || !json_object_get_boolean(ok))
      _exit(51);
    if (!json_object_object_get_ex(resp.json, "text", &text) ||
        strcmp(json_object_get_string(text), "héllo") != 0)
      _exit(52);
    if (resp.id != (uint32_t)round + 1)
      _exit(53);
    if (round == 1 && (resp.bin_len != big || memcmp(resp.bin, payload, big) != 0))
      _exit(54);
    box_frame_clear(&resp);
  }
  free(payload);
  host_send_exit(h, 0);
  _exit(0);
}

static void
w_bad_echo(struct box_host *h, struct host_script *s)
{
  json_object *req = json_object_new_object();
  struct box_frame resp;

  (void)s;
  json_object_object_add(req, "op", json_object_new_string("echo"));
  json_object_object_add(req, "text", json_object_new_int(5));
  host_call(h, req, NULL, 0, &resp);
  _exit(55); /* never reached: the broker kills us */
}

static void
w_unknown_op(struct box_host *h, struct host_script *s)
{
  json_object *req = json_object_new_object();
  struct box_frame resp;

  (void)s;
  json_object_object_add(req, "op", json_object_new_string("nope"));
  host_call(h, req, NULL, 0, &resp);
  _exit(56);
}

static void
w_sleep(struct box_host *h, struct host_script *s)
{
  (void)h;
  (void)s;
  for (;;)
    pause();
}

static void
w_exit_without_frame(struct box_host *h, struct host_script *s)
{
  (void)h;
  (void)s;
  _exit(0);
}

static void
w_sigsys(struct box_host *h, struct host_script *s)
{
  (void)h;
  (void)s;
  signal(SIGSYS, SIG_DFL);
  raise(SIGSYS);
}

static void
w_sigxcpu(struct box_host *h, struct host_script *s)
{
  (void)h;
  (void)s;
  signal(SIGXCPU, SIG_DFL);
  raise(SIGXCPU);
}

static void
w_sigabrt(struct box_host *h, struct host_script *s)
{
  (void)h;
  (void)s;
  signal(SIGABRT, SIG_DFL);
  raise(SIGABRT);
}

/* ---- tests -------------------------------------------------------------- */

START_TEST(script_delivered_and_status_reported)
{
  struct session_result res;
  struct worker_proc w;

  run(w_exit_7, 10000, &res, &w);
  ck_assert_int_eq(res.status, 7);
  ck_assert_str_eq(res.message, "");
  ck_assert(WIFEXITED(w.wait_status));
}
END_TEST

START_TEST(requests_served_in_order_with_binary)
{
  struct session_result res;
  struct worker_proc w;

  run(w_echo_three, 20000, &res, &w);
  ck_assert_int_eq(res.status, 0);
  ck_assert_int_eq(echo_count, 3);
}
END_TEST

START_TEST(bad_request_fields_kill_the_worker)
{
  struct session_result res;
  struct worker_proc w;

  run(w_bad_echo, 10000, &res, &w);
  expect_message(&res, "worker protocol violation: echo: \"text\" must be a string");
  ck_assert(WIFSIGNALED(w.wait_status));
  ck_assert_int_eq(WTERMSIG(w.wait_status), SIGKILL);
}
END_TEST

START_TEST(deadline_kills_the_worker)
{
  struct session_result res;
  struct worker_proc w;

  run(w_sleep, 300, &res, &w);
  expect_message(&res, "Python script exceeded its deadline");
  ck_assert_int_eq(WTERMSIG(w.wait_status), SIGKILL);
}
END_TEST

START_TEST(worker_exit_without_status)
{
  struct session_result res;
  struct worker_proc w;

  run(w_exit_without_frame, 10000, &res, &w);
  expect_message(&res, "worker exited with status 0 without reporting the script's status");
}
END_TEST

START_TEST(worker_signals_described)
{
  struct session_result res;
  struct worker_proc w;

  run(w_sigsys, 10000, &res, &w);
  ck_assert_str_eq(res.message, "worker killed by signal SIGSYS (sandbox violation)");
  run(w_sigxcpu, 10000, &res, &w);
  ck_assert_str_eq(res.message, "Python script exceeded its CPU time limit");
  run(w_sigabrt, 10000, &res, &w);
  ck_assert_str_eq(res.message, "worker killed by signal SIGABRT");
}
END_TEST

/* ---- a dispatch function instead of the ops table ------------------------ */

/* Answers "echo" until the second request, which gets the final reply. */
static int
dispatch_two(void *ctx, json_object *req, const void *bin, size_t bin_len, json_object **reply,
             void **reply_bin, size_t *reply_bin_len, char *err, size_t errlen)
{
  int *count = ctx;
  json_object *op;

  (void)bin;
  (void)bin_len;
  *reply_bin = NULL;
  *reply_bin_len = 0;
  if (!json_object_object_get_ex(req, "op", &op) ||
      strcmp(json_object_get_string(op), "echo") != 0) {
    snprintf(err, errlen, "dispatch: unknown op");
    return SESSION_SERVE_VIOLATION;
  }
  *reply = json_object_new_object();
  if (++*count < 2)
    return SESSION_SERVE_OK;
  json_object_object_add(*reply, "ok", json_object_new_boolean(0));
  json_object_object_add(*reply, "fatal", json_object_new_boolean(1));
  return SESSION_SERVE_FINAL;
}

static void
call_echo(struct box_host *h, struct box_frame *resp)
{
  json_object *req = json_object_new_object();

  json_object_object_add(req, "op", json_object_new_string("echo"));
  host_call(h, req, NULL, 0, resp);
  json_object_put(req);
}

/* Two calls; the second is final: report 0 anyway (the broker says 1). */
static void
w_final_then_exit(struct box_host *h, struct host_script *s)
{
  struct box_frame resp;
  json_object *ok;

  (void)s;
  call_echo(h, &resp);
  box_frame_clear(&resp);
  call_echo(h, &resp);
  if (!json_object_object_get_ex(resp.json, "ok", &ok) || json_object_get_boolean(ok))
    _exit(60);
  host_send_exit(h, 0);
  _exit(0);
}

/* After the final reply it keeps asking: killed, status still forced. */
static void
w_final_then_more(struct box_host *h, struct host_script *s)
{
  struct box_frame resp;

  (void)s;
  for (;;) {
    call_echo(h, &resp);
    box_frame_clear(&resp);
  }
}

static void
w_final_then_hang(struct box_host *h, struct host_script *s)
{
  struct box_frame resp;

  (void)s;
  call_echo(h, &resp);
  call_echo(h, &resp);
  for (;;)
    pause();
}

static void
run_dispatch(worker_fn fn, unsigned deadline_ms, struct session_result *res,
             struct worker_proc *w)
{
  static const char source[] = "x";
  struct session_script script = {source, 1, "<string>", "-c", "/ws", NULL};
  struct session_config cfg;

  memset(&cfg, 0, sizeof cfg);
  cfg.deadline_ms = deadline_ms;
  cfg.dispatch = dispatch_two;
  cfg.ops_ctx = &echo_count;
  cfg.final_status = 1;
  cfg.signal_fd = -1;
  worker_limits_default(&cfg.limits);
  echo_count = 0;
  start_fake_worker(w, fn);
  session_run(w, &script, &cfg, res);
  ck_assert(w->reaped);
}

START_TEST(final_reply_forces_the_status)
{
  struct session_result res;
  struct worker_proc w;

  run_dispatch(w_final_then_exit, 10000, &res, &w);
  ck_assert_int_eq(res.status, 1);
  ck_assert_str_eq(res.message, "");
  ck_assert_int_eq(echo_count, 2);
  run_dispatch(w_final_then_more, 10000, &res, &w);
  ck_assert_int_eq(res.status, 1);
  ck_assert_int_eq(echo_count, 2);
  ck_assert_int_eq(WTERMSIG(w.wait_status), SIGKILL);
  run_dispatch(w_final_then_hang, 1000, &res, &w);
  ck_assert_int_eq(res.status, 1);
  ck_assert_str_eq(res.message, "");
}
END_TEST

START_TEST(dispatch_violation_kills_the_worker)
{
  struct session_result res;
  struct worker_proc w;

  run_dispatch(w_bad_echo, 10000, &res, &w); /* op "echo": served; then its exit 55 */
  ck_assert_int_eq(res.status, 125);
  run_dispatch(w_unknown_op, 10000, &res, &w);
  expect_message(&res, "worker protocol violation: dispatch: unknown op");
  ck_assert_int_eq(WTERMSIG(w.wait_status), SIGKILL);
}
END_TEST

/* ---- the worker's side against a scripted broker --------------------------- */

/* Runs fn as the worker in a child; the parent writes the given raw bytes
 * (after reading whatever the worker sends) and returns the child's status. */
static int
host_against(const uint8_t *reply, size_t reply_len, int (*fn)(struct box_host *))
{
  int to[2], from[2], st;
  pid_t pid;

  ck_assert_int_eq(pipe(to), 0);
  ck_assert_int_eq(pipe(from), 0);
  pid = fork();
  if (pid == 0) {
    struct box_host h;
    int devnull = open("/dev/null", O_WRONLY);

    dup2(devnull, 2); /* keep host_fatal's message out of the test log */
    close(to[1]);
    close(from[0]);
    host_init(&h, to[0], from[1]);
    _exit(fn(&h));
  }
  close(to[0]);
  close(from[1]);
  if (reply_len > 0)
    ck_assert_int_eq(box_write_all(to[1], reply, reply_len), 0);
  close(to[1]);
  ck_assert_int_eq(waitpid(pid, &st, 0), pid);
  close(from[0]);
  ck_assert(WIFEXITED(st));
  return WEXITSTATUS(st);
}

static int
h_call(struct box_host *h)
{
  json_object *req = json_object_new_object();
  struct box_frame resp;

  json_object_object_add(req, "op", json_object_new_string("x"));
  host_call(h, req, NULL, 0, &resp);
  return 0;
}

static int
h_script(struct box_host *h)
{
  struct host_script s;

  host_receive_script(h, &s);
  return 0;
}

static uint8_t *
frame_text(unsigned kind, uint32_t id, const char *json, size_t *len)
{
  json_object *o = json_tokener_parse(json);
  uint8_t *buf;
  char err[200];

  ck_assert_ptr_nonnull(o);
  ck_assert_int_eq(box_frame_encode(kind, id, o, NULL, 0, &buf, len, err, sizeof err), 0);
  json_object_put(o);
  return buf;
}

START_TEST(host_accepts_a_good_response)
{
  size_t len;
  uint8_t *buf = frame_text(BOX_FRAME_RESPONSE, 1, "{\"ok\":false,\"error\":\"no\"}", &len);

  ck_assert_int_eq(host_against(buf, len, h_call), 0);
  free(buf);
}
END_TEST

START_TEST(host_refuses_bad_frames_from_the_broker)
{
  static const uint8_t garbage[] = "\x01\x02garbage-garbage-garbage";
  size_t len;
  uint8_t *buf;

  ck_assert_int_eq(host_against(garbage, sizeof garbage, h_call), 125);
  ck_assert_int_eq(host_against(NULL, 0, h_call), 125); /* the broker hung up */
  buf = frame_text(BOX_FRAME_RESPONSE, 2, "{\"ok\":true}", &len); /* wrong id */
  ck_assert_int_eq(host_against(buf, len, h_call), 125);
  free(buf);
  buf = frame_text(BOX_FRAME_RESPONSE, 1, "{\"ok\":1}", &len); /* ok not boolean */
  ck_assert_int_eq(host_against(buf, len, h_call), 125);
  free(buf);
  buf = frame_text(BOX_FRAME_SCRIPT, 1, "{\"ok\":true}", &len); /* wrong kind */
  ck_assert_int_eq(host_against(buf, len, h_call), 125);
  free(buf);
  buf = frame_text(BOX_FRAME_SCRIPT, 0, "{\"filename\":\"a\",\"argv0\":\"a\"}", &len);
  ck_assert_int_eq(host_against(buf, len, h_script), 125); /* no cwd */
  free(buf);
  buf = frame_text(BOX_FRAME_SCRIPT, 0, "{\"filename\":\"a\",\"argv0\":\"a\",\"cwd\":\"/\"}",
                   &len);
  ck_assert_int_eq(host_against(buf, len, h_script), 0);
  ck_assert_int_eq(host_against(buf, len - 1, h_script), 125); /* truncated */
  free(buf);
}
END_TEST

int
main(void)
{
  Suite *s = suite_create("session");
  TCase *tc = tcase_create("session");
  SRunner *sr;
  int failed;

  signal(SIGPIPE, SIG_IGN);
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, script_delivered_and_status_reported);
  tcase_add_test(tc, requests_served_in_order_with_binary);
  tcase_add_test(tc, bad_request_fields_kill_the_worker);
  tcase_add_test(tc, deadline_kills_the_worker);
  tcase_add_test(tc, worker_exit_without_status);
  tcase_add_test(tc, worker_signals_described);
  tcase_add_test(tc, final_reply_forces_the_status);
  tcase_add_test(tc, dispatch_violation_kills_the_worker);
  tcase_add_test(tc, host_accepts_a_good_response);
  tcase_add_test(tc, host_refuses_bad_frames_from_the_broker);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
