/* broker/policy/lint.h -- review lints over a parsed, validated Box policy
 * (dogwood.md 8.3), for `box-broker --audit`.
 *
 * The lints never change a decision; they tell a reviewer where a policy
 * protects less than it seems to.  Each finding names its rule, has a
 * severity and a fixed code, and carries the rationale of its kind:
 *
 *   fs-permit-no-path      high    an fs:* permit with no condition on the path
 *   fs-permit-credentials  high    an fs:* permit whose path condition reaches ~/.ssh or ~/.aws, unforbidden
 *   net-permit-no-host     high    a net:connect / http:request permit with no host condition
 *   forbid-can-error       high    a forbid whose condition can fail to evaluate
 *   rule-never-applies     medium  a rule whose condition is false for every action it names
 *   like-leading-wildcard  medium  a `like` pattern that starts with `*`
 *   write-over-workspace   medium  a write/delete/move permit covering the workspace root
 *   no-metadata-forbid     medium  net permits, but no forbid on cloud metadata / link-local
 *   like-sibling-prefix    low     a permit path pattern "dir*" that also matches siblings
 *   permit-shadowed        low     a permit that a forbid always overrides
 * and, given the policy's temporal leaves, the temporal-* lints of
 * lint_temporal.c (caps written as permits, budgets and preconditions
 * keyed on the wrong event kind, windows, dedup, correlation).
 *
 * The analyses are static (over the AST, with Box's schema) plus a few
 * probe evaluations with the real evaluator (metadata hosts, the workspace
 * root); they are sound for what they report but not complete. */
#ifndef BOX_POLICY_LINT_H
#define BOX_POLICY_LINT_H

#include <stddef.h>

#include "broker/policy/ast.h"

enum lint_severity { LINT_HIGH, LINT_MEDIUM, LINT_LOW, LINT_INFO };

struct lint_finding {
	enum lint_severity severity;
	const char *code;               /* static, e.g. "fs-permit-no-path" */
	const char *rationale;          /* static: why this kind of finding matters */
	int rule;                       /* rule index, or -1 for the whole policy */
	char *message;                  /* malloc'd, one sentence about this rule */
};

struct lint_result {
	struct lint_finding *v;
	size_t n, cap;
};

struct lint_options {
	/* The workspace as policies spell it ("~/src/project" under the
	 * operator home, else absolute), or NULL to skip write-over-workspace. */
	const char *workspace;
	/* The policy's temporal leaves (parse_policy_set_temporal), or NULL
	 * to skip the temporal lints. */
	const struct temporal_set *temporal;
};

/* Runs every lint over ps (parsed and box_validate()d).  Findings come in
 * rule order, policy-wide ones last.  Always succeeds (out of memory aborts). */
void policy_lint(const struct policy_set *ps, const struct lint_options *opts,
                 struct lint_result *out);
void lint_result_free(struct lint_result *res);
/* Adds one finding (message copied); out of memory aborts.  The lints of
 * lint.c and lint_temporal.c each look their codes up in their own table,
 * then add through this. */
void lint_result_append(struct lint_result *res, enum lint_severity severity, const char *code,
                        const char *rationale, int rule, const char *message);

/* lint_temporal.c: the temporal lints alone (policy_lint runs them when
 * opts->temporal is set), and the rationale of their codes. */
struct temporal_set;
void lint_temporal(const struct policy_set *ps, const struct temporal_set *ts, struct lint_result *out);
const char *lint_temporal_rationale(const char *code);
/* Box's load-time check of caps written as permits (dogwood.md 8.2,
 * strands-box.md 3): 1 when one sits beside an unconditioned permit of the
 * same action (the policy is refused), 2 beside a conditioned one (a
 * warning), 0 otherwise; msg holds the text for 1 and 2. */
int lint_temporal_cap_check(const struct policy_set *ps, const struct temporal_set *ts, char *msg, size_t len);

/* "high", "medium", "low", "info". */
const char *lint_severity_name(enum lint_severity sev);

/* The rationale of a finding code (NULL when unknown): the same text the
 * findings carry, for documentation and for the audit's JSON. */
const char *lint_rationale(const char *code);

/* The rule as a reviewer names it: @id("x") when it has one, else
 * "rule N" (N counted from 1).  Writes at most cap bytes. */
void lint_rule_name(const struct rule *r, char *buf, size_t cap);

/* Bit i set when rule r can apply to box_actions[i] (the reserved fs:other
 * never counts). */
unsigned lint_rule_live_actions(const struct rule *r);

#endif
