/* eval.c -- tree-walking evaluator with Cedar 4.x semantics (dogwood.md 3.1):
 * short-circuit && || and if, checked i64 arithmetic, `in` over the
 * precomputed ancestor sets, `has`/attribute access on records and
 * entities, `like`, `is`, sets, records, tags and extension calls. */
#include "broker/policy/eval.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "broker/policy/ext.h"

static const struct value *fail(struct eval_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static const struct value *fail(struct eval_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof c->err, fmt, ap);
	va_end(ap);
	return NULL;
}

static const struct value *type_error(struct eval_ctx *c, const char *op, const char *want,
                                      const struct value *got)
{
	return fail(c, "type error: %s expects %s, got %s", op, want, vkind_name(got->kind));
}

static const struct value *var_value(struct eval_ctx *c, int var)
{
	switch (var) {
	case VAR_PRINCIPAL: return c->req->principal;
	case VAR_ACTION: return c->req->action;
	case VAR_RESOURCE: return c->req->resource;
	default: return c->req->context;
	}
}

static int entity_in(struct eval_ctx *c, const struct value *e, const struct value *target)
{
	if (value_equal(e, target))
		return 1;
	const struct entity *ent = entity_store_find(c->entities, e);
	if (ent == NULL)
		return 0;
	for (size_t i = 0; i < ent->nancestors; i++)
		if (value_equal(ent->ancestors[i], target))
			return 1;
	return 0;
}

static const struct value *eval_in(struct eval_ctx *c, const struct value *l,
                                   const struct value *r)
{
	if (l->kind != V_ENTITY)
		return type_error(c, "`in`", "an entity on the left", l);
	if (r->kind == V_ENTITY)
		return value_bool(entity_in(c, l, r));
	if (r->kind != V_SET)
		return type_error(c, "`in`", "an entity or a set of entities on the right", r);
	for (size_t i = 0; i < r->u.set.n; i++)
		if (r->u.set.v[i]->kind != V_ENTITY)
			return type_error(c, "`in`", "a set of entities", r->u.set.v[i]);
	for (size_t i = 0; i < r->u.set.n; i++)
		if (entity_in(c, l, r->u.set.v[i]))
			return &value_true;
	return &value_false;
}

static const struct value *eval_has(struct eval_ctx *c, const struct value *v, struct str name)
{
	if (v->kind == V_RECORD)
		return value_bool(record_get(v, name) != NULL);
	if (v->kind == V_ENTITY) {
		const struct entity *e = entity_store_find(c->entities, v);
		return value_bool(e && e->attrs && record_get(e->attrs, name) != NULL);
	}
	return type_error(c, "`has`", "a record or an entity", v);
}

static const struct value *eval_attr(struct eval_ctx *c, const struct value *v, struct str name)
{
	char buf[160];
	if (v->kind == V_RECORD) {
		const struct value *r = record_get(v, name);
		if (r == NULL)
			return fail(c, "record does not have the attribute `%.*s`",
			            (int)(name.n > 64 ? 64 : name.n), name.p);
		return r;
	}
	if (v->kind == V_ENTITY) {
		const struct entity *e = entity_store_find(c->entities, v);
		if (e == NULL) {
			value_render(v, buf, sizeof buf);
			return fail(c, "entity %s does not exist", buf);
		}
		const struct value *r = e->attrs ? record_get(e->attrs, name) : NULL;
		if (r == NULL) {
			value_render(v, buf, sizeof buf);
			return fail(c, "%s does not have the attribute `%.*s`", buf,
			            (int)(name.n > 64 ? 64 : name.n), name.p);
		}
		return r;
	}
	return type_error(c, "attribute access", "a record or an entity", v);
}

static const struct value *eval_tag(struct eval_ctx *c, const struct value *v,
                                    const struct value *k, int get)
{
	char buf[160];
	if (v->kind != V_ENTITY)
		return type_error(c, get ? "getTag" : "hasTag", "an entity", v);
	if (k->kind != V_STRING)
		return type_error(c, get ? "getTag" : "hasTag", "a string tag name", k);
	const struct entity *e = entity_store_find(c->entities, v);
	const struct value *t = e && e->tags ? record_get(e->tags, k->u.s) : NULL;
	if (!get)
		return value_bool(t != NULL);
	if (e == NULL) {
		value_render(v, buf, sizeof buf);
		return fail(c, "entity %s does not exist", buf);
	}
	if (t == NULL) {
		value_render(v, buf, sizeof buf);
		return fail(c, "%s does not have the tag `%.*s`", buf,
		            (int)(k->u.s.n > 64 ? 64 : k->u.s.n), k->u.s.p);
	}
	return t;
}

