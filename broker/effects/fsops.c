/* broker/effects/fsops.c -- the one-shot file effects: read, write (w and
 * x: a temporary file put in place; a: O_APPEND on the file itself), stat
 * and its predicates, listdir, mkdir, unlink/rmdir and rename.  Each one:
 * policy decision -> reach floor -> act inside the directory fd
 * fx_open_parent() returned, on one leaf name, never following a symlink. */
#define _GNU_SOURCE
#include "common/fdio.h"
#include "broker/effects/effects_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "broker/effects/reach.h"

int fx_reach(struct effects *e, const char *action, const struct fx_path *p, int mutation,
             int allow_link, struct fx_reply *r, int *parentfd, struct stat *st, int *exists,
             int *err)
{
  *parentfd = -1;
  *err = 0;
  if (fx_floor_lexical(e, action, p, mutation, r) != 0)
    return REACH_REFUSED;
  int fd = fx_open_parent(e, p);
  if (fd < 0) {
    if (errno == ELOOP) {
      fx_refuse_symlink(e, action, p, r);
      return REACH_REFUSED;
    }
    *err = errno;
    return REACH_ERRNO;
  }
  int rc = fx_floor_leaf(e, action, p, fd, mutation, allow_link, st, exists, r);
  if (rc == -1) {
    fx_close_parent(e, fd);
    return REACH_REFUSED;
  }
  if (rc == -2) {
    *err = errno;
    fx_close_parent(e, fd);
    return REACH_ERRNO;
  }
  *parentfd = fd;
  return REACH_OK;
}

/* Decision, then reach; replies for every failure.  0 with *parentfd open,
 * or -1 (reply set). */
static int begin(struct effects *e, const char *action, const char *operation,
                 const struct fx_path *p, int mutation, struct fx_reply *r, int *parentfd,
                 struct stat *st, int *exists)
{
  int err;
  if (fx_decide_path(e, action, operation, p, r) != 0)
    return -1;
  switch (fx_reach(e, action, p, mutation, 0, r, parentfd, st, exists, &err)) {
  case REACH_OK: return 0;
  case REACH_ERRNO: fx_reply_errno(r, err, p, NULL); return -1;
  default: return -1;
  }
}

static void refuse_irregular(struct fx_reply *r, const struct fx_path *p)
{
  struct fxbuf b = {0};
  fxbuf_printf(&b, "%s: not a regular file or directory, which this box does not open", p->shown);
  fx_reply_exc(r, "PermissionError", b.p);
  fxbuf_free(&b);
}

/* Opens the leaf for reading, checking it is still the file lstat saw. */
int fx_open_leaf_read(struct effects *e, const char *action, const struct fx_path *p, int parentfd,
                      const struct stat *seen, struct fx_reply *r)
{
  int fd = openat(parentfd, p->leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ELOOP)
      fx_refuse_symlink(e, action, p, r);
    else
      fx_reply_errno(r, errno, p, NULL);
    return -1;
  }
  /* O_NOFOLLOW kept links out; the name may have been replaced since the
   * lstat (a concurrent atomic write), so judge what was opened. */
  struct stat st;
  if (fstat(fd, &st) != 0) {
    fx_reply_errno(r, errno, p, NULL);
    close(fd);
    return -1;
  }
  if (st.st_dev != seen->st_dev || st.st_ino != seen->st_ino) {
    const char *why = fx_identity_refusal(e, &st, 0);
    if (why != NULL || !S_ISREG(st.st_mode)) {
      close(fd);
      if (why != NULL)
        fx_refuse(e, action, p, why, r);
      else if (S_ISDIR(st.st_mode))
        fx_reply_errno(r, EISDIR, p, NULL);
      else
        refuse_irregular(r, p);
      return -1;
    }
  }
  return fd;
}

/* Opens (creating if missing) the leaf for appending with O_APPEND, so
 * every write lands at the end of the real file whatever other writers do.
 * Never follows a symlink; what was opened must be a regular file that is
 * not protected Box state. */
