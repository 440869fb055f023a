/* broker/policy/lint.c -- review lints over a Box policy (see lint.h).
 *
 * Three small analyses carry the lints:
 *   fold()      a three-valued static evaluation of a condition for one
 *               action (literals, `action ==`, `has` on Box's schema,
 *               enum types, `like` on literals, contradicting conjuncts);
 *   requires()  "can the condition be true without a test on this field?";
 *   implies()   "whenever this permit applies, does that forbid apply?"
 * and probe_rule() evaluates one rule with the real evaluator on a request
 * the lint builds (metadata hosts, ~/.ssh and ~/.aws, the workspace root). */
#include "broker/policy/lint.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/box_schema.h"
#include "broker/policy/eval.h"
#include "broker/policy/ext.h"

enum tri { T_FALSE, T_TRUE, T_UNKNOWN };

enum { ACT_FS_READ, ACT_FS_WRITE, ACT_FS_DELETE, ACT_FS_MOVE, ACT_NET_CONNECT, ACT_HTTP_REQUEST,
       ACT_SHELL_EXEC, ACT_FS_OTHER };

enum { MAX_CONJUNCTS = 64 };

/* ---- codes, severities and rationales ---------------------------------- */

static const struct {
	const char *code;
	enum lint_severity severity;
	const char *rationale;
} kinds[] = {
	{ "fs-permit-no-path", LINT_HIGH,
	  "Monty reaches every file under the operator's home; an fs:* permit that does not test "
	  "context.input.path grants that action on all of them, ~/.ssh and ~/.aws included. Box calls "
	  "this its widest exposure. Write `path == \"dir\" || path like \"dir/*\"`." },
	{ "fs-permit-credentials", LINT_HIGH,
	  "The permit's path condition also matches the operator's credential stores (~/.ssh, ~/.aws), "
	  "and no forbid takes them back: a script can read or replace keys. Narrow the pattern, or add "
	  "a forbid on `path like \"~/.ssh/*\" || path like \"~/.aws/*\"`." },
	{ "net-permit-no-host", LINT_HIGH,
	  "A net:connect or http:request permit that does not test context.input.host lets a script "
	  "send data to any host on the internet. Name the hosts: `context.input.host == \"api.example.com\"`." },
	{ "forbid-can-error", LINT_HIGH,
	  "Cedar skips a rule whose condition fails to evaluate, forbids included: when this condition "
	  "errors (overflow, a value that does not parse, a missing attribute) the forbid silently stops "
	  "protecting and a permit wins. Keep forbid conditions to plain comparisons." },
	{ "rule-never-applies", LINT_MEDIUM,
	  "The condition is false for every action the rule names (a test on another action, a field "
	  "the action does not have, a value of another enum, contradicting tests), so the rule does "
	  "nothing; it usually hides a typo in a rule the author relies on." },
	{ "like-leading-wildcard", LINT_MEDIUM,
	  "A pattern that starts with * matches in every directory (\"*.env\" is also "
	  "\"~/.aws/x.env\"). Anchor patterns at a directory: \"~/src/project/*.env\"." },
	{ "write-over-workspace", LINT_MEDIUM,
	  "The permit lets a script write, delete or rename anything in the workspace, including "
	  "version-control internals (.git/hooks, .git/config) that later run code outside the box. "
	  "Grant writes under a subdirectory instead." },
	{ "no-metadata-forbid", LINT_MEDIUM,
	  "fetch() refuses localhost and literal loopback, private, link-local and metadata addresses in "
	  "a URL before any decision, but a host name is never refused for the address it resolves to: a "
	  "name that resolves (or is pinned with --resolve) to 169.254.169.254 is connected when "
	  "net:connect permits it. Only policy keeps a script away from cloud metadata services, which "
	  "hand out the host's credentials. Add: @id(\"no_metadata\") forbid (principal, action == "
	  "Box::Action::\"net:connect\", resource) when { context.input.host == \"metadata.google.internal\" "
	  "|| context.input.host == \"metadata.azure.internal\" || (context.input has ip && "
	  "(context.input.ip like \"169.254.*\" || context.input.ip == \"fd00:ec2::254\" || "
	  "context.input.ip like \"fe8*\" || context.input.ip like \"fe9*\" || context.input.ip like "
	  "\"fea*\" || context.input.ip like \"feb*\")) };" },
	{ "like-sibling-prefix", LINT_LOW,
	  "A pattern such as \"~/project*\" also matches sibling names like \"~/project-secrets\". "
	  "Write `path == \"~/project\" || path like \"~/project/*\"`." },
	{ "permit-shadowed", LINT_LOW,
	  "A forbid applies whenever this permit does, so the permit never grants anything; either the "
	  "permit is dead or the forbid is broader than intended." },
};

const char *lint_rationale(const char *code)
{
	for (size_t i = 0; code && i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].code, code) == 0)
			return kinds[i].rationale;
	return lint_temporal_rationale(code);
}

const char *lint_severity_name(enum lint_severity sev)
{
	switch (sev) {
	case LINT_HIGH: return "high";
	case LINT_MEDIUM: return "medium";
	case LINT_LOW: return "low";
	case LINT_INFO: return "info";
	}
	return "info";
}

void lint_rule_name(const struct rule *r, char *buf, size_t cap)
{
	if (r->id)
		snprintf(buf, cap, "@id(\"%s\")", r->id);
	else
		snprintf(buf, cap, "rule %d", r->index + 1);
}

