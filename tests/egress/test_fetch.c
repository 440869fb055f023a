/* tests/egress/test_fetch.c -- fetch() end to end against a real HTTP server
 * on 127.0.0.1 (tests/egress/server.py, started here, bounded in time),
 * reached under a name the operator pinned: permitted, denied at connect
 * (OSError, nothing sent), denied at request (403 + marker header), redirect
 * returned as is, the 1 MiB cap (known length and chunked), header folding,
 * the pinned address still decided with its ip, the proxy environment
 * ignored, and every loopback spelling refused before any decision. */
#include "tests/effects/fxtest.h"

#include <libgen.h>
#include <signal.h>
#include <sys/wait.h>

static pid_t server_pid;
static int server_stdin = -1;
static int port;

static void start_server(void)
{
  char script[1024];
  const char *src = getenv("top_srcdir");
  if (src)
    snprintf(script, sizeof script, "%s/tests/egress/server.py", src);
  else {
    char here[1024];
    snprintf(here, sizeof here, "%s", __FILE__);
    snprintf(script, sizeof script, "%s/server.py", dirname(here));
  }
  const char *py = getenv("PYTHON311");
  if (py == NULL || *py == '\0')
    py = "/usr/bin/python3.11";
  int in[2], out[2];
  ck_assert_int_eq(pipe(in), 0);
  ck_assert_int_eq(pipe(out), 0);
  server_pid = fork();
  ck_assert_int_ge(server_pid, 0);
  if (server_pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[1]);
    close(out[0]);
    execl(py, py, script, (char *)NULL);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  server_stdin = in[1];
  char buf[32] = "";
  ssize_t n = 0, k;
  while ((size_t)n < sizeof buf - 1 && memchr(buf, '\n', (size_t)n) == NULL &&
         (k = read(out[0], buf + n, sizeof buf - 1 - (size_t)n)) > 0)
    n += k;
  close(out[0]);
  ck_assert_msg(n > 0, "the test server did not start (%s %s)", py, script);
  buf[n] = '\0';
  port = atoi(buf);
  if (getenv("FX_VERBOSE"))
    fprintf(stderr, "server %d on port %d (read %zd: %s)\n", (int)server_pid, port, n, buf);
  ck_assert_int_gt(port, 0);
}

static void stop_server(void)
{
  if (server_stdin >= 0)
    close(server_stdin);
  if (server_pid > 0) {
    for (int i = 0; i < 50; i++) {
      if (waitpid(server_pid, NULL, WNOHANG) == server_pid)
        return;
      usleep(100000);
    }
    kill(server_pid, SIGKILL);
    waitpid(server_pid, NULL, 0);
  }
}

static const char *POLICY =
  "@id(\"conn\") permit (principal, action == Box::Action::\"net:connect\", resource)\n"
  "when { context.input.host == \"test.example\" };\n"
  "@id(\"req\") permit (principal, action == Box::Action::\"http:request\", resource)\n"
  "when { context.input.host == \"test.example\" && context.input.path != \"/secret\" };\n";

static void pin(const char *host)
{
  char spec[256], err[256];
  snprintf(spec, sizeof spec, "%s:%d:127.0.0.1", host, port);
  ck_assert_msg(effects_add_resolve(F.e, spec, err, sizeof err) == 0, "%s", err);
}

static void setup(void)
{
  fx_setup_with(POLICY);
  start_server();
  pin("test.example");
  pin("other.example");
}

static void teardown(void)
{
  stop_server();
  fx_teardown();
}

static const char *header(const char *name)
{
  json_object *h, *v;
  if (!json_object_object_get_ex(F.resp, "headers", &h) || !json_object_object_get_ex(h, name, &v))
    return NULL;
  return json_object_get_string(v);
}

static int get(const char *host, const char *path)
{
  return fx_call("{\"op\":\"fetch\",\"url\":\"http://%s:%d%s\"}", host, port, path);
}

static long served(void)
{
  get("test.example", "/count");
  ASSERT_OK();
  char buf[32] = "";
  memcpy(buf, F.data, F.len < 31 ? F.len : 31);
  return atol(buf);
}

