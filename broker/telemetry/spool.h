/* broker/telemetry/spool.h -- the spool of an OTLP telemetry target
 * ([telemetry.<label>] kind = "otlp", strands-box.md sections 4 and 5).
 *
 * Decision records bound for a collector are never sent while a decision
 * waits: the decision log appends each one (its resourceLogs line, and its
 * resourceSpans line when the target's include names trace) to
 *   <box_dir>/private/telemetry/otlp-<label>.spool
 * with one write() on an O_APPEND descriptor, like a file target, and the
 * sender (otlp_send.h) delivers them after the script ends.  Beside it:
 *   otlp-<label>.sent   "<logs> <traces>": for each signal, the byte offset
 *                       up to which the collector took that signal's lines
 *                       (the log lines go to /v1/logs, the span lines to
 *                       /v1/traces, each signal in spool order; written
 *                       whole with rename)
 *   otlp-<label>.state  "last_success <unix seconds>", "last_attempt ...",
 *                       "last_error <text>" lines (the sender's report)
 *   otlp-<label>.lock   held (flock LOCK_EX) by the one sender at work
 * A broker holds LOCK_SH on the spool itself while its log is open; the
 * sender empties a fully delivered spool only when it gets LOCK_EX, that is
 * when no broker of the box is running.  The spool is bounded: when the
 * records the collector has not taken reach SPOOL_MAX_PENDING bytes, the
 * next append fails and the broker refuses the effect (no effect without
 * its record), until a sender delivers them. */
#ifndef BOX_TELEMETRY_SPOOL_H
#define BOX_TELEMETRY_SPOOL_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#define SPOOL_MAX_PENDING (64ull * 1024 * 1024)

enum spool_file { SPOOL_DATA, SPOOL_SENT, SPOOL_STATE, SPOOL_LOCK };

/* The two OTLP signals a spool holds, each with its own delivered offset. */
enum spool_signal { SPOOL_LOGS, SPOOL_TRACES, SPOOL_SIGNALS };

/* The path of one of the label's files into out (at least 4200 bytes). */
void spool_path(char *out, size_t outlen, const char *box_dir, const char *label,
                enum spool_file which);

/* The offset up to which every signal was delivered: the lesser of the two
 * (0 when none is stored). */
off_t spool_sent_offset(const char *box_dir, const char *label);
/* One signal's delivered offset (0 when none is stored). */
off_t spool_signal_offset(const char *box_dir, const char *label, enum spool_signal signal);
/* Stores both signals' delivered offset as offset (tmp + rename).  0 or -1. */
int spool_store_sent(const char *box_dir, const char *label, off_t offset);
/* Stores one signal's delivered offset, the other's kept.  0 or -1. */
int spool_store_signal_offset(const char *box_dir, const char *label, enum spool_signal signal,
                              off_t offset);

struct spool_state {
  time_t last_success; /* 0 = never */
  time_t last_attempt; /* 0 = never */
  char last_error[256]; /* "" when the last attempt succeeded */
  off_t size;          /* bytes in the spool */
  off_t pending;       /* bytes not yet delivered */
};

/* The records waiting in the spool: of each signal, the lines of that
 * signal past its delivered offset; the larger count (a record is a log
 * line and, with trace, a span line). */
unsigned long spool_pending_records(const char *box_dir, const char *label);

/* What the sender last reported, and the spool's size now. */
void spool_read_state(const char *box_dir, const char *label, struct spool_state *st);
/* The sender's report.  0 or -1. */
int spool_store_state(const char *box_dir, const char *label, const struct spool_state *st);

#endif
