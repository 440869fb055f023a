/* tests/egress/test_addr.c -- table tests of the literal-address floor
 * (broker/egress/addr.c): every loopback/private/link-local spelling, range
 * boundaries, IPv6 forms embedding IPv4, and the canonical "ip" text. */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "broker/egress/addr.h"

static const struct {
  const char *host;
  enum egress_host_kind want;
} hosts[] = {
  {"localhost", EGRESS_HOST_REFUSED},
  {"LOCALHOST", EGRESS_HOST_REFUSED},
  {"localhost.", EGRESS_HOST_REFUSED},
  {"api.localhost", EGRESS_HOST_REFUSED},
  {"127.0.0.1", EGRESS_HOST_REFUSED},
  {"127.0.0.1.", EGRESS_HOST_REFUSED},
  {"127.1", EGRESS_HOST_REFUSED},
  {"127.0.1", EGRESS_HOST_REFUSED},
  {"2130706433", EGRESS_HOST_REFUSED},
  {"0177.0.0.1", EGRESS_HOST_REFUSED},
  {"0x7f.1", EGRESS_HOST_REFUSED},
  {"0x7f000001", EGRESS_HOST_REFUSED},
  {"0X7F.0.0.1", EGRESS_HOST_REFUSED},
  {"017700000001", EGRESS_HOST_REFUSED},
  {"0", EGRESS_HOST_REFUSED},
  {"0.0.0.0", EGRESS_HOST_REFUSED},
  {"10.0.0.1", EGRESS_HOST_REFUSED},
  {"172.16.0.0", EGRESS_HOST_REFUSED},
  {"172.31.255.255", EGRESS_HOST_REFUSED},
  {"172.15.255.255", EGRESS_HOST_PUBLIC},
  {"172.32.0.0", EGRESS_HOST_PUBLIC},
  {"192.168.1.1", EGRESS_HOST_REFUSED},
  {"169.254.169.254", EGRESS_HOST_REFUSED},
  {"100.64.0.0", EGRESS_HOST_REFUSED},
  {"100.127.255.255", EGRESS_HOST_REFUSED},
  {"100.128.0.0", EGRESS_HOST_PUBLIC},
  {"100.63.255.255", EGRESS_HOST_PUBLIC},
  {"192.0.2.1", EGRESS_HOST_REFUSED},
  {"198.18.0.1", EGRESS_HOST_REFUSED},
  {"198.51.100.7", EGRESS_HOST_REFUSED},
  {"203.0.113.9", EGRESS_HOST_REFUSED},
  {"224.0.0.1", EGRESS_HOST_REFUSED},
  {"239.255.255.250", EGRESS_HOST_REFUSED},
  {"240.0.0.1", EGRESS_HOST_REFUSED},
  {"255.255.255.255", EGRESS_HOST_REFUSED},
  {"8.8.8.8", EGRESS_HOST_PUBLIC},
  {"134744072", EGRESS_HOST_PUBLIC}, /* 8.8.8.8 */
  {"1.1.1.1", EGRESS_HOST_PUBLIC},
  {"256.0.0.1", EGRESS_HOST_REFUSED},  /* numeric but invalid */
  {"1.2.3.4.5", EGRESS_HOST_REFUSED},
  {"0x100000000", EGRESS_HOST_REFUSED},
  {"08.0.0.1", EGRESS_HOST_REFUSED},
  {"[::1]", EGRESS_HOST_REFUSED},
  {"::1", EGRESS_HOST_REFUSED},
  {"[::]", EGRESS_HOST_REFUSED},
  {"[0:0:0:0:0:0:0:1]", EGRESS_HOST_REFUSED},
  {"[::ffff:127.0.0.1]", EGRESS_HOST_REFUSED},
  {"[::ffff:7f00:1]", EGRESS_HOST_REFUSED},
  {"[::127.0.0.1]", EGRESS_HOST_REFUSED},
  {"[::ffff:10.0.0.1]", EGRESS_HOST_REFUSED},
  {"[::ffff:8.8.8.8]", EGRESS_HOST_PUBLIC},
  {"[64:ff9b::a00:1]", EGRESS_HOST_REFUSED},
  {"[64:ff9b::7f00:1]", EGRESS_HOST_REFUSED},
  {"[64:ff9b:1::1]", EGRESS_HOST_REFUSED},
  {"[2002:7f00:1::]", EGRESS_HOST_REFUSED},
  {"[2002:c0a8:101::1]", EGRESS_HOST_REFUSED},
  {"[2001::1]", EGRESS_HOST_REFUSED},      /* Teredo */
  {"[2001:db8::1]", EGRESS_HOST_REFUSED},
  {"[fe80::1%25eth0]", EGRESS_HOST_REFUSED},
  {"[fe80::1%eth0]", EGRESS_HOST_REFUSED},
  {"[fd00:ec2::254]", EGRESS_HOST_REFUSED},
  {"[fc00::1]", EGRESS_HOST_REFUSED},
  {"[fec0::1]", EGRESS_HOST_REFUSED},
  {"[ff02::1]", EGRESS_HOST_REFUSED},
  {"[100::1]", EGRESS_HOST_REFUSED},
  {"[2606:4700:4700::1111]", EGRESS_HOST_PUBLIC},
  {"[2a00:1450:4001:82b::200e]", EGRESS_HOST_PUBLIC},
  {"[::1", EGRESS_HOST_REFUSED},
  {"[zz::1]", EGRESS_HOST_REFUSED},
  {"example.com", EGRESS_HOST_NAME},
  {"Example.COM.", EGRESS_HOST_NAME},
  {"127.0.0.1.nip.io", EGRESS_HOST_NAME},
  {"api.github.com", EGRESS_HOST_NAME},
  {"localhost.example.com", EGRESS_HOST_NAME},
  {"", EGRESS_HOST_REFUSED},
  {"%31%32%37.0.0.1", EGRESS_HOST_REFUSED},
};