int fx_open_leaf_append(struct effects *e, const char *action, const struct fx_path *p,
                        int parentfd, int readable, struct fx_reply *r)
{
  int flags = (readable ? O_RDWR : O_WRONLY) | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
              O_CLOEXEC | O_NOCTTY;
  int fd = openat(parentfd, p->leaf, flags, 0666); /* the umask applies */
  if (fd < 0) {
    if (errno == ELOOP)
      fx_refuse_symlink(e, action, p, r);
    else
      fx_reply_errno(r, errno, p, NULL);
    return -1;
  }
  struct stat st;
  const char *why = NULL;
  if (fstat(fd, &st) != 0) {
    fx_reply_errno(r, errno, p, NULL);
  } else if ((why = fx_identity_refusal(e, &st, 1)) != NULL) {
    fx_refuse(e, action, p, why, r);
  } else if (!S_ISREG(st.st_mode)) {
    refuse_irregular(r, p);
  } else {
    return fd;
  }
  close(fd);
  return -1;
}

int fx_op_read(struct effects *e, const struct fx_path *p, struct fx_reply *r)
{
  int parentfd, exists;
  struct stat st;
  if (begin(e, "fs:read", "read_content", p, 0, r, &parentfd, &st, &exists) != 0)
    return 0;
  if (!exists) {
    fx_reply_errno(r, ENOENT, p, NULL);
  } else if (S_ISDIR(st.st_mode)) {
    fx_reply_errno(r, EISDIR, p, NULL);
  } else if (!S_ISREG(st.st_mode)) {
    refuse_irregular(r, p);
  } else {
    int fd = fx_open_leaf_read(e, "fs:read", p, parentfd, &st, r);
    if (fd >= 0) {
      char *data;
      if (box_read_all(fd, EFFECTS_MAX_FILE, &data, &r->len) != 0)
        fx_reply_errno(r, errno, p, NULL);
      else
        r->data = data;
      close(fd);
    }
  }
  fx_close_parent(e, parentfd);
  return 0;
}

/* Can a file be named through /proc/self/fd (linkat of an O_TMPFILE file
 * without CAP_DAC_READ_SEARCH)?  Checked once. */
static int proc_fd_usable(void)
{
  static int usable = -1;
  if (usable < 0)
    usable = access("/proc/self/fd", X_OK) == 0;
  return usable;
}

