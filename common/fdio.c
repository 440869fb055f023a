/* common/fdio.c -- small descriptor helpers shared by the broker and worker. */
#include "config.h"

#include "common/fdio.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int
box_write_all(int fd, const void *buf, size_t len)
{
  const uint8_t *p = buf;

  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    if (n == 0) {
      errno = EIO;
      return -1;
    }
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

ssize_t
box_read_full(int fd, void *buf, size_t len)
{
  uint8_t *p = buf;
  size_t got = 0;

  while (got < len) {
    ssize_t n = read(fd, p + got, len - got);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    if (n == 0)
      break;
    got += (size_t)n;
  }
  return (ssize_t)got;
}

int
box_read_all(int fd, size_t limit, char **out, size_t *len)
{
  size_t cap = 0, n = 0;
  char *buf = NULL;

  for (;;) {
    if (n == cap) {
      if (cap > limit)
        break; /* one byte past the limit is in: refused below */
      size_t grow = cap ? cap * 2 : 65536;
      if (grow > limit + 1)
        grow = limit + 1;
      char *nb = realloc(buf, grow + 1);
      if (nb == NULL) {
        free(buf);
        errno = ENOMEM;
        return -1;
      }
      buf = nb;
      cap = grow;
    }
    ssize_t k = box_read_full(fd, buf + n, cap - n);
    if (k < 0) {
      int saved = errno;
      free(buf);
      errno = saved;
      return -1;
    }
    n += (size_t)k;
    if (n < cap)
      break; /* end of file */
  }
  if (n > limit) {
    free(buf);
    errno = EFBIG;
    return -1;
  }
  buf[n] = '\0';
  *out = buf;
  *len = n;
  return 0;
}
