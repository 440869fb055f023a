/* broker/egress/fetch.c -- fetch() performed by the broker with libcurl: the
 * URL floor, the net:connect and http:request decisions, one pinned
 * connection, and the capped response (order and texts in fetch.h).
 * libcurl is loaded with dlopen on the first fetch, not linked: see
 * broker/egress/libcurl.h. */
#define _GNU_SOURCE
#include <config.h>

#include "broker/egress/fetch.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <curl/curl.h>
#include <netdb.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "broker/decision_log.h"
#include "broker/effects/decide.h"
#include "broker/effects/fxbuf.h"
#include "broker/effects/gate.h"
#include "broker/egress/addr.h"
#include "broker/egress/credentials.h"
#include "broker/egress/libcurl.h"
#include "broker/egress/redact.h"
#include "broker/egress/route.h"

struct pin {
  char *host;
  long port;
  struct sockaddr_storage ss;
  size_t sslen;
};

/* A permitted decision of the fetch being served, whose outcome goes to
 * the box's history when the fetch ends. */
struct egress_pending {
  int64_t seq;
  const char *action; /* static */
  json_object *input;
};

struct egress {
  const struct policy *pol;
  struct gate *gate;     /* decides: the policy and, with temporal rules, the history */
  int own_gate;
  struct decision_log *log;
  struct egress_pending pending[4];
  size_t npending;
  int performed;         /* this fetch's request went out (it may have reached the server) */
  long upstream_status;  /* its status, 0 when none came back */
  struct pin *pins;
  size_t npins;
  long timeout_ms;
  bool curl_initialised; /* this egress called curl_global_init */
  const struct egress_credentials *creds; /* [egress.*] bindings, or NULL */
  char *cacert;          /* --cacert FILE, or NULL = the system store */
};

/* The first fetch of this egress: load libcurl and initialise it. */
static int egress_ready(struct egress *g, char *err, size_t errlen)
{
  if (g->curl_initialised)
    return 0;
  if (libcurl_load(err, errlen) != 0)
    return -1;
  CURLcode rc = libcurl.global_init(CURL_GLOBAL_DEFAULT);
  if (rc != CURLE_OK) {
    snprintf(err, errlen, "cannot initialise libcurl: %s", libcurl.easy_strerror(rc));
    return -1;
  }
  g->curl_initialised = true;
  return 0;
}

struct egress *egress_new(const struct policy *pol, struct decision_log *log)
{
  struct egress *g = calloc(1, sizeof *g);
  if (g == NULL)
    abort();
  g->pol = pol;
  g->gate = gate_plain(pol);
  g->own_gate = 1;
  g->log = log;
  g->timeout_ms = EGRESS_TIMEOUT_MS;
  return g;
}

void egress_set_gate(struct egress *g, struct gate *gate)
{
  if (g->own_gate)
    gate_close(g->gate);
  g->gate = gate;
  g->own_gate = 0;
}

/* Keeps a permitted decision for settle(), or drops its input. */
static void note_pending(struct egress *g, int64_t seq, const char *action, json_object *in)
{
  if (seq != 0 && g->npending < sizeof g->pending / sizeof *g->pending) {
    g->pending[g->npending].seq = seq;
    g->pending[g->npending].action = action;
    g->pending[g->npending].input = in;
    g->npending++;
  } else {
    json_object_put(in);
  }
}

/* The outcome of each permitted decision of the fetch just served: the
 * request did not go out (::error), or went out (::response, with the
 * upstream status when one came back). */
static void settle(struct egress *g)
{
  for (size_t i = 0; i < g->npending; i++) {
    struct egress_pending *p = &g->pending[i];
    int http = strcmp(p->action, "http:request") == 0;
    gate_outcome(g->gate, p->seq, p->action, p->input,
                 g->performed ? GATE_COMPLETED : GATE_FAILED,
                 http && g->performed && g->upstream_status > 0 ? g->upstream_status : -1);
    json_object_put(p->input);
  }
  g->npending = 0;
  g->performed = 0;
  g->upstream_status = 0;
}

void egress_free(struct egress *g)
{
  if (g == NULL)
    return;
  for (size_t i = 0; i < g->npins; i++)
    free(g->pins[i].host);
  free(g->pins);
  free(g->cacert);
  for (size_t i = 0; i < g->npending; i++)
    json_object_put(g->pending[i].input);
  if (g->own_gate)
    gate_close(g->gate);
  if (g->curl_initialised)
    libcurl.global_cleanup();
  free(g);
}

void egress_set_timeout_ms(struct egress *g, long ms) { g->timeout_ms = ms; }

void egress_set_credentials(struct egress *g, const struct egress_credentials *creds)
{
  g->creds = creds;
}

void egress_set_cacert(struct egress *g, const char *path)
{
  free(g->cacert);
  g->cacert = path ? strdup(path) : NULL;
  if (path && g->cacert == NULL)
    abort();
}

