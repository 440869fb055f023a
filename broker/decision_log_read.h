/* broker/decision_log_read.h -- reading the decision log back: which file a
 * reader wants, and its decision records one by one (the audit's activity
 * section and `box-broker --log` both read it this way). */
#ifndef BOX_BROKER_DECISION_LOG_READ_H
#define BOX_BROKER_DECISION_LOG_READ_H

#include <stdint.h>
#include <stdio.h>

#include "broker/config/config.h"

/* The log a reader wants: the default <box_dir>/private/telemetry/
 * records.jsonl, or the first declared file target that records denials
 * (one that records permits too, when there is one).  NULL when every
 * target is a collector.  The path is in buf or in cfg. */
const char *decision_log_review_path(const struct box_config *cfg, char *buf, size_t cap);

/* One decision record (the log record of scope strands-box.policy); the
 * strings belong to the reader and last until the callback returns. */
struct decision_entry {
  int64_t time_ns;       /* 0 when the record has no time */
  const char *time;      /* "2026-12-05T11:40:02Z", or "" */
  const char *run_id;    /* strands.box.run.id of the run that decided, or "" */
  const char *action, *verdict, *cause, *resource, *rule, *reason; /* "" when absent */
};

/* Calls fn for each decision record of the log f, in order.  Lines that
 * are not JSON (or longer than 1 MiB) are counted in *unreadable; other
 * records (spans, control records) are skipped. */
void decision_log_each(FILE *f, void (*fn)(const struct decision_entry *, void *), void *ud,
                       size_t *unreadable);

#endif
