/* box_schema.c -- Box's action schema and the load-time refusals of
 * dogwood.md 8.2: unknown action, unknown `context.input` field, optional
 * field read without `has`, unknown enum value, duplicate @id, a rule
 * naming only the reserved fs:other, and inert path literals (an absolute
 * path under the operator's home, or a trailing slash). */
#include "broker/policy/box_schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/ext.h"

#define S(lit) { lit, sizeof(lit) - 1 }

static const struct stype t_string = { .k = ST_STRING };
static const struct stype t_long = { .k = ST_LONG };
static const struct stype t_bool = { .k = ST_BOOL };
static const struct stype t_read_op = { .k = ST_ENTITY, .name = S("Box::FsReadOperation"), .enum_from_string = 1 };
static const struct stype t_write_op = { .k = ST_ENTITY, .name = S("Box::FsWriteOperation"), .enum_from_string = 1 };
static const struct stype t_delete_op = { .k = ST_ENTITY, .name = S("Box::FsDeleteOperation"), .enum_from_string = 1 };
static const struct stype t_move_op = { .k = ST_ENTITY, .name = S("Box::FsMoveOperation"), .enum_from_string = 1 };
static const struct stype t_other_op = { .k = ST_ENTITY, .name = S("Box::FsOtherOperation"), .enum_from_string = 1 };

#define FS_FIELDS(name, optype) \
	static const struct sfield name[] = { { S("path"), 0, &t_string }, { S("operation"), 0, &optype } }
FS_FIELDS(f_read, t_read_op);
FS_FIELDS(f_write, t_write_op);
FS_FIELDS(f_delete, t_delete_op);
FS_FIELDS(f_move, t_move_op);
FS_FIELDS(f_other, t_other_op);
static const struct sfield f_connect[] = {
	{ S("host"), 0, &t_string }, { S("port"), 0, &t_long }, { S("ip"), 1, &t_string },
};
static const struct sfield f_http[] = {
	{ S("host"), 0, &t_string }, { S("port"), 0, &t_long }, { S("method"), 0, &t_string },
	{ S("path"), 0, &t_string }, { S("body_bytes"), 0, &t_long }, { S("intercepted"), 0, &t_bool },
};
static const struct sfield f_exec[] = {
	{ S("command"), 0, &t_string }, { S("program"), 0, &t_string }, { S("arg1"), 1, &t_string },
	{ S("arg2"), 1, &t_string }, { S("arg_count"), 0, &t_long }, { S("cwd"), 0, &t_string },
};

#define REC(name, list) \
	static const struct stype name = { .k = ST_RECORD, .fields = (struct sfield *)list, \
	                                   .nfields = sizeof list / sizeof list[0] }
REC(r_read, f_read);
REC(r_write, f_write);
REC(r_delete, f_delete);
REC(r_move, f_move);
REC(r_other, f_other);
REC(r_connect, f_connect);
REC(r_http, f_http);
REC(r_exec, f_exec);

const struct box_action box_actions[BOX_NACTIONS] = {
	{ "fs:read", &r_read, 0 },
	{ "fs:write", &r_write, 0 },
	{ "fs:delete", &r_delete, 0 },
	{ "fs:move", &r_move, 0 },
	{ "net:connect", &r_connect, 0 },
	{ "http:request", &r_http, 0 },
	{ "shell:exec", &r_exec, 0 },
	{ "fs:other", &r_other, 1 },
};

static const char *const read_ops[] = { "read_content", "read_metadata", "enumerate", "read_link",
                                        "change_dir", "exec", NULL };
static const char *const write_ops[] = { "write_content", "create_dir", "set_permissions", "symlink", NULL };
static const char *const delete_ops[] = { "remove_file", "remove_dir", NULL };
static const char *const move_ops[] = { "rename", NULL };
static const char *const other_ops[] = { "other", NULL };
static const char *const results[] = { "completed", "descriptor_issued", "indeterminate", NULL };

static const struct {
	const char *type;
	const char *const *values;
} box_enums[] = {
	{ "Box::FsReadOperation", read_ops },
	{ "Box::FsWriteOperation", write_ops },
	{ "Box::FsDeleteOperation", delete_ops },
	{ "Box::FsMoveOperation", move_ops },
	{ "Box::FsOtherOperation", other_ops },
	{ "Box::FsResponseResult", results },
};

int box_action_index(struct str name)
{
	for (int i = 0; i < BOX_NACTIONS; i++)
		if (str_eq(name, str_c(box_actions[i].name)))
			return i;
	return -1;
}