static void lower(char *s)
{
  for (; *s; s++)
    *s = (char)tolower((unsigned char)*s);
}

static int parse_addr(const char *text, struct sockaddr_storage *ss, size_t *sslen)
{
  char buf[INET6_ADDRSTRLEN + 2];
  size_t n = strlen(text);
  if (n >= sizeof buf)
    return -1;
  memcpy(buf, text, n + 1);
  if (n >= 2 && buf[0] == '[' && buf[n - 1] == ']') {
    buf[n - 1] = '\0';
    memmove(buf, buf + 1, n - 1);
  }
  memset(ss, 0, sizeof *ss);
  struct sockaddr_in *in = (struct sockaddr_in *)ss;
  struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;
  if (inet_pton(AF_INET, buf, &in->sin_addr) == 1) {
    in->sin_family = AF_INET;
    *sslen = sizeof *in;
    return 0;
  }
  if (inet_pton(AF_INET6, buf, &in6->sin6_addr) == 1) {
    in6->sin6_family = AF_INET6;
    *sslen = sizeof *in6;
    return 0;
  }
  return -1;
}

int egress_add_resolve(struct egress *g, const char *spec, char *err, size_t errlen)
{
  const char *c1 = strchr(spec, ':');
  const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
  char *end;
  if (c1 == NULL || c2 == NULL || c1 == spec) {
    snprintf(err, errlen, "--resolve %s: expected HOST:PORT:ADDR", spec);
    return -1;
  }
  long port = strtol(c1 + 1, &end, 10);
  if (end != c2 || port < 1 || port > 65535) {
    snprintf(err, errlen, "--resolve %s: the port must be 1..65535", spec);
    return -1;
  }
  struct pin p = {0};
  if (parse_addr(c2 + 1, &p.ss, &p.sslen) != 0) {
    snprintf(err, errlen, "--resolve %s: \"%s\" is not an IP address", spec, c2 + 1);
    return -1;
  }
  p.host = strndup(spec, (size_t)(c1 - spec));
  if (p.host == NULL)
    abort();
  lower(p.host);
  size_t hl = strlen(p.host);
  if (hl > 0 && p.host[hl - 1] == '.')
    p.host[hl - 1] = '\0';
  p.port = port;
  struct pin *np = realloc(g->pins, (g->npins + 1) * sizeof *np);
  if (np == NULL)
    abort();
  g->pins = np;
  g->pins[g->npins++] = p;
  return 0;
}

/* ---- replies --------------------------------------------------------------- */

static void fail(json_object *resp, const char *exc, const char *msg)
{
  json_object_object_add(resp, "ok", json_object_new_boolean(0));
  json_object_object_add(resp, "exc", json_object_new_string(exc));
  json_object_object_add(resp, "msg", json_object_new_string(msg));
}

static void fail_url(json_object *resp, const char *what, const char *url, const char *detail)
{
  struct fxbuf b = {0};
  fxbuf_printf(&b, "%s (", what);
  fx_lossy_utf8(&b, url, strlen(url));
  fxbuf_puts(&b, ")");
  if (detail && *detail) {
    fxbuf_puts(&b, ": ");
    fx_lossy_utf8(&b, detail, strlen(detail));
  }
  fail(resp, "OSError", b.p);
  fxbuf_free(&b);
}

/* The broker's own stderr line for a URL the floor refused (strands-box.md
 * 2.9); the script's text is printed with control bytes escaped. */
static void floor_note(const char *url, const char *reason)
{
  struct fxbuf raw = {0}, b = {0}, line = {0};
  fxbuf_printf(&raw, "url=%s reason=%s", url, reason);
  fx_lossy_utf8(&b, raw.p, raw.n);
  fxbuf_puts(&line, "box-broker: monty fetch refused before transport (SSRF floor): principal=agent ");
  for (size_t i = 0; i < b.n; i++) {
    unsigned char c = (unsigned char)b.p[i];
    if (c < 0x20 || c == 0x7f)
      fxbuf_printf(&line, "\\x%02x", c);
    else
      fxbuf_put(&line, &b.p[i], 1);
  }
  fxbuf_puts(&line, "\n");
  fwrite(line.p, 1, line.n, stderr); /* one write: stderr is unbuffered */
  fxbuf_free(&raw);
  fxbuf_free(&b);
  fxbuf_free(&line);
}

/* ---- the canonical request path -------------------------------------------- */

