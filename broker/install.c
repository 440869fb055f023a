/* broker/install.c -- the alias installer (see install.h). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "common/fdio.h"
#include "broker/install.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/alias_file.h"
#include "broker/config/config.h"
#include "broker/worker_proc.h"

#define ALIAS_MAX_BYTES (16u * 1024u * 1024u)

static int
read_file(const char *path, char **data, size_t *len, char *err, size_t errlen)
{
  struct stat st;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  size_t got = 0;

  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
      (unsigned long long)st.st_size > ALIAS_MAX_BYTES) {
    snprintf(err, errlen, "%s: %s", path, fd < 0 ? strerror(errno) : "not a usable program file");
    if (fd >= 0)
      close(fd);
    return -1;
  }
  *data = malloc((size_t)st.st_size);
  if (*data == NULL) {
    close(fd);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  ssize_t n = box_read_full(fd, *data, (size_t)st.st_size);
  if (n != (ssize_t)st.st_size) {
    snprintf(err, errlen, "%s: %s", path, n < 0 ? strerror(errno) : "changed while read");
    close(fd);
    free(*data);
    return -1;
  }
  got = (size_t)n;
  close(fd);
  *len = got;
  return 0;
}

/* 1 when dirfd/name is a regular file with exactly data and mode. */
static int
up_to_date(int dirfd, const char *name, const char *data, size_t len, mode_t mode)
{
  struct stat st;
  char buf[65536];
  size_t off = 0;
  int same = 1;
  int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

  if (fd < 0)
    return 0;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 07777) != mode ||
      (size_t)st.st_size != len || st.st_uid != geteuid()) {
    close(fd);
    return 0;
  }
  while (same && off < len) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || (size_t)n > len - off || memcmp(buf, data + off, (size_t)n) != 0)
      same = 0;
    else
      off += (size_t)n;
  }
  close(fd);
  return same;
}

/* Writes data to dirfd/name atomically (temporary file, fsync, rename). */
static int
install_file(int dirfd, const char *dirpath, const char *name, const char *data, size_t len,
             mode_t mode, FILE *out, char *err, size_t errlen)
{
  char tmp[64];
  int fd = -1;

  if (up_to_date(dirfd, name, data, len, mode)) {
    fprintf(out, "box-broker: %s/%s is up to date\n", dirpath, name);
    return 0;
  }
  for (unsigned i = 0; fd < 0 && i < 100; i++) {
    snprintf(tmp, sizeof tmp, ".%s.install-%ld-%u", name, (long)getpid(), i);
    fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0) {
    snprintf(err, errlen, "%s/%s: %s", dirpath, name, strerror(errno));
    return -1;
  }
  size_t off = 0;
  while (off < len) {
    ssize_t n = write(fd, data + off, len - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      goto fail;
    off += (size_t)n;
  }
  {
    int bad = fchmod(fd, mode) != 0 || fsync(fd) != 0;
    int saved = errno;
    if (close(fd) != 0 && !bad) {
      bad = 1;
      saved = errno;
    }
    fd = -1;
    if (bad) {
      errno = saved;
      goto fail;
    }
  }
  if (renameat(dirfd, tmp, dirfd, name) != 0)
    goto fail;
  fprintf(out, "box-broker: installed %s/%s\n", dirpath, name);
  return 0;
fail:
  snprintf(err, errlen, "%s/%s: %s", dirpath, name, strerror(errno));
  if (fd >= 0)
    close(fd);
  (void)unlinkat(dirfd, tmp, 0);
  return -1;
}

static int
open_dir(int at, const char *name, const char *path, int create, char *err, size_t errlen)
{
  struct stat st;
  int fd;

  if (create && mkdirat(at, name, 0755) != 0 && errno != EEXIST) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_uid != geteuid() || (st.st_mode & 022) != 0) {
    snprintf(err, errlen, "%s: %s", path,
             fd < 0 ? strerror(errno) : "not a directory of this user, writable only by it");
    if (fd >= 0)
      close(fd);
    return -1;
  }
  return fd;
}

int
box_install(const struct box_config *cfg, FILE *out, char *err, size_t errlen)
{
  struct alias_file af;
  char alias_prog[PATH_MAX], path[PATH_MAX + 16], text[2 * PATH_MAX + 256];
  char *data = NULL;
  size_t len = 0;
  ssize_t n;
  int boxfd = -1, binfd = -1, privfd = -1, rc = -1;

  memset(&af, 0, sizeof af);
  n = readlink("/proc/self/exe", af.broker, sizeof af.broker - 1);
  if (n <= 0) {
    snprintf(err, errlen, "cannot find box-broker's own location: %s", strerror(errno));
    return -1;
  }
  af.broker[n] = '\0';
  if ((size_t)snprintf(af.config, sizeof af.config, "%s", cfg->path) >= sizeof af.config) {
    snprintf(err, errlen, "%s: path too long", cfg->path);
    return -1;
  }
  if (box_locate_program("box-alias", alias_prog, sizeof alias_prog, err, errlen) != 0 ||
      read_file(alias_prog, &data, &len, err, errlen) != 0 ||
      alias_file_format(&af, text, sizeof text) != 0)
    goto out;
  boxfd = open_dir(AT_FDCWD, cfg->box_dir, cfg->box_dir, 0, err, errlen);
  if (boxfd < 0)
    goto out;
  snprintf(path, sizeof path, "%s/bin", cfg->box_dir);
  binfd = open_dir(boxfd, "bin", path, 1, err, errlen);
  if (binfd < 0)
    goto out;
  snprintf(path, sizeof path, "%s/private", cfg->box_dir);
  privfd = open_dir(boxfd, "private", path, 0, err, errlen);
  if (privfd < 0)
    goto out;
  /* the record first: an alias never exists without it */
  if (install_file(privfd, path, "alias", text, strlen(text), 0600, out, err, errlen) != 0)
    goto out;
  snprintf(path, sizeof path, "%s/bin", cfg->box_dir);
  if (install_file(binfd, path, "python3", data, len, 0755, out, err, errlen) != 0 ||
      install_file(binfd, path, "python", data, len, 0755, out, err, errlen) != 0)
    goto out;
  rc = 0;
out:
  free(data);
  if (boxfd >= 0)
    close(boxfd);
  if (binfd >= 0)
    close(binfd);
  if (privfd >= 0)
    close(privfd);
  return rc;
}
