/* dogwood_corpus.c -- the Dogwood verdict corpus
 * ($BOX_SHARED/conformance/dogwood/passing/<group>/corpus/<case>/) through
 * our parser, temporal evaluator and Cedar authorizer.
 *
 * For each trace_N.log with its expected_N.out: start with an empty
 * history, append each event, and for each decision event (kind
 * `request`) evaluate every temporal leaf at that time point, add the
 * booleans to the request context under their lowered keys, authorize,
 * and print "@<t> (time point <i>): <true|false>"; the lines must equal
 * expected_N.out.  Cases the engine does not cover yet are listed in
 * `not_yet` below, each with its reason, and counted apart.
 *
 * Built twice: tests/policy/dogwood_corpus evaluates each leaf by
 * rescanning the history (temporal_leaf_eval); dogwood_corpus_monitor
 * (CORPUS_THROUGH_MONITOR) observes each event into an incremental
 * temporal_monitor and evaluates the leaves through it, and also checks
 * that each leaf's value equals the rescan's.
 * Exit: 0 all compared cases pass, 1 otherwise, 77 when $BOX_SHARED is
 * missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/policy/ast.h"
#include "broker/policy/authorize.h"
#include "broker/policy/codec.h"
#include "broker/policy/lexer.h"
#include "broker/policy/schema.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_monitor.h"
#include "broker/policy/unescape.h"
#include "tests/policy/corpus_files.h"

static const struct { const char *name, *why; } not_yet[] = {
	{ "1110_custom_event_schema_renamed_reserved", "custom event schemas (event.dwschema) are not read yet" },
	{ "1158_relativize_two_pins_both_required", "event schema pins (event.dwschema) are not read yet" },
};

static const char *skip_reason(const char *name)
{
	for (size_t i = 0; i < sizeof not_yet / sizeof not_yet[0]; i++)
		if (strcmp(not_yet[i].name, name) == 0)
			return not_yet[i].why;
	return NULL;
}

/* ---- the trace format ---------------------------------------------------------- */

struct tr {
	struct lexer lx;
	struct token tok;
	struct arena *a;
	int failed;
	char err[256];
};

static void tr_next(struct tr *t)
{
	t->tok = lexer_next(&t->lx);
}

static int tr_fail(struct tr *t, const char *what)
{
	if (!t->failed)
		snprintf(t->err, sizeof t->err, "col %d: expected %s, found `%.*s`", t->tok.col, what,
		         (int)(t->tok.n > 30 ? 30 : t->tok.n), t->tok.p);
	t->failed = 1;
	return 0;
}

static int tr_is(const struct tr *t, const char *w)
{
	return t->tok.kind == T_IDENT && t->tok.n == strlen(w) && memcmp(t->tok.p, w, t->tok.n) == 0;
}

static int tr_expect(struct tr *t, enum tok k, const char *what)
{
	if (t->tok.kind != k)
		return tr_fail(t, what);
	tr_next(t);
	return 1;
}

static char *tr_string(struct tr *t)
{
	size_t n;
	char e[128];
	const char *s = unescape_string(t->a, t->tok.p, t->tok.n, &n, e, sizeof e);
	if (!s) {
		tr_fail(t, "a valid string");
		return NULL;
	}
	tr_next(t);
	return (char *)s;
}

/* Ns::Type::"id" with the current token at Ns; type and id out. */
static int tr_uid(struct tr *t, char *type, size_t cap, char **id)
{
	size_t n = 0;
	type[0] = 0;
	for (;;) {
		if (t->tok.kind != T_IDENT)
			return tr_fail(t, "an entity type");
		if (n + t->tok.n + 3 >= cap)
			return tr_fail(t, "a shorter type name");
		if (n) {
			memcpy(type + n, "::", 2);
			n += 2;
		}
		memcpy(type + n, t->tok.p, t->tok.n);
		n += t->tok.n;
		type[n] = 0;
		tr_next(t);
		if (!tr_expect(t, T_COLONCOLON, "`::`"))
			return 0;
		if (t->tok.kind == T_STRING)
			break;
	}
	*id = tr_string(t);
	return *id != NULL;
}

