/* policy.c -- the public API (policy.h): load + validate a Box policy,
 * decide requests through the per-action rule index, render denial text
 * and --decide JSON. */
#include "broker/policy/policy.h"
#include "common/sha256.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/policy/ast.h"
#include "broker/policy/authorize.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/lint.h"
#include "broker/policy/temporal.h"
#include "broker/policy/codec.h"
#include "broker/policy/json.h"

enum { POLICY_MAX_BYTES = 16 << 20, SUBJECT_CAP = 1024, MESSAGE_CAP = 4096 };

struct policy {
	struct arena arena;
	struct policy_set set;
	struct temporal_set temporal;           /* the temporal leaves (none run yet) */
	const char **ids;                       /* @id, else "policy_N" */
	char (*fingerprints)[2 * SHA256_DIGEST_LEN + 1]; /* per rule, hex */
	char *warning;                          /* a load-time warning, or NULL */
	size_t *bucket[BOX_NACTIONS];           /* rule indexes per action, source order */
	size_t nbucket[BOX_NACTIONS];
	const struct value *principal, *resource, *action[BOX_NACTIONS];
};

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (p == NULL) {
		fputs("box: out of memory in policy engine\n", stderr);
		abort();
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (p == NULL) {
		fputs("box: out of memory in policy engine\n", stderr);
		abort();
	}
	return p;
}

static void build_index(struct policy *p)
{
	size_t n = p->set.n;
	p->ids = arena_array(&p->arena, n, sizeof *p->ids);
	for (size_t i = 0; i < n; i++) {
		if (p->set.rules[i].id) {
			p->ids[i] = p->set.rules[i].id;
		} else {
			char buf[32];
			snprintf(buf, sizeof buf, "policy_%zu", i);
			p->ids[i] = arena_strdup(&p->arena, buf, strlen(buf));
		}
	}
	for (int a = 0; a < BOX_NACTIONS; a++) {
		p->bucket[a] = arena_array(&p->arena, n, sizeof *p->bucket[a]);
		p->action[a] = value_entity(&p->arena, str_c(BOX_ACTION_TYPE), str_c(box_actions[a].name));
	}
	for (size_t i = 0; i < n; i++) {
		unsigned m = box_rule_actions(&p->set.rules[i]);
		for (int a = 0; a < BOX_NACTIONS; a++)
			if (m & (1u << a))
				p->bucket[a][p->nbucket[a]++] = i;
	}
	p->fingerprints = arena_array(&p->arena, n, sizeof *p->fingerprints);
	for (size_t i = 0; i < n; i++)
		sha256_hex(p->set.rules[i].fingerprint, p->fingerprints[i]);
	p->principal = value_entity(&p->arena, str_c(BOX_PRINCIPAL_TYPE), str_c(BOX_PRINCIPAL_ID));
	p->resource = value_entity(&p->arena, str_c(BOX_RESOURCE_TYPE), str_c(BOX_RESOURCE_ID));
}

struct policy *policy_load_text(const char *text, size_t len, const char *name,
                                const char *operator_home, char *err, size_t errlen)
{
	return policy_load_text_ex(text, len, name, operator_home, 0, err, errlen);
}

struct policy *policy_load_text_ex(const char *text, size_t len, const char *name,
                                   const char *operator_home, unsigned flags, char *err, size_t errlen)
{
	struct policy *p = xcalloc(1, sizeof *p);
	arena_init(&p->arena);
	if (text == NULL)
		len = 0;
	if (parse_policy_set_temporal(&p->arena, text ? text : "", len, name ? name : "policy.dw",
	                              &p->temporal, &p->set, err, errlen) != 0 ||
	    box_validate(&p->set, operator_home, err, errlen) != 0 ||
	    box_validate_temporal(&p->temporal, err, errlen) != 0) {
		policy_free(p);
		return NULL;
	}
	char capmsg[600];
	int cap = p->temporal.n ? lint_temporal_cap_check(&p->set, &p->temporal, capmsg, sizeof capmsg) : 0;
	if (cap == 1) {
		snprintf(err, errlen, "%s", capmsg);
		policy_free(p);
		return NULL;
	}
	if (cap == 2)
		p->warning = xstrdup(capmsg);
	if (p->temporal.n && !(flags & POLICY_ALLOW_TEMPORAL)) {
		/* checked, but not run: the caller keeps no history for them */
		const struct rule *r = &p->set.rules[p->temporal.leaves[0]->rule];
		if (r->id)
			snprintf(err, errlen, "rule %d (@id(\"%s\")): temporal rules are not supported yet (box keeps no "
			         "history of its decisions yet); write the rule without `temporal { ... }`",
			         r->index + 1, r->id);
		else
			snprintf(err, errlen, "rule %d: temporal rules are not supported yet (box keeps no history of "
			         "its decisions yet); write the rule without `temporal { ... }`", r->index + 1);
		policy_free(p);
		return NULL;
	}
	build_index(p);
	return p;
}

