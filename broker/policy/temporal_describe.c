/* broker/policy/temporal_describe.c -- a temporal formula in plain words
 * (see temporal_describe.h).
 *
 * The reader walks the tree with one piece of state: whether the node is
 * read at the decision point ("this request") or at an earlier event a
 * `formerly` / `previous` / `since` looks at ("the event").  Shapes that
 * say something as a whole (counts, sums, "an X was made", "no X since
 * Y") are recognised first; the rest reads node by node. */
#include "broker/policy/temporal_describe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/box_schema.h"

enum { DESCRIBE_MAX = 4096 };

struct desc {
	char *p;
	size_t n, cap;
	int cut;
	const struct temporal_leaf *leaf;
	unsigned rule_actions;
};

/* ---- output ------------------------------------------------------------------- */

static void put(struct desc *d, const char *s, size_t n)
{
	if (d->cut)
		return;
	if (d->n + n > DESCRIBE_MAX) {
		n = DESCRIBE_MAX - d->n;
		d->cut = 1;
	}
	if (d->n + n + 4 > d->cap) {
		size_t ncap = d->cap ? d->cap : 256;
		while (ncap < d->n + n + 4)
			ncap *= 2;
		char *q = realloc(d->p, ncap);
		if (q == NULL)
			abort();
		d->p = q;
		d->cap = ncap;
	}
	memcpy(d->p + d->n, s, n);
	d->n += n;
	if (d->cut) {
		memcpy(d->p + d->n, "...", 3);
		d->n += 3;
	}
	d->p[d->n] = '\0';
}

static void say(struct desc *d, const char *s)
{
	put(d, s, strlen(s));
}

static void sayf(struct desc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sayf(struct desc *d, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (k > 0)
		put(d, buf, (size_t)k < sizeof buf ? (size_t)k : sizeof buf - 1);
}

void temporal_window_text(int64_t s, char *buf, size_t cap)
{
	if (s > 0 && s % 3600 == 0)
		snprintf(buf, cap, "%" PRId64 "h", s / 3600);
	else if (s > 0 && s % 60 == 0)
		snprintf(buf, cap, "%" PRId64 "m", s / 60);
	else
		snprintf(buf, cap, "%" PRId64 "s", s);
}

static void window(struct desc *d, int64_t s)
{
	char w[32];
	temporal_window_text(s, w, sizeof w);
	sayf(d, "within the last %s", w);
}

/* ---- values --------------------------------------------------------------------- */

/* A variable's name; a macro's fresh binder (__m3_t) reads as its own name (t). */
static const char *var_name(const struct desc *d, int v)
{
	if (v < 0 || (size_t)v >= d->leaf->nvars)
		return "?";
	const char *s = d->leaf->vars[v];
	if (strncmp(s, "__m", 3) == 0) {
		const char *q = s + 3;
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == '_' && q[1])
			return q + 1;
	}
	return s;
}

static int plain_string(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c <= ' ' || c == '"' || c == '\\' || c == 0x7f || c == ',' || c == '(' || c == ')')
			return 0;
	}
	return 1;
}

static void literal(struct desc *d, json_object *j)
{
	json_object *e, *type, *id;
	if (json_object_is_type(j, json_type_string) && plain_string(json_object_get_string(j))) {
		say(d, json_object_get_string(j));
		return;
	}
	if (json_object_is_type(j, json_type_object) && json_object_object_get_ex(j, "__entity", &e) &&
	    json_object_object_get_ex(e, "type", &type) && json_object_object_get_ex(e, "id", &id)) {
		/* Box's enums and actions read as their id */
		if (strncmp(json_object_get_string(type), "Box::", 5) == 0)
			say(d, json_object_get_string(id));
		else
			sayf(d, "%s::%s", json_object_get_string(type),
			     json_object_to_json_string_ext(id, JSON_C_TO_STRING_PLAIN));
		return;
	}
	say(d, j ? json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE) : "null");
}

static void path_words(struct desc *d, const char *const *path, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			say(d, ".");
		say(d, path[i]);
	}
}