static int unreserved(int c)
{
  return isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

static int hexv(int c)
{
  return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Percent-escapes of unreserved bytes decoded, others kept (hex upper),
 * "." and ".." segments removed (RFC 3986 5.2.4), never empty. */
static char *canonical_path(const char *path)
{
  struct fxbuf d = {0};
  for (size_t i = 0; path[i]; i++) {
    if (path[i] == '%' && isxdigit((unsigned char)path[i + 1]) &&
        isxdigit((unsigned char)path[i + 2])) {
      int c = hexv((unsigned char)path[i + 1]) * 16 + hexv((unsigned char)path[i + 2]);
      if (unreserved(c)) {
        char ch = (char)c;
        fxbuf_put(&d, &ch, 1);
      } else {
        fxbuf_printf(&d, "%%%02X", c);
      }
      i += 2;
    } else {
      fxbuf_put(&d, &path[i], 1);
    }
  }
  char *in = fxbuf_take(&d);
  /* Remove dot segments over "/"-separated segments. */
  size_t n = strlen(in);
  char *out = malloc(n + 2);
  if (out == NULL)
    abort();
  size_t o = 0;
  const char *s = in;
  if (*s != '/')
    out[o++] = '/';
  while (*s) {
    if (*s == '/')
      s++;
    const char *e = strchr(s, '/');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    int last = e == NULL;
    if (len == 1 && s[0] == '.') {
      if (last && (o == 0 || out[o - 1] != '/'))
        out[o++] = '/';
    } else if (len == 2 && s[0] == '.' && s[1] == '.') {
      while (o > 0 && out[o - 1] != '/')
        o--;
      if (o > 1)
        o--;
      while (o > 0 && out[o - 1] != '/')
        o--;
      if (o == 0)
        out[o++] = '/';
    } else {
      if (o == 0 || out[o - 1] != '/')
        out[o++] = '/';
      memcpy(out + o, s, len);
      o += len;
      if (!last)
        out[o++] = '/';
    }
    s += len;
  }
  if (o == 0)
    out[o++] = '/';
  out[o] = '\0';
  free(in);
  return out;
}

/* ---- one transfer ------------------------------------------------------------ */

struct hdr {
  char *name;
  struct fxbuf value;
};

struct transfer {
  struct fxbuf body;
  int over_cap;
  struct hdr *h;
  size_t nh, cap;
  size_t header_bytes;
  int header_over;
  const struct sockaddr *allowed;
  size_t allowed_len;
};

static void clear_headers(struct transfer *t)
{
  for (size_t i = 0; i < t->nh; i++) {
    free(t->h[i].name);
    fxbuf_free(&t->h[i].value);
  }
  t->nh = 0;
}

static size_t on_body(char *p, size_t size, size_t n, void *ud)
{
  struct transfer *t = ud;
  size_t len = size * n;
  if (t->body.n + len > EGRESS_MAX_BODY) {
    t->over_cap = 1;
    return 0; /* aborts the transfer */
  }
  fxbuf_put(&t->body, p, len);
  return len;
}

static size_t on_header(char *p, size_t size, size_t n, void *ud)
{
  struct transfer *t = ud;
  size_t len = size * n;
  t->header_bytes += len;
  if (t->header_bytes > EGRESS_MAX_HEADER_BYTES) {
    t->header_over = 1;
    return 0;
  }
  while (len > 0 && (p[len - 1] == '\n' || p[len - 1] == '\r'))
    len--;
  if (len >= 5 && strncmp(p, "HTTP/", 5) == 0) { /* a new response (after 1xx) */
    clear_headers(t);
    return size * n;
  }
  if (len == 0)
    return size * n;
  if ((p[0] == ' ' || p[0] == '\t') && t->nh > 0) { /* obsolete line folding */
    fxbuf_puts(&t->h[t->nh - 1].value, " ");
    size_t i = 0;
    while (i < len && (p[i] == ' ' || p[i] == '\t'))
      i++;
    fxbuf_put(&t->h[t->nh - 1].value, p + i, len - i);
    return size * n;
  }
  const char *colon = memchr(p, ':', len);
  if (colon == NULL || colon == p)
    return size * n;
  if (t->nh == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 16;
    struct hdr *nh = realloc(t->h, t->cap * sizeof *nh);
    if (nh == NULL)
      abort();
    t->h = nh;
  }
  struct hdr *h = &t->h[t->nh++];
  h->name = strndup(p, (size_t)(colon - p));
  if (h->name == NULL)
    abort();
  lower(h->name);
  memset(&h->value, 0, sizeof h->value);
  const char *v = colon + 1, *end = p + len;
  while (v < end && (*v == ' ' || *v == '\t'))
    v++;
  while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  fxbuf_put(&h->value, v, (size_t)(end - v));
  return size * n;
}

static int same_addr(const struct sockaddr *a, const struct sockaddr *b)
{
  if (a->sa_family != b->sa_family)
    return 0;
  if (a->sa_family == AF_INET)
    return memcmp(&((const struct sockaddr_in *)a)->sin_addr,
                  &((const struct sockaddr_in *)b)->sin_addr, 4) == 0;
  if (a->sa_family == AF_INET6)
    return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
                  &((const struct sockaddr_in6 *)b)->sin6_addr, 16) == 0;
  return 0;
}

/* The last check: libcurl may connect only to the address policy permitted. */
static curl_socket_t on_open(void *ud, curlsocktype purpose, struct curl_sockaddr *a)
{
  struct transfer *t = ud;
  if (purpose != CURLSOCKTYPE_IPCXN || !same_addr(&a->addr, t->allowed))
    return CURL_SOCKET_BAD;
  return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

static json_object *headers_json(struct transfer *t)
{
  json_object *o = json_object_new_object();
  for (size_t i = 0; i < t->nh; i++) {
    struct fxbuf name = {0}, val = {0};
    fx_lossy_utf8(&name, t->h[i].name, strlen(t->h[i].name));
    json_object *prev;
    if (json_object_object_get_ex(o, name.p, &prev)) {
      fxbuf_put(&val, json_object_get_string(prev), (size_t)json_object_get_string_len(prev));
      fxbuf_puts(&val, strcmp(name.p, "set-cookie") == 0 ? "\n" : ", ");
    }
    fx_lossy_utf8(&val, t->h[i].value.p ? t->h[i].value.p : "", t->h[i].value.n);
    json_object_object_add(o, name.p, json_object_new_string(val.p ? val.p : ""));
    fxbuf_free(&name);
    fxbuf_free(&val);
  }
  return o;
}

static int token_ok(const char *s)
{
  if (*s == '\0')
    return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && !strchr("!#$%&'*+-.^_`|~", *s))
      return 0;
  return 1;
}

static int value_ok(const char *s)
{
  for (; *s; s++)
    if (*s == '\r' || *s == '\n')
      return 0;
  return 1;
}

/* ---- fetch ---------------------------------------------------------------- */

struct target {
  CURLU *u;
  char *url;     /* normalised, for messages */
  char *scheme;
  char *host;    /* as in the URL */
  char *host_l;  /* lowercased, no trailing dot: the policy's host */
  long port;
  char *path;    /* canonical */
};

static void target_free(struct target *t)
{
  if (t->u)
    libcurl.url_cleanup(t->u);
  libcurl.free(t->url);
  libcurl.free(t->scheme);
  libcurl.free(t->host);
  free(t->host_l);
  free(t->path);
}

static int decide_connect(struct egress *g, const struct target *t, const char *ip)
{
  json_object *in = json_object_new_object();
  json_object_object_add(in, "host", json_object_new_string(t->host_l));
  json_object_object_add(in, "port", json_object_new_int64(t->port));
  if (ip)
    json_object_object_add(in, "ip", json_object_new_string(ip));
  struct fxbuf res = {0};
  fxbuf_printf(&res, "%s:%ld", t->host_l, t->port);
  struct decision_record rec = {0};
  rec.action = "net:connect";
  rec.resource = res.p;
  rec.server_address = ip ? ip : t->host_l;
  rec.server_port = (int)t->port;
  char *denial = NULL;
  int64_t seq = 0;
  int v = box_decide(g->gate, g->log, "net:connect", in, &rec, res.p, &denial, &seq);
  free(denial);
  fxbuf_free(&res);
  note_pending(g, seq, "net:connect", in);
  return v == BOX_DECIDE_PERMIT;
}

static void record_floor(struct egress *g, const struct target *t, const char *ip)
{
  if (g->log == NULL)
    return;
  struct fxbuf res = {0}, why = {0};
  char err[256];
  fxbuf_printf(&res, "%s:%ld", t->host_l, t->port);
  fxbuf_printf(&why, "%s resolves to %s, an internal address", t->host_l, ip);
  struct decision_record rec = {0};
  rec.action = "net:connect";
  rec.resource = res.p;
  rec.verdict = "deny";
  rec.cause = "enforcement";
  rec.rule = "enforcement:address-floor";
  rec.reason = why.p;
  rec.server_address = ip;
  rec.server_port = (int)t->port;
  if (decision_log_append(g->log, &rec, err, sizeof err) != 0)
    fprintf(stderr, "%s\n", err);
  fxbuf_free(&res);
  fxbuf_free(&why);
}

static int parse_target(const char *url, struct target *t, json_object *resp)
{
  memset(t, 0, sizeof *t);
  char *path = NULL, *user = NULL;
  t->u = libcurl.url();
  if (t->u == NULL)
    abort();
  if (libcurl.url_set(t->u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK ||
      libcurl.url_get(t->u, CURLUPART_SCHEME, &t->scheme, 0) != CURLUE_OK) {
    fail_url(resp, "builder error for url", url, "invalid URL");
    return -1;
  }
  if (libcurl.url_get(t->u, CURLUPART_HOST, &t->host, 0) != CURLUE_OK) {
    struct fxbuf b = {0};
    fxbuf_puts(&b, "access denied: ");
    fx_lossy_utf8(&b, url, strlen(url));
    fail(resp, "OSError", b.p);
    floor_note(url, b.p);
    fxbuf_free(&b);
    return -1;
  }
  lower(t->scheme);
  if ((strcmp(t->scheme, "http") != 0 && strcmp(t->scheme, "https") != 0) ||
      egress_classify_host(t->host, NULL, NULL) == EGRESS_HOST_REFUSED) {
    struct fxbuf b = {0};
    fxbuf_puts(&b, "access denied: ");
    fx_lossy_utf8(&b, t->host, strlen(t->host));
    fail(resp, "OSError", b.p);
    floor_note(url, b.p);
    fxbuf_free(&b);
    return -1;
  }
  if (libcurl.url_get(t->u, CURLUPART_USER, &user, 0) == CURLUE_OK) {
    libcurl.free(user);
    fail_url(resp, "builder error for url", url, "credentials in the URL are not accepted");
    return -1;
  }
  char *port = NULL;
  if (libcurl.url_get(t->u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) != CURLUE_OK ||
      libcurl.url_get(t->u, CURLUPART_PATH, &path, 0) != CURLUE_OK) {
    libcurl.free(port);
    fail_url(resp, "builder error for url", url, "invalid URL");
    return -1;
  }
  t->port = strtol(port, NULL, 10);
  libcurl.free(port);
  t->path = canonical_path(path);
  libcurl.free(path);
  t->host_l = strdup(t->host);
  if (t->host_l == NULL)
    abort();
  lower(t->host_l);
  size_t hl = strlen(t->host_l);
  while (hl > 0 && t->host_l[hl - 1] == '.')
    t->host_l[--hl] = '\0';
  /* What is sent is what policy judged: the host as decided (lowercase, no
   * trailing dot) and the canonical path, without the fragment. */
  if (egress_classify_host(t->host, NULL, NULL) == EGRESS_HOST_NAME)
    libcurl.url_set(t->u, CURLUPART_HOST, t->host_l, 0);
  libcurl.url_set(t->u, CURLUPART_PATH, t->path, 0);
  libcurl.url_set(t->u, CURLUPART_FRAGMENT, NULL, 0);
  if (libcurl.url_get(t->u, CURLUPART_URL, &t->url, 0) != CURLUE_OK) {
    fail_url(resp, "builder error for url", url, "invalid URL");
    return -1;
  }
  return 0;
}

/* The candidate addresses: the operator's pin, the literal, or DNS. */
static int candidates(struct egress *g, const struct target *t, struct sockaddr_storage *out,
                      size_t *lens, int *pinned, size_t max, size_t *n, const char **dnserr)
{
  *n = 0;
  *pinned = 0;
  for (size_t i = 0; i < g->npins; i++) {
    if (strcmp(g->pins[i].host, t->host_l) == 0 && g->pins[i].port == t->port) {
      out[0] = g->pins[i].ss;
      lens[0] = g->pins[i].sslen;
      *n = 1;
      *pinned = 1;
      return 0;
    }
  }
  if (egress_classify_host(t->host, &out[0], &lens[0]) == EGRESS_HOST_PUBLIC) {
    *n = 1;
    return 0;
  }
  struct addrinfo hints = {0}, *res = NULL;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  int rc = getaddrinfo(t->host_l, NULL, &hints, &res);
  if (rc != 0) {
    *dnserr = gai_strerror(rc);
    return -1;
  }
  for (struct addrinfo *ai = res; ai && *n < max; ai = ai->ai_next) {
    if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
      continue;
    int dup = 0;
    for (size_t i = 0; i < *n; i++)
      dup |= same_addr((struct sockaddr *)&out[i], ai->ai_addr);
    if (dup)
      continue;
    memset(&out[*n], 0, sizeof out[*n]);
    memcpy(&out[*n], ai->ai_addr, ai->ai_addrlen);
    lens[*n] = ai->ai_addrlen;
    (*n)++;
  }
  freeaddrinfo(res);
  if (*n == 0) {
    *dnserr = "no addresses";
    return -1;
  }
  return 0;
}

static void refused_response(json_object *resp, const char *text, void **body, size_t *blen)
{
  json_object_object_add(resp, "ok", json_object_new_boolean(1));
  json_object_object_add(resp, "status", json_object_new_int(403));
  json_object *h = json_object_new_object();
  json_object_object_add(h, "x-strands-box-egress", json_object_new_string("refused"));
  json_object_object_add(h, "content-type", json_object_new_string("text/plain; charset=utf-8"));
  json_object_object_add(resp, "headers", h);
  struct fxbuf b = {0};
  fxbuf_puts(&b, text);
  *blen = b.n;
  *body = fxbuf_take(&b);
}

/* The record of a refusal (or, for inject = "always", the advisory permit)
 * by the credential route: the host, port and canonical path only. */
static void record_route(struct egress *g, const struct target *t, const char *method,
                         const char *verdict, const char *rule, const char *reason)
{
  if (g->log == NULL)
    return;
  struct fxbuf res = {0};
  char err[256];
  fxbuf_printf(&res, "%s:%ld%s", t->host_l, t->port, t->path);
  struct decision_record rec = {0};
  rec.action = strcmp(verdict, "deny") == 0 ? "http:request" : "egress:inject";
  rec.resource = res.p;
  rec.verdict = verdict;
  rec.cause = "enforcement";
  rec.rule = rule;
  rec.reason = reason;
  rec.server_address = t->host_l;
  rec.server_port = (int)t->port;
  rec.http_method = method;
  if (decision_log_append(g->log, &rec, err, sizeof err) != 0)
    fprintf(stderr, "%s\n", err);
  fxbuf_free(&res);
}

/* A credentialed response: refused when compressed (the scrub below could
 * not see a compressed copy of the secret), else every copy of the secret
 * in a header value or the body becomes [REDACTED].  0, or -1 refused. */
static int scrub_response(struct transfer *tr, const struct egress_outgoing *o)
{
  for (size_t i = 0; i < tr->nh; i++) {
    if (strcmp(tr->h[i].name, "content-encoding") == 0 && tr->h[i].value.n > 0 &&
        strcasecmp(tr->h[i].value.p, "identity") != 0)
      return -1;
  }
  size_t total = 0;
  for (size_t i = 0; i < tr->nh; i++) {
    struct fxbuf *v = &tr->h[i].value;
    size_t n = v->n;
    char *p = egress_redact(v->p, &n, o->redact, o->nredact);
    if (p != v->p) {
      v->p = p;
      v->n = n;
      v->cap = n + 1;
    }
    total += strlen(tr->h[i].name) + n;
  }
  /* [REDACTED] may be longer than a short secret: the cap still holds. */
  tr->header_over = total > EGRESS_MAX_HEADER_BYTES;
  size_t n = tr->body.n;
  char *p = egress_redact(tr->body.p, &n, o->redact, o->nredact);
  if (p != tr->body.p) {
    tr->body.p = p;
    tr->body.n = n;
    tr->body.cap = n + 1;
  }
  return 0;
}

/* The header list libcurl sends: the script's headers, or the route's
 * copy of them (o) on a credentialed request.  NULL with resp filled when
 * a header is malformed. */
static struct curl_slist *request_headers(const struct egress_request *req,
                                          const struct egress_outgoing *o, const struct target *t,
                                          json_object *resp)
{
  struct curl_slist *hl = NULL;
  int has_ctype = 0;
  size_t n = o ? o->nh : req->nheaders;
  for (size_t i = 0; i < n; i++) {
    const char *name = o ? o->hname[i] : req->hnames[i];
    const char *v = o ? o->hvalue[i] : req->hvalues[i];
    if (!token_ok(name) || !value_ok(v)) {
      fail_url(resp, "builder error for url", t->url, "invalid header");
      libcurl.slist_free_all(hl);
      return NULL;
    }
    if (!strcasecmp(name, "host") || !strcasecmp(name, "content-length") ||
        !strcasecmp(name, "transfer-encoding") || !strcasecmp(name, "expect") ||
        (o && !strcasecmp(name, "accept-encoding")))
      continue;
    has_ctype |= !strcasecmp(name, "content-type");
    struct fxbuf line = {0};
    if (*v)
      fxbuf_printf(&line, "%s: %s", name, v);
    else
      fxbuf_printf(&line, "%s;", name);
    hl = libcurl.slist_append(hl, line.p);
    explicit_bzero(line.p, line.n);
    fxbuf_free(&line);
  }
  hl = libcurl.slist_append(hl, "Expect:");
  if (o) /* a credentialed request asks for an uncompressed answer */
    hl = libcurl.slist_append(hl, "Accept-Encoding: identity");
  if (req->body && !has_ctype)
    hl = libcurl.slist_append(hl, "Content-Type:");
  return hl;
}

static void perform(struct egress *g, const struct egress_request *req, const struct target *t,
                    const char *method, const struct sockaddr *addr, size_t addrlen,
                    const char *ip, const struct egress_outgoing *o, json_object *resp,
                    void **body, size_t *blen)
{
  struct transfer tr = {0};
  tr.allowed = addr;
  tr.allowed_len = addrlen;
  CURL *c = libcurl.easy_init();
  if (c == NULL)
    abort();
  char errbuf[CURL_ERROR_SIZE] = "";
  struct curl_slist *hl = NULL, *res = NULL;
  char *send_url = NULL;
  hl = request_headers(req, o, t, resp);
  if (hl == NULL)
    goto out;
  if (o && o->query_changed) { /* the credential rides in the query */
    libcurl.url_set(t->u, CURLUPART_QUERY, o->query, 0);
    if (libcurl.url_get(t->u, CURLUPART_URL, &send_url, 0) != CURLUE_OK) {
      fail_url(resp, "builder error for url", t->url, "invalid URL");
      goto out;
    }
  }
  if (!egress_classify_host(t->host, NULL, NULL)) { /* a name: pin it */
    struct fxbuf pin = {0};
    fxbuf_printf(&pin, addr->sa_family == AF_INET6 ? "%s:%ld:[%s]" : "%s:%ld:%s", t->host_l,
                 t->port, ip);
    res = libcurl.slist_append(res, pin.p);
    fxbuf_free(&pin);
  }
  libcurl.easy_setopt(c, CURLOPT_URL, send_url ? send_url : t->url);
  if (g->cacert)
    libcurl.easy_setopt(c, CURLOPT_CAINFO, g->cacert);
  if (o && o->aws_provider[0]) {
    libcurl.easy_setopt(c, CURLOPT_AWS_SIGV4, o->aws_provider);
    libcurl.easy_setopt(c, CURLOPT_USERPWD, o->aws_userpwd);
  }
  libcurl.easy_setopt(c, CURLOPT_RESOLVE, res);
  libcurl.easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, on_open);
  libcurl.easy_setopt(c, CURLOPT_OPENSOCKETDATA, &tr);
  libcurl.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  libcurl.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  libcurl.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  libcurl.easy_setopt(c, CURLOPT_PROXY, "");
  libcurl.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  libcurl.easy_setopt(c, CURLOPT_TIMEOUT_MS, g->timeout_ms);
  libcurl.easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)EGRESS_MAX_BODY);
  libcurl.easy_setopt(c, CURLOPT_FORBID_REUSE, 1L);
  libcurl.easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
  libcurl.easy_setopt(c, CURLOPT_HTTPHEADER, hl);
  libcurl.easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
  libcurl.easy_setopt(c, CURLOPT_WRITEDATA, &tr);
  libcurl.easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
  libcurl.easy_setopt(c, CURLOPT_HEADERDATA, &tr);
  if (req->body) {
    libcurl.easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)req->body_len);
    libcurl.easy_setopt(c, CURLOPT_POSTFIELDS, req->body_len ? req->body : "");
    libcurl.easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
  } else if (strcmp(method, "HEAD") == 0) {
    libcurl.easy_setopt(c, CURLOPT_NOBODY, 1L);
  } else if (strcmp(method, "GET") != 0) {
    libcurl.easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
  }
  CURLcode rc = libcurl.easy_perform(c);
  /* for the history: did the request leave (it may then have been acted on)? */
  g->performed = rc != CURLE_COULDNT_CONNECT && rc != CURLE_COULDNT_RESOLVE_HOST;
  libcurl.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &g->upstream_status);
  if (tr.over_cap || rc == CURLE_FILESIZE_EXCEEDED) {
    fail(resp, "OSError", "response exceeds the 1048576-byte limit");
  } else if (tr.header_over) {
    fail(resp, "OSError", "response headers exceed the 262144-byte limit");
  } else if (rc != CURLE_OK) {
    char detail[CURL_ERROR_SIZE + 64];
    size_t dn = (size_t)snprintf(detail, sizeof detail, "%s",
                                 *errbuf ? errbuf : libcurl.easy_strerror(rc));
    char *d = o ? egress_redact(strdup(detail), &dn, o->redact, o->nredact) : strdup(detail);
    if (d == NULL)
      abort();
    fail_url(resp, "error sending request for url", t->url, d);
    free(d);
  } else if (o && scrub_response(&tr, o) != 0) {
    record_route(g, t, method, "deny", "enforcement:credential-route",
                 "response blocked by egress control");
    refused_response(resp, "response blocked by egress control", body, blen);
  } else if (tr.header_over) {
    fail(resp, "OSError", "response headers exceed the 262144-byte limit");
  } else {
    long status = 0;
    libcurl.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    json_object_object_add(resp, "ok", json_object_new_boolean(1));
    json_object_object_add(resp, "status", json_object_new_int((int)status));
    json_object_object_add(resp, "headers", headers_json(&tr));
    *blen = tr.body.n;
    *body = tr.body.n ? fxbuf_take(&tr.body) : NULL;
  }