struct policy *policy_load_file(const char *path, const char *operator_home, char *err, size_t errlen)
{
	return policy_load_file_ex(path, operator_home, 0, err, errlen);
}

struct policy *policy_load_file_ex(const char *path, const char *operator_home, unsigned flags,
                                   char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		snprintf(err, errlen, "cannot read policy file %s: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 8192, n = 0;
	char *buf = xcalloc(cap, 1);
	for (;;) {
		if (n == cap) {
			if (cap >= POLICY_MAX_BYTES) {
				snprintf(err, errlen, "policy file %s is larger than %d bytes", path, POLICY_MAX_BYTES);
				free(buf);
				fclose(f);
				return NULL;
			}
			char *nb = realloc(buf, cap * 2);
			if (nb == NULL)
				abort();
			buf = nb;
			cap *= 2;
		}
		size_t k = fread(buf + n, 1, cap - n, f);
		if (k == 0)
			break;
		n += k;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, errlen, "cannot read policy file %s", path);
		free(buf);
		return NULL;
	}
	struct policy *p = policy_load_text_ex(buf, n, path, operator_home, flags, err, errlen);
	free(buf);
	return p;
}

void policy_free(struct policy *p)
{
	if (p == NULL)
		return;
	temporal_set_free(&p->temporal);
	arena_free(&p->arena);
	free(p->warning);
	free(p);
}

size_t policy_rule_count(const struct policy *p)
{
	return p ? p->set.n : 0;
}

static int resolve_action(const char *action)
{
	if (action == NULL)
		return -1;
	size_t plen = strlen(BOX_ACTION_TYPE "::\"");
	size_t n = strlen(action);
	struct str name = { action, n };
	if (n > plen + 1 && strncmp(action, BOX_ACTION_TYPE "::\"", plen) == 0 && action[n - 1] == '"') {
		name.p = action + plen;
		name.n = n - plen - 1;
	}
	int a = box_action_index(name);
	return a >= 0 && !box_actions[a].reserved ? a : -1;
}

void policy_decision_clear(struct policy_decision *d)
{
	if (d == NULL)
		return;
	for (size_t i = 0; i < d->nrules; i++) {
		free(d->rules[i]);
		free(d->descriptions[i]);
	}
	for (size_t i = 0; i < d->nerrors; i++)
		free(d->errors[i]);
	free(d->rules);
	free(d->descriptions);
	free(d->errors);
	memset(d, 0, sizeof *d);
}

const char *policy_load_warning(const struct policy *p)
{
	return p ? p->warning : NULL;
}

int policy_has_temporal(const struct policy *p)
{
	return p != NULL && p->temporal.n > 0;
}

int64_t policy_max_window_s(const struct policy *p)
{
	int64_t w = 0;
	for (size_t i = 0; p && i < p->temporal.n; i++)
		if (p->temporal.leaves[i]->max_window_s > w)
			w = p->temporal.leaves[i]->max_window_s;
	return w;
}

const char *policy_rule_fingerprint(const struct policy *p, size_t i)
{
	return p && i < p->set.n ? p->fingerprints[i] : NULL;
}

static void outcome_actions_term(const struct tterm *t, unsigned *m);