static void aggregate_generic(struct desc *d, const struct tterm *t);

static void term(struct desc *d, const struct tterm *t)
{
	switch (t->kind) {
	case TT_LIT:
		literal(d, t->lit);
		return;
	case TT_CONTEXT:
		if (t->npath == 2 && strcmp(t->path[0], "input") == 0) {
			sayf(d, "this request's %s", t->path[1]);
		} else {
			say(d, "context.");
			path_words(d, t->path, t->npath);
		}
		return;
	case TT_PRINCIPAL:
	case TT_RESOURCE:
		say(d, t->kind == TT_PRINCIPAL ? "this request's principal" : "this request's resource");
		if (t->npath) {
			say(d, ".");
			path_words(d, t->path, t->npath);
		}
		return;
	case TT_WILD:
		say(d, "anything");
		return;
	case TT_VAR:
		say(d, var_name(d, t->var));
		return;
	case TT_COUNT:
	case TT_SUM:
		aggregate_generic(d, t);
		return;
	}
}

/* ---- events ------------------------------------------------------------------------ */

static const char *kind_verb(const char *kind, int plural)
{
	if (strcmp(kind, "request") == 0)
		return plural ? "were made" : "was made";
	return plural ? "were recorded" : "was recorded";
}

/* The field's name as a reader knows it: input.path -> path. */
static void field_name(struct desc *d, const struct tfield *f)
{
	if (f->npath == 2 && (strcmp(f->path[0], "input") == 0 || strcmp(f->path[0], "output") == 0))
		say(d, f->path[1]);
	else if (f->npath == 1 && strcmp(f->path[0], "callerPrincipal") == 0)
		say(d, "caller principal");
	else if (f->npath == 1 && strcmp(f->path[0], "callerResource") == 0)
		say(d, "caller resource");
	else
		path_words(d, f->path, f->npath);
}

static int is_result_literal(const struct tfield *f)
{
	return f->npath == 2 && strcmp(f->path[0], "output") == 0 && strcmp(f->path[1], "result") == 0 &&
	       f->term->kind == TT_LIT;
}

/* "an fs:read request with path ~/x", "completed fs:write responses".
 * article: 1 for a/an, 0 for none; skip: a field the sentence names
 * otherwise (the summed or counted one), or NULL. */
static void event_phrase_skip(struct desc *d, const struct tnode *p, int plural, int article,
                              const struct tfield *skip)
{
	const char *action = p->action_id;
	int box = strcmp(p->action_type, BOX_ACTION_TYPE) == 0;
	const struct tfield *result = NULL;
	for (size_t i = 0; i < p->nfields; i++)
		if (is_result_literal(&p->fields[i]))
			result = &p->fields[i];
	char first = 0;
	if (result) {
		json_object *e, *id;
		first = json_object_object_get_ex(result->term->lit, "__entity", &e) &&
		        json_object_object_get_ex(e, "id", &id) ? json_object_get_string(id)[0] : 'x';
	} else {
		first = box ? action[0] : p->action_type[0];
	}
	if (article && !plural)
		say(d, strchr("aeiouAEIOUfhi", first) ? "an " : "a ");
	if (result) {
		literal(d, result->term->lit);
		say(d, " ");
	}
	if (box)
		say(d, action);
	else
		sayf(d, "%s::\"%s\"", p->action_type, action);
	sayf(d, " %s%s", p->event_kind, plural ? "s" : "");
	size_t shown = 0, total = 0;
	for (size_t i = 0; i < p->nfields; i++)
		total += &p->fields[i] != result && &p->fields[i] != skip && p->fields[i].term->kind != TT_WILD;
	for (size_t i = 0; i < p->nfields; i++) {
		const struct tfield *f = &p->fields[i];
		const struct tterm *t = f->term;
		if (f == result || f == skip || t->kind == TT_WILD)
			continue;
		say(d, shown == 0 ? " with " : shown + 1 == total ? " and " : ", ");
		shown++;
		if (t->kind == TT_CONTEXT && t->npath == 2 && strcmp(t->path[0], "input") == 0 && f->npath == 2 &&
		    strcmp(f->path[1], t->path[1]) == 0) {
			say(d, "the same ");
			field_name(d, f);
			say(d, " as this request");
			continue;
		}
		field_name(d, f);
		if (t->kind == TT_LIT) {
			say(d, " ");
		} else if (t->kind == TT_VAR) {
			say(d, " = ");
		} else {
			say(d, " equal to ");
		}
		term(d, t);
	}
}

