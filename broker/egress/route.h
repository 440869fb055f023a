/* broker/egress/route.h -- the credential route of one fetch()
 * (strands-box.md section 4 [egress.<name>], section 6 "Credential
 * injection"): which binding's destinations cover a request, and what that
 * binding does to the request on its way out.
 *
 * Destinations: "host" (ports 443 and 80), "host:port", "*.domain" (names
 * below domain, not domain itself), with "/prefix" in whole path segments
 * on the canonical path, '*' standing for one segment.
 *
 * Placement of an env:// secret (secret.inject = "phantom", the default:
 * the script must send the binding's placeholder where the credential
 * belongs, else the request is refused; "always": attached regardless):
 *   header       <secret.header>: <secret.prefix><placeholder>  ->  ... <secret>
 *   basic_auth   Authorization: Basic base64(<...placeholder...>) ->
 *                Authorization: Basic base64(<secret>)  (secret = "user:password";
 *                the raw "Basic <placeholder>" is accepted too)
 *   query_param  ?<secret.param>=<placeholder>  ->  ?<secret.param>=<%-encoded secret>
 * aws:// bindings: a phantom request carries the AWS_ACCESS_KEY_ID
 * placeholder in any header (as an SDK signing with the placeholder keys
 * does in Authorization); its Authorization, X-Amz-Date and
 * X-Amz-Security-Token are dropped and libcurl signs the request with
 * SigV4 (CURLOPT_AWS_SIGV4), service and region from the host
 * (<service>.<region>.amazonaws.com, <service>.amazonaws.com = us-east-1,
 * likewise *.api.aws); a session token goes in X-Amz-Security-Token. */
#ifndef BOX_EGRESS_ROUTE_H
#define BOX_EGRESS_ROUTE_H

#include <stddef.h>

#include "broker/egress/credentials.h"

#define ROUTE_MAX_REDACT 6

/* A request on its way out: owned copies the route may change. */
struct egress_outgoing {
  char **hname, **hvalue; /* headers, in order */
  size_t nh, cap;
  char *query;            /* the URL's query without '?', or NULL */
  int query_changed;      /* query must be set on the URL */
  /* Set by egress_route_apply: */
  char aws_provider[160]; /* CURLOPT_AWS_SIGV4 ("aws:amz:REGION:SERVICE") or "" */
  char *aws_userpwd;      /* "KEYID:SECRET" for CURLOPT_USERPWD (wiped on free) */
  char *redact[ROUTE_MAX_REDACT]; /* texts scrubbed from the response (wiped) */
  size_t nredact;
};

/* The binding covering (host, port, canonical path), or NULL. */
const struct egress_binding *egress_route_match(const struct egress_credentials *c,
                                                const char *host, long port, const char *path);

/* Puts b's credential into o.  0, or -1 when the request must be refused
 * ("blocked by egress control": placeholder missing or wrong, or an aws://
 * request whose host names no service). */
int egress_route_apply(const struct egress_binding *b, const char *host, struct egress_outgoing *o);

void egress_outgoing_add(struct egress_outgoing *o, const char *name, const char *value);
void egress_outgoing_free(struct egress_outgoing *o);

/* The SigV4 region and service of an AWS host: 0, or -1 when the host is
 * not <...>.amazonaws.com / <...>.api.aws with a service label. */
int egress_aws_scope(const char *host, char *region, size_t rlen, char *service, size_t slen);

#endif
