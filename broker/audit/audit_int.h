/* broker/audit/audit_int.h -- the parts of the audit, shared between its
 * files.  The report is one json-c document built section by section; the
 * JSON output prints it and the text renderer lays the same data out for a
 * human, so the two never disagree. */
#ifndef BOX_AUDIT_AUDIT_INT_H
#define BOX_AUDIT_AUDIT_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <json-c/json.h>

#include "broker/config/config.h"

struct policy_set;
struct rule;

/* Appends a finding to the array findings.  rule may be NULL (policy- or
 * box-wide). */
void audit_add_finding(json_object *findings, const char *severity, const char *code,
                       const char *section, const char *rule, const char *message,
                       const char *rationale);

/* The spelling policies use for path: "~" / "~/..." under home, else the
 * path itself.  malloc'd. */
char *audit_box_spelling(const char *path, const char *home);

/* audit_config.c: the "configuration" section. */
json_object *audit_config_section(const struct box_config *cfg);

/* What the policy's temporal rules need of the rest of the audit. */
struct audit_temporal {
  size_t leaves;                /* temporal blocks in the policy (0: no temporal rule) */
  int64_t max_window_s;         /* the deepest window they read */
  int64_t reach_s;              /* how far back the history is kept: nested windows add up */
};

/* audit_policy.c: loads the policy as the broker does and returns the
 * "policy" section, adding lint findings and filling *temporal; NULL with
 * "box-broker: error: ..." in err when the policy does not load. */
json_object *audit_policy_section(const struct box_config *cfg, json_object *findings,
                                  struct audit_temporal *temporal, char *err, size_t errlen);

/* audit_history.c: the "history" section of a box whose policy has
 * temporal rules: the history file's events, oldest and newest stamps,
 * size and hash chain, read without creating or changing the file; a
 * broken chain or an unreadable file is a high finding. */
json_object *audit_history_section(const struct box_config *cfg, const struct audit_temporal *temporal,
                                   json_object *findings);

/* audit_reading.c: a rule in plain words ("allows fs:read when path is
 * ~/src/project or matches ~/src/project/...").  temporal: the policy's
 * temporal leaves (NULL: none), read in words where the rule uses them.
 * malloc'd. */
struct temporal_set;
char *audit_rule_reading(const struct rule *r, const struct temporal_set *temporal);

/* audit_sandbox.c: the "sandbox" section (filter, rlimits, live check). */
json_object *audit_sandbox_section(const char *worker_path, int skip_live_check,
                                   json_object *findings);

/* audit_live.c: the live check's list of checks, each
 * {"check", "status": "pass"|"fail"|"not-verified", "detail"}. */
json_object *audit_live_check(const char *worker_path);

/* audit_activity.c: the "activity" section from the decision log. */
json_object *audit_activity_section(const struct box_config *cfg);

/* audit_text.c: the report for a human. */
void audit_render_text(json_object *doc, FILE *out);

#endif
