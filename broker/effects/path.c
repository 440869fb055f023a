/* broker/effects/path.c -- the path pipeline of a file effect
 * (strands-box.md 2.7, sandbox.md 4): root a relative path at the
 * workspace, normalise it lexically, report it as "~/..." under the operator
 * home, apply the reach floor (outside every root, box state, the authority
 * sources this run loaded), and open the directory holding the leaf without
 * ever following a symlink: openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
 * RESOLVE_NO_MAGICLINKS) from the held root fd, or a component walk with
 * O_PATH | O_NOFOLLOW holding each directory when openat2 is unavailable. */
#define _GNU_SOURCE
#include "broker/effects/effects_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "common/pathnorm.h"

static char *xstrndup(const char *s, size_t n)
{
  char *p = strndup(s, n);
  if (p == NULL)
    abort();
  return p;
}

int fx_path_init(struct effects *e, const char *spelling, size_t len, int mutation,
                 struct fx_path *p)
{
  memset(p, 0, sizeof *p);
  p->spelling = spelling;
  p->spelling_len = len;
  struct fxbuf b = {0};
  p->abs = box_path_normalize(e->cfg->workspace, spelling, len);
  if (p->abs == NULL)
    abort();

  size_t alen = strlen(p->abs);
  if (e->home_len > 1 && box_path_under(p->abs, e->home, e->home_len)) {
    fxbuf_puts(&b, "~");
    fx_lossy_utf8(&b, p->abs + e->home_len, alen - e->home_len);
  } else {
    fx_lossy_utf8(&b, p->abs, alen);
  }
  p->report = fxbuf_take(&b);
  fx_lossy_utf8(&b, spelling, len);
  p->shown = fxbuf_take(&b);
  fx_py_repr(&b, spelling, len);
  p->repr = fxbuf_take(&b);

  /* The most specific root holding the path; a mutation needs the path
   * strictly below it (the root's own directory entry lives in its parent). */
  const struct fx_root *best = NULL;
  for (size_t i = 0; i < e->nroots; i++) {
    const struct fx_root *r = &e->roots[i];
    if (!box_path_under(p->abs, r->path, r->len))
      continue;
    if (mutation && p->abs[r->len == 1 ? 1 : r->len] == '\0')
      continue;
    if (best == NULL || r->len > best->len)
      best = r;
  }
  if (best == NULL) {
    for (size_t i = 0; i < e->nroots; i++)
      if (box_path_under(p->abs, e->roots[i].path, e->roots[i].len))
        best = &e->roots[i]; /* a mutation of a root itself */
  }
  p->root = best;
  if (best == NULL)
    return 0;
  p->rel = p->abs + best->len;
  while (*p->rel == '/')
    p->rel++;
  const char *slash = strrchr(p->rel, '/');
  if (*p->rel == '\0') {
    p->parent_rel = xstrndup("", 0);
    p->leaf = ".";
  } else if (slash == NULL) {
    p->parent_rel = xstrndup("", 0);
    p->leaf = p->rel;
  } else {
    p->parent_rel = xstrndup(p->rel, (size_t)(slash - p->rel));
    p->leaf = slash + 1;
  }
  return 0;
}

void fx_path_free(struct fx_path *p)
{
  free(p->abs);
  free(p->report);
  free(p->shown);
  free(p->repr);
  free(p->parent_rel);
  memset(p, 0, sizeof *p);
}

void fx_refuse(struct effects *e, const char *action, const struct fx_path *p,
                   const char *what, struct fx_reply *r)
{
  struct fxbuf b = {0}, rec = {0};
  fxbuf_printf(&b, "%s: %s", p->shown, what);
  fxbuf_printf(&rec, "%s: %s", p->report, what);
  fx_record_floor(e, action, p, rec.p);
  fx_reply_exc(r, "PermissionError", b.p);
  fxbuf_free(&b);
  fxbuf_free(&rec);
}

#define MSG_OUTSIDE "outside this box's home and every declared bind"
#define MSG_SYMLINK "resolves to a different path, so it is not the identity policy judged"
#define MSG_BOXDIR "resolves into trusted Box state, which no policy may open"
#define MSG_AUTHORITY \
  "resolves to an authority source that this run loaded, which no policy may open or change"

void fx_refuse_symlink(struct effects *e, const char *action, const struct fx_path *p,
                       struct fx_reply *r)
{
  fx_refuse(e, action, p, MSG_SYMLINK, r);
}

/* Which protected place the absolute path names (by string), or NULL. */
static const char *protected_by_name(const struct effects *e, const char *path, int mutation)
{
  size_t plen = strlen(path);
  if (e->box_dir && box_path_under(path, e->box_dir, strlen(e->box_dir)))
    return MSG_BOXDIR;
  if (e->box_dir_real && box_path_under(path, e->box_dir_real, strlen(e->box_dir_real)))
    return MSG_BOXDIR;
  for (size_t i = 0; i < e->nauthority; i++) {
    const char *names[2] = {e->authority[i], e->authority_real[i]};
    for (size_t k = 0; k < 2; k++) {
      const char *a = names[k];
      if (a == NULL)
        continue;
      if (strcmp(a, path) == 0 ||
          (mutation && strncmp(a, path, plen) == 0 && (plen == 1 || a[plen] == '/')))
        return MSG_AUTHORITY;
    }
  }
  return NULL;
}

