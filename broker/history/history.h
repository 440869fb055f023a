/* broker/history/history.h -- the durable, per-box history of policy
 * events that Dogwood's temporal rules read (dogwood.md 4.6, 5.3;
 * strands-box.md 1 "History").
 *
 * One append-only log, <box_dir>/private/history.log (mode 0600, never
 * opened through a symbolic link), shared by every broker that runs the
 * box; its format is in history_int.h.  A decision goes:
 *
 *   history_begin(h);                  flock(LOCK_EX): one writer at a time;
 *                                      read what others appended since
 *   now = history_now(h);              max(wall clock, newest stored stamp)
 *   history_load_after(h, seq, &ev)    what other brokers appended
 *   ... evaluate ...
 *   history_append(h, now, ...);       the request event, into a buffer
 *   history_commit(h);                 ONE write() of the buffer, unlock
 *
 * so concurrent brokers see one ordered history and a budget cannot be
 * overspent by runs racing each other.  A broker that finds the page the
 * box's brokers share (<private_dir>/history.state, history_state.c) as
 * it left it knows nobody wrote since: begin is the flock alone.  A completed write() is in the page
 * cache: it survives the broker's kill -9 at any instant.  A crash in the
 * middle of a write leaves a torn tail, which readers ignore and the next
 * writer cuts off.  There is no fsync per event: a machine crash (power
 * loss, kernel panic) can lose the events written since the kernel last
 * wrote the file back (typically the last few seconds); compaction
 * (history_prune) fsyncs the new file before renaming it over the log.
 *
 * Tamper evidence: each event stores SHA-256(previous event's hash || its
 * canonical bytes); history_verify walks the chain.  The chain is anchored
 * at the hash of the newest pruned event (or 32 zero bytes), kept in the
 * file's header or a pruning mark.  Someone who can write the file can
 * rebuild the whole chain, or cut events off its end: to detect that,
 * keep the head hash (history_head) somewhere they cannot write.
 *
 * Every function that fails returns -1 (or NULL) and leaves a message in
 * history_error(h) (or err for history_open); a failed commit leaves no
 * part of its records in the file. */
#ifndef BOX_HISTORY_HISTORY_H
#define BOX_HISTORY_HISTORY_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "broker/policy/temporal.h"
#include "common/sha256.h"

/* The file name under <box_dir>/private/. */
#define HISTORY_FILE_NAME "history.log"

/* How long a writer waits for another broker's transaction (ms). */
#define HISTORY_BUSY_TIMEOUT_MS 10000

struct history;

/* Open (creating it, mode 0600, if absent) <private_dir>/history.log,
 * and cut off a torn tail.  A file that cannot be opened for writing is
 * opened for reading: its appends fail.  NULL with a message in err when
 * the file cannot be opened, is not a box history, or is corrupt. */
struct history *history_open(const char *private_dir, char *err, size_t errlen);
/* The same for reading only (--decide, --audit): never creates, locks or
 * writes the file; a torn tail is ignored.  Transactions take no lock
 * (each write of another broker is seen whole or not at all) and cannot
 * commit anything. */
struct history *history_open_readonly(const char *private_dir, char *err, size_t errlen);
void history_close(struct history *);

/* The message of the last failure. */
const char *history_error(const struct history *);

/* The clock history_now reads: wall-clock seconds by default; tests
 * inject their own. */
typedef int64_t (*history_clock_fn)(void *arg);
void history_set_clock(struct history *, history_clock_fn, void *arg);

/* begin: take the lock (waiting up to HISTORY_BUSY_TIMEOUT_MS) and read
 * what was appended since; commit: write the transaction's records in one
 * write() and unlock; rollback: drop them and unlock.  history_rollback
 * never fails visibly.  history_begin returns -2 (message set) when
 * another broker held the lock longer than the busy timeout, -1 on a
 * storage fault. */
int history_begin(struct history *);
int history_commit(struct history *);
void history_rollback(struct history *);

/* Keep the lock after the next commits and rollbacks (on: 1), so that no
 * other broker decides until it is released (on: 0, which unlocks now
 * when no transaction is open).  A transaction begun while the lock is
 * held costs no system call: nobody else can have appended.  The gate
 * holds it while an act whose outcome a rule reads is in flight. */
