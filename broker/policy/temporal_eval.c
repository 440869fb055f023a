/* temporal_eval.c -- evaluation of a temporal leaf at a decision point
 * (dogwood.md 4.4), by the relational reading: every node maps a set of
 * variable bindings (rows) to the rows that satisfy it there.
 *
 *  - a predicate at time point j matches event j's action, kind and named
 *    fields (literals and request values must be equal, a variable binds
 *    or must be equal, `_`/`*` matches anything);
 *  - `formerly within W` collects its body's rows from every j <= now with
 *    ts(now) - ts(j) <= W; `previous within W` only from now - 1;
 *  - `a since within W b`: b at an anchor j in the window, and a at every
 *    k in (j, now];
 *  - `&&` joins left to right, `!` keeps a row its body cannot extend,
 *    `exists` drops its variable from its body's rows, `tp(t)` binds t to
 *    the time point;
 *  - count / sum project the rows of their `where` onto the `for` list,
 *    drop duplicates, and count them or add the summed column's integers;
 *  - `==` binds when exactly one side is an unbound variable; ordering
 *    needs two integers; an unresolved operand makes a comparison false.
 *
 * This evaluator rescans the window at each decision; the work it may do
 * is bounded (TEMPORAL_WORK_LIMIT steps) and exceeding it is an error,
 * which the decision pipeline turns into a deny.  An incremental monitor
 * (temporal_monitor.c) passes hooks that answer some nodes and aggregates
 * at the decision point from the summaries it keeps, instead of a scan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/temporal.h"

#define TEMPORAL_WORK_LIMIT 20000000u

enum rv_kind { RV_UNBOUND, RV_JSON, RV_INT };

struct rv {
	enum rv_kind k;
	json_object *j;                 /* RV_JSON (borrowed from a record or the formula) */
	int64_t i;                      /* RV_INT: a time point or an aggregate */
};

struct rows {
	struct rv *v;                   /* n rows of `width` values each */
	size_t n, cap, width;
};

struct ectx {
	const struct temporal_leaf *leaf;
	const struct temporal_event *ev;
	const struct temporal_request *req;
	size_t now;                     /* the decision point */
	int64_t tp_base;                /* time point of ev[0] */
	const struct temporal_hooks *hooks;
	size_t width;
	size_t work;
	int failed;
	char *err;
	size_t errlen;
};

static void fail(struct ectx *c, const char *msg)
{
	if (!c->failed)
		snprintf(c->err, c->errlen, "%s", msg);
	c->failed = 1;
}

static int step(struct ectx *c)
{
	if (++c->work > TEMPORAL_WORK_LIMIT) {
		fail(c, "temporal evaluation: the formula needed more than its bound of work over this history");
		return 0;
	}
	return !c->failed;
}

static void rows_init(struct rows *r, size_t width)
{
	memset(r, 0, sizeof *r);
	r->width = width ? width : 1;
}

static void rows_free(struct rows *r)
{
	free(r->v);
	memset(r, 0, sizeof *r);
}

static struct rv *rows_push(struct ectx *c, struct rows *r, const struct rv *row)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 8;
		struct rv *v = realloc(r->v, cap * r->width * sizeof *v);
		if (!v) {
			fail(c, "temporal evaluation: out of memory");
			return NULL;
		}
		r->v = v;
		r->cap = cap;
	}
	struct rv *dst = r->v + r->n * r->width;
	if (row)
		memcpy(dst, row, r->width * sizeof *dst);
	else
		memset(dst, 0, r->width * sizeof *dst);
	r->n++;
	return dst;
}

static struct rv *row_at(const struct rows *r, size_t i) { return r->v + i * r->width; }

/* ---- values ---------------------------------------------------------------- */

int temporal_json_path(json_object *o, const char *const *path, size_t n, json_object **out)
{
	if (!o)
		return 0;
	for (size_t i = 0; i < n; i++) {
		json_object *x;
		if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, path[i], &x))
			return 0;
		if (!x && i + 1 < n)
			return 0;
		o = x;
	}
	*out = o;
	return 1;
}

static int rv_int(const struct rv *v, int64_t *out)
{
	if (v->k == RV_INT) {
		*out = v->i;
		return 1;
	}
	if (v->k == RV_JSON && json_object_is_type(v->j, json_type_int)) {
		*out = json_object_get_int64(v->j);
		return 1;
	}
	return 0;
}

static int rv_equal(const struct rv *a, const struct rv *b)
{
	int64_t x, y;
	if (a->k == RV_INT || b->k == RV_INT)
		return rv_int(a, &x) && rv_int(b, &y) && x == y;
	if (a->k != RV_JSON || b->k != RV_JSON)
		return 0;
	return json_object_equal(a->j, b->j);
}