unsigned lint_rule_live_actions(const struct rule *r)
{
	return box_rule_actions(r) & ~(1u << ACT_FS_OTHER);
}

void lint_result_append(struct lint_result *res, enum lint_severity severity, const char *code,
                        const char *rationale, int rule, const char *message)
{
	if (res->n == res->cap) {
		size_t ncap = res->cap ? res->cap * 2 : 8;
		struct lint_finding *nv = realloc(res->v, ncap * sizeof *nv);
		if (nv == NULL)
			abort();
		res->v = nv;
		res->cap = ncap;
	}
	struct lint_finding *f = &res->v[res->n++];
	f->severity = severity;
	f->code = code;
	f->rationale = rationale;
	f->rule = rule;
	f->message = strdup(message);
	if (f->message == NULL)
		abort();
}

static void add(struct lint_result *res, const char *code, int rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(struct lint_result *res, const char *code, int rule, const char *fmt, ...)
{
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] && strcmp(kinds[k].code, code) != 0)
		k++;
	if (k == sizeof kinds / sizeof kinds[0])
		abort(); /* a code missing from the table is a bug here */
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lint_result_append(res, kinds[k].severity, kinds[k].code, kinds[k].rationale, rule, msg);
}

void lint_result_free(struct lint_result *res)
{
	if (res == NULL)
		return;
	for (size_t i = 0; i < res->n; i++)
		free(res->v[i].message);
	free(res->v);
	memset(res, 0, sizeof *res);
}

/* ---- small AST helpers -------------------------------------------------- */

static int is_context_input(const struct expr *e)
{
	return e->kind == X_ATTR && e->a->kind == X_VAR && e->a->var == VAR_CONTEXT &&
	       str_eq(e->name, str_c("input"));
}

/* `context.input.<name>`? */
static int is_field(const struct expr *e, const char *name)
{
	return e->kind == X_ATTR && is_context_input(e->a) && str_eq(e->name, str_c(name));
}

static int is_input_field(const struct expr *e)
{
	return e->kind == X_ATTR && is_context_input(e->a);
}

static int is_lit(const struct expr *e, enum vkind k)
{
	return e->kind == X_LIT && e->lit->kind == k;
}

static const struct sfield *schema_field(int action, struct str name)
{
	const struct stype *in = box_actions[action].input;
	for (size_t i = 0; i < in->nfields; i++)
		if (str_eq(in->fields[i].name, name))
			return &in->fields[i];
	return NULL;
}

static int pattern_all_wildcards(const struct pattern *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->el[i] != PATTERN_WILDCARD)
			return 0;
	return 1;
}

static int pattern_equal(const struct pattern *a, const struct pattern *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->el[i] != b->el[i])
			return 0;
	return 1;
}

/* The pattern as written, for messages (wildcards `*`, literal stars `\*`). */
static void pattern_text(const struct pattern *p, char *buf, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < p->n && o + 4 < cap; i++) {
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
}

/* Does general match everything specific matches?  Sound, not complete:
 * equal patterns, all-wildcard, or "<prefix>*" against a pattern whose
 * literal head starts with prefix. */
static int pattern_subsumes(const struct pattern *general, const struct pattern *specific)
{
	if (pattern_equal(general, specific) || pattern_all_wildcards(general))
		return 1;
	if (general->n == 0 || general->el[general->n - 1] != PATTERN_WILDCARD)
		return 0;
	size_t plen = general->n - 1;
	for (size_t i = 0; i < plen; i++)
		if (general->el[i] == PATTERN_WILDCARD)
			return 0;
	if (specific->n < plen)
		return 0;
	for (size_t i = 0; i < plen; i++)
		if (specific->el[i] != general->el[i])
			return 0;
	return 1;
}

static int expr_equal(const struct expr *a, const struct expr *b)
{
	if (a == b)
		return 1;
	if (a == NULL || b == NULL || a->kind != b->kind || a->n != b->n)
		return 0;
	switch (a->kind) {
	case X_LIT:
		return value_equal(a->lit, b->lit);
	case X_VAR:
		return a->var == b->var;
	case X_LIKE:
		if (!pattern_equal(&a->pat, &b->pat))
			return 0;
		break;
	default:
		break;
	}
	if (!str_eq(a->name, b->name) || a->fn != b->fn)
		return 0;
	if (!expr_equal(a->a, b->a) || !expr_equal(a->b, b->b) || !expr_equal(a->c, b->c))
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		if (a->keys && b->keys && !str_eq(a->keys[i], b->keys[i]))
			return 0;
		if (a->items && b->items && !expr_equal(a->items[i], b->items[i]))
			return 0;
	}
	return 1;
}

/* ---- fold: three-valued static evaluation for one action --------------- */

static enum tri fold(int action, const struct expr *e);

static enum tri action_test(int action, const struct value *target)
{
	if (target->kind == V_ENTITY)
		return str_eq(target->u.e.type, str_c(BOX_ACTION_TYPE)) &&
		       str_eq(target->u.e.id, str_c(box_actions[action].name)) ? T_TRUE : T_FALSE;
	if (target->kind == V_SET) {
		for (size_t i = 0; i < target->u.set.n; i++)
			if (action_test(action, target->u.set.v[i]) == T_TRUE)
				return T_TRUE;
		return T_FALSE;
	}
	return T_UNKNOWN;
}

