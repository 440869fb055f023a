/* bench/temporal/bench_temporal.c -- per-decision cost of temporal rules:
 * the incremental monitor (policy_monitor_observe + policy_monitor_decide)
 * against the rescan of the history (policy_decide_history_from), with 20
 * rules of the shapes operators write (budgets, "no fetch after a secret
 * read", "deny all after a forbidden write", delete-after-read) over 1k,
 * 10k and 100k events in the window, and 1,000 rules over 10k events.
 *
 * Every event of the history is in every window (stamps spread over 50
 * minutes, windows of 1h and 24h), so nothing is pruned and the monitor
 * holds all of them: its worst case.  Each decision appends a request
 * event (and the monitor observes it), then decides it; the monitor's
 * figure includes the observe.  The rescan decides over the same history.
 * CPU time per decision, and the two verdict streams must agree.  The
 * decided requests join the window (1k events: 1,000 decisions, so the
 * window grows from 1k to 2k; 10k: 2,000; 100k: 5,000); `kept` is what the
 * monitor holds at the end.
 * Usage: bench_temporal [CONFIG]  (CONFIG: 20x1k 20x10k 20x100k 1000x10k;
 * default all).  With BENCH_TEMPORAL_RESCAN=0 the rescan is skipped (for
 * callgrind runs of the monitor alone). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "broker/policy/monitor.h"
#include "broker/policy/policy.h"
#include "broker/policy/temporal.h"

#define A(id) "Box::Action::\"" id "\""

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *what, const char *err)
{
	fprintf(stderr, "bench_temporal: %s: %s\n", what, err);
	exit(1);
}

/* ---- the policy ------------------------------------------------------------------ */

struct sbuf {
	char *p;
	size_t n, cap;
};

static void put(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct sbuf *b, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && b->n + (size_t)k < b->cap) {
			b->n += (size_t)k;
			return;
		}
		b->cap = b->cap ? b->cap * 2 : 4096;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			die("policy text", "out of memory");
	}
}

/* Rule set number `k` of 5 temporal rules (k makes its literals distinct). */
static void temporal_rules(struct sbuf *b, int k)
{
	/* no fetch after a secret read */
	put(b, "@id(\"no_net_after_secret_%d\") forbid(principal, action == " A("http:request") ", resource) "
	       "when temporal { formerly within 24h " A("fs:read") "::response{ input.path: \"~/.aws/credentials%d\", "
	       "output.result: _ } };\n", k, k);
	/* deny all after a forbidden write */
	put(b, "@id(\"lockdown_%d\") forbid(principal, action, resource) "
	       "when temporal { formerly within 24h " A("fs:write") "::request{ input.path: \"~/.bashrc%d\" } };\n", k, k);
	/* a write budget, and one per file */
	put(b, "@id(\"write_budget_%d\") forbid(principal, action == " A("fs:write") ", resource) "
	       "when temporal { (count for (t: Timepoint). where formerly within 1h (" A("fs:write")
	       "::request{ input.path: _ } && tp(t))) > %d };\n", k, 1000000 + k);
	put(b, "@id(\"per_file_budget_%d\") forbid(principal, action == " A("fs:write") ", resource) "
	       "when temporal { exists (n: Long). ((count for (t: Timepoint). where formerly within 1h (" A("fs:write")
	       "::request{ input.path: context.input.path } && tp(t))) == n && n > %d) };\n", k, 100000 + k);
	/* bytes sent per host, and delete only what was read */
	if (k % 2 == 0)
		put(b, "@id(\"egress_budget_%d\") forbid(principal, action == " A("http:request") ", resource) "
		       "when temporal { (sum b for (t: Timepoint), (b: Long). where formerly within 1h (" A("http:request")
		       "::request{ input.host: context.input.host, input.body_bytes: b } && tp(t))) > %lld };\n",
		       k, 1000000000LL + k);
	else
		put(b, "@id(\"delete_after_read_%d\") forbid(principal, action == " A("fs:delete") ", resource) "
		       "when temporal { !formerly within 24h " A("fs:read") "::request{ input.path: context.input.path } };\n",
		       k);
}

