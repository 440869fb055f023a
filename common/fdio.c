/* common/fdio.c -- small descriptor helpers shared by the broker and worker. */
#include "config.h"

#include "common/fdio.h"

#include <errno.h>
#include <stdint.h>
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
