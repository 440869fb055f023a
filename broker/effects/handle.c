/* broker/effects/handle.c -- open() handles.  A read-only handle holds the
 * file opened at fs.open; an appending handle ("a", "a+") holds the file
 * itself opened with O_APPEND, so each write lands at its end whatever
 * other writers do; any other writing handle holds a private temporary file
 * in the same directory (unnamed with O_TMPFILE where the filesystem has
 * it) and that directory's fd, put in place at fs.close, so nothing
 * half-written is ever visible and a handle that is never closed (a killed
 * worker or broker) leaves the old content and no stray file.  Each
 * hread/hwrite is decided again with the action and operation of the open. */
#define _GNU_SOURCE
#include "common/fdio.h"
#include "broker/effects/effects_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "broker/effects/reach.h"

struct fx_handle {
  long id;
  int fd;        /* the file (read-only or appending) or the temporary file */
  int parentfd;  /* writing handles: the directory of the name */
  char tmp[32];  /* writing handles: the temporary name */
  int readable, writable, append, excl;
  int write_errno; /* a write failed: close keeps the old content */
  mode_t mode;   /* writing handles: mode of the file at close */
  struct fx_path path; /* copies; spelling unused */
};

static char *dup_s(const char *s)
{
  char *p = strdup(s);
  if (p == NULL)
    abort();
  return p;
}

static void handle_free(const struct effects *e, struct fx_handle *h)
{
  if (h->fd >= 0)
    close(h->fd);
  if (h->parentfd >= 0) {
    if (h->tmp[0])
      unlinkat(h->parentfd, h->tmp, 0);
    fx_close_parent(e, h->parentfd);
  }
  free(h->path.abs);
  free(h->path.report);
  free(h->path.shown);
  free(h->path.repr);
  free((char *)h->path.leaf);
  free(h);
}

void fx_handles_free(struct effects *e)
{
  for (size_t i = 0; i < EFFECTS_MAX_HANDLES; i++) {
    if (e->handles[i])
      handle_free(e, e->handles[i]);
    e->handles[i] = NULL;
  }
}

static struct fx_handle **find(struct effects *e, long id)
{
  for (size_t i = 0; i < EFFECTS_MAX_HANDLES; i++)
    if (e->handles[i] && e->handles[i]->id == id)
      return &e->handles[i];
  return NULL;
}

int fx_op_open(struct effects *e, const struct fx_path *p, const char *mode, struct fx_reply *r)
{
  int plus = strchr(mode, '+') != NULL;
  int readable = mode[0] == 'r' || plus, writable = mode[0] != 'r' || plus;
  const char *action = writable ? "fs:write" : "fs:read";
  const char *operation = writable ? "write_content" : "read_content";
  size_t slot;
  for (slot = 0; slot < EFFECTS_MAX_HANDLES; slot++)
    if (e->handles[slot] == NULL)
      break;
  if (fx_decide_path(e, action, operation, p, r) != 0)
    return 0;
  if (slot == EFFECTS_MAX_HANDLES) {
    fx_reply_errno(r, EMFILE, p, NULL);
    return 0;
  }
  int parentfd, exists, err;
  struct stat st;
  int rc = fx_reach(e, action, p, writable, 0, r, &parentfd, &st, &exists, &err);
  if (rc == REACH_ERRNO)
    fx_reply_errno(r, err, p, NULL);
  if (rc != REACH_OK)
    return 0;
  err = 0;
  if (!exists && mode[0] == 'r')
    err = ENOENT;
  else if (exists && S_ISDIR(st.st_mode))
    err = EISDIR;
  else if (exists && mode[0] == 'x')
    err = EEXIST;
  else if (exists && !S_ISREG(st.st_mode))
    err = EACCES;
  if (err) {
    fx_reply_errno(r, err, p, NULL);
    fx_close_parent(e, parentfd);
    return 0;
  }
  struct fx_handle *h = calloc(1, sizeof *h);
  if (h == NULL)
    abort();
  h->fd = h->parentfd = -1;
  h->readable = readable;
  h->writable = writable;
  h->append = mode[0] == 'a';
  h->excl = mode[0] == 'x';
  if (!writable) {
    h->fd = fx_open_leaf_read(e, action, p, parentfd, &st, r);
    fx_close_parent(e, parentfd);
    if (h->fd < 0) {
      handle_free(e, h);
      return 0;
    }
  } else if (h->append) {
    h->fd = fx_open_leaf_append(e, action, p, parentfd, readable, r);
    fx_close_parent(e, parentfd);
    if (h->fd < 0) {
      handle_free(e, h);
      return 0;
    }
    lseek(h->fd, 0, SEEK_END); /* like CPython: tell() starts at the end */
  } else {
    h->parentfd = parentfd;
    h->mode = exists ? (st.st_mode & 07777) : (0666 & ~e->umask);
    if ((h->fd = fx_tmp_create(e, parentfd, h->tmp)) < 0) {
      h->tmp[0] = '\0';
      fx_reply_errno(r, errno, p, NULL);
      handle_free(e, h);
      return 0;
    }
    if (exists && mode[0] == 'r') {
      int src = fx_open_leaf_read(e, action, p, parentfd, &st, r);
      if (src < 0) {
        handle_free(e, h);
        return 0;
      }
      rc = fx_copy_fd(src, h->fd);
      err = errno;
      close(src);
      if (rc != 0) {
        fx_reply_errno(r, err, p, NULL);
        handle_free(e, h);
        return 0;
      }
      lseek(h->fd, 0, SEEK_SET);
    }
  }
  h->path.abs = dup_s(p->abs);
  h->path.report = dup_s(p->report);
  h->path.shown = dup_s(p->shown);
  h->path.repr = dup_s(p->repr);
  h->path.leaf = dup_s(p->leaf);
  h->id = (long)++e->next_handle;
  e->handles[slot] = h;
  json_object_object_add(r->resp, "h", json_object_new_int64(h->id));
  return 0;
}

