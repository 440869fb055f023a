/* broker/effects/gate.c -- decisions over the box's history (see gate.h).
 *
 * The gate keeps in memory the events of the deepest window the rules
 * read (policy_max_window_s), and at each decision reads only what other
 * brokers appended since (history_load_after): the store is read once at
 * start, then incrementally. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "broker/effects/gate.h"
#include "broker/effects/gate_record.h"
#include "broker/history/history.h"
#include "broker/policy/monitor.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"

#define GATE_MAX_DEFERRED 16

struct gate {
	const struct policy *pol;
	enum gate_mode mode;
	int temporal;                   /* the policy has temporal rules */
	struct history *h;              /* NULL: no history (no temporal rules, or none yet on --decide) */
	int64_t window_s;
	int64_t *rule_start;            /* per rule: the first seq it sees */
	struct policy_monitor *mon;     /* GATE_RECORD: every event observed, decisions incremental */
	struct temporal_event *ev;      /* GATE_READ_ONLY: the window, oldest first, owned */
	size_t n, cap;
	int64_t last_seq;               /* the newest event we know of */
	int64_t offset_s;               /* --decide --at */
	int64_t last_prune;
	/* In-flight acts: the acts of the actions whose outcomes some rule reads
	 * (outcome_mask, by policy_action_name index) keep the history's lock
	 * (history_hold) from their decision until their outcome is recorded,
	 * and every decision takes it first; so no decision reads the history
	 * while another run's request that it may count is still in flight (a
	 * ::response budget cannot be overspent by racing runs).  The lock is
	 * the log's own: an act in flight costs no extra system call, and the
	 * outcome's transaction none to begin. */
	unsigned outcome_mask;
	long lock_wait_ms;
	int in_flight;                  /* our permitted acts awaiting their outcome */
	/* Outcomes no rule reads (of actions outside outcome_mask) wait here and
	 * go into the next decision's transaction (or gate_close's): one
	 * transaction per decided act instead of two.  No verdict depends on
	 * them, so a kill -9 that loses them loses no verdict's input. */
	struct deferred_outcome {
		char *action, *kind;
		json_object *record;
		char *text;             /* the record's JSON text */
		size_t len;
	} deferred[GATE_MAX_DEFERRED];
	size_t ndeferred;
	struct gate_records records;    /* the events' records and their texts */
	int failed;                     /* a storage fault: deny from now on */
	char fault[400];
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (p == NULL) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (p == NULL) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	return p;
}

static void event_free(struct temporal_event *e)
{
	free((char *)e->action_type);
	free((char *)e->action_id);
	free((char *)e->kind);
	json_object_put(e->record);
}

/* Takes ownership of e (appended at the newest end). */
static void push(struct gate *g, const struct temporal_event *e)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->ev = xrealloc(g->ev, g->cap * sizeof *g->ev);
	}
	g->ev[g->n++] = *e;
}

/* Forgets the events no rule can see any more at stamp now. */
static void drop_old(struct gate *g, int64_t now)
{
	size_t k = 0;
	while (k < g->n && g->ev[k].ts_s < now - g->window_s)
		event_free(&g->ev[k++]);
	if (k) {
		memmove(g->ev, g->ev + k, (g->n - k) * sizeof *g->ev);
		g->n -= k;
	}
}

/* Takes ownership of e, the newest event: the monitor observes it (a
 * run), or it joins the window (--decide).  -1 (g->fault set) when the
 * monitor refuses it: the history is out of order. */
static int keep(struct gate *g, struct temporal_event *e)
{
	if (g->mon == NULL) {
		push(g, e);
		return 0;
	}
	char why[256];
	int rc = policy_monitor_observe(g->mon, e, why, sizeof why);
	event_free(e);
	if (rc < 0 && !g->fault[0])
		snprintf(g->fault, sizeof g->fault, "history: %s", why);
	return rc;
}

