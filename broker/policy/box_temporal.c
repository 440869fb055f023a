/* box_temporal.c -- the Box schema's load-time checks of temporal leaves
 * (strands-box.md 3 "Temporal rules"; dogwood.md 4.5, 8.2): every event
 * predicate names a Box action (Box::Action::"fs:write"), one of the
 * event kinds (request, response, error), and fields the event carries:
 * `input.<a field of the action's input>`, on a response `output.result`
 * or `output.status`, and the reserved callerPrincipal, callerResource,
 * requestId, sessionId.  A `context.` reference must be context.input.X. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "broker/policy/box_schema.h"
#include "broker/policy/temporal.h"

struct tcheck {
	const struct temporal_leaf *leaf;
	char *err;
	size_t errlen;
};

static int tfail(struct tcheck *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int tfail(struct tcheck *c, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s", msg);
	return -1;
}

static int input_has(const struct stype *rec, const char *name)
{
	for (size_t i = 0; i < rec->nfields; i++)
		if (rec->fields[i].name.n == strlen(name) && memcmp(rec->fields[i].name.p, name, rec->fields[i].name.n) == 0)
			return 1;
	return 0;
}

static void input_fields(const struct stype *rec, char *buf, size_t cap)
{
	size_t o = 0;
	buf[0] = 0;
	for (size_t i = 0; i < rec->nfields && o < cap; i++) {
		int w = snprintf(buf + o, cap - o, "%s%.*s", i ? ", " : "", (int)rec->fields[i].name.n, rec->fields[i].name.p);
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

static int check_field(struct tcheck *c, const struct tnode *n, const struct box_action *a, const struct tfield *f)
{
	static const char *const reserved[] = { "callerPrincipal", "callerResource", "requestId", "sessionId", NULL };
	int rule = c->leaf->rule;
	if (f->npath == 1) {
		for (int i = 0; reserved[i]; i++)
			if (strcmp(f->path[0], reserved[i]) == 0)
				return 0;
	}
	if (f->npath == 2 && strcmp(f->path[0], "input") == 0) {
		if (input_has(a->input, f->path[1]))
			return 0;
		char fields[400];
		input_fields(a->input, fields, sizeof fields);
		return tfail(c, "policy fails schema validation: for policy `policy_%d`, the event "
		             "Box::Action::\"%s\"::%s has no field `input.%s`; its input fields are %s",
		             rule, a->name, n->event_kind, f->path[1], fields);
	}
	if (f->npath == 2 && strcmp(f->path[0], "output") == 0 && strcmp(n->event_kind, "response") == 0 &&
	    (strcmp(f->path[1], "result") == 0 || strcmp(f->path[1], "status") == 0))
		return 0;
	char path[256];
	size_t o = 0;
	for (size_t i = 0; i < f->npath && o < sizeof path; i++)
		o += (size_t)snprintf(path + o, sizeof path - o, "%s%s", i ? "." : "", f->path[i]);
	return tfail(c, "policy fails schema validation: for policy `policy_%d`, the event "
	             "Box::Action::\"%s\"::%s has no field `%s` (its fields are input.*, callerPrincipal, "
	             "callerResource, requestId, sessionId%s)", rule, a->name, n->event_kind, path,
	             strcmp(n->event_kind, "response") == 0 ? ", output.result, output.status" : "");
}

static int check_term(struct tcheck *c, const struct tterm *t);
static int check_node(struct tcheck *c, const struct tnode *n);

static int check_term(struct tcheck *c, const struct tterm *t)
{
	if (!t)
		return 0;
	if (t->kind == TT_CONTEXT && (t->npath < 2 || strcmp(t->path[0], "input") != 0))
		return tfail(c, "policy fails schema validation: for policy `policy_%d`, a temporal condition "
		             "reads `context.%s`: the request's fields are under context.input",
		             c->leaf->rule, t->npath ? t->path[0] : "");
	if ((t->kind == TT_COUNT || t->kind == TT_SUM) && check_node(c, t->where) != 0)
		return -1;
	return 0;
}

static int check_node(struct tcheck *c, const struct tnode *n)
{
	if (!n)
		return 0;
	if (n->kind == TN_PRED) {
		int rule = c->leaf->rule;
		if (strcmp(n->action_type, BOX_ACTION_TYPE) != 0)
			return tfail(c, "policy references unknown action: for policy `policy_%d`, unrecognized "
			             "action `%s::\"%s\"`; a temporal predicate names a Box action such as "
			             "Box::Action::\"fs:write\"::request{...}", rule, n->action_type, n->action_id);
		int ai = box_action_index(str_c(n->action_id));
		if (ai < 0)
			return tfail(c, "policy references unknown action: for policy `policy_%d`, unrecognized "
			             "action `Box::Action::\"%s\"`", rule, n->action_id);
		if (strcmp(n->event_kind, "request") != 0 && strcmp(n->event_kind, "response") != 0 &&
		    strcmp(n->event_kind, "error") != 0)
			return tfail(c, "policy fails schema validation: for policy `policy_%d`, Box::Action::\"%s\" has "
			             "no event kind `%s`; the kinds are request, response and error", rule, n->action_id,
			             n->event_kind);
		for (size_t i = 0; i < n->nfields; i++) {
			if (check_field(c, n, &box_actions[ai], &n->fields[i]) != 0)
				return -1;
			if (check_term(c, n->fields[i].term) != 0)
				return -1;
		}
		return 0;
	}
	if (n->kind == TN_CMP)
		return check_term(c, n->lhs) != 0 || check_term(c, n->rhs) != 0 ? -1 : 0;
	return check_node(c, n->a) != 0 || check_node(c, n->b) != 0 ? -1 : 0;
}

int box_validate_temporal(const struct temporal_set *ts, char *err, size_t errlen)
{
	for (size_t i = 0; i < ts->n; i++) {
		struct tcheck c = { ts->leaves[i], err, errlen };
		if (check_node(&c, ts->leaves[i]->root) != 0)
			return -1;
	}
	return 0;
}
