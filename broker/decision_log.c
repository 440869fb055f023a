/* broker/decision_log.c -- appends decision records (an OTLP-JSON log line
 * and its span line) to the box's telemetry files: one write() per record
 * (both lines) on an O_APPEND
 * descriptor (never interleaved, no lock and no fsync per record), one
 * fdatasync per target at the end of the run.  See
 * decision_log.h for the format and the guarantees. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "broker/error_text.h"
#include "broker/boxdir.h"
#include "broker/config/config.h"
#include "broker/decision_log.h"
#include "broker/telemetry/spool.h"

#define MAX_TARGETS 16
#define ATTR_MAX 4096 /* bytes per attribute value, like the product */
#define PRINCIPAL "Box::Agent::\"self\""

struct log_target {
  char *path;
  unsigned include;
  int fd;
  bool unsynced; /* records appended since the last fdatasync */
  char *spool_label; /* an otlp target's spool, or NULL */
  off_t pending;     /* spool: bytes the collector had not taken at open + appended */
};

/* A growing text buffer (the record is written directly, see below). */
struct jbuf {
  char *p;
  size_t n, cap;
  int oom;
};

struct decision_log {
  char *box_name;
  char run_id[33];
  int lock_fd;
  struct log_target targets[MAX_TARGETS];
  size_t n_targets;
  struct jbuf resource; /* the "resource" object, the same for every record */
  struct jbuf out;      /* the two lines of the record being appended, reused */
  size_t first_line;    /* bytes of out's first line (the log record), with its newline */
  char *box_dir;
};

static void jb_resource(struct jbuf *b, const struct decision_log *log);
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

int decision_log_sync(struct decision_log *log, char *err, size_t errlen) {
  int rc = 0;
  for (size_t i = 0; log != NULL && i < log->n_targets; i++) {
    struct log_target *t = &log->targets[i];
    /* A run that decided nothing has nothing to make durable: skipping the
     * sync keeps it off the disk's queue (milliseconds at start-up). */
    if (t->fd < 0 || !t->unsynced)
      continue;
    if (fdatasync(t->fd) < 0 && errno != EINVAL && rc == 0)
      rc = broker_error(err, errlen, "%s: cannot sync the decision log (%s)", t->path, strerror(errno));
    else
      t->unsynced = false;
  }
  return rc;
}

void decision_log_close(struct decision_log *log) {
  if (log == NULL)
    return;
  for (size_t i = 0; i < log->n_targets; i++) {
    if (log->targets[i].fd >= 0) {
      if (log->targets[i].unsynced)
        fdatasync(log->targets[i].fd); /* best effort: decision_log_sync reports */
      close(log->targets[i].fd);
    }
    free(log->targets[i].path);
    free(log->targets[i].spool_label);
  }
  if (log->lock_fd >= 0)
    close(log->lock_fd);
  free(log->resource.p);
  free(log->out.p);
  free(log->box_name);
  free(log->box_dir);
  free(log);
}