static struct temporal_event make_event(int64_t seq, int64_t ts, const char *action, const char *kind,
                                        json_object *rec)
{
	struct temporal_event e;
	memset(&e, 0, sizeof e);
	e.seq = seq;
	e.ts_s = ts;
	e.action_type = xstrdup("Box::Action");
	e.action_id = xstrdup(action);
	e.kind = xstrdup(kind);
	e.record = rec;
	return e;
}

/* An event this run records (takes rec): the monitor observes it with
 * the strings borrowed (it copies what it keeps), or it joins the window. */
static int keep_new(struct gate *g, int64_t seq, int64_t ts, const char *action, const char *kind, json_object *rec)
{
	if (g->mon == NULL) {
		struct temporal_event e = make_event(seq, ts, action, kind, rec);
		push(g, &e);
		return 0;
	}
	struct temporal_event e;
	memset(&e, 0, sizeof e);
	e.seq = seq;
	e.ts_s = ts;
	e.action_type = "Box::Action";
	e.action_id = action;
	e.kind = kind;
	e.record = rec;
	char why[256];
	int rc = policy_monitor_observe(g->mon, &e, why, sizeof why);
	json_object_put(rec);
	if (rc < 0 && !g->fault[0])
		snprintf(g->fault, sizeof g->fault, "history: %s", why);
	return rc;
}

/* Moves loaded events into the monitor or the window. */
static int take(struct gate *g, struct history_events *l)
{
	int rc = 0;
	for (size_t i = 0; i < l->n; i++) {
		if (rc == 0)
			rc = keep(g, &l->ev[i]);
		else
			event_free(&l->ev[i]);
	}
	if (l->n && rc == 0)
		g->last_seq = l->ev[l->n - 1].seq;
	free(l->ev);
	l->ev = NULL;
	l->n = 0;
	return rc;
}

static void unlock_history(struct gate *g);
static int flush_deferred(struct gate *g);
static void outcome_not_recorded(struct gate *g);

/* A storage fault: this decision and every later one are denied. */
static int fault(struct gate *g, int *faultp, char *err, size_t errlen)
{
	if (!g->failed) {
		g->failed = 1;
		if (!g->fault[0])
			snprintf(g->fault, sizeof g->fault, "%s", g->h ? history_error(g->h) : "history: unavailable");
		fprintf(stderr, "box-broker: error: %s; every later decision of this run is denied\n", g->fault);
	}
	if (g->h)
		history_rollback(g->h);
	unlock_history(g);
	*faultp = 1;
	snprintf(err, errlen, "%s", g->fault);
	return -1;
}

/* How long a decision waits for another run's act in flight. */
#define GATE_LOCK_WAIT_MS 10000

/* Lets the history's lock go, unless an act of ours is in flight. */
static void unlock_history(struct gate *g)
{
	if (g->h && g->in_flight == 0)
		history_hold(g->h, 0);
}

static int is_outcome_action(const struct gate *g, const char *action)
{
	for (unsigned i = 0; policy_action_name(i); i++)
		if ((g->outcome_mask & (1u << i)) && strcmp(policy_action_name(i), action) == 0)
			return 1;
	return 0;
}

/* What other brokers appended since our last look (the head says whether
 * there is anything). */
static int catch_up(struct gate *g)
{
	int64_t head, ts;
	uint8_t hash[SHA256_DIGEST_LEN];
	if (history_head(g->h, &head, &ts, hash) < 0)
		return -1;
	if (head == g->last_seq)
		return 0;
	struct history_events l = {0};
	if (history_load_after(g->h, g->last_seq, &l) < 0) {
		history_events_free(&l);
		return -1;
	}
	return take(g, &l);
}