/* The Box actions whose ::response or ::error events formula n reads. */
static void outcome_actions(const struct tnode *n, unsigned *m)
{
	if (n == NULL)
		return;
	if (n->kind == TN_PRED && n->event_kind && strcmp(n->event_kind, "request") != 0) {
		int a = n->action_id ? box_action_index(str_c(n->action_id)) : -1;
		if (a >= 0)
			*m |= 1u << a;
	}
	if (n->kind == TN_CMP) {
		outcome_actions_term(n->lhs, m);
		outcome_actions_term(n->rhs, m);
	}
	for (size_t i = 0; n->kind == TN_PRED && i < n->nfields; i++)
		outcome_actions_term(n->fields[i].term, m);
	outcome_actions(n->a, m);
	outcome_actions(n->b, m);
}

static void outcome_actions_term(const struct tterm *t, unsigned *m)
{
	if (t != NULL)
		outcome_actions(t->where, m);
}

unsigned policy_outcome_actions(const struct policy *p)
{
	unsigned m = 0;
	for (size_t i = 0; p && i < p->temporal.n; i++)
		outcome_actions(p->temporal.leaves[i]->root, &m);
	return m;
}

const char *policy_action_name(unsigned i)
{
	return i < BOX_NACTIONS ? box_actions[i].name : NULL;
}

int policy_rule_is_temporal(const struct policy *p, size_t i)
{
	for (size_t k = 0; p && k < p->temporal.n; k++)
		if (p->temporal.leaves[k]->rule == (int)i)
			return 1;
	return 0;
}

/* The first event of ev[0..n) that rule sees: the first with seq >= start
 * (events are in seq order). */
static size_t first_visible(const struct temporal_event *ev, size_t n, int64_t start)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ev[mid].seq < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

json_object *policy_entity_json(const char *type, const char *id)
{
	json_object *e = json_object_new_object(), *in = json_object_new_object();
	json_object_object_add(in, "type", json_object_new_string(type));
	json_object_object_add(in, "id", json_object_new_string(id));
	json_object_object_add(e, "__entity", in);
	return e;
}

json_object *policy_event_input(const char *action, json_object *input)
{
	json_object *out = json_object_new_object();
	int a = resolve_action(action);
	if (input == NULL || !json_object_is_type(input, json_type_object))
		return out;
	const struct stype *t = a >= 0 ? box_actions[a].input : NULL;
	json_object_object_foreach(input, key, val) {
		const struct stype *ft = NULL;
		for (size_t i = 0; t && t->k == ST_RECORD && i < t->nfields; i++)
			if (str_eq(t->fields[i].name, str_c(key)))
				ft = t->fields[i].type;
		if (ft && ft->k == ST_ENTITY && ft->enum_from_string && json_object_is_type(val, json_type_string)) {
			char type[64];
			snprintf(type, sizeof type, "%.*s", (int)ft->name.n, ft->name.p);
			json_object_object_add(out, key, policy_entity_json(type, json_object_get_string(val)));
		} else {
			json_object_object_add(out, key, json_object_get(val));
		}
	}
	return out;
}

/* The temporal leaves of the rules that can decide action a, evaluated at
 * the newest event of the history, as context entries (key: Bool).
 * Returns the number of entries, or -1 with err (an evaluation error). */
static int temporal_entries(const struct policy *p, int a, json_object *input, const struct temporal_event *ev,
                            size_t n, const int64_t *rule_start, struct arena *scratch, struct rec_entry **out,
                            char *err, size_t errlen)
{
	*out = NULL;
	if (!p->temporal.n)
		return 0;
	if (n == 0) {
		snprintf(err, errlen, "temporal evaluation: the history does not hold the request being decided");
		return -1;
	}
	struct rec_entry *e = arena_array(scratch, p->temporal.n, sizeof *e);
	int k = 0;
	json_object *ctx = json_object_new_object();
	/* enum fields as entities, as the history records them */
	json_object_object_add(ctx, "input", policy_event_input(box_actions[a].name, input));
	json_object *principal = policy_entity_json(BOX_PRINCIPAL_TYPE, BOX_PRINCIPAL_ID);
	json_object *resource = policy_entity_json(BOX_RESOURCE_TYPE, BOX_RESOURCE_ID);
	struct temporal_request rq = { ctx, principal, resource, NULL };
	int rc = 0;
	for (size_t i = 0; i < p->temporal.n && rc == 0; i++) {
		const struct temporal_leaf *leaf = p->temporal.leaves[i];
		int used = 0;
		for (size_t j = 0; j < p->nbucket[a]; j++)
			used |= p->bucket[a][j] == (size_t)leaf->rule;
		if (!used)
			continue;
		char msg[256];
		/* a rule added or changed since an event was recorded does not see it */
		size_t from = rule_start ? first_visible(ev, n, rule_start[leaf->rule]) : 0;
		int v = from < n ? temporal_leaf_eval(leaf, ev + from, n - 1 - from, &rq, msg, sizeof msg) : 0;
		if (v < 0) {
			snprintf(err, errlen, "%s", msg);
			rc = -1;
			break;
		}
		e[k].key = str_c(leaf->key);
		e[k].val = value_bool(v);
		k++;
	}
	json_object_put(ctx);
	json_object_put(principal);
	json_object_put(resource);
	*out = e;
	return rc < 0 ? -1 : k;
}