int fx_floor_lexical(struct effects *e, const char *action, const struct fx_path *p, int mutation,
                     struct fx_reply *r)
{
  if (p->root == NULL) {
    fx_refuse(e, action, p, MSG_OUTSIDE, r);
    return -1;
  }
  /* Below a root no symlink is ever followed, so the canonical form of the
   * path is the root's canonical path plus rel: check both spellings. */
  struct fxbuf canon = {0};
  fxbuf_puts(&canon, p->root->real);
  if (*p->rel) {
    if (canon.n == 0 || canon.p[canon.n - 1] != '/')
      fxbuf_puts(&canon, "/");
    fxbuf_puts(&canon, p->rel);
  }
  const char *why = protected_by_name(e, p->abs, mutation);
  if (why == NULL)
    why = protected_by_name(e, canon.p, mutation);
  fxbuf_free(&canon);
  if (why != NULL) {
    fx_refuse(e, action, p, why, r);
    return -1;
  }
  return 0;
}

static int same_id(const struct stat *st, const struct fx_ident *id)
{
  return st->st_dev == id->dev && st->st_ino == id->ino;
}

int fx_floor_leaf(struct effects *e, const char *action, const struct fx_path *p, int parentfd,
                  int mutation, int allow_link, struct stat *st, int *exists, struct fx_reply *r)
{
  struct stat pst;
  if (parentfd == p->root->fd) { /* a held root: its identity is known */
    pst.st_dev = p->root->dev;
    pst.st_ino = p->root->ino;
  } else if (e->have_box_dir_id && fstat(parentfd, &pst) != 0) {
    pst.st_dev = 0;
    pst.st_ino = 0;
  }
  if (e->have_box_dir_id && same_id(&pst, &e->box_dir_id)) {
    fx_refuse(e, action, p, MSG_BOXDIR, r);
    return -1;
  }
  if (fstatat(parentfd, p->leaf, st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) {
      *exists = 0;
      return 0;
    }
    return -2;
  }
  *exists = 1;
  if (S_ISLNK(st->st_mode) && !allow_link) {
    fx_refuse(e, action, p, MSG_SYMLINK, r);
    return -1;
  }
  const char *why = fx_identity_refusal(e, st, mutation);
  if (why != NULL) {
    fx_refuse(e, action, p, why, r);
    return -1;
  }
  return 0;
}

const char *fx_identity_refusal(const struct effects *e, const struct stat *st, int mutation)
{
  if (e->have_box_dir_id && same_id(st, &e->box_dir_id))
    return MSG_BOXDIR;
  for (size_t i = 0; i < e->nlog_ids; i++) /* e.g. a hard link to the log */
    if (same_id(st, &e->log_ids[i]))
      return MSG_BOXDIR;
  for (size_t i = 0; i < e->nauthority; i++)
    if (e->have_authority_id[i] && same_id(st, &e->authority_id[i]))
      return MSG_AUTHORITY;
  if (mutation && S_ISDIR(st->st_mode))
    for (size_t i = 0; i < e->nauthority_dirs; i++)
      if (same_id(st, &e->authority_dirs[i]))
        return MSG_AUTHORITY;
  return NULL;
}

/* The fallback: one component at a time, each opened O_PATH|O_NOFOLLOW and
 * checked to be a directory (a symlink is refused with ELOOP), holding the
 * previous directory's fd, so a swap after a step cannot redirect it. */
static int walk_parent(int rootfd, const char *rel)
{
  int cur = openat(rootfd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (cur < 0)
    return -1;
  const char *s = rel;
  char comp[NAME_MAX + 1];
  while (*s) {
    const char *slash = strchr(s, '/');
    size_t n = slash ? (size_t)(slash - s) : strlen(s);
    if (n > NAME_MAX) {
      close(cur);
      errno = ENAMETOOLONG;
      return -1;
    }
    memcpy(comp, s, n);
    comp[n] = '\0';
    int next = openat(cur, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    int saved = errno;
    close(cur);
    if (next < 0) {
      errno = saved;
      return -1;
    }
    struct stat st;
    if (fstat(next, &st) != 0) {
      saved = errno;
      close(next);
      errno = saved;
      return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
      int why = S_ISLNK(st.st_mode) ? ELOOP : ENOTDIR;
      close(next);
      errno = why;
      return -1;
    }
    cur = next;
    s += n;
    while (*s == '/')
      s++;
  }
  return cur;
}

void fx_close_parent(const struct effects *e, int fd)
{
  for (size_t i = 0; i < e->nroots; i++)
    if (fd == e->roots[i].fd)
      return;
  if (fd >= 0)
    close(fd);
}

int fx_open_parent(struct effects *e, const struct fx_path *p)
{
  if (strlen(p->abs) >= PATH_MAX) {
    errno = ENAMETOOLONG;
    return -1;
  }
  /* The root itself: resolving "." beneath it can only give it again, so
   * the held fd is used as it is (two system calls fewer per operation). */
  if (*p->parent_rel == '\0')
    return p->root->fd;
  const char *rel = *p->parent_rel ? p->parent_rel : ".";
  if (!e->walk_only) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    for (int tries = 0; tries < 8; tries++) {
      long fd = syscall(SYS_openat2, p->root->fd, rel, &how, sizeof how);
      if (fd >= 0)
        return (int)fd;
      if (errno == EAGAIN)
        continue;
      if (errno == EXDEV)
        errno = ELOOP;
      if (errno == ENOSYS || errno == EPERM) {
        e->walk_only = 1;
        break;
      }
      return -1;
    }
    if (!e->walk_only) {
      errno = EAGAIN;
      return -1;
    }
  }
  return walk_parent(p->root->fd, *p->parent_rel ? p->parent_rel : "");
}
