/* broker/policy/temporal_describe.h -- a temporal formula (temporal.h) in
 * plain words, for `box-broker --audit`:
 *
 *   within the last 1h, more than 20 fs:write requests were made (this one included)
 *   within the last 24h, an fs:read request with path ~/secrets/token was made
 *   within the last 1h, the body_bytes of http:request requests add up to more than 1000
 *
 * The common shapes (a count or sum compared with a number, directly or
 * through `exists (n: Long). (agg == n && n > N)` as `bind` writes it; an
 * event looked back for; "no X since Y") read as sentences; every other
 * shape reads node by node in a generic but faithful wording, so that
 * every formula the parser accepts has a reading. */
#ifndef BOX_POLICY_TEMPORAL_DESCRIBE_H
#define BOX_POLICY_TEMPORAL_DESCRIBE_H

#include "broker/policy/temporal.h"

/* The leaf in words, malloc'd (never NULL: out of memory aborts), at most
 * about 4 KiB (longer readings end with "...").  rule_actions: the bit
 * (1u << box action index) of each action the leaf's rule applies to;
 * a count of requests of one of them says the request being decided is
 * counted. */
char *temporal_describe(const struct temporal_leaf *leaf, unsigned rule_actions);

/* "1h", "30m", "90s", "24h": a window in the unit a policy would use. */
void temporal_window_text(int64_t seconds, char *buf, size_t cap);

#endif
