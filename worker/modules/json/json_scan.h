/* json_scan.h -- JSON decoder core equivalent to CPython 3.11's json.decoder / _json.c scanner.
 *
 * The input is a Python str as UTF-8 (lone surrogates as 3-byte WTF-8).  The
 * scanner reports what it reads through callbacks (the caller builds dicts,
 * lists and applies object_hook / parse_int / parse_float); errors carry
 * CPython's exact JSONDecodeError message and its pos (code points), lineno
 * and colno.  It runs in linear time with an explicit stack (no C
 * recursion); nesting deeper than max_depth raises RecursionError with
 * CPython's text.  Values inside an object arrive as: key, then the value
 * events.  */
#ifndef BOX_MODCORE2_JSON_SCAN_H
#define BOX_MODCORE2_JSON_SCAN_H

#include <stddef.h>
#include "worker/modules/core_error.h"

enum json_const {
	JSON_NULL, JSON_TRUE, JSON_FALSE, JSON_NAN, JSON_INFINITY, JSON_NEG_INFINITY
};

/* Every callback returns 0 to go on, non-zero to abort (the scan then
 * returns -1 with err->type == CORE_ERR_CALLBACK).  Any may be NULL. */
struct json_events {
	void *ctx;
	int (*begin_object)(void *ctx);
	int (*key)(void *ctx, const char *utf8, size_t len);
	int (*end_object)(void *ctx);
	int (*begin_array)(void *ctx);
	int (*end_array)(void *ctx);
	int (*string)(void *ctx, const char *utf8, size_t len);
	/* The literal text; is_float as CPython decides (a fraction or an
	 * exponent present): call float()/parse_float, else int()/parse_int. */
	int (*number)(void *ctx, const char *text, size_t len, int is_float);
	int (*constant)(void *ctx, enum json_const c);
};

#define JSON_DEFAULT_MAX_DEPTH 1000

struct json_options {
	int strict;		/* 1 (default): control characters refused in strings */
	int max_depth;		/* <= 0: JSON_DEFAULT_MAX_DEPTH */
};

/* json.loads(str): whole document, leading/trailing whitespace allowed,
 * "Extra data" after the value, "Unexpected UTF-8 BOM" when s starts with
 * U+FEFF. */
int json_loads(const char *s, size_t len, const struct json_options *opt,
	       const struct json_events *ev, struct core_error *err);

/* JSONDecoder.raw_decode(s, idx): scans one value starting at byte offset
 * `start` (no leading whitespace skipped); *end_out gets the byte offset
 * after it. */
int json_raw_decode(const char *s, size_t len, size_t start, const struct json_options *opt,
		    const struct json_events *ev, size_t *end_out, struct core_error *err);

/* json.decoder.scanstring(s, end, strict): decodes the string body starting
 * at byte offset `start` (just after the opening quote) into a malloc'd
 * UTF-8 buffer (*out, *outlen, caller frees); *end_out is the byte offset
 * after the closing quote. */
int json_scanstring(const char *s, size_t len, size_t start, int strict,
		    char **out, size_t *outlen, size_t *end_out, struct core_error *err);

/* Fills err as JSONDecodeError(msg, s, byte_pos): pos/lineno/colno and
 * "msg: line L column C (char P)". */
int json_decode_error(struct core_error *err, const char *msg, const char *s, size_t len,
		      size_t byte_pos);

/* json.detect_encoding(b): "utf-8", "utf-8-sig", "utf-16", "utf-16-be",
 * "utf-16-le", "utf-32", "utf-32-be" or "utf-32-le". */
const char *json_detect_encoding(const unsigned char *b, size_t len);

/* json.loads(bytes): decodes with the detected encoding ('surrogatepass')
 * into a malloc'd WTF-8 buffer (*out, *outlen) for json_loads.  A bad byte
 * sequence gives UnicodeDecodeError with CPython's message. */
int json_bytes_to_text(const unsigned char *b, size_t len, char **out, size_t *outlen,
		       struct core_error *err);

#endif