static int load_window(struct gate *g, int record, char *err, size_t errlen)
{
	size_t nrules = policy_rule_count(g->pol);
	const char **fps = calloc(nrules ? nrules : 1, sizeof *fps);
	g->rule_start = calloc(nrules ? nrules : 1, sizeof *g->rule_start);
	if (!fps || !g->rule_start) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	for (size_t i = 0; i < nrules; i++)
		fps[i] = policy_rule_fingerprint(g->pol, i);
	struct history_events l = {0};
	int64_t head = 0, ts;
	uint8_t hash[SHA256_DIGEST_LEN];
	int ok = history_begin(g->h) == 0 && history_rule_starts(g->h, fps, nrules, g->rule_start) == 0;
	int64_t now = ok ? history_now(g->h) : -1;
	ok = ok && now >= 0;
	if (ok && record) {
		ok = history_prune(g->h, now - g->window_s) >= 0;
		g->last_prune = now;
	}
	if (ok && record && (g->mon = policy_monitor_new(g->pol, g->rule_start)) == NULL) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	ok = ok && history_head(g->h, &head, &ts, hash) == 0 && history_load(g->h, now - g->window_s, &l) == 0;
	if (ok && take(g, &l) < 0) {
		snprintf(err, errlen, "%s", g->fault);
		history_rollback(g->h);
		free(fps);
		return -1;
	}
	g->last_seq = head;
	history_events_free(&l);
	free(fps);
	/* --decide records nothing, not even the rules it saw */
	if (ok && record)
		ok = history_commit(g->h) == 0;
	else
		history_rollback(g->h);
	if (!ok)
		snprintf(err, errlen, "%s", history_error(g->h));
	return ok ? 0 : -1;
}

