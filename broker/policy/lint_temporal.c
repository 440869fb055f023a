/* broker/policy/lint_temporal.c -- review lints over a policy's temporal
 * rules (dogwood.md 8.3 items 3 and 5-8, strands-box.md 3), for
 * `box-broker --audit`; policy_lint (lint.c) runs them when it is given
 * the policy's temporal leaves.
 *
 *   temporal-cap-as-permit       high/medium  a count/sum cap written as a permit
 *   temporal-budget-on-response  low     a forbid's budget counts ::response events
 *   temporal-precondition-on-request medium  "only after X" keyed on X::request
 *   temporal-sum-dedup           medium  a sum whose for-list has no Timepoint
 *   temporal-window-zero         medium  a `within 0s` window
 *   temporal-since-wide          low     a `since` window wider than an hour
 *   temporal-unless-forbid       low     a forbid that holds while history lacks an event
 *   temporal-uncorrelated        info    predicates that never look at the request
 *
 * Like the other lints they are static, sound for what they report and
 * not complete: a shape they do not recognise is not reported. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/box_schema.h"
#include "broker/policy/lint.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_describe.h"

/* A `since` window wider than this is reported. */
enum { SINCE_WIDE_S = 3600 };

static const struct {
	const char *code;
	enum lint_severity severity;
	const char *rationale;
} kinds[] = {
	{ "temporal-cap-as-permit", LINT_HIGH,
	  "A permit only widens: a cap written as `permit ... when temporal { count ... <= N }` stops this rule "
	  "from allowing past N, but any other permit for the action still allows it, and Cedar has no other way "
	  "to take the grant back. Write the cap as a forbid: `forbid (...) when temporal { ... > N }` (Strands "
	  "Box refuses a cap-as-permit beside an unconditioned permit)." },
	{ "temporal-budget-on-response", LINT_LOW,
	  "A budget counted on ::response events counts operations that ended. Box keeps racing runs from "
	  "overspending it: an act such a rule reads holds the lock of <box_dir>/private/history.log from its "
	  "decision to its outcome, and every other decision of the box waits for it (up to 10 s, then that decision is denied), so "
	  "one slow act (a large fetch) holds up every run of the box; and an act whose broker was killed before its "
	  "outcome is never counted. A budget counted on ::request events is exact without the wait (every attempt "
	  "is recorded before its verdict returns); keep ::response for rules about what actually happened." },
	{ "temporal-precondition-on-request", LINT_MEDIUM,
	  "Every attempt is a ::request event, the refused ones too: a precondition such as \"only after the file "
	  "was read\" keyed on ::request is satisfied by trying to read and being denied. Require the completed "
	  "operation: `Box::Action::\"fs:read\"::response{ ..., output.result: Box::FsResponseResult::\"completed\" }`." },
	{ "temporal-sum-dedup", LINT_MEDIUM,
	  "An aggregate counts distinct rows of its for-list: without a `(t: Timepoint)` bound by `tp(t)`, equal "
	  "amounts at different events collapse into one, and the sum comes out too low (two uploads of 400 bytes "
	  "sum to 400). Add the timepoint, as sum_within does: `sum a for (a: Long), (t: Timepoint). where "
	  "(formerly within 1h (... && tp(t)))`." },
	{ "temporal-window-zero", LINT_MEDIUM,
	  "The broker stamps events in whole seconds, so a `within 0s` window sees only events stamped in the "
	  "same second as the decision: whether the rule ever holds depends on where a second boundary falls. "
	  "Give the window the time the rule means (`within 5s`, `within 1m`)." },
	{ "temporal-since-wide", LINT_LOW,
	  "`A since within W B` holds while A has held at every event since some B in the window: with a wide "
	  "window one old B keeps the rule true for hours of later activity, across every script and run of the "
	  "box. Bound the window to how long the B should count." },
	{ "temporal-unless-forbid", LINT_LOW,
	  "A forbid with `unless temporal { formerly ... }` denies whenever the history lacks the event: once the "
	  "window has passed, after the history file is removed, and for a new or edited rule (whose history "
	  "starts empty). Check that failing closed is what the rule means." },
	{ "temporal-uncorrelated", LINT_INFO,
	  "No event predicate of this rule compares a field with the request being decided (context.input..., "
	  "principal, resource): it counts or looks for any matching event in the box's history, from every "
	  "script and every run, whatever path or host this request names. That is right for a box-wide budget; "
	  "for \"this file\" or \"this host\" write `input.path: context.input.path`." },
};

const char *lint_temporal_rationale(const char *code)
{
	for (size_t i = 0; code && i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].code, code) == 0)
			return kinds[i].rationale;
	return NULL;
}

