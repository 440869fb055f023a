/* output.c -- buffered stdout/stderr for the interpreter: print() and
 * sys.stdout.write() append here; the buffer is written to fd 1/2 with
 * plain write() loops when it fills, at exit, on flush, before stderr
 * output (to keep ordering) and before anything blocks.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "worker/runtime/runtime.h"

#define OUT_BUF_SIZE 65536

static char out_buf[OUT_BUF_SIZE];
static size_t out_len;

static void write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

void out_flush(void)
{
	if (out_len) {
		write_all(1, out_buf, out_len);
		out_len = 0;
	}
}

void out_write(int fd, const char *p, size_t n)
{
	if (fd != 1) {
		out_flush();
		write_all(fd, p, n);
		return;
	}
	if (n >= OUT_BUF_SIZE) {
		out_flush();
		write_all(1, p, n);
		return;
	}
	if (out_len + n > OUT_BUF_SIZE)
		out_flush();
	memcpy(out_buf + out_len, p, n);
	out_len += n;
}