static int is_fs(int action)
{
	return action <= 3 || action == 7;
}

/* --- validation --- */

struct vstate {
	const struct rule *r;
	const char *home;
	size_t homelen;
	char *err;
	size_t errlen;
	int failed;
};

static void refuse(struct vstate *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(struct vstate *v, const char *fmt, ...)
{
	if (v->failed)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->err, v->errlen, fmt, ap);
	va_end(ap);
	v->failed = 1;
}

static void rule_label(const struct rule *r, char *buf, size_t cap)
{
	if (r->id)
		snprintf(buf, cap, "rule @id(\"%s\")", r->id);
	else
		snprintf(buf, cap, "rule %d", r->index + 1);
}

static const char *action_list(void)
{
	return "fs:read, fs:write, fs:delete, fs:move, net:connect, http:request and shell:exec";
}

/* Check an entity literal used anywhere in the rule. */
static void check_entity(struct vstate *v, const struct value *e)
{
	char buf[300];
	struct str t = e->u.e.type;
	if (str_eq(t, str_c(BOX_ACTION_TYPE))) {
		if (box_action_index(e->u.e.id) < 0) {
			entity_render(t, e->u.e.id, buf, sizeof buf);
			refuse(v, "policy references unknown action: for policy `policy_%d`, unrecognized action `%s`; "
			       "the actions are %s", v->r->index, buf, action_list());
		}
		return;
	}
	if (str_eq(t, str_c(BOX_PRINCIPAL_TYPE)) || str_eq(t, str_c(BOX_RESOURCE_TYPE)))
		return;
	for (size_t i = 0; i < sizeof box_enums / sizeof box_enums[0]; i++) {
		if (!str_eq(t, str_c(box_enums[i].type)))
			continue;
		char vals[300] = "";
		size_t len = 0;
		for (const char *const *p = box_enums[i].values; *p; p++) {
			if (str_eq(e->u.e.id, str_c(*p)))
				return;
			len += (size_t)snprintf(vals + len, len < sizeof vals ? sizeof vals - len : 0, "%s%s",
			                        p == box_enums[i].values ? "" : ", ", *p);
		}
		entity_render(t, e->u.e.id, buf, sizeof buf);
		refuse(v, "policy fails schema validation: for policy `policy_%d`, `%s` is not a value of %s; "
		       "its values are %s", v->r->index, buf, box_enums[i].type, vals);
		return;
	}
	entity_render(t, e->u.e.id, buf, sizeof buf);
	refuse(v, "policy fails schema validation: for policy `policy_%d`, unrecognized entity type `%.*s` in `%s`; "
	       "Box knows Box::Agent, Box::Resource, Box::Action and the Box::Fs*Operation enums",
	       v->r->index, (int)t.n, t.p, buf);
}

static void check_value(struct vstate *v, const struct value *x)
{
	if (x->kind == V_ENTITY)
		check_entity(v, x);
	else if (x->kind == V_SET)
		for (size_t i = 0; i < x->u.set.n; i++)
			check_value(v, x->u.set.v[i]);
	else if (x->kind == V_RECORD)
		for (size_t i = 0; i < x->u.rec.n; i++)
			check_value(v, x->u.rec.e[i].val);
}

/* Is e `context.input`?  Is it `context.input.<field>` (returns the field)? */
static int is_context_input(const struct expr *e)
{
	return e->kind == X_ATTR && str_eq(e->name, str_c("input")) && e->a->kind == X_VAR &&
	       e->a->var == VAR_CONTEXT;
}

static int input_field(const struct expr *e, struct str *field)
{
	if (e->kind != X_ATTR || !is_context_input(e->a))
		return 0;
	*field = e->name;
	return 1;
}

static int is_path_access(const struct expr *e)
{
	struct str f;
	return input_field(e, &f) && str_eq(f, str_c("path"));
}

enum tri { TRI_FALSE, TRI_TRUE, TRI_UNKNOWN };

struct env {
	int action;                     /* index into box_actions */
	const struct stype *input;
};

static int field_index(const struct stype *rec, struct str name)
{
	for (size_t i = 0; i < rec->nfields; i++)
		if (str_eq(rec->fields[i].name, name))
			return (int)i;
	return -1;
}