START_TEST(test_host_table)
{
  for (size_t i = 0; i < sizeof hosts / sizeof *hosts; i++) {
    enum egress_host_kind got = egress_classify_host(hosts[i].host, NULL, NULL);
    ck_assert_msg(got == hosts[i].want, "%s: got %d, want %d", hosts[i].host, got, hosts[i].want);
  }
}
END_TEST

START_TEST(test_parse_ipv4)
{
  uint32_t v;
  ck_assert_int_eq(egress_parse_ipv4("127.1", &v), 1);
  ck_assert_uint_eq(v, 0x7f000001u);
  ck_assert_int_eq(egress_parse_ipv4("0x7f.1", &v), 1);
  ck_assert_uint_eq(v, 0x7f000001u);
  ck_assert_int_eq(egress_parse_ipv4("0177.0.0.1", &v), 1);
  ck_assert_uint_eq(v, 0x7f000001u);
  ck_assert_int_eq(egress_parse_ipv4("2130706433", &v), 1);
  ck_assert_uint_eq(v, 0x7f000001u);
  ck_assert_int_eq(egress_parse_ipv4("10.1.65535", &v), 1);
  ck_assert_uint_eq(v, 0x0a01ffffu);
  ck_assert_int_eq(egress_parse_ipv4("10.1.65536", &v), -1);
  ck_assert_int_eq(egress_parse_ipv4("example.com", &v), 0);
  ck_assert_int_eq(egress_parse_ipv4("a.1", &v), -1);
}
END_TEST

static void sa6(const char *text, struct sockaddr_in6 *s)
{
  memset(s, 0, sizeof *s);
  s->sin6_family = AF_INET6;
  ck_assert_int_eq(inet_pton(AF_INET6, text, &s->sin6_addr), 1);
}

START_TEST(test_sockaddr)
{
  struct sockaddr_in in = {0};
  in.sin_family = AF_INET;
  in.sin_addr.s_addr = htonl(0x7f000001u);
  ck_assert_int_eq(egress_sockaddr_internal((struct sockaddr *)&in, sizeof in), 1);
  in.sin_addr.s_addr = htonl(0x08080808u);
  ck_assert_int_eq(egress_sockaddr_internal((struct sockaddr *)&in, sizeof in), 0);
  struct sockaddr_in6 s6;
  sa6("::ffff:127.0.0.1", &s6);
  ck_assert_int_eq(egress_sockaddr_internal((struct sockaddr *)&s6, sizeof s6), 1);
  sa6("2606:4700::1", &s6);
  ck_assert_int_eq(egress_sockaddr_internal((struct sockaddr *)&s6, sizeof s6), 0);
  struct sockaddr un = {0};
  un.sa_family = AF_UNIX;
  ck_assert_int_eq(egress_sockaddr_internal(&un, sizeof un), 1);

  char buf[64];
  sa6("::FFFF:8.8.4.4", &s6);
  ck_assert_int_eq(egress_ip_text((struct sockaddr *)&s6, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "8.8.4.4");
  sa6("2606:4700:0:0:0:0:0:1111", &s6);
  ck_assert_int_eq(egress_ip_text((struct sockaddr *)&s6, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "2606:4700::1111");
}
END_TEST

int main(void)
{
  Suite *s = suite_create("egress_addr");
  TCase *tc = tcase_create("addr");
  tcase_add_test(tc, test_host_table);
  tcase_add_test(tc, test_parse_ipv4);
  tcase_add_test(tc, test_sockaddr);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
