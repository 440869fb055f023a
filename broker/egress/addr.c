/* broker/egress/addr.c -- classification of URL hosts and socket addresses
 * for the egress floor (see addr.h). */
#define _GNU_SOURCE
#include "broker/egress/addr.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct v4range {
  uint32_t net;
  unsigned bits;
};

#define V4(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

static const struct v4range v4_internal[] = {
  {V4(0, 0, 0, 0), 8},       /* this network */
  {V4(10, 0, 0, 0), 8},      /* private */
  {V4(100, 64, 0, 0), 10},   /* CGNAT */
  {V4(127, 0, 0, 0), 8},     /* loopback */
  {V4(169, 254, 0, 0), 16},  /* link-local, cloud metadata */
  {V4(172, 16, 0, 0), 12},   /* private */
  {V4(192, 0, 0, 0), 24},    /* IETF protocol assignments */
  {V4(192, 0, 2, 0), 24},    /* TEST-NET-1 */
  {V4(192, 88, 99, 0), 24},  /* 6to4 relay anycast */
  {V4(192, 168, 0, 0), 16},  /* private */
  {V4(198, 18, 0, 0), 15},   /* benchmarking */
  {V4(198, 51, 100, 0), 24}, /* TEST-NET-2 */
  {V4(203, 0, 113, 0), 24},  /* TEST-NET-3 */
  {V4(224, 0, 0, 0), 4},     /* multicast */
  {V4(240, 0, 0, 0), 4},     /* reserved, broadcast */
};

int egress_ipv4_internal(uint32_t ip)
{
  for (size_t i = 0; i < sizeof v4_internal / sizeof *v4_internal; i++) {
    uint32_t mask = v4_internal[i].bits ? ~0u << (32 - v4_internal[i].bits) : 0;
    if ((ip & mask) == v4_internal[i].net)
      return 1;
  }
  return 0;
}

static uint32_t v4_at(const uint8_t *p)
{
  return V4(p[0], p[1], p[2], p[3]);
}

static int prefix_is(const uint8_t ip[16], const uint8_t *pfx, unsigned bits)
{
  for (unsigned i = 0; i < bits; i++) {
    unsigned byte = i / 8, bit = 7 - i % 8;
    if (((ip[byte] >> bit) & 1) != ((pfx[byte] >> bit) & 1))
      return 0;
  }
  return 1;
}

int egress_ipv6_internal(const uint8_t ip[16])
{
  static const uint8_t zero[16] = {0};
  static const uint8_t mapped[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static const uint8_t nat64[16] = {0, 0x64, 0xff, 0x9b};
  static const uint8_t nat64_local[16] = {0, 0x64, 0xff, 0x9b, 0, 1};
  static const uint8_t sixtofour[16] = {0x20, 0x02};
  static const uint8_t ietf[16] = {0x20, 0x01};          /* 2001::/23 (Teredo, ORCHID ...) */
  static const uint8_t doc[16] = {0x20, 0x01, 0x0d, 0xb8}; /* 2001:db8::/32 */
  static const uint8_t global[16] = {0x20};              /* 2000::/3 */
  if (prefix_is(ip, mapped, 96) || prefix_is(ip, nat64, 96))
    return egress_ipv4_internal(v4_at(ip + 12));
  if (prefix_is(ip, zero, 96)) /* ::, ::1 and IPv4-compatible ::a.b.c.d */
    return v4_at(ip + 12) <= 1 ? 1 : egress_ipv4_internal(v4_at(ip + 12));
  if (prefix_is(ip, nat64_local, 48))
    return 1;
  if (prefix_is(ip, sixtofour, 16))
    return egress_ipv4_internal(v4_at(ip + 2));
  if (!prefix_is(ip, global, 3)) /* ULA, link/site-local, multicast, reserved */
    return 1;
  if (prefix_is(ip, ietf, 23) || prefix_is(ip, doc, 32))
    return 1;
  return 0;
}

int egress_sockaddr_internal(const struct sockaddr *sa, size_t len)
{
  if (sa->sa_family == AF_INET && len >= sizeof(struct sockaddr_in)) {
    const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
    return egress_ipv4_internal(ntohl(in->sin_addr.s_addr));
  }
  if (sa->sa_family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
    const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
    return egress_ipv6_internal(in6->sin6_addr.s6_addr);
  }
  return 1;
}

/* One number of a loose IPv4: decimal, 0-prefixed octal, 0x hex.  0, or -1
 * when the text is not a number at all, -2 when it is but is malformed. */
static int parse_part(const char *s, size_t n, uint64_t *out)
{
  unsigned base = 10;
  if (n == 0)
    return -1;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
    n -= 2;
  } else if (n >= 2 && s[0] == '0') {
    base = 8;
    s++;
    n--;
  }
  uint64_t v = 0;
  int numeric_look = base != 10;
  for (size_t i = 0; i < n; i++) {
    int d;
    char c = s[i];
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (base == 16 && isxdigit((unsigned char)c))
      d = tolower((unsigned char)c) - 'a' + 10;
    else
      return numeric_look || i > 0 ? -2 : -1;
    if ((unsigned)d >= base)
      return -2;
    numeric_look = 1;
    v = v * base + (unsigned)d;
    if (v > 0xffffffffull)
      return -2;
  }
  *out = v;
  return 0;
}

