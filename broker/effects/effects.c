/* broker/effects/effects.c -- the effects dispatcher: checks each request's
 * fields (a malformed request is a protocol violation), counts host calls,
 * and routes the op to the file effects (fsops.c, handle.c) or to fetch
 * (broker/egress).  Also the decision and reply helpers the ops share.  The
 * wire format is documented in ops.h. */
#define _GNU_SOURCE
#include "common/ascii.h"
#include "broker/effects/effects_int.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/effects/decide.h"
#include "broker/effects/gate.h"
#include "broker/egress/fetch.h"

/* ---- replies and decisions ---------------------------------------------- */

void fx_reply_exc(struct fx_reply *r, const char *exc, const char *msg)
{
  json_object_object_add(r->resp, "ok", json_object_new_boolean(0));
  json_object_object_add(r->resp, "exc", json_object_new_string(exc));
  json_object_object_add(r->resp, "msg", json_object_new_string(msg));
}

void fx_reply_errno(struct fx_reply *r, int err, const struct fx_path *p, const struct fx_path *p2)
{
  struct fxbuf b = {0};
  fxbuf_printf(&b, "[Errno %d] %s", err, strerror(err));
  if (p) {
    fxbuf_printf(&b, ": %s", p->repr);
    if (p2)
      fxbuf_printf(&b, " -> %s", p2->repr);
  }
  fx_reply_exc(r, fx_errno_exc(err), b.p);
  json_object_object_add(r->resp, "errno", json_object_new_int(err));
  if (p)
    json_object_object_add(r->resp, "filename", json_object_new_string(p->shown));
  if (p2)
    json_object_object_add(r->resp, "filename2", json_object_new_string(p2->shown));
  fxbuf_free(&b);
}

int fx_decide_path(struct effects *e, const char *action, const char *operation,
                   const struct fx_path *p, struct fx_reply *r)
{
  json_object *in = json_object_new_object();
  json_object_object_add(in, "path", json_object_new_string(p->report));
  json_object_object_add(in, "operation", json_object_new_string(operation));
  struct decision_record rec = {0};
  rec.action = action;
  rec.resource = p->report;
  rec.file_path = p->abs;
  char *denial = NULL;
  int64_t seq = 0;
  int v = box_decide(e->gate, e->log, action, in, &rec, p->shown, &denial, &seq);
  if (seq != 0 && e->npending < FX_MAX_PENDING) {
    e->pending[e->npending].seq = seq;
    e->pending[e->npending].action = action;
    e->pending[e->npending].input = in;
    e->npending++;
  } else {
    json_object_put(in);
  }
  if (v == BOX_DECIDE_PERMIT)
    return 0;
  fx_reply_exc(r, "PermissionError", denial);
  free(denial);
  return -1;
}

void fx_record_floor(struct effects *e, const char *action, const struct fx_path *p,
                     const char *reason)
{
  if (e->log == NULL)
    return;
  struct decision_record rec = {0};
  char err[512];
  rec.action = action;
  rec.resource = p->report;
  rec.verdict = "deny";
  rec.cause = "enforcement";
  rec.rule = "enforcement:reach-floor";
  rec.reason = reason;
  rec.file_path = p->abs;
  if (decision_log_append(e->log, &rec, err, sizeof err) != 0)
    fprintf(stderr, "%s\n", err);
}

/* The outcome of each permitted decision of the op just served, from its
 * reply (strands-box.md 2.7 step 5): done -> ::response completed (an
 * opened file: descriptor_issued); an I/O error while writing data -> may
 * have happened (indeterminate); any other failure -> ::error. */
static void settle(struct effects *e, int op_opens, int op_writes, json_object *resp)
{
  json_object *ok = NULL, *err = NULL;
  int done = resp != NULL && (!json_object_object_get_ex(resp, "ok", &ok) || json_object_get_boolean(ok));
  int eno = json_object_object_get_ex(resp, "errno", &err) ? json_object_get_int(err) : 0;
  enum gate_result res = GATE_FAILED;
  if (done)
    res = op_opens ? GATE_DESCRIPTOR_ISSUED : GATE_COMPLETED;
  else if (op_writes && (eno == EIO || eno == ENOSPC || eno == EDQUOT || eno == EFBIG))
    res = GATE_INDETERMINATE;
  for (size_t i = 0; i < e->npending; i++) {
    gate_outcome(e->gate, e->pending[i].seq, e->pending[i].action, e->pending[i].input, res, -1);
    json_object_put(e->pending[i].input);
  }
  e->npending = 0;
}

