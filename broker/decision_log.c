/* broker/decision_log.c -- appends decision records (OTLP-JSON log lines)
 * to the box's telemetry files under the short-held box lock.  See
 * decision_log.h for the format and the guarantees. */
#include <config.h> /* autoconf; "config.h" here would be broker/config.h */

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "broker/boxdir.h"
#include "broker/config.h"
#include "broker/decision_log.h"

#define MAX_TARGETS 16
#define ATTR_MAX 4096 /* bytes per attribute value, like the product */
#define PRINCIPAL "Box::Agent::\"self\""

struct log_target {
  char *path;
  unsigned include;
  int fd;
};

struct decision_log {
  char *box_name;
  char run_id[33];
  int lock_fd;
  struct log_target targets[MAX_TARGETS];
  size_t n_targets;
};

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...) {
  int n = snprintf(err, errlen, "box-broker: error: ");
  if (n >= 0 && (size_t)n < errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int random_hex(char *out, size_t nbytes) {
  unsigned char b[32];
  size_t got = 0;
  if (nbytes > sizeof b)
    return -1;
  while (got < nbytes) {
    ssize_t r = getrandom(b + got, nbytes - got, 0);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    got += (size_t)r;
  }
  for (size_t i = 0; i < nbytes; i++)
    snprintf(out + 2 * i, 3, "%02x", b[i]);
  return 0;
}

void decision_log_close(struct decision_log *log) {
  if (log == NULL)
    return;
  for (size_t i = 0; i < log->n_targets; i++) {
    if (log->targets[i].fd >= 0)
      close(log->targets[i].fd);
    free(log->targets[i].path);
  }
  if (log->lock_fd >= 0)
    close(log->lock_fd);
  free(log->box_name);
  free(log);
}

static int open_target(struct decision_log *log, const char *path, unsigned include, char *err,
                       size_t errlen) {
  struct log_target *t = &log->targets[log->n_targets];
  t->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (t->fd < 0)
    return fail(err, errlen, "%s: cannot open the decision log (%s)", path, strerror(errno));
  struct stat st;
  if (fstat(t->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(t->fd);
    return fail(err, errlen, "%s: the decision log is not a regular file", path);
  }
  t->path = strdup(path);
  t->include = include;
  if (t->path == NULL) {
    close(t->fd);
    return fail(err, errlen, "out of memory");
  }
  log->n_targets++;
  return 0;
}

struct decision_log *decision_log_open_targets(const char *box_dir, const char *box_name,
                                               const char *run_id,
                                               const struct decision_log_target *targets, size_t n,
                                               char *err, size_t errlen) {
  struct decision_log *log = calloc(1, sizeof *log);
  if (log == NULL) {
    fail(err, errlen, "out of memory");
    return NULL;
  }
  log->lock_fd = -1;
  log->box_name = strdup(box_name ? box_name : "");
  if (log->box_name == NULL) {
    fail(err, errlen, "out of memory");
    goto bad;
  }
  if (run_id != NULL)
    snprintf(log->run_id, sizeof log->run_id, "%s", run_id);
  else if (random_hex(log->run_id, 16) < 0) {
    fail(err, errlen, "cannot draw a run id (%s)", strerror(errno));
    goto bad;
  }
  if (n > MAX_TARGETS) {
    fail(err, errlen, "too many telemetry targets (at most %d)", MAX_TARGETS);
    goto bad;
  }
  if ((log->lock_fd = boxdir_lock_open(box_dir, err, errlen)) < 0)
    goto bad;
  if (n == 0) {
    char path[4200];
    snprintf(path, sizeof path, "%s/private/telemetry/records.jsonl", box_dir);
    if (open_target(log, path, BOX_TELEMETRY_ALL, err, errlen) < 0)
      goto bad;
  }
  for (size_t i = 0; i < n; i++)
    if (open_target(log, targets[i].path, targets[i].include, err, errlen) < 0)
      goto bad;
  return log;
bad:
  decision_log_close(log);
  return NULL;
}

struct decision_log *decision_log_open(const struct box_config *cfg, const char *run_id, char *err,
                                       size_t errlen) {
  struct decision_log_target t[MAX_TARGETS];
  size_t n = 0;
  for (size_t i = 0; i < cfg->n_telemetry; i++) {
    const struct box_telemetry *tel = &cfg->telemetry[i];
    if (strcmp(tel->kind, "file") != 0) {
      fprintf(stderr, "box-broker: note: [telemetry.%s] kind = \"%s\" is accepted and ignored: this broker writes files only\n",
              tel->label, tel->kind);
      continue;
    }
    if (n == MAX_TARGETS) {
      fail(err, errlen, "too many telemetry file targets (at most %d)", MAX_TARGETS);
      return NULL;
    }
    t[n].path = tel->destination;
    t[n].include = tel->include;
    n++;
  }
  return decision_log_open_targets(cfg->box_dir, cfg->name, run_id, t, n, err, errlen);
}

const char *decision_log_run_id(const struct decision_log *log) { return log->run_id; }

/* ---- record ------------------------------------------------------------------ */

/* Keeps at most ATTR_MAX bytes, cut on a UTF-8 boundary with a marker. */
static json_object *bounded_string(const char *s) {
  static const char mark[] = "\xe2\x80\xa6 (truncated)";
  size_t n = strlen(s);
  if (n <= ATTR_MAX)
    return json_object_new_string(s);
  size_t keep = ATTR_MAX - (sizeof mark - 1);
  while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
    keep--;
  char *buf = malloc(keep + sizeof mark);
  if (buf == NULL)
    return NULL;
  memcpy(buf, s, keep);
  memcpy(buf + keep, mark, sizeof mark);
  json_object *o = json_object_new_string(buf);
  free(buf);
  return o;
}

static void add_attr(json_object *attrs, const char *key, json_object *value) {
  if (value == NULL)
    return;
  json_object *a = json_object_new_object();
  json_object_object_add(a, "key", json_object_new_string(key));
  json_object_object_add(a, "value", value);
  json_object_array_add(attrs, a);
}

static void add_string(json_object *attrs, const char *key, const char *s) {
  if (s == NULL)
    return;
  json_object *v = json_object_new_object();
  json_object_object_add(v, "stringValue", bounded_string(s));
  add_attr(attrs, key, v);
}

static void add_int(json_object *attrs, const char *key, long long n) {
  char buf[32];
  json_object *v = json_object_new_object();
  snprintf(buf, sizeof buf, "%lld", n); /* OTLP-JSON writes 64-bit ints as strings */
  json_object_object_add(v, "intValue", json_object_new_string(buf));
  add_attr(attrs, key, v);
}

static json_object *resource_json(const struct decision_log *log) {
  json_object *attrs = json_object_new_array();
  add_string(attrs, "service.name", "strands-box");
  add_string(attrs, "strands.box.name", log->box_name);
  add_string(attrs, "strands.box.source", "box");
  add_string(attrs, "strands.box.run.id", log->run_id);
  json_object *r = json_object_new_object();
  json_object_object_add(r, "attributes", attrs);
  return r;
}

static json_object *record_attributes(const struct decision_record *rec) {
  json_object *attrs = json_object_new_array();
  char category[32] = "";
  if (rec->action != NULL) {
    size_t c = strcspn(rec->action, ":");
    snprintf(category, sizeof category, "%.*s", (int)(c < 31 ? c : 31), rec->action);
  }
  add_string(attrs, "strands.box.policy.action", rec->action);
  add_string(attrs, "strands.box.policy.resource", rec->resource);
  add_string(attrs, "strands.box.policy.verdict", rec->verdict);
  add_string(attrs, "strands.box.policy.cause", rec->cause);
  add_string(attrs, "strands.box.policy.rule", rec->rule);
  add_string(attrs, "strands.box.policy.reason", rec->reason);
  add_string(attrs, "strands.box.policy.description", rec->description);
  add_string(attrs, "strands.box.policy.category", rec->action ? category : NULL);
  if (rec->n_determining > 0) {
    json_object *vals = json_object_new_array();
    for (size_t i = 0; i < rec->n_determining; i++) {
      json_object *v = json_object_new_object();
      json_object_object_add(v, "stringValue", bounded_string(rec->determining_ids[i]));
      json_object_array_add(vals, v);
    }
    json_object *arr = json_object_new_object();
    json_object_object_add(arr, "values", vals);
    json_object *v = json_object_new_object();
    json_object_object_add(v, "arrayValue", arr);
    add_attr(attrs, "strands.box.policy.determining.ids", v);
  }
  add_string(attrs, "strands.box.policy.principal", PRINCIPAL);
  add_string(attrs, "error.type", rec->error_type);
  add_string(attrs, "file.path", rec->file_path);
  add_string(attrs, "server.address", rec->server_address);
  if (rec->server_port > 0)
    add_int(attrs, "server.port", rec->server_port);
  add_string(attrs, "http.request.method", rec->http_method);
  return attrs;
}

char *decision_log_format(const struct decision_log *log, const struct decision_record *rec) {
  struct timespec ts;
  char nanos[32], trace_id[33], span_id[17];
  clock_gettime(CLOCK_REALTIME, &ts);
  snprintf(nanos, sizeof nanos, "%lld", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
  if (random_hex(trace_id, 16) < 0 || random_hex(span_id, 8) < 0)
    return NULL;
  int deny = rec->verdict != NULL && strcmp(rec->verdict, "deny") == 0;
  char body[512];
  snprintf(body, sizeof body, "%s %s", deny ? "deny" : "permit", rec->action ? rec->action : "");

  json_object *lr = json_object_new_object();
  json_object_object_add(lr, "timeUnixNano", json_object_new_string(nanos));
  json_object_object_add(lr, "observedTimeUnixNano", json_object_new_string(nanos));
  json_object_object_add(lr, "severityNumber", json_object_new_int(deny ? 13 : 9));
  json_object_object_add(lr, "severityText", json_object_new_string(deny ? "deny" : "permit"));
  json_object_object_add(lr, "eventName", json_object_new_string("strands.box.policy.decision"));
  json_object *b = json_object_new_object();
  json_object_object_add(b, "stringValue", json_object_new_string(body));
  json_object_object_add(lr, "body", b);
  json_object_object_add(lr, "attributes", record_attributes(rec));
  json_object_object_add(lr, "traceId", json_object_new_string(trace_id));
  json_object_object_add(lr, "spanId", json_object_new_string(span_id));

  json_object *records = json_object_new_array();
  json_object_array_add(records, lr);
  json_object *scope = json_object_new_object();
  json_object_object_add(scope, "name", json_object_new_string("strands-box.policy"));
  json_object *sl = json_object_new_object();
  json_object_object_add(sl, "scope", scope);
  json_object_object_add(sl, "logRecords", records);
  json_object *sls = json_object_new_array();
  json_object_array_add(sls, sl);
  json_object *rl = json_object_new_object();
  json_object_object_add(rl, "resource", resource_json(log));
  json_object_object_add(rl, "scopeLogs", sls);
  json_object *rls = json_object_new_array();
  json_object_array_add(rls, rl);
  json_object *top = json_object_new_object();
  json_object_object_add(top, "resourceLogs", rls);

  const char *s = json_object_to_json_string_ext(top, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
  char *line = s ? strdup(s) : NULL;
  json_object_put(top);
  return line;
}

/* ---- append ------------------------------------------------------------------ */

static int write_all(int fd, const char *s, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, s, n);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    s += w;
    n -= (size_t)w;
  }
  return 0;
}

int decision_log_append(struct decision_log *log, const struct decision_record *rec, char *err,
                        size_t errlen) {
  if (rec->action == NULL || rec->verdict == NULL ||
      (strcmp(rec->verdict, "permit") != 0 && strcmp(rec->verdict, "deny") != 0))
    return fail(err, errlen, "decision record needs an action and a verdict of permit or deny");
  unsigned bit = strcmp(rec->verdict, "deny") == 0 ? BOX_TELEMETRY_DENY : BOX_TELEMETRY_PERMIT;
  char *line = decision_log_format(log, rec);
  if (line == NULL)
    return fail(err, errlen, "cannot format the decision record");
  size_t n = strlen(line);
  line[n] = '\n'; /* replaces the NUL; written with an explicit length */
  int rc = 0;
  if (boxdir_lock_acquire(log->lock_fd) < 0) {
    rc = fail(err, errlen, "cannot take the box lock (%s)", strerror(errno));
  } else {
    for (size_t i = 0; rc == 0 && i < log->n_targets; i++) {
      struct log_target *t = &log->targets[i];
      if (!(t->include & bit))
        continue;
      if (write_all(t->fd, line, n + 1) < 0)
        rc = fail(err, errlen, "%s: cannot append to the decision log (%s)", t->path, strerror(errno));
      else if (fdatasync(t->fd) < 0 && errno != EINVAL)
        rc = fail(err, errlen, "%s: cannot sync the decision log (%s)", t->path, strerror(errno));
    }
    boxdir_lock_release(log->lock_fd);
  }
  free(line);
  return rc;
}