static int open_target(struct decision_log *log, const char *path, unsigned include,
                       const char *spool_label, char *err, size_t errlen) {
  struct log_target *t = &log->targets[log->n_targets];
  t->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (t->fd < 0)
    return broker_error(err, errlen, "%s: cannot open the decision log (%s)", path, strerror(errno));
  struct stat st;
  if (fstat(t->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(t->fd);
    return broker_error(err, errlen, "%s: the decision log is not a regular file", path);
  }
  t->path = strdup(path);
  t->include = include;
  if (t->path == NULL) {
    close(t->fd);
    return broker_error(err, errlen, "out of memory");
  }
  if (spool_label != NULL) {
    /* Shared while this broker runs: the sender empties a delivered spool
     * only when no broker holds it. */
    while (flock(t->fd, LOCK_SH) != 0 && errno == EINTR)
      ;
    off_t sent = spool_sent_offset(log->box_dir, spool_label);
    t->pending = sent <= st.st_size ? st.st_size - sent : st.st_size;
    t->spool_label = strdup(spool_label);
    if (t->spool_label == NULL)
      abort();
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
    broker_error(err, errlen, "out of memory");
    return NULL;
  }
  log->lock_fd = -1;
  log->box_name = strdup(box_name ? box_name : "");
  log->box_dir = strdup(box_dir);
  if (log->box_name == NULL || log->box_dir == NULL) {
    broker_error(err, errlen, "out of memory");
    goto bad;
  }
  if (run_id != NULL)
    snprintf(log->run_id, sizeof log->run_id, "%s", run_id);
  else if (random_hex(log->run_id, 16) < 0) {
    broker_error(err, errlen, "cannot draw a run id (%s)", strerror(errno));
    goto bad;
  }
  if (n > MAX_TARGETS) {
    broker_error(err, errlen, "too many telemetry targets (at most %d)", MAX_TARGETS);
    goto bad;
  }
  jb_resource(&log->resource, log);
  if (log->resource.oom) {
    broker_error(err, errlen, "out of memory");
    goto bad;
  }
  if ((log->lock_fd = boxdir_lock_open(box_dir, err, errlen)) < 0)
    goto bad;
  if (n == 0) {
    char path[4200];
    snprintf(path, sizeof path, "%s/private/telemetry/records.jsonl", box_dir);
    if (open_target(log, path, BOX_TELEMETRY_ALL, NULL, err, errlen) < 0)
      goto bad;
  }
  for (size_t i = 0; i < n; i++)
    if (open_target(log, targets[i].path, targets[i].include, targets[i].spool_label, err,
                    errlen) < 0)
      goto bad;
  return log;
bad:
  decision_log_close(log);
  return NULL;
}

struct decision_log *decision_log_open(const struct box_config *cfg, const char *run_id, char *err,
                                       size_t errlen) {
  struct decision_log_target t[MAX_TARGETS];
  char spools[MAX_TARGETS][4200];
  size_t n = 0;
  for (size_t i = 0; i < cfg->n_telemetry; i++) {
    const struct box_telemetry *tel = &cfg->telemetry[i];
    if (n == MAX_TARGETS) {
      broker_error(err, errlen, "too many telemetry targets (at most %d)", MAX_TARGETS);
      return NULL;
    }
    t[n].path = tel->destination;
    t[n].include = tel->include;
    t[n].spool_label = NULL;
    if (strcmp(tel->kind, "otlp") == 0) {
      spool_path(spools[n], sizeof spools[n], cfg->box_dir, tel->label, SPOOL_DATA);
      t[n].path = spools[n];
      t[n].spool_label = tel->label;
    }
    n++;
  }
  return decision_log_open_targets(cfg->box_dir, cfg->name, run_id, t, n, err, errlen);
}

const char *decision_log_run_id(const struct decision_log *log) { return log->run_id; }

size_t decision_log_identities(const struct decision_log *log, dev_t *dev, ino_t *ino, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < log->n_targets; i++) {
    struct stat st;
    if (fstat(log->targets[i].fd, &st) != 0)
      continue;
    if (n < max) {
      dev[n] = st.st_dev;
      ino[n] = st.st_ino;
    }
    n++;
  }
  return n;
}

/* ---- record ------------------------------------------------------------------ */

/* The line is written directly (json-c's object tree cost ~50 us per record,
 * more than the rest of a decided operation).  The text is the same JSON a
 * json-c tree would print: strings escaped as JSON, "/" not escaped.  Every
 * decided operation formats one record before it is performed, so this is
 * on the hot path: constant text is copied with known lengths (JB_LIT), the
 * numbers and ids are converted by hand (snprintf was a third of the cost),
 * and the buffer is NUL-terminated once at the end, not after every piece. */

/* Room for n more bytes and a NUL: 0, or -1 (out of memory, remembered). */
static int jb_reserve(struct jbuf *b, size_t n) {
  if (b->oom)
    return -1;
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + n + 1)
      cap *= 2;
    char *p = realloc(b->p, cap);
    if (p == NULL) {
      b->oom = 1;
      return -1;
    }
    b->p = p;
    b->cap = cap;
  }
  return 0;
}

/* Appends s[0..n); the text is NUL-terminated only by jb_end.  Inlined:
 * a record is some sixty of these. */
static inline __attribute__((always_inline)) void jb_add(struct jbuf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap && jb_reserve(b, n) != 0)
    return;
  if (b->oom)
    return;
  memcpy(b->p + b->n, s, n);
  b->n += n;
}

static void jb_end(struct jbuf *b) {
  if (jb_reserve(b, 0) == 0)
    b->p[b->n] = '\0';
}

/* A string literal, without strlen. */
#define JB_LIT(b, lit) jb_add((b), "" lit, sizeof(lit) - 1)

