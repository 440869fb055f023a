/* broker/script_source.c -- the alias route's script read under the
 * agent's [agent.filesystem] grants (see script_source.h). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "common/fdio.h"
#include "broker/script_source.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "common/pathnorm.h"
#include "common/protocol.h"

/* The rest of path below dir ("" for dir itself), or NULL. */
static const char *
below(const char *dir, const char *path)
{
  size_t n = strlen(dir);

  if (!box_path_under(path, dir, n))
    return NULL;
  if (n == 1)
    return path + 1;
  return path[n] == '/' ? path + n + 1 : path + n;
}

/* Kernels before 5.6 have no openat2: walk the components from dfd,
 * following no symlink (rest is normalised: no "." or ".." components). */
static int
walk_nofollow(int dfd, const char *rest)
{
  char buf[PATH_MAX];
  char *p = buf;
  int cur;

  if ((size_t)snprintf(buf, sizeof buf, "%s", rest) >= sizeof buf) {
    errno = ENAMETOOLONG;
    return -1;
  }
  cur = fcntl(dfd, F_DUPFD_CLOEXEC, 0);
  while (cur >= 0) {
    char *slash = strchr(p, '/');
    int next;
    if (slash == NULL) {
      next = openat(cur, *p ? p : ".", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
      close(cur);
      return next;
    }
    *slash = '\0';
    next = openat(cur, p, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    close(cur);
    cur = next;
    p = slash + 1;
  }
  return -1;
}

/* Opens dir/rest for reading without leaving dir. */
static int
open_beneath(const char *dir, const char *rest)
{
  struct open_how how;
  int dfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
  long fd;

  if (dfd < 0)
    return -1;
  memset(&how, 0, sizeof how);
  how.flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  fd = syscall(SYS_openat2, dfd, rest[0] ? rest : ".", &how, sizeof how);
  if (fd < 0 && errno == ENOSYS)
    fd = walk_nofollow(dfd, rest);
  int saved = errno;
  close(dfd);
  errno = saved;
  return (int)fd;
}

static int
io_error(char *err, size_t errlen, const char *path, int e)
{
  snprintf(err, errlen, "read Shell script %s: %s (os error %d)", path, strerror(e), e);
  return -1;
}

int
script_source_read(const struct box_config *cfg, const char *path, char **src, size_t *len,
                   char *err, size_t errlen)
{
  char cwd[PATH_MAX], abs[PATH_MAX];
  struct stat st;
  const struct box_fs_entries *deny = &cfg->fs[BOX_FS_DENY];
  int fd = -1;

  *src = NULL;
  *len = 0;
  if (getcwd(cwd, sizeof cwd) == NULL)
    return io_error(err, errlen, path, errno);
  char *norm = box_path_normalize(cwd, path, strlen(path));
  if (norm == NULL)
    return io_error(err, errlen, path, ENOMEM);
  if (strlen(norm) >= sizeof abs) {
    free(norm);
    return io_error(err, errlen, path, ENAMETOOLONG);
  }
  strcpy(abs, norm);
  free(norm);
  for (size_t i = 0; i < deny->n; i++)
    if (below(deny->v[i].path, abs) != NULL)
      return io_error(err, errlen, path, EACCES);
  errno = EACCES;
  for (size_t i = 0; fd < 0 && i < cfg->fs[BOX_FS_READ_FILE].n; i++)
    if (strcmp(cfg->fs[BOX_FS_READ_FILE].v[i].path, abs) == 0)
      fd = open(abs, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW);
  for (size_t i = 0; fd < 0 && i < cfg->fs[BOX_FS_READ].n; i++) {
    const char *rest = below(cfg->fs[BOX_FS_READ].v[i].path, abs);
    if (rest != NULL)
      fd = open_beneath(cfg->fs[BOX_FS_READ].v[i].path, rest);
  }
  if (fd < 0)
    return io_error(err, errlen, path, errno == EXDEV || errno == ELOOP ? EACCES : errno);
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return io_error(err, errlen, path, e);
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return io_error(err, errlen, path, EISDIR);
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return io_error(err, errlen, path, EINVAL);
  }
  if ((unsigned long long)st.st_size > BOX_MAX_SCRIPT_BYTES) {
    close(fd);
    snprintf(err, errlen, "Shell script %s is %lld bytes; maximum is %u", path,
             (long long)st.st_size, BOX_MAX_SCRIPT_BYTES);
    return -1;
  }
  char *buf = malloc(BOX_MAX_SCRIPT_BYTES + 1);
  if (buf == NULL) {
    close(fd);
    return io_error(err, errlen, path, ENOMEM);
  }
  ssize_t n = box_read_full(fd, buf, BOX_MAX_SCRIPT_BYTES + 1);
  if (n < 0) {
    int e = errno;
    close(fd);
    free(buf);
    return io_error(err, errlen, path, e);
  }
  size_t got = (size_t)n;
  if (got > BOX_MAX_SCRIPT_BYTES) { /* it grew while we read it */
    close(fd);
    free(buf);
    snprintf(err, errlen, "Shell script %s is over %u bytes; maximum is %u", path,
             BOX_MAX_SCRIPT_BYTES, BOX_MAX_SCRIPT_BYTES);
    return -1;
  }
  close(fd);
  *src = buf;
  *len = got;
  return 0;
}
