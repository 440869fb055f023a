/* tests/fuzz/fuzz_json.c -- libFuzzer target of the JSON cores: scans
 * arbitrary text with json_loads (strict and not, small depth limits),
 * checks that events nest properly and that an error carries a position
 * inside the input, then escapes the input both ways and round-trips an
 * escaped string through the scanner. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/json/json_scan.h"
#include "worker/modules/json/json_escape.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

struct nest {
	long depth;
	const char *s;
	size_t len;
	char *last;
	size_t last_len;
};

static int open_c(void *c) { ((struct nest *)c)->depth++; return 0; }
static int close_c(void *c) { struct nest *n = c; CHECK(n->depth > 0); n->depth--; return 0; }
static int str_c(void *c, const char *s, size_t len)
{
	struct nest *n = c;
	free(n->last);
	n->last = malloc(len + 1);
	CHECK(n->last != NULL);
	memcpy(n->last, s, len);
	n->last_len = len;
	return 0;
}
static int num_c(void *c, const char *t, size_t len, int f)
{
	struct nest *n = c;
	(void)f;
	CHECK(t >= n->s && t + len <= n->s + n->len && len > 0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct nest n = { 0, s, size, NULL, 0 };
	struct json_events ev = { &n, open_c, str_c, close_c, open_c, close_c, str_c, num_c, NULL };
	struct core_error err;

	for (int strict = 0; strict < 2; strict++) {
		struct json_options opt = { strict, strict ? 0 : 8 };
		n.depth = 0;
		int rc = json_loads(s, size, &opt, &ev, &err);
		if (rc == 0)
			CHECK(n.depth == 0);
		else if (strcmp(err.type, "json.JSONDecodeError") == 0)
			CHECK(err.pos >= 0 && (size_t)err.pos <= size && err.lineno >= 1 && err.colno >= 1);
	}
	char *text = NULL;
	size_t tlen;
	if (json_bytes_to_text(data, size, &text, &tlen, &err) == 0)
		free(text);

	/* escape -> scan must give the input back (for valid WTF-8 input) */
	for (int ascii = 0; ascii < 2; ascii++) {
		struct text_buf b = TEXT_BUF_INIT;
		CHECK(json_escape_string(&b, s, size, ascii) == 0);
		char *out;
		size_t olen, end;
		if (json_scanstring(b.data, b.len, 1, 1, &out, &olen, &end, &err) == 0) {
			CHECK(end == b.len);
			free(out);
		}
		text_buf_free(&b);
	}
	free(n.last);
	return 0;
}
