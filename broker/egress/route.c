/* broker/egress/route.c -- destination matching and credential placement
 * for fetch() (see route.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/egress/route.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "broker/config/config.h"

static char *xstrdup(const char *s)
{
  char *p = strdup(s);
  if (p == NULL)
    abort();
  return p;
}

static void wipe_free(char *s)
{
  if (s != NULL) {
    explicit_bzero(s, strlen(s));
    free(s);
  }
}

/* ---- destinations ------------------------------------------------------------ */

/* Next non-empty "/"-segment of *p (length in *len), NULL at the end. */
static const char *segment(const char **p, size_t *len)
{
  while (**p == '/')
    (*p)++;
  if (**p == '\0')
    return NULL;
  const char *s = *p;
  *len = strcspn(s, "/");
  *p = s + *len;
  return s;
}

static int destination_covers(const char *d, const char *host, long port, const char *path)
{
  size_t hostpart = strcspn(d, "/");
  const char *colon = memchr(d, ':', hostpart);
  size_t namelen = colon ? (size_t)(colon - d) : hostpart;
  size_t hl = strlen(host);
  if (namelen >= 2 && d[0] == '*' && d[1] == '.') {
    size_t dl = namelen - 1; /* ".domain" */
    if (hl <= dl || memcmp(host + hl - dl, d + 1, dl) != 0)
      return 0;
  } else if (hl != namelen || memcmp(host, d, hl) != 0) {
    return 0;
  }
  if (colon ? strtol(colon + 1, NULL, 10) != port : port != 443 && port != 80)
    return 0;
  const char *dp = d + hostpart, *rp = path;
  const char *ds, *rs;
  size_t dlen, rlen;
  while ((ds = segment(&dp, &dlen)) != NULL) {
    if ((rs = segment(&rp, &rlen)) == NULL)
      return 0;
    if (!(dlen == 1 && *ds == '*') && (dlen != rlen || memcmp(ds, rs, dlen) != 0))
      return 0;
  }
  return 1;
}

const struct egress_binding *egress_route_match(const struct egress_credentials *c,
                                                const char *host, long port, const char *path)
{
  for (size_t i = 0; c != NULL && i < c->n; i++)
    for (size_t k = 0; k < c->v[i].cfg->n_destinations; k++)
      if (destination_covers(c->v[i].cfg->destinations[k], host, port, path))
        return &c->v[i];
  return NULL;
}

/* ---- the outgoing request ----------------------------------------------------- */

void egress_outgoing_add(struct egress_outgoing *o, const char *name, const char *value)
{
  if (o->nh == o->cap) {
    o->cap = o->cap ? 2 * o->cap : 8;
    o->hname = realloc(o->hname, o->cap * sizeof *o->hname);
    o->hvalue = realloc(o->hvalue, o->cap * sizeof *o->hvalue);
    if (o->hname == NULL || o->hvalue == NULL)
      abort();
  }
  o->hname[o->nh] = xstrdup(name);
  o->hvalue[o->nh] = xstrdup(value);
  o->nh++;
}

static void remove_header(struct egress_outgoing *o, size_t i)
{
  free(o->hname[i]);
  wipe_free(o->hvalue[i]);
  memmove(o->hname + i, o->hname + i + 1, (o->nh - i - 1) * sizeof *o->hname);
  memmove(o->hvalue + i, o->hvalue + i + 1, (o->nh - i - 1) * sizeof *o->hvalue);
  o->nh--;
}

static void remove_headers(struct egress_outgoing *o, const char *name)
{
  for (size_t i = o->nh; i-- > 0;)
    if (strcasecmp(o->hname[i], name) == 0)
      remove_header(o, i);
}

void egress_outgoing_free(struct egress_outgoing *o)
{
  for (size_t i = 0; i < o->nh; i++) {
    free(o->hname[i]);
    wipe_free(o->hvalue[i]);
  }
  free(o->hname);
  free(o->hvalue);
  wipe_free(o->query);
  wipe_free(o->aws_userpwd);
  for (size_t i = 0; i < o->nredact; i++)
    wipe_free(o->redact[i]);
  memset(o, 0, sizeof *o);
}

static void add_redact(struct egress_outgoing *o, const char *s, size_t minlen)
{
  if (s != NULL && strlen(s) >= minlen && o->nredact < ROUTE_MAX_REDACT)
    o->redact[o->nredact++] = xstrdup(s);
}