static json_object *entity(const char *type, const char *id)
{
	json_object *e = json_object_new_object(), *in = json_object_new_object();
	json_object_object_add(in, "type", json_object_new_string(type));
	json_object_object_add(in, "id", json_object_new_string(id));
	json_object_object_add(e, "__entity", in);
	return e;
}

static json_object *tr_value(struct tr *t);

/* name: value, ... up to `close` (not consumed) into obj */
static int tr_fields(struct tr *t, json_object *obj, enum tok close)
{
	while (t->tok.kind != close && !t->failed) {
		if (t->tok.kind != T_IDENT && t->tok.kind != T_STRING)
			return tr_fail(t, "a field name");
		char name[128];
		snprintf(name, sizeof name, "%.*s", (int)t->tok.n, t->tok.p);
		tr_next(t);
		if (!tr_expect(t, T_COLON, "`:`"))
			return 0;
		json_object *v = tr_value(t);
		if (t->failed) {
			json_object_put(v);
			return 0;
		}
		json_object_object_add(obj, name, v);
		if (t->tok.kind != T_COMMA)
			break;
		tr_next(t);
	}
	return !t->failed;
}

static json_object *tr_value(struct tr *t)
{
	if (t->tok.kind == T_STRING) {
		char *s = tr_string(t);
		return s ? json_object_new_string(s) : NULL;
	}
	if (t->tok.kind == T_INT || t->tok.kind == T_MINUS) {
		int neg = t->tok.kind == T_MINUS;
		if (neg)
			tr_next(t);
		char num[64];
		snprintf(num, sizeof num, "%s%.*s", neg ? "-" : "", (int)t->tok.n, t->tok.p);
		tr_next(t);
		if (t->tok.kind == T_DOT) {     /* 0.7: a decimal */
			tr_next(t);
			char dec[160];
			snprintf(dec, sizeof dec, "%s.%.*s", num, (int)t->tok.n, t->tok.p);
			tr_next(t);
			json_object *e = json_object_new_object(), *in = json_object_new_object();
			json_object_object_add(in, "fn", json_object_new_string("decimal"));
			json_object_object_add(in, "arg", json_object_new_string(dec));
			json_object_object_add(e, "__extn", in);
			return e;
		}
		return json_object_new_int64(strtoll(num, NULL, 10));
	}
	if (tr_is(t, "true") || tr_is(t, "false")) {
		int b = tr_is(t, "true");
		tr_next(t);
		return json_object_new_boolean(b);
	}
	if (tr_is(t, "null")) {
		tr_next(t);
		return NULL;
	}
	if (t->tok.kind == T_LBRACE) {
		tr_next(t);
		json_object *o = json_object_new_object();
		tr_fields(t, o, T_RBRACE);
		tr_expect(t, T_RBRACE, "`}`");
		return o;
	}
	if (t->tok.kind == T_LBRACKET) {
		tr_next(t);
		json_object *arr = json_object_new_array();
		while (t->tok.kind != T_RBRACKET && !t->failed) {
			json_object_array_add(arr, tr_value(t));
			if (t->tok.kind != T_COMMA)
				break;
			tr_next(t);
		}
		tr_expect(t, T_RBRACKET, "`]`");
		return arr;
	}
	if (t->tok.kind == T_IDENT) {
		char type[256], *id;
		if (!tr_uid(t, type, sizeof type, &id))
			return NULL;
		return entity(type, id);
	}
	tr_fail(t, "a value");
	return NULL;
}

struct event {
	struct temporal_event te;
	json_object *principal, *resource, *entities, *context;
	char type[256], *id;
	int has_context;
};