struct gate *gate_open(const struct policy *pol, const char *box_dir, enum gate_mode mode, const char *session_id,
                       char *err, size_t errlen)
{
	struct gate *g = calloc(1, sizeof *g);
	if (g == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	g->pol = pol;
	g->mode = mode;
	g->lock_wait_ms = GATE_LOCK_WAIT_MS;
	gate_records_init(&g->records, session_id);
	g->temporal = policy_has_temporal(pol);
	if (!g->temporal)
		return g;
	g->window_s = policy_history_reach_s(pol); /* nested windows add up */
	char dir[4096];
	if (box_dir == NULL || (size_t)snprintf(dir, sizeof dir, "%s/private", box_dir) >= sizeof dir) {
		snprintf(err, errlen, "history: the box directory is not set or too long");
		free(g);
		return NULL;
	}
	if (mode == GATE_READ_ONLY) {
		char file[4200];
		struct stat st;
		snprintf(file, sizeof file, "%s/%s", dir, HISTORY_FILE_NAME);
		if (lstat(file, &st) != 0 && errno == ENOENT) {
			/* no run yet: an empty history, which --decide does not create */
			g->rule_start = calloc(policy_rule_count(pol) + 1, sizeof *g->rule_start);
			if (!g->rule_start)
				abort();
			return g;
		}
	}
	/* --decide only reads: it never creates, locks or writes the file */
	g->h = mode == GATE_READ_ONLY ? history_open_readonly(dir, err, errlen) : history_open(dir, err, errlen);
	if (g->h == NULL || load_window(g, mode == GATE_RECORD, err, errlen) != 0) {
		gate_close(g);
		return NULL;
	}
	g->outcome_mask = mode == GATE_RECORD ? policy_outcome_actions(pol) : 0;
	history_set_busy_timeout(g->h, g->lock_wait_ms);
	return g;
}

struct gate *gate_plain(const struct policy *pol)
{
	struct gate *g = calloc(1, sizeof *g);
	if (g == NULL) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	gate_records_init(&g->records, NULL);
	g->pol = pol;
	g->mode = GATE_READ_ONLY;
	return g;
}

struct gate *gate_broken(const struct policy *pol, const char *why)
{
	struct gate *g = gate_plain(pol);
	g->temporal = 1;
	g->mode = GATE_RECORD;
	g->failed = 1;
	snprintf(g->fault, sizeof g->fault, "%s", why);
	return g;
}

void gate_close(struct gate *g)
{
	if (g == NULL)
		return;
	if (g->ndeferred && g->h && !g->failed) {
		if (history_begin(g->h) < 0 || catch_up(g) < 0 || flush_deferred(g) < 0 || history_commit(g->h) < 0)
			outcome_not_recorded(g);
	}
	for (size_t i = 0; i < g->ndeferred; i++) {
		free(g->deferred[i].action);
		free(g->deferred[i].kind);
		free(g->deferred[i].text);
		json_object_put(g->deferred[i].record);
	}
	for (size_t i = 0; i < g->n; i++)
		event_free(&g->ev[i]);
	free(g->ev);
	policy_monitor_free(g->mon);
	gate_records_free(&g->records);
	free(g->rule_start);
	history_close(g->h); /* releases the lock */
	free(g);
}

const struct policy *gate_policy(const struct gate *g) { return g ? g->pol : NULL; }
int gate_has_history(const struct gate *g) { return g != NULL && g->temporal; }
void gate_set_offset(struct gate *g, int64_t s) { g->offset_s = s; }
void gate_set_lock_wait_ms(struct gate *g, long ms)
{
	g->lock_wait_ms = ms;
	if (g->h)
		history_set_busy_timeout(g->h, ms);
}

/* Appends an outcome event inside the open transaction (takes rec; text:
 * its JSON text). */
static int append_outcome(struct gate *g, const char *action, const char *kind, json_object *rec, const char *text,
                          size_t len)
{
	int64_t now = history_now(g->h), seq = 0;
	if (now < 0 || history_append_text(g->h, now, "Box::Action", action, kind, text, len, NULL, &seq) < 0) {
		json_object_put(rec);
		return -1;
	}
	g->last_seq = seq;
	return keep_new(g, seq, now, action, kind, rec);
}

/* The deferred outcomes, oldest first, inside the open transaction. */
static int flush_deferred(struct gate *g)
{
	int rc = 0;
	for (size_t i = 0; i < g->ndeferred; i++) {
		struct deferred_outcome *d = &g->deferred[i];
		if (rc == 0 && append_outcome(g, d->action, d->kind, d->record, d->text, d->len) < 0)
			rc = -1;
		else if (rc != 0)
			json_object_put(d->record);
		free(d->action);
		free(d->kind);
		free(d->text);
	}
	g->ndeferred = 0;
	return rc;
}

static void outcome_not_recorded(struct gate *g)
{
	if (!g->failed) {
		g->failed = 1;
		snprintf(g->fault, sizeof g->fault, "%s", history_error(g->h));
		fprintf(stderr,
		        "box-broker: warning: policy outcome recording was not confirmed (%s); every later "
		        "decision of this run is denied\n",
		        g->fault);
	}
	history_rollback(g->h);
	unlock_history(g);
}

/* --decide: the request joins a copy of the window for one evaluation. */
static int decide_read_only(struct gate *g, const char *action, json_object *input, struct policy_decision *out,
                            int *faultp, char *err, size_t errlen)
{
	int64_t now = g->h ? history_now(g->h) : (int64_t)time(NULL);
	if (g->h && (now < 0 || catch_up(g) < 0))
		return fault(g, faultp, err, errlen);
	now += g->offset_s;
	drop_old(g, now);
	struct temporal_event e = make_event(g->last_seq + 1, now, action, "request",
	                                     gate_record_build(&g->records, g->last_seq + 1, action, input, NULL,
	                                                       NULL, GATE_SHARE_NONE));
	push(g, &e);
	int rc = policy_decide_history_from(g->pol, action, input, g->ev, g->n, g->rule_start, out, err, errlen);
	event_free(&g->ev[--g->n]);
	return rc;
}

int gate_decide(struct gate *g, const char *action, json_object *input, struct policy_decision *out,
                int64_t *request_seq, int *faultp, char *err, size_t errlen)
{
	*request_seq = 0;
	*faultp = 0;
	if (!g->temporal)
		return policy_decide(g->pol, action, input, out, err, errlen);
	if (g->failed)
		return fault(g, faultp, err, errlen);
	if (g->mode == GATE_READ_ONLY)
		return decide_read_only(g, action, input, out, faultp, err, errlen);
	int begun = history_begin(g->h);
	if (begun == -2) {
		/* another run's act in flight for too long: this decision only */
		snprintf(err, errlen, "%s", history_error(g->h));
		return -1;
	}
	if (begun < 0 || catch_up(g) < 0 || flush_deferred(g) < 0)
		return fault(g, faultp, err, errlen);
	int64_t now = history_now(g->h);
	if (now < 0)
		return fault(g, faultp, err, errlen);
	if (now - g->last_prune >= 60) {
		if (history_prune(g->h, now - g->window_s) < 0)
			return fault(g, faultp, err, errlen);
		g->last_prune = now;
	}
	int64_t seq = g->last_seq + 1;
	json_object *rec = gate_record_build(&g->records, seq, action, input, NULL, NULL, GATE_SHARE_REQUEST);
	if (keep_new(g, seq, now, action, "request", json_object_get(rec)) < 0) {
		json_object_put(rec);
		return fault(g, faultp, err, errlen);
	}
	json_object *ev_input = NULL;
	json_object_object_get_ex(rec, "input", &ev_input);
	int undecidable = policy_monitor_decide_as(g->mon, action, input, ev_input, out, err, errlen) != 0;
	if (undecidable) {
		/* a malformed request: recorded as the denied request it was */
		memset(out, 0, sizeof *out);
	}
	/* a permitted act whose outcome a rule reads keeps the lock until
	 * its outcome is recorded (gate_outcome) */
	int in_flight = !undecidable && out->allow && is_outcome_action(g, action);
	history_hold(g->h, g->in_flight + in_flight > 0);
	int64_t stored = 0;
	int stored_ok = history_append_text(g->h, now, "Box::Action", action, "request", g->records.text.p,
	                                    g->records.text.len, out->allow ? "permit" : "deny", &stored) == 0 &&
	                history_commit(g->h) == 0;
	json_object_put(rec);
	if (!stored_ok) {
		policy_decision_clear(out);
		return fault(g, faultp, err, errlen);
	}
	if (stored != seq) {
		/* someone appended without taking the write lock */
		policy_decision_clear(out);
		snprintf(g->fault, sizeof g->fault, "history: event %lld was stored as %lld; the file changed under this run",
		         (long long)seq, (long long)stored);
		return fault(g, faultp, err, errlen);
	}
	g->last_seq = seq;
	if (undecidable) {
		unlock_history(g);
		return -1;
	}
	*request_seq = seq;
	g->in_flight += in_flight; /* held until gate_outcome */
	return 0;
}

void gate_outcome(struct gate *g, int64_t request_seq, const char *action, json_object *input,
                  enum gate_result result, long long status)
{
	if (g == NULL || request_seq == 0 || !g->h || g->mode != GATE_RECORD)
		return;
	if (g->in_flight > 0 && is_outcome_action(g, action))
		g->in_flight--;
	if (g->failed) {
		unlock_history(g);
		return;
	}
	const char *kind = result == GATE_FAILED ? "error" : "response";
	const struct gate_text *output_text;
	json_object *output = gate_record_output(&g->records, action, result, status, &output_text);
	json_object *rec =
		gate_record_build(&g->records, request_seq, action, input, output, output_text, GATE_SHARE_OUTCOME);
	if (!is_outcome_action(g, action) && g->ndeferred < GATE_MAX_DEFERRED) {
		struct deferred_outcome *d = &g->deferred[g->ndeferred++];
		d->action = xstrdup(action);
		d->kind = xstrdup(kind);
		d->record = rec;
		d->len = g->records.text.len;
		d->text = xrealloc(NULL, d->len + 1);
		memcpy(d->text, g->records.text.p, d->len + 1);
		return;
	}
	if (history_begin(g->h) < 0 || catch_up(g) < 0 || flush_deferred(g) < 0) {
		json_object_put(rec);
		outcome_not_recorded(g);
		return;
	}
	history_hold(g->h, g->in_flight > 0);
	/* (catching up and the deferred outcomes build no record: the text is
	 * still this one's) */
	if (append_outcome(g, action, kind, rec, g->records.text.p, g->records.text.len) < 0 ||
	    history_commit(g->h) < 0) {
		outcome_not_recorded(g);
		return;
	}
}
