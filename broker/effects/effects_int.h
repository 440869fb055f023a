/* broker/effects/effects_int.h -- what the files of broker/effects share:
 * the effects object, a resolved request path, and the reply helpers. */
#ifndef BOX_EFFECTS_INT_H
#define BOX_EFFECTS_INT_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <json-c/json.h>

#include "broker/effects/fxbuf.h"
#include "broker/effects/ops.h"

struct egress;

/* A directory the script may reach (operator home, agent HOME, workspace),
 * held open from the start. */
struct fx_root {
  char *path; /* absolute, as configured, no trailing slash */
  size_t len;
  int fd;     /* O_PATH | O_DIRECTORY */
  char *real; /* its canonical path (realpath at start) */
  dev_t dev;  /* the identity of fd (fixed for the fd's life) */
  ino_t ino;
};

/* A file identity (dev, ino) the reach floor protects. */
struct fx_ident {
  dev_t dev;
  ino_t ino;
};

struct fx_handle;
struct gate;

/* A permitted decision of the op being served, whose outcome goes to the
 * box's history when the op ends (gate_outcome). */
struct fx_pending {
  int64_t seq;
  const char *action;  /* static */
  json_object *input;
};
#define FX_MAX_PENDING 8

struct effects {
  const struct box_config *cfg;
  const struct policy *pol;
  struct gate *gate;   /* decides: the policy and, with temporal rules, the history */
  int own_gate;        /* gate_plain(pol), made by effects_new */
  struct fx_pending pending[FX_MAX_PENDING];
  size_t npending;
  struct decision_log *log;
  struct fx_root roots[3];
  size_t nroots;
  const char *home; /* operator home, for "~/" reporting */
  size_t home_len;
  const char *box_dir;
  struct fx_ident box_dir_id;
  int have_box_dir_id;
  struct fx_ident log_ids[16]; /* the decision log files, wherever linked */
  size_t nlog_ids;
  char *box_dir_real;        /* canonical box_dir, or NULL */
  const char *authority[2]; /* box.toml, policy file */
  char *authority_real[2];  /* their canonical paths, or NULL */
  struct fx_ident authority_id[2];
  int have_authority_id[2];
  size_t nauthority;
  struct fx_ident *authority_dirs; /* ancestors of the authority files */
  size_t nauthority_dirs;
  mode_t umask;
  int walk_only; /* openat2 unavailable (or forced off by a test) */
  int named_tmp; /* no O_TMPFILE for temporary files (a test) */
  unsigned long calls;
  struct fx_handle *handles[EFFECTS_MAX_HANDLES];
  unsigned next_handle;
  struct egress *egress;
};

/* One request path after rooting and lexical normalisation. */
struct fx_path {
  const char *spelling; /* as the script wrote it (bytes) */
  size_t spelling_len;
  char *abs;            /* absolute, normalised */
  char *report;         /* "~/..." under the operator home, else abs (lossy UTF-8) */
  char *shown;          /* spelling, lossy UTF-8, for messages */
  char *repr;           /* Python repr() of the spelling */
  const struct fx_root *root; /* NULL: outside every root */
  const char *rel;      /* abs below root ("" = the root itself) */
  char *parent_rel;     /* rel minus its last component ("" = root) */
  const char *leaf;     /* last component of rel, or "." for the root */
};

/* A request's reply under construction. */
struct fx_reply {
  json_object *resp;
  void *data;
  size_t len;
};

/* path.c */
int fx_path_init(struct effects *e, const char *spelling, size_t len, int mutation,
                 struct fx_path *p);
void fx_path_free(struct fx_path *p);
/* Lexical reach floor: 0 passes, -1 refused (reply filled, record written). */
int fx_floor_lexical(struct effects *e, const char *action, const struct fx_path *p, int mutation,
                     struct fx_reply *r);
/* Opens the directory holding p's leaf without following any symlink.
 * Returns the fd, or -1 with errno (ELOOP: a symlink on the way).  A leaf
 * directly in a root gets the held root fd itself (what openat2 of "."
 * would open again): release every such fd with fx_close_parent. */
int fx_open_parent(struct effects *e, const struct fx_path *p);
void fx_close_parent(const struct effects *e, int fd);
/* Identity floor on the leaf (lstat inside parentfd): 0 passes (*st valid
 * when *exists), -1 refused (reply filled, record written), -2 errno error.
 * allow_link: the leaf may be a symlink (is_symlink). */
int fx_floor_leaf(struct effects *e, const char *action, const struct fx_path *p, int parentfd,
                  int mutation, int allow_link, struct stat *st, int *exists, struct fx_reply *r);
/* Identity floor on an already-open file: the refusal text, or NULL. */
const char *fx_identity_refusal(const struct effects *e, const struct stat *st, int mutation);
/* Records a floor refusal and replies "PermissionError: <spelling>: <what>". */
void fx_refuse(struct effects *e, const char *action, const struct fx_path *p, const char *what,
               struct fx_reply *r);
/* The refusal texts of the floor. */
void fx_refuse_symlink(struct effects *e, const char *action, const struct fx_path *p,
                       struct fx_reply *r);

/* effects.c: decisions and replies */
/* One policy decision and its record.  0 permitted, -1 refused (reply set). */
int fx_decide_path(struct effects *e, const char *action, const char *operation,
                   const struct fx_path *p, struct fx_reply *r);
void fx_reply_exc(struct fx_reply *r, const char *exc, const char *msg);
/* OSError family reply: "[Errno N] <strerror>: <repr>" (" -> <repr2>"). */
void fx_reply_errno(struct fx_reply *r, int err, const struct fx_path *p,
                    const struct fx_path *p2);
void fx_record_floor(struct effects *e, const char *action, const struct fx_path *p,
                     const char *reason);

/* fsops.c */
int fx_op_read(struct effects *e, const struct fx_path *p, struct fx_reply *r);
int fx_op_write(struct effects *e, const struct fx_path *p, const char *mode, const void *data,
                size_t len, struct fx_reply *r);
int fx_op_stat(struct effects *e, const struct fx_path *p, const char *op, struct fx_reply *r);
int fx_op_listdir(struct effects *e, const struct fx_path *p, struct fx_reply *r);
int fx_op_mkdir(struct effects *e, const struct fx_path *p, int exist_ok, struct fx_reply *r);
int fx_op_remove(struct effects *e, const struct fx_path *p, int dir, struct fx_reply *r);
int fx_op_rename(struct effects *e, const struct fx_path *src, const struct fx_path *dst,
                 struct fx_reply *r);

/* handle.c */
int fx_op_open(struct effects *e, const struct fx_path *p, const char *mode, struct fx_reply *r);
/* These return -1 for a bad handle id (protocol violation). */
int fx_op_hread(struct effects *e, long h, long long n, struct fx_reply *r);
int fx_op_hwrite(struct effects *e, long h, const void *data, size_t len, struct fx_reply *r);
int fx_op_hseek(struct effects *e, long h, long long off, int whence, struct fx_reply *r);
int fx_op_close(struct effects *e, long h, struct fx_reply *r);
void fx_handles_free(struct effects *e);

/* Temporary-file helpers shared by fs.write and handles (fsops.c). */
/* Temporary files of writes in progress: unnamed (O_TMPFILE, name set to
 * ""), or where the filesystem lacks O_TMPFILE, FX_TMP_PREFIX + 16 hex
 * digits, hidden from listings.  Returns the fd or -1 (errno). */
#define FX_TMP_PREFIX ".box-tmp-"
int fx_tmp_create(const struct effects *e, int dirfd, char name[32]);
int fx_copy_fd(int from, int to);

#endif