/* One trace line into *e (its json objects owned by e). */
static int parse_event(struct arena *a, const char *line, size_t len, struct event *e, char *err, size_t errlen)
{
	struct tr t;
	memset(&t, 0, sizeof t);
	memset(e, 0, sizeof *e);
	t.a = a;
	lexer_init(&t.lx, line, len);
	tr_next(&t);
	tr_expect(&t, T_AT, "`@`");
	if (t.tok.kind != T_INT)
		tr_fail(&t, "a timestamp");
	e->te.ts_s = strtoll(t.tok.p, NULL, 10);
	tr_next(&t);
	if (!tr_is(&t, "scope"))
		tr_fail(&t, "scope(...)");
	tr_next(&t);
	tr_expect(&t, T_LPAREN, "`(`");
	json_object *scope = json_object_new_object();
	tr_fields(&t, scope, T_RPAREN);
	tr_expect(&t, T_RPAREN, "`)`");
	json_object *x;
	if (json_object_object_get_ex(scope, "principal", &x))
		e->principal = json_object_get(x);
	if (json_object_object_get_ex(scope, "resource", &x))
		e->resource = json_object_get(x);
	json_object_put(scope);
	if (tr_is(&t, "entities")) {
		tr_next(&t);
		tr_expect(&t, T_LPAREN, "`(`");
		e->entities = json_object_new_object();
		while (t.tok.kind != T_RPAREN && !t.failed) {
			char type[256], *id;
			if (!tr_uid(&t, type, sizeof type, &id))
				break;
			tr_expect(&t, T_COLON, "`:`");
			json_object *attrs = tr_value(&t);
			char key[512];
			snprintf(key, sizeof key, "%s::\"%s\"", type, id);
			json_object_object_add(e->entities, key, attrs);
			if (t.tok.kind != T_COMMA)
				break;
			tr_next(&t);
		}
		tr_expect(&t, T_RPAREN, "`)`");
	}
	if (tr_is(&t, "request_context")) {
		tr_next(&t);
		tr_expect(&t, T_LPAREN, "`(`");
		e->context = json_object_new_object();
		e->has_context = 1;
		tr_fields(&t, e->context, T_RPAREN);
		tr_expect(&t, T_RPAREN, "`)`");
	}
	if (!t.failed && tr_uid(&t, e->type, sizeof e->type, &e->id)) {
		tr_expect(&t, T_COLONCOLON, "`::` and the event kind");
		if (t.tok.kind != T_IDENT)
			tr_fail(&t, "the event kind");
		e->te.kind = arena_strdup(a, t.tok.p, t.tok.n);
		tr_next(&t);
		tr_expect(&t, T_LPAREN, "`(`");
		e->te.record = json_object_new_object();
		tr_fields(&t, e->te.record, T_RPAREN);
		tr_expect(&t, T_RPAREN, "`)`");
	}
	if (!t.failed && t.tok.kind != T_EOF)
		tr_fail(&t, "the end of the line");
	if (!e->context)
		e->context = json_object_new_object();
	e->te.action_type = e->type;
	e->te.action_id = e->id;
	if (t.failed)
		snprintf(err, errlen, "%s", t.err);
	return t.failed ? -1 : 0;
}

static void event_clear(struct event *e)
{
	json_object_put(e->principal);
	json_object_put(e->resource);
	json_object_put(e->entities);
	json_object_put(e->context);
	json_object_put(e->te.record);
}

/* ---- one case ------------------------------------------------------------------ */

/* A copy of v for Cedar: the reference maps a null value to "" (dogwood.md 4.7). */
static json_object *cedar_copy(json_object *v)
{
	if (v == NULL)
		return json_object_new_string("");
	if (json_object_is_type(v, json_type_object)) {
		json_object *o = json_object_new_object();
		json_object_object_foreach(v, k, x)
			json_object_object_add(o, k, cedar_copy(x));
		return o;
	}
	if (json_object_is_type(v, json_type_array)) {
		json_object *a = json_object_new_array();
		for (size_t i = 0; i < json_object_array_length(v); i++)
			json_object_array_add(a, cedar_copy(json_object_array_get_idx(v, i)));
		return a;
	}
	return json_object_get(v);
}