/* `context.input.f == <literal>`, with f's schema type known: a literal of
 * another kind or another entity type can never be equal. */
static enum tri field_equals_literal(int action, const struct expr *field, const struct value *lit)
{
	const struct sfield *f = schema_field(action, field->name);
	if (f == NULL)
		return T_UNKNOWN;
	switch (f->type->k) {
	case ST_STRING: return lit->kind == V_STRING ? T_UNKNOWN : T_FALSE;
	case ST_LONG: return lit->kind == V_LONG ? T_UNKNOWN : T_FALSE;
	case ST_BOOL: return lit->kind == V_BOOL ? T_UNKNOWN : T_FALSE;
	case ST_ENTITY:
		return lit->kind == V_ENTITY && str_eq(lit->u.e.type, f->type->name) ? T_UNKNOWN : T_FALSE;
	default:
		return T_UNKNOWN;
	}
}

static enum tri fold_eq(int action, const struct expr *e)
{
	const struct expr *l = e->a, *r = e->b;
	if (l->kind == X_VAR && l->var == VAR_ACTION && r->kind == X_LIT)
		return action_test(action, r->lit);
	if (l->kind == X_LIT && r->kind == X_LIT)
		return value_equal(l->lit, r->lit) ? T_TRUE : T_FALSE;
	if (is_input_field(l) && r->kind == X_LIT)
		return field_equals_literal(action, l, r->lit);
	if (is_input_field(r) && l->kind == X_LIT)
		return field_equals_literal(action, r, l->lit);
	return T_UNKNOWN;
}

static enum tri fold_has(int action, const struct expr *e)
{
	if (is_context_input(e->a)) {
		const struct sfield *f = schema_field(action, e->name);
		return f == NULL ? T_FALSE : f->optional ? T_UNKNOWN : T_TRUE;
	}
	if (e->a->kind == X_VAR && e->a->var == VAR_CONTEXT)
		return str_eq(e->name, str_c("input")) ? T_TRUE : T_FALSE;
	return T_UNKNOWN;
}

static void flatten_and(const struct expr *e, const struct expr **out, size_t *n)
{
	if (e->kind == X_AND) {
		flatten_and(e->a, out, n);
		flatten_and(e->b, out, n);
	} else if (*n < MAX_CONJUNCTS) {
		out[(*n)++] = e;
	}
}

/* x == "lit" on a field (either side), returning the field and literal. */
static int field_eq_lit(const struct expr *e, const struct expr **field, const struct value **lit)
{
	if (e->kind != X_EQ)
		return 0;
	if (is_input_field(e->a) && e->b->kind == X_LIT) {
		*field = e->a;
		*lit = e->b->lit;
		return 1;
	}
	if (is_input_field(e->b) && e->a->kind == X_LIT) {
		*field = e->b;
		*lit = e->a->lit;
		return 1;
	}
	return 0;
}

/* Conjuncts that cannot hold together: one field equal to two different
 * literals, or equal to a string that a `like` on it does not match. */
static int conjuncts_contradict(const struct expr *e)
{
	const struct expr *c[MAX_CONJUNCTS];
	size_t n = 0;
	flatten_and(e, c, &n);
	for (size_t i = 0; i < n; i++) {
		const struct expr *f1;
		const struct value *v1;
		if (!field_eq_lit(c[i], &f1, &v1))
			continue;
		for (size_t j = 0; j < n; j++) {
			const struct expr *f2;
			const struct value *v2;
			if (j == i)
				continue;
			if (field_eq_lit(c[j], &f2, &v2) && str_eq(f1->name, f2->name) && !value_equal(v1, v2))
				return 1;
			if (c[j]->kind == X_LIKE && is_input_field(c[j]->a) && str_eq(c[j]->a->name, f1->name) &&
			    v1->kind == V_STRING && !pattern_match(&c[j]->pat, v1->u.s.p, v1->u.s.n))
				return 1;
		}
	}
	return 0;
}

static enum tri fold(int action, const struct expr *e)
{
	enum tri a, b, c;
	switch (e->kind) {
	case X_LIT:
		return e->lit->kind == V_BOOL ? (e->lit->u.b ? T_TRUE : T_FALSE) : T_UNKNOWN;
	case X_AND:
		a = fold(action, e->a);
		if (a == T_FALSE)
			return T_FALSE;
		b = fold(action, e->b);
		if (b == T_FALSE)
			return T_FALSE;
		if (a == T_TRUE && b == T_TRUE)
			return T_TRUE;
		return conjuncts_contradict(e) ? T_FALSE : T_UNKNOWN;
	case X_OR:
		a = fold(action, e->a);
		if (a == T_TRUE)
			return T_TRUE;
		b = fold(action, e->b);
		if (b == T_TRUE)
			return T_TRUE;
		return a == T_FALSE && b == T_FALSE ? T_FALSE : T_UNKNOWN;
	case X_NOT:
		a = fold(action, e->a);
		return a == T_UNKNOWN ? T_UNKNOWN : a == T_TRUE ? T_FALSE : T_TRUE;
	case X_IF:
		c = fold(action, e->a);
		if (c == T_TRUE)
			return fold(action, e->b);
		if (c == T_FALSE)
			return fold(action, e->c);
		a = fold(action, e->b);
		b = fold(action, e->c);
		return a == b ? a : T_UNKNOWN;
	case X_EQ:
		return fold_eq(action, e);
	case X_IN:
		if (e->a->kind == X_VAR && e->a->var == VAR_ACTION && e->b->kind == X_LIT)
			return action_test(action, e->b->lit);
		return T_UNKNOWN;
	case X_HAS:
		return fold_has(action, e);
	case X_LIKE:
		if (is_lit(e->a, V_STRING))
			return pattern_match(&e->pat, e->a->lit->u.s.p, e->a->lit->u.s.n) ? T_TRUE : T_FALSE;
		if (pattern_all_wildcards(&e->pat) && e->pat.n > 0)
			return T_TRUE; /* the validator made sure the operand is a String */
		return T_UNKNOWN;
	case X_CONTAINS:
		if (e->a->kind == X_LIT && e->a->lit->kind == V_SET && e->b->kind == X_LIT)
			return set_contains(e->a->lit, e->b->lit) ? T_TRUE : T_FALSE;
		if (e->a->kind == X_LIT && e->a->lit->kind == V_SET && e->a->lit->u.set.n == 0)
			return T_FALSE;
		return T_UNKNOWN;
	default:
		return T_UNKNOWN;
	}
}

