/* broker/audit/audit_history.c -- the audit's "history" section, for a box
 * whose policy has temporal rules: the durable history those rules read
 * (<box_dir>/private/history.log, broker/history/history.h), summarised
 * and its hash chain verified.
 *
 * The audit never creates the file: when it is not there the section says
 * "no history yet" (present: false).  An existing file is opened through
 * the history API for reading only (history_open_readonly: no lock, no
 * write, a torn tail ignored rather than cut off).  A chain that breaks, or a file that is not a readable box
 * history, is a high finding: the audit's exit status says so.  The head
 * (the newest event's seq and hash) is printed for the operator to keep
 * where the box's user cannot write: a later head must chain from it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "broker/audit/audit_int.h"
#include "broker/history/history.h"
#include "broker/policy/temporal_describe.h"

static const char chain_rationale[] =
  "Box chains every history event to the one before it with a SHA-256 hash. A break means the file was "
  "changed outside box-broker (an event edited, removed or inserted) or damaged. Temporal rules decide on "
  "this history, so an edit can reset a budget or erase the read that should keep the network closed. "
  "Keep the file for inspection; to start afresh, stop every run of the box and remove it (every temporal "
  "rule then starts with an empty history).";

static const char unreadable_rationale[] =
  "Temporal rules decide on this history. While box-broker cannot read it, every decision of this box is "
  "denied (a storage fault fails closed); a file that is not a box history means something else took its "
  "place.";

static void add_time(json_object *o, const char *key, int64_t ts, int present)
{
  char buf[64];
  struct tm tm;
  time_t t = (time_t)ts;

  if (!present || gmtime_r(&t, &tm) == NULL) {
    json_object_object_add(o, key, NULL);
    return;
  }
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  json_object_object_add(o, key, json_object_new_string(buf));
}

json_object *audit_history_section(const struct box_config *cfg, const struct audit_temporal *temporal,
                                   json_object *findings)
{
  json_object *s = json_object_new_object();
  size_t n = strlen(cfg->box_dir) + sizeof "/private/" HISTORY_FILE_NAME;
  char *private_dir = malloc(n), *path = malloc(n), err[512], window[32], msg[768];
  struct history_summary sum;
  struct history *h;
  struct stat st;
  uint8_t head[SHA256_DIGEST_LEN];
  char head_hex[2 * SHA256_DIGEST_LEN + 1] = "";
  int64_t head_seq = 0, head_ts = 0;
  int have_head = 0;

  if (private_dir == NULL || path == NULL)
    abort();
  snprintf(private_dir, n, "%s/private", cfg->box_dir);
  snprintf(path, n, "%s/%s", private_dir, HISTORY_FILE_NAME);
  temporal_window_text(temporal->reach_s, window, sizeof window);
  json_object_object_add(s, "path", json_object_new_string(path));
  json_object_object_add(s, "retention", json_object_new_string(window));
  json_object_object_add(s, "retention_seconds", json_object_new_int64(temporal->reach_s));
  if (lstat(path, &st) != 0 && errno == ENOENT) {
    /* nothing has been decided under a temporal policy yet: leave it so */
    json_object_object_add(s, "present", json_object_new_boolean(0));
    goto done;
  }
  json_object_object_add(s, "present", json_object_new_boolean(1));
  if (S_ISREG(st.st_mode) && st.st_size == 0) {
    /* a broker stopped between creating the file and its header: report
     * it as it is, with no event */
    memset(&sum, 0, sizeof sum);
    sum.chain_intact = 1;
    goto summary;
  }
  h = history_open_readonly(private_dir, err, sizeof err);
  if (h == NULL || history_verify(h, &sum) != 0) {
    if (h != NULL)
      snprintf(err, sizeof err, "%s", history_error(h));
    history_close(h);
    json_object_object_add(s, "error", json_object_new_string(err));
    snprintf(msg, sizeof msg, "the history %s cannot be read: %s", path, err);
    audit_add_finding(findings, "high", "history-unreadable", "history", NULL, msg, unreadable_rationale);
    goto done;
  }
  if (history_head(h, &head_seq, &head_ts, head) == 0) {
    for (size_t i = 0; i < SHA256_DIGEST_LEN; i++)
      snprintf(head_hex + 2 * i, 3, "%02x", head[i]);
    have_head = 1;
  }
  history_close(h);
summary:
  json_object_object_add(s, "events", json_object_new_int64(sum.events));
  json_object_object_add(s, "first_seq", json_object_new_int64(sum.first_seq));
  json_object_object_add(s, "last_seq", json_object_new_int64(sum.last_seq));
  add_time(s, "oldest", sum.oldest_ts, sum.events > 0);
  add_time(s, "newest", sum.newest_ts, sum.events > 0);
  json_object_object_add(s, "oldest_stamp", sum.events > 0 ? json_object_new_int64(sum.oldest_ts) : NULL);
  json_object_object_add(s, "newest_stamp", sum.events > 0 ? json_object_new_int64(sum.newest_ts) : NULL);
  json_object_object_add(s, "file_bytes", json_object_new_int64(sum.file_bytes));
  /* the newest event as the file records it: kept elsewhere, it shows a
   * later rewrite of the whole chain */
  json_object_object_add(s, "head_seq", have_head ? json_object_new_int64(head_seq) : NULL);
  json_object_object_add(s, "head_hash", have_head ? json_object_new_string(head_hex) : NULL);
  json_object_object_add(s, "chain_intact", json_object_new_boolean(sum.chain_intact));
  json_object_object_add(s, "broken_at_seq", sum.chain_intact ? NULL : json_object_new_int64(sum.broken_at_seq));
  json_object_object_add(s, "problem", sum.chain_intact ? NULL : json_object_new_string(sum.problem));
  if (!sum.chain_intact) {
    snprintf(msg, sizeof msg, "the history's hash chain breaks at event %lld: %s", (long long)sum.broken_at_seq,
             sum.problem);
    audit_add_finding(findings, "high", "history-chain-broken", "history", NULL, msg, chain_rationale);
  }
done:
  free(private_dir);
  free(path);
  return s;
}