/* Cedar entities JSON for the trace's entities(...) */
static json_object *cedar_entities(json_object *ents)
{
	json_object *arr = json_object_new_array();
	if (!ents)
		return arr;
	json_object_object_foreach(ents, key, attrs) {
		const char *q = strstr(key, "::\"");
		if (!q)
			continue;
		json_object *o = json_object_new_object(), *uid = json_object_new_object();
		json_object_object_add(uid, "type", json_object_new_string_len(key, (int)(q - key)));
		size_t idlen = strlen(q + 3);
		json_object_object_add(uid, "id", json_object_new_string_len(q + 3, (int)(idlen ? idlen - 1 : 0)));
		json_object_object_add(o, "uid", uid);
		json_object_object_add(o, "attrs", json_object_get(attrs));
		json_object_object_add(o, "parents", json_object_new_array());
		json_object_array_add(arr, o);
	}
	return arr;
}

static int run_trace(const char *dir, const char *trace, const struct policy_set *ps,
                     const struct temporal_set *ts, const struct schema *schema, int verbose)
{
	char path[4096], err[512];
	snprintf(path, sizeof path, "%.2000s/%.200s", dir, trace);
	size_t tlen = 0;
	char *text = read_whole(path, &tlen);
	char want_path[4096];
	snprintf(want_path, sizeof want_path, "%.2000s/expected_%.200s", dir, trace + strlen("trace_"));
	memcpy(want_path + strlen(want_path) - 3, "out", 3);
	size_t wlen = 0;
	char *want = read_whole(want_path, &wlen);
	if (!text || !want) {
		free(text);
		free(want);
		return -1;      /* no pair: not a test */
	}
	struct arena a;
	arena_init(&a);
	struct event *ev = NULL;
	size_t n = 0, cap = 0;
	char *got = calloc(1, 1);
	size_t glen = 0;
	int ok = 1;
#ifdef CORPUS_THROUGH_MONITOR
	struct temporal_monitor *mon = temporal_monitor_new(ts, NULL, 0);
#endif
	for (char *line = text; line && *line && ok;) {
		char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			len--;
		if (len == 0 || line[0] == '#') {
			line = nl ? nl + 1 : NULL;
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			ev = realloc(ev, cap * sizeof *ev);
		}
		struct event *e = &ev[n];
		if (parse_event(&a, line, len, e, err, sizeof err) != 0) {
			printf("FAIL %s: line %zu: %s\n", path, n + 1, err);
			event_clear(e);
			ok = 0;
			break;
		}
		n++;
		line = nl ? nl + 1 : NULL;
#ifdef CORPUS_THROUGH_MONITOR
		e->te.seq = (int64_t)n;
		if (temporal_monitor_observe(mon, &e->te, err, sizeof err) != 0) {
			printf("FAIL %s: event %zu: %s\n", path, n - 1, err);
			ok = 0;
			break;
		}
#endif
		if (strcmp(e->te.kind, "request") != 0)
			continue;
		/* the history so far, as an array the evaluator reads */
		struct temporal_event *hist = malloc(n * sizeof *hist);
		for (size_t k = 0; k < n; k++)
			hist[k] = ev[k].te;
		struct temporal_request rq = { e->context, e->principal, e->resource, e->entities };
		json_object *ctx = json_object_new_object();
		json_object_object_foreach(e->context, ck, cv)
			json_object_object_add(ctx, ck, cedar_copy(cv));
		for (size_t l = 0; l < ts->n; l++) {
			int v = temporal_leaf_eval(ts->leaves[l], hist, n - 1, &rq, err, sizeof err);
#ifdef CORPUS_THROUGH_MONITOR
			char merr[512];
			int mv = temporal_monitor_eval(mon, l, &rq, merr, sizeof merr);
			if (mv != v) {
				printf("FAIL %s: event %zu: leaf %s: the monitor says %d, the rescan %d (%s)\n", path, n - 1,
				       ts->leaves[l]->key, mv, v, mv < 0 ? merr : "");
				ok = 0;
			}
			v = mv;
			if (v < 0)
				snprintf(err, sizeof err, "%s", merr);
#endif
			if (v < 0) {
				printf("FAIL %s: event %zu: %s\n", path, n - 1, err);
				v = 0;
				ok = 0;
			}
			json_object_object_add(ctx, ts->leaves[l]->key, json_object_new_boolean(v));
		}
		free(hist);
		struct arena scratch;
		arena_init(&scratch);
		struct request req;
		json_object *act = entity(e->type, e->id);
		req.action = json_to_uid(&scratch, json_from_c(&scratch, act), err, sizeof err);
		req.principal = e->principal ? json_to_uid(&scratch, json_from_c(&scratch, e->principal), err, sizeof err) : NULL;
		req.resource = e->resource ? json_to_uid(&scratch, json_from_c(&scratch, e->resource), err, sizeof err) : NULL;
		req.context = context_from_json(&scratch, json_from_c(&scratch, ctx), NULL, req.action, err, sizeof err);
		json_object_put(act);
		json_object_put(ctx);
		struct entity_store es;
		entity_store_init(&es);
		json_object *earr = cedar_entities(e->entities);
		int allow = 0;
		if (!req.principal || !req.resource || !req.context ||
		    entities_from_json(&es, &scratch, json_from_c(&scratch, earr), schema, err, sizeof err) != 0) {
			allow = 0;      /* a request the authorizer cannot build is denied */
		} else {
			struct auth_result res;
			authorize(ps->rules, NULL, ps->n, &req, &es, &scratch, &res);
			allow = res.allow;
			if (verbose)
				for (size_t k = 0; k < res.nerrors; k++)
					printf("  rule %zu error: %s\n", res.errors[k], res.messages[k]);
			auth_result_free(&res);
		}
		json_object_put(earr);
		entity_store_free(&es);
		arena_free(&scratch);
		char buf[128];
		int m = snprintf(buf, sizeof buf, "@%lld (time point %zu): %s\n", (long long)e->te.ts_s, n - 1,
		                 allow ? "true" : "false");
		got = realloc(got, glen + (size_t)m + 1);
		memcpy(got + glen, buf, (size_t)m + 1);
		glen += (size_t)m;
	}
	/* compare trimmed, non-empty lines */
	char *w = want, *g = got;
	int same = ok;
	while (same) {
		while (*w == '\n' || *w == ' ' || *w == '\r')
			w++;
		while (*g == '\n')
			g++;
		if (!*w || !*g) {
			same = !*w && !*g;
			break;
		}
		size_t wl = strcspn(w, "\r\n"), gl = strcspn(g, "\n");
		while (wl && w[wl - 1] == ' ')
			wl--;
		if (wl != gl || memcmp(w, g, wl) != 0)
			same = 0;
		w += strcspn(w, "\n");
		g += gl;
	}
	if (!same) {
		printf("FAIL %s\n--- want\n%s--- got\n%s", path, want, got);
	}
#ifdef CORPUS_THROUGH_MONITOR
	temporal_monitor_free(mon);
#endif
	for (size_t k = 0; k < n; k++)
		event_clear(&ev[k]);
	free(ev);
	free(text);
	free(want);
	free(got);
	arena_free(&a);
	return same ? 1 : 0;
}

