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
	size_t *used[BOX_NACTIONS];             /* per Box action: the leaves its rules use */
	size_t nused[BOX_NACTIONS];
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
	int ok = m->values && m->tm && m->principal && m->resource;
	for (int a = 0; a < BOX_NACTIONS && ok; a++) {
		ok = (m->used[a] = calloc(m->nleaves ? m->nleaves : 1, sizeof *m->used[a])) != NULL;
		for (size_t i = 0; ok && i < m->nleaves; i++)
			if (policy_leaf_decides(p, i, box_actions[a].name) == 1)
				m->used[a][m->nused[a]++] = i;
	}
	if (!ok) {
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
	for (int a = 0; a < BOX_NACTIONS; a++)
		free(m->used[a]);
	free(m->values);
	free(m);
}

int policy_monitor_observe(struct policy_monitor *m, const struct temporal_event *e, char *err, size_t errlen)
{
	return temporal_monitor_observe(m->tm, e, err, errlen);
}

/* The Box action named by action ("fs:read" or Box::Action::"fs:read"), or -1. */
static int action_index(const struct policy *p, const char *action)
{
	for (int a = 0; action && a < BOX_NACTIONS; a++)
		if (strcmp(action, box_actions[a].name) == 0)
			return box_actions[a].reserved ? -1 : a;
	if (policy_leaf_decides(p, 0, action) < 0)
		return -1;
	for (int a = 0; a < BOX_NACTIONS; a++) {
		size_t n = strlen(box_actions[a].name);
		if (strlen(action) == n + sizeof BOX_ACTION_TYPE "::\"\"" - 1 &&
		    strncmp(action + sizeof BOX_ACTION_TYPE "::\"" - 1, box_actions[a].name, n) == 0)
			return a;
	}
	return -1;
}

int policy_monitor_decide(struct policy_monitor *m, const char *action, json_object *input,
                          struct policy_decision *out, char *err, size_t errlen)
{
	return policy_monitor_decide_as(m, action, input, NULL, out, err, errlen);
}

int policy_monitor_decide_as(struct policy_monitor *m, const char *action, json_object *input,
                             json_object *event_input, struct policy_decision *out, char *err, size_t errlen)
{
	char terr[300];
	const char *temporal_error = NULL;
	int a = m->nleaves ? action_index(m->policy, action) : -1;
	if (a >= 0 && (!input || json_object_is_type(input, json_type_object))) {
		memset(m->values, 0, m->nleaves);
		if (temporal_monitor_observed(m->tm) == 0) {
			snprintf(terr, sizeof terr, "temporal evaluation: the history does not hold the request being decided");
			temporal_error = terr;
		} else if (m->nused[a]) {
			/* what the leaves read of the request: enum fields as entities, as events carry them */
			json_object *ctx = json_object_new_object();
			json_object_object_add(ctx, "input", event_input ? json_object_get(event_input)
			                                                 : policy_event_input(box_actions[a].name, input));
			struct temporal_request rq = { ctx, m->principal, m->resource, NULL };
			for (size_t k = 0; k < m->nused[a] && !temporal_error; k++) {
				size_t i = m->used[a][k];
				int v = temporal_monitor_eval(m->tm, i, &rq, terr, sizeof terr);
				if (v < 0)
					temporal_error = terr;
				m->values[i] = (signed char)(v > 0);
			}
			json_object_put(ctx);
		}
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
