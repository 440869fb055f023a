/* authorize.h -- the Cedar decision function over a set of rules:
 * Allow iff some permit is satisfied and no forbid is; erroring rules are
 * skipped and reported. */
#ifndef BOX_POLICY_AUTHORIZE_H
#define BOX_POLICY_AUTHORIZE_H

#include "broker/policy/eval.h"

struct auth_result {
	int allow;
	/* indexes into the rule array: the determining rules (satisfied forbids
	 * on deny, satisfied permits on allow) and the erroring rules */
	size_t *determining, ndetermining;
	size_t *errors, nerrors;
	char **messages;        /* per error */
};

/* Evaluates rules[idx[0..n-1]] (or all rules when idx is NULL).  The
 * result's arrays live in the scratch arena. */
void authorize(const struct rule *rules, const size_t *idx, size_t n,
               const struct request *, const struct entity_store *, struct arena *scratch,
               struct auth_result *out);
void auth_result_free(struct auth_result *);

#endif
