/* box_schema.h -- the Strands Box action vocabulary (strands-box.md 3) and
 * the load-time validation of Box policies (dogwood.md 8.2). */
#ifndef BOX_POLICY_BOX_SCHEMA_H
#define BOX_POLICY_BOX_SCHEMA_H

#include "broker/policy/ast.h"
#include "broker/policy/schema.h"

#define BOX_PRINCIPAL_TYPE "Box::Agent"
#define BOX_PRINCIPAL_ID "self"
#define BOX_RESOURCE_TYPE "Box::Resource"
#define BOX_RESOURCE_ID "unused"
#define BOX_ACTION_TYPE "Box::Action"

enum { BOX_NACTIONS = 8 };

struct box_action {
	const char *name;               /* "fs:read" */
	const struct stype *input;      /* record type of context.input */
	int reserved;                   /* fs:other: known, never raised */
};

extern const struct box_action box_actions[BOX_NACTIONS];

/* Index of a bare action name ("fs:read"), or -1. */
int box_action_index(struct str name);

/* Validate a parsed set against the Box schema.  operator_home may be NULL
 * (no inert-literal check).  Returns 0, or -1 with the refusal in err. */
int box_validate(const struct policy_set *, const char *operator_home, char *err, size_t errlen);

/* The event predicates of temporal leaves against the Box actions and
 * their events' fields (box_temporal.c).  0, or -1 with the refusal. */
struct temporal_set;
int box_validate_temporal(const struct temporal_set *, char *err, size_t errlen);

/* Which Box actions can rule r apply to (bit i = box_actions[i]). */
unsigned box_rule_actions(const struct rule *r);

#endif