static int decide_with(const struct policy *p, const char *action, json_object *input,
                       const struct temporal_event *ev, size_t nev, const int64_t *rule_start,
                       struct policy_decision *out, char *err, size_t errlen);

int policy_decide(const struct policy *p, const char *action, json_object *input,
                  struct policy_decision *out, char *err, size_t errlen)
{
	return decide_with(p, action, input, NULL, 0, NULL, out, err, errlen);
}

int policy_decide_history(const struct policy *p, const char *action, json_object *input,
                          const struct temporal_event *events, size_t n,
                          struct policy_decision *out, char *err, size_t errlen)
{
	return decide_with(p, action, input, events, n, NULL, out, err, errlen);
}

int policy_decide_history_from(const struct policy *p, const char *action, json_object *input,
                               const struct temporal_event *events, size_t n, const int64_t *rule_start_seq,
                               struct policy_decision *out, char *err, size_t errlen)
{
	return decide_with(p, action, input, events, n, rule_start_seq, out, err, errlen);
}

/* What every decision does first: check the action and the input, and
 * convert the input.  -1 (err), 0 (decided: no policy), or 1 to go on with
 * *a, *scratch (initialised; the caller frees it) and *in. */
static int decide_prologue(const struct policy *p, const char *action, json_object *input,
                           struct policy_decision *out, int *ap, struct arena *scratchp,
                           const struct value **inp, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	int a = resolve_action(action);
	if (a < 0) {
		snprintf(err, errlen, "unknown action \"%s\"; the actions are fs:read, fs:write, fs:delete, "
		         "fs:move, net:connect, http:request and shell:exec", action ? action : "(null)");
		return -1;
	}
	if (input != NULL && !json_object_is_type(input, json_type_object)) {
		snprintf(err, errlen, "the input of %s must be a JSON object", box_actions[a].name);
		return -1;
	}
	out->cause = "no_match";
	if (p == NULL)
		return 0;
	arena_init(scratchp);
	if (input == NULL) {
		*inp = value_record(scratchp, NULL, 0);
	} else {
		const struct jnode *j = json_from_c(scratchp, input);
		if ((*inp = json_to_value(scratchp, j, NULL, box_actions[a].input, err, errlen)) == NULL) {
			arena_free(scratchp);
			return -1;
		}
	}
	*ap = a;
	return 1;
}

/* What every decision does last: run Cedar on req and fill out; frees scratch. */
static void authorize_into(const struct policy *p, int a, const struct request *req, struct arena *scratch,
                           struct policy_decision *out)
{
	struct auth_result res;
	authorize(p->set.rules, p->bucket[a], p->nbucket[a], req, NULL, scratch, &res);
	out->allow = res.allow;
	out->cause = res.allow ? "permitted" : res.ndetermining ? "forbidden" : "no_match";
	out->rules = xcalloc(res.ndetermining, sizeof *out->rules);
	out->descriptions = xcalloc(res.ndetermining, sizeof *out->descriptions);
	out->nrules = res.ndetermining;
	for (size_t i = 0; i < res.ndetermining; i++) {
		const struct rule *r = &p->set.rules[res.determining[i]];
		out->rules[i] = xstrdup(p->ids[res.determining[i]]);
		out->descriptions[i] = r->description ? xstrdup(r->description) : NULL;
	}
	out->errors = xcalloc(res.nerrors, sizeof *out->errors);
	out->nerrors = res.nerrors;
	for (size_t i = 0; i < res.nerrors; i++) {
		const char *id = p->ids[res.errors[i]];
		size_t len = strlen(id) + strlen(res.messages[i]) + 3;
		out->errors[i] = xcalloc(len, 1);
		snprintf(out->errors[i], len, "%s: %s", id, res.messages[i]);
	}
	auth_result_free(&res);
	arena_free(scratch);
}