static void add(struct lint_result *res, const char *code, int lower, int rule, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void add(struct lint_result *res, const char *code, int lower, int rule, const char *fmt, ...)
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
	enum lint_severity severity = kinds[k].severity;
	if (lower && severity < LINT_INFO)
		severity++;
	lint_result_append(res, severity, kinds[k].code, kinds[k].rationale, rule, msg);
}

/* ---- walking formulas ---------------------------------------------------------- */

/* Calls visit on every node of n, terms' where-conditions included; stops
 * at the first node for which visit returns non-NULL and returns it. */
typedef const struct tnode *(*visit_fn)(const struct tnode *, void *);

static const struct tnode *walk(const struct tnode *n, visit_fn visit, void *arg);

static const struct tnode *walk_term(const struct tterm *t, visit_fn visit, void *arg)
{
	return t && (t->kind == TT_COUNT || t->kind == TT_SUM) ? walk(t->where, visit, arg) : NULL;
}

static const struct tnode *walk(const struct tnode *n, visit_fn visit, void *arg)
{
	const struct tnode *hit;
	if (!n)
		return NULL;
	if ((hit = visit(n, arg)) != NULL)
		return hit;
	if ((hit = walk(n->a, visit, arg)) != NULL || (hit = walk(n->b, visit, arg)) != NULL)
		return hit;
	if (n->kind == TN_CMP && ((hit = walk_term(n->lhs, visit, arg)) != NULL ||
	                          (hit = walk_term(n->rhs, visit, arg)) != NULL))
		return hit;
	return NULL;
}

static const struct tnode *zero_window(const struct tnode *n, void *arg)
{
	(void)arg;
	return (n->kind == TN_FORMERLY || n->kind == TN_PREVIOUS || n->kind == TN_SINCE) && n->window_s == 0 ? n : NULL;
}

static const struct tnode *wide_since(const struct tnode *n, void *arg)
{
	(void)arg;
	return n->kind == TN_SINCE && n->window_s > SINCE_WIDE_S ? n : NULL;
}

static const struct tnode *pred_of_kind(const struct tnode *n, void *kind)
{
	return n->kind == TN_PRED && strcmp(n->event_kind, (const char *)kind) == 0 ? n : NULL;
}

/* An aggregate (in a comparison) over events of that kind. */
static const struct tnode *aggregate_over(const struct tnode *n, void *kind)
{
	const struct tterm *sides[2] = { n->lhs, n->rhs };
	if (n->kind != TN_CMP)
		return NULL;
	for (int i = 0; i < 2; i++)
		if (sides[i] && (sides[i]->kind == TT_COUNT || sides[i]->kind == TT_SUM)) {
			const struct tnode *p = walk(sides[i]->where, pred_of_kind, kind);
			if (p)
				return p;
		}
	return NULL;
}

static const struct tnode *tp_of(const struct tnode *n, void *var)
{
	return n->kind == TN_TP && n->var == *(const int *)var ? n : NULL;
}

/* A sum whose for-list has no variable bound by tp(). */
static const struct tnode *sum_without_timepoint(const struct tnode *n, void *arg)
{
	const struct tterm *sides[2] = { n->lhs, n->rhs };
	(void)arg;
	if (n->kind != TN_CMP)
		return NULL;
	for (int i = 0; i < 2; i++) {
		const struct tterm *t = sides[i];
		int timed = 0;
		if (!t || t->kind != TT_SUM)
			continue;
		for (size_t g = 0; g < t->ngroup && !timed; g++)
			timed = walk(t->where, tp_of, &t->group[g]) != NULL;
		if (!timed)
			return n;
	}
	return NULL;
}

static int term_reads_request(const struct tterm *t)
{
	return t && (t->kind == TT_CONTEXT || t->kind == TT_PRINCIPAL || t->kind == TT_RESOURCE);
}

static const struct tnode *correlated(const struct tnode *n, void *arg)
{
	(void)arg;
	if (n->kind == TN_PRED)
		for (size_t i = 0; i < n->nfields; i++)
			if (term_reads_request(n->fields[i].term))
				return n;
	if (n->kind == TN_CMP && (term_reads_request(n->lhs) || term_reads_request(n->rhs)))
		return n;
	return NULL;
}

/* A request predicate a positive `formerly` / `previous` / since-anchor
 * looks for (not under `!`, not inside an aggregate). */
static const struct tnode *request_precondition(const struct tnode *n, int negated)
{
	const struct tnode *hit;
	if (!n)
		return NULL;
	switch (n->kind) {
	case TN_NOT:
		return request_precondition(n->a, !negated);
	case TN_AND:
		if ((hit = request_precondition(n->a, negated)) != NULL)
			return hit;
		return request_precondition(n->b, negated);
	case TN_EXISTS:
		return request_precondition(n->a, negated);
	case TN_FORMERLY:
	case TN_PREVIOUS:
		return negated ? NULL : walk(n->a, pred_of_kind, (void *)"request");
	case TN_SINCE:
		return negated ? NULL : walk(n->b, pred_of_kind, (void *)"request");
	default:
		return NULL;
	}
}

