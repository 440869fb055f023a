/* temporal_monitor.h -- incremental evaluation of a policy's temporal
 * leaves (temporal.h) as events arrive, instead of a rescan of the whole
 * history at each decision (dogwood.md 5.3: per-leaf monitors with
 * window-pruned state).
 *
 * The monitor keeps the events of the deepest window any leaf reaches
 * (nested windows add up), nothing older, and for the shapes operators
 * write a summary per leaf part that answers at the decision point in
 * O(1): `formerly within W P{..}` (P pinned to literals, to the request or
 * `_`), count / sum budgets `count for (t: Timepoint)... where formerly
 * within W (P{..} && tp(t))` (a sliding window per value of the request
 * pins), and `a since within W b` over request-free predicates.  Every
 * other part is evaluated by the relational evaluator over the kept
 * events, so the answers are always temporal_leaf_eval's over the whole
 * history. */
#ifndef BOX_POLICY_TEMPORAL_MONITOR_H
#define BOX_POLICY_TEMPORAL_MONITOR_H

#include <stddef.h>
#include <stdint.h>

#include "broker/policy/temporal.h"

struct temporal_monitor;

/* Monitors for the leaves of set (which must outlive the monitor).
 * rule_start_seq[r] (nrules entries, r = a leaf's rule): rule r sees only
 * the events with seq >= rule_start_seq[r]; NULL: every event.  Copied.
 * NULL when out of memory. */
struct temporal_monitor *temporal_monitor_new(const struct temporal_set *set, const int64_t *rule_start_seq,
                                              size_t nrules);
void temporal_monitor_free(struct temporal_monitor *);

/* Add e, the newest event (seq strictly greater, ts_s not smaller than
 * every event before); the monitor keeps what it needs of it.  -1 with err when e is
 * out of order (nothing changes) or memory runs out. */
int temporal_monitor_observe(struct temporal_monitor *, const struct temporal_event *e, char *err, size_t errlen);

/* Leaf i of the set at the newest observed event (the request being
 * decided): temporal_leaf_eval's answer over every observed event the
 * leaf's rule sees (0 when it sees none), or -1 with err. */
int temporal_monitor_eval(struct temporal_monitor *, size_t leaf, const struct temporal_request *,
                          char *err, size_t errlen);

int64_t temporal_monitor_last_seq(const struct temporal_monitor *);     /* 0: none observed */
int64_t temporal_monitor_observed(const struct temporal_monitor *);     /* events observed */
/* events held: those within the reach, or none when every leaf is
 * answered by its summaries alone */
size_t temporal_monitor_kept(const struct temporal_monitor *);
size_t temporal_monitor_summaries(const struct temporal_monitor *);     /* incremental parts */

#endif