/* ---- lifetime ------------------------------------------------------------ */

static char *xstrdup(const char *s)
{
  char *p = strdup(s);
  if (p == NULL)
    abort();
  return p;
}

static int add_root(struct effects *e, const char *path, int required, char *err, size_t errlen)
{
  if (path == NULL || path[0] != '/')
    return required ? (snprintf(err, errlen, "effects: root \"%s\" is not absolute",
                                path ? path : "(none)"), -1) : 0;
  char *copy = xstrdup(path);
  size_t len = strlen(copy);
  while (len > 1 && copy[len - 1] == '/')
    copy[--len] = '\0';
  for (size_t i = 0; i < e->nroots; i++) {
    if (strcmp(e->roots[i].path, copy) == 0) {
      free(copy);
      return 0;
    }
  }
  int fd = open(copy, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    if (!required) {
      free(copy);
      return 0;
    }
    snprintf(err, errlen, "effects: cannot open %s: %s", copy, strerror(errno));
    free(copy);
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    snprintf(err, errlen, "effects: cannot stat %s: %s", copy, strerror(errno));
    close(fd);
    free(copy);
    return -1;
  }
  e->roots[e->nroots].dev = st.st_dev;
  e->roots[e->nroots].ino = st.st_ino;
  e->roots[e->nroots].real = realpath(copy, NULL);
  if (e->roots[e->nroots].real == NULL)
    e->roots[e->nroots].real = xstrdup(copy);
  e->roots[e->nroots].path = copy;
  e->roots[e->nroots].len = len;
  e->roots[e->nroots].fd = fd;
  e->nroots++;
  return 0;
}

static void add_authority(struct effects *e, const char *path)
{
  if (path == NULL)
    return;
  size_t i = e->nauthority++;
  e->authority[i] = path;
  e->authority_real[i] = realpath(path, NULL);
  struct stat st;
  if (stat(path, &st) == 0) {
    e->authority_id[i].dev = st.st_dev;
    e->authority_id[i].ino = st.st_ino;
    e->have_authority_id[i] = 1;
  }
  /* Every ancestor directory: a mutation of one would move the source. */
  char *dir = xstrdup(path);
  for (;;) {
    char *slash = strrchr(dir, '/');
    if (slash == NULL)
      break;
    if (slash == dir)
      slash[1] = '\0';
    else
      *slash = '\0';
    if (stat(dir, &st) == 0) {
      struct fx_ident *n = realloc(e->authority_dirs, (e->nauthority_dirs + 1) * sizeof *n);
      if (n == NULL)
        abort();
      e->authority_dirs = n;
      n[e->nauthority_dirs].dev = st.st_dev;
      n[e->nauthority_dirs].ino = st.st_ino;
      e->nauthority_dirs++;
    }
    if (strcmp(dir, "/") == 0)
      break;
  }
  free(dir);
}

static int openat2_works(int dirfd)
{
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  long fd = syscall(SYS_openat2, dirfd, ".", &how, sizeof how);
  if (fd < 0)
    return 0;
  close((int)fd);
  return 1;
}

