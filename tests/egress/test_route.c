/* tests/egress/test_route.c -- the credential route's pure parts
 * (broker/egress/route.c, redact.c): which destination covers a request
 * (exact host, ports, *.domain, path prefixes in whole segments, '*'
 * segments), each placement with its placeholder (swapped, missing,
 * wrong, "always"), the query rebuilt, the AWS scope read off the host,
 * and [REDACTED] in place of every copy of a secret. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "broker/config/config.h"
#include "broker/egress/redact.h"
#include "broker/egress/route.h"

static char ph[] = "strands_box_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

struct fixture {
  struct box_egress cfg;
  struct egress_binding b;
  struct egress_credentials creds;
  char *dest[4];
};

static void make(struct fixture *f, const char *placement, const char *const *dests, size_t n)
{
  memset(f, 0, sizeof *f);
  for (size_t i = 0; i < n; i++)
    f->dest[i] = (char *)dests[i];
  f->cfg.name = (char *)"t";
  f->cfg.destinations = f->dest;
  f->cfg.n_destinations = n;
  f->cfg.secret_ref = (char *)"env://T";
  f->cfg.secret_placement = (char *)placement;
  f->cfg.secret_header = (char *)"Authorization";
  f->cfg.secret_prefix = (char *)"Bearer ";
  f->cfg.secret_param = (char *)"key";
  f->cfg.secret_inject = (char *)"phantom";
  f->b.cfg = &f->cfg;
  f->b.secret = (char *)"s3cr3t:pa ss";
  f->b.placeholder[0] = ph;
  f->creds.v = &f->b;
  f->creds.n = 1;
}

START_TEST(test_match)
{
  static const char *const d[] = {"api.example.com", "*.svc.example", "h.test:8443/v1/*/items"};
  struct fixture f;
  make(&f, "header", d, 3);
  const struct egress_credentials *c = &f.creds;
  ck_assert_ptr_nonnull(egress_route_match(c, "api.example.com", 443, "/"));
  ck_assert_ptr_nonnull(egress_route_match(c, "api.example.com", 80, "/x"));
  ck_assert_ptr_null(egress_route_match(c, "api.example.com", 8443, "/"));
  ck_assert_ptr_null(egress_route_match(c, "xapi.example.com", 443, "/"));
  ck_assert_ptr_nonnull(egress_route_match(c, "a.svc.example", 443, "/"));
  ck_assert_ptr_nonnull(egress_route_match(c, "a.b.svc.example", 443, "/"));
  ck_assert_ptr_null(egress_route_match(c, "svc.example", 443, "/"));
  ck_assert_ptr_null(egress_route_match(c, "asvc.example", 443, "/"));
  ck_assert_ptr_nonnull(egress_route_match(c, "h.test", 8443, "/v1/abc/items"));
  ck_assert_ptr_nonnull(egress_route_match(c, "h.test", 8443, "/v1/abc/items/9"));
  ck_assert_ptr_null(egress_route_match(c, "h.test", 8443, "/v1/abc/itemsx"));
  ck_assert_ptr_null(egress_route_match(c, "h.test", 8443, "/v1/abc"));
  ck_assert_ptr_null(egress_route_match(c, "h.test", 443, "/v1/abc/items"));
  ck_assert_ptr_null(egress_route_match(NULL, "api.example.com", 443, "/"));
}
END_TEST

START_TEST(test_header)
{
  static const char *const d[] = {"a.test"};
  struct fixture f;
  struct egress_outgoing o = {0};
  make(&f, "header", d, 1);
  egress_outgoing_add(&o, "Accept", "*/*");
  egress_outgoing_add(&o, "authorization", "Bearer strands_box_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), 0);
  ck_assert_uint_eq(o.nh, 2);
  ck_assert_str_eq(o.hname[1], "Authorization");
  ck_assert_str_eq(o.hvalue[1], "Bearer s3cr3t:pa ss");
  ck_assert_uint_eq(o.nredact, 1);
  egress_outgoing_free(&o);

  egress_outgoing_add(&o, "Authorization", "Bearer strands_box_0");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), -1); /* wrong */
  egress_outgoing_free(&o);
  egress_outgoing_add(&o, "X-Other", ph);
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), -1); /* not where it belongs */
  egress_outgoing_free(&o);

  f.b.always = 1;
  egress_outgoing_add(&o, "Authorization", "mine");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), 0);
  ck_assert_uint_eq(o.nh, 1);
  ck_assert_str_eq(o.hvalue[0], "Bearer s3cr3t:pa ss");
  egress_outgoing_free(&o);
}
END_TEST