/* The entity's attribute record from the request's entities, or NULL. */
static json_object *entity_attrs(const struct temporal_request *req, json_object *uid)
{
	json_object *e, *type, *id;
	if (!req->entities || !uid || !json_object_object_get_ex(uid, "__entity", &e) ||
	    !json_object_object_get_ex(e, "type", &type) || !json_object_object_get_ex(e, "id", &id))
		return NULL;
	char key[512];
	snprintf(key, sizeof key, "%s::\"%s\"", json_object_get_string(type), json_object_get_string(id));
	json_object *attrs;
	return json_object_object_get_ex(req->entities, key, &attrs) ? attrs : NULL;
}

int temporal_request_value(const struct temporal_request *req, const struct tterm *t, json_object **out)
{
	json_object *j = NULL;
	int found;
	if (t->kind == TT_CONTEXT) {
		found = temporal_json_path(req->context, t->path, t->npath, &j);
	} else {
		json_object *uid = t->kind == TT_PRINCIPAL ? req->principal : req->resource;
		if (t->npath)
			found = temporal_json_path(entity_attrs(req, uid), t->path, t->npath, &j);
		else
			found = (j = uid) != NULL;
	}
	*out = j;
	return found;
}

static int request_value(const struct ectx *c, const struct tterm *t, struct rv *out)
{
	json_object *j = NULL;
	int found = temporal_request_value(c->req, t, &j);
	out->k = found ? RV_JSON : RV_UNBOUND;
	out->j = j;
	return found;
}

/* ---- nodes --------------------------------------------------------------------- */

static void eval_row(struct ectx *c, const struct tnode *n, size_t at, const struct rv *row, struct rows *out);

static void eval_rows(struct ectx *c, const struct tnode *n, size_t at, const struct rows *in, struct rows *out)
{
	for (size_t i = 0; i < in->n && !c->failed; i++)
		eval_row(c, n, at, row_at(in, i), out);
}

static int has_rows(struct ectx *c, const struct tnode *n, size_t at, const struct rv *row)
{
	struct rows r;
	rows_init(&r, c->width);
	eval_row(c, n, at, row, &r);
	int yes = r.n > 0;
	rows_free(&r);
	return yes;
}

static void predicate(struct ectx *c, const struct tnode *n, size_t at, const struct rv *row, struct rows *out)
{
	const struct temporal_event *e = &c->ev[at];
	if (strcmp(e->kind, n->event_kind) != 0 || strcmp(e->action_id, n->action_id) != 0 ||
	    strcmp(e->action_type, n->action_type) != 0)
		return;
	struct rv r[TEMPORAL_MAX_VARS];
	memcpy(r, row, c->width * sizeof *r);
	int ok = 1;
	for (size_t i = 0; i < n->nfields && ok; i++) {
		const struct tfield *f = &n->fields[i];
		const struct tterm *t = f->term;
		if (t->kind == TT_WILD)
			continue;
		json_object *v;
		if (!temporal_json_path(e->record, f->path, f->npath, &v)) {
			/* a field the event does not carry matches only a wildcard */
			ok = 0;
			break;
		}
		struct rv ev = {RV_JSON, v, 0};
		if (t->kind == TT_VAR) {
			if (r[t->var].k == RV_UNBOUND)
				r[t->var] = ev;
			else
				ok = rv_equal(&r[t->var], &ev);
		} else if (t->kind == TT_LIT) {
			struct rv lit = {RV_JSON, t->lit, 0};
			ok = rv_equal(&lit, &ev);
		} else {
			struct rv want;
			ok = request_value(c, t, &want) && rv_equal(&want, &ev);
		}
	}
	if (ok)
		rows_push(c, out, r);
}

/* The value of a comparison operand in row at time point `at`. */
static void aggregate(struct ectx *c, const struct tterm *t, size_t at, const struct rv *row, struct rv *out);

static void operand(struct ectx *c, const struct tterm *t, size_t at, const struct rv *row, struct rv *out)
{
	memset(out, 0, sizeof *out);
	switch (t->kind) {
	case TT_LIT: out->k = RV_JSON; out->j = t->lit; break;
	case TT_VAR: *out = row[t->var]; break;
	case TT_COUNT: case TT_SUM: aggregate(c, t, at, row, out); break;
	case TT_WILD: break;
	default: request_value(c, t, out); break;
	}
}