static int decide_with(const struct policy *p, const char *action, json_object *input,
                       const struct temporal_event *ev, size_t nev, const int64_t *rule_start,
                       struct policy_decision *out, char *err, size_t errlen)
{
	int a;
	const struct value *in;
	struct arena scratch;
	int go = decide_prologue(p, action, input, out, &a, &scratch, &in, err, errlen);
	if (go <= 0)
		return go;
	struct rec_entry *leaves;
	char terr[300];
	int nleaves = temporal_entries(p, a, input, ev, nev, rule_start, &scratch, &leaves, terr, sizeof terr);
	if (nleaves < 0) {
		/* a temporal evaluation error denies (dogwood.md 4.7) */
		out->allow = 0;
		out->cause = "no_match";
		out->errors = xcalloc(1, sizeof *out->errors);
		size_t len = strlen(terr) + 1;
		out->errors[0] = xcalloc(len, 1);
		memcpy(out->errors[0], terr, len);
		out->nerrors = 1;
		arena_free(&scratch);
		return 0;
	}
	struct rec_entry *ctx_entry = arena_array(&scratch, (size_t)nleaves + 1, sizeof *ctx_entry);
	ctx_entry[0].key = str_c("input");
	ctx_entry[0].val = in;
	for (int i = 0; i < nleaves; i++)
		ctx_entry[i + 1] = leaves[i];
	struct request req = { p->principal, p->action[a], p->resource,
	                       value_record(&scratch, ctx_entry, (size_t)nleaves + 1) };
	authorize_into(p, a, &req, &scratch, out);
	return 0;
}

/* --- text --- */

struct sbuf {
	char *p;
	size_t n, cap;
};

static void sb_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap : 128;
		while (ncap < b->n + n + 1)
			ncap *= 2;
		char *np = realloc(b->p, ncap);
		if (np == NULL)
			abort();
		b->p = np;
		b->cap = ncap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void sb_puts(struct sbuf *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

/* Rust's str::escape_debug for the subject: quotes, backslash and
 * control characters escaped; other text kept. */
static void escape_subject(struct sbuf *b, const char *s)
{
	size_t start = b->n;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		char tmp[16];
		if (b->n - start >= SUBJECT_CAP) {
			/* do not cut a UTF-8 sequence */
			while (b->n > start && ((unsigned char)b->p[b->n - 1] & 0xC0) == 0x80)
				b->n--;
			if (b->n > start && (unsigned char)b->p[b->n - 1] >= 0xC0)
				b->n--;
			b->p[b->n] = 0;
			sb_puts(b, "...");
			return;
		}
		switch (*c) {
		case '\t': sb_puts(b, "\\t"); break;
		case '\r': sb_puts(b, "\\r"); break;
		case '\n': sb_puts(b, "\\n"); break;
		case '\\': sb_puts(b, "\\\\"); break;
		case '\'': sb_puts(b, "\\'"); break;
		case '"': sb_puts(b, "\\\""); break;
		default:
			if (*c < 0x20 || *c == 0x7f) {
				snprintf(tmp, sizeof tmp, "\\u{%x}", *c);
				sb_puts(b, tmp);
			} else {
				sb_put(b, (const char *)c, 1);
			}
		}
	}
}