/* ---- encodings ------------------------------------------------------------------ */

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *base64(const char *s)
{
  size_t n = strlen(s), o = 0;
  char *out = malloc(4 * ((n + 2) / 3) + 1);
  if (out == NULL)
    abort();
  for (size_t i = 0; i < n; i += 3) {
    unsigned v = (unsigned char)s[i] << 16;
    if (i + 1 < n)
      v |= (unsigned char)s[i + 1] << 8;
    if (i + 2 < n)
      v |= (unsigned char)s[i + 2];
    out[o++] = B64[(v >> 18) & 63];
    out[o++] = B64[(v >> 12) & 63];
    out[o++] = i + 1 < n ? B64[(v >> 6) & 63] : '=';
    out[o++] = i + 2 < n ? B64[v & 63] : '=';
  }
  out[o] = '\0';
  return out;
}

/* Decodes base64 text (padding optional); NULL when it is not base64. */
static char *unbase64(const char *s)
{
  size_t n = strlen(s), o = 0;
  char *out = malloc(n + 1);
  unsigned acc = 0, bits = 0;
  if (out == NULL)
    abort();
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '=')
      break;
    const char *p = strchr(B64, s[i]);
    if (p == NULL || s[i] == '\0') {
      free(out);
      return NULL;
    }
    acc = (acc << 6) | (unsigned)(p - B64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (char)((acc >> bits) & 0xFF);
    }
  }
  out[o] = '\0';
  return out;
}

static char *pct_encode(const char *s)
{
  size_t n = strlen(s), o = 0;
  char *out = malloc(3 * n + 1);
  if (out == NULL)
    abort();
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~')
      out[o++] = (char)c;
    else
      o += (size_t)sprintf(out + o, "%%%02X", c);
  }
  out[o] = '\0';
  return out;
}

/* ---- placements --------------------------------------------------------------- */

static int place_header(const struct egress_binding *b, struct egress_outgoing *o)
{
  const struct box_egress *g = b->cfg;
  const char *prefix = g->secret_prefix ? g->secret_prefix : "";
  int found = 0;
  for (size_t i = 0; i < o->nh && !b->always; i++) {
    if (strcasecmp(o->hname[i], g->secret_header) != 0)
      continue;
    const char *v = o->hvalue[i];
    size_t pl = strlen(prefix);
    found |= strcmp(v, b->placeholder[0]) == 0 ||
             (strncmp(v, prefix, pl) == 0 && strcmp(v + pl, b->placeholder[0]) == 0);
  }
  if (!found && !b->always)
    return -1;
  remove_headers(o, g->secret_header);
  char *v = malloc(strlen(prefix) + strlen(b->secret) + 1);
  if (v == NULL)
    abort();
  strcpy(v, prefix);
  strcat(v, b->secret);
  egress_outgoing_add(o, g->secret_header, v);
  wipe_free(v);
  add_redact(o, b->secret, 1);
  return 0;
}

static int place_basic(const struct egress_binding *b, struct egress_outgoing *o)
{
  int found = 0;
  for (size_t i = 0; i < o->nh && !b->always; i++) {
    if (strcasecmp(o->hname[i], "Authorization") != 0 || strncasecmp(o->hvalue[i], "Basic ", 6) != 0)
      continue;
    const char *cred = o->hvalue[i] + 6;
    while (*cred == ' ')
      cred++;
    char *plain = unbase64(cred);
    found |= strstr(cred, b->placeholder[0]) != NULL ||
             (plain != NULL && strstr(plain, b->placeholder[0]) != NULL);
    free(plain);
  }
  if (!found && !b->always)
    return -1;
  remove_headers(o, "Authorization");
  char *enc = base64(b->secret);
  char *v = malloc(strlen(enc) + 7);
  if (v == NULL)
    abort();
  strcpy(v, "Basic ");
  strcat(v, enc);
  egress_outgoing_add(o, "Authorization", v);
  add_redact(o, b->secret, 1);
  add_redact(o, enc, 1);
  const char *colon = strchr(b->secret, ':');
  if (colon != NULL)
    add_redact(o, colon + 1, 8); /* the password alone, unless too short to be told apart */
  wipe_free(v);
  wipe_free(enc);
  return 0;
}