START_TEST(test_basic)
{
  static const char *const d[] = {"a.test"};
  struct fixture f;
  struct egress_outgoing o = {0};
  make(&f, "basic_auth", d, 1);
  /* base64("user:" + placeholder) */
  egress_outgoing_add(&o, "Authorization",
                      "Basic dXNlcjpzdHJhbmRzX2JveF9hYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFh"
                      "YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFh");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), 0);
  ck_assert_str_eq(o.hvalue[0], "Basic czNjcjN0OnBhIHNz");
  ck_assert_uint_eq(o.nredact, 2); /* the credential and its base64 (a password under 8 bytes is not scrubbed alone) */
  egress_outgoing_free(&o);
  egress_outgoing_add(&o, "Authorization", "Basic dXNlcjpwdw==");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), -1);
  egress_outgoing_free(&o);
}
END_TEST

START_TEST(test_query)
{
  static const char *const d[] = {"a.test"};
  struct fixture f;
  struct egress_outgoing o = {0};
  make(&f, "query_param", d, 1);
  o.query = strdup("a=1&key=strands_box_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa&keyx=2");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), 0);
  ck_assert(o.query_changed);
  ck_assert_str_eq(o.query, "a=1&keyx=2&key=s3cr3t%3Apa%20ss");
  ck_assert_uint_eq(o.nredact, 2);
  egress_outgoing_free(&o);
  o.query = strdup("key=other");
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), -1);
  egress_outgoing_free(&o);
  ck_assert_int_eq(egress_route_apply(&f.b, "a.test", &o), -1); /* no query at all */
  egress_outgoing_free(&o);
}
END_TEST

START_TEST(test_aws_scope)
{
  char r[64], s[64];
  ck_assert_int_eq(egress_aws_scope("sqs.eu-west-1.amazonaws.com", r, 64, s, 64), 0);
  ck_assert_str_eq(r, "eu-west-1");
  ck_assert_str_eq(s, "sqs");
  ck_assert_int_eq(egress_aws_scope("bucket.s3.us-west-2.amazonaws.com", r, 64, s, 64), 0);
  ck_assert_str_eq(r, "us-west-2");
  ck_assert_str_eq(s, "s3");
  ck_assert_int_eq(egress_aws_scope("sts.amazonaws.com", r, 64, s, 64), 0);
  ck_assert_str_eq(r, "us-east-1");
  ck_assert_str_eq(s, "sts");
  ck_assert_int_eq(egress_aws_scope("dynamodb.ap-south-1.api.aws", r, 64, s, 64), 0);
  ck_assert_str_eq(s, "dynamodb");
  ck_assert_int_eq(egress_aws_scope("amazonaws.com", r, 64, s, 64), -1);
  ck_assert_int_eq(egress_aws_scope("us-east-1.amazonaws.com", r, 64, s, 64), -1);
  ck_assert_int_eq(egress_aws_scope("example.com", r, 64, s, 64), -1);
}
END_TEST

START_TEST(test_redact)
{
  char *texts[] = {(char *)"tok", (char *)"secret"};
  size_t n = 20;
  char *buf = malloc(n);
  memcpy(buf, "a tok secret tok end", n);
  buf = egress_redact(buf, &n, texts, 2);
  ck_assert_uint_eq(n, strlen("a [REDACTED] [REDACTED] [REDACTED] end"));
  ck_assert_int_eq(memcmp(buf, "a [REDACTED] [REDACTED] [REDACTED] end", n), 0);
  free(buf);
  n = 5;
  buf = malloc(n);
  memcpy(buf, "clean", n);
  char *same = egress_redact(buf, &n, texts, 2);
  ck_assert_ptr_eq(same, buf); /* nothing found: no copy */
  free(same);
  n = 0;
  ck_assert_ptr_null(egress_redact(NULL, &n, texts, 2));

  /* A body that keeps showing the secret's first byte (the memmem path),
   * with copies at both ends. */
  char *aa[] = {(char *)"aaab"};
  n = 100000;
  buf = malloc(n);
  memset(buf, 'a', n);
  memcpy(buf, "aaab", 4);
  memcpy(buf + n - 4, "aaab", 4);
  buf = egress_redact(buf, &n, aa, 1);
  ck_assert_uint_eq(n, 100000 - 8 + 20);
  ck_assert_int_eq(memcmp(buf, "[REDACTED]aaaa", 14), 0);
  ck_assert_int_eq(memcmp(buf + n - 11, "a[REDACTED]", 11), 0);
  free(buf);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("egress_route");
  TCase *tc = tcase_create("route");
  tcase_add_test(tc, test_match);
  tcase_add_test(tc, test_header);
  tcase_add_test(tc, test_basic);
  tcase_add_test(tc, test_query);
  tcase_add_test(tc, test_aws_scope);
  tcase_add_test(tc, test_redact);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
