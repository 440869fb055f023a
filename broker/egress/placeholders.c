/* broker/egress/placeholders.c -- makes, stores and reads the placeholders
 * that stand for a box's credentials (see placeholders.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/error_text.h"
#include "broker/egress/placeholders.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/boxdir.h"
#include "broker/config/config.h"
#include "common/fdio.h"

#define MAX_FILE_BYTES (1u << 20)


/* The variables a binding's agent is given. */
static size_t binding_variables(const struct box_egress *g, char vars[2][128])
{
  if (strncmp(g->secret_ref, "aws://", 6) == 0) {
    snprintf(vars[0], 128, "AWS_ACCESS_KEY_ID");
    snprintf(vars[1], 128, "AWS_SECRET_ACCESS_KEY");
    return 2;
  }
  snprintf(vars[0], 128, "%s", g->secret_ref + strcspn(g->secret_ref, ":") + 3);
  return 1;
}

static char *fresh_value(const char *prefix)
{
  unsigned char r[32];
  size_t got = 0;
  while (got < sizeof r) {
    ssize_t k = getrandom(r + got, sizeof r - got, 0);
    if (k < 0) {
      if (errno == EINTR)
        continue;
      return NULL;
    }
    got += (size_t)k;
  }
  size_t pl = strlen(prefix);
  char *v = malloc(pl + 65);
  if (v == NULL)
    abort();
  memcpy(v, prefix, pl);
  for (size_t i = 0; i < sizeof r; i++)
    snprintf(v + pl + 2 * i, 3, "%02x", r[i]);
  return v;
}

/* The stored file's text (NULL when there is none yet). */
static int read_file(const char *path, char **text, char *err, size_t errlen)
{
  *text = NULL;
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return 0;
    return broker_error(err, errlen, "%s: cannot read the placeholders (%s)", path, strerror(errno));
  }
  struct stat st;
  char *buf = NULL;
  size_t n = 0;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || box_read_all(fd, MAX_FILE_BYTES, &buf, &n) != 0) {
    close(fd);
    return broker_error(err, errlen, "%s: not a readable regular file of at most 1 MiB", path);
  }
  close(fd);
  *text = buf;
  return 0;
}

/* The stored value of (binding, variable) when it still has prefix. */
static char *stored_value(const char *text, const char *binding, const char *variable,
                          const char *prefix)
{
  size_t bl = strlen(binding), vl = strlen(variable), pl = strlen(prefix);
  for (const char *line = text; line != NULL && *line; line = strchr(line, '\n')) {
    if (*line == '\n')
      line++;
    const char *end = line + strcspn(line, "\n");
    if (strncmp(line, binding, bl) == 0 && line[bl] == '\t' &&
        strncmp(line + bl + 1, variable, vl) == 0 && line[bl + 1 + vl] == '\t') {
      const char *v = line + bl + vl + 2;
      size_t n = (size_t)(end - v);
      if (n == pl + 64 && strncmp(v, prefix, pl) == 0)
        return strndup(v, n);
    }
    if (*end == '\0')
      break;
    line = end;
  }
  return NULL;
}

static int write_file(const char *path, const struct egress_placeholders *p, char *err,
                      size_t errlen)
{
  char tmp[4300];
  snprintf(tmp, sizeof tmp, "%s.new", path);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return broker_error(err, errlen, "%s: cannot store the placeholders (%s)", tmp, strerror(errno));
  FILE *f = fdopen(fd, "w");
  if (f == NULL)
    abort();
  for (size_t i = 0; i < p->n; i++)
    fprintf(f, "%s\t%s\t%s\n", p->v[i].binding, p->v[i].variable, p->v[i].value);
  int bad = fflush(f) != 0 || fsync(fd) != 0;
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path) != 0) {
    unlink(tmp);
    return broker_error(err, errlen, "%s: cannot store the placeholders (%s)", path, strerror(errno));
  }
  return 0;
}

int egress_placeholders_load(const struct box_config *cfg, struct egress_placeholders *out,
                             char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  if (cfg->n_egress == 0)
    return 0;
  char path[4200];
  snprintf(path, sizeof path, "%s/private/egress-placeholders", cfg->box_dir);
  int lock = boxdir_lock_open(cfg->box_dir, err, errlen);
  if (lock < 0)
    return -1;
  if (boxdir_lock_acquire(lock) != 0) {
    close(lock);
    return broker_error(err, errlen, "%s: cannot take the box's state lock (%s)", cfg->box_dir,
                strerror(errno));
  }
  char *text = NULL;
  int rc = read_file(path, &text, err, errlen), changed = 0;
  out->v = calloc(2 * cfg->n_egress, sizeof *out->v);
  if (out->v == NULL)
    abort();
  for (size_t i = 0; rc == 0 && i < cfg->n_egress; i++) {
    const struct box_egress *g = &cfg->egress[i];
    char vars[2][128];
    size_t nv = binding_variables(g, vars);
    for (size_t k = 0; k < nv; k++) {
      struct egress_placeholder *e = &out->v[out->n++];
      e->binding = g->name;
      memcpy(e->variable, vars[k], sizeof e->variable);
      e->value = text ? stored_value(text, g->name, vars[k], g->secret_phantom_prefix) : NULL;
      if (e->value == NULL) {
        e->value = fresh_value(g->secret_phantom_prefix);
        changed = 1;
        if (e->value == NULL) {
          rc = broker_error(err, errlen, "cannot draw a placeholder (%s)", strerror(errno));
          break;
        }
      }
    }
  }
  if (rc == 0 && changed)
    rc = write_file(path, out, err, errlen);
  free(text);
  boxdir_lock_release(lock);
  close(lock);
  if (rc != 0)
    egress_placeholders_free(out);
  return rc;
}

void egress_placeholders_free(struct egress_placeholders *p)
{
  for (size_t i = 0; i < p->n; i++)
    free(p->v[i].value);
  free(p->v);
  p->v = NULL;
  p->n = 0;
}

const char *egress_placeholder_find(const struct egress_placeholders *p, const char *binding,
                                    const char *variable)
{
  for (size_t i = 0; i < p->n; i++)
    if (strcmp(p->v[i].binding, binding) == 0 && strcmp(p->v[i].variable, variable) == 0)
      return p->v[i].value;
  return NULL;
}

void egress_placeholders_print(const struct egress_placeholders *p, FILE *out)
{
  for (size_t i = 0; i < p->n; i++) {
    fprintf(out, "%s='", p->v[i].variable);
    for (const char *s = p->v[i].value; *s; s++) {
      if (*s == '\'')
        fputs("'\\''", out);
      else
        fputc(*s, out);
    }
    fputs("'\n", out);
  }
}
