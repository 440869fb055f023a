/* monitor.c -- policy_monitor (monitor.h): a temporal_monitor over the
 * policy's leaves, and Cedar run with the booleans it gives for the
 * leaves of the rules that decide the request's action. */
#include "broker/policy/monitor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/box_schema.h"
#include "broker/policy/temporal_monitor.h"

struct policy_monitor {
	const struct policy *policy;
	struct temporal_monitor *tm;
	json_object *principal, *resource;      /* what a leaf reads as principal / resource */
	signed char *values;                    /* per leaf, for one decision */
	size_t nleaves;
};

static json_object *entity_json(const char *type, const char *id)
{
	json_object *e = json_object_new_object(), *in = json_object_new_object();
	json_object_object_add(in, "type", json_object_new_string(type));
	json_object_object_add(in, "id", json_object_new_string(id));
	json_object_object_add(e, "__entity", in);
	return e;
}

struct policy_monitor *policy_monitor_new(const struct policy *p, const int64_t *rule_start_seq)
{
	struct policy_monitor *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	const struct temporal_set *set = policy_temporal_set(p);
	m->policy = p;
	m->nleaves = set ? set->n : 0;
	m->values = calloc(m->nleaves ? m->nleaves : 1, 1);
	m->tm = temporal_monitor_new(set, rule_start_seq, policy_rule_count(p));
	m->principal = entity_json(BOX_PRINCIPAL_TYPE, BOX_PRINCIPAL_ID);
	m->resource = entity_json(BOX_RESOURCE_TYPE, BOX_RESOURCE_ID);
	if (!m->values || !m->tm || !m->principal || !m->resource) {
		policy_monitor_free(m);
		return NULL;
	}
	return m;
}

void policy_monitor_free(struct policy_monitor *m)
{
	if (!m)
		return;
	temporal_monitor_free(m->tm);
	json_object_put(m->principal);
	json_object_put(m->resource);
	free(m->values);
	free(m);
}

int policy_monitor_observe(struct policy_monitor *m, const struct temporal_event *e, char *err, size_t errlen)
{
	return temporal_monitor_observe(m->tm, e, err, errlen);
}

int policy_monitor_decide(struct policy_monitor *m, const char *action, json_object *input,
                          struct policy_decision *out, char *err, size_t errlen)
{
	char terr[300];
	const char *temporal_error = NULL;
	if (m->nleaves && policy_leaf_decides(m->policy, 0, action) >= 0 &&
	    (!input || json_object_is_type(input, json_type_object))) {
		/* what the leaves read of the request: enum fields as entities, as events carry them */
		json_object *ctx = json_object_new_object();
		json_object_object_add(ctx, "input", policy_event_input(action, input));
		struct temporal_request rq = { ctx, m->principal, m->resource, NULL };
		memset(m->values, 0, m->nleaves);
		if (temporal_monitor_kept(m->tm) == 0) {
			snprintf(terr, sizeof terr, "temporal evaluation: the history does not hold the request being decided");
			temporal_error = terr;
		}
		for (size_t i = 0; i < m->nleaves && !temporal_error; i++) {
			if (policy_leaf_decides(m->policy, i, action) != 1)
				continue;
			int v = temporal_monitor_eval(m->tm, i, &rq, terr, sizeof terr);
			if (v < 0)
				temporal_error = terr;
			m->values[i] = (signed char)(v > 0);
		}
		json_object_put(ctx);
	}
	return policy_decide_leaf_values(m->policy, action, input, m->values, temporal_error, out, err, errlen);
}

int64_t policy_monitor_last_seq(const struct policy_monitor *m)
{
	return m ? temporal_monitor_last_seq(m->tm) : 0;
}

size_t policy_monitor_kept(const struct policy_monitor *m)
{
	return m ? temporal_monitor_kept(m->tm) : 0;
}
