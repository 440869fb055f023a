/* broker/boxdir.c -- creates and checks the box directory and its private/
 * tree, and provides the short-held state lock (flock on private/.lock).
 * Several brokers may run on one box at once, so nothing holds the lock for
 * a whole run: each state write takes it and releases it. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/error_text.h"
#include "broker/boxdir.h"


/* Checks an open directory: ours, 0700-or-stricter. */
static int check_dir(int fd, const char *shown, char *err, size_t errlen) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return broker_error(err, errlen, "%s: cannot inspect (%s)", shown, strerror(errno));
  if (!S_ISDIR(st.st_mode))
    return broker_error(err, errlen, "%s: not a directory; Box keeps its state in a directory it owns", shown);
  if (st.st_uid != geteuid())
    return broker_error(err, errlen, "%s: owned by uid %u, not by this user (uid %u); Box uses only a directory it owns",
                shown, (unsigned)st.st_uid, (unsigned)geteuid());
  if (st.st_mode & 077)
    return broker_error(err, errlen, "%s: has mode %04o; Box needs 0700 (run: chmod 700 '%s')", shown,
                (unsigned)(st.st_mode & 07777), shown);
  return 0;
}

/* mkdir (0700) name under dirfd when missing, then open it without
 * following a symlink and check it.  Returns the fd or -1. */
static int make_subdir(int dirfd, const char *name, const char *shown, char *err, size_t errlen) {
  if (mkdirat(dirfd, name, 0700) != 0 && errno != EEXIST)
    return broker_error(err, errlen, "%s: cannot create (%s)", shown, strerror(errno));
  int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP || errno == ENOTDIR)
      return broker_error(err, errlen, "%s: is a symlink or not a directory; Box uses only a real directory it owns", shown);
    return broker_error(err, errlen, "%s: cannot open (%s)", shown, strerror(errno));
  }
  if (check_dir(fd, shown, err, errlen) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int boxdir_prepare(const char *box_dir, char *err, size_t errlen) {
  char shown[4200];
  if (box_dir == NULL || box_dir[0] != '/')
    return broker_error(err, errlen, "box_dir must be an absolute path");
  if (mkdir(box_dir, 0700) != 0 && errno != EEXIST) {
    if (errno == ENOENT)
      return broker_error(err, errlen,
                  "%s: the box directory's parent does not exist; create it, because Box creates no "
                  "directory above the one `box_dir` names",
                  box_dir);
    return broker_error(err, errlen, "%s: cannot create the box directory (%s)", box_dir, strerror(errno));
  }
  int bfd = open(box_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (bfd < 0) {
    if (errno == ELOOP || errno == ENOTDIR)
      return broker_error(err, errlen, "%s: is a symlink or not a directory; Box uses only a real directory it owns", box_dir);
    return broker_error(err, errlen, "%s: cannot open the box directory (%s)", box_dir, strerror(errno));
  }
  if (check_dir(bfd, box_dir, err, errlen) < 0) {
    close(bfd);
    return -1;
  }
  snprintf(shown, sizeof shown, "%s/private", box_dir);
  int pfd = make_subdir(bfd, "private", shown, err, errlen);
  close(bfd);
  if (pfd < 0)
    return -1;
  snprintf(shown, sizeof shown, "%s/private/telemetry", box_dir);
  int tfd = make_subdir(pfd, "telemetry", shown, err, errlen);
  close(pfd);
  if (tfd < 0)
    return -1;
  close(tfd);
  return 0;
}

int boxdir_lock_open(const char *box_dir, char *err, size_t errlen) {
  char path[4200];
  if (snprintf(path, sizeof path, "%s/private/.lock", box_dir) >= (int)sizeof path)
    return broker_error(err, errlen, "%s: path too long", box_dir);
  int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return broker_error(err, errlen, "%s: cannot open the state lock (%s)", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
    close(fd);
    return broker_error(err, errlen, "%s: not a regular file owned by this user; remove it", path);
  }
  return fd;
}

int boxdir_lock_acquire(int lock_fd) {
  while (flock(lock_fd, LOCK_EX) != 0)
    if (errno != EINTR)
      return -1;
  return 0;
}

void boxdir_lock_release(int lock_fd) {
  while (flock(lock_fd, LOCK_UN) != 0 && errno == EINTR)
    ;
}
