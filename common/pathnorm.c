/* common/pathnorm.c -- lexical path arithmetic (see pathnorm.h). */
#include "config.h"

#include "common/pathnorm.h"

#include <stdlib.h>
#include <string.h>

/* Appends the normalised components of in[0..n) to out (o bytes so far). */
static size_t add_components(char *out, size_t o, const char *in, size_t n)
{
  for (size_t i = 0; i < n;) {
    while (i < n && in[i] == '/')
      i++;
    size_t start = i;
    while (i < n && in[i] != '/')
      i++;
    size_t clen = i - start;
    if (clen == 0 || (clen == 1 && in[start] == '.'))
      continue;
    if (clen == 2 && in[start] == '.' && in[start + 1] == '.') {
      while (o > 0 && out[o - 1] != '/')
        o--;
      if (o > 0)
        o--; /* the slash before it */
      continue;
    }
    out[o++] = '/';
    memcpy(out + o, in + start, clen);
    o += clen;
  }
  return o;
}

char *box_path_normalize(const char *dir, const char *path, size_t n)
{
  size_t dlen = (n == 0 || path[0] != '/') && dir != NULL ? strlen(dir) : 0;
  char *out = malloc(dlen + n + 3);
  if (out == NULL)
    return NULL;
  size_t o = add_components(out, 0, dir, dlen);
  o = add_components(out, o, path, n);
  if (o == 0)
    out[o++] = '/';
  out[o] = '\0';
  return out;
}

bool box_path_under(const char *path, const char *dir, size_t dlen)
{
  if (dlen == 1 && dir[0] == '/')
    return true;
  return strncmp(path, dir, dlen) == 0 && (path[dlen] == '\0' || path[dlen] == '/');
}
