/* eval.h -- the Cedar expression evaluator.  Any failure is an evaluation
 * error for the whole rule (message in ctx->err). */
#ifndef BOX_POLICY_EVAL_H
#define BOX_POLICY_EVAL_H

#include "broker/policy/ast.h"
#include "broker/policy/entities.h"

struct request {
	const struct value *principal, *action, *resource, *context;
};

struct eval_ctx {
	const struct request *req;
	const struct entity_store *entities;    /* may be NULL */
	struct arena *a;                        /* temporaries */
	char err[256];
};

/* NULL on an evaluation error. */
const struct value *eval_expr(struct eval_ctx *, const struct expr *);

/* 1 satisfied, 0 not, -1 error (ctx->err). */
int eval_condition(struct eval_ctx *, const struct expr *);

#endif