int egress_parse_ipv4(const char *host, uint32_t *out)
{
  size_t len = strlen(host);
  if (len > 0 && host[len - 1] == '.')
    len--;
  if (len == 0)
    return 0;
  /* Is the last label a number?  Else this is a name. */
  size_t last = len;
  while (last > 0 && host[last - 1] != '.')
    last--;
  uint64_t tmp;
  int lr = parse_part(host + last, len - last, &tmp);
  if (lr == -1)
    return 0;
  uint64_t part[4];
  size_t nparts = 0, start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len || host[i] == '.') {
      if (nparts == 4 || parse_part(host + start, i - start, &part[nparts]) != 0)
        return -1;
      nparts++;
      start = i + 1;
    }
  }
  uint64_t v = 0;
  for (size_t i = 0; i + 1 < nparts; i++) {
    if (part[i] > 255)
      return -1;
    v |= part[i] << (8 * (3 - i));
  }
  uint64_t lastmax = nparts == 1 ? 0xffffffffull : (1ull << (8 * (5 - nparts))) - 1;
  if (part[nparts - 1] > lastmax)
    return -1;
  v |= part[nparts - 1];
  *out = (uint32_t)v;
  return 1;
}

enum egress_host_kind egress_classify_host(const char *host, struct sockaddr_storage *ss,
                                           size_t *sslen)
{
  char buf[256];
  size_t len = strlen(host);
  if (len == 0 || len >= sizeof buf)
    return EGRESS_HOST_REFUSED;
  memcpy(buf, host, len + 1);
  if (buf[0] == '[') {
    if (buf[len - 1] != ']')
      return EGRESS_HOST_REFUSED;
    buf[--len] = '\0';
    memmove(buf, buf + 1, len);
    len--;
    buf[len] = '\0';
  }
  if (strchr(buf, ':') != NULL) { /* IPv6, maybe with a zone id */
    char *zone = strchr(buf, '%');
    if (zone)
      *zone = '\0';
    struct in6_addr a6;
    if (inet_pton(AF_INET6, buf, &a6) != 1)
      return EGRESS_HOST_REFUSED;
    if (ss) {
      struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;
      memset(ss, 0, sizeof *ss);
      in6->sin6_family = AF_INET6;
      in6->sin6_addr = a6;
      *sslen = sizeof *in6;
    }
    return egress_ipv6_internal(a6.s6_addr) ? EGRESS_HOST_REFUSED : EGRESS_HOST_PUBLIC;
  }
  while (len > 0 && buf[len - 1] == '.')
    buf[--len] = '\0';
  if (len == 0 || strchr(buf, '%') != NULL)
    return EGRESS_HOST_REFUSED;
  if (strcasecmp(buf, "localhost") == 0 ||
      (len > 10 && strcasecmp(buf + len - 10, ".localhost") == 0))
    return EGRESS_HOST_REFUSED;
  uint32_t v4;
  int r = egress_parse_ipv4(buf, &v4);
  if (r < 0)
    return EGRESS_HOST_REFUSED;
  if (r == 0)
    return EGRESS_HOST_NAME;
  if (ss) {
    struct sockaddr_in *in = (struct sockaddr_in *)ss;
    memset(ss, 0, sizeof *ss);
    in->sin_family = AF_INET;
    in->sin_addr.s_addr = htonl(v4);
    *sslen = sizeof *in;
  }
  return egress_ipv4_internal(v4) ? EGRESS_HOST_REFUSED : EGRESS_HOST_PUBLIC;
}

int egress_ip_text(const struct sockaddr *sa, char *out, size_t outlen)
{
  if (sa->sa_family == AF_INET) {
    const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
    return inet_ntop(AF_INET, &in->sin_addr, out, (socklen_t)outlen) ? 0 : -1;
  }
  if (sa->sa_family == AF_INET6) {
    const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
    static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (memcmp(in6->sin6_addr.s6_addr, mapped, 12) == 0)
      return inet_ntop(AF_INET, in6->sin6_addr.s6_addr + 12, out, (socklen_t)outlen) ? 0 : -1;
    return inet_ntop(AF_INET6, &in6->sin6_addr, out, (socklen_t)outlen) ? 0 : -1;
  }
  return -1;
}
