/* broker/effects/fxbuf.c -- growable buffer, CPython repr() of paths, lossy
 * UTF-8 and the errno -> exception mapping (see fxbuf.h). */
#include "broker/effects/fxbuf.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>

static void fxbuf_reserve(struct fxbuf *b, size_t extra)
{
  size_t need;
  if (__builtin_add_overflow(b->n, extra, &need) || __builtin_add_overflow(need, 1, &need))
    abort();
  if (need <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need)
    if (__builtin_mul_overflow(cap, 2, &cap))
      abort();
  char *p = realloc(b->p, cap);
  if (p == NULL)
    abort();
  b->p = p;
  b->cap = cap;
}

void fxbuf_put(struct fxbuf *b, const void *s, size_t n)
{
  fxbuf_reserve(b, n);
  if (n)
    memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

void fxbuf_puts(struct fxbuf *b, const char *s) { fxbuf_put(b, s, strlen(s)); }

void fxbuf_printf(struct fxbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (len < 0)
    abort();
  fxbuf_reserve(b, (size_t)len);
  va_start(ap, fmt);
  vsnprintf(b->p + b->n, (size_t)len + 1, fmt, ap);
  va_end(ap);
  b->n += (size_t)len;
}

char *fxbuf_take(struct fxbuf *b)
{
  char *p = b->p;
  if (p == NULL) {
    p = strdup("");
    if (p == NULL)
      abort();
  }
  b->p = NULL;
  b->n = b->cap = 0;
  return p;
}

void fxbuf_free(struct fxbuf *b)
{
  free(b->p);
  b->p = NULL;
  b->n = b->cap = 0;
}

/* Decodes one UTF-8 sequence (strict: no overlongs, no surrogates, <=
 * U+10FFFF).  Returns its length, or 0 when s[0] does not start one. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
  unsigned c = s[0];
  size_t len;
  uint32_t v, min;
  if (c < 0x80) {
    *cp = c;
    return 1;
  } else if (c >= 0xc2 && c <= 0xdf) {
    len = 2, v = c & 0x1f, min = 0x80;
  } else if (c >= 0xe0 && c <= 0xef) {
    len = 3, v = c & 0x0f, min = 0x800;
  } else if (c >= 0xf0 && c <= 0xf4) {
    len = 4, v = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (n < len)
    return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0;
    v = (v << 6) | (s[i] & 0x3f);
  }
  if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
    return 0;
  *cp = v;
  return len;
}

int fx_valid_utf8(const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t k = utf8_decode(u + i, n - i, &cp);
    if (k == 0)
      return 0;
    i += k;
  }
  return 1;
}

/* Valid stretches are copied whole (every decided path passes here). */
void fx_lossy_utf8(struct fxbuf *b, const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *)s;
  size_t run = 0, i = 0;
  while (i < n) {
    uint32_t cp;
    size_t k;
    if (u[i] < 0x80) {
      i++;
      continue;
    }
    k = utf8_decode(u + i, n - i, &cp);
    if (k != 0) {
      i += k;
      continue;
    }
    fxbuf_put(b, u + run, i - run);
    fxbuf_put(b, "\xef\xbf\xbd", 3);
    run = ++i;
  }
  fxbuf_put(b, u + run, n - run);
}

/* Python's str.isprintable() for one code point (Unicode 14 via libunistring). */
static int py_printable(uint32_t cp)
{
  if (cp == ' ')
    return 1;
  if (cp < 0x20 || cp == 0x7f)
    return 0;
  if (cp < 0x7f)
    return 1;
  return !uc_is_general_category(cp, uc_general_category_or(
      uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cc, UC_CATEGORY_Cf),
                             uc_general_category_or(UC_CATEGORY_Cs, UC_CATEGORY_Co)),
      uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cn, UC_CATEGORY_Zl),
                             uc_general_category_or(UC_CATEGORY_Zp, UC_CATEGORY_Zs))));
}

void fx_py_repr(struct fxbuf *b, const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *)s;
  int has_sq = memchr(s, '\'', n) != NULL, has_dq = memchr(s, '"', n) != NULL;
  char quote = has_sq && !has_dq ? '"' : '\'';
  fxbuf_put(b, &quote, 1);
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t k, run = i;
    /* printable ASCII other than the quote and '\\' stands for itself */
    while (i < n && u[i] >= 0x20 && u[i] < 0x7f && u[i] != (unsigned char)quote && u[i] != '\\')
      i++;
    fxbuf_put(b, u + run, i - run);
    if (i == n)
      break;
    k = utf8_decode(u + i, n - i, &cp);
    if (k == 0) { /* os.fsdecode: the byte becomes a lone surrogate */
      fxbuf_printf(b, "\\udc%02x", u[i]);
      i++;
      continue;
    }
    if (cp == (uint32_t)quote || cp == '\\')
      fxbuf_printf(b, "\\%c", (char)cp);
    else if (cp == '\t')
      fxbuf_puts(b, "\\t");
    else if (cp == '\n')
      fxbuf_puts(b, "\\n");
    else if (cp == '\r')
      fxbuf_puts(b, "\\r");
    else if (py_printable(cp))
      fxbuf_put(b, u + i, k);
    else if (cp < 0x100)
      fxbuf_printf(b, "\\x%02x", (unsigned)cp);
    else if (cp < 0x10000)
      fxbuf_printf(b, "\\u%04x", (unsigned)cp);
    else
      fxbuf_printf(b, "\\U%08x", (unsigned)cp);
    i += k;
  }
  fxbuf_put(b, &quote, 1);
}

const char *fx_errno_exc(int err)
{
  switch (err) {
  case ENOENT: return "FileNotFoundError";
  case EEXIST: return "FileExistsError";
  case EISDIR: return "IsADirectoryError";
  case ENOTDIR: return "NotADirectoryError";
  case EACCES:
  case EPERM: return "PermissionError";
  case EINTR: return "InterruptedError";
  case ETIMEDOUT: return "TimeoutError";
  case EAGAIN:
  case EALREADY:
  case EINPROGRESS: return "BlockingIOError";
  case EPIPE:
  case ESHUTDOWN: return "BrokenPipeError";
  case ECONNREFUSED: return "ConnectionRefusedError";
  case ECONNRESET: return "ConnectionResetError";
  case ECONNABORTED: return "ConnectionAbortedError";
  case ECHILD: return "ChildProcessError";
  case ESRCH: return "ProcessLookupError";
  default: return "OSError";
  }
}