struct counts {
	int pairs_passed, pairs_failed, cases_skipped;
};

static void run_case(const char *group_dir, const char *name, const char *fallback_schema,
                     struct counts *c, int verbose)
{
	char dir[2048], err[512];
	snprintf(dir, sizeof dir, "%.1500s/%.300s", group_dir, name);
	size_t nf;
	char **files = list_dir(dir, &nf, NULL);
	char *policy = NULL;
	size_t plen = 0;
	for (size_t i = 0; i < nf; i++) {
		if (strncmp(files[i], "policy_", 7) != 0)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%.2000s/%.200s", dir, files[i]);
		if (plen) {
			policy = realloc(policy, plen + 2);
			policy[plen++] = '\n';
		}
		append_file(path, &policy, &plen);
	}
	if (policy)
		policy[plen] = 0;
	const char *why = skip_reason(name);
	if (why) {
		printf("NOT YET %s: %s\n", name, why);
		c->cases_skipped++;
		goto out;
	}
	struct arena a;
	arena_init(&a);
	struct temporal_set ts;
	memset(&ts, 0, sizeof ts);
	struct policy_set ps;
	struct schema schema;
	memset(&schema, 0, sizeof schema);
	int have_schema = 0;
	char spath[4096];
	snprintf(spath, sizeof spath, "%.2000s/schema.cedarschema", dir);
	size_t slen = 0;
	char *stext = read_whole(spath, &slen);
	if (!stext && fallback_schema)
		stext = read_whole(fallback_schema, &slen);
	if (stext && schema_parse(&a, stext, slen, &schema, err, sizeof err) == 0)
		have_schema = 1;
	else if (stext)
		printf("note %s: schema not read: %s\n", name, err);
	free(stext);
	if (parse_policy_set_temporal(&a, policy ? policy : "", plen, name, &ts, &ps, err, sizeof err) != 0) {
		printf("FAIL %s: %s\n", name, err);
		c->pairs_failed++;
	} else {
		for (size_t i = 0; i < nf; i++) {
			if (strncmp(files[i], "trace_", 6) != 0)
				continue;
			int r = run_trace(dir, files[i], &ps, &ts, have_schema ? &schema : NULL, verbose);
			if (r == 1)
				c->pairs_passed++;
			else if (r == 0)
				c->pairs_failed++;
		}
	}
	temporal_set_free(&ts);
	arena_free(&a);
out:
	free(policy);
	for (size_t i = 0; i < nf; i++)
		free(files[i]);
	free(files);
}

