/* broker/alias_file.c -- reading and formatting <box_dir>/private/alias
 * (see alias_file.h). */
#include <config.h>

#include "common/fdio.h"
#include "broker/alias_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ALIAS_FILE_MAX 8192

static int
set_key(struct alias_file *af, const char *line, size_t len, const char *path, char *err,
        size_t errlen)
{
  const char *eq = memchr(line, '=', len);
  char *dst;
  size_t klen, vlen;

  if (eq == NULL) {
    snprintf(err, errlen, "%s: malformed line '%.*s'", path, (int)len, line);
    return -1;
  }
  klen = (size_t)(eq - line);
  vlen = len - klen - 1;
  if (klen == 6 && memcmp(line, "broker", 6) == 0)
    dst = af->broker;
  else if (klen == 6 && memcmp(line, "config", 6) == 0)
    dst = af->config;
  else {
    snprintf(err, errlen, "%s: unknown key '%.*s'", path, (int)klen, line);
    return -1;
  }
  if (vlen == 0 || vlen >= PATH_MAX || eq[1] != '/' || memchr(eq + 1, '\0', vlen) != NULL) {
    snprintf(err, errlen, "%s: %.*s must be an absolute path", path, (int)klen, line);
    return -1;
  }
  memcpy(dst, eq + 1, vlen);
  dst[vlen] = '\0';
  return 0;
}

int
alias_file_read(const char *box_dir, struct alias_file *af, char *err, size_t errlen)
{
  char path[PATH_MAX], buf[ALIAS_FILE_MAX + 1];
  struct stat st;
  size_t got = 0;
  int fd;

  memset(af, 0, sizeof *af);
  if ((size_t)snprintf(path, sizeof path, "%s/private/alias", box_dir) >= sizeof path) {
    snprintf(err, errlen, "%s: path too long", box_dir);
    return -1;
  }
  fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    snprintf(err, errlen, "%s: %s; this alias is not inside the box directory it was installed "
                          "in (run box-broker --config FILE --install)",
             path, strerror(errno));
    return -1;
  }
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
      (st.st_mode & 022) != 0 || st.st_size > ALIAS_FILE_MAX) {
    close(fd);
    snprintf(err, errlen, "%s: not a regular file of this user, writable only by it", path);
    return -1;
  }
  ssize_t n = box_read_full(fd, buf, ALIAS_FILE_MAX);
  if (n < 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  got = (size_t)n;
  close(fd);
  for (size_t i = 0; i < got;) {
    const char *nl = memchr(buf + i, '\n', got - i);
    size_t len = nl ? (size_t)(nl - (buf + i)) : got - i;
    if (len > 0 && buf[i] != '#' && set_key(af, buf + i, len, path, err, errlen) != 0)
      return -1;
    i += len + 1;
  }
  if (af->broker[0] == '\0' || af->config[0] == '\0') {
    snprintf(err, errlen, "%s: needs both broker= and config=", path);
    return -1;
  }
  return 0;
}

int
alias_file_format(const struct alias_file *af, char *buf, size_t size)
{
  int n = snprintf(buf, size,
                   "# Written by box-broker --install: the broker and box.toml that this\n"
                   "# box's python3 and python aliases run.  Re-run --install to change it.\n"
                   "broker=%s\nconfig=%s\n",
                   af->broker, af->config);
  return n < 0 || (size_t)n >= size ? -1 : 0;
}
