/* common/fdio.h -- small descriptor helpers shared by the broker and worker. */
#ifndef BOX_COMMON_FDIO_H
#define BOX_COMMON_FDIO_H

#include <stddef.h>
#include <sys/types.h>

/* Writes all len bytes to a blocking descriptor, retrying on EINTR and short
 * writes.  0, or -1 with errno set. */
int box_write_all(int fd, const void *buf, size_t len);

/* Reads into buf until len bytes are in or the file ends, retrying on EINTR
 * and short reads.  The number of bytes read (less than len only at the
 * end of the file), or -1 with errno set. */
ssize_t box_read_full(int fd, void *buf, size_t len);

/* Reads a descriptor to its end into a malloc'd buffer, NUL-terminated
 * after its *len bytes (so text can be used as a C string).  0; or -1 with
 * errno set: EFBIG when there are more than `limit` bytes, ENOMEM, or the
 * read's error.  *out is untouched on failure. */
int box_read_all(int fd, size_t limit, char **out, size_t *len);

#endif
