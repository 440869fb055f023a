/* broker/egress/redact.c -- [REDACTED] in place of a credential (see redact.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/egress/redact.h"

#include <stdlib.h>
#include <string.h>

#include "broker/effects/fxbuf.h"

static void *redact_one(void *buf, size_t *len, const char *text)
{
  size_t tl = strlen(text);
  if (tl == 0 || buf == NULL || *len < tl)
    return buf;
  const char *p = buf, *end = p + *len;
  const char *hit = memmem(p, *len, text, tl);
  if (hit == NULL)
    return buf;
  struct fxbuf out = {0};
  while (hit != NULL) {
    fxbuf_put(&out, p, (size_t)(hit - p));
    fxbuf_put(&out, EGRESS_REDACTED, sizeof EGRESS_REDACTED - 1);
    p = hit + tl;
    hit = memmem(p, (size_t)(end - p), text, tl);
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
