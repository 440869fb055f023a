/* broker/decision_log.h -- the decision log (strands-box.md section 5).
 *
 * Every decision is appended as two lines, each one OTLP-JSON export
 * request: a logs request (resourceLogs -> scopeLogs "strands-box.policy"
 * -> one logRecord, eventName "strands.box.policy.decision", severityText
 * "deny"/"permit", attributes strands.box.policy.*), then a traces request
 * (resourceSpans -> scopeSpans "strands-box.policy" -> one span, kind 1 =
 * INTERNAL, name "policy <action>", start = end = the record's time, the
 * same attributes) whose traceId and spanId are the log record's.  They go
 * by default to <box_dir>/private/telemetry/records.jsonl; declared
 * [telemetry.*] targets replace that default: a file target gets the
 * lines itself, an otlp target's spool (broker/telemetry/spool.h) gets
 * them for its sender, which delivers the log lines to the collector's
 * /v1/logs and the span lines to its /v1/traces after the run.  A
 * target's include list selects the records by verdict (deny, permit) and
 * whether each one's span line goes with its log line (trace); box writes
 * no kernel, logs or metrics records (no containment records, no agent
 * relay), so those names select nothing more.  Both lines are written
 * with one write() on an O_APPEND descriptor, which Linux appends to a
 * regular file as a whole, so the records of concurrent brokers never
 * interleave and a span always follows its log record (private/.lock is opened
 * with the log but not taken per record), and a returned append is in the
 * kernel: it survives the broker being killed.  No per-record fsync: that
 * cost ~5 ms per decided operation.  decision_log_sync() (and close) make
 * everything appended so far durable with one fdatasync; the broker calls
 * it when the run ends.  A record that cannot be written makes append fail:
 * the broker then refuses the effect (fails closed). */
#ifndef BOX_BROKER_DECISION_LOG_H
#define BOX_BROKER_DECISION_LOG_H

#include <stddef.h>
#include <sys/types.h>

struct box_config;
struct decision_log;

/* One decision.  NULL/0 members are left out of the record. */
struct decision_record {
  const char *action;   /* bare term: "fs:read" */
  const char *resource; /* "~/x" path, program, "host:port", "host:port/path" */
  const char *verdict;  /* "permit" | "deny" */
  const char *cause;    /* "permitted" | "forbidden" | "no_match" | "policy_pending" |
                           "internal_fault" | "enforcement" */
  const char *rule;     /* @id, "<default-deny>" or "enforcement:<gate>" */
  const char *reason;   /* denial text (denials only) */
  const char *description;           /* @description */
  const char *const *determining_ids; /* all determining policies */
  size_t n_determining;
  const char *error_type;     /* internal_fault: "strands.box.policy.evaluation_error" */
  const char *file_path;      /* fs:* */
  const char *server_address; /* net:* */
  int server_port;            /* net:*, 0 = absent */
  const char *http_method;    /* http:request */
};

/* Where records go: a file path and the BOX_TELEMETRY_* include bits;
 * spool_label names an otlp target whose spool path is (NULL: a file). */
struct decision_log_target {
  const char *path;
  unsigned include;
  const char *spool_label;
};

/* Opens the log of a loaded config (box_dir must be prepared).  run_id
 * NULL = a fresh random one. */
struct decision_log *decision_log_open(const struct box_config *cfg, const char *run_id, char *err,
                                       size_t errlen);
/* The same with explicit targets (n == 0: the default file). */
struct decision_log *decision_log_open_targets(const char *box_dir, const char *box_name,
                                               const char *run_id,
                                               const struct decision_log_target *targets, size_t n,
                                               char *err, size_t errlen);
/* Appends one record.  0, or -1 with "box-broker: error: ..." in err. */
int decision_log_append(struct decision_log *log, const struct decision_record *rec, char *err,
                        size_t errlen);
/* The two lines append would write for rec (the log record, "\n", the
 * span; no final newline); malloc'd, NULL on OOM. */
char *decision_log_format(struct decision_log *log, const struct decision_record *rec);
const char *decision_log_run_id(const struct decision_log *log);
/* The identities (st_dev, st_ino) of the open log files: up to max of them
 * into dev[]/ino[]; returns how many there are. */
size_t decision_log_identities(const struct decision_log *log, dev_t *dev, ino_t *ino, size_t max);
/* fdatasync of every target: 0, or -1 with "box-broker: error: ..." in err. */
int decision_log_sync(struct decision_log *log, char *err, size_t errlen);
/* Syncs (best effort) and frees.  NULL is fine. */
void decision_log_close(struct decision_log *log);

#endif