static int positive_formerly(const struct tnode *n, int negated)
{
	if (!n)
		return 0;
	switch (n->kind) {
	case TN_NOT: return positive_formerly(n->a, !negated);
	case TN_AND: return positive_formerly(n->a, negated) || positive_formerly(n->b, negated);
	case TN_EXISTS: return positive_formerly(n->a, negated);
	case TN_FORMERLY: case TN_PREVIOUS: case TN_SINCE: return !negated;
	default: return 0;
	}
}

/* ---- caps ----------------------------------------------------------------------------- */

static int is_agg(const struct tterm *t)
{
	return t && (t->kind == TT_COUNT || t->kind == TT_SUM);
}

static int is_var(const struct tterm *t, int v)
{
	return t && t->kind == TT_VAR && t->var == v;
}

/* `agg op bound` read as agg <op'> bound: 1 when it says "at most" / "fewer than". */
static int upper_bound(enum tcmp op, int agg_on_left)
{
	if (agg_on_left)
		return op == TC_LT || op == TC_LE;
	return op == TC_GT || op == TC_GE;
}

/* The formula is (or has as a conjunct) "the count/sum is at most N". */
static int is_cap(const struct tnode *n, int negated)
{
	if (!n)
		return 0;
	switch (n->kind) {
	case TN_AND:
		return !negated && (is_cap(n->a, 0) || is_cap(n->b, 0));
	case TN_NOT:
		return is_cap(n->a, !negated);
	case TN_CMP:
		if (is_agg(n->lhs) && !is_agg(n->rhs))
			return upper_bound(n->op, 1) != negated;
		if (is_agg(n->rhs) && !is_agg(n->lhs))
			return upper_bound(n->op, 0) != negated;
		return 0;
	case TN_EXISTS: {
		/* exists (n: Long). (agg == n && n <= N), as bind writes it */
		const struct tnode *b = n->a;
		if (negated || b->kind != TN_AND || b->a->kind != TN_CMP || b->b->kind != TN_CMP || b->a->op != TC_EQ)
			return 0;
		if (!(is_agg(b->a->lhs) && is_var(b->a->rhs, n->var)) && !(is_agg(b->a->rhs) && is_var(b->a->lhs, n->var)))
			return 0;
		if (is_var(b->b->lhs, n->var))
			return upper_bound(b->b->op, 1);
		if (is_var(b->b->rhs, n->var))
			return upper_bound(b->b->op, 0);
		return 0;
	}
	default:
		return 0;
	}
}

/* ---- per rule ------------------------------------------------------------------------ */

/* 1 when the leaf is a whole `when temporal` clause of r, -1 when a whole
 * `unless temporal` clause, 0 when it sits inside a Cedar condition. */
static int polarity(const struct rule *r, const struct temporal_leaf *l)
{
	for (size_t i = 0; i < r->nclauses; i++) {
		const struct expr *b = r->clauses[i].body;
		if (b->kind == X_ATTR && b->a->kind == X_VAR && b->a->var == VAR_CONTEXT &&
		    b->name.n == strlen(l->key) && memcmp(b->name.p, l->key, b->name.n) == 0)
			return r->clauses[i].when ? 1 : -1;
	}
	return 0;
}

static int has_leaves(const struct temporal_set *ts, int rule)
{
	for (size_t i = 0; i < ts->n; i++)
		if (ts->leaves[i]->rule == rule)
			return 1;
	return 0;
}

/* Another permit for one of r's actions with no temporal condition. */
static int plain_permit_beside(const struct policy_set *ps, const struct temporal_set *ts, const struct rule *r)
{
	unsigned acts = lint_rule_live_actions(r);
	for (size_t j = 0; j < ps->n; j++) {
		const struct rule *o = &ps->rules[j];
		if (o != r && o->permit && (lint_rule_live_actions(o) & acts) && !has_leaves(ts, o->index))
			return 1;
	}
	return 0;
}

