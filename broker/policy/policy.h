/* policy.h -- public API of the Dogwood/Cedar policy engine (libboxpolicy.a).
 *
 * The broker loads the operator's policy.dw once (parse + Box schema
 * validation) and then decides every effect with policy_decide().  Cedar
 * semantics: default deny, forbid overrides permit, a rule whose evaluation
 * errors is skipped and reported.  A NULL policy (box.toml names no policy
 * file) denies everything with cause "no_match".
 *
 * Load errors are one line in err: parse errors carry "<name>:<line>:<col>: ";
 * validation refusals use the Strands Box texts (dogwood.md 8.2,
 * strands-box.md 3), e.g. "policy fails schema validation: for policy
 * `policy_0`, attribute `input.paht` in context for Box::Action::"fs:read"
 * not found".
 */
#ifndef BOX_POLICY_H
#define BOX_POLICY_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

struct policy;                  /* a loaded, validated policy set */

/* operator_home: absolute path of the operator's home (for the inert
 * path literal check); NULL skips that check. */
struct policy *policy_load_file(const char *path, const char *operator_home,
                                char *err, size_t errlen);
struct policy *policy_load_text(const char *text, size_t len, const char *name,
                                const char *operator_home, char *err, size_t errlen);
void policy_free(struct policy *);

/* The same, with flags: POLICY_ALLOW_TEMPORAL loads temporal rules (the
 * caller keeps the history they read and decides with
 * policy_decide_history); without it they are refused. */
#define POLICY_ALLOW_TEMPORAL 1u
struct policy *policy_load_file_ex(const char *path, const char *operator_home, unsigned flags,
                                   char *err, size_t errlen);
struct policy *policy_load_text_ex(const char *text, size_t len, const char *name,
                                   const char *operator_home, unsigned flags, char *err, size_t errlen);
/* What the policy's loading warned about (a temporal cap written as a
 * permit beside a conditioned permit of the same action), or NULL.  The
 * broker prints it as "box-broker: warning: ..." and runs. */
const char *policy_load_warning(const struct policy *);

/* 1 when the policy has temporal rules; the deepest window they read. */
int policy_has_temporal(const struct policy *);
int64_t policy_max_window_s(const struct policy *);
size_t policy_rule_count(const struct policy *);

struct policy_decision {
	int allow;              /* 1 permit, 0 deny */
	const char *cause;      /* static: "permitted" | "forbidden" | "no_match" */
	char **rules;           /* determining rule ids (@id, else "policy_N") */
	char **descriptions;    /* parallel to rules: @description or NULL */
	size_t nrules;
	char **errors;          /* "<rule id>: <message>" of each rule that errored */
	size_t nerrors;
};

/* action: "fs:read" (or Box::Action::"fs:read"); input: the context.input
 * record (NULL = empty record).  Returns 0 and fills *out (release with
 * policy_decision_clear), or -1 with err (unknown action, bad input value). */
int policy_decide(const struct policy *, const char *action, json_object *input,
                  struct policy_decision *out, char *err, size_t errlen);
void policy_decision_clear(struct policy_decision *);

/* policy_decide for a policy with temporal rules: events[0..n) is the
 * history up to and including the request being decided (its last
 * entry, already appended).  A temporal evaluation error denies, with the
 * message in out->errors. */
struct temporal_event;
int policy_decide_history(const struct policy *, const char *action, json_object *input,
                          const struct temporal_event *events, size_t n,
                          struct policy_decision *out, char *err, size_t errlen);

/* The same, where rule i sees only the events with seq >= rule_start_seq[i]
 * (policy edits are prospective: a new or changed rule starts with an
 * empty history); NULL: every rule sees every event. */
int policy_decide_history_from(const struct policy *, const char *action, json_object *input,
                               const struct temporal_event *events, size_t n, const int64_t *rule_start_seq,
                               struct policy_decision *out, char *err, size_t errlen);

/* An entity uid as Cedar's JSON writes it: {"__entity":{"type":..,"id":..}}.
 * New reference. */
json_object *policy_entity_json(const char *type, const char *id);

/* The input record of an action as history events carry it: a copy of
 * input with each enum field (fs operation) as a Cedar JSON entity
 * {"__entity":{"type":"Box::FsWriteOperation","id":"write_content"}}.
 * New reference; never NULL. */
json_object *policy_event_input(const char *action, json_object *input);

/* The actions whose outcome events (::response, ::error) some temporal
 * rule reads: bit i for the action policy_action_name(i) names ("fs:read",
 * ...; NULL past the last).  Their acts must not race the decisions that
 * read them (broker/effects/gate.c). */
unsigned policy_outcome_actions(const struct policy *);
const char *policy_action_name(unsigned i);

/* Rule i's identity across edits of the file: hex SHA-256 of its tokens
 * after macro expansion (spacing, comments and its position do not
 * count).  1 when rule i has a temporal part. */
const char *policy_rule_fingerprint(const struct policy *, size_t i);
int policy_rule_is_temporal(const struct policy *, size_t i);

/* Denial text for a deny decision (malloc'd; NULL on an allow), e.g.
 * "policy denied this operation on '~/x' [default-deny]: No permit policy matched this request."
 * "policy denied this operation on '~/.env' [policy: no_env]: Credentials stay private." */
char *policy_denial_text(const struct policy_decision *, const char *subject);

/* What a decision log / denial names as the resource of a request:
 * fs:* path, shell:exec program, net:connect host:port,
 * http:request host:port/path.  malloc'd; never NULL on success. */
char *policy_request_subject(const char *action, json_object *input);

/* --decide: request JSON {"action":..,"input":{..}} -> decision JSON
 * {"decision":"allow"|"deny","cause":..,"rules":[..],"reason":text|null,
 *  "errors":[..]}.  Returns malloc'd string, or NULL with err. */
char *policy_decide_json(const struct policy *, const char *request_json,
                         char *err, size_t errlen);
/* The same, deciding with decide_fn(arg, ...) in place of policy_decide
 * (the broker's --decide decides against the box's history). */
typedef int (*policy_decide_fn)(void *arg, const char *action, json_object *input, struct policy_decision *out,
                                char *err, size_t errlen);
char *policy_decide_json_via(const struct policy *, const char *request_json, policy_decide_fn decide_fn,
                             void *arg, char *err, size_t errlen);

/* --- for the incremental temporal monitor (monitor.h) --- */

/* How far back before a decision's stamp the temporal rules read: nested
 * windows add up, so this is at least policy_max_window_s (a history
 * pruned to policy_max_window_s can lose events a nested rule reads). */
int64_t policy_history_reach_s(const struct policy *);

/* The policy's temporal leaves (leaf i: set->leaves[i]); NULL for NULL. */
struct temporal_set;
const struct temporal_set *policy_temporal_set(const struct policy *);
/* 1 when leaf i belongs to a rule that can decide action, 0 when not, -1
 * for an unknown action. */
int policy_leaf_decides(const struct policy *, size_t leaf, const char *action);
/* policy_decide_history with the leaves already evaluated: leaf_values[i]
 * (1 true, 0 false) for each leaf i that policy_leaf_decides for action;
 * temporal_error non-NULL: the evaluation failed, deny with that error
 * (after the same checks of action and input). */
int policy_decide_leaf_values(const struct policy *, const char *action, json_object *input,
                              const signed char *leaf_values, const char *temporal_error,
                              struct policy_decision *out, char *err, size_t errlen);

#endif
