/* temporal_monitor.c -- the incremental temporal monitor of
 * temporal_monitor.h.
 *
 * Two kinds of state.  The kept events: every observed event stamped
 * within the monitor's reach (the deepest chain of nested windows of any
 * leaf) of the newest one, in a contiguous array the relational evaluator
 * reads.  The summaries: for each leaf part evaluated at the decision
 * point whose shape allows it, a structure updated as each event arrives
 * (only the events the leaf's rule sees):
 *  - `formerly within W P{..}` without variables: a keyed window
 *    (temporal_window.h) of P's matches, keyed by the values of the fields
 *    P pins to the request; true when the request's key has an entry;
 *  - `count for (t: Timepoint)[, vars]. where formerly within W
 *    (P{..} && tp(t))` (every for-variable bound by P or tp, P's variables
 *    all in the for-list) and the same `sum v`: the same keyed window,
 *    whose per-key count and sum are the aggregate (one row per event,
 *    since t tells them apart);
 *  - `a since within W b` with a and b made of request-free predicates:
 *    the stamp of the latest anchor still unbroken.
 * At a decision the evaluator runs over the kept events with hooks that
 * answer those parts from the summaries; a sum whose partial sums could
 * leave int64 (the evaluator clamps in its own order) is left to it.
 *
 * When every leaf is answered by its summaries alone (one summary, its
 * negation, or a summarised count compared with an integer), the
 * evaluator is never run and no event is kept: a budget or a "never
 * after" rule costs the summaries' windows, not every event's record. */
#include "broker/policy/temporal_monitor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/temporal_window.h"

enum summary_kind { S_FORMERLY, S_COUNT, S_SUM, S_SINCE };

struct summary {
	enum summary_kind kind;
	const struct tnode *node;       /* S_FORMERLY, S_SINCE: the node it answers */
	const struct tterm *term;       /* S_COUNT, S_SUM: the aggregate it answers */
	const struct tnode *pred;       /* S_FORMERLY, S_COUNT, S_SUM: P */
	int64_t window_s;
	const struct tterm **keyterms;  /* P's request pins, in field order */
	size_t nkey;
	json_object **scratch;          /* P's field values of one event; then a key */
	struct twin *win;
	const struct tnode *psi, *phi;  /* S_SINCE: psi since phi */
	int anchored;
	int64_t anchor_ts;
};

struct mleaf {
	const struct temporal_leaf *leaf;
	struct summary *s;
	size_t ns;
	int64_t start;                  /* the first seq the leaf's rule sees */
	int64_t first_ordinal;          /* ordinal of the first event it sees, -1: none yet */
};

/* The summaries an event of one action and kind can change. */
struct feed_group {
	const char *action_type, *action_id, *kind;     /* NULL: every event (since) */
	struct feeder { size_t leaf, summary; } *v;
	size_t n;
};

struct temporal_monitor {
	const struct temporal_set *set;
	struct mleaf *leaves;
	struct feed_group *groups;
	size_t ngroups;
	size_t pending;                 /* leaves whose rule has seen no event yet */
	struct temporal_event *ev;      /* kept events: ev[head..len) */
	size_t head, len, cap;
	int64_t head_ordinal;           /* ordinal (from 0) of ev[head] in everything observed */
	int64_t observed;
	int64_t last_seq, last_ts;
	int64_t reach_s;
	size_t nsummaries;
	int keep_events;                /* some leaf needs the evaluator, so the events */
};

static int64_t sat_add(int64_t a, int64_t b)
{
	int64_t r;
	return __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}

static int64_t sat_sub(int64_t a, int64_t b)
{
	int64_t r;
	return __builtin_sub_overflow(a, b, &r) ? INT64_MIN : r;
}

/* ---- how far back a leaf reads ------------------------------------------------ */

static int64_t reach_node(const struct tnode *n);