/* ---- requires: no way to be true without testing the field ------------- */

/* An atom that narrows field to some values (a `like` of only wildcards
 * and a negation narrow nothing). */
static int restricts_field(const struct expr *e, const char *field)
{
	switch (e->kind) {
	case X_EQ:
		return is_field(e->a, field) || is_field(e->b, field);
	case X_LIKE:
		return is_field(e->a, field) && !pattern_all_wildcards(&e->pat);
	case X_CONTAINS:
		return is_field(e->b, field);
	case X_CONTAINS_ANY:
	case X_CONTAINS_ALL:
		return 0;
	default:
		return 0;
	}
}

static int requires(int action, const struct expr *e, const char *field)
{
	switch (e->kind) {
	case X_AND:
		return requires(action, e->a, field) || requires(action, e->b, field);
	case X_OR:
		return (fold(action, e->a) == T_FALSE || requires(action, e->a, field)) &&
		       (fold(action, e->b) == T_FALSE || requires(action, e->b, field));
	case X_IF:
		if (requires(action, e->a, field) && fold(action, e->c) == T_FALSE)
			return 1;
		return (fold(action, e->b) == T_FALSE || requires(action, e->b, field)) &&
		       (fold(action, e->c) == T_FALSE || requires(action, e->c, field));
	case X_NOT:
		return e->a->kind == X_NOT && requires(action, e->a->a, field);
	default:
		return restricts_field(e, field);
	}
}

/* ---- can_error: a reachable node whose evaluation may fail ------------- */

static int literal_string_arg(const struct expr *e)
{
	return e->n == 1 && e->items && is_lit(e->items[0], V_STRING);
}

static int checked_arith(const struct expr *e)
{
	if (!is_lit(e->a, V_LONG) || (e->b && !is_lit(e->b, V_LONG)))
		return 0;
	int64_t x = e->a->lit->u.l, y = e->b ? e->b->lit->u.l : 0, r;
	switch (e->kind) {
	case X_ADD: return !__builtin_add_overflow(x, y, &r);
	case X_SUB: return !__builtin_sub_overflow(x, y, &r);
	case X_MUL: return !__builtin_mul_overflow(x, y, &r);
	case X_NEG: return !__builtin_sub_overflow((int64_t)0, x, &r);
	default: return 0;
	}
}

static int can_error(int action, const struct expr *e, char *why, size_t cap);

static int children_can_error(int action, const struct expr *e, char *why, size_t cap)
{
	if (e->a && can_error(action, e->a, why, cap))
		return 1;
	if (e->b && can_error(action, e->b, why, cap))
		return 1;
	if (e->c && can_error(action, e->c, why, cap))
		return 1;
	for (size_t i = 0; e->items && i < e->n; i++)
		if (can_error(action, e->items[i], why, cap))
			return 1;
	return 0;
}

static int can_error(int action, const struct expr *e, char *why, size_t cap)
{
	switch (e->kind) {
	case X_AND:
		return can_error(action, e->a, why, cap) ||
		       (fold(action, e->a) != T_FALSE && can_error(action, e->b, why, cap));
	case X_OR:
		return can_error(action, e->a, why, cap) ||
		       (fold(action, e->a) != T_TRUE && can_error(action, e->b, why, cap));
	case X_IF:
		return can_error(action, e->a, why, cap) ||
		       (fold(action, e->a) != T_FALSE && can_error(action, e->b, why, cap)) ||
		       (fold(action, e->a) != T_TRUE && can_error(action, e->c, why, cap));
	case X_ADD:
	case X_SUB:
	case X_MUL:
	case X_NEG:
		if (children_can_error(action, e, why, cap))
			return 1;
		if (checked_arith(e))
			return 0;
		snprintf(why, cap, "arithmetic (line %d) can overflow a Long", e->line);
		return 1;
	case X_EXTFN:
		if (children_can_error(action, e, why, cap))
			return 1;
		if (literal_string_arg(e)) {
			struct arena a;
			char err[200];
			arena_init(&a);
			const struct value *v = ext_construct(&a, e->fn, e->items[0]->lit, err, sizeof err);
			arena_free(&a);
			if (v != NULL)
				return 0;
			snprintf(why, cap, "%.*s(\"%.*s\") (line %d) does not parse: %s", (int)e->name.n, e->name.p,
			         (int)e->items[0]->lit->u.s.n, e->items[0]->lit->u.s.p, e->line, err);
			return 1;
		}
		snprintf(why, cap, "%.*s() of a request value (line %d) fails on a value that does not parse",
		         (int)e->name.n, e->name.p, e->line);
		return 1;
	case X_ATTR:
		if (e->a->kind == X_VAR && (e->a->var == VAR_PRINCIPAL || e->a->var == VAR_RESOURCE ||
		                            e->a->var == VAR_ACTION)) {
			snprintf(why, cap, "`%s.%.*s` (line %d) reads an attribute Box's entities do not have",
			         e->a->var == VAR_PRINCIPAL ? "principal" : e->a->var == VAR_RESOURCE ? "resource"
			                                                                                : "action",
			         (int)e->name.n, e->name.p, e->line);
			return 1;
		}
		return children_can_error(action, e, why, cap);
	case X_GET_TAG:
		snprintf(why, cap, "getTag (line %d) reads a tag Box's entities do not have", e->line);
		return 1;
	case X_METHOD:
		if (children_can_error(action, e, why, cap))
			return 1;
		if (str_eq(e->name, str_c("offset")) || str_eq(e->name, str_c("durationSince"))) {
			snprintf(why, cap, "%.*s (line %d) can overflow", (int)e->name.n, e->name.p, e->line);
			return 1;
		}
		return 0;
	default:
		return children_can_error(action, e, why, cap);
	}
}

