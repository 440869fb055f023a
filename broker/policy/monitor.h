/* monitor.h -- a policy's decisions over its history, kept incrementally:
 * the broker observes each event as it appends it and decides the newest
 * with policy_monitor_decide, which gives policy_decide_history's result
 * over every observed event without rescanning them (the leaves are kept
 * by temporal_monitor.h, pruned to the deepest window). */
#ifndef BOX_POLICY_MONITOR_H
#define BOX_POLICY_MONITOR_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"

struct policy_monitor;

/* rule_start_seq[i] (i = rule index from 0, policy_rule_count entries): rule i sees only
 * events with seq >= rule_start_seq[i] (policy edits are prospective); NULL: all. Copied.
 * The policy must outlive the monitor.  NULL when out of memory. */
struct policy_monitor *policy_monitor_new(const struct policy *, const int64_t *rule_start_seq);
void policy_monitor_free(struct policy_monitor *);
/* Add e (the newest event: e->seq strictly greater, e->ts_s not smaller than every event
 * observed before) to the state of every leaf.  The monitor copies what it keeps (the
 * caller frees e; its record is kept by reference and must not change afterwards).
 * -1 + err when the event is out of order. */
int policy_monitor_observe(struct policy_monitor *, const struct temporal_event *e, char *err, size_t errlen);
/* Decide the newest observed event, which is the request of (action, input): same result
 * as policy_decide_history over every observed event (respecting rule_start_seq); a
 * temporal evaluation error denies with errors ["temporal evaluation: ..."]. */
int policy_monitor_decide(struct policy_monitor *, const char *action, json_object *input,
                          struct policy_decision *out, char *err, size_t errlen);
/* The same, with the request event's input as its record holds it
 * (policy_event_input(action, input), NULL: made here): the gate has it. */
int policy_monitor_decide_as(struct policy_monitor *, const char *action, json_object *input,
                             json_object *event_input, struct policy_decision *out, char *err, size_t errlen);
int64_t policy_monitor_last_seq(const struct policy_monitor *);  /* 0: none observed */
/* Events the monitor holds (its window), for tests and the bench. */
size_t policy_monitor_kept(const struct policy_monitor *);

#endif