static int64_t reach_term(const struct tterm *t)
{
	return t && (t->kind == TT_COUNT || t->kind == TT_SUM) ? reach_node(t->where) : 0;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static int64_t reach_node(const struct tnode *n)
{
	if (!n)
		return 0;
	switch (n->kind) {
	case TN_FORMERLY:
	case TN_PREVIOUS: return sat_add(n->window_s, reach_node(n->a));
	case TN_SINCE: return sat_add(n->window_s, max64(reach_node(n->a), reach_node(n->b)));
	case TN_AND: return max64(reach_node(n->a), reach_node(n->b));
	case TN_NOT:
	case TN_EXISTS: return reach_node(n->a);
	case TN_CMP: return max64(reach_term(n->lhs), reach_term(n->rhs));
	case TN_TP:
	case TN_PRED: return 0;
	}
	return 0;
}

int64_t temporal_leaf_reach_s(const struct temporal_leaf *leaf)
{
	return leaf ? reach_node(leaf->root) : 0;
}

/* ---- the shapes kept as summaries ------------------------------------------------ */

static int is_request_term(const struct tterm *t)
{
	return t->kind == TT_CONTEXT || t->kind == TT_PRINCIPAL || t->kind == TT_RESOURCE;
}

static int in_group(const struct tterm *agg, int var)
{
	for (size_t g = 0; g < agg->ngroup; g++)
		if (agg->group[g] == var)
			return 1;
	return 0;
}

static int pred_binds(const struct tnode *pred, int var)
{
	for (size_t i = 0; i < pred->nfields; i++)
		if (pred->fields[i].term->kind == TT_VAR && pred->fields[i].term->var == var)
			return 1;
	return 0;
}

/* P's fields are literals, request pins, `_`, or (agg) variables of its for-list. */
static int pred_summarisable(const struct tnode *pred, const struct tterm *agg)
{
	for (size_t i = 0; i < pred->nfields; i++) {
		const struct tterm *t = pred->fields[i].term;
		if (t->kind == TT_LIT || t->kind == TT_WILD || is_request_term(t))
			continue;
		if (t->kind == TT_VAR && agg && in_group(agg, t->var))
			continue;
		return 0;
	}
	return 1;
}

/* A request-free formula of one event: predicates on literals and `_`, && and !. */
static int pointwise(const struct tnode *n)
{
	switch (n->kind) {
	case TN_PRED:
		for (size_t i = 0; i < n->nfields; i++)
			if (n->fields[i].term->kind != TT_LIT && n->fields[i].term->kind != TT_WILD)
				return 0;
		return 1;
	case TN_AND: return pointwise(n->a) && pointwise(n->b);
	case TN_NOT: return pointwise(n->a);
	default: return 0;
	}
}

/* count / sum over `formerly within W (P && tp(t))`: the predicate, or NULL. */
static const struct tnode *budget_pred(const struct tterm *agg)
{
	const struct tnode *w = agg->where;
	if (!w || w->kind != TN_FORMERLY || !w->a || w->a->kind != TN_AND)
		return NULL;
	const struct tnode *x = w->a->a, *y = w->a->b;
	const struct tnode *pred = x->kind == TN_PRED ? x : y->kind == TN_PRED ? y : NULL;
	const struct tnode *tp = x->kind == TN_TP ? x : y->kind == TN_TP ? y : NULL;
	if (!pred || !tp || !in_group(agg, tp->var) || pred_binds(pred, tp->var) || !pred_summarisable(pred, agg))
		return NULL;
	for (size_t g = 0; g < agg->ngroup; g++)
		if (agg->group[g] != tp->var && !pred_binds(pred, agg->group[g]))
			return NULL;
	if (agg->kind == TT_SUM && !pred_binds(pred, agg->var))
		return NULL;
	return pred;
}

static struct summary *add_summary(struct temporal_monitor *m, struct mleaf *ml, enum summary_kind kind)
{
	struct summary *s = realloc(ml->s, (ml->ns + 1) * sizeof *s);
	if (!s)
		return NULL;
	ml->s = s;
	s = &s[ml->ns++];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	m->nsummaries++;
	return s;
}

static int keyed_window(struct summary *s, const struct tnode *pred)
{
	s->pred = pred;
	s->keyterms = calloc(pred->nfields ? pred->nfields : 1, sizeof *s->keyterms);
	s->scratch = calloc(pred->nfields ? pred->nfields : 1, sizeof *s->scratch);
	if (!s->keyterms || !s->scratch)
		return -1;
	for (size_t i = 0; i < pred->nfields; i++)
		if (is_request_term(pred->fields[i].term))
			s->keyterms[s->nkey++] = pred->fields[i].term;
	return (s->win = twin_new(s->nkey)) ? 0 : -1;
}

static int find_summaries(struct temporal_monitor *m, struct mleaf *ml, const struct tnode *n);

static int term_summaries(struct temporal_monitor *m, struct mleaf *ml, const struct tterm *t)
{
	if (t->kind != TT_COUNT && t->kind != TT_SUM)
		return 0;
	const struct tnode *pred = budget_pred(t);
	if (!pred)
		return find_summaries(m, ml, t->where);
	struct summary *s = add_summary(m, ml, t->kind == TT_COUNT ? S_COUNT : S_SUM);
	if (!s)
		return -1;
	s->term = t;
	s->window_s = t->where->window_s;
	return keyed_window(s, pred);
}

/* The parts of n evaluated at the decision point that a summary answers. */
static int find_summaries(struct temporal_monitor *m, struct mleaf *ml, const struct tnode *n)
{
	if (!n)
		return 0;
	switch (n->kind) {
	case TN_FORMERLY: {
		if (n->a->kind != TN_PRED || !pred_summarisable(n->a, NULL))
			return 0;
		struct summary *s = add_summary(m, ml, S_FORMERLY);
		if (!s)
			return -1;
		s->node = n;
		s->window_s = n->window_s;
		return keyed_window(s, n->a);
	}
	case TN_SINCE: {
		if (!pointwise(n->a) || !pointwise(n->b))
			return 0;
		struct summary *s = add_summary(m, ml, S_SINCE);
		if (!s)
			return -1;
		s->node = n;
		s->window_s = n->window_s;
		s->psi = n->a;
		s->phi = n->b;
		return 0;
	}
	case TN_AND:
		return find_summaries(m, ml, n->a) || find_summaries(m, ml, n->b) ? -1 : 0;
	case TN_NOT:
	case TN_EXISTS:
		return find_summaries(m, ml, n->a);
	case TN_CMP:
		return term_summaries(m, ml, n->lhs) || term_summaries(m, ml, n->rhs) ? -1 : 0;
	default:
		return 0;
	}
}

/* ---- events into summaries ---------------------------------------------------------- */

static int same_event(const struct tnode *pred, const struct temporal_event *e)
{
	return strcmp(e->kind, pred->event_kind) == 0 && strcmp(e->action_id, pred->action_id) == 0 &&
	       strcmp(e->action_type, pred->action_type) == 0;
}

static int pointwise_holds(const struct tnode *n, const struct temporal_event *e)
{
	switch (n->kind) {
	case TN_PRED:
		if (!same_event(n, e))
			return 0;
		for (size_t i = 0; i < n->nfields; i++) {
			const struct tfield *f = &n->fields[i];
			json_object *v;
			if (f->term->kind == TT_WILD)
				continue;
			if (!temporal_json_path(e->record, f->path, f->npath, &v) || !json_object_equal(f->term->lit, v))
				return 0;
		}
		return 1;
	case TN_AND: return pointwise_holds(n->a, e) && pointwise_holds(n->b, e);
	case TN_NOT: return !pointwise_holds(n->a, e);
	default: return 0;
	}
}

/* P matches e (its literals equal, a variable met twice the same value,
 * every pinned or bound field present): the key in s->scratch[0..nkey),
 * and the summand. */
static int pred_match(struct summary *s, const struct temporal_event *e, int *has_val, int64_t *val)
{
	const struct tnode *p = s->pred;
	if (!same_event(p, e))
		return 0;
	json_object **fv = s->scratch;
	size_t nk = 0;
	*has_val = 0;
	for (size_t i = 0; i < p->nfields; i++) {
		const struct tfield *f = &p->fields[i];
		const struct tterm *t = f->term;
		fv[i] = NULL;
		if (t->kind == TT_WILD)
			continue;
		json_object *v;
		if (!temporal_json_path(e->record, f->path, f->npath, &v))
			return 0;
		fv[i] = v;
		if (t->kind == TT_LIT) {
			if (!json_object_equal(t->lit, v))
				return 0;
		} else if (t->kind == TT_VAR) {
			for (size_t k = 0; k < i; k++)
				if (p->fields[k].term->kind == TT_VAR && p->fields[k].term->var == t->var) {
					if (!json_object_equal(fv[k], v))
						return 0;
					break;
				}
			if (s->kind == S_SUM && t->var == s->term->var && !*has_val &&
			    json_object_is_type(v, json_type_int)) {
				*has_val = 1;
				*val = json_object_get_int64(v);
			}
		}
	}
	/* the key: the pinned fields' values, in field order (after the scan,
	 * which reads fv[] of earlier fields) */
	for (size_t i = 0; i < p->nfields; i++)
		if (is_request_term(p->fields[i].term))
			fv[nk++] = fv[i];
	return 1;
}

static int feed(struct summary *s, const struct temporal_event *e)
{
	if (s->kind == S_SINCE) {
		if (s->anchored && !pointwise_holds(s->psi, e))
			s->anchored = 0;
		if (pointwise_holds(s->phi, e)) {
			s->anchored = 1;
			s->anchor_ts = e->ts_s;
		}
		return 0;
	}
	int has_val;
	int64_t val = 0;
	return pred_match(s, e, &has_val, &val) && twin_add(s->win, e->ts_s, s->scratch, has_val, val) != 0 ? -1 : 0;
}

static struct feed_group *group_for(struct temporal_monitor *m, const struct tnode *pred)
{
	for (size_t g = 0; g < m->ngroups; g++) {
		struct feed_group *fg = &m->groups[g];
		if (!pred ? !fg->action_type
		          : fg->action_type && strcmp(fg->action_type, pred->action_type) == 0 &&
		            strcmp(fg->action_id, pred->action_id) == 0 && strcmp(fg->kind, pred->event_kind) == 0)
			return fg;
	}
	struct feed_group *v = realloc(m->groups, (m->ngroups + 1) * sizeof *v);
	if (!v)
		return NULL;
	m->groups = v;
	struct feed_group *fg = &v[m->ngroups++];
	memset(fg, 0, sizeof *fg);
	if (pred) {
		fg->action_type = pred->action_type;
		fg->action_id = pred->action_id;
		fg->kind = pred->event_kind;
	}
	return fg;
}

/* Each summary under the events that can change it. */
static int build_groups(struct temporal_monitor *m)
{
	for (size_t i = 0; i < m->set->n; i++)
		for (size_t k = 0; k < m->leaves[i].ns; k++) {
			const struct summary *s = &m->leaves[i].s[k];
			struct feed_group *fg = group_for(m, s->kind == S_SINCE ? NULL : s->pred);
			if (!fg)
				return -1;
			struct feeder *v = realloc(fg->v, (fg->n + 1) * sizeof *v);
			if (!v)
				return -1;
			fg->v = v;
			v[fg->n].leaf = i;
			v[fg->n++].summary = k;
		}
	return 0;
}

static const struct feed_group *event_group(const struct temporal_monitor *m, const struct temporal_event *e)
{
	for (size_t g = 0; g < m->ngroups; g++) {
		const struct feed_group *fg = &m->groups[g];
		if (fg->action_type && strcmp(fg->action_id, e->action_id) == 0 && strcmp(fg->kind, e->kind) == 0 &&
		    strcmp(fg->action_type, e->action_type) == 0)
			return fg;
	}
	return NULL;
}

static const struct feed_group *every_event_group(const struct temporal_monitor *m)
{
	for (size_t g = 0; g < m->ngroups; g++)
		if (!m->groups[g].action_type)
			return &m->groups[g];
	return NULL;
}

/* ---- a leaf's summaries, and the leaves they answer alone ------------------------ */

static struct summary *summary_of_node(const struct mleaf *ml, const struct tnode *n)
{
	for (size_t k = 0; k < ml->ns; k++)
		if (ml->s[k].node == n)
			return &ml->s[k];
	return NULL;
}

static struct summary *summary_of_term(const struct mleaf *ml, const struct tterm *t)
{
	for (size_t k = 0; k < ml->ns; k++)
		if (ml->s[k].term == t)
			return &ml->s[k];
	return NULL;
}

/* answer_root (below) can always answer n from the summaries: n is one
 * summary, its negation, or a summarised count compared with an integer
 * literal (a sum may fall back to the evaluator when it could overflow). */
static int answered_by_summaries(const struct mleaf *ml, const struct tnode *n)
{
	if (n->kind == TN_NOT)
		return n->a->kind != TN_NOT && answered_by_summaries(ml, n->a);
	if (n->kind == TN_FORMERLY || n->kind == TN_SINCE)
		return summary_of_node(ml, n) != NULL;
	if (n->kind != TN_CMP)
		return 0;
	const struct tterm *agg = n->lhs->kind == TT_LIT ? n->rhs : n->lhs;
	const struct tterm *lit = agg == n->lhs ? n->rhs : n->lhs;
	const struct summary *s = summary_of_term(ml, agg);
	return s && s->kind == S_COUNT && lit->kind == TT_LIT && json_object_is_type(lit->lit, json_type_int);
}

/* ---- the monitor ------------------------------------------------------------------ */

struct temporal_monitor *temporal_monitor_new(const struct temporal_set *set, const int64_t *rule_start_seq,
                                              size_t nrules)
{
	struct temporal_monitor *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->set = set;
	size_t n = set ? set->n : 0;
	m->leaves = calloc(n ? n : 1, sizeof *m->leaves);
	if (!m->leaves) {
		free(m);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		struct mleaf *ml = &m->leaves[i];
		ml->leaf = set->leaves[i];
		int r = ml->leaf->rule;
		ml->start = rule_start_seq && r >= 0 && (size_t)r < nrules ? rule_start_seq[r] : INT64_MIN;
		ml->first_ordinal = -1;
		m->reach_s = max64(m->reach_s, reach_node(ml->leaf->root));
		if (find_summaries(m, ml, ml->leaf->root) != 0) {
			temporal_monitor_free(m);
			return NULL;
		}
		if (ml->leaf->nvars > TEMPORAL_MAX_VARS || !answered_by_summaries(ml, ml->leaf->root))
			m->keep_events = 1;
	}
	m->pending = n;
	if (n && build_groups(m) != 0) {
		temporal_monitor_free(m);
		return NULL;
	}
	return m;
}

static void release_event(struct temporal_event *e)
{
	free((char *)e->action_type);   /* one block with action_id and kind */
	json_object_put(e->record);
}

void temporal_monitor_free(struct temporal_monitor *m)
{
	if (!m)
		return;
	for (size_t i = 0; m->set && i < m->set->n; i++) {
		for (size_t k = 0; k < m->leaves[i].ns; k++) {
			struct summary *s = &m->leaves[i].s[k];
			twin_free(s->win);
			free(s->keyterms);
			free(s->scratch);
		}
		free(m->leaves[i].s);
	}
	for (size_t g = 0; g < m->ngroups; g++)
		free(m->groups[g].v);
	free(m->groups);
	for (size_t i = m->head; i < m->len; i++)
		release_event(&m->ev[i]);
	free(m->ev);
	free(m->leaves);
	free(m);
}

static int keep(struct temporal_monitor *m, const struct temporal_event *e)
{
	if (m->head > 0 && m->head >= m->len / 2) {
		memmove(m->ev, m->ev + m->head, (m->len - m->head) * sizeof *m->ev);
		m->len -= m->head;
		m->head = 0;
	}
	if (m->len == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		struct temporal_event *v = realloc(m->ev, cap * sizeof *v);
		if (!v)
			return -1;
		m->ev = v;
		m->cap = cap;
	}
	size_t lt = strlen(e->action_type) + 1, li = strlen(e->action_id) + 1, lk = strlen(e->kind) + 1;
	char *block = malloc(lt + li + lk);
	if (!block)
		return -1;
	memcpy(block, e->action_type, lt);
	memcpy(block + lt, e->action_id, li);
	memcpy(block + lt + li, e->kind, lk);
	struct temporal_event *k = &m->ev[m->len++];
	*k = *e;
	k->action_type = block;
	k->action_id = block + lt;
	k->kind = block + lt + li;
	k->record = json_object_get(e->record);
	return 0;
}

int temporal_monitor_observe(struct temporal_monitor *m, const struct temporal_event *e, char *err, size_t errlen)
{
	if (!e->action_type || !e->action_id || !e->kind) {
		snprintf(err, errlen, "temporal monitor: an event without its action or kind");
		return -1;
	}
	if (m->observed && (e->seq <= m->last_seq || e->ts_s < m->last_ts)) {
		snprintf(err, errlen, "temporal monitor: event seq %lld at %lld s comes after seq %lld at %lld s",
		         (long long)e->seq, (long long)e->ts_s, (long long)m->last_seq, (long long)m->last_ts);
		return -1;
	}
	if (m->keep_events && keep(m, e) != 0) {
		snprintf(err, errlen, "temporal monitor: out of memory");
		return -1;
	}
	int64_t ordinal = m->observed++;
	if (m->keep_events && m->head == m->len - 1)
		m->head_ordinal = ordinal;
	m->last_seq = e->seq;
	m->last_ts = e->ts_s;
	int rc = 0;
	for (size_t i = 0; m->pending && i < m->set->n; i++) {
		struct mleaf *ml = &m->leaves[i];
		if (ml->first_ordinal < 0 && e->seq >= ml->start) {
			ml->first_ordinal = ordinal;
			m->pending--;
		}
	}
	const struct feed_group *groups[2] = { event_group(m, e), every_event_group(m) };
	for (int g = 0; g < 2; g++)
		for (size_t k = 0; groups[g] && k < groups[g]->n; k++) {
			struct mleaf *ml = &m->leaves[groups[g]->v[k].leaf];
			if (e->seq >= ml->start && feed(&ml->s[groups[g]->v[k].summary], e) != 0)
				rc = -1;
		}
	/* the summaries' windows slide */
	for (size_t i = 0; m->set && i < m->set->n; i++)
		for (size_t k = 0; k < m->leaves[i].ns; k++)
			if (m->leaves[i].s[k].win)
				twin_expire(m->leaves[i].s[k].win, sat_sub(e->ts_s, m->leaves[i].s[k].window_s));
	/* nothing older than the reach of the deepest leaf */
	int64_t oldest = sat_sub(e->ts_s, m->reach_s);
	while (m->keep_events && m->len - m->head > 1 && m->ev[m->head].ts_s < oldest) {
		release_event(&m->ev[m->head++]);
		m->head_ordinal++;
	}
	if (rc)
		snprintf(err, errlen, "temporal monitor: out of memory");
	return rc;
}

struct hook_ctx {
	const struct mleaf *ml;
	int64_t now_ts;
};

/* 1 and the request's key in s->scratch, or 0 when the request lacks a
 * pinned value (then P matches no event). */
static int request_key(struct summary *s, const struct temporal_request *req)
{
	for (size_t i = 0; i < s->nkey; i++)
		if (!temporal_request_value(req, s->keyterms[i], &s->scratch[i]))
			return 0;
	return 1;
}

static int hook_node(void *ud, const struct tnode *n, const struct temporal_request *req)
{
	const struct hook_ctx *h = ud;
	struct summary *s = summary_of_node(h->ml, n);
	if (!s)
		return -1;
	if (s->kind == S_SINCE)
		return s->anchored && h->now_ts - s->anchor_ts <= s->window_s;
	struct twin_totals t;
	return request_key(s, req) && twin_get(s->win, s->scratch, &t);
}

static int hook_term(void *ud, const struct tterm *term, const struct temporal_request *req, int64_t *value)
{
	const struct hook_ctx *h = ud;
	struct summary *s = summary_of_term(h->ml, term);
	if (!s)
		return 0;
	struct twin_totals t;
	if (!request_key(s, req) || !twin_get(s->win, s->scratch, &t)) {
		*value = 0;
		return 1;
	}
	if (s->kind == S_COUNT) {
		*value = t.count;
		return 1;
	}
	if (t.pos > INT64_MAX || t.neg < INT64_MIN)
		return 0;       /* some order of the partial sums leaves int64: the evaluator's */
	*value = (int64_t)(t.pos + t.neg);
	return 1;
}

/* A leaf that is one summary, its negation, or a summarised aggregate
 * compared with an integer literal: its value without the evaluator
 * (which would give the same), or -1. */
static int answer_root(struct hook_ctx *h, const struct tnode *n, const struct temporal_request *req)
{
	if (n->kind == TN_NOT) {
		int v = n->a->kind == TN_NOT ? -1 : answer_root(h, n->a, req);
		return v == 0 || v == 1 ? !v : -1;
	}
	if (n->kind == TN_FORMERLY || n->kind == TN_SINCE)
		return hook_node(h, n, req);
	if (n->kind != TN_CMP)
		return -1;
	const struct tterm *agg = n->lhs, *lit = n->rhs;
	int flipped = 0;
	if (agg->kind == TT_LIT) {
		agg = n->rhs;
		lit = n->lhs;
		flipped = 1;
	}
	int64_t x, y;
	if ((agg->kind != TT_COUNT && agg->kind != TT_SUM) || lit->kind != TT_LIT ||
	    !json_object_is_type(lit->lit, json_type_int) || hook_term(h, agg, req, &x) != 1)
		return -1;
	y = json_object_get_int64(lit->lit);
	if (flipped) {
		int64_t t = x;
		x = y;
		y = t;
	}
	switch (n->op) {
	case TC_EQ: return x == y;
	case TC_NE: return x != y;
	case TC_LT: return x < y;
	case TC_LE: return x <= y;
	case TC_GT: return x > y;
	case TC_GE: return x >= y;
	}
	return -1;
}

int temporal_monitor_eval(struct temporal_monitor *m, size_t leaf, const struct temporal_request *req,
                          char *err, size_t errlen)
{
	if (!m->set || leaf >= m->set->n) {
		snprintf(err, errlen, "temporal evaluation: no leaf %zu", leaf);
		return -1;
	}
	if (!m->observed) {
		snprintf(err, errlen, "temporal evaluation: the history does not hold the request being decided");
		return -1;
	}
	const struct mleaf *ml = &m->leaves[leaf];
	if (ml->first_ordinal < 0)
		return 0;       /* the rule sees no event yet */
	size_t from = m->head;
	if (ml->first_ordinal > m->head_ordinal)
		from += (size_t)(ml->first_ordinal - m->head_ordinal);
	int64_t tp_base = m->head_ordinal + (int64_t)(from - m->head) - ml->first_ordinal;
	struct hook_ctx h = { ml, m->last_ts };
	/* (a leaf over the evaluator's bound on variables is its error) */
	int v = ml->leaf->nvars <= TEMPORAL_MAX_VARS ? answer_root(&h, ml->leaf->root, req) : -1;
	if (v == 0 || v == 1)
		return v;
	if (!m->keep_events) {
		snprintf(err, errlen, "temporal evaluation: leaf %zu needs events the monitor did not keep", leaf);
		return -1;
	}
	struct temporal_hooks hooks = { &h, hook_node, hook_term };
	return temporal_leaf_eval_ex(ml->leaf, m->ev + from, m->len - 1 - from, tp_base, &hooks, req, err, errlen);
}

int64_t temporal_monitor_last_seq(const struct temporal_monitor *m)
{
	return m && m->observed ? m->last_seq : 0;
}

int64_t temporal_monitor_observed(const struct temporal_monitor *m)
{
	return m ? m->observed : 0;
}

size_t temporal_monitor_kept(const struct temporal_monitor *m)
{
	return m ? m->len - m->head : 0;
}

size_t temporal_monitor_summaries(const struct temporal_monitor *m)
{
	return m ? m->nsummaries : 0;
}