char *policy_denial_text(const struct policy_decision *d, const char *subject)
{
	if (d == NULL || d->allow)
		return NULL;
	struct sbuf b = { NULL, 0, 0 };
	sb_puts(&b, "policy denied this operation on '");
	escape_subject(&b, subject ? subject : "");
	sb_puts(&b, "'");
	if (d->nrules == 0) {
		sb_puts(&b, " [default-deny]: No permit policy matched this request.");
	} else {
		for (size_t i = 0; i < d->nrules; i++) {
			sb_puts(&b, i ? "; [policy: " : " [policy: ");
			sb_puts(&b, d->rules[i]);
			sb_puts(&b, "]");
			if (d->descriptions && d->descriptions[i] && d->descriptions[i][0]) {
				sb_puts(&b, ": ");
				sb_puts(&b, d->descriptions[i]);
			}
		}
		char last = b.p[b.n - 1];
		if (last != '.' && last != '!' && last != '?')
			sb_puts(&b, ".");
	}
	if (b.n > MESSAGE_CAP) {
		size_t cut = MESSAGE_CAP - 3;
		while (cut > 0 && ((unsigned char)b.p[cut] & 0xC0) == 0x80)
			cut--;
		b.n = cut;
		b.p[b.n] = 0;
		sb_puts(&b, "...");
	}
	return b.p;
}

static const char *input_string(json_object *input, const char *key)
{
	json_object *v;
	if (input && json_object_object_get_ex(input, key, &v) && json_object_is_type(v, json_type_string))
		return json_object_get_string(v);
	return NULL;
}

char *policy_request_subject(const char *action, json_object *input)
{
	int a = resolve_action(action);
	const char *name = a >= 0 ? box_actions[a].name : action ? action : "";
	struct sbuf b = { NULL, 0, 0 };
	json_object *port = NULL;
	if (input && json_object_is_type(input, json_type_object))
		json_object_object_get_ex(input, "port", &port);
	if (a >= 0 && a <= 3) {
		const char *path = input_string(input, "path");
		sb_puts(&b, path ? path : "");
	} else if (a == 6) {
		const char *prog = input_string(input, "program");
		sb_puts(&b, prog ? prog : "");
	} else if (a == 4 || a == 5) {
		const char *host = input_string(input, "host");
		sb_puts(&b, host ? host : "");
		if (port) {
			sb_puts(&b, ":");
			sb_puts(&b, json_object_get_string(port));
		}
		const char *path = a == 5 ? input_string(input, "path") : NULL;
		if (path)
			sb_puts(&b, path);
	} else {
		sb_puts(&b, name);
	}
	if (b.p == NULL)
		sb_puts(&b, "");
	return b.p;
}

char *policy_decide_json(const struct policy *p, const char *request_json, char *err, size_t errlen)
{
	return policy_decide_json_via(p, request_json, NULL, NULL, err, errlen);
}