static void unsupported(struct fx_reply *r, const char *what)
{
  fx_reply_exc(r, "UnsupportedOperation", what);
}

static void add_pos(struct fx_handle *h, struct fx_reply *r)
{
  off_t pos = lseek(h->fd, 0, SEEK_CUR);
  json_object_object_add(r->resp, "pos", json_object_new_int64(pos < 0 ? 0 : (int64_t)pos));
}

int fx_op_hread(struct effects *e, long id, long long n, struct fx_reply *r)
{
  struct fx_handle **slot = find(e, id);
  if (slot == NULL)
    return -1;
  struct fx_handle *h = *slot;
  if (!h->readable) {
    unsupported(r, "not readable");
    return 0;
  }
  if (fx_decide_path(e, h->writable ? "fs:write" : "fs:read",
                     h->writable ? "write_content" : "read_content", &h->path, r) != 0)
    return 0;
  if (n < 0) {
    char *data;
    if (box_read_all(h->fd, EFFECTS_MAX_FILE, &data, &r->len) != 0)
      fx_reply_errno(r, errno, &h->path, NULL);
    else
      r->data = data;
  } else {
    size_t want = (unsigned long long)n > EFFECTS_MAX_FILE ? EFFECTS_MAX_FILE : (size_t)n;
    char *buf = malloc(want + 1);
    if (buf == NULL)
      abort();
    ssize_t k = box_read_full(h->fd, buf, want);
    if (k < 0) {
      fx_reply_errno(r, errno, &h->path, NULL);
      free(buf);
      return 0;
    }
    size_t got = (size_t)k;
    if (got == 0) {
      free(buf);
      buf = NULL;
    }
    r->data = buf;
    r->len = got;
  }
  add_pos(h, r);
  return 0;
}

int fx_op_hwrite(struct effects *e, long id, const void *data, size_t len, struct fx_reply *r)
{
  struct fx_handle **slot = find(e, id);
  if (slot == NULL)
    return -1;
  struct fx_handle *h = *slot;
  if (!h->writable) {
    unsupported(r, "not writable");
    return 0;
  }
  if (fx_decide_path(e, "fs:write", "write_content", &h->path, r) != 0)
    return 0;
  off_t pos = h->append ? lseek(h->fd, 0, SEEK_END) : lseek(h->fd, 0, SEEK_CUR);
  if (pos < 0 || (unsigned long long)pos + len > EFFECTS_MAX_FILE) {
    h->write_errno = EFBIG;
    fx_reply_errno(r, EFBIG, &h->path, NULL);
    return 0;
  }
  if (box_write_all(h->fd, data, len) != 0) {
    h->write_errno = errno;
    fx_reply_errno(r, errno, &h->path, NULL);
    return 0;
  }
  json_object_object_add(r->resp, "n", json_object_new_int64((int64_t)len));
  add_pos(h, r);
  return 0;
}

int fx_op_hseek(struct effects *e, long id, long long off, int whence, struct fx_reply *r)
{
  struct fx_handle **slot = find(e, id);
  if (slot == NULL)
    return -1;
  struct fx_handle *h = *slot;
  if (lseek(h->fd, (off_t)off, whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END) < 0) {
    fx_reply_errno(r, errno, NULL, NULL);
    return 0;
  }
  add_pos(h, r);
  return 0;
}

int fx_op_close(struct effects *e, long id, struct fx_reply *r)
{
  struct fx_handle **slot = find(e, id);
  if (slot == NULL)
    return -1;
  struct fx_handle *h = *slot;
  *slot = NULL;
  if (h->append) {
    /* every write is already in the file: nothing to put in place */
  } else if (h->writable && h->write_errno != 0) {
    /* part of the new content is missing: never put it in place; the
     * temporary file goes (handle_free) and the old content stays */
    fx_reply_errno(r, h->write_errno, &h->path, NULL);
  } else if (h->writable) {
    if (fx_commit_tmp(h->parentfd, h->tmp, h->fd, h->path.leaf, h->mode, h->excl) == 0)
      h->tmp[0] = '\0'; /* renamed into place: nothing to remove */
    else
      fx_reply_errno(r, errno, &h->path, NULL);
  }
  handle_free(e, h);
  return 0;
}