static struct policy *make_policy(int nrules)
{
	struct sbuf b = { 0 };
	static const char *const acts[] = { "fs:read", "fs:write", "fs:delete", "http:request" };
	for (int i = 0; i < 4; i++)
		put(&b, "@id(\"allow_%d\") permit(principal, action == " A("%s") ", resource);\n", i, acts[i]);
	int have = 4, k = 0;
	for (; have + 5 <= nrules; k++, have += 5)
		temporal_rules(&b, k);
	for (; have < nrules; have++)    /* the rest: one more "no fetch after a secret read" each */
		put(&b, "@id(\"no_net_after_key_%d\") forbid(principal, action == " A("http:request") ", resource) "
		       "when temporal { formerly within 24h " A("fs:read") "::request{ input.path: \"~/.ssh/id_%d\" } };\n",
		       have, have);
	char err[1024];
	struct policy *p = policy_load_text_ex(b.p, b.n, "bench.dw", "/home/dev", POLICY_ALLOW_TEMPORAL, err, sizeof err);
	if (!p)
		die("policy", err);
	if (policy_rule_count(p) != (size_t)nrules)
		die("policy", "not the number of rules asked for");
	free(b.p);
	return p;
}

/* ---- the history -------------------------------------------------------------------- */

static unsigned long long rng = 88172645463325252ULL;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

struct hist {
	struct temporal_event *ev;
	json_object **inputs;
	size_t n, cap;
};

static const char *const actions[] = { "fs:read", "fs:write", "fs:delete", "http:request" };

static void add(struct hist *h, int64_t ts, const char *kind, const char *action, json_object *input)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 1024;
		h->ev = realloc(h->ev, h->cap * sizeof *h->ev);
		h->inputs = realloc(h->inputs, h->cap * sizeof *h->inputs);
		if (!h->ev || !h->inputs)
			die("history", "out of memory");
	}
	json_object *rec = json_object_new_object();
	json_object_object_add(rec, "input", policy_event_input(action, input));
	json_object_object_add(rec, "callerPrincipal", json_object_new_string("Box::Agent::\"self\""));
	json_object_object_add(rec, "requestId", json_object_new_int64((int64_t)h->n));
	if (strcmp(kind, "response") == 0) {
		json_object *out = json_object_new_object();
		json_object_object_add(out, "result", json_object_new_string("completed"));
		json_object_object_add(rec, "output", out);
	}
	struct temporal_event *e = &h->ev[h->n];
	e->ts_s = ts;
	e->seq = (int64_t)h->n + 1;
	e->action_type = "Box::Action";
	e->action_id = action;
	e->kind = kind;
	e->record = rec;
	h->inputs[h->n++] = json_object_get(input);
}

static json_object *input_for(const char *action)
{
	json_object *in = json_object_new_object();
	char s[64];
	if (strcmp(action, "http:request") == 0) {
		snprintf(s, sizeof s, "api%u.example", rnd(8));
		json_object_object_add(in, "host", json_object_new_string(s));
		json_object_object_add(in, "port", json_object_new_int64(443));
		json_object_object_add(in, "method", json_object_new_string("POST"));
		json_object_object_add(in, "path", json_object_new_string("/v1/upload"));
		json_object_object_add(in, "body_bytes", json_object_new_int64(rnd(100000)));
		json_object_object_add(in, "intercepted", json_object_new_boolean(1));
	} else {
		snprintf(s, sizeof s, "~/project/src/file-%u.txt", rnd(500));
		json_object_object_add(in, "path", json_object_new_string(s));
		json_object_object_add(in, "operation", json_object_new_string(
			strcmp(action, "fs:read") == 0 ? "read_content" : strcmp(action, "fs:write") == 0 ? "write_content"
			                                                                             : "delete_file"));
	}
	return in;
}

static void hist_free(struct hist *h)
{
	for (size_t i = 0; i < h->n; i++) {
		json_object_put(h->ev[i].record);
		json_object_put(h->inputs[i]);
	}
	free(h->ev);
	free(h->inputs);
}

/* ---- one configuration ---------------------------------------------------------- */