static void event_phrase(struct desc *d, const struct tnode *p, int plural, int article)
{
	event_phrase_skip(d, p, plural, article, NULL);
}

/* ---- aggregates ----------------------------------------------------------------------- */

struct agg_shape {
	const struct tnode *pred;       /* the events counted or summed */
	int64_t window_s;
	int per_event;                  /* grouped by a timepoint: every event counts */
	const struct tfield *key;       /* distinct count: the field bound to the key; sum: the summed field */
};

static int group_has(const struct tterm *t, int v)
{
	for (size_t i = 0; i < t->ngroup; i++)
		if (t->group[i] == v)
			return 1;
	return 0;
}

static const struct tfield *field_bound_to(const struct tnode *pred, int v)
{
	for (size_t i = 0; i < pred->nfields; i++)
		if (pred->fields[i].term->kind == TT_VAR && pred->fields[i].term->var == v)
			return &pred->fields[i];
	return NULL;
}

/* count/sum for ... where formerly within W (PRED [&& tp(t)]) */
static int agg_shape(const struct tterm *t, struct agg_shape *s)
{
	if ((t->kind != TT_COUNT && t->kind != TT_SUM) || !t->where || t->where->kind != TN_FORMERLY)
		return 0;
	const struct tnode *x = t->where->a;
	int tp = -1;
	if (x->kind == TN_AND && x->a->kind == TN_PRED && x->b->kind == TN_TP) {
		tp = x->b->var;
		x = x->a;
	} else if (x->kind == TN_AND && x->a->kind == TN_TP && x->b->kind == TN_PRED) {
		tp = x->a->var;
		x = x->b;
	}
	if (x->kind != TN_PRED)
		return 0;
	memset(s, 0, sizeof *s);
	s->pred = x;
	s->window_s = t->where->window_s;
	size_t keys = t->ngroup - (tp >= 0 && group_has(t, tp));
	if (tp >= 0 && !group_has(t, tp))
		return 0;
	s->per_event = tp >= 0;
	if (t->kind == TT_SUM) {
		/* the summed variable comes from a field; the group is it and the timepoint */
		s->key = field_bound_to(x, t->var);
		return s->key && keys == 1 && group_has(t, t->var);
	}
	if (s->per_event)
		return keys == 0;
	/* count for (k: String). where formerly (PRED{f: k}): distinct values of f */
	if (keys != 1)
		return 0;
	for (size_t i = 0; i < t->ngroup; i++)
		if ((s->key = field_bound_to(x, t->group[i])) != NULL)
			return 1;
	return 0;
}

static void quantity(struct desc *d, enum tcmp op, const struct tterm *bound, int amount)
{
	static const char *const counts[] = { "exactly ", "a number other than ", "fewer than ", "at most ",
	                                      "more than ", "at least " };
	static const char *const amounts[] = { "exactly ", "something other than ", "less than ", "at most ",
	                                       "more than ", "at least " };
	say(d, (amount ? amounts : counts)[op]);
	term(d, bound);
}