static const struct value *compare(struct eval_ctx *c, const struct expr *e,
                                   const struct value *l, const struct value *r)
{
	const char *op = e->kind == X_LT ? "`<`" : "`<=`";
	int ok = (l->kind == V_LONG || l->kind == V_DATETIME || l->kind == V_DURATION) &&
	         l->kind == r->kind;
	if (!ok) {
		if (l->kind == V_LONG || l->kind == V_DATETIME || l->kind == V_DURATION)
			return fail(c, "type error: %s compares %s with %s", op,
			            vkind_name(l->kind), vkind_name(r->kind));
		return type_error(c, op, "long, datetime or duration", l);
	}
	return value_bool(e->kind == X_LT ? l->u.l < r->u.l : l->u.l <= r->u.l);
}

static const struct value *arith(struct eval_ctx *c, const struct expr *e,
                                 const struct value *l, const struct value *r)
{
	const char *op = e->kind == X_ADD ? "`+`" : e->kind == X_SUB ? "`-`" : "`*`";
	if (l->kind != V_LONG)
		return type_error(c, op, "long", l);
	if (r->kind != V_LONG)
		return type_error(c, op, "long", r);
	int64_t res;
	int ovf = e->kind == X_ADD ? __builtin_add_overflow(l->u.l, r->u.l, &res)
	        : e->kind == X_SUB ? __builtin_sub_overflow(l->u.l, r->u.l, &res)
	                           : __builtin_mul_overflow(l->u.l, r->u.l, &res);
	if (ovf)
		return fail(c, "integer overflow in %s", op);
	return value_long(c->a, res);
}

static const struct value *eval_set(struct eval_ctx *c, const struct expr *e)
{
	const struct value **v = arena_array(c->a, e->n, sizeof *v);
	for (size_t i = 0; i < e->n; i++)
		if ((v[i] = eval_expr(c, e->items[i])) == NULL)
			return NULL;
	return value_set(c->a, v, e->n);
}

static const struct value *eval_record(struct eval_ctx *c, const struct expr *e)
{
	struct rec_entry *r = arena_array(c->a, e->n, sizeof *r);
	for (size_t i = 0; i < e->n; i++) {
		r[i].key = e->keys[i];
		if ((r[i].val = eval_expr(c, e->items[i])) == NULL)
			return NULL;
	}
	const struct value *v = value_record(c->a, r, e->n);
	return v ? v : fail(c, "duplicate record key");
}

static const struct value *set_op(struct eval_ctx *c, const struct expr *e,
                                  const struct value *l, const struct value *r)
{
	const char *name = e->kind == X_CONTAINS ? "contains"
	                 : e->kind == X_CONTAINS_ALL ? "containsAll" : "containsAny";
	if (l->kind != V_SET)
		return type_error(c, name, "a set", l);
	if (e->kind == X_CONTAINS)
		return value_bool(set_contains(l, r));
	if (r->kind != V_SET)
		return type_error(c, name, "a set argument", r);
	if (e->kind == X_CONTAINS_ALL) {
		for (size_t i = 0; i < r->u.set.n; i++)
			if (!set_contains(l, r->u.set.v[i]))
				return &value_false;
		return &value_true;
	}
	for (size_t i = 0; i < r->u.set.n; i++)
		if (set_contains(l, r->u.set.v[i]))
			return &value_true;
	return &value_false;
}

static const struct value *want_bool(struct eval_ctx *c, const struct value *v, const char *op)
{
	if (v && v->kind != V_BOOL)
		return type_error(c, op, "bool", v);
	return v;
}