static void run(int nrules, size_t nevents, size_t ndecisions, size_t nrescan, int rescan)
{
	struct policy *p = make_policy(nrules);
	struct policy_monitor *m = policy_monitor_new(p, NULL);
	if (!m)
		die("monitor", "out of memory");
	struct hist h = { 0 };
	char err[512];
	/* the history: a request and its response per operation, over 50
	 * minutes, then the requests to decide (made before any timing) */
	int64_t t0 = 1700000000;
	size_t total = nevents + ndecisions;
	while (h.n < nevents) {
		const char *a = actions[rnd(4)];
		json_object *in = input_for(a);
		int64_t ts = t0 + (int64_t)(h.n * 3000 / total);
		add(&h, ts, "request", a, in);
		if (h.n < nevents)
			add(&h, ts, "response", a, in);
		json_object_put(in);
	}
	size_t first = h.n;
	for (size_t d = 0; d < ndecisions; d++) {
		const char *a = actions[rnd(4)];
		json_object *in = input_for(a);
		add(&h, t0 + (int64_t)(h.n * 3000 / total), "request", a, in);
		json_object_put(in);
	}
	double t_obs = cpu_s();
	for (size_t i = 0; i < first; i++)
		if (policy_monitor_observe(m, &h.ev[i], err, sizeof err) != 0)
			die("observe", err);
	t_obs = cpu_s() - t_obs;
	/* decisions: observe the request, decide it */
	char *verdicts = malloc(ndecisions);
	double t_mon = cpu_s();
	for (size_t d = 0; d < ndecisions; d++) {
		const struct temporal_event *e = &h.ev[first + d];
		struct policy_decision dec;
		if (policy_monitor_observe(m, e, err, sizeof err) != 0 ||
		    policy_monitor_decide(m, e->action_id, h.inputs[first + d], &dec, err, sizeof err) != 0)
			die("monitor decide", err);
		verdicts[d] = (char)dec.allow;
		policy_decision_clear(&dec);
	}
	t_mon = cpu_s() - t_mon;
	double us_mon = t_mon * 1e6 / (double)ndecisions;
	double us_obs = t_obs * 1e6 / (double)nevents;
	double us_rescan = 0;
	if (rescan) {
		/* the rescan over the same history, at the first nrescan decision points */
		size_t n = nrescan < ndecisions ? nrescan : ndecisions;
		double t = cpu_s();
		for (size_t d = 0; d < n; d++) {
			size_t at = first + d;
			struct policy_decision dec;
			if (policy_decide_history_from(p, h.ev[at].action_id, h.inputs[at], h.ev, at + 1, NULL, &dec, err,
			                               sizeof err) != 0)
				die("rescan", err);
			if (dec.allow != verdicts[d]) {
				fprintf(stderr, "bench_temporal: the monitor and the rescan disagree at decision %zu\n", d);
				exit(1);
			}
			policy_decision_clear(&dec);
		}
		us_rescan = (cpu_s() - t) * 1e6 / (double)n;
	}
	size_t allowed = 0;
	for (size_t d = 0; d < ndecisions; d++)
		allowed += (size_t)verdicts[d];
	printf("| %5d | %7zu | %8.2f | %9.2f | ", nrules, nevents, us_obs, us_mon);
	if (rescan)
		printf("%10.1f | %7.0fx |", us_rescan, us_rescan / us_mon);
	else
		printf("%10s | %8s |", "-", "-");
	printf(" %7zu | %zu/%zu |\n", policy_monitor_kept(m), allowed, ndecisions);
	fflush(stdout);
	free(verdicts);
	policy_monitor_free(m);
	hist_free(&h);
	policy_free(p);
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	const char *env = getenv("BENCH_TEMPORAL_RESCAN");
	int rescan = !(env && strcmp(env, "0") == 0);
	static const struct { const char *name; int rules; size_t events, decisions, rescans; } configs[] = {
		{ "20x1k", 20, 1000, 1000, 500 },
		{ "20x10k", 20, 10000, 2000, 50 },
		{ "20x100k", 20, 100000, 5000, 5 },
		{ "1000x10k", 1000, 10000, 500, 2 },
	};
	printf("| rules | events in window | observe us/event | monitor us/decision | rescan us/decision | rescan/monitor | kept | allowed |\n");
	printf("|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++)
		if (!only || strcmp(only, configs[i].name) == 0)
			run(configs[i].rules, configs[i].events, configs[i].decisions, configs[i].rescans, rescan);
	return 0;
}