/* Rebuilds the query: every pair but secret.param's, then param=secret. */
static int place_query(const struct egress_binding *b, struct egress_outgoing *o)
{
  const char *param = b->cfg->secret_param;
  size_t pl = strlen(param);
  const char *q = o->query ? o->query : "";
  int found = 0;
  size_t qn = strlen(q);
  char *rest = malloc(qn + 1);
  size_t r = 0;
  if (rest == NULL)
    abort();
  for (const char *p = q; *p;) {
    size_t len = strcspn(p, "&");
    if (len >= pl && strncmp(p, param, pl) == 0 && (len == pl || p[pl] == '=')) {
      const char *v = p + pl + (len > pl ? 1 : 0);
      size_t vl = len > pl ? len - pl - 1 : 0;
      found |= vl == strlen(b->placeholder[0]) && memcmp(v, b->placeholder[0], vl) == 0;
    } else if (len > 0) {
      if (r > 0)
        rest[r++] = '&';
      memcpy(rest + r, p, len);
      r += len;
    }
    p += len;
    if (*p == '&')
      p++;
  }
  rest[r] = '\0';
  if (!found && !b->always) {
    free(rest);
    return -1;
  }
  char *enc = pct_encode(b->secret);
  char *nq = malloc(r + pl + strlen(enc) + 3);
  if (nq == NULL)
    abort();
  sprintf(nq, "%s%s%s=%s", rest, r ? "&" : "", param, enc);
  free(rest);
  wipe_free(o->query);
  o->query = nq;
  o->query_changed = 1;
  add_redact(o, b->secret, 1);
  if (strcmp(enc, b->secret) != 0)
    add_redact(o, enc, 1);
  wipe_free(enc);
  return 0;
}

static int region_like(const char *s, size_t n)
{
  return n >= 4 && memchr(s, '-', n) != NULL && isdigit((unsigned char)s[n - 1]);
}

int egress_aws_scope(const char *host, char *region, size_t rlen, char *service, size_t slen)
{
  static const char *const suffixes[] = {".amazonaws.com", ".api.aws"};
  size_t hl = strlen(host), base = 0;
  for (size_t i = 0; i < 2 && base == 0; i++) {
    size_t sl = strlen(suffixes[i]);
    if (hl > sl && strcmp(host + hl - sl, suffixes[i]) == 0)
      base = hl - sl;
  }
  if (base == 0)
    return -1;
  /* The labels before the suffix: [...].<service>[.<region>] */
  const char *labels[64];
  size_t lens[64], n = 0;
  for (const char *p = host; p < host + base && n < 64;) {
    size_t len = strcspn(p, ".");
    if (p + len > host + base)
      len = (size_t)(host + base - p);
    labels[n] = p;
    lens[n++] = len;
    p += len + 1;
  }
  const char *svc, *reg = "us-east-1";
  size_t svl, rgl = strlen(reg);
  if (n >= 2 && region_like(labels[n - 1], lens[n - 1])) {
    reg = labels[n - 1];
    rgl = lens[n - 1];
    svc = labels[n - 2];
    svl = lens[n - 2];
  } else if (n >= 1 && !region_like(labels[n - 1], lens[n - 1])) {
    svc = labels[n - 1];
    svl = lens[n - 1];
  } else {
    return -1;
  }
  if (svl == 0 || svl >= slen || rgl >= rlen)
    return -1;
  memcpy(service, svc, svl);
  service[svl] = '\0';
  memcpy(region, reg, rgl);
  region[rgl] = '\0';
  return 0;
}

static int place_aws(const struct egress_binding *b, const char *host, struct egress_outgoing *o)
{
  int found = 0;
  for (size_t i = 0; i < o->nh && !b->always; i++)
    found |= strstr(o->hvalue[i], b->placeholder[0]) != NULL;
  if (!found && !b->always)
    return -1;
  char region[64], service[64];
  if (egress_aws_scope(host, region, sizeof region, service, sizeof service) != 0)
    return -1;
  remove_headers(o, "Authorization");
  remove_headers(o, "X-Amz-Date");
  remove_headers(o, "X-Amz-Security-Token");
  if (b->aws_session_token != NULL)
    egress_outgoing_add(o, "X-Amz-Security-Token", b->aws_session_token);
  snprintf(o->aws_provider, sizeof o->aws_provider, "aws:amz:%s:%s", region, service);
  o->aws_userpwd = malloc(strlen(b->aws_key_id) + strlen(b->aws_secret_key) + 2);
  if (o->aws_userpwd == NULL)
    abort();
  sprintf(o->aws_userpwd, "%s:%s", b->aws_key_id, b->aws_secret_key);
  add_redact(o, b->aws_secret_key, 1);
  add_redact(o, b->aws_session_token, 1);
  add_redact(o, b->aws_key_id, 1);
  return 0;
}

int egress_route_apply(const struct egress_binding *b, const char *host, struct egress_outgoing *o)
{
  if (b->kind == EGRESS_SECRET_AWS)
    return place_aws(b, host, o);
  const char *placement = b->cfg->secret_placement;
  if (strcmp(placement, "basic_auth") == 0)
    return place_basic(b, o);
  if (strcmp(placement, "query_param") == 0)
    return place_query(b, o);
  return place_header(b, o);
}