void history_hold(struct history *, int on);

/* How long history_begin waits for another broker's lock (ms; default
 * HISTORY_BUSY_TIMEOUT_MS). */
void history_set_busy_timeout(struct history *, long ms);

/* max(clock, newest stored ts): stamps never go backwards, across runs,
 * even when the wall clock is stepped back.  -1 on a storage fault. */
int64_t history_now(struct history *);

/* Events loaded for temporal evaluation: ev[0..n) in history order, each
 * owning its strings and its json record. */
struct history_events {
	struct temporal_event *ev;
	size_t n;
	int64_t last_seq;               /* seq of ev[n-1] (history_load_after: or after_seq if none) */
};
void history_events_free(struct history_events *);

/* The events with ts >= since_ts_s, oldest first (by seq).  out is
 * replaced (free it with history_events_free, also after a failure). */
int history_load(struct history *, int64_t since_ts_s, struct history_events *out);

/* The events with seq > after_seq, oldest first: what other brokers
 * appended since this one last read, for a caller that keeps the loaded
 * history (or its summaries) in memory instead of reloading it at each
 * decision.  Same ownership as history_load. */
int history_load_after(struct history *, int64_t after_seq, struct history_events *out);

/* Append one event stamped ts_s (use history_now; a stamp older than the
 * newest stored one is refused).  record: the logged fields (input,
 * output, callerPrincipal, ...), a JSON object (NULL: {}), stored as its
 * plain JSON text.  verdict:
 * "permit", "deny" or NULL for a history-only event.  Inside a transaction
 * of history_begin, or on its own (then it is its own transaction).
 * seq_out (may be NULL): the new event's sequence number, from 1. */
int history_append(struct history *, int64_t ts_s, const char *action_type, const char *action_id,
                   const char *kind, json_object *record, const char *verdict, int64_t *seq_out);

/* The same with the record already as its JSON text (record_len bytes,
 * no NUL; the caller vouches that it is a JSON object, as
 * json_object_to_json_string_ext(..., JSON_C_TO_STRING_PLAIN) writes
 * one): for a caller that builds the text from parts it serialised once. */
int history_append_text(struct history *, int64_t ts_s, const char *action_type, const char *action_id,
                        const char *kind, const char *record_text, size_t record_len, const char *verdict,
                        int64_t *seq_out);

/* Forget the events with ts < before_ts_s (the chain anchor moves to the
 * newest forgotten event's hash): a pruning mark, or, once they are more
 * than half the file, a compaction (history_prune.c).  Returns the number
 * forgotten, or -1. */
int64_t history_prune(struct history *, int64_t before_ts_s);

/* The newest event: seq (0 if none ever), its stamp and hash (after a
 * pruning of every event: the anchor's). */
int history_head(struct history *, int64_t *seq, int64_t *ts_s, uint8_t hash[SHA256_DIGEST_LEN]);

/* Policy edits are prospective (dogwood.md 5.3): a rule sees only the
 * events recorded since it was first installed.  For each of the n rule
 * fingerprints (policy_rule_fingerprint) the first seq that rule sees, in
 * start_out[i]: the one stored for it, or for a fingerprint not seen
 * before the seq the next event will get (stored now).  Fingerprints no
 * longer given are forgotten: a rule removed and written again later
 * starts afresh.  Inside history_begin's transaction. */
int history_rule_starts(struct history *, const char *const *fingerprints, size_t n, int64_t *start_out);

/* For --audit. */
struct history_summary {
	int64_t events;                 /* events present (after the newest pruning) */
	int64_t oldest_ts, newest_ts;   /* 0 when there are none */
	int64_t first_seq, last_seq;
	int64_t file_bytes;             /* history.log */
	int chain_intact;               /* 1, or 0 and: */
	int64_t broken_at_seq;          /* the first event whose hash does not match, or that is missing */
	char problem[160];              /* what is wrong there, in words */
};

/* Walk the whole chain.  0 when it could be read (intact or not: see
 * chain_intact), -1 on a storage fault. */
int history_verify(struct history *, struct history_summary *);

#endif
