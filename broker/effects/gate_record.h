/* broker/effects/gate_record.h -- the logged fields of the gate's events
 * (dogwood.md 4.6, the default schema), as the json-c object the temporal
 * monitor reads and as the JSON text the history stores.
 *
 * A record is {"input", ["output",] "callerPrincipal", "callerResource",
 * "requestId", "sessionId"}.  Its text is put together from parts
 * serialised once: the principal, the resource and the session for the
 * whole run, a request's input for the request and its outcome; the text
 * is byte for byte what json_object_to_json_string_ext(record,
 * JSON_C_TO_STRING_PLAIN) writes, without serialising the record again. */
#ifndef BOX_EFFECTS_GATE_RECORD_H
#define BOX_EFFECTS_GATE_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "broker/effects/gate.h"

struct gate_text {
	char *p;
	size_t len, cap;
};

struct gate_records {
	char session[64];
	/* Shared by every record (json-c objects are counted references; the
	 * monitor keeps the records of its window, and these are most of
	 * their objects), and their texts. */
	json_object *principal, *resource, *session_id;
	struct gate_text principal_text, resource_text, session_text;
	/* The newest decided request's input and id, and the input's text:
	 * its outcome's record shares them. */
	int64_t shared_seq;
	json_object *shared_input, *shared_id;
	struct gate_text shared_input_text;
	/* The outputs of the fs:* outcomes (by enum gate_result), made once. */
	json_object *fs_output[GATE_FAILED];
	struct gate_text fs_output_text[GATE_FAILED];
	/* The text of the record gate_record_build made last. */
	struct gate_text text;
};

void gate_records_init(struct gate_records *, const char *session);
void gate_records_free(struct gate_records *);

enum gate_share {
	GATE_SHARE_NONE,        /* a record of its own */
	GATE_SHARE_REQUEST,     /* a decided request: its input and id are kept for its outcome */
	GATE_SHARE_OUTCOME,     /* an outcome: its request's are used when they are the newest kept */
};

/* The output of an outcome (NULL for GATE_FAILED: an A::error has none),
 * a new reference; *text: its text when it is one made once (else NULL).
 * status >= 0: output.status. */
json_object *gate_record_output(struct gate_records *, const char *action, enum gate_result result, long long status,
                                const struct gate_text **text);

/* The record of the event of request request_seq (takes output, may be
 * NULL; output_text: its text, NULL: serialised here); its text in
 * r->text until the next call. */
json_object *gate_record_build(struct gate_records *, int64_t request_seq, const char *action, json_object *input,
                               json_object *output, const struct gate_text *output_text, enum gate_share share);

#endif