const struct value *eval_expr(struct eval_ctx *c, const struct expr *e)
{
	const struct value *l, *r;
	switch (e->kind) {
	case X_LIT:
		return e->lit;
	case X_VAR:
		return var_value(c, e->var);
	case X_AND:
	case X_OR: {
		const char *op = e->kind == X_AND ? "`&&`" : "`||`";
		if ((l = want_bool(c, eval_expr(c, e->a), op)) == NULL)
			return NULL;
		if (l->u.b == (e->kind == X_OR))
			return l;
		return want_bool(c, eval_expr(c, e->b), op);
	}
	case X_IF:
		if ((l = want_bool(c, eval_expr(c, e->a), "`if`")) == NULL)
			return NULL;
		return eval_expr(c, l->u.b ? e->b : e->c);
	case X_NOT:
		if ((l = want_bool(c, eval_expr(c, e->a), "`!`")) == NULL)
			return NULL;
		return value_bool(!l->u.b);
	case X_NEG:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		if (l->kind != V_LONG)
			return type_error(c, "unary `-`", "long", l);
		if (l->u.l == INT64_MIN)
			return fail(c, "integer overflow in unary `-`");
		return value_long(c->a, -l->u.l);
	case X_IS_EMPTY:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		if (l->kind != V_SET)
			return type_error(c, "isEmpty", "a set", l);
		return value_bool(l->u.set.n == 0);
	case X_HAS:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		return eval_has(c, l, e->name);
	case X_ATTR:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		return eval_attr(c, l, e->name);
	case X_LIKE:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		if (l->kind != V_STRING)
			return type_error(c, "`like`", "a string", l);
		return value_bool(pattern_match(&e->pat, l->u.s.p, l->u.s.n));
	case X_IS:
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		if (l->kind != V_ENTITY)
			return type_error(c, "`is`", "an entity", l);
		return value_bool(str_eq(l->u.e.type, e->name));
	case X_SET:
		return eval_set(c, e);
	case X_RECORD:
		return eval_record(c, e);
	case X_EXTFN:
		for (size_t i = 0; i < e->n; i++)
			if ((l = eval_expr(c, e->items[i])) == NULL)
				return NULL;
		if (e->n != 1)
			return fail(c, "%.*s() takes 1 argument, got %zu", (int)e->name.n, e->name.p, e->n);
		return ext_construct(c->a, e->fn, l, c->err, sizeof c->err);
	case X_METHOD: {
		if ((l = eval_expr(c, e->a)) == NULL)
			return NULL;
		r = NULL;
		for (size_t i = 0; i < e->n; i++)
			if ((r = eval_expr(c, e->items[i])) == NULL)
				return NULL;
		int arity = ext_method_arity(e->name);
		if ((size_t)arity != e->n)
			return fail(c, "method %.*s takes %d argument%s, got %zu", (int)e->name.n,
			            e->name.p, arity, arity == 1 ? "" : "s", e->n);
		return ext_method(c->a, e->name, l, r, c->err, sizeof c->err);
	}
	default:
		break;
	}
	/* binary forms: left, then right, then apply */
	if ((l = eval_expr(c, e->a)) == NULL)
		return NULL;
	r = NULL;
	if (e->b && (r = eval_expr(c, e->b)) == NULL)
		return NULL;
	switch (e->kind) {
	case X_EQ:
		return value_bool(value_equal(l, r));
	case X_LT:
	case X_LE:
		return compare(c, e, l, r);
	case X_ADD:
	case X_SUB:
	case X_MUL:
		return arith(c, e, l, r);
	case X_IN:
		return eval_in(c, l, r);
	case X_CONTAINS:
	case X_CONTAINS_ALL:
	case X_CONTAINS_ANY:
		return set_op(c, e, l, r);
	case X_GET_TAG:
	case X_HAS_TAG:
		return eval_tag(c, l, r, e->kind == X_GET_TAG);
	default:
		return fail(c, "internal error: unknown expression kind %d", (int)e->kind);
	}
}

int eval_condition(struct eval_ctx *c, const struct expr *e)
{
	c->err[0] = 0;
	const struct value *v = eval_expr(c, e);
	if (v == NULL)
		return -1;
	if (v->kind != V_BOOL) {
		type_error(c, "a policy condition", "bool", v);
		return -1;
	}
	return v->u.b;
}
