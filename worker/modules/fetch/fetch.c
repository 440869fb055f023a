/* worker/modules/fetch/fetch.c -- the fetch() builtin: the script's side of one
 * HTTP request through the box's egress gateway (strands-box.md 2.9).
 *
 * fetch(url, method="GET", headers=None, body=None) checks its arguments
 * with the digest's exact TypeError texts (nothing is sent then), turns them
 * into one "fetch" request (broker/effects/ops.h: url, method, headers,
 * body flag + the body bytes; a str body is sent as UTF-8), and returns the
 * broker's answer as {"status": int, "headers": {lowercase: str}, "body":
 * str}.  The broker does everything else: the URL floor, the net:connect
 * and http:request decisions, the transfer with libcurl, the 1 MiB body cap
 * and the header joining (", ", set-cookie with "\n"); its refusals arrive
 * as the OSError it names.  The body is decoded as lossy UTF-8 (invalid
 * bytes become U+FFFD), as the digest says: fetch() has no bytes mode. */
#include "config.h"

#include <string.h>

#include <json-c/json.h>

#include "common/protocol.h"
#include "worker/host/hostcall.h"
#include "worker/runtime/runtime.h"
#include "worker/text/text_codec.h"

void fetch_register(Dict *builtins);

Value text_error_raise(struct text_error *e, const char *obj, size_t n, bool encode);

enum { A_URL, A_METHOD, A_HEADERS, A_BODY, A_N };
static const char *const arg_names[A_N] = {"url", "method", "headers", "body"};

/* Positional and keyword arguments into out[], with the digest's texts. */
static bool fetch_args(const Value *args, size_t nargs, Tuple *kw, Value *out)
{
	for (size_t i = 0; i < A_N; i++)
		out[i] = v_null();
	if (nargs > A_N) {
		err_format(Exc_TypeError, "fetch() takes at most 4 positional arguments but %zu were given",
			   nargs);
		return false;
	}
	for (size_t i = 0; i < nargs; i++)
		out[i] = args[i];
	size_t nkw = kw ? kw->n : 0;
	for (size_t k = 0; k < nkw; k++) {
		if (!IS_STR(kw->items[k])) {
			err_set_str(Exc_TypeError, "fetch() keyword arguments must be strings");
			return false;
		}
		Str *key = AS_STR(kw->items[k]);
		size_t i;
		for (i = 0; i < A_N; i++)
			if (key->nbytes == strlen(arg_names[i]) && strcmp(key->data, arg_names[i]) == 0)
				break;
		if (i == A_N) {
			err_format(Exc_TypeError, "fetch() got an unexpected keyword argument '%s'", key->data);
			return false;
		}
		if (!IS_NULL(out[i])) {
			err_format(Exc_TypeError, "fetch() got multiple values for argument '%s'", arg_names[i]);
			return false;
		}
		out[i] = args[nargs + k];
	}
	return true;
}

/* A str as strict UTF-8 text for the request (no lone surrogates: the
 * frame must be well-formed UTF-8) with no NUL byte.  NULL with an
 * exception set. */
static const char *wire_text(Str *s)
{
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error te;
	memset(&te, 0, sizeof te);
	if (!s->ascii && text_encode(TEXT_CODEC_UTF8, s->data, s->nbytes, NULL, 0, &b, &te) != 0) {
		text_buf_free(&b);
		text_error_raise(&te, s->data, s->nbytes, true);
		return NULL;
	}
	text_buf_free(&b);
	if (memchr(s->data, '\0', s->nbytes) != NULL) {
		err_set_str(Exc_ValueError, "embedded null byte");
		return NULL;
	}
	return s->data;
}

static bool is_bytes(Value v)
{
	return v.tag == V_OBJ && (v.u.o->type == &bytes_type || type_is_subtype(v.u.o->type, &bytes_type));
}

/* The request JSON; *body_p / *body_n point into the script's bytes or
 * into *enc (a str body as UTF-8, freed by the caller).  NULL with an
 * exception set. */