/* "path, operation" / "host, port, ip (optional: test it with `has`)" */
static void field_list(const struct stype *rec, char *buf, size_t cap)
{
	size_t o = 0;
	buf[0] = 0;
	for (size_t i = 0; i < rec->nfields && o < cap; i++) {
		int w = snprintf(buf + o, cap - o, "%s%.*s%s", i ? ", " : "", (int)rec->fields[i].name.n,
				 rec->fields[i].name.p, rec->fields[i].optional ? " (optional: test it with `has`)" : "");
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

static void quote(const char *s, size_t n, char *buf, size_t cap)
{
	struct value tmp;
	tmp.kind = V_STRING;
	tmp.u.s.p = s;
	tmp.u.s.n = n;
	value_render(&tmp, buf, cap);
}

static void inert_literal(struct vstate *v, const char *lit, size_t n, int pattern)
{
	char label[160], shown[600], fixed[600];
	const char *what = pattern ? "pattern" : "string";
	rule_label(v->r, label, sizeof label);
	quote(lit, n, shown, sizeof shown);
	if (v->home && v->homelen > 0 && n >= v->homelen && memcmp(lit, v->home, v->homelen) == 0 &&
	    (n == v->homelen || lit[v->homelen] == '/' || (pattern && lit[v->homelen] == '*'))) {
		char tilde[600];
		snprintf(tilde, sizeof tilde, "~%.*s", (int)(n - v->homelen), lit + v->homelen);
		quote(tilde, strlen(tilde), fixed, sizeof fixed);
		refuse(v, "policy compares an inert literal: %s compares context.input.path with the %s %s, "
		       "and a path under the operator home is spelled ~/…; write %s", label, what, shown, fixed);
		return;
	}
	if (n > 1 && lit[n - 1] == '/') {
		quote(lit, n - 1, fixed, sizeof fixed);
		refuse(v, "policy compares an inert literal: %s compares context.input.path with the %s %s, "
		       "and a path is spelled without a trailing slash; write %s", label, what, shown, fixed);
		return;
	}
	if (n > 0 && lit[0] != '/' && lit[0] != '~' && !(pattern && lit[0] == '*')) {
		/* a script's relative path reaches policy joined to the workspace */
		char star[600];
		snprintf(star, sizeof star, "*/%.*s", (int)n, lit);
		quote(star, strlen(star), fixed, sizeof fixed);
		refuse(v, "policy compares an inert literal: %s compares context.input.path with the relative "
		       "%s %s, and a path in a request is always absolute or spelled ~/… (a script's relative "
		       "path is joined to the workspace first); write the workspace's path before it, or %s",
		       label, what, shown, fixed);
	}
}

/* Network fields: a literal no request can carry.  Hosts reach policy in
 * lowercase without a trailing dot, ports are 1-65535, an http:request
 * path starts with '/'. */
static void inert_net_literal(struct vstate *v, const struct env *env, struct str field,
			      const struct value *lit, int pattern)
{
	if (env->action != 4 && env->action != 5)
		return;
	char label[160], shown[600], fixed[600];
	rule_label(v->r, label, sizeof label);
	const char *what = pattern ? "pattern" : "string";
	if (str_eq(field, str_c("host")) && lit->kind == V_STRING) {
		const char *h = lit->u.s.p;
		size_t n = lit->u.s.n, k = n;
		int upper = 0;
		for (size_t i = 0; i < n; i++)
			upper |= h[i] >= 'A' && h[i] <= 'Z';
		if (k > 1 && h[k - 1] == '.')
			k--;
		if (!upper && k == n)
			return;
		char low[600];
		size_t m = k < sizeof low - 1 ? k : sizeof low - 1;
		for (size_t i = 0; i < m; i++)
			low[i] = (char)(h[i] >= 'A' && h[i] <= 'Z' ? h[i] - 'A' + 'a' : h[i]);
		quote(h, n, shown, sizeof shown);
		quote(low, m, fixed, sizeof fixed);
		refuse(v, "policy compares an inert literal: %s compares context.input.host with the %s %s, "
		       "and a host reaches policy in lowercase without a trailing dot; write %s",
		       label, what, shown, fixed);
	} else if (str_eq(field, str_c("port")) && lit->kind == V_LONG &&
		   (lit->u.l < 1 || lit->u.l > 65535)) {
		refuse(v, "policy compares an inert literal: %s compares context.input.port with %lld, "
		       "and a port is between 1 and 65535", label, (long long)lit->u.l);
	} else if (str_eq(field, str_c("path")) && env->action == 5 && lit->kind == V_STRING &&
		   lit->u.s.n > 0 && lit->u.s.p[0] != '/' && !(pattern && lit->u.s.p[0] == '*')) {
		char slash[600];
		snprintf(slash, sizeof slash, "/%.*s", (int)lit->u.s.n, lit->u.s.p);
		quote(lit->u.s.p, lit->u.s.n, shown, sizeof shown);
		quote(slash, strlen(slash), fixed, sizeof fixed);
		refuse(v, "policy compares an inert literal: %s compares the http:request context.input.path "
		       "with the %s %s, and a request path starts with '/'; write %s", label, what, shown, fixed);
	}
}

/* e compares context.input.FIELD with the literal lit (or a set of them).
 * (An operation compared with a string is a type error already.) */
static void check_field_literal(struct vstate *v, const struct env *env, const struct expr *field_e,
				const struct expr *lit_e)
{
	struct str f;
	if (!input_field(field_e, &f) || lit_e->kind != X_LIT || !env->input)
		return;
	const struct value *lit = lit_e->lit;
	size_t n = lit->kind == V_SET ? lit->u.set.n : 1;
	for (size_t i = 0; i < n && !v->failed; i++) {
		const struct value *one = lit->kind == V_SET ? lit->u.set.v[i] : lit;
		inert_net_literal(v, env, f, one, 0);
	}
}

/* The pattern as written (wildcards as `*`, literal stars as `\*`). */
static void pattern_text(const struct pattern *p, char *buf, size_t cap, size_t *len)
{
	size_t o = 0;
	for (size_t i = 0; i < p->n && o + 3 < cap; i++) {
		if (p->el[i] == PATTERN_WILDCARD) {
			buf[o++] = '*';
		} else if (p->el[i] == '*') {
			buf[o++] = '\\';
			buf[o++] = '*';
		} else {
			buf[o++] = (char)p->el[i];
		}
	}
	buf[o] = 0;
	*len = o;
}

static void check_path_literal(struct vstate *v, const struct env *env, const struct expr *lit)
{
	if (!is_fs(env->action) || lit->kind != X_LIT)
		return;
	if (lit->lit->kind == V_STRING)
		inert_literal(v, lit->lit->u.s.p, lit->lit->u.s.n, 0);
	else if (lit->lit->kind == V_SET)
		for (size_t i = 0; i < lit->lit->u.set.n; i++)
			if (lit->lit->u.set.v[i]->kind == V_STRING)
				inert_literal(v, lit->lit->u.set.v[i]->u.s.p, lit->lit->u.set.v[i]->u.s.n, 0);
}

static enum tri check(struct vstate *v, const struct env *env, const struct expr *e,
                      unsigned known, unsigned *when_true);

static void check_children(struct vstate *v, const struct env *env, const struct expr *e,
                           unsigned known)
{
	unsigned dummy;
	if (e->a)
		check(v, env, e->a, known, &dummy);
	if (e->b)
		check(v, env, e->b, known, &dummy);
	if (e->c)
		check(v, env, e->c, known, &dummy);
	for (size_t i = 0; i < e->n && e->items; i++)
		check(v, env, e->items[i], known, &dummy);
}

static enum tri action_test(const struct env *env, const struct value *target)
{
	const char *me = box_actions[env->action].name;
	if (target->kind == V_ENTITY)
		return str_eq(target->u.e.type, str_c(BOX_ACTION_TYPE)) && str_eq(target->u.e.id, str_c(me))
		       ? TRI_TRUE : TRI_FALSE;
	if (target->kind == V_SET) {
		for (size_t i = 0; i < target->u.set.n; i++)
			if (action_test(env, target->u.set.v[i]) == TRI_TRUE)
				return TRI_TRUE;
		return TRI_FALSE;
	}
	return TRI_UNKNOWN;
}

/* --- types (a small part of Cedar's strict typechecker) --- */

static int stype_kind(const struct stype *t)
{
	switch (t->k) {
	case ST_BOOL: return V_BOOL;
	case ST_LONG: return V_LONG;
	case ST_STRING: return V_STRING;
	case ST_ENTITY: return V_ENTITY;
	case ST_SET: return V_SET;
	case ST_RECORD: return V_RECORD;
	case ST_EXT: return t->ext;
	default: return -1;
	}
}

/* The value kind an expression has in this action's environment, or -1. */
static int infer(const struct env *env, const struct expr *e)
{
	switch (e->kind) {
	case X_LIT:
		return (int)e->lit->kind;
	case X_VAR:
		return e->var == VAR_CONTEXT ? V_RECORD : V_ENTITY;
	case X_AND: case X_OR: case X_NOT: case X_EQ: case X_LT: case X_LE: case X_IN: case X_HAS:
	case X_LIKE: case X_IS: case X_CONTAINS: case X_CONTAINS_ALL: case X_CONTAINS_ANY:
	case X_IS_EMPTY: case X_HAS_TAG:
		return V_BOOL;
	case X_ADD: case X_SUB: case X_MUL: case X_NEG:
		return V_LONG;
	case X_SET:
		return V_SET;
	case X_RECORD:
		return V_RECORD;
	case X_EXTFN:
		return e->fn;
	case X_IF: {
		int a = infer(env, e->b), b = infer(env, e->c);
		return a == b ? a : -1;
	}
	case X_ATTR: {
		if (e->a->kind == X_VAR && e->a->var == VAR_CONTEXT && str_eq(e->name, str_c("input")))
			return V_RECORD;
		if (is_context_input(e->a)) {
			int fi = field_index(env->input, e->name);
			return fi < 0 ? -1 : stype_kind(env->input->fields[fi].type);
		}
		return -1;
	}
	case X_METHOD: {
		static const struct { const char *name; int kind; } results[] = {
			{ "offset", V_DATETIME }, { "toDate", V_DATETIME }, { "durationSince", V_DURATION },
			{ "toTime", V_DURATION }, { "toMilliseconds", V_LONG }, { "toSeconds", V_LONG },
			{ "toMinutes", V_LONG }, { "toHours", V_LONG }, { "toDays", V_LONG },
		};
		for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
			if (str_eq(e->name, str_c(results[i].name)))
				return results[i].kind;
		return V_BOOL;
	}
	default:
		return -1;
	}
}

static const char *type_name(int kind)
{
	switch (kind) {
	case V_BOOL: return "Bool";
	case V_LONG: return "Long";
	case V_STRING: return "String";
	case V_ENTITY: return "an entity";
	case V_SET: return "Set";
	case V_RECORD: return "Record";
	case V_DECIMAL: return "decimal";
	case V_IPADDR: return "ipaddr";
	case V_DATETIME: return "datetime";
	case V_DURATION: return "duration";
	}
	return "?";
}

static void want_type(struct vstate *v, const struct env *env, const struct expr *x, int want,
                      const char *what)
{
	int got = infer(env, x);
	if (got >= 0 && got != want)
		refuse(v, "policy fails schema validation: for policy `policy_%d`, %s needs %s, but the "
		       "expression has type %s", v->r->index, what, type_name(want), type_name(got));
}

static void check_types(struct vstate *v, const struct env *env, const struct expr *e)
{
	int a, b;
	switch (e->kind) {
	case X_AND:
	case X_OR:
		want_type(v, env, e->a, V_BOOL, e->kind == X_AND ? "`&&`" : "`||`");
		want_type(v, env, e->b, V_BOOL, e->kind == X_AND ? "`&&`" : "`||`");
		break;
	case X_NOT:
		want_type(v, env, e->a, V_BOOL, "`!`");
		break;
	case X_IF:
		want_type(v, env, e->a, V_BOOL, "the condition of `if`");
		break;
	case X_EQ:
		a = infer(env, e->a);
		b = infer(env, e->b);
		if (a >= 0 && b >= 0 && a != b)
			refuse(v, "policy fails schema validation: for policy `policy_%d`, the types %s and %s are "
			       "not compatible", v->r->index, type_name(a), type_name(b));
		break;
	case X_LT:
	case X_LE:
		a = infer(env, e->a);
		b = infer(env, e->b);
		if ((a >= 0 && a != V_LONG && a != V_DATETIME && a != V_DURATION) ||
		    (a >= 0 && b >= 0 && a != b))
			refuse(v, "policy fails schema validation: for policy `policy_%d`, the types %s and %s "
			       "cannot be ordered; `<`, `<=`, `>` and `>=` compare Long with Long", v->r->index,
			       type_name(a), type_name(b >= 0 ? b : a));
		break;
	case X_ADD:
	case X_SUB:
	case X_MUL:
		want_type(v, env, e->a, V_LONG, "arithmetic");
		want_type(v, env, e->b, V_LONG, "arithmetic");
		break;
	case X_NEG:
		want_type(v, env, e->a, V_LONG, "unary `-`");
		break;
	case X_LIKE:
		want_type(v, env, e->a, V_STRING, "`like`");
		break;
	case X_CONTAINS:
	case X_CONTAINS_ALL:
	case X_CONTAINS_ANY:
	case X_IS_EMPTY:
		want_type(v, env, e->a, V_SET, "a set method");
		if (e->kind == X_CONTAINS_ALL || e->kind == X_CONTAINS_ANY)
			want_type(v, env, e->b, V_SET, "the argument of containsAll/containsAny");
		break;
	default:
		break;
	}
}

static enum tri check(struct vstate *v, const struct env *env, const struct expr *e,
                      unsigned known, unsigned *when_true)
{
	unsigned ma = 0, mb = 0, mc = 0;
	enum tri ta, tb, tc;
	char label[64];
	*when_true = 0;
	if (v->failed)
		return TRI_UNKNOWN;
	check_types(v, env, e);
	snprintf(label, sizeof label, "%s", box_actions[env->action].name);
	switch (e->kind) {
	case X_LIT:
		check_value(v, e->lit);
		if (e->lit->kind == V_BOOL)
			return e->lit->u.b ? TRI_TRUE : TRI_FALSE;
		return TRI_UNKNOWN;
	case X_AND:
		ta = check(v, env, e->a, known, &ma);
		if (ta == TRI_FALSE)
			return TRI_FALSE;
		tb = check(v, env, e->b, known | ma, &mb);
		*when_true = ma | mb;
		return tb == TRI_FALSE ? TRI_FALSE : ta == TRI_TRUE ? tb : TRI_UNKNOWN;
	case X_OR:
		ta = check(v, env, e->a, known, &ma);
		if (ta == TRI_TRUE) {
			*when_true = ma;
			return TRI_TRUE;
		}
		tb = check(v, env, e->b, known, &mb);
		if (ta == TRI_FALSE) {
			*when_true = mb;
			return tb;
		}
		*when_true = ma & mb;
		return tb == TRI_TRUE ? TRI_TRUE : TRI_UNKNOWN;
	case X_NOT:
		ta = check(v, env, e->a, known, &ma);
		return ta == TRI_UNKNOWN ? TRI_UNKNOWN : ta == TRI_TRUE ? TRI_FALSE : TRI_TRUE;
	case X_IF:
		tc = check(v, env, e->a, known, &mc);
		if (tc == TRI_TRUE)
			return check(v, env, e->b, known | mc, when_true);
		if (tc == TRI_FALSE)
			return check(v, env, e->c, known, when_true);
		ta = check(v, env, e->b, known | mc, &ma);
		tb = check(v, env, e->c, known, &mb);
		*when_true = (ma | mc) & mb;
		return ta == tb ? ta : TRI_UNKNOWN;
	case X_HAS:
		if (is_context_input(e->a)) {
			int fi = field_index(env->input, e->name);
			if (fi < 0)
				return TRI_FALSE;
			if (!env->input->fields[fi].optional)
				return TRI_TRUE;
			*when_true = 1u << fi;
			return TRI_UNKNOWN;
		}
		if (e->a->kind == X_VAR && e->a->var == VAR_CONTEXT)
			return str_eq(e->name, str_c("input")) ? TRI_TRUE : TRI_FALSE;
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	case X_ATTR: {
		if (e->a->kind == X_VAR && e->a->var == VAR_CONTEXT) {
			/* a temporal block of this rule, lowered (temporal.h) */
			char leaf[32];
			int k = snprintf(leaf, sizeof leaf, "policy_%d__temporal_", v->r->index);
			if (k > 0 && e->name.n > (size_t)k && memcmp(e->name.p, leaf, (size_t)k) == 0)
				return TRI_UNKNOWN;
			if (!str_eq(e->name, str_c("input")))
				refuse(v, "policy fails schema validation: for policy `policy_%d`, attribute `%.*s` "
				       "in context for Box::Action::\"%s\" not found", v->r->index,
				       (int)e->name.n, e->name.p, label);
			return TRI_UNKNOWN;
		}
		if (is_context_input(e->a)) {
			int fi = field_index(env->input, e->name);
			if (fi < 0) {
				char fields[512];
				field_list(env->input, fields, sizeof fields);
				refuse(v, "policy fails schema validation: for policy `policy_%d`, attribute `input.%.*s` "
				       "in context for Box::Action::\"%s\" not found; its fields are %s", v->r->index,
				       (int)e->name.n, e->name.p, label, fields);
			}
			else if (env->input->fields[fi].optional && !(known & (1u << fi)))
				refuse(v, "policy fails schema validation: for policy `policy_%d`, unable to guarantee "
				       "safety of access to optional attribute `input.%.*s` in context for "
				       "Box::Action::\"%s\"", v->r->index, (int)e->name.n, e->name.p, label);
			return TRI_UNKNOWN;
		}
		struct str f;
		if (e->a->kind == X_ATTR && input_field(e->a, &f)) {
			refuse(v, "policy fails schema validation: for policy `policy_%d`, context.input.%.*s "
			       "has no attribute `%.*s`", v->r->index, (int)f.n, f.p, (int)e->name.n, e->name.p);
			return TRI_UNKNOWN;
		}
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	}
	case X_EQ:
		if (e->a->kind == X_VAR && e->a->var == VAR_ACTION && e->b->kind == X_LIT) {
			check_value(v, e->b->lit);
			return action_test(env, e->b->lit);
		}
		if (is_path_access(e->a))
			check_path_literal(v, env, e->b);
		else if (is_path_access(e->b))
			check_path_literal(v, env, e->a);
		check_field_literal(v, env, e->a, e->b);
		check_field_literal(v, env, e->b, e->a);
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	case X_IN:
		if (e->a->kind == X_VAR && e->a->var == VAR_ACTION && e->b->kind == X_LIT) {
			check_value(v, e->b->lit);
			return action_test(env, e->b->lit);
		}
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	case X_LIKE: {
		struct str lf;
		if (is_path_access(e->a) && is_fs(env->action)) {
			char buf[600];
			size_t n;
			pattern_text(&e->pat, buf, sizeof buf, &n);
			inert_literal(v, buf, n, 1);
		} else if (input_field(e->a, &lf)) {
			char buf[600];
			size_t n;
			pattern_text(&e->pat, buf, sizeof buf, &n);
			struct value tmp = { .kind = V_STRING };
			tmp.u.s.p = buf;
			tmp.u.s.n = n;
			inert_net_literal(v, env, lf, &tmp, 1);
		}
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	}
	case X_CONTAINS:
		if (is_path_access(e->b) && e->a->kind == X_LIT)
			check_path_literal(v, env, e->a);
		else if (is_path_access(e->b) && e->a->kind == X_SET)
			for (size_t i = 0; i < e->a->n; i++)
				check_path_literal(v, env, e->a->items[i]);
		if (e->a->kind == X_SET)
			for (size_t i = 0; i < e->a->n; i++)
				check_field_literal(v, env, e->b, e->a->items[i]);
		else
			check_field_literal(v, env, e->b, e->a);
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	case X_EXTFN:
		if (e->n != 1)
			refuse(v, "policy fails schema validation: for policy `policy_%d`, %.*s() takes 1 argument, "
			       "got %zu", v->r->index, (int)e->name.n, e->name.p, e->n);
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	case X_METHOD: {
		int arity = ext_method_arity(e->name);
		if (arity >= 0 && (size_t)arity != e->n)
			refuse(v, "policy fails schema validation: for policy `policy_%d`, method %.*s takes %d "
			       "argument%s, got %zu", v->r->index, (int)e->name.n, e->name.p, arity,
			       arity == 1 ? "" : "s", e->n);
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	}
	default:
		check_children(v, env, e, known);
		return TRI_UNKNOWN;
	}
}

unsigned box_rule_actions(const struct rule *r)
{
	unsigned all = (1u << BOX_NACTIONS) - 1, m = 0;
	if (r->action.op == SCOPE_ANY)
		return all;
	for (size_t i = 0; i < r->action.nuids; i++) {
		const struct value *u = r->action.uids[i];
		if (!str_eq(u->u.e.type, str_c(BOX_ACTION_TYPE)))
			continue;
		int k = box_action_index(u->u.e.id);
		if (k >= 0)
			m |= 1u << k;
	}
	return m;
}

static void check_scope_entity(struct vstate *v, const struct scope *s, const char *var,
                               const char *type, const char *id)
{
	char buf[300];
	if (s->op == SCOPE_ANY)
		return;
	if ((s->op == SCOPE_IS || s->op == SCOPE_IS_IN) && !str_eq(s->type, str_c(type))) {
		refuse(v, "policy fails schema validation: for policy `policy_%d`, %s is always %s::\"%s\", "
		       "never of type %.*s; write bare `%s`", v->r->index, var, type, id,
		       (int)s->type.n, s->type.p, var);
		return;
	}
	for (size_t i = 0; i < s->nuids; i++) {
		const struct value *u = s->uids[i];
		if (!str_eq(u->u.e.type, str_c(type)) || !str_eq(u->u.e.id, str_c(id))) {
			entity_render(u->u.e.type, u->u.e.id, buf, sizeof buf);
			refuse(v, "policy fails schema validation: for policy `policy_%d`, %s is always %s::\"%s\", "
			       "never %s; write bare `%s`", v->r->index, var, type, id, buf, var);
			return;
		}
	}
}

static int validate_rule(struct vstate *v)
{
	const struct rule *r = v->r;
	for (size_t i = 0; i < r->action.nuids; i++)
		check_entity(v, r->action.uids[i]);
	check_scope_entity(v, &r->principal, "principal", BOX_PRINCIPAL_TYPE, BOX_PRINCIPAL_ID);
	check_scope_entity(v, &r->resource, "resource", BOX_RESOURCE_TYPE, BOX_RESOURCE_ID);
	if (v->failed)
		return -1;
	unsigned acts = box_rule_actions(r);
	if (acts == 1u << 7) {
		char who[200];
		if (r->id)
			snprintf(who, sizeof who, "rule @id(\"%s\") (rule %d)", r->id, r->index + 1);
		else
			snprintf(who, sizeof who, "rule %d", r->index + 1);
		refuse(v, "policy names only a reserved action: %s names only the reserved action \"fs:other\"; "
		       "Box never raises it, so the rule never applies: name fs:read, fs:write, fs:delete or "
		       "fs:move instead", who);
		return -1;
	}
	for (int a = 0; a < BOX_NACTIONS && !v->failed; a++) {
		if (!(acts & (1u << a)))
			continue;
		struct env env = { a, box_actions[a].input };
		unsigned known = 0;
		for (size_t c = 0; c < r->nclauses; c++)
			want_type(v, &env, r->clauses[c].body, V_BOOL, "a `when`/`unless` condition");
		check(v, &env, r->cond, 0, &known);
	}
	return v->failed ? -1 : 0;
}

struct id_ref {
	const char *id;
	size_t index;
};

static int id_ref_cmp(const void *x, const void *y)
{
	const struct id_ref *a = x, *b = y;
	int c = strcmp(a->id, b->id);
	return c ? c : a->index < b->index ? -1 : a->index > b->index;
}

/* Sort the @ids; report the duplicate whose first rule comes first. */
static int check_duplicate_ids(const struct policy_set *ps, char *err, size_t errlen)
{
	struct id_ref *v = calloc(ps->n ? ps->n : 1, sizeof *v);
	size_t n = 0, best = (size_t)-1;
	if (v == NULL)
		abort();
	for (size_t i = 0; i < ps->n; i++)
		if (ps->rules[i].id) {
			v[n].id = ps->rules[i].id;
			v[n++].index = i;
		}
	qsort(v, n, sizeof *v, id_ref_cmp);
	for (size_t i = 0; i + 1 < n; i++)
		if (strcmp(v[i].id, v[i + 1].id) == 0 && (i == 0 || strcmp(v[i - 1].id, v[i].id) != 0) &&
		    (best == (size_t)-1 || v[i].index < v[best].index))
			best = i;
	if (best != (size_t)-1) {
		char rules[256] = "";
		size_t len = 0;
		for (size_t j = best; j < n && strcmp(v[j].id, v[best].id) == 0; j++)
			len += (size_t)snprintf(rules + len, len < sizeof rules ? sizeof rules - len : 0, "%s%zu",
			                        j > best ? ", " : "", v[j].index + 1);
		snprintf(err, errlen, "policy gives one @id to more than one rule: @id(\"%s\") is on rules %s; "
		         "give each rule its own @id", v[best].id, rules);
	}
	free(v);
	return best != (size_t)-1 ? -1 : 0;
}

int box_validate(const struct policy_set *ps, const char *operator_home, char *err, size_t errlen)
{
	struct vstate v;
	memset(&v, 0, sizeof v);
	v.err = err;
	v.errlen = errlen;
	if (operator_home && operator_home[0]) {
		v.home = operator_home;
		v.homelen = strlen(operator_home);
		while (v.homelen > 1 && operator_home[v.homelen - 1] == '/')
			v.homelen--;
	}
	/* duplicate @id first: it names every rule involved */
	if (check_duplicate_ids(ps, err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < ps->n; i++) {
		v.r = &ps->rules[i];
		if (validate_rule(&v) != 0)
			return -1;
	}
	return 0;
}
