/* broker/effects/gate_record.c -- the gate's event records and their
 * texts (see gate_record.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/effects/gate_record.h"
#include "broker/policy/policy.h"

static void text_put(struct gate_text *t, const char *s, size_t n)
{
	if (t->cap - t->len < n + 1) {
		size_t cap = t->cap ? t->cap : 512;
		while (cap - t->len < n + 1)
			cap *= 2;
		char *p = realloc(t->p, cap);
		if (p == NULL) {
			fputs("box-broker: out of memory\n", stderr);
			abort();
		}
		t->p = p;
		t->cap = cap;
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
	t->p[t->len] = '\0';
}

static void text_lit(struct gate_text *t, const char *s)
{
	text_put(t, s, strlen(s));
}

/* t = o's plain JSON text. */
static void text_of(struct gate_text *t, json_object *o)
{
	size_t n = 0;
	const char *s = json_object_to_json_string_length(o, JSON_C_TO_STRING_PLAIN, &n);
	if (s == NULL) {
		fputs("box-broker: out of memory\n", stderr);
		abort();
	}
	t->len = 0;
	text_put(t, s, n);
}

/* "-<n>" into buf (at least 24 bytes), NUL-terminated; its length. */
static size_t dash_number(char *buf, int64_t n)
{
	char digits[24];
	size_t k = 0;
	uint64_t u = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
	do
		digits[k++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	size_t len = 0;
	buf[len++] = '-';
	if (n < 0)
		buf[len++] = '-';
	while (k)
		buf[len++] = digits[--k];
	buf[len] = '\0';
	return len;
}

static void text_free(struct gate_text *t)
{
	free(t->p);
	memset(t, 0, sizeof *t);
}

void gate_records_init(struct gate_records *r, const char *session)
{
	memset(r, 0, sizeof *r);
	snprintf(r->session, sizeof r->session, "%s", session ? session : "decide");
}

void gate_records_free(struct gate_records *r)
{
	json_object_put(r->principal);
	json_object_put(r->resource);
	json_object_put(r->session_id);
	json_object_put(r->shared_input);
	json_object_put(r->shared_id);
	text_free(&r->principal_text);
	text_free(&r->resource_text);
	text_free(&r->session_text);
	text_free(&r->shared_input_text);
	text_free(&r->text);
	for (int i = 0; i < GATE_FAILED; i++) {
		json_object_put(r->fs_output[i]);
		text_free(&r->fs_output_text[i]);
	}
}

static json_object *make_output(const char *action, enum gate_result result, long long status)
{
	json_object *output = json_object_new_object();
	if (strncmp(action, "fs:", 3) == 0)
		json_object_object_add(output, "result",
		                       policy_entity_json("Box::FsResponseResult", result == GATE_COMPLETED ? "completed"
		                                          : result == GATE_DESCRIPTOR_ISSUED           ? "descriptor_issued"
		                                                                                       : "indeterminate"));
	if (status >= 0)
		json_object_object_add(output, "status", json_object_new_int64(status));
	return output;
}

json_object *gate_record_output(struct gate_records *r, const char *action, enum gate_result result, long long status,
                                const struct gate_text **text)
{
	*text = NULL;
	if (result == GATE_FAILED)
		return NULL;
	if (strncmp(action, "fs:", 3) != 0 || status >= 0 || result < 0 || result >= GATE_FAILED)
		return make_output(action, result, status);
	if (!r->fs_output[result]) {
		r->fs_output[result] = make_output(action, result, status);
		text_of(&r->fs_output_text[result], r->fs_output[result]);
	}
	*text = &r->fs_output_text[result];
	return json_object_get(r->fs_output[result]);
}

json_object *gate_record_build(struct gate_records *g, int64_t request_seq, const char *action, json_object *input,
                               json_object *output, const struct gate_text *output_text, enum gate_share share)
{
	if (!g->principal) {
		g->principal = policy_entity_json("Box::Agent", "self");
		g->resource = policy_entity_json("Box::Resource", "unused");
		g->session_id = json_object_new_string(g->session);
		text_of(&g->principal_text, g->principal);
		text_of(&g->resource_text, g->resource);
		text_of(&g->session_text, g->session_id);
	}
	json_object *r = json_object_new_object(), *ev_input, *id;
	struct gate_text own = {0}, *input_text = &own;
	if (share == GATE_SHARE_OUTCOME && g->shared_input && g->shared_seq == request_seq) {
		ev_input = json_object_get(g->shared_input);
		id = json_object_get(g->shared_id);
		input_text = &g->shared_input_text;
	} else {
		char text[sizeof g->session + 24];
		size_t n = strlen(g->session);
		memcpy(text, g->session, n);
		dash_number(text + n, request_seq);
		ev_input = policy_event_input(action, input);
		id = json_object_new_string(text);
		if (share == GATE_SHARE_REQUEST) {
			json_object_put(g->shared_input);
			json_object_put(g->shared_id);
			g->shared_seq = request_seq;
			g->shared_input = json_object_get(ev_input);
			g->shared_id = json_object_get(id);
			input_text = &g->shared_input_text;
		}
		text_of(input_text, ev_input);
	}
	json_object_object_add(r, "input", ev_input);
	struct gate_text *t = &g->text;
	t->len = 0;
	text_lit(t, "{\"input\":");
	text_put(t, input_text->p, input_text->len);
	text_free(&own);
	if (output) {
		json_object_object_add(r, "output", output);
		struct gate_text made = {0};
		if (!output_text) {
			text_of(&made, output);
			output_text = &made;
		}
		text_lit(t, ",\"output\":");
		text_put(t, output_text->p, output_text->len);
		text_free(&made);
	}
	json_object_object_add(r, "callerPrincipal", json_object_get(g->principal));
	json_object_object_add(r, "callerResource", json_object_get(g->resource));
	json_object_object_add(r, "requestId", id);
	json_object_object_add(r, "sessionId", json_object_get(g->session_id));
	text_lit(t, ",\"callerPrincipal\":");
	text_put(t, g->principal_text.p, g->principal_text.len);
	text_lit(t, ",\"callerResource\":");
	text_put(t, g->resource_text.p, g->resource_text.len);
	/* the id is the session's text with "-seq" before its closing quote
	 * (neither the dash nor digits are escaped) */
	char seq[24];
	size_t seqlen = dash_number(seq, request_seq);
	text_lit(t, ",\"requestId\":");
	text_put(t, g->session_text.p, g->session_text.len - 1);
	text_put(t, seq, seqlen);
	text_lit(t, "\"");
	text_lit(t, ",\"sessionId\":");
	text_put(t, g->session_text.p, g->session_text.len);
	text_lit(t, "}");
	return r;
}
