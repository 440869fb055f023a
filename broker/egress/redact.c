/* broker/egress/redact.c -- [REDACTED] in place of a credential (see redact.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/egress/redact.h"

#include <stdlib.h>
#include <string.h>

#include "broker/effects/fxbuf.h"

/* The first copy of text[0..tl) in p[0..n), or NULL.  memchr on the first
 * byte then memcmp is some ten times faster than glibc's memmem on a body
 * the secret is not in (the usual case: ~10 us against ~100 us a MiB);
 * when the first byte keeps turning up (more than one candidate in 64
 * bytes), memmem's linear worst case takes over. */
static const char *find(const char *p, size_t n, const char *text, size_t tl)
{
  const char *end = p + n, *s = p;
  size_t candidates = 0;
  while ((size_t)(end - s) >= tl) {
    s = memchr(s, text[0], (size_t)(end - s) - tl + 1);
    if (s == NULL)
      return NULL;
    if (memcmp(s, text, tl) == 0)
      return s;
    s++;
    if (++candidates > 16 && (size_t)(s - p) < candidates * 64)
      return memmem(s, (size_t)(end - s), text, tl);
  }
  return NULL;
}

static void *redact_one(void *buf, size_t *len, const char *text)
{
  size_t tl = strlen(text);
  if (tl == 0 || buf == NULL || *len < tl)
    return buf;
  const char *p = buf, *end = p + *len;
  const char *hit = find(p, *len, text, tl);
  if (hit == NULL)
    return buf;
  struct fxbuf out = {0};
  while (hit != NULL) {
    fxbuf_put(&out, p, (size_t)(hit - p));
    fxbuf_put(&out, EGRESS_REDACTED, sizeof EGRESS_REDACTED - 1);
    p = hit + tl;
    hit = find(p, (size_t)(end - p), text, tl);
  }
  fxbuf_put(&out, p, (size_t)(end - p));
  explicit_bzero(buf, *len);
  free(buf);
  *len = out.n;
  return fxbuf_take(&out);
}

void *egress_redact(void *buf, size_t *len, char *const *texts, size_t n)
{
  for (size_t i = 0; i < n; i++)
    buf = redact_one(buf, len, texts[i]);
  return buf;
}