static void compare(struct ectx *c, const struct tnode *n, size_t at, const struct rv *row, struct rows *out)
{
	struct rv a, b;
	operand(c, n->lhs, at, row, &a);
	operand(c, n->rhs, at, row, &b);
	if (c->failed)
		return;
	int64_t x, y;
	int yes = 0;
	if (n->op == TC_EQ) {
		int free_a = n->lhs->kind == TT_VAR && a.k == RV_UNBOUND;
		int free_b = n->rhs->kind == TT_VAR && b.k == RV_UNBOUND;
		if (free_a != free_b && (free_a ? b.k : a.k) != RV_UNBOUND) {
			struct rv *r = rows_push(c, out, row);
			if (r) {
				if (free_a)
					r[n->lhs->var] = b;
				else
					r[n->rhs->var] = a;
			}
			return;
		}
		yes = a.k != RV_UNBOUND && b.k != RV_UNBOUND && rv_equal(&a, &b);
	} else if (n->op == TC_NE) {
		yes = a.k != RV_UNBOUND && b.k != RV_UNBOUND && !rv_equal(&a, &b);
	} else if (rv_int(&a, &x) && rv_int(&b, &y)) {
		switch (n->op) {
		case TC_LT: yes = x < y; break;
		case TC_LE: yes = x <= y; break;
		case TC_GT: yes = x > y; break;
		case TC_GE: yes = x >= y; break;
		default: break;
		}
	}
	if (yes)
		rows_push(c, out, row);
}

/* A projected row as text, for dropping duplicates. */
static char *group_key(const struct tterm *t, const struct rv *r)
{
	size_t cap = 64, len = 0;
	char *s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = 0;
	for (size_t g = 0; g < t->ngroup; g++) {
		const struct rv *v = &r[t->group[g]];
		char num[32];
		const char *piece;
		if (v->k == RV_INT) {
			snprintf(num, sizeof num, "#%lld", (long long)v->i);
			piece = num;
		} else if (v->k == RV_JSON) {
			piece = json_object_to_json_string_ext(v->j, JSON_C_TO_STRING_PLAIN);
		} else {
			piece = "?";
		}
		size_t m = strlen(piece);
		if (len + m + 2 > cap) {
			while (len + m + 2 > cap)
				cap *= 2;
			char *q = realloc(s, cap);
			if (!q) {
				free(s);
				return NULL;
			}
			s = q;
		}
		memcpy(s + len, piece, m);
		len += m;
		s[len++] = '\x1f';
		s[len] = 0;
	}
	return s;
}