/* The JSON escape of s[0..n), without the quotes. */
static void jb_strn_bare(struct jbuf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\')
      continue;
    jb_add(b, s + run, i - run);
    run = i + 1;
    char esc[7] = {'\\', 0, 0, 0, 0, 0, 0};
    size_t k = 2;
    switch (c) {
    case '"': esc[1] = '"'; break;
    case '\\': esc[1] = '\\'; break;
    case '\b': esc[1] = 'b'; break;
    case '\f': esc[1] = 'f'; break;
    case '\n': esc[1] = 'n'; break;
    case '\r': esc[1] = 'r'; break;
    case '\t': esc[1] = 't'; break;
    default:
      memcpy(esc + 1, "u00", 3);
      esc[4] = hex[c >> 4];
      esc[5] = hex[c & 15];
      k = 6;
    }
    jb_add(b, esc, k);
  }
  jb_add(b, s + run, n - run);
}

/* A JSON string of s[0..n). */
static void jb_strn(struct jbuf *b, const char *s, size_t n) {
  JB_LIT(b, "\"");
  jb_strn_bare(b, s, n);
  JB_LIT(b, "\"");
}

/* An attribute value: at most ATTR_MAX bytes, cut on a UTF-8 boundary with
 * a marker. */
static void jb_bounded(struct jbuf *b, const char *s) {
  static const char mark[] = "\xe2\x80\xa6 (truncated)";
  size_t n = strlen(s);
  if (n <= ATTR_MAX) {
    jb_strn(b, s, n);
    return;
  }
  size_t keep = ATTR_MAX - (sizeof mark - 1);
  while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
    keep--;
  JB_LIT(b, "\"");
  jb_strn_bare(b, s, keep);
  JB_LIT(b, "\xe2\x80\xa6 (truncated)\"");
}

/* Attributes are written with a leading comma except the first of a list.
 * head is ",{\"key\":\"KEY\",\"value\":{\"stringValue\":" (keys are plain
 * ASCII names: nothing to escape). */
static void jb_attr_head(struct jbuf *b, int *first, const char *head, size_t len) {
  if (*first) {
    head++;
    len--;
    *first = 0;
  }
  jb_add(b, head, len);
}

static void jb_string_attr_(struct jbuf *b, int *first, const char *head, size_t len,
                            const char *s) {
  if (s == NULL)
    return;
  jb_attr_head(b, first, head, len);
  jb_bounded(b, s);
  JB_LIT(b, "}}");
}

#define ATTR_HEAD(key, type) ",{\"key\":\"" key "\",\"value\":{\"" type "\":"
#define jb_string_attr(b, first, key, s)                                                          \
  jb_string_attr_((b), (first), ATTR_HEAD(key, "stringValue"),                                   \
                  sizeof(ATTR_HEAD(key, "stringValue")) - 1, (s))

static void jb_resource(struct jbuf *b, const struct decision_log *log) {
  int first = 1;
  JB_LIT(b, "{\"attributes\":[");
  jb_string_attr(b, &first, "service.name", "strands-box");
  jb_string_attr(b, &first, "strands.box.name", log->box_name);
  jb_string_attr(b, &first, "strands.box.source", "box");
  jb_string_attr(b, &first, "strands.box.run.id", log->run_id);
  JB_LIT(b, "]}");
  jb_end(b);
}

/* Decimal digits of v into out (at least 21 bytes); returns the length. */
static size_t fmt_u64(char *out, unsigned long long v) {
  char tmp[24];
  size_t n = 0, i;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (i = 0; i < n; i++)
    out[i] = tmp[n - 1 - i];
  out[n] = '\0';
  return n;
}

static void jb_record_attributes(struct jbuf *b, const struct decision_record *rec) {
  char category[32] = "";
  int first = 1;
  if (rec->action != NULL) {
    size_t c = strcspn(rec->action, ":");
    if (c > 31)
      c = 31;
    memcpy(category, rec->action, c);
    category[c] = '\0';
  }
  JB_LIT(b, "[");
  jb_string_attr(b, &first, "strands.box.policy.action", rec->action);
  jb_string_attr(b, &first, "strands.box.policy.resource", rec->resource);
  jb_string_attr(b, &first, "strands.box.policy.verdict", rec->verdict);
  jb_string_attr(b, &first, "strands.box.policy.cause", rec->cause);
  jb_string_attr(b, &first, "strands.box.policy.rule", rec->rule);
  jb_string_attr(b, &first, "strands.box.policy.reason", rec->reason);
  jb_string_attr(b, &first, "strands.box.policy.description", rec->description);
  jb_string_attr(b, &first, "strands.box.policy.category", rec->action ? category : NULL);
  if (rec->n_determining > 0) {
    static const char head[] = ATTR_HEAD("strands.box.policy.determining.ids", "arrayValue")
        "{\"values\":[";
    jb_attr_head(b, &first, head, sizeof head - 1);
    for (size_t i = 0; i < rec->n_determining; i++) {
      if (i)
        JB_LIT(b, ",{\"stringValue\":");
      else
        JB_LIT(b, "{\"stringValue\":");
      jb_bounded(b, rec->determining_ids[i]);
      JB_LIT(b, "}");
    }
    JB_LIT(b, "]}}}");
  }
  jb_string_attr(b, &first, "strands.box.policy.principal", PRINCIPAL);
  jb_string_attr(b, &first, "error.type", rec->error_type);
  jb_string_attr(b, &first, "file.path", rec->file_path);
  jb_string_attr(b, &first, "server.address", rec->server_address);
  if (rec->server_port > 0) {
    static const char head[] = ATTR_HEAD("server.port", "intValue") "\"";
    char num[24];
    /* OTLP-JSON writes 64-bit ints as strings */
    size_t n = fmt_u64(num, (unsigned long long)rec->server_port);
    jb_attr_head(b, &first, head, sizeof head - 1);
    jb_add(b, num, n);
    JB_LIT(b, "\"}}");
  }
  jb_string_attr(b, &first, "http.request.method", rec->http_method);
  JB_LIT(b, "]");
}