/* ---- implies: whenever p holds, f holds -------------------------------- */

static int atom_implies(const struct expr *p, const struct expr *f)
{
	if (expr_equal(p, f))
		return 1;
	const struct expr *pf, *ff;
	const struct value *pv, *fv;
	/* p: field == "lit" */
	if (field_eq_lit(p, &pf, &pv)) {
		if (f->kind == X_LIKE && is_input_field(f->a) && str_eq(f->a->name, pf->name))
			return pv->kind == V_STRING && pattern_match(&f->pat, pv->u.s.p, pv->u.s.n);
		if (field_eq_lit(f, &ff, &fv) && str_eq(ff->name, pf->name))
			return value_equal(pv, fv);
		if (f->kind == X_CONTAINS && is_input_field(f->b) && str_eq(f->b->name, pf->name) &&
		    is_lit(f->a, V_SET))
			return set_contains(f->a->lit, pv);
		return 0;
	}
	/* p: field like "pat" */
	if (p->kind == X_LIKE && is_input_field(p->a) && f->kind == X_LIKE && is_input_field(f->a) &&
	    str_eq(p->a->name, f->a->name))
		return pattern_subsumes(&f->pat, &p->pat);
	/* p: ["a","b"].contains(field): every element must satisfy f */
	if (p->kind == X_CONTAINS && is_input_field(p->b) && is_lit(p->a, V_SET) && p->a->lit->u.set.n > 0) {
		for (size_t i = 0; i < p->a->lit->u.set.n; i++) {
			struct expr lit = { .kind = X_LIT, .lit = p->a->lit->u.set.v[i] };
			struct expr eq = { .kind = X_EQ, .a = p->b, .b = &lit };
			if (!atom_implies(&eq, f))
				return 0;
		}
		return 1;
	}
	return 0;
}

static int implies(const struct expr *p, const struct expr *f)
{
	if (f->kind == X_LIT && f->lit->kind == V_BOOL && f->lit->u.b)
		return 1;
	if (f->kind == X_AND)
		return implies(p, f->a) && implies(p, f->b);
	if (p->kind == X_OR)
		return implies(p->a, f) && implies(p->b, f);
	if (p->kind == X_AND)
		return implies(p->a, f) || implies(p->b, f);
	if (f->kind == X_OR)
		return implies(p, f->a) || implies(p, f->b);
	return atom_implies(p, f);
}

/* Clause i of r as an expression (an `unless` is wrapped in a `!` node the
 * caller provides storage for). */
static const struct expr *clause_expr(const struct rule *r, size_t i, struct expr *not_node)
{
	if (r->clauses[i].when)
		return r->clauses[i].body;
	memset(not_node, 0, sizeof *not_node);
	not_node->kind = X_NOT;
	not_node->a = r->clauses[i].body;
	return not_node;
}