struct effects *effects_new(const struct box_config *cfg, const struct policy *pol,
                            struct decision_log *log, char *err, size_t errlen)
{
  struct effects *e = calloc(1, sizeof *e);
  if (e == NULL)
    abort();
  e->cfg = cfg;
  e->pol = pol;
  e->gate = gate_plain(pol);
  e->own_gate = 1;
  e->log = log;
  if (add_root(e, cfg->workspace, 1, err, errlen) != 0 ||
      add_root(e, cfg->operator_home, 0, err, errlen) != 0 ||
      add_root(e, cfg->agent_home, 0, err, errlen) != 0) {
    effects_free(e);
    return NULL;
  }
  e->home = cfg->operator_home ? cfg->operator_home : "";
  e->home_len = strlen(e->home);
  while (e->home_len > 1 && e->home[e->home_len - 1] == '/')
    e->home_len--;
  e->box_dir = cfg->box_dir;
  e->box_dir_real = e->box_dir ? realpath(e->box_dir, NULL) : NULL;
  struct stat st;
  if (e->box_dir && stat(e->box_dir, &st) == 0) {
    e->box_dir_id.dev = st.st_dev;
    e->box_dir_id.ino = st.st_ino;
    e->have_box_dir_id = 1;
  }
  if (log != NULL) {
    dev_t dev[16];
    ino_t ino[16];
    size_t n = decision_log_identities(log, dev, ino, 16);
    for (size_t i = 0; i < n && i < 16; i++) {
      e->log_ids[i].dev = dev[i];
      e->log_ids[i].ino = ino[i];
    }
    e->nlog_ids = n < 16 ? n : 16;
  }
  add_authority(e, cfg->path);
  add_authority(e, cfg->policy_path);
  mode_t m = umask(0);
  umask(m);
  e->umask = m;
  e->walk_only = !openat2_works(e->roots[0].fd);
  e->egress = egress_new(pol, log);
  return e;
}

int effects_add_resolve(struct effects *e, const char *spec, char *err, size_t errlen)
{
  return egress_add_resolve(e->egress, spec, err, errlen);
}

struct egress *effects_egress(struct effects *e) { return e->egress; }

void effects_set_gate(struct effects *e, struct gate *gate)
{
  if (e->own_gate)
    gate_close(e->gate);
  e->gate = gate;
  e->own_gate = 0;
  egress_set_gate(e->egress, gate);
}

void effects_force_component_walk(struct effects *e, int on)
{
  e->walk_only = on ? 1 : !openat2_works(e->roots[0].fd);
}

void effects_force_named_tmp(struct effects *e, int on) { e->named_tmp = on; }

unsigned long effects_calls(const struct effects *e) { return e->calls; }

void effects_free(struct effects *e)
{
  if (e == NULL)
    return;
  fx_handles_free(e);
  for (size_t i = 0; i < e->npending; i++)
    json_object_put(e->pending[i].input);
  if (e->own_gate)
    gate_close(e->gate);
  for (size_t i = 0; i < e->nroots; i++) {
    close(e->roots[i].fd);
    free(e->roots[i].path);
    free(e->roots[i].real);
  }
  free(e->box_dir_real);
  for (size_t i = 0; i < e->nauthority; i++)
    free(e->authority_real[i]);
  free(e->authority_dirs);
  egress_free(e->egress);
  free(e);
}

/* ---- request fields ------------------------------------------------------ */

struct req_ctx {
  json_object *req;
  char *err;
  size_t errlen;
  const char *op;
};

