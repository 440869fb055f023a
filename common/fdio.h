/* common/fdio.h -- small descriptor helpers shared by the broker and worker. */
#ifndef BOX_COMMON_FDIO_H
#define BOX_COMMON_FDIO_H

#include <stddef.h>

/* Writes all len bytes to a blocking descriptor, retrying on EINTR and short
 * writes.  0, or -1 with errno set. */
int box_write_all(int fd, const void *buf, size_t len);

#endif