/* Does every clause of the forbid follow from the permit's clauses? */
static int permit_implies_forbid(const struct rule *permit, const struct rule *forbid)
{
	for (size_t j = 0; j < forbid->nclauses; j++) {
		struct expr fnot;
		const struct expr *f = clause_expr(forbid, j, &fnot);
		int ok = 0;
		for (size_t i = 0; i < permit->nclauses && !ok; i++) {
			struct expr pnot;
			ok = implies(clause_expr(permit, i, &pnot), f);
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* ---- probes: evaluating a rule on a request the lint builds ------------ */

struct probe_field {
	const char *name;
	enum vkind kind;                /* V_STRING, V_LONG, V_BOOL or V_ENTITY (enum) */
	const char *s;                  /* string, or the enum id */
	const char *enum_type;
	int64_t l;
};

/* 1 when rule r's condition is satisfied for action on the input, else 0
 * (an evaluation error counts as not satisfied, as in Cedar). */
static int probe_rule(const struct rule *r, int action, const struct probe_field *fields, size_t n)
{
	struct arena a;
	arena_init(&a);
	struct rec_entry *in = arena_array(&a, n ? n : 1, sizeof *in);
	for (size_t i = 0; i < n; i++) {
		in[i].key = str_c(fields[i].name);
		switch (fields[i].kind) {
		case V_STRING: in[i].val = value_string(&a, fields[i].s, strlen(fields[i].s)); break;
		case V_LONG: in[i].val = value_long(&a, fields[i].l); break;
		case V_BOOL: in[i].val = value_bool(fields[i].l != 0); break;
		default: in[i].val = value_entity(&a, str_c(fields[i].enum_type), str_c(fields[i].s)); break;
		}
	}
	struct rec_entry *ctx = arena_alloc(&a, sizeof *ctx);
	ctx->key = str_c("input");
	ctx->val = value_record(&a, in, n);
	struct request req = {
		value_entity(&a, str_c(BOX_PRINCIPAL_TYPE), str_c(BOX_PRINCIPAL_ID)),
		value_entity(&a, str_c(BOX_ACTION_TYPE), str_c(box_actions[action].name)),
		value_entity(&a, str_c(BOX_RESOURCE_TYPE), str_c(BOX_RESOURCE_ID)),
		value_record(&a, ctx, 1),
	};
	struct eval_ctx ec;
	memset(&ec, 0, sizeof ec);
	ec.req = &req;
	ec.a = &a;
	int sat = eval_condition(&ec, r->cond) == 1;
	arena_free(&a);
	return sat;
}

/* Each fs action's operation enum and its values. */
static const char *const fs_ops[][7] = {
	[ACT_FS_READ] = { "Box::FsReadOperation", "read_content", "read_metadata", "enumerate", "read_link",
	                  "change_dir", "exec" },
	[ACT_FS_WRITE] = { "Box::FsWriteOperation", "write_content", "create_dir", "set_permissions", "symlink" },
	[ACT_FS_DELETE] = { "Box::FsDeleteOperation", "remove_file", "remove_dir", NULL, NULL },
	[ACT_FS_MOVE] = { "Box::FsMoveOperation", "rename", NULL, NULL, NULL },
};

/* Does r apply to fs action on path with operation fs_ops[action][op]? */
static int rule_covers_op(const struct rule *r, int action, int op, const char *path)
{
	struct probe_field f[2] = {
		{ "operation", V_ENTITY, fs_ops[action][op], fs_ops[action][0], 0 },
		{ "path", V_STRING, path, NULL, 0 },
	};
	return probe_rule(r, action, f, 2);
}

/* ... for some operation of that action? */
static int rule_covers_path(const struct rule *r, int action, const char *path)
{
	for (int op = 1; op < 7 && fs_ops[action][op]; op++)
		if (rule_covers_op(r, action, op, path))
			return 1;
	return 0;
}

/* ---- the lints ---------------------------------------------------------- */

struct linter {
	const struct policy_set *ps;
	const struct lint_options *opts;
	struct lint_result *res;
	unsigned *live;                 /* per rule: actions whose condition is not always false */
	unsigned *no_path;              /* per rule: fs actions flagged fs-permit-no-path */
};

static void action_names(unsigned mask, char *buf, size_t cap)
{
	size_t o = 0;
	int count = 0, total = 0;
	buf[0] = 0;
	for (int a = 0; a < BOX_NACTIONS; a++)
		total += (mask >> a) & 1;
	for (int a = 0; a < BOX_NACTIONS && o < cap; a++) {
		if (!(mask & (1u << a)))
			continue;
		count++;
		o += (size_t)snprintf(buf + o, cap - o, "%s%s", count == 1 ? "" : count == total ? " and " : ", ",
		                      box_actions[a].name);
	}
}

static void lint_rule_static(struct linter *L, size_t i)
{
	const struct rule *r = &L->ps->rules[i];
	unsigned acts = lint_rule_live_actions(r), live = 0;
	char name[200], names[200];
	lint_rule_name(r, name, sizeof name);
	for (int a = 0; a < BOX_NACTIONS; a++)
		if ((acts & (1u << a)) && fold(a, r->cond) != T_FALSE)
			live |= 1u << a;
	L->live[i] = live;
	if (live == 0) {
		action_names(acts, names, sizeof names);
		add(L->res, "rule-never-applies", (int)i, "%s can never apply: its condition is false for %s",
		    name, acts ? names : "every action");
		return;
	}
	if (r->permit) {
		unsigned fs = 0, net = 0;
		for (int a = ACT_FS_READ; a <= ACT_FS_MOVE; a++)
			if ((live & (1u << a)) && !requires(a, r->cond, "path"))
				fs |= 1u << a;
		for (int a = ACT_NET_CONNECT; a <= ACT_HTTP_REQUEST; a++)
			if ((live & (1u << a)) && !requires(a, r->cond, "host"))
				net |= 1u << a;
		L->no_path[i] = fs;
		if (fs) {
			action_names(fs, names, sizeof names);
			add(L->res, "fs-permit-no-path", (int)i,
			    "%s permits %s with no condition on context.input.path: every file under the operator's "
			    "home, ~/.ssh and ~/.aws included", name, names);
		}
		if (net) {
			action_names(net, names, sizeof names);
			add(L->res, "net-permit-no-host", (int)i,
			    "%s permits %s with no condition on context.input.host: a script may reach any host", name,
			    names);
		}
	} else {
		char why[300] = "";
		for (int a = 0; a < BOX_NACTIONS; a++)
			if ((live & (1u << a)) && can_error(a, r->cond, why, sizeof why)) {
				add(L->res, "forbid-can-error", (int)i,
				    "forbid %s can fail to evaluate for %s, and then protects nothing: %s", name,
				    box_actions[a].name, why);
				break;
			}
	}
}

static const char *const credential_probes[] = { "~/.ssh/id_ed25519", "~/.aws/credentials" };

static int forbid_covers_op(const struct linter *L, int action, int op, const char *path)
{
	for (size_t j = 0; j < L->ps->n; j++) {
		const struct rule *f = &L->ps->rules[j];
		if (!f->permit && (L->live[j] & (1u << action)) && rule_covers_op(f, action, op, path))
			return 1;
	}
	return 0;
}

/* A permit with a path condition that still reaches ~/.ssh or ~/.aws. */
static void lint_credentials(struct linter *L, size_t i)
{
	const struct rule *r = &L->ps->rules[i];
	char name[200];
	if (!r->permit)
		return;
	lint_rule_name(r, name, sizeof name);
	for (int a = ACT_FS_READ; a <= ACT_FS_MOVE; a++) {
		if (!(L->live[i] & (1u << a)) || (L->no_path[i] & (1u << a)))
			continue;
		for (size_t k = 0; k < sizeof credential_probes / sizeof credential_probes[0]; k++)
			for (int op = 1; op < 7 && fs_ops[a][op]; op++)
				if (rule_covers_op(r, a, op, credential_probes[k]) &&
				    !forbid_covers_op(L, a, op, credential_probes[k])) {
					add(L->res, "fs-permit-credentials", (int)i,
					    "%s permits %s (%s) on %s, and no forbid stops it", name,
					    box_actions[a].name, fs_ops[a][op], credential_probes[k]);
					return;
				}
	}
}

/* Every `like` in e: leading wildcards and "dir*" sibling prefixes. */
static void scan_patterns(const struct expr *e, const struct expr **leading,
                          const struct expr **sibling)
{
	if (e == NULL)
		return;
	if (e->kind == X_LIKE && e->pat.n > 0) {
		if (*leading == NULL && e->pat.el[0] == PATTERN_WILDCARD && !pattern_all_wildcards(&e->pat))
			*leading = e;
		size_t w = 0;
		while (w < e->pat.n && e->pat.el[w] != PATTERN_WILDCARD)
			w++;
		if (sibling != NULL && *sibling == NULL && is_field(e->a, "path") && w > 0 && w < e->pat.n &&
		    e->pat.el[w - 1] != '/' && (w + 1 == e->pat.n || e->pat.el[w + 1] == '/'))
			*sibling = e;
	}
	scan_patterns(e->a, leading, sibling);
	scan_patterns(e->b, leading, sibling);
	scan_patterns(e->c, leading, sibling);
	for (size_t i = 0; e->items && i < e->n; i++)
		scan_patterns(e->items[i], leading, sibling);
}

static void lint_patterns(struct linter *L, size_t i)
{
	const struct rule *r = &L->ps->rules[i];
	const struct expr *leading = NULL, *sibling = NULL;
	char name[200], pat[400];
	if (L->live[i] == 0)
		return;
	/* a forbid that matches more than its author meant is only stricter:
	 * sibling prefixes matter on permits */
	for (size_t c = 0; c < r->nclauses; c++)
		scan_patterns(r->clauses[c].body, &leading, r->permit ? &sibling : NULL);
	lint_rule_name(r, name, sizeof name);
	if (leading) {
		pattern_text(&leading->pat, pat, sizeof pat);
		add(L->res, "like-leading-wildcard", (int)i,
		    "%s uses the pattern \"%s\" (line %d), which starts with * and so matches in every directory",
		    name, pat, leading->line);
	}
	if (sibling) {
		pattern_text(&sibling->pat, pat, sizeof pat);
		add(L->res, "like-sibling-prefix", (int)i,
		    "%s uses the path pattern \"%s\" (line %d), which also matches sibling names that start the "
		    "same way", name, pat, sibling->line);
	}
}

static void lint_workspace(struct linter *L, size_t i)
{
	const struct rule *r = &L->ps->rules[i];
	const char *ws = L->opts ? L->opts->workspace : NULL;
	char probe[4096], name[200];
	if (!r->permit || ws == NULL || ws[0] == 0)
		return;
	snprintf(probe, sizeof probe, "%s/.git/hooks/pre-commit", strcmp(ws, "/") == 0 ? "" : ws);
	lint_rule_name(r, name, sizeof name);
	for (int a = ACT_FS_WRITE; a <= ACT_FS_MOVE; a++) {
		if (!(L->live[i] & (1u << a)) || (L->no_path[i] & (1u << a)))
			continue;
		if (rule_covers_path(r, a, probe)) {
			add(L->res, "write-over-workspace", (int)i,
			    "%s permits %s over the whole workspace %s (it allows %s)", name, box_actions[a].name, ws,
			    probe);
			return;
		}
	}
}

static void lint_shadowed(struct linter *L, size_t i)
{
	const struct rule *p = &L->ps->rules[i];
	unsigned covered = 0;
	size_t by = 0;
	int found = 0;
	if (!p->permit || L->live[i] == 0)
		return;
	for (size_t j = 0; j < L->ps->n; j++) {
		const struct rule *f = &L->ps->rules[j];
		if (f->permit || L->live[j] == 0)
			continue;
		unsigned common = L->live[i] & L->live[j] & ~covered;
		/* live[] already drops the actions the forbid's own tests exclude */
		if (common == 0 || !permit_implies_forbid(p, f))
			continue;
		if (!found) {
			by = j;
			found = 1;
		}
		covered |= common;
	}
	if (found && covered == L->live[i]) {
		char pn[200], fn[200];
		lint_rule_name(p, pn, sizeof pn);
		lint_rule_name(&L->ps->rules[by], fn, sizeof fn);
		add(L->res, "permit-shadowed", (int)i,
		    "permit %s is shadowed: forbid %s applies whenever it does, so it never grants anything", pn, fn);
	}
}

/* Hosts and addresses a script must not reach, as (host, ip) pairs: the
 * decision before DNS carries only the host, the one after it the ip too. */
static const struct {
	const char *label, *host, *ip;
} metadata_probes[] = {
	{ "169.254.169.254", "169.254.169.254", "169.254.169.254" },
	{ "metadata.google.internal", "metadata.google.internal", "169.254.169.254" },
	{ "link-local IPv4 (169.254.0.0/16)", "link-local.audit.invalid", "169.254.10.10" },
	{ "link-local IPv6 (fe80::/10)", "link-local6.audit.invalid", "fe80::1" },
	{ "metadata.azure.internal", "metadata.azure.internal", "169.254.169.254" },
	{ "the AWS IPv6 metadata address (fd00:ec2::254)", "metadata6.audit.invalid", "fd00:ec2::254" },
};

static int some_forbid_matches(const struct linter *L, int action, const struct probe_field *f, size_t n)
{
	for (size_t j = 0; j < L->ps->n; j++) {
		const struct rule *r = &L->ps->rules[j];
		if (!r->permit && (L->live[j] & (1u << action)) && probe_rule(r, action, f, n))
			return 1;
	}
	return 0;
}

static int probe_forbidden(const struct linter *L, const char *host, const char *ip)
{
	struct probe_field pre[2] = { { "host", V_STRING, host, NULL, 0 }, { "port", V_LONG, NULL, NULL, 80 } };
	struct probe_field post[3] = { pre[0], pre[1], { "ip", V_STRING, ip, NULL, 0 } };
	struct probe_field http[6] = {
		{ "body_bytes", V_LONG, NULL, NULL, 0 }, { "host", V_STRING, host, NULL, 0 },
		{ "intercepted", V_BOOL, NULL, NULL, 0 }, { "method", V_STRING, "GET", NULL, 0 },
		{ "path", V_STRING, "/latest/meta-data/", NULL, 0 }, { "port", V_LONG, NULL, NULL, 80 },
	};
	return some_forbid_matches(L, ACT_NET_CONNECT, pre, 2) || some_forbid_matches(L, ACT_NET_CONNECT, post, 3) ||
	       some_forbid_matches(L, ACT_HTTP_REQUEST, http, 6);
}

static void lint_metadata(struct linter *L)
{
	int any_net = 0;
	for (size_t i = 0; i < L->ps->n; i++)
		if (L->ps->rules[i].permit &&
		    (L->live[i] & ((1u << ACT_NET_CONNECT) | (1u << ACT_HTTP_REQUEST))))
			any_net = 1;
	if (!any_net)
		return;
	char missing[600] = "";
	size_t o = 0;
	for (size_t k = 0; k < sizeof metadata_probes / sizeof metadata_probes[0]; k++)
		if (!probe_forbidden(L, metadata_probes[k].host, metadata_probes[k].ip) && o < sizeof missing)
			o += (size_t)snprintf(missing + o, sizeof missing - o, "%s%s", o ? ", " : "",
			                      metadata_probes[k].label);
	if (o > 0)
		add(L->res, "no-metadata-forbid", -1,
		    "the policy permits network access but no forbid covers %s", missing);
}

/* Stable insertion sort: rule order, policy-wide findings (-1) last. */
static void sort_by_rule(struct lint_result *res)
{
	for (size_t i = 1; i < res->n; i++) {
		struct lint_finding f = res->v[i];
		unsigned key = f.rule < 0 ? ~0u : (unsigned)f.rule;
		size_t j = i;
		while (j > 0 && (res->v[j - 1].rule < 0 ? ~0u : (unsigned)res->v[j - 1].rule) > key) {
			res->v[j] = res->v[j - 1];
			j--;
		}
		res->v[j] = f;
	}
}

void policy_lint(const struct policy_set *ps, const struct lint_options *opts, struct lint_result *out)
{
	struct linter L = { ps, opts, out, NULL, NULL };
	memset(out, 0, sizeof *out);
	L.live = calloc(ps->n ? ps->n : 1, sizeof *L.live);
	L.no_path = calloc(ps->n ? ps->n : 1, sizeof *L.no_path);
	if (L.live == NULL || L.no_path == NULL)
		abort();
	for (size_t i = 0; i < ps->n; i++)
		lint_rule_static(&L, i);
	for (size_t i = 0; i < ps->n; i++) {
		lint_credentials(&L, i);
		lint_patterns(&L, i);
		lint_workspace(&L, i);
		lint_shadowed(&L, i);
	}
	lint_metadata(&L);
	if (opts->temporal)
		lint_temporal(ps, opts->temporal, out);
	sort_by_rule(out);
	free(L.live);
	free(L.no_path);
}