/* Reads `agg op bound` when agg has a known shape; 0 when it has not. */
static int aggregate_sentence(struct desc *d, const struct tterm *agg, enum tcmp op, const struct tterm *bound,
                              int at_now)
{
	struct agg_shape s;
	if (!agg_shape(agg, &s))
		return 0;
	window(d, s.window_s);
	say(d, ", ");
	if (agg->kind == TT_SUM) {
		say(d, "the ");
		if (!s.per_event)
			say(d, "distinct ");
		field_name(d, s.key);
		say(d, s.per_event ? " of " : " values of ");
		event_phrase_skip(d, s.pred, 1, 0, s.key);
		say(d, " add up to ");
		quantity(d, op, bound, 1);
	} else if (s.per_event) {
		quantity(d, op, bound, 0);
		say(d, " ");
		event_phrase(d, s.pred, 1, 0);
		sayf(d, " %s", kind_verb(s.pred->event_kind, 1));
	} else {
		event_phrase_skip(d, s.pred, 1, 0, s.key);
		sayf(d, " %s with ", kind_verb(s.pred->event_kind, 1));
		quantity(d, op, bound, 0);
		say(d, " distinct ");
		field_name(d, s.key);
		say(d, " values");
	}
	if (at_now && strcmp(s.pred->event_kind, "request") == 0 && strcmp(s.pred->action_type, BOX_ACTION_TYPE) == 0) {
		int a = box_action_index(str_c(s.pred->action_id));
		if (a >= 0 && (d->rule_actions & (1u << a)))
			say(d, " (the request being decided counts)");
	}
	return 1;
}

static void condition(struct desc *d, const struct tnode *n, int at_now);

static void aggregate_generic(struct desc *d, const struct tterm *t)
{
	if (t->kind == TT_SUM)
		sayf(d, "the sum of %s over", var_name(d, t->var));
	else
		say(d, "the number of");
	say(d, " the distinct (");
	for (size_t i = 0; i < t->ngroup; i++)
		sayf(d, "%s%s", i ? ", " : "", var_name(d, t->group[i]));
	say(d, ") for which ");
	condition(d, t->where, 1);
}

/* ---- conditions ------------------------------------------------------------------------ */

static const char *cmp_words(enum tcmp op)
{
	switch (op) {
	case TC_EQ: return " is ";
	case TC_NE: return " is not ";
	case TC_LT: return " is less than ";
	case TC_LE: return " is at most ";
	case TC_GT: return " is more than ";
	case TC_GE: return " is at least ";
	}
	return " ? ";
}

static enum tcmp flip(enum tcmp op)
{
	switch (op) {
	case TC_LT: return TC_GT;
	case TC_LE: return TC_GE;
	case TC_GT: return TC_LT;
	case TC_GE: return TC_LE;
	default: return op;
	}
}

static int is_agg(const struct tterm *t)
{
	return t && (t->kind == TT_COUNT || t->kind == TT_SUM);
}

static int is_var(const struct tterm *t, int v)
{
	return t && t->kind == TT_VAR && t->var == v;
}

/* exists (n: Long). (agg == n && n op bound), as `bind` writes it */
static int exists_sentence(struct desc *d, const struct tnode *n, int at_now)
{
	const struct tnode *b = n->a;
	if (b->kind != TN_AND || b->a->kind != TN_CMP || b->b->kind != TN_CMP || b->a->op != TC_EQ)
		return 0;
	const struct tnode *eq = b->a, *cmp = b->b;
	const struct tterm *agg = is_agg(eq->lhs) && is_var(eq->rhs, n->var)   ? eq->lhs
	                          : is_agg(eq->rhs) && is_var(eq->lhs, n->var) ? eq->rhs
	                                                                       : NULL;
	if (!agg)
		return 0;
	if (is_var(cmp->lhs, n->var) && !is_var(cmp->rhs, n->var) && !is_agg(cmp->rhs))
		return aggregate_sentence(d, agg, cmp->op, cmp->rhs, at_now);
	if (is_var(cmp->rhs, n->var) && !is_var(cmp->lhs, n->var) && !is_agg(cmp->lhs))
		return aggregate_sentence(d, agg, flip(cmp->op), cmp->lhs, at_now);
	return 0;
}

