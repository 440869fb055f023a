/* broker/egress/fetch.c -- fetch() performed by the broker with libcurl: the
 * URL floor, the net:connect and http:request decisions, one pinned
 * connection, and the capped response (order and texts in fetch.h).
 * libcurl is loaded with dlopen on the first fetch, not linked: see
 * load_libcurl(). */
#define _GNU_SOURCE
#include <config.h>

#include "broker/egress/fetch.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <curl/curl.h>
#include <dlfcn.h>
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
#include "broker/egress/addr.h"

struct pin {
  char *host;
  long port;
  struct sockaddr_storage ss;
  size_t sslen;
};

struct egress {
  const struct policy *pol;
  struct decision_log *log;
  struct pin *pins;
  size_t npins;
  long timeout_ms;
  bool curl_initialised; /* this egress called curl_global_init */
};

/* ---- libcurl, loaded on the first fetch ------------------------------------
 *
 * Linking libcurl made every box-broker start load some thirty shared
 * libraries (TLS, HTTP/2, SSH, LDAP, Kerberos...) and initialise OpenSSL,
 * about two thirds of the time a short script takes, for the few scripts
 * that ever fetch.  So the broker only compiles against curl.h, and the
 * first fetch loads the library through the dynamic loader's ordinary
 * search (the same one that linking used; the broker is trusted, the worker
 * never sees it).  Each pointer has exactly the type curl.h declares. */

#define LIBCURL_SONAME "libcurl.so.4"
#define LIBCURL_MIN_VERSION 0x075500 /* 7.85: CURLOPT_PROTOCOLS_STR (configure.ac) */

static struct {
  void *handle; /* NULL until loaded */
  __typeof__(curl_global_init) *global_init;
  __typeof__(curl_global_cleanup) *global_cleanup;
  __typeof__(curl_version_info) *version_info;
  __typeof__(curl_free) *free;
  __typeof__(curl_url) *url;
  __typeof__(curl_url_set) *url_set;
  __typeof__(curl_url_get) *url_get;
  __typeof__(curl_url_cleanup) *url_cleanup;
  __typeof__(curl_slist_append) *slist_append;
  __typeof__(curl_slist_free_all) *slist_free_all;
  __typeof__(curl_easy_init) *easy_init;
  __typeof__(curl_easy_setopt) *easy_setopt;
  __typeof__(curl_easy_perform) *easy_perform;
  __typeof__(curl_easy_getinfo) *easy_getinfo;
  __typeof__(curl_easy_strerror) *easy_strerror;
  __typeof__(curl_easy_cleanup) *easy_cleanup;
} libcurl;