static void lint_leaf(const struct policy_set *ps, const struct temporal_set *ts, const struct temporal_leaf *l,
                      int *uncorrelated, struct lint_result *res)
{
	const struct rule *r = &ps->rules[l->rule];
	const struct tnode *root = l->root, *hit;
	int pol = polarity(r, l);
	char name[200], w[32];
	lint_rule_name(r, name, sizeof name);

	if (r->permit && pol == 1 && is_cap(root, 0)) {
		int beside = plain_permit_beside(ps, ts, r);
		add(res, "temporal-cap-as-permit", !beside, l->rule,
		    "%s writes a cap as a permit: past the cap it merely stops allowing%s", name,
		    beside ? ", and another permit for the same action allows it anyway" : "");
	}
	if (!r->permit && (hit = walk(root, aggregate_over, (void *)"response")) != NULL)
		add(res, "temporal-budget-on-response", 0, l->rule,
		    "%s counts %s responses: every decision of the box waits while such an act is in flight, and an "
		    "act cut short by kill -9 is never counted; count Box::Action::\"%s\"::request events for an exact "
		    "budget without the wait", name, hit->action_id, hit->action_id);
	if ((pol == 1 && r->permit) || (pol == -1 && !r->permit)) {
		if ((hit = request_precondition(root, 0)) != NULL)
			add(res, "temporal-precondition-on-request", 0, l->rule,
			    "%s requires an earlier %s request, which a refused attempt also is; require a completed "
			    "%s response instead", name, hit->action_id, hit->action_id);
	}
	if (walk(root, sum_without_timepoint, NULL))
		add(res, "temporal-sum-dedup", 0, l->rule,
		    "%s sums without a (t: Timepoint) in the for-list: equal amounts at different events are added once",
		    name);
	if ((hit = walk(root, zero_window, NULL)) != NULL)
		add(res, "temporal-window-zero", 0, l->rule,
		    "%s looks back `%s within 0s`: only events stamped in the same second as the decision are seen",
		    name, hit->kind == TN_FORMERLY ? "formerly" : hit->kind == TN_PREVIOUS ? "previous" : "since");
	if ((hit = walk(root, wide_since, NULL)) != NULL) {
		temporal_window_text(hit->window_s, w, sizeof w);
		add(res, "temporal-since-wide", 0, l->rule,
		    "%s uses `since within %s`: one anchoring event keeps the condition true for up to %s", name, w, w);
	}
	if (!r->permit && pol == -1 && positive_formerly(root, 0))
		add(res, "temporal-unless-forbid", 0, l->rule,
		    "%s denies whenever the history lacks the event its `unless temporal` looks for, including after "
		    "the window has passed and when the rule is new or edited", name);
	if (walk(root, correlated, NULL))
		*uncorrelated = 0;
}

void lint_temporal(const struct policy_set *ps, const struct temporal_set *ts, struct lint_result *res)
{
	for (size_t i = 0; i < ps->n; i++) {
		int any = 0, uncorrelated = 1;
		char name[200];
		for (size_t k = 0; k < ts->n; k++) {
			if (ts->leaves[k]->rule != (int)i)
				continue;
			any = 1;
			lint_leaf(ps, ts, ts->leaves[k], &uncorrelated, res);
		}
		if (any && uncorrelated) {
			lint_rule_name(&ps->rules[i], name, sizeof name);
			add(res, "temporal-uncorrelated", 0, (int)i,
			    "%s looks at every matching event of the box's history, whatever this request names", name);
		}
	}
}

/* The first rule with a cap written as a permit, and the permit beside it
 * for one of its actions that makes it matter: an unconditioned one (1),
 * else a conditioned one (2); 0 when there is none. */
int lint_temporal_cap_check(const struct policy_set *ps, const struct temporal_set *ts, char *msg, size_t len)
{
	for (size_t k = 0; k < ts->n; k++) {
		const struct temporal_leaf *l = ts->leaves[k];
		const struct rule *r = &ps->rules[l->rule];
		if (!r->permit || polarity(r, l) != 1 || !is_cap(l->root, 0))
			continue;
		unsigned acts = lint_rule_live_actions(r);
		const struct rule *plain = NULL, *conditioned = NULL;
		for (size_t j = 0; j < ps->n; j++) {
			const struct rule *o = &ps->rules[j];
			if (o == r || !o->permit || !(lint_rule_live_actions(o) & acts) || has_leaves(ts, o->index))
				continue;
			if (o->nclauses == 0 && !plain)
				plain = o;
			else if (o->nclauses > 0 && !conditioned)
				conditioned = o;
		}
		const struct rule *o = plain ? plain : conditioned;
		if (!o)
			continue;
		char name[200], other[200];
		lint_rule_name(r, name, sizeof name);
		lint_rule_name(o, other, sizeof other);
		if (plain)
			snprintf(msg, len,
			         "policy writes a cap as a permit: %s (rule %d) caps its actions with a permit, but %s (rule %d) "
			         "permits them with no condition, so the cap never denies anything; write the cap as a forbid "
			         "of the count or sum over its bound",
			         name, r->index + 1, other, o->index + 1);
		else
			snprintf(msg, len,
			         "policy writes a cap as a permit: %s (rule %d) caps its actions with a permit, and %s (rule %d) "
			         "permits them too: wherever that rule's condition holds, the cap does not apply; a forbid of the "
			         "count or sum over its bound holds everywhere",
			         name, r->index + 1, other, o->index + 1);
		return plain ? 1 : 2;
	}
	return 0;
}
