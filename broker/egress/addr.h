/* broker/egress/addr.h -- the literal-address floor of fetch(): which URL
 * hosts and which socket addresses a script may never reach (sandbox.md 5.1,
 * 5.2).  Refused: "localhost" and "*.localhost"; every IPv4 spelling libcurl
 * or a resolver accepts (1 to 4 parts, each decimal, octal "0177" or hex
 * "0x7f": "2130706433", "0x7f.1", "127.1") of an internal address; IPv6
 * literals (zone ids allowed) that are internal or embed an internal IPv4
 * (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16); a trailing dot changes nothing.  Internal = not global
 * unicast: this network, loopback, private, CGNAT, link-local, special
 * purpose, documentation, benchmarking, multicast, reserved, broadcast,
 * ULA, site-local, Teredo and the other 2001::/23 assignments. */
#ifndef BOX_EGRESS_ADDR_H
#define BOX_EGRESS_ADDR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* ipv4 in host byte order. */
int egress_ipv4_internal(uint32_t ipv4);
int egress_ipv6_internal(const uint8_t ip[16]);
/* A socket address: 1 internal (or not AF_INET/AF_INET6), 0 public. */
int egress_sockaddr_internal(const struct sockaddr *sa, size_t len);

/* Loose IPv4 parse (inet_aton / WHATWG rules).  1 with *out when host is an
 * IPv4 spelling; 0 when it is not numeric (a name); -1 when it looks numeric
 * (its last label is a number) but is no valid address. */
int egress_parse_ipv4(const char *host, uint32_t *out);

enum egress_host_kind {
  EGRESS_HOST_NAME = 0,  /* a DNS name: decided by policy */
  EGRESS_HOST_PUBLIC,    /* a literal public address */
  EGRESS_HOST_REFUSED,   /* localhost, internal or malformed literal */
};
/* Classifies a URL host (brackets around IPv6 optional, zone id allowed,
 * trailing dot ignored, case-insensitive).  For a literal, *ss and *sslen get the
 * address when not NULL. */
enum egress_host_kind egress_classify_host(const char *host, struct sockaddr_storage *ss,
                                           size_t *sslen);

/* Canonical text of an address for net:connect's "ip" (IPv4-mapped IPv6 as
 * IPv4, IPv6 compressed lowercase).  0, or -1. */
int egress_ip_text(const struct sockaddr *sa, char *out, size_t outlen);

#endif