START_TEST(test_permitted)
{
  int before = fx_log_lines();
  ck_assert_int_eq(get("test.example", "/hello"), EFFECTS_OK);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("status"), 200);
  ck_assert_uint_eq(F.len, 5);
  ck_assert_int_eq(memcmp(F.data, "hello", 5), 0);
  ck_assert_str_eq(header("set-cookie"), "a=1\nb=2");
  ck_assert_str_eq(header("x-multi"), "1, 2");
  ck_assert_str_eq(header("content-type"), "text/plain");
  ck_assert_ptr_null(header("x-strands-box-egress"));
  ck_assert_int_eq(fx_log_lines() - before, 3);
  ck_assert_ptr_nonnull(strstr(fx_log_line(before), "\"net:connect\""));
  ck_assert_ptr_nonnull(strstr(fx_log_line(before + 1), "127.0.0.1"));
  ck_assert_ptr_nonnull(strstr(fx_log_line(before + 2), "\"http:request\""));
  char res[128];
  snprintf(res, sizeof res, "\"test.example:%d/hello\"", port);
  ck_assert_ptr_nonnull(strstr(fx_log_line(before + 2), res));
  /* Host case and a trailing dot change nothing. */
  get("Test.EXAMPLE.", "/hello");
  ASSERT_OK();
  ck_assert_int_eq(fx_int("status"), 200);
  /* A 403 from the server itself has no marker. */
  get("test.example", "/forbidden");
  ck_assert_int_eq(fx_int("status"), 403);
  ck_assert_ptr_null(header("x-strands-box-egress"));
}
END_TEST

START_TEST(test_post_echo)
{
  setenv("http_proxy", "http://127.0.0.1:1", 1);
  setenv("HTTP_PROXY", "http://127.0.0.1:1", 1);
  ck_assert_int_eq(fx_call_data("payload", 7,
                                "{\"op\":\"fetch\",\"url\":\"http://test.example:%d/echo?q=1#frag\","
                                "\"method\":\"POST\",\"headers\":{\"X-Test\":\"v\",\"Host\":\"evil\"}}",
                                port),
                   EFFECTS_OK);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("status"), 200);
  json_object *echo = json_tokener_parse(F.data);
  ck_assert_ptr_nonnull(echo);
  json_object *v, *h;
  json_object_object_get_ex(echo, "method", &v);
  ck_assert_str_eq(json_object_get_string(v), "POST");
  json_object_object_get_ex(echo, "path", &v);
  ck_assert_str_eq(json_object_get_string(v), "/echo?q=1");
  json_object_object_get_ex(echo, "body", &v);
  ck_assert_str_eq(json_object_get_string(v), "payload");
  json_object_object_get_ex(echo, "headers", &h);
  ck_assert(json_object_object_get_ex(h, "x-test", &v));
  ck_assert(json_object_object_get_ex(h, "host", &v));
  char want[64];
  snprintf(want, sizeof want, "test.example:%d", port);
  ck_assert_str_eq(json_object_get_string(v), want);
  ck_assert(!json_object_object_get_ex(h, "content-type", &v));
  json_object_put(echo);
  /* The canonical path is what policy judged and what was sent. */
  get("test.example", "/a/../b/%7e%2F%2e");
  ASSERT_OK();
  char res[128];
  snprintf(res, sizeof res, "\"test.example:%d/b/~%%2F.\"", port);
  ck_assert_msg(strstr(fx_log_line(fx_log_lines() - 1), res) != NULL, "%s", fx_log_line(fx_log_lines() - 1));
}
END_TEST

START_TEST(test_denied_connect)
{
  long before = served();
  ck_assert_int_eq(get("other.example", "/hello"), EFFECTS_OK);
  char want[128];
  snprintf(want, sizeof want, "error sending request for url (http://other.example:%d/hello)", port);
  ASSERT_EXC("OSError", want);
  ck_assert_int_eq(served(), before + 1); /* only the /count request itself */
  /* The pinned address must pass the ip decision too. */
  fx_set_policy("@id(\"conn\") permit (principal, action == Box::Action::\"net:connect\", resource)\n"
                "when { context.input.host == \"test.example\" && !(context.input has ip) };\n"
                "@id(\"req\") permit (principal, action == Box::Action::\"http:request\", resource);\n");
  pin("test.example");
  get("test.example", "/hello");
  snprintf(want, sizeof want, "error sending request for url (http://test.example:%d/hello)", port);
  ASSERT_EXC("OSError", want);
}
END_TEST

START_TEST(test_denied_request)
{
  long before = served();
  ck_assert_int_eq(get("test.example", "/secret"), EFFECTS_OK);
  ASSERT_OK();
  ck_assert_int_eq(fx_int("status"), 403);
  ck_assert_str_eq(header("x-strands-box-egress"), "refused");
  char want[256];
  snprintf(want, sizeof want,
           "http:request gate: policy denied this operation on 'test.example:%d/secret' "
           "[default-deny]: No permit policy matched this request.",
           port);
  ck_assert_uint_eq(F.len, strlen(want));
  ck_assert_int_eq(memcmp(F.data, want, F.len), 0);
  ck_assert_int_eq(served(), before + 1);
}
END_TEST

START_TEST(test_redirect_and_caps)
{
  get("test.example", "/redirect");
  ASSERT_OK();
  ck_assert_int_eq(fx_int("status"), 302);
  ck_assert_str_eq(header("location"), "/hello");
  get("test.example", "/exact");
  ASSERT_OK();
  ck_assert_uint_eq(F.len, 1048576);
  get("test.example", "/big");
  ASSERT_EXC("OSError", "response exceeds the 1048576-byte limit");
  get("test.example", "/chunked-big");
  ASSERT_EXC("OSError", "response exceeds the 1048576-byte limit");
}
END_TEST