/* Trace and span ids: unique, not secret, so one getrandom seeds a
 * splitmix64 sequence instead of two system calls per record. */
static int record_id_hex(char *out, int words) {
  static const char hex[] = "0123456789abcdef";
  static uint64_t state;
  static int seeded;
  if (!seeded) {
    unsigned char b[8];
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b)
      return -1;
    memcpy(&state, b, sizeof state);
    seeded = 1;
  }
  for (int i = 0; i < words; i++) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    for (int k = 15; k >= 0; k--, z >>= 4)
      out[16 * i + k] = hex[z & 15];
  }
  out[16 * words] = '\0';
  return 0;
}

/* Copies b[start .. start+len) to the end of b (the attributes, written
 * once for the log record, again for the span). */
static void jb_repeat(struct jbuf *b, size_t start, size_t len) {
  if (jb_reserve(b, len) != 0)
    return;
  memcpy(b->p + b->n, b->p + start, len); /* b->p is final now: no overlap */
  b->n += len;
}

/* Formats one decision into log->out: the resourceLogs line and the
 * INTERNAL span line, each ended by a newline, sharing trace and span ids;
 * the span starts and ends at the record's time.  0, or -1 (no memory, no
 * random seed). */
static int format_record(struct decision_log *log, const struct decision_record *rec) {
  struct timespec ts;
  char nanos[32], trace_id[33], span_id[17];
  clock_gettime(CLOCK_REALTIME, &ts);
  size_t nanos_len = fmt_u64(nanos, (unsigned long long)ts.tv_sec * 1000000000ULL +
                                        (unsigned long long)ts.tv_nsec);
  if (record_id_hex(trace_id, 2) < 0 || record_id_hex(span_id, 1) < 0)
    return -1;
  int deny = rec->verdict != NULL && strcmp(rec->verdict, "deny") == 0;
  const char *action = rec->action ? rec->action : "";
  size_t action_len = strlen(action);
  struct jbuf *b = &log->out;
  b->n = 0;
  b->oom = log->resource.oom;

  JB_LIT(b, "{\"resourceLogs\":[{\"resource\":");
  jb_add(b, log->resource.p, log->resource.n);
  JB_LIT(b, ",\"scopeLogs\":[{\"scope\":{\"name\":\"strands-box.policy\"},\"logRecords\":[{\"timeUnixNano\":\"");
  jb_add(b, nanos, nanos_len);
  JB_LIT(b, "\",\"observedTimeUnixNano\":\"");
  jb_add(b, nanos, nanos_len);
  if (deny)
    JB_LIT(b, "\",\"severityNumber\":13,\"severityText\":\"deny\"");
  else
    JB_LIT(b, "\",\"severityNumber\":9,\"severityText\":\"permit\"");
  JB_LIT(b, ",\"eventName\":\"strands.box.policy.decision\",\"body\":{\"stringValue\":\"");
  if (deny)
    JB_LIT(b, "deny ");
  else
    JB_LIT(b, "permit ");
  jb_strn_bare(b, action, action_len);
  JB_LIT(b, "\"},\"attributes\":");
  size_t attrs_at = b->n;
  jb_record_attributes(b, rec);
  size_t attrs_len = b->n - attrs_at;
  JB_LIT(b, ",\"traceId\":\"");
  jb_add(b, trace_id, 32);
  JB_LIT(b, "\",\"spanId\":\"");
  jb_add(b, span_id, 16);
  JB_LIT(b, "\"}]}]}]}\n");
  log->first_line = b->n;

  /* kind 1 = SPAN_KIND_INTERNAL (OTLP-JSON writes enums as numbers). */
  JB_LIT(b, "{\"resourceSpans\":[{\"resource\":");
  jb_add(b, log->resource.p, log->resource.n);
  JB_LIT(b, ",\"scopeSpans\":[{\"scope\":{\"name\":\"strands-box.policy\"},\"spans\":[{\"traceId\":\"");
  jb_add(b, trace_id, 32);
  JB_LIT(b, "\",\"spanId\":\"");
  jb_add(b, span_id, 16);
  JB_LIT(b, "\",\"name\":\"policy ");
  jb_strn_bare(b, action, action_len);
  JB_LIT(b, "\",\"kind\":1,\"startTimeUnixNano\":\"");
  jb_add(b, nanos, nanos_len);
  JB_LIT(b, "\",\"endTimeUnixNano\":\"");
  jb_add(b, nanos, nanos_len);
  JB_LIT(b, "\",\"attributes\":");
  jb_repeat(b, attrs_at, attrs_len);
  JB_LIT(b, "}]}]}]}\n");
  jb_end(b);
  return b->oom ? -1 : 0;
}