static int cmp_keys(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void aggregate(struct ectx *c, const struct tterm *t, size_t at, const struct rv *row, struct rv *out)
{
	if (c->hooks && c->hooks->term && at == c->now &&
	    c->hooks->term(c->hooks->ud, t, c->req, &out->i) == 1) {
		out->k = RV_INT;
		return;
	}
	struct rv r[TEMPORAL_MAX_VARS];
	memcpy(r, row, c->width * sizeof *r);
	for (size_t g = 0; g < t->ngroup; g++)
		r[t->group[g]].k = RV_UNBOUND;
	struct rows found;
	rows_init(&found, c->width);
	eval_row(c, t->where, at, r, &found);
	char **keys = found.n ? calloc(found.n, sizeof *keys) : NULL;
	int64_t total = 0;
	size_t distinct = 0;
	if (found.n && !keys)
		fail(c, "temporal evaluation: out of memory");
	for (size_t i = 0; i < found.n && !c->failed; i++)
		if (!(keys[i] = group_key(t, row_at(&found, i))))
			fail(c, "temporal evaluation: out of memory");
	if (!c->failed && found.n) {
		/* sort the keys, then walk the distinct ones */
		char **sorted = malloc(found.n * sizeof *sorted);
		if (!sorted) {
			fail(c, "temporal evaluation: out of memory");
		} else {
			memcpy(sorted, keys, found.n * sizeof *sorted);
			qsort(sorted, found.n, sizeof *sorted, cmp_keys);
			for (size_t i = 0; i < found.n; i++) {
				if (i && strcmp(sorted[i], sorted[i - 1]) == 0)
					continue;
				distinct++;
				if (t->kind == TT_SUM) {
					/* the first row with this key carries the summand */
					for (size_t k = 0; k < found.n; k++) {
						if (keys[k] != sorted[i] && strcmp(keys[k], sorted[i]) != 0)
							continue;
						int64_t v;
						if (rv_int(&row_at(&found, k)[t->var], &v)) {
							if (__builtin_add_overflow(total, v, &total))
								total = v > 0 ? INT64_MAX : INT64_MIN;
						}
						break;
					}
				}
			}
		}
		free(sorted);
	}
	for (size_t i = 0; keys && i < found.n; i++)
		free(keys[i]);
	free(keys);
	rows_free(&found);
	out->k = RV_INT;
	out->i = t->kind == TT_COUNT ? (int64_t)distinct : total;
}

static void eval_row(struct ectx *c, const struct tnode *n, size_t at, const struct rv *row, struct rows *out)
{
	if (!step(c))
		return;
	const struct temporal_event *ev = c->ev;
	if (c->hooks && c->hooks->node && at == c->now) {
		int v = c->hooks->node(c->hooks->ud, n, c->req);
		if (v == 1)
			rows_push(c, out, row);
		if (v == 0 || v == 1)
			return;
	}
	switch (n->kind) {
	case TN_PRED:
		predicate(c, n, at, row, out);
		break;
	case TN_CMP:
		compare(c, n, at, row, out);
		break;
	case TN_TP: {
		if (row[n->var].k == RV_UNBOUND) {
			struct rv *r = rows_push(c, out, row);
			if (r) {
				r[n->var].k = RV_INT;
				r[n->var].i = (int64_t)at + c->tp_base;
			}
		} else {
			int64_t v;
			if (rv_int(&row[n->var], &v) && v == (int64_t)at + c->tp_base)
				rows_push(c, out, row);
		}
		break;
	}
	case TN_AND: {
		struct rows left;
		rows_init(&left, c->width);
		eval_row(c, n->a, at, row, &left);
		eval_rows(c, n->b, at, &left, out);
		rows_free(&left);
		break;
	}
	case TN_NOT:
		if (!has_rows(c, n->a, at, row) && !c->failed)
			rows_push(c, out, row);
		break;
	case TN_EXISTS: {
		struct rows body;
		rows_init(&body, c->width);
		struct rv r[TEMPORAL_MAX_VARS];
		memcpy(r, row, c->width * sizeof *r);
		r[n->var].k = RV_UNBOUND;
		eval_row(c, n->a, at, r, &body);
		for (size_t i = 0; i < body.n && !c->failed; i++) {
			struct rv *x = rows_push(c, out, row_at(&body, i));
			if (x)
				x[n->var].k = RV_UNBOUND;
		}
		rows_free(&body);
		break;
	}
	case TN_FORMERLY:
		for (size_t j = at + 1; j-- > 0 && !c->failed;) {
			if (ev[at].ts_s - ev[j].ts_s > n->window_s)
				break;
			eval_row(c, n->a, j, row, out);
		}
		break;
	case TN_PREVIOUS:
		if (at > 0 && ev[at].ts_s - ev[at - 1].ts_s <= n->window_s)
			eval_row(c, n->a, at - 1, row, out);
		break;
	case TN_SINCE:
		for (size_t j = at + 1; j-- > 0 && !c->failed;) {
			if (ev[at].ts_s - ev[j].ts_s > n->window_s)
				break;
			struct rows anchors;
			rows_init(&anchors, c->width);
			eval_row(c, n->b, j, row, &anchors);
			for (size_t i = 0; i < anchors.n && !c->failed; i++) {
				const struct rv *a = row_at(&anchors, i);
				int holds = 1;
				for (size_t k = j + 1; k <= at && holds && !c->failed; k++)
					holds = has_rows(c, n->a, k, a);
				if (holds && !c->failed)
					rows_push(c, out, a);
			}
			rows_free(&anchors);
		}
		break;
	}
}

int temporal_leaf_eval(const struct temporal_leaf *leaf, const struct temporal_event *events, size_t now,
                       const struct temporal_request *req, char *err, size_t errlen)
{
	return temporal_leaf_eval_ex(leaf, events, now, 0, NULL, req, err, errlen);
}

int temporal_leaf_eval_ex(const struct temporal_leaf *leaf, const struct temporal_event *events, size_t now,
                          int64_t tp_base, const struct temporal_hooks *hooks,
                          const struct temporal_request *req, char *err, size_t errlen)
{
	if (leaf->nvars > TEMPORAL_MAX_VARS) {
		snprintf(err, errlen, "temporal evaluation: too many variables");
		return -1;
	}
	struct ectx c;
	memset(&c, 0, sizeof c);
	c.leaf = leaf;
	c.ev = events;
	c.req = req;
	c.now = now;
	c.tp_base = tp_base;
	c.hooks = hooks;
	c.width = leaf->nvars ? leaf->nvars : 1;
	c.err = err;
	c.errlen = errlen;
	struct rv *start = calloc(c.width, sizeof *start);
	if (!start) {
		snprintf(err, errlen, "temporal evaluation: out of memory");
		return -1;
	}
	int yes = has_rows(&c, leaf->root, now, start);
	free(start);
	return c.failed ? -1 : yes;
}