START_TEST(test_literal_floor)
{
  long before = served();
  fx_set_policy("@id(\"all\") permit (principal, action, resource);\n");
  static const char *spellings[] = {
    "127.0.0.1", "localhost", "LocalHost.", "2130706433", "0x7f.1", "0177.0.0.1", "127.1",
    "0x7f000001", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "0.0.0.0", "0",
    "127.0.0.1.", "169.254.169.254", "10.0.0.1", "192.168.0.1", "[fe80::1%25lo]", "app.localhost",
  };
  int lines = fx_log_lines();
  for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
    ck_assert_int_eq(fx_call("{\"op\":\"fetch\",\"url\":\"http://%s:%d/hello\"}", spellings[i], port),
                     EFFECTS_OK);
    ck_assert_msg(!fx_ok(), "%s was fetched", spellings[i]);
    ck_assert_str_eq(fx_str("exc"), "OSError");
    ck_assert_msg(strncmp(fx_str("msg"), "access denied: ", 15) == 0, "%s: %s", spellings[i],
                  fx_str("msg"));
  }
  fx_call("{\"op\":\"fetch\",\"url\":\"http://127.0.0.1:%d/hello\"}", port);
  ASSERT_EXC("OSError", "access denied: 127.0.0.1");
  fx_call("{\"op\":\"fetch\",\"url\":\"http://localhost/\"}");
  ASSERT_EXC("OSError", "access denied: localhost");
  static const char *schemes[] = {"file:///etc/passwd", "ftp://example.com/", "gopher://example.com/",
                                  "dict://example.com/"};
  for (size_t i = 0; i < sizeof schemes / sizeof *schemes; i++) {
    fx_call("{\"op\":\"fetch\",\"url\":\"%s\"}", schemes[i]);
    ck_assert_str_eq(fx_str("exc"), "OSError");
    ck_assert_msg(strncmp(fx_str("msg"), "access denied: ", 15) == 0, "%s", fx_str("msg"));
  }
  fx_call("{\"op\":\"fetch\",\"url\":\"not a url\"}");
  ck_assert_str_eq(fx_str("exc"), "OSError");
  ck_assert_int_eq(fx_log_lines(), lines); /* nothing decided */
  fx_set_policy(POLICY);
  pin("test.example");
  ck_assert_int_eq(served(), before + 1);
}
END_TEST

/* A name (not pinned) whose DNS answer is internal: the address floor skips
 * every address, so nothing is connected.  The machine's own host name
 * resolves to loopback here (/etc/hosts); where it does not, this checks
 * the same through the first name of the hosts file that does. */
START_TEST(test_internal_dns_answer)
{
  char name[256] = "";
  FILE *f = fopen("/etc/hosts", "r");
  char line[512];
  while (f && !name[0] && fgets(line, sizeof line, f)) {
    char addr[128], host[256];
    if (sscanf(line, "%127s %255s", addr, host) == 2 && strncmp(addr, "127.", 4) == 0 &&
        strcmp(host, "localhost") != 0 && strchr(host, '.') == NULL)
      snprintf(name, sizeof name, "%s", host);
  }
  if (f)
    fclose(f);
  if (!name[0] && gethostname(name, sizeof name) != 0)
    name[0] = '\0';
  ck_assert_msg(name[0], "no host name to test with");
  char pol[512];
  snprintf(pol, sizeof pol,
           "@id(\"c\") permit (principal, action == Box::Action::\"net:connect\", resource)\n"
           "when { context.input.host == \"%s\" };\n"
           "@id(\"r\") permit (principal, action == Box::Action::\"http:request\", resource);\n", name);
  fx_set_policy(pol);
  int before = fx_log_lines();
  fx_call("{\"op\":\"fetch\",\"url\":\"http://%s:%d/hello\"}", name, port);
  char want[512];
  snprintf(want, sizeof want, "error sending request for url (http://%s:%d/hello)", name, port);
  ASSERT_EXC("OSError", want);
  ck_assert_int_ge(fx_log_lines() - before, 2); /* connect on the name, then the floor */
  ck_assert_ptr_nonnull(strstr(fx_log_line(before + 1), "enforcement:address-floor"));
}
END_TEST

int main(void)
{
  signal(SIGPIPE, SIG_IGN);
  Suite *s = suite_create("egress_fetch");
  TCase *tc = tcase_create("fetch");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_permitted);
  tcase_add_test(tc, test_post_echo);
  tcase_add_test(tc, test_denied_connect);
  tcase_add_test(tc, test_denied_request);
  tcase_add_test(tc, test_redirect_and_caps);
  tcase_add_test(tc, test_literal_floor);
  tcase_add_test(tc, test_internal_dns_answer);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
