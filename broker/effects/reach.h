/* broker/effects/reach.h -- helpers fsops.c shares with handle.c: the reach
 * step (floor + safe parent open + leaf floor) and file-content helpers. */
#ifndef BOX_EFFECTS_REACH_H
#define BOX_EFFECTS_REACH_H

#include "broker/effects/effects_int.h"

enum { REACH_OK = 0, REACH_REFUSED = 1, REACH_ERRNO = 2 };

/* Floor and parent open.  REACH_OK: *parentfd open, *st and *exists describe
 * the leaf.  REACH_REFUSED: reply filled and recorded.  REACH_ERRNO: *err. */
int fx_reach(struct effects *e, const char *action, const struct fx_path *p, int mutation,
             int allow_link, struct fx_reply *r, int *parentfd, struct stat *st, int *exists,
             int *err);
int fx_open_leaf_read(struct effects *e, const char *action, const struct fx_path *p, int parentfd,
                      const struct stat *seen, struct fx_reply *r);
/* Opens (or creates) the leaf with O_APPEND (O_RDWR when readable):
 * the fd, or -1 (reply set). */
int fx_open_leaf_append(struct effects *e, const char *action, const struct fx_path *p,
                        int parentfd, int readable, struct fx_reply *r);
/* fchmod(mode) then puts the temporary file (tmp, or unnamed when tmp is
 * "") at leaf, replacing what is there (excl: only if leaf is free). */
int fx_commit_tmp(int parentfd, const char *tmp, int tmpfd, const char *leaf, mode_t mode, int excl);

#endif