static int violation(struct req_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int violation(struct req_ctx *c, const char *fmt, ...)
{
  va_list ap;
  int n = snprintf(c->err, c->errlen, "%s: ", c->op);
  if (n < 0 || (size_t)n >= c->errlen)
    return -1;
  va_start(ap, fmt);
  vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
  va_end(ap);
  return -1;
}

static json_object *field(struct req_ctx *c, const char *name)
{
  json_object *v = NULL;
  json_object_object_get_ex(c->req, name, &v);
  return v;
}

/* A <path> field: a string, or {"hex": "..."}.  *out is malloc'ed. */
static int get_path(struct req_ctx *c, const char *name, char **out, size_t *len)
{
  json_object *v = field(c, name), *hex;
  if (v && json_object_is_type(v, json_type_string)) {
    size_t n = (size_t)json_object_get_string_len(v);
    const char *s = json_object_get_string(v);
    if (n > EFFECTS_MAX_PATH)
      return violation(c, "\"%s\" is %zu bytes; the limit is %u", name, n, EFFECTS_MAX_PATH);
    if (memchr(s, '\0', n))
      return violation(c, "\"%s\" holds a NUL byte", name);
    *out = strndup(s, n);
    *len = n;
  } else if (v && json_object_is_type(v, json_type_object) &&
             json_object_object_get_ex(v, "hex", &hex) && json_object_object_length(v) == 1 &&
             json_object_is_type(hex, json_type_string)) {
    size_t n = (size_t)json_object_get_string_len(hex);
    const char *s = json_object_get_string(hex);
    if (n % 2 || n / 2 > EFFECTS_MAX_PATH)
      return violation(c, "\"%s\" hex has a bad length", name);
    char *p = malloc(n / 2 + 1);
    if (p == NULL)
      abort();
    for (size_t i = 0; i < n / 2; i++) {
      int hi = box_hex_value(s[2 * i]), lo = box_hex_value(s[2 * i + 1]);
      if (hi < 0 || lo < 0 || (hi | lo) == 0) {
        free(p);
        return violation(c, "\"%s\" hex is not valid (or names a NUL byte)", name);
      }
      p[i] = (char)(hi << 4 | lo);
    }
    p[n / 2] = '\0';
    *out = p;
    *len = n / 2;
  } else {
    return violation(c, "\"%s\" must be a string or {\"hex\": str}", name);
  }
  if (*out == NULL)
    abort();
  return 0;
}

static int get_string(struct req_ctx *c, const char *name, int required, const char **out)
{
  json_object *v = field(c, name);
  *out = NULL;
  if (v == NULL && !required)
    return 0;
  if (v == NULL || !json_object_is_type(v, json_type_string))
    return violation(c, "\"%s\" must be a string", name);
  if (strlen(json_object_get_string(v)) != (size_t)json_object_get_string_len(v))
    return violation(c, "\"%s\" holds a NUL byte", name);
  *out = json_object_get_string(v);
  return 0;
}

static int get_int(struct req_ctx *c, const char *name, int required, long long dflt,
                   long long *out)
{
  json_object *v = field(c, name);
  *out = dflt;
  if (v == NULL && !required)
    return 0;
  if (v == NULL || !json_object_is_type(v, json_type_int))
    return violation(c, "\"%s\" must be an integer", name);
  errno = 0;
  *out = json_object_get_int64(v);
  if (errno != 0)
    return violation(c, "\"%s\" is out of range", name);
  return 0;
}

static int get_bool(struct req_ctx *c, const char *name, int *out)
{
  json_object *v = field(c, name);
  *out = 0;
  if (v == NULL)
    return 0;
  if (!json_object_is_type(v, json_type_boolean))
    return violation(c, "\"%s\" must be a boolean", name);
  *out = json_object_get_boolean(v);
  return 0;
}

/* ---- ops ----------------------------------------------------------------- */

enum op_kind {
  OP_READ, OP_WRITE, OP_STAT, OP_EXISTS, OP_IS_FILE, OP_IS_DIR, OP_IS_SYMLINK, OP_LISTDIR,
  OP_MKDIR, OP_UNLINK, OP_RMDIR, OP_RENAME, OP_REPLACE, OP_OPEN, OP_HREAD, OP_HWRITE, OP_HSEEK,
  OP_CLOSE, OP_FETCH, OP_GETCWD
};

static const struct {
  const char *name;
  enum op_kind kind;
  int mutation; /* for root selection and the authority-ancestor floor */
} op_table[] = {
  {"fs.read", OP_READ, 0},       {"fs.write", OP_WRITE, 1},       {"fs.stat", OP_STAT, 0},
  {"fs.exists", OP_EXISTS, 0},   {"fs.is_file", OP_IS_FILE, 0},   {"fs.is_dir", OP_IS_DIR, 0},
  {"fs.is_symlink", OP_IS_SYMLINK, 0}, {"fs.listdir", OP_LISTDIR, 0}, {"fs.mkdir", OP_MKDIR, 1},
  {"fs.unlink", OP_UNLINK, 1},   {"fs.rmdir", OP_RMDIR, 1},       {"fs.rename", OP_RENAME, 1},
  {"fs.replace", OP_REPLACE, 1}, {"fs.open", OP_OPEN, 0},         {"fs.hread", OP_HREAD, 0},
  {"fs.hwrite", OP_HWRITE, 0},   {"fs.hseek", OP_HSEEK, 0},       {"fs.close", OP_CLOSE, 0},
  {"fetch", OP_FETCH, 0},        {"getcwd", OP_GETCWD, 0},
};

static const char *const open_modes[] = {"r", "w", "a", "x", "r+", "w+", "a+", "x+"};

static int serve_fetch(struct effects *e, struct req_ctx *c, const void *data, size_t len,
                       struct fx_reply *r)
{
  struct egress_request er = {0};
  if (get_string(c, "url", 1, &er.url) != 0 || get_string(c, "method", 0, &er.method) != 0)
    return -1;
  json_object *h = field(c, "headers");
  const char **names = NULL, **values = NULL;
  if (h && !json_object_is_type(h, json_type_null)) {
    if (!json_object_is_type(h, json_type_object))
      return violation(c, "\"headers\" must be an object of strings");
    size_t n = (size_t)json_object_object_length(h), i = 0;
    names = calloc(n + 1, sizeof *names);
    values = calloc(n + 1, sizeof *values);
    if (names == NULL || values == NULL)
      abort();
    json_object_object_foreach(h, k, v) {
      if (!json_object_is_type(v, json_type_string)) {
        free(names);
        free(values);
        return violation(c, "header \"%s\" must be a string", k);
      }
      names[i] = k;
      values[i] = json_object_get_string(v);
      i++;
    }
    er.nheaders = i;
  }
  er.hnames = names;
  er.hvalues = values;
  int has_body = 0;
  if (get_bool(c, "body", &has_body) != 0) {
    free(names);
    free(values);
    return -1;
  }
  if (has_body || len > 0) {
    er.body = data ? data : "";
    er.body_len = len;
  }
  egress_fetch(e->egress, &er, r->resp, &r->data, &r->len);
  free(names);
  free(values);
  return 0;
}

static int serve_path_op(struct effects *e, struct req_ctx *c, enum op_kind kind, int mutation,
                         const void *data, size_t len, struct fx_reply *r)
{
  char *s = NULL, *s2 = NULL;
  size_t n = 0, n2 = 0;
  const char *mode = NULL;
  int flag = 0, rc = 0;
  if (get_path(c, kind == OP_RENAME || kind == OP_REPLACE ? "src" : "path", &s, &n) != 0)
    return -1;
  if (kind == OP_RENAME || kind == OP_REPLACE) {
    if (get_path(c, "dst", &s2, &n2) != 0) {
      free(s);
      return -1;
    }
  }
  if (kind == OP_WRITE) {
    if (get_string(c, "mode", 0, &mode) != 0)
      goto bad;
    if (mode == NULL)
      mode = "w";
    if (strcmp(mode, "w") && strcmp(mode, "a") && strcmp(mode, "x")) {
      violation(c, "unknown mode \"%s\"", mode);
      goto bad;
    }
  }
  if (kind == OP_OPEN) {
    if (get_string(c, "mode", 1, &mode) != 0)
      goto bad;
    size_t i;
    for (i = 0; i < sizeof open_modes / sizeof *open_modes; i++)
      if (strcmp(mode, open_modes[i]) == 0)
        break;
    if (i == sizeof open_modes / sizeof *open_modes) {
      violation(c, "unknown mode \"%s\"", mode);
      goto bad;
    }
  }
  if (kind == OP_MKDIR && get_bool(c, "exist_ok", &flag) != 0)
    goto bad;

  struct fx_path p, p2;
  fx_path_init(e, s, n, mutation, &p);
  switch (kind) {
  case OP_READ: rc = fx_op_read(e, &p, r); break;
  case OP_WRITE: rc = fx_op_write(e, &p, mode, data, len, r); break;
  case OP_STAT: rc = fx_op_stat(e, &p, "stat", r); break;
  case OP_EXISTS: rc = fx_op_stat(e, &p, "exists", r); break;
  case OP_IS_FILE: rc = fx_op_stat(e, &p, "is_file", r); break;
  case OP_IS_DIR: rc = fx_op_stat(e, &p, "is_dir", r); break;
  case OP_IS_SYMLINK: rc = fx_op_stat(e, &p, "is_symlink", r); break;
  case OP_LISTDIR: rc = fx_op_listdir(e, &p, r); break;
  case OP_MKDIR: rc = fx_op_mkdir(e, &p, flag, r); break;
  case OP_UNLINK: rc = fx_op_remove(e, &p, 0, r); break;
  case OP_RMDIR: rc = fx_op_remove(e, &p, 1, r); break;
  case OP_RENAME:
  case OP_REPLACE:
    fx_path_init(e, s2, n2, 1, &p2);
    rc = fx_op_rename(e, &p, &p2, r);
    fx_path_free(&p2);
    break;
  case OP_OPEN: rc = fx_op_open(e, &p, mode, r); break;
  default: break;
  }
  fx_path_free(&p);
  free(s);
  free(s2);
  return rc;
bad:
  free(s);
  free(s2);
  return -1;
}

static int serve(struct effects *e, struct req_ctx *c, enum op_kind kind, int mutation,
                 const void *data, size_t len, struct fx_reply *r)
{
  long long h, n, whence;
  switch (kind) {
  case OP_GETCWD:
    json_object_object_add(r->resp, "cwd", json_object_new_string(e->cfg->workspace));
    return 0;
  case OP_FETCH:
    return serve_fetch(e, c, data, len, r);
  case OP_HREAD:
    if (get_int(c, "h", 1, 0, &h) != 0 || get_int(c, "n", 0, -1, &n) != 0)
      return -1;
    if (n < -1)
      return violation(c, "\"n\" must be -1 or more");
    if (fx_op_hread(e, (long)h, n, r) != 0)
      return violation(c, "no open handle %lld", h);
    return 0;
  case OP_HWRITE:
    if (get_int(c, "h", 1, 0, &h) != 0)
      return -1;
    if (fx_op_hwrite(e, (long)h, data, len, r) != 0)
      return violation(c, "no open handle %lld", h);
    return 0;
  case OP_HSEEK:
    if (get_int(c, "h", 1, 0, &h) != 0 || get_int(c, "offset", 1, 0, &n) != 0 ||
        get_int(c, "whence", 0, 0, &whence) != 0)
      return -1;
    if (whence < 0 || whence > 2)
      return violation(c, "\"whence\" must be 0, 1 or 2");
    if (fx_op_hseek(e, (long)h, n, (int)whence, r) != 0)
      return violation(c, "no open handle %lld", h);
    return 0;
  case OP_CLOSE:
    if (get_int(c, "h", 1, 0, &h) != 0)
      return -1;
    if (fx_op_close(e, (long)h, r) != 0)
      return violation(c, "no open handle %lld", h);
    return 0;
  default:
    return serve_path_op(e, c, kind, mutation, data, len, r);
  }
}

int effects_dispatch(struct effects *e, json_object *req, const void *data, size_t len,
                     json_object **resp, void **rdata, size_t *rlen, char *err, size_t errlen)
{
  *resp = NULL;
  *rdata = NULL;
  *rlen = 0;
  struct req_ctx c = {req, err, errlen, "request"};
  json_object *opv = NULL;
  if (req == NULL || !json_object_is_type(req, json_type_object) ||
      !json_object_object_get_ex(req, "op", &opv) || !json_object_is_type(opv, json_type_string))
    return violation(&c, "no string \"op\"");
  const char *op = json_object_get_string(opv);
  size_t i;
  for (i = 0; i < sizeof op_table / sizeof *op_table; i++)
    if (strcmp(op, op_table[i].name) == 0)
      break;
  if (i == sizeof op_table / sizeof *op_table) {
    snprintf(err, errlen, "unknown op \"%.64s\"", op);
    return EFFECTS_VIOLATION;
  }
  c.op = op_table[i].name;
  struct fx_reply r = {json_object_new_object(), NULL, 0};
  if (e->calls >= EFFECTS_MAX_CALLS) {
    e->calls = EFFECTS_MAX_CALLS + 1;
    json_object_object_add(r.resp, "fatal", json_object_new_boolean(1));
    fx_reply_exc(&r, "RuntimeError", "script exceeded its limit of 10000 host calls");
    *resp = r.resp;
    return EFFECTS_FATAL;
  }
  enum op_kind kind = op_table[i].kind;
  if (serve(e, &c, kind, op_table[i].mutation, data, len, &r) != 0) {
    settle(e, 0, 0, NULL);
    json_object_put(r.resp);
    free(r.data);
    return EFFECTS_VIOLATION;
  }
  if (e->npending)
    settle(e, kind == OP_OPEN, kind == OP_WRITE || kind == OP_HWRITE || kind == OP_CLOSE, r.resp);
  e->calls++;
  if (!json_object_object_get_ex(r.resp, "ok", NULL))
    json_object_object_add(r.resp, "ok", json_object_new_boolean(1));
  *resp = r.resp;
  *rdata = r.data;
  *rlen = r.len;
  return EFFECTS_OK;
}