/* Fills libcurl once per process.  0, or -1 with err ("cannot load ..."). */
static int load_libcurl(char *err, size_t errlen)
{
  static const struct {
    const char *name;
    size_t offset;
  } symbols[] = {
#define LIBCURL_SYMBOL(member) {"curl_" #member, offsetof(__typeof__(libcurl), member)}
    LIBCURL_SYMBOL(global_init),  LIBCURL_SYMBOL(global_cleanup), LIBCURL_SYMBOL(version_info),
    LIBCURL_SYMBOL(free),         LIBCURL_SYMBOL(url),            LIBCURL_SYMBOL(url_set),
    LIBCURL_SYMBOL(url_get),      LIBCURL_SYMBOL(url_cleanup),    LIBCURL_SYMBOL(slist_append),
    LIBCURL_SYMBOL(slist_free_all), LIBCURL_SYMBOL(easy_init),    LIBCURL_SYMBOL(easy_setopt),
    LIBCURL_SYMBOL(easy_perform), LIBCURL_SYMBOL(easy_getinfo),   LIBCURL_SYMBOL(easy_strerror),
    LIBCURL_SYMBOL(easy_cleanup),
#undef LIBCURL_SYMBOL
  };
  void *handle;

  if (libcurl.handle != NULL)
    return 0;
  handle = dlopen(LIBCURL_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    snprintf(err, errlen, "cannot load %s (install the Debian package libcurl4): %s",
             LIBCURL_SONAME, dlerror());
    return -1;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
    void *fn = dlsym(handle, symbols[i].name);
    if (fn == NULL) {
      snprintf(err, errlen, "cannot load %s: no symbol %s", LIBCURL_SONAME, symbols[i].name);
      dlclose(handle);
      return -1;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function pointer. */
    memcpy((char *)&libcurl + symbols[i].offset, &fn, sizeof fn);
  }
  const curl_version_info_data *info = libcurl.version_info(CURLVERSION_NOW);
  if (info == NULL || info->version_num < LIBCURL_MIN_VERSION) {
    snprintf(err, errlen, "cannot use %s: version %s is older than 7.85", LIBCURL_SONAME,
             info != NULL ? info->version : "unknown");
    dlclose(handle);
    return -1;
  }
  libcurl.handle = handle;
  return 0;
}

/* The first fetch of this egress: load libcurl and initialise it. */
static int egress_ready(struct egress *g, char *err, size_t errlen)
{
  if (g->curl_initialised)
    return 0;
  if (load_libcurl(err, errlen) != 0)
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
  g->log = log;
  g->timeout_ms = EGRESS_TIMEOUT_MS;
  return g;
}

void egress_free(struct egress *g)
{
  if (g == NULL)
    return;
  for (size_t i = 0; i < g->npins; i++)
    free(g->pins[i].host);
  free(g->pins);
  if (g->curl_initialised)
    libcurl.global_cleanup();
  free(g);
}

void egress_set_timeout_ms(struct egress *g, long ms) { g->timeout_ms = ms; }

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
  int v = box_decide(g->pol, g->log, "net:connect", in, &rec, res.p, &denial);
  free(denial);
  fxbuf_free(&res);
  json_object_put(in);
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

static void refused_response(json_object *resp, const char *denial, void **body, size_t *blen)
{
  json_object_object_add(resp, "ok", json_object_new_boolean(1));
  json_object_object_add(resp, "status", json_object_new_int(403));
  json_object *h = json_object_new_object();
  json_object_object_add(h, "x-strands-box-egress", json_object_new_string("refused"));
  json_object_object_add(h, "content-type", json_object_new_string("text/plain; charset=utf-8"));
  json_object_object_add(resp, "headers", h);
  struct fxbuf b = {0};
  fxbuf_printf(&b, "http:request gate: %s", denial);
  *blen = b.n;
  *body = fxbuf_take(&b);
}

static void perform(struct egress *g, const struct egress_request *req, const struct target *t,
                    const char *method, const struct sockaddr *addr, size_t addrlen,
                    const char *ip, json_object *resp, void **body, size_t *blen)
{
  struct transfer tr = {0};
  tr.allowed = addr;
  tr.allowed_len = addrlen;
  CURL *c = libcurl.easy_init();
  if (c == NULL)
    abort();
  char errbuf[CURL_ERROR_SIZE] = "";
  struct curl_slist *hl = NULL, *res = NULL;
  int has_ctype = 0;
  for (size_t i = 0; i < req->nheaders; i++) {
    const char *n = req->hnames[i], *v = req->hvalues[i];
    if (!token_ok(n) || !value_ok(v)) {
      fail_url(resp, "builder error for url", t->url, "invalid header");
      goto out;
    }
    if (!strcasecmp(n, "host") || !strcasecmp(n, "content-length") ||
        !strcasecmp(n, "transfer-encoding") || !strcasecmp(n, "expect"))
      continue;
    has_ctype |= !strcasecmp(n, "content-type");
    struct fxbuf line = {0};
    if (*v)
      fxbuf_printf(&line, "%s: %s", n, v);
    else
      fxbuf_printf(&line, "%s;", n);
    hl = libcurl.slist_append(hl, line.p);
    fxbuf_free(&line);
  }
  hl = libcurl.slist_append(hl, "Expect:");
  if (req->body && !has_ctype)
    hl = libcurl.slist_append(hl, "Content-Type:");
  if (!egress_classify_host(t->host, NULL, NULL)) { /* a name: pin it */
    struct fxbuf pin = {0};
    fxbuf_printf(&pin, addr->sa_family == AF_INET6 ? "%s:%ld:[%s]" : "%s:%ld:%s", t->host_l,
                 t->port, ip);
    res = libcurl.slist_append(res, pin.p);
    fxbuf_free(&pin);
  }
  libcurl.easy_setopt(c, CURLOPT_URL, t->url);
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
  if (tr.over_cap || rc == CURLE_FILESIZE_EXCEEDED) {
    fail(resp, "OSError", "response exceeds the 1048576-byte limit");
  } else if (tr.header_over) {
    fail(resp, "OSError", "response headers exceed the 262144-byte limit");
  } else if (rc != CURLE_OK) {
    fail_url(resp, "error sending request for url", t->url,
             *errbuf ? errbuf : libcurl.easy_strerror(rc));
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
}

void egress_fetch(struct egress *g, const struct egress_request *req, json_object *resp, void **body,
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
  int v = box_decide(g->pol, g->log, "http:request", in, &rec, res.p, &denial);
  json_object_put(in);
  fxbuf_free(&res);
  if (v != BOX_DECIDE_PERMIT) {
    refused_response(resp, denial, body, blen);
    free(denial);
    target_free(&t);
    return;
  }
  egress_ip_text((const struct sockaddr *)&addrs[chosen], ip, sizeof ip);
  perform(g, req, &t, method, (const struct sockaddr *)&addrs[chosen], lens[chosen], ip, resp, body,
          blen);
  target_free(&t);
}