int main(int argc, char **argv)
{
	const char *shared = getenv("BOX_SHARED");
	char root[1024];
	struct stat st;
	snprintf(root, sizeof root, "%.900s/conformance/dogwood/passing", shared ? shared : "../shared");
	if (stat(root, &st) != 0) {
		printf("SKIP: %s not found (set BOX_SHARED)\n", root);
		return 77;
	}
	int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	static const char *const groups[] = { "temporal_only", "macros", "mixed" };
	struct counts c = { 0, 0, 0 };
	for (size_t g = 0; g < 3; g++) {
		char gdir[1500], fallback[1500];
		snprintf(gdir, sizeof gdir, "%.1024s/%s/corpus", root, groups[g]);
		snprintf(fallback, sizeof fallback, "%.1024s/%s/shared_schema.cedarschema", root, groups[g]);
		size_t n;
		char **cases = list_dir(gdir, &n, NULL);
		for (size_t i = 0; i < n; i++) {
			if (argc <= 2 || strstr(cases[i], argv[2]) != NULL)
				run_case(gdir, cases[i], g == 0 ? fallback : NULL, &c, verbose);
			free(cases[i]);
		}
		free(cases);
	}
	printf("dogwood verdict corpus%s: %d trace pairs pass, %d fail; %d cases not covered yet (reasons above)\n",
#ifdef CORPUS_THROUGH_MONITOR
	       " (through the incremental monitor)",
#else
	       "",
#endif
	       c.pairs_passed, c.pairs_failed, c.cases_skipped);
	return c.pairs_failed ? 1 : 0;
}