/* A fresh hidden name: FX_TMP_PREFIX + 16 hex digits. */
static int random_tmp_name(char name[32])
{
  unsigned char rnd[8];
  if (getrandom(rnd, sizeof rnd, 0) != sizeof rnd)
    return -1;
  snprintf(name, 32, FX_TMP_PREFIX "%02x%02x%02x%02x%02x%02x%02x%02x", rnd[0], rnd[1], rnd[2],
           rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
  return 0;
}

int fx_tmp_create(const struct effects *e, int dirfd, char name[32])
{
  /* An unnamed file first: if the broker is killed before the commit, the
   * kernel frees it and nothing is left in the directory. */
  name[0] = '\0';
  if (!e->named_tmp && proc_fd_usable()) {
    int fd = openat(dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0)
      return fd;
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
      return -1;
  }
  /* The filesystem has no O_TMPFILE: a hidden named file. */
  for (int tries = 0; tries < 16; tries++) {
    if (random_tmp_name(name) != 0)
      return -1;
    int fd = openat(dirfd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  errno = EEXIST;
  return -1;
}

/* Gives the unnamed file tmpfd the name `name` in dirfd (EEXIST if taken). */
static int link_unnamed(int tmpfd, int dirfd, const char *name)
{
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", tmpfd);
  return linkat(AT_FDCWD, proc, dirfd, name, AT_SYMLINK_FOLLOW);
}

int fx_copy_fd(int from, int to)
{
  char buf[65536];
  size_t total = 0;
  for (;;) {
    ssize_t k = read(from, buf, sizeof buf);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0)
      return -1;
    if (k == 0)
      return 0;
    total += (size_t)k;
    if (total > EFFECTS_MAX_FILE) {
      errno = EFBIG;
      return -1;
    }
    if (box_write_all(to, buf, (size_t)k) != 0)
      return -1;
  }
}

int fx_commit_tmp(int parentfd, const char *tmp, int tmpfd, const char *leaf, mode_t mode, int excl)
{
  if (fchmod(tmpfd, mode) != 0)
    return -1;
  if (tmp[0] != '\0') { /* a named temporary file */
    if (excl)
      return renameat2(parentfd, tmp, parentfd, leaf, RENAME_NOREPLACE);
    return renameat(parentfd, tmp, parentfd, leaf);
  }
  /* Unnamed: linked in place when the name is free (that is also exactly
   * what x needs), else linked under a hidden name and renamed over the
   * old file (a kill between those two calls leaves that name; the write
   * itself can no longer leave anything). */
  if (link_unnamed(tmpfd, parentfd, leaf) == 0)
    return 0;
  if (excl || errno != EEXIST)
    return -1;
  char name[32];
  for (int tries = 0;; tries++) {
    if (random_tmp_name(name) != 0)
      return -1;
    if (link_unnamed(tmpfd, parentfd, name) == 0)
      break;
    if (errno != EEXIST || tries == 15)
      return -1;
  }
  if (renameat(parentfd, name, parentfd, leaf) == 0)
    return 0;
  int saved = errno;
  unlinkat(parentfd, name, 0);
  errno = saved;
  return -1;
}

int fx_op_write(struct effects *e, const struct fx_path *p, const char *mode, const void *data,
                size_t len, struct fx_reply *r)
{
  int parentfd, exists;
  struct stat st;
  if (begin(e, "fs:write", "write_content", p, 1, r, &parentfd, &st, &exists) != 0)
    return 0;
  char tmp[32];
  int fd = -1, err = 0;
  if (exists && S_ISDIR(st.st_mode)) {
    err = EISDIR;
  } else if (exists && mode[0] == 'x') {
    err = EEXIST;
  } else if (exists && !S_ISREG(st.st_mode)) {
    refuse_irregular(r, p);
    goto out;
  } else if (mode[0] == 'a') {
    /* Appends go to the real file with O_APPEND (one write: concurrent
     * appenders never lose each other's data). */
    fd = fx_open_leaf_append(e, "fs:write", p, parentfd, 0, r);
    if (fd < 0)
      goto out;
    struct stat now;
    if (fstat(fd, &now) != 0)
      err = errno;
    else if ((unsigned long long)now.st_size + len > EFFECTS_MAX_FILE)
      err = EFBIG;
    else if (box_write_all(fd, data, len) != 0)
      err = errno;
    if (!err)
      json_object_object_add(r->resp, "n", json_object_new_int64((int64_t)len));
  } else if ((fd = fx_tmp_create(e, parentfd, tmp)) < 0) {
    err = errno;
  } else {
    if (box_write_all(fd, data, len) != 0)
      err = errno;
    mode_t fmode = exists ? (st.st_mode & 07777) : (0666 & ~e->umask);
    if (!err && fx_commit_tmp(parentfd, tmp, fd, p->leaf, fmode, mode[0] == 'x') != 0)
      err = errno;
    if (!err) {
      json_object_object_add(r->resp, "n", json_object_new_int64((int64_t)len));
      goto out;
    }
    if (tmp[0] != '\0')
      unlinkat(parentfd, tmp, 0);
  }
  if (err)
    fx_reply_errno(r, err, p, NULL);
out:
  if (fd >= 0)
    close(fd);
  fx_close_parent(e, parentfd);
  return 0;
}

static void add_time(json_object *o, const char *name, const struct timespec *ts)
{
  char key[32];
  json_object_object_add(o, name,
                         json_object_new_double((double)ts->tv_sec + (double)ts->tv_nsec / 1e9));
  snprintf(key, sizeof key, "%s_ns", name);
  json_object_object_add(o, key,
                         json_object_new_int64((int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec));
}

int fx_op_stat(struct effects *e, const struct fx_path *p, const char *op, struct fx_reply *r)
{
  int parentfd, exists, err;
  struct stat st;
  int predicate = strcmp(op, "stat") != 0, is_link = strcmp(op, "is_symlink") == 0;
  if (fx_decide_path(e, "fs:read", "read_metadata", p, r) != 0)
    return 0;
  int rc = fx_reach(e, "fs:read", p, 0, is_link, r, &parentfd, &st, &exists, &err);
  if (predicate) {
    int value = 0;
    if (rc == REACH_OK) {
      fx_close_parent(e, parentfd);
      if (exists) {
        if (strcmp(op, "exists") == 0)
          value = 1;
        else if (strcmp(op, "is_file") == 0)
          value = S_ISREG(st.st_mode);
        else if (strcmp(op, "is_dir") == 0)
          value = S_ISDIR(st.st_mode);
        else
          value = S_ISLNK(st.st_mode);
      }
    } else if (rc == REACH_ERRNO && err != ENOENT && err != ENOTDIR && err != ENAMETOOLONG) {
      fx_reply_errno(r, err, p, NULL);
      return 0;
    }
    /* Unreachable (refused by the floor, recorded) or missing: False. */
    json_object_put(r->resp);
    r->resp = json_object_new_object();
    json_object_object_add(r->resp, "value", json_object_new_boolean(value));
    return 0;
  }
  if (rc == REACH_ERRNO)
    fx_reply_errno(r, err, p, NULL);
  if (rc != REACH_OK)
    return 0;
  fx_close_parent(e, parentfd);
  if (!exists) {
    fx_reply_errno(r, ENOENT, p, NULL);
    return 0;
  }
  json_object *o = r->resp;
  json_object_object_add(o, "st_mode", json_object_new_int64(st.st_mode));
  json_object_object_add(o, "st_ino", json_object_new_int64((int64_t)st.st_ino));
  json_object_object_add(o, "st_dev", json_object_new_int64((int64_t)st.st_dev));
  json_object_object_add(o, "st_nlink", json_object_new_int(1));
  json_object_object_add(o, "st_uid", json_object_new_int(0));
  json_object_object_add(o, "st_gid", json_object_new_int(0));
  json_object_object_add(o, "st_size", json_object_new_int64(st.st_size));
  add_time(o, "st_atime", &st.st_atim);
  add_time(o, "st_mtime", &st.st_mtim);
  add_time(o, "st_ctime", &st.st_ctim);
  return 0;
}

static int cmp_names(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int fx_op_listdir(struct effects *e, const struct fx_path *p, struct fx_reply *r)
{
  int parentfd, exists;
  struct stat st;
  if (begin(e, "fs:read", "enumerate", p, 0, r, &parentfd, &st, &exists) != 0)
    return 0;
  if (!exists) {
    fx_reply_errno(r, ENOENT, p, NULL);
    fx_close_parent(e, parentfd);
    return 0;
  }
  if (!S_ISDIR(st.st_mode)) {
    fx_reply_errno(r, ENOTDIR, p, NULL);
    fx_close_parent(e, parentfd);
    return 0;
  }
  int fd = openat(parentfd, p->leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  fx_close_parent(e, parentfd);
  if (fd < 0) {
    if (errno == ELOOP || errno == ENOTDIR)
      fx_refuse_symlink(e, "fs:read", p, r);
    else
      fx_reply_errno(r, errno, p, NULL);
    return 0;
  }
  DIR *d = fdopendir(fd);
  if (d == NULL) {
    fx_reply_errno(r, errno, p, NULL);
    close(fd);
    return 0;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    /* the box's own temporary files (a write in progress) are not the
     * script's to see: a listing shows committed names only */
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
        strncmp(de->d_name, FX_TMP_PREFIX, sizeof FX_TMP_PREFIX - 1) == 0)
      continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      char **nn = realloc(names, cap * sizeof *nn);
      if (nn == NULL)
        abort();
      names = nn;
    }
    if ((names[n++] = strdup(de->d_name)) == NULL)
      abort();
  }
  closedir(d);
  if (n > 1)
    qsort(names, n, sizeof *names, cmp_names);
  struct fxbuf b = {0};
  for (size_t i = 0; i < n; i++) {
    fxbuf_put(&b, names[i], strlen(names[i]) + 1);
    free(names[i]);
  }
  free(names);
  r->len = b.n;
  r->data = b.n ? fxbuf_take(&b) : NULL;
  fxbuf_free(&b);
  json_object_object_add(r->resp, "count", json_object_new_int64((int64_t)n));
  return 0;
}

int fx_op_mkdir(struct effects *e, const struct fx_path *p, int exist_ok, struct fx_reply *r)
{
  int parentfd, exists;
  struct stat st;
  if (begin(e, "fs:write", "create_dir", p, 1, r, &parentfd, &st, &exists) != 0)
    return 0;
  if (exists) {
    if (!(exist_ok && S_ISDIR(st.st_mode)))
      fx_reply_errno(r, EEXIST, p, NULL);
  } else if (mkdirat(parentfd, p->leaf, 0777) != 0) {
    if (!(errno == EEXIST && exist_ok && fstatat(parentfd, p->leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
          S_ISDIR(st.st_mode)))
      fx_reply_errno(r, errno, p, NULL);
  }
  fx_close_parent(e, parentfd);
  return 0;
}

int fx_op_remove(struct effects *e, const struct fx_path *p, int dir, struct fx_reply *r)
{
  int parentfd, exists;
  struct stat st;
  if (begin(e, "fs:delete", dir ? "remove_dir" : "remove_file", p, 1, r, &parentfd, &st,
            &exists) != 0)
    return 0;
  if (!exists)
    fx_reply_errno(r, ENOENT, p, NULL);
  else if (strcmp(p->leaf, ".") == 0)
    fx_reply_errno(r, EACCES, p, NULL);
  else if (unlinkat(parentfd, p->leaf, dir ? AT_REMOVEDIR : 0) != 0)
    fx_reply_errno(r, errno, p, NULL);
  fx_close_parent(e, parentfd);
  return 0;
}

/* Does dst name something?  Judged by lstat without following any link; an
 * error other than "missing" counts as a file. */
static int dst_kind(struct effects *e, const struct fx_path *dst, int *is_dir)
{
  *is_dir = 0;
  if (dst->root == NULL)
    return 1;
  int fd = fx_open_parent(e, dst);
  if (fd < 0)
    return errno == ENOENT ? 0 : 1;
  struct stat st;
  int rc = fstatat(fd, dst->leaf, &st, AT_SYMLINK_NOFOLLOW);
  int saved = errno;
  fx_close_parent(e, fd);
  if (rc != 0)
    return saved == ENOENT ? 0 : 1;
  *is_dir = S_ISDIR(st.st_mode);
  return 1;
}

int fx_op_rename(struct effects *e, const struct fx_path *src, const struct fx_path *dst,
                 struct fx_reply *r)
{
  int is_dir;
  if (fx_decide_path(e, "fs:read", "read_content", src, r) != 0 ||
      fx_decide_path(e, "fs:move", "rename", src, r) != 0)
    return 0;
  if (dst_kind(e, dst, &is_dir) &&
      fx_decide_path(e, "fs:delete", is_dir ? "remove_dir" : "remove_file", dst, r) != 0)
    return 0;
  if (fx_decide_path(e, "fs:move", "rename", dst, r) != 0)
    return 0;

  int sfd, dfd, sexists, dexists, err;
  struct stat sst, dst_st;
  int rc = fx_reach(e, "fs:move", src, 1, 0, r, &sfd, &sst, &sexists, &err);
  if (rc == REACH_ERRNO)
    fx_reply_errno(r, err, src, dst);
  if (rc != REACH_OK)
    return 0;
  rc = fx_reach(e, "fs:move", dst, 1, 0, r, &dfd, &dst_st, &dexists, &err);
  if (rc == REACH_ERRNO)
    fx_reply_errno(r, err, src, dst);
  if (rc != REACH_OK) {
    fx_close_parent(e, sfd);
    return 0;
  }
  if (!sexists)
    fx_reply_errno(r, ENOENT, src, dst);
  else if (renameat(sfd, src->leaf, dfd, dst->leaf) != 0)
    fx_reply_errno(r, errno, src, dst);
  fx_close_parent(e, sfd);
  fx_close_parent(e, dfd);
  return 0;
}