out:
  clear_headers(&tr);
  free(tr.h);
  fxbuf_free(&tr.body);
  libcurl.slist_free_all(hl);
  libcurl.slist_free_all(res);
  libcurl.easy_cleanup(c);
  if (send_url) {
    explicit_bzero(send_url, strlen(send_url));
    libcurl.free(send_url);
  }
}

/* The credential route (strands-box.md section 6, step 5): a request to a
 * bound destination goes out with the credential in *o, or is answered
 * with a 403 here.  Returns 1 credentialed (o filled), 0 not bound, -1
 * refused (resp filled). */
static int credential_route(struct egress *g, const struct egress_request *req,
                            const struct target *t, const char *method, struct egress_outgoing *o,
                            json_object *resp, void **body, size_t *blen)
{
  const struct egress_binding *b = egress_route_match(g->creds, t->host_l, t->port, t->path);
  if (b == NULL)
    return 0;
  const char *refusal = NULL;
  if (strcmp(t->scheme, "https") != 0) {
    refusal = "credential not permitted on a plaintext request";
  } else {
    char *q = NULL;
    for (size_t i = 0; i < req->nheaders; i++)
      egress_outgoing_add(o, req->hnames[i], req->hvalues[i]);
    if (libcurl.url_get(t->u, CURLUPART_QUERY, &q, 0) == CURLUE_OK) {
      o->query = strdup(q);
      libcurl.free(q);
      if (o->query == NULL)
        abort();
    }
    if (egress_route_apply(b, t->host_l, o) != 0)
      refusal = "blocked by egress control";
  }
  if (refusal != NULL) {
    record_route(g, t, method, "deny", "enforcement:credential-route", refusal);
    refused_response(resp, refusal, body, blen);
    return -1;
  }
  if (b->always)
    record_route(g, t, method, "permit", "enforcement:inject-always", NULL);
  return 1;
}

