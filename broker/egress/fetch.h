/* broker/egress/fetch.h -- fetch(): one HTTP request through the broker's
 * egress gateway, performed with libcurl (strands-box.md 2.9 and 6,
 * sandbox.md 5).
 *
 * Order: URL floor (addr.h: scheme http/https, no localhost, no literal
 * internal address; "access denied: <host>", nothing decided or sent, and
 * the broker's stderr gets "box-broker: monty fetch refused before transport
 * (SSRF floor): principal=agent url=<url> reason=<error>") ->
 * net:connect {host, port} before DNS (deny: "error sending request for url
 * (<url>)", nothing sent) -> resolve once (getaddrinfo, or the operator's
 * pin) -> net:connect {host, port, ip} per address, skipping internal
 * addresses unless pinned by the operator -> http:request {host, port,
 * method, path, body_bytes, intercepted} (deny: status 403, header
 * x-strands-box-egress: refused, body "http:request gate: <denial>") ->
 * libcurl pinned to the chosen address (CURLOPT_RESOLVE), with an
 * opensocket callback that refuses any other peer (DNS rebinding), no
 * redirects, no proxy, http/https only, the system CA store (or the
 * operator's --cacert), 60 s timeout, body
 * counted in the write callback (over EGRESS_MAX_BODY: "response exceeds the
 * 1048576-byte limit").  Response header names are lowercased; repeated
 * headers are joined with ", " (set-cookie with "\n"). */
#ifndef BOX_EGRESS_FETCH_H
#define BOX_EGRESS_FETCH_H

#include <stddef.h>

#include <json-c/json.h>

struct policy;
struct decision_log;
struct egress;
struct egress_credentials;

#define EGRESS_MAX_BODY 1048576u
#define EGRESS_MAX_HEADER_BYTES (256u * 1024u)
#define EGRESS_TIMEOUT_MS 60000L

struct egress_request {
  const char *url;
  const char *method;         /* NULL = "GET" */
  const char *const *hnames;  /* request headers */
  const char *const *hvalues;
  size_t nheaders;
  const void *body;           /* NULL = no body */
  size_t body_len;
};

struct egress *egress_new(const struct policy *pol, struct decision_log *log);
void egress_free(struct egress *g);
/* Decide through gate (the policy and the box's history; kept open by the
 * caller) instead of the plain policy egress_new was given. */
struct gate;
void egress_set_gate(struct egress *g, struct gate *gate);

/* Operator pin "HOST:PORT:ADDR" (curl --resolve).  0, or -1 with err. */
int egress_add_resolve(struct egress *g, const char *spec, char *err, size_t errlen);
/* The box's [egress.*] bindings with their secrets (credentials.h; the
 * caller keeps them alive): requests to a bound destination take the
 * credential route (route.h) before the http:request decision:
 *   plain http://            403 "credential not permitted on a plaintext request"
 *   placeholder missing or
 *   wrong, or unsignable     403 "blocked by egress control"
 *   compressed response      403 "response blocked by egress control"
 * (each with x-strands-box-egress: refused and a deny record, rule
 * enforcement:credential-route), else the credential is placed, the
 * request asks for Accept-Encoding: identity, and every copy of the secret
 * in the response's header values and body becomes [REDACTED].  With
 * inject = "always" each credentialed request also gets an advisory
 * permit record (action egress:inject, rule enforcement:inject-always). */
void egress_set_credentials(struct egress *g, const struct egress_credentials *creds);
/* Operator's --cacert FILE: the CAs trusted instead of the system store. */
void egress_set_cacert(struct egress *g, const char *path);
/* Tests: a shorter transfer timeout. */
void egress_set_timeout_ms(struct egress *g, long ms);

/* Performs req and fills resp: {"ok": true, "status", "headers"} with the
 * body in *body and *blen (malloc'ed), or {"ok": false, "exc", "msg"}. */
void egress_fetch(struct egress *g, const struct egress_request *req, json_object *resp, void **body,
                  size_t *blen);

#endif