char *decision_log_format(struct decision_log *log, const struct decision_record *rec) {
  if (format_record(log, rec) < 0)
    return NULL;
  char *text = strndup(log->out.p, log->out.n - 1); /* without the last newline */
  return text;
}

/* ---- append ------------------------------------------------------------------ */

/* Writes a whole line.  If the file fills up part-way, the torn bytes are
 * cut off again (they are the file's last bytes: a full disk fails every
 * other writer too), else ended with a newline, so the log never holds a
 * record glued to a torn one. */
static int write_all(int fd, const char *s, size_t n) {
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(fd, s + done, n - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      if (done > 0) {
        int saved = errno;
        struct stat st;
        if (fstat(fd, &st) != 0 || st.st_size < (off_t)done ||
            ftruncate(fd, st.st_size - (off_t)done) != 0)
          (void)!write(fd, "\n", 1);
        errno = saved;
      }
      return -1;
    }
    done += (size_t)w;
  }
  return 0;
}

int decision_log_append(struct decision_log *log, const struct decision_record *rec, char *err,
                        size_t errlen) {
  if (rec->action == NULL || rec->verdict == NULL ||
      (strcmp(rec->verdict, "permit") != 0 && strcmp(rec->verdict, "deny") != 0))
    return broker_error(err, errlen, "decision record needs an action and a verdict of permit or deny");
  unsigned bit = strcmp(rec->verdict, "deny") == 0 ? BOX_TELEMETRY_DENY : BOX_TELEMETRY_PERMIT;
  if (format_record(log, rec) < 0)
    return broker_error(err, errlen, "cannot format the decision record");
  /* One write() for both lines on an O_APPEND descriptor: Linux appends it
   * to a regular file as a whole (the offset is set and the data written
   * under the inode lock), so concurrent brokers' records never interleave,
   * a span is never separated from its log record, and no lock is needed
   * per record. */
  int rc = 0;
  for (size_t i = 0; rc == 0 && i < log->n_targets; i++) {
    struct log_target *t = &log->targets[i];
    if (!(t->include & bit))
      continue;
    /* include names the verdicts a target records; trace adds each
     * record's span line to its log line. */
    size_t len = (t->include & BOX_TELEMETRY_TRACE) ? log->out.n : log->first_line;
    if (t->spool_label != NULL) {
      if ((unsigned long long)t->pending + len > SPOOL_MAX_PENDING) {
        /* A sender may have delivered since: look again before refusing. */
        struct stat st;
        off_t sent = spool_sent_offset(log->box_dir, t->spool_label);
        if (fstat(t->fd, &st) == 0)
          t->pending = sent <= st.st_size ? st.st_size - sent : st.st_size;
        if ((unsigned long long)t->pending + len > SPOOL_MAX_PENDING) {
          rc = broker_error(err, errlen, "[telemetry.%s]: the spool %s holds %llu MiB of records the collector has not taken; effects are refused until they are delivered",
                    t->spool_label, t->path, SPOOL_MAX_PENDING >> 20);
          break;
        }
      }
    }
    t->unsynced = true; /* even a failed write may have left bytes */
    if (write_all(t->fd, log->out.p, len) < 0)
      rc = broker_error(err, errlen, "%s: cannot append to the decision log (%s)", t->path, strerror(errno));
    else
      t->pending += (off_t)len;
  }
  return rc;
}