static json_object *build_request(const Value *a, struct text_buf *enc, const void **body_p,
				  size_t *body_n)
{
	if (IS_NULL(a[A_URL]))
		return err_set_str(Exc_TypeError, "fetch() takes a url string"), NULL;
	if (!IS_STR(a[A_URL]))
		return err_set_str(Exc_TypeError, "fetch() url must be a string"), NULL;
	Value m = a[A_METHOD];
	if (!IS_NULL(m) && !IS_NONE(m) && !IS_STR(m))
		return err_set_str(Exc_TypeError, "fetch() method must be a string"), NULL;
	Value h = a[A_HEADERS];
	if (!IS_NULL(h) && !IS_NONE(h)) {
		if (!IS_DICT(h))
			return err_set_str(Exc_TypeError, "fetch() headers must be a dict"), NULL;
		size_t pos = 0;
		Value k, v;
		while (dict_next(AS_DICT(h), &pos, &k, &v))
			if (!IS_STR(k) || !IS_STR(v))
				return err_set_str(Exc_TypeError, "fetch() headers must be a {str: str} dict"),
				       NULL;
	}
	Value body = a[A_BODY];
	bool has_body = !IS_NULL(body) && !IS_NONE(body);
	if (has_body && !IS_STR(body) && !is_bytes(body))
		return err_set_str(Exc_TypeError, "fetch() body must be str or bytes"), NULL;

	/* The arguments are well typed: now their contents. */
	json_object *req = json_object_new_object();
	const char *url = wire_text(AS_STR(a[A_URL]));
	if (url == NULL)
		goto fail;
	json_object_object_add(req, "op", json_object_new_string("fetch"));
	json_object_object_add(req, "url", json_object_new_string_len(url, (int)AS_STR(a[A_URL])->nbytes));
	if (!IS_NULL(m) && !IS_NONE(m)) {
		const char *ms = wire_text(AS_STR(m));
		if (ms == NULL)
			goto fail;
		json_object_object_add(req, "method", json_object_new_string(ms));
	}
	if (!IS_NULL(h) && !IS_NONE(h)) {
		json_object *hj = json_object_new_object();
		json_object_object_add(req, "headers", hj);
		size_t pos = 0;
		Value k, v;
		while (dict_next(AS_DICT(h), &pos, &k, &v)) {
			const char *ks = wire_text(AS_STR(k)), *vs = ks ? wire_text(AS_STR(v)) : NULL;
			if (vs == NULL)
				goto fail;
			json_object_object_add(hj, ks, json_object_new_string(vs));
		}
	}
	*body_p = NULL;
	*body_n = 0;
	if (has_body) {
		json_object_object_add(req, "body", json_object_new_boolean(1));
		if (IS_STR(body)) {
			Str *s = AS_STR(body);
			struct text_error te;
			memset(&te, 0, sizeof te);
			if (text_encode(TEXT_CODEC_UTF8, s->data, s->nbytes, NULL, 0, enc, &te) != 0) {
				text_error_raise(&te, s->data, s->nbytes, true);
				goto fail;
			}
			*body_p = enc->data;
			*body_n = enc->len;
		} else {
			*body_p = ((Bytes *)body.u.o)->data;
			*body_n = ((Bytes *)body.u.o)->n;
		}
	}
	size_t jlen = strlen(json_object_to_json_string_ext(req, JSON_C_TO_STRING_PLAIN));
	if (jlen > BOX_FRAME_MAX_JSON - 64) {
		err_format(Exc_OSError, "fetch() url and headers exceed the %u-byte limit",
			   BOX_FRAME_MAX_JSON - 64);
		goto fail;
	}
	if (*body_n > BOX_FRAME_MAX_BINARY) {
		err_format(Exc_OSError, "fetch() body exceeds the %u-byte limit", BOX_FRAME_MAX_BINARY);
		goto fail;
	}
	return req;
fail:
	json_object_put(req);
	return NULL;
}

/* The ok reply as the script's dict. */
static Value make_result(const struct box_frame *resp)
{
	json_object *st, *hj;
	int64_t status = 0;
	if (json_object_object_get_ex(resp->json, "status", &st) && json_object_is_type(st, json_type_int))
		status = json_object_get_int64(st);
	Dict *headers = dict_new();
	if (headers == NULL)
		return v_null();
	if (json_object_object_get_ex(resp->json, "headers", &hj) && json_object_is_type(hj, json_type_object)) {
		json_object_object_foreach(hj, key, val) {
			if (!json_object_is_type(val, json_type_string))
				continue;
			Value k = str_value(str_cstr(key));
			Value v = str_value(str_new(json_object_get_string(val),
						    (size_t)json_object_get_string_len(val)));
			int rc = IS_NULL(k) || IS_NULL(v) ? -1 : dict_set(headers, k, v);
			val_decref(k);
			val_decref(v);
			if (rc != 0) {
				obj_decref(&headers->ob);
				return v_null();
			}
		}
	}
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error te;
	memset(&te, 0, sizeof te);
	if (text_decode(TEXT_CODEC_UTF8, (const char *)resp->bin, resp->bin_len, "replace", 7, &b, &te) != 0) {
		text_buf_free(&b);
		obj_decref(&headers->ob);
		return text_error_raise(&te, (const char *)resp->bin, resp->bin_len, false);
	}
	Value body = str_value(str_new(b.data ? b.data : "", b.len));
	text_buf_free(&b);
	Dict *r = dict_new();
	if (IS_NULL(body) || r == NULL) {
		val_decref(body);
		obj_decref(&headers->ob);
		if (r)
			obj_decref(&r->ob);
		return v_null();
	}
	bool ok = dict_set_str(r, str_intern("status"), v_int(status)) == 0 &&
		  dict_set_str(r, str_intern("headers"), v_obj(&headers->ob)) == 0 &&
		  dict_set_str(r, str_intern("body"), body) == 0;
	obj_decref(&headers->ob);
	val_decref(body);
	if (!ok) {
		obj_decref(&r->ob);
		return v_null();
	}
	return v_obj(&r->ob);
}

static Value bi_fetch(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	Value a[A_N];
	if (!fetch_args(args, nargs, kw, a))
		return v_null();
	struct text_buf enc = TEXT_BUF_INIT;
	const void *body = NULL;
	size_t body_n = 0;
	json_object *req = build_request(a, &enc, &body, &body_n);
	if (req == NULL) {
		text_buf_free(&enc);
		return v_null();
	}
	struct box_frame resp;
	bool ok = hostcall(req, body, body_n, &resp);
	json_object_put(req);
	text_buf_free(&enc);
	if (!ok)
		return v_null();
	Value r = make_result(&resp);
	box_frame_clear(&resp);
	return r;
}

void fetch_register(Dict *builtins)
{
	Value f = builtin_new("fetch", bi_fetch, v_null());
	dict_set_str(builtins, str_intern("fetch"), f);
	val_decref(f);
}