static void fetch(struct egress *g, const struct egress_request *req, json_object *resp, void **body,
                  size_t *blen);

void egress_fetch(struct egress *g, const struct egress_request *req, json_object *resp, void **body,
                  size_t *blen)
{
  fetch(g, req, resp, body, blen);
  settle(g);
}

static void fetch(struct egress *g, const struct egress_request *req, json_object *resp, void **body,
                  size_t *blen)
{
  *body = NULL;
  *blen = 0;
  struct target t;
  const char *method = req->method ? req->method : "GET";
  char err[512];
  if (egress_ready(g, err, sizeof err) != 0) {
    fprintf(stderr, "box-broker: fetch is unavailable: %s\n", err);
    fail(resp, "OSError", "fetch is unavailable: the box cannot load its HTTP client");
    return;
  }
  if (parse_target(req->url, &t, resp) != 0) {
    target_free(&t);
    return;
  }
  if (!token_ok(method)) {
    fail_url(resp, "builder error for url", t.url, "invalid HTTP method");
    target_free(&t);
    return;
  }
  /* net:connect on the name, before any DNS query. */
  if (!decide_connect(g, &t, NULL)) {
    fail_url(resp, "error sending request for url", t.url, NULL);
    target_free(&t);
    return;
  }
  struct sockaddr_storage addrs[16];
  size_t lens[16], n;
  int pinned;
  const char *dnserr = NULL;
  if (candidates(g, &t, addrs, lens, &pinned, 16, &n, &dnserr) != 0) {
    struct fxbuf d = {0};
    fxbuf_printf(&d, "dns error: %s", dnserr);
    fail_url(resp, "error sending request for url", t.url, d.p);
    fxbuf_free(&d);
    target_free(&t);
    return;
  }
  size_t chosen = n;
  char ip[INET6_ADDRSTRLEN];
  for (size_t i = 0; i < n && chosen == n; i++) {
    const struct sockaddr *sa = (const struct sockaddr *)&addrs[i];
    if (egress_ip_text(sa, ip, sizeof ip) != 0)
      continue;
    if (!pinned && egress_sockaddr_internal(sa, lens[i])) {
      record_floor(g, &t, ip);
      continue;
    }
    if (decide_connect(g, &t, ip))
      chosen = i;
  }
  if (chosen == n) {
    fail_url(resp, "error sending request for url", t.url, NULL);
    target_free(&t);
    return;
  }
  struct egress_outgoing out = {0};
  int routed = credential_route(g, req, &t, method, &out, resp, body, blen);
  if (routed < 0) {
    egress_outgoing_free(&out);
    target_free(&t);
    return;
  }
  /* http:request: a refusal is an ordinary 403 response. */
  json_object *in = json_object_new_object();
  json_object_object_add(in, "host", json_object_new_string(t.host_l));
  json_object_object_add(in, "port", json_object_new_int64(t.port));
  json_object_object_add(in, "method", json_object_new_string(method));
  json_object_object_add(in, "path", json_object_new_string(t.path));
  json_object_object_add(in, "body_bytes", json_object_new_int64(req->body ? (int64_t)req->body_len : 0));
  json_object_object_add(in, "intercepted", json_object_new_boolean(strcmp(t.scheme, "https") == 0));
  struct fxbuf res = {0};
  fxbuf_printf(&res, "%s:%ld%s", t.host_l, t.port, t.path);
  struct decision_record rec = {0};
  rec.action = "http:request";
  rec.resource = res.p;
  rec.server_address = t.host_l;
  rec.server_port = (int)t.port;
  rec.http_method = method;
  char *denial = NULL;
  int64_t seq = 0;
  int v = box_decide(g->gate, g->log, "http:request", in, &rec, res.p, &denial, &seq);
  note_pending(g, seq, "http:request", in);
  fxbuf_free(&res);
  if (v != BOX_DECIDE_PERMIT) {
    struct fxbuf text = {0};
    fxbuf_printf(&text, "http:request gate: %s", denial);
    refused_response(resp, text.p, body, blen);
    fxbuf_free(&text);
    free(denial);
    egress_outgoing_free(&out);
    target_free(&t);
    return;
  }
  egress_ip_text((const struct sockaddr *)&addrs[chosen], ip, sizeof ip);
  perform(g, req, &t, method, (const struct sockaddr *)&addrs[chosen], lens[chosen], ip,
          routed ? &out : NULL, resp, body, blen);
  egress_outgoing_free(&out);
  target_free(&t);
}
