/* authorize.c -- Cedar authorization (dogwood.md 3.3). */
#include "broker/policy/authorize.h"

#include <string.h>

void authorize(const struct rule *rules, const size_t *idx, size_t n,
               const struct request *req, const struct entity_store *es, struct arena *scratch,
               struct auth_result *out)
{
	struct eval_ctx ctx;
	memset(out, 0, sizeof *out);
	ctx.req = req;
	ctx.entities = es;
	ctx.a = scratch;
	size_t *permits = arena_array(scratch, n, sizeof *permits), np = 0;
	size_t *forbids = arena_array(scratch, n, sizeof *forbids), nf = 0;
	out->errors = arena_array(scratch, n, sizeof *out->errors);
	out->messages = arena_array(scratch, n, sizeof *out->messages);
	for (size_t k = 0; k < n; k++) {
		size_t i = idx ? idx[k] : k;
		const struct rule *r = &rules[i];
		int res = eval_condition(&ctx, r->cond);
		if (res < 0) {
			out->errors[out->nerrors] = i;
			out->messages[out->nerrors++] = arena_strdup(scratch, ctx.err, strlen(ctx.err));
		} else if (res) {
			if (r->permit)
				permits[np++] = i;
			else
				forbids[nf++] = i;
		}
	}
	if (nf) {
		out->allow = 0;
		out->determining = forbids;
		out->ndetermining = nf;
	} else {
		out->allow = np > 0;
		out->determining = permits;
		out->ndetermining = np;
	}
}

void auth_result_free(struct auth_result *r)
{
	memset(r, 0, sizeof *r);        /* the arrays live in the scratch arena */
}