static void note_self(struct desc *d, const struct tnode *pred, int at_now)
{
	if (!at_now || strcmp(pred->event_kind, "request") != 0 || strcmp(pred->action_type, BOX_ACTION_TYPE) != 0)
		return;
	int a = box_action_index(str_c(pred->action_id));
	if (a >= 0 && (d->rule_actions & (1u << a)))
		say(d, " (the request being decided is one, when it matches)");
}

static void condition(struct desc *d, const struct tnode *n, int at_now)
{
	switch (n->kind) {
	case TN_AND:
		condition(d, n->a, at_now);
		say(d, ", and ");
		condition(d, n->b, at_now);
		return;
	case TN_NOT:
		if (n->a->kind == TN_FORMERLY && n->a->a->kind == TN_PRED) {
			window(d, n->a->window_s);
			say(d, ", no ");
			event_phrase(d, n->a->a, 0, 0);
			sayf(d, " %s", kind_verb(n->a->a->event_kind, 0));
			return;
		}
		if (n->a->kind == TN_PRED) {
			say(d, at_now ? "this request is not " : "the event is not ");
			event_phrase(d, n->a, 0, 1);
			return;
		}
		say(d, "not (");
		condition(d, n->a, at_now);
		say(d, ")");
		return;
	case TN_FORMERLY:
		window(d, n->window_s);
		if (n->a->kind == TN_PRED) {
			say(d, ", ");
			event_phrase(d, n->a, 0, 1);
			sayf(d, " %s", kind_verb(n->a->event_kind, 0));
			note_self(d, n->a, at_now);
			return;
		}
		say(d, ", at some event: ");
		condition(d, n->a, 0);
		return;
	case TN_PREVIOUS: {
		char w[32];
		temporal_window_text(n->window_s, w, sizeof w);
		sayf(d, "the event just before %s, at most %s earlier, ", at_now ? "this request" : "that one", w);
		if (n->a->kind == TN_PRED) {
			say(d, "is ");
			event_phrase(d, n->a, 0, 1);
		} else {
			say(d, "satisfies: ");
			condition(d, n->a, 0);
		}
		return;
	}
	case TN_SINCE:
		/* a since within W b: b at some event in the window, a at every event after it */
		window(d, n->window_s);
		say(d, ", ");
		if (n->b->kind == TN_PRED) {
			event_phrase(d, n->b, 0, 1);
			sayf(d, " %s", kind_verb(n->b->event_kind, 0));
		} else {
			say(d, "at some event (");
			condition(d, n->b, 0);
			say(d, ")");
		}
		if (n->a->kind == TN_NOT && n->a->a->kind == TN_PRED) {
			say(d, " and no ");
			event_phrase(d, n->a->a, 0, 0);
			sayf(d, " %s since", kind_verb(n->a->a->event_kind, 0));
		} else {
			say(d, " and at every event since then (this request included): ");
			condition(d, n->a, 0);
		}
		return;
	case TN_EXISTS:
		if (exists_sentence(d, n, at_now))
			return;
		sayf(d, "for some %s: ", var_name(d, n->var));
		condition(d, n->a, at_now);
		return;
	case TN_TP:
		sayf(d, "%s is the position of %s", var_name(d, n->var), at_now ? "this request" : "that event");
		return;
	case TN_PRED:
		say(d, at_now ? "this request is " : "the event is ");
		event_phrase(d, n, 0, 1);
		return;
	case TN_CMP:
		if (is_agg(n->lhs) && !is_agg(n->rhs) && aggregate_sentence(d, n->lhs, n->op, n->rhs, at_now))
			return;
		if (is_agg(n->rhs) && !is_agg(n->lhs) && aggregate_sentence(d, n->rhs, flip(n->op), n->lhs, at_now))
			return;
		term(d, n->lhs);
		say(d, cmp_words(n->op));
		term(d, n->rhs);
		return;
	}
}

char *temporal_describe(const struct temporal_leaf *leaf, unsigned rule_actions)
{
	struct desc d;
	memset(&d, 0, sizeof d);
	d.leaf = leaf;
	d.rule_actions = rule_actions;
	say(&d, "");
	condition(&d, leaf->root, 1);
	return d.p;
}