char *policy_decide_json_via(const struct policy *p, const char *request_json, policy_decide_fn decide_fn,
                             void *arg, char *err, size_t errlen)
{
	json_tokener *tok = json_tokener_new();
	if (tok == NULL)
		abort();
	json_object *req = json_tokener_parse_ex(tok, request_json ? request_json : "",
	                                         request_json ? (int)strlen(request_json) : 0);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	json_tokener_free(tok);
	if (req == NULL || jerr != json_tokener_success) {
		snprintf(err, errlen, "--decide: the request is not valid JSON: %s",
		         req ? "trailing data"
		         : jerr == json_tokener_continue ? "unexpected end of input"
		                                         : json_tokener_error_desc(jerr));
		json_object_put(req);
		return NULL;
	}
	json_object *jaction, *input = NULL;
	if (!json_object_is_type(req, json_type_object) ||
	    !json_object_object_get_ex(req, "action", &jaction) ||
	    !json_object_is_type(jaction, json_type_string)) {
		snprintf(err, errlen, "--decide: the request must be an object with a string \"action\" "
		         "and an object \"input\", e.g. {\"action\":\"fs:read\",\"input\":{\"path\":\"~/x\","
		         "\"operation\":\"read_content\"}}");
		json_object_put(req);
		return NULL;
	}
	json_object_object_get_ex(req, "input", &input);
	struct policy_decision d;
	char derr[512];
	int rc = decide_fn ? decide_fn(arg, json_object_get_string(jaction), input, &d, derr, sizeof derr)
	                   : policy_decide(p, json_object_get_string(jaction), input, &d, derr, sizeof derr);
	if (rc != 0) {
		snprintf(err, errlen, "--decide: %s", derr);
		json_object_put(req);
		return NULL;
	}
	json_object *out = json_object_new_object();
	json_object_object_add(out, "decision", json_object_new_string(d.allow ? "allow" : "deny"));
	json_object_object_add(out, "cause", json_object_new_string(d.cause));
	json_object *rules = json_object_new_array();
	for (size_t i = 0; i < d.nrules; i++)
		json_object_array_add(rules, json_object_new_string(d.rules[i]));
	json_object_object_add(out, "rules", rules);
	if (d.allow) {
		json_object_object_add(out, "reason", NULL);
	} else {
		char *subject = policy_request_subject(json_object_get_string(jaction), input);
		char *text = policy_denial_text(&d, subject);
		json_object_object_add(out, "reason", json_object_new_string(text));
		free(text);
		free(subject);
	}
	json_object *errors = json_object_new_array();
	for (size_t i = 0; i < d.nerrors; i++)
		json_object_array_add(errors, json_object_new_string(d.errors[i]));
	json_object_object_add(out, "errors", errors);
	char *s = xstrdup(json_object_to_json_string_ext(out, JSON_C_TO_STRING_PLAIN |
	                                                 JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(out);
	json_object_put(req);
	policy_decision_clear(&d);
	return s;
}

/* --- what an incremental temporal monitor (monitor.c) needs --- */

int64_t policy_history_reach_s(const struct policy *p)
{
	int64_t w = 0;
	for (size_t i = 0; p && i < p->temporal.n; i++) {
		int64_t r = temporal_leaf_reach_s(p->temporal.leaves[i]);
		if (r > w)
			w = r;
	}
	return w;
}

const struct temporal_set *policy_temporal_set(const struct policy *p)
{
	return p ? &p->temporal : NULL;
}

int policy_leaf_decides(const struct policy *p, size_t leaf, const char *action)
{
	int a = resolve_action(action);
	if (a < 0)
		return -1;
	if (!p || leaf >= p->temporal.n)
		return 0;
	for (size_t j = 0; j < p->nbucket[a]; j++)
		if (p->bucket[a][j] == (size_t)p->temporal.leaves[leaf]->rule)
			return 1;
	return 0;
}

int policy_decide_leaf_values(const struct policy *p, const char *action, json_object *input,
                              const signed char *leaf_values, const char *temporal_error,
                              struct policy_decision *out, char *err, size_t errlen)
{
	int a;
	const struct value *in;
	struct arena scratch;
	int go = decide_prologue(p, action, input, out, &a, &scratch, &in, err, errlen);
	if (go <= 0)
		return go;
	if (temporal_error) {
		/* a temporal evaluation error denies (dogwood.md 4.7) */
		out->errors = xcalloc(1, sizeof *out->errors);
		out->errors[0] = xstrdup(temporal_error);
		out->nerrors = 1;
		arena_free(&scratch);
		return 0;
	}
	/* the context: input, then each leaf the action's rules use, in leaf order */
	struct rec_entry *ctx_entry = arena_array(&scratch, p->temporal.n + 1, sizeof *ctx_entry);
	size_t nctx = 0;
	ctx_entry[nctx].key = str_c("input");
	ctx_entry[nctx++].val = in;
	unsigned char *decides = p->temporal.n ? arena_array(&scratch, p->set.n, 1) : NULL;
	for (size_t j = 0; decides && j < p->nbucket[a]; j++)
		decides[p->bucket[a][j]] = 1;
	for (size_t i = 0; i < p->temporal.n; i++) {
		int r = p->temporal.leaves[i]->rule;
		if (r < 0 || (size_t)r >= p->set.n || !decides[r])
			continue;
		ctx_entry[nctx].key = str_c(p->temporal.leaves[i]->key);
		ctx_entry[nctx++].val = value_bool(leaf_values && leaf_values[i] > 0);
	}
	struct request req = { p->principal, p->action[a], p->resource, value_record(&scratch, ctx_entry, nctx) };
	authorize_into(p, a, &req, &scratch, out);
	return 0;
}
