/* worker/modules/os/fs.c -- _box_fs, the internal module behind open(), os and
 * pathlib: one thin function per file op of broker/effects/ops.h.
 *
 * The worker never touches a file: each function turns its arguments into
 * one request, sends it with hostcall() and converts the reply.  Paths are
 * str, bytes or os.PathLike.  A str is sent as UTF-8 text; one holding
 * surrogate-escaped bytes (os.fsdecode of a name that is not UTF-8) is
 * encoded back with surrogateescape and, when the result is not UTF-8, sent
 * as {"hex": ...}; a NUL byte raises ValueError here, without a request.
 * Names from listdir come back as str (surrogateescape) or, for a bytes
 * directory path, as bytes, like CPython's os.listdir.
 *
 *   stat(p) -> dict of the reply's st_* fields
 *   exists / is_file / is_dir / is_symlink(p) -> bool
 *   listdir(p) -> list;  mkdir(p, exist_ok=False);  unlink(p);  rmdir(p)
 *   rename(src, dst);  replace(src, dst)
 *   read(p) -> bytes;  write(p, data, mode) -> int
 *   open(p, mode) -> Handle;  hread(h, n) -> bytes;  hwrite(h, data) -> new position
 *   hseek(h, offset, whence) -> new position;  close(h)  (see Handle below)
 *   fspath_bytes(p) -> bytes (the name as the broker sees it) */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "common/utf8.h"
#include "worker/host/hostcall.h"
#include "worker/modules/registry.h"
#include "worker/runtime/runtime.h"
#include "worker/text/text_codec.h"

Value text_error_raise(struct text_error *e, const char *obj, size_t n, bool encode);

/* EFFECTS_MAX_PATH of broker/effects/ops.h: a longer path is a protocol
 * violation, so the worker answers it itself (ENAMETOOLONG). */
#define MAX_WIRE_PATH 16384
void type_ready(Type *t);

/* ---- paths ---------------------------------------------------------------- */

/* The os.fspath() of p (new reference: a str or bytes), or NULL with
 * TypeError "<fname>: path should be string, bytes or os.PathLike, not X". */
static Value fspath(Value p, const char *fname)
{
	if (IS_STR(p) || IS_BYTES(p))
		return val_incref(p);
	static Str *fspath_name;
	if (!fspath_name)
		fspath_name = str_intern("__fspath__");
	Value f = type_lookup(val_type(p), fspath_name);
	if (!IS_NULL(f)) {
		Value r = call_method(p, fspath_name, NULL, 0);
		if (IS_NULL(r) || IS_STR(r) || IS_BYTES(r))
			return r;
		err_format(Exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %s",
			   type_name_of(p), type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return err_null_format(Exc_TypeError, "%s: path should be string, bytes or os.PathLike, not %s",
			       fname, type_name_of(p));
}

static json_object *hex_path(const unsigned char *b, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char *h = malloc(2 * n + 1);
	if (!h)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		h[2 * i] = digits[b[i] >> 4];
		h[2 * i + 1] = digits[b[i] & 15];
	}
	h[2 * n] = '\0';
	json_object *o = json_object_new_object();
	json_object_object_add(o, "hex", json_object_new_string(h));
	free(h);
	return o;
}

/* The wire form of a path ({"hex"} for a name that is not UTF-8); NULL with
 * an exception set.  *is_bytes tells whether the script gave bytes. */
static json_object *path_json(Value p, const char *fname, bool *is_bytes)
{
	Value v = fspath(p, fname);
	if (IS_NULL(v))
		return NULL;
	json_object *out = NULL;
	if (is_bytes)
		*is_bytes = IS_BYTES(v);
	if (IS_BYTES(v)) {
		Bytes *b = (Bytes *)v.u.o;
		if (memchr(b->data, 0, b->n))
			err_format(Exc_ValueError, "%s: embedded null character in path", fname);
		else if (box_utf8_valid(b->data, b->n))
			out = json_object_new_string_len((const char *)b->data, (int)b->n);
		else
			out = hex_path(b->data, b->n);
	} else {
		Str *s = AS_STR(v);
		if (memchr(s->data, 0, s->nbytes)) {
			err_set_str(Exc_ValueError, "embedded null byte");
		} else if (s->ascii || !memchr(s->data, 0xED, s->nbytes)) {
			out = json_object_new_string_len(s->data, (int)s->nbytes); /* no surrogate */
		} else {
			struct text_buf tb = TEXT_BUF_INIT;
			struct text_error te;
			memset(&te, 0, sizeof te);
			if (text_encode(TEXT_CODEC_UTF8, s->data, s->nbytes, "surrogateescape", 15, &tb, &te) != 0)
				text_error_raise(&te, s->data, s->nbytes, true);
			else if (box_utf8_valid(tb.data, tb.len))
				out = json_object_new_string_len(tb.data, (int)tb.len);
			else
				out = hex_path((const unsigned char *)tb.data, tb.len);
			text_buf_free(&tb);
		}
	}
	if (out && json_object_is_type(out, json_type_string) && json_object_get_string_len(out) > MAX_WIRE_PATH) {
		/* over the broker's limit: the kernel's answer, without a request */
		json_object_put(out);
		out = NULL;
		Value a[3] = {v_int(ENAMETOOLONG), str_value(str_cstr("File name too long")), v};
		if (!IS_NULL(a[1])) {
			Value e = exc_new(Exc_OSError, a, 3);
			if (!IS_NULL(e))
				err_set_obj(e.u.o);
		}
		val_decref(a[1]);
	} else if (out && !json_object_is_type(out, json_type_string)) {
		json_object *hx;
		if (json_object_object_get_ex(out, "hex", &hx) && json_object_get_string_len(hx) > 2 * MAX_WIRE_PATH) {
			json_object_put(out);
			out = NULL;
			Value a[3] = {v_int(ENAMETOOLONG), str_value(str_cstr("File name too long")), v};
			if (!IS_NULL(a[1])) {
				Value e = exc_new(Exc_OSError, a, 3);
				if (!IS_NULL(e))
					err_set_obj(e.u.o);
			}
			val_decref(a[1]);
		}
	}
	val_decref(v);
	if (!out && !err_occurred())
		err_no_memory();
	return out;
}

/* A name from the broker as str (surrogateescape) or bytes. */
static Value name_value(const char *p, size_t n, bool as_bytes)
{
	if (as_bytes)
		return v_obj(&bytes_new(p, n)->ob);
	if (box_utf8_valid(p, n))
		return str_value(str_new(p, n));
	struct text_buf tb = TEXT_BUF_INIT;
	struct text_error te;
	memset(&te, 0, sizeof te);
	Value r = v_null();
	if (text_decode(TEXT_CODEC_UTF8, p, n, "surrogateescape", 15, &tb, &te) != 0)
		text_error_raise(&te, p, n, false);
	else
		r = str_value(str_new(tb.data, tb.len));
	text_buf_free(&tb);
	return r;
}

/* ---- requests ------------------------------------------------------------- */

static json_object *request(const char *op)
{
	json_object *r = json_object_new_object();
	json_object_object_add(r, "op", json_object_new_string(op));
	return r;
}

/* Sends req (consumed); true with *resp filled, or false with an exception. */
static bool send(json_object *req, const void *bin, size_t len, struct box_frame *resp)
{
	bool ok = hostcall(req, bin, len, resp);
	json_object_put(req);
	return ok;
}

/* A request on one path: {"op": op, "path": p}; NULL with an exception. */
static json_object *path_request(const char *op, Value p, const char *fname, bool *is_bytes)
{
	json_object *pj = path_json(p, fname, is_bytes);
	if (!pj)
		return NULL;
	json_object *r = request(op);
	json_object_object_add(r, "path", pj);
	return r;
}

static Value json_to_value(json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_boolean:
		return v_bool(json_object_get_boolean(o));
	case json_type_int:
		return v_int(json_object_get_int64(o));
	case json_type_double:
		return v_float(json_object_get_double(o));
	case json_type_string:
		return str_value(str_new(json_object_get_string(o), (size_t)json_object_get_string_len(o)));
	default:
		return v_none();
	}
}

static int64_t reply_int(struct box_frame *f, const char *key)
{
	json_object *v;
	if (json_object_object_get_ex(f->json, key, &v))
		return json_object_get_int64(v);
	return 0;
}

/* ---- functions ------------------------------------------------------------ */

static Value fs_stat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("stat", nargs, kw, 1, 1))
		return v_null();
	json_object *req = path_request("fs.stat", args[0], "stat", NULL);
	struct box_frame resp;
	if (!req || !send(req, NULL, 0, &resp))
		return v_null();
	Dict *d = dict_new();
	json_object_object_foreach(resp.json, key, val) {
		if (strncmp(key, "st_", 3) != 0)
			continue;
		Str *k = str_cstr(key);
		Value v = json_to_value(val);
		if (k && !IS_NULL(v))
			dict_set_str(d, k, v);
		if (k)
			obj_decref(&k->ob);
		val_decref(v);
	}
	box_frame_clear(&resp);
	return v_obj(&d->ob);
}

static Value bool_op(const char *op, const char *fname, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check(fname, nargs, kw, 1, 1))
		return v_null();
	json_object *req = path_request(op, args[0], fname, NULL);
	struct box_frame resp;
	if (!req || !send(req, NULL, 0, &resp))
		return v_null();
	json_object *v;
	bool b = json_object_object_get_ex(resp.json, "value", &v) && json_object_get_boolean(v);
	box_frame_clear(&resp);
	return v_bool(b);
}

static Value fs_exists(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return bool_op("fs.exists", "exists", args, nargs, kw);
}
static Value fs_is_file(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return bool_op("fs.is_file", "is_file", args, nargs, kw);
}
static Value fs_is_dir(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return bool_op("fs.is_dir", "is_dir", args, nargs, kw);
}
static Value fs_is_symlink(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return bool_op("fs.is_symlink", "is_symlink", args, nargs, kw);
}

static Value fs_listdir(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("listdir", nargs, kw, 1, 1))
		return v_null();
	bool as_bytes = false;
	json_object *req = path_request("fs.listdir", args[0], "listdir", &as_bytes);
	struct box_frame resp;
	if (!req || !send(req, NULL, 0, &resp))
		return v_null();
	List *l = list_new(0);
	const char *p = (const char *)resp.bin, *end = p + resp.bin_len;
	while (l && p < end) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		Value name = name_value(p, n, as_bytes);
		if (IS_NULL(name) || !list_append_steal(l, name)) {
			obj_decref(&l->ob);
			l = NULL;
			break;
		}
		p += n + 1;
	}
	box_frame_clear(&resp);
	return l ? v_obj(&l->ob) : v_null();
}

/* An op on one path with an empty ok reply. */
static Value void_op(const char *op, const char *fname, Value path, json_object *extra_key_val, const char *extra_key)
{
	json_object *req = path_request(op, path, fname, NULL);
	if (!req) {
		json_object_put(extra_key_val);
		return v_null();
	}
	if (extra_key)
		json_object_object_add(req, extra_key, extra_key_val);
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return v_null();
	box_frame_clear(&resp);
	return v_none();
}

static Value fs_mkdir(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"path", "exist_ok"};
	Value a[2];
	if (!args_parse("mkdir", args, nargs, kw, names, 1, 2, a))
		return v_null();
	bool exist_ok = false;
	if (!IS_NULL(a[1])) {
		int t = obj_truth(a[1]);
		if (t < 0)
			return v_null();
		exist_ok = t;
	}
	return void_op("fs.mkdir", "mkdir", a[0], json_object_new_boolean(exist_ok), "exist_ok");
}

static Value fs_unlink(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("unlink", nargs, kw, 1, 1))
		return v_null();
	return void_op("fs.unlink", "unlink", args[0], NULL, NULL);
}

static Value fs_rmdir(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("rmdir", nargs, kw, 1, 1))
		return v_null();
	return void_op("fs.rmdir", "rmdir", args[0], NULL, NULL);
}

static Value two_paths(const char *op, const char *fname, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check(fname, nargs, kw, 2, 2))
		return v_null();
	json_object *src = path_json(args[0], fname, NULL);
	if (!src)
		return v_null();
	json_object *dst = path_json(args[1], fname, NULL);
	if (!dst) {
		json_object_put(src);
		return v_null();
	}
	json_object *req = request(op);
	json_object_object_add(req, "src", src);
	json_object_object_add(req, "dst", dst);
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return v_null();
	box_frame_clear(&resp);
	return v_none();
}

static Value fs_rename(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return two_paths("fs.rename", "rename", args, nargs, kw);
}
static Value fs_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return two_paths("fs.replace", "replace", args, nargs, kw);
}

static Value fs_read(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("read", nargs, kw, 1, 1))
		return v_null();
	json_object *req = path_request("fs.read", args[0], "open", NULL);
	struct box_frame resp;
	if (!req || !send(req, NULL, 0, &resp))
		return v_null();
	Bytes *b = bytes_new(resp.bin, resp.bin_len);
	box_frame_clear(&resp);
	return b ? v_obj(&b->ob) : v_null();
}

/* The bytes of a bytes-like argument (bytes or bytearray). */
static bool bytes_arg(Value v, const unsigned char **p, size_t *n)
{
	if (IS_BYTES(v)) {
		*p = ((Bytes *)v.u.o)->data;
		*n = ((Bytes *)v.u.o)->n;
		return true;
	}
	if (obj_is(v, &bytearray_type)) {
		*p = ((ByteArray *)v.u.o)->data;
		*n = ((ByteArray *)v.u.o)->n;
		return true;
	}
	err_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(v));
	return false;
}

static Value fs_write(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("write", nargs, kw, 3, 3))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!bytes_arg(args[1], &p, &n))
		return v_null();
	if (!IS_STR(args[2]))
		return err_null_format(Exc_TypeError, "write: mode must be str");
	json_object *req = path_request("fs.write", args[0], "open", NULL);
	if (!req)
		return v_null();
	json_object_object_add(req, "mode", json_object_new_string(AS_STR(args[2])->data));
	struct box_frame resp;
	if (!send(req, p, n, &resp))
		return v_null();
	int64_t w = reply_int(&resp, "n");
	box_frame_clear(&resp);
	return v_int(w);
}

static bool int_arg(Value v, int64_t *out)
{
	if (v.tag != V_INT) {
		err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
		return false;
	}
	*out = v.u.i;
	return true;
}

/* ---- handles -------------------------------------------------------------- */

/* An open broker handle.  Closed by close(), by its last reference going
 * away (as CPython closes a file object that is no longer referenced), or
 * at the end of the script (fs_close_all), so a writing handle's content is
 * always committed. */
typedef struct Handle {
	Obj ob;
	int64_t id;      /* -1: closed */
	struct Handle *prev, *next;
} Handle;

static Type handle_type;
static Handle *live;  /* open handles */

static void unlink_live(Handle *h)
{
	if (h->prev)
		h->prev->next = h->next;
	else if (live == h)
		live = h->next;
	if (h->next)
		h->next->prev = h->prev;
	h->prev = h->next = NULL;
}

/* Sends fs.close for h; false with an exception set. */
static bool handle_close(Handle *h)
{
	if (h->id < 0)
		return true;
	int64_t id = h->id;
	h->id = -1;
	unlink_live(h);
	json_object *req = request("fs.close");
	json_object_object_add(req, "h", json_object_new_int64(id));
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return false;
	box_frame_clear(&resp);
	return true;
}

/* Closes without disturbing a pending exception; a failure is dropped. */
static void handle_close_quietly(Handle *h)
{
	if (h->id < 0 || !hostcall_available())
		return;
	Obj *pending = err_fetch();
	if (!handle_close(h))
		err_clear();
	err_restore(pending);
}

static void handle_dealloc(Obj *o)
{
	Handle *h = (Handle *)o;
	handle_close_quietly(h);
	unlink_live(h);
	obj_free(o);
}

void fs_close_all(void);
void fs_close_all(void)
{
	while (live) {
		Handle *h = live;
		if (hostcall_available()) {
			handle_close_quietly(h);
		} else {
			h->id = -1;
			unlink_live(h);
		}
	}
}

static Value handle_repr(Value v)
{
	return str_value(str_printf("<_box_fs.Handle %lld>", (long long)((Handle *)v.u.o)->id));
}

static json_object *handle_request(const char *op, Value hv)
{
	if (!obj_is(hv, &handle_type)) {
		err_format(Exc_TypeError, "expected a handle, not %s", type_name_of(hv));
		return NULL;
	}
	Handle *h = (Handle *)hv.u.o;
	if (h->id < 0) {
		err_set_str(Exc_ValueError, "I/O operation on closed file.");
		return NULL;
	}
	json_object *req = request(op);
	json_object_object_add(req, "h", json_object_new_int64(h->id));
	return req;
}

static Value fs_open(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("open", nargs, kw, 2, 2))
		return v_null();
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "open: mode must be str");
	json_object *req = path_request("fs.open", args[0], "open", NULL);
	if (!req)
		return v_null();
	json_object_object_add(req, "mode", json_object_new_string(AS_STR(args[1])->data));
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return v_null();
	Handle *h = (Handle *)obj_alloc(&handle_type, sizeof(Handle));
	if (!h) {
		box_frame_clear(&resp);
		return v_null();
	}
	h->id = reply_int(&resp, "h");
	h->prev = NULL;
	h->next = live;
	if (live)
		live->prev = h;
	live = h;
	box_frame_clear(&resp);
	return v_obj(&h->ob);
}

static Value fs_hread(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	int64_t n;
	if (!args_check("hread", nargs, kw, 2, 2) || !int_arg(args[1], &n))
		return v_null();
	json_object *req = handle_request("fs.hread", args[0]);
	if (!req)
		return v_null();
	json_object_object_add(req, "n", json_object_new_int64(n < 0 ? -1 : n));
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return v_null();
	Bytes *b = bytes_new(resp.bin, resp.bin_len);
	box_frame_clear(&resp);
	return b ? v_obj(&b->ob) : v_null();
}

static Value fs_hwrite(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	const unsigned char *p;
	size_t n;
	if (!args_check("hwrite", nargs, kw, 2, 2) || !bytes_arg(args[1], &p, &n))
		return v_null();
	json_object *req = handle_request("fs.hwrite", args[0]);
	struct box_frame resp;
	if (!req || !send(req, p, n, &resp))
		return v_null();
	int64_t pos = reply_int(&resp, "pos");
	box_frame_clear(&resp);
	return v_int(pos);
}

static Value fs_hseek(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	int64_t off, whence;
	if (!args_check("hseek", nargs, kw, 3, 3) || !int_arg(args[1], &off) || !int_arg(args[2], &whence))
		return v_null();
	if (whence < 0 || whence > 2)
		return err_null_format(Exc_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
	json_object *req = handle_request("fs.hseek", args[0]);
	if (!req)
		return v_null();
	json_object_object_add(req, "offset", json_object_new_int64(off));
	json_object_object_add(req, "whence", json_object_new_int64(whence));
	struct box_frame resp;
	if (!send(req, NULL, 0, &resp))
		return v_null();
	int64_t pos = reply_int(&resp, "pos");
	box_frame_clear(&resp);
	return v_int(pos);
}

static Value fs_close(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("close", nargs, kw, 1, 1))
		return v_null();
	if (!obj_is(args[0], &handle_type))
		return err_null_format(Exc_TypeError, "expected a handle, not %s", type_name_of(args[0]));
	return handle_close((Handle *)args[0].u.o) ? v_none() : v_null();
}

/* fspath_bytes(p): the bytes the broker is asked about (os.fsencode). */
static Value fs_fspath_bytes(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fsencode", nargs, kw, 1, 1))
		return v_null();
	Value v = fspath(args[0], "fsencode");
	if (IS_NULL(v) || IS_BYTES(v))
		return v;
	Str *s = AS_STR(v);
	struct text_buf tb = TEXT_BUF_INIT;
	struct text_error te;
	memset(&te, 0, sizeof te);
	Value r = v_null();
	if (text_encode(TEXT_CODEC_UTF8, s->data, s->nbytes, "surrogateescape", 15, &tb, &te) != 0)
		text_error_raise(&te, s->data, s->nbytes, true);
	else
		r = v_obj(&bytes_new(tb.data, tb.len)->ob);
	text_buf_free(&tb);
	val_decref(v);
	return r;
}

/* home() -> the script's "~" (the agent's HOME) or None; no request. */
static Value fs_home(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("home", nargs, kw, 0, 0))
		return v_null();
	return os_home();
}

bool mod_box_fs_init(Dict *d)
{
	static bool type_done;
	if (!type_done) {
		type_init_builtin(&handle_type, "_box_fs.Handle", &object_type);
		handle_type.basicsize = sizeof(Handle);
		handle_type.dealloc = handle_dealloc;
		handle_type.repr = handle_repr;
		type_ready(&handle_type);
		type_done = true;
	}
	module_add_fn(d, "home", fs_home);
	module_add_fn(d, "stat", fs_stat);
	module_add_fn(d, "exists", fs_exists);
	module_add_fn(d, "is_file", fs_is_file);
	module_add_fn(d, "is_dir", fs_is_dir);
	module_add_fn(d, "is_symlink", fs_is_symlink);
	module_add_fn(d, "listdir", fs_listdir);
	module_add_fn(d, "mkdir", fs_mkdir);
	module_add_fn(d, "unlink", fs_unlink);
	module_add_fn(d, "rmdir", fs_rmdir);
	module_add_fn(d, "rename", fs_rename);
	module_add_fn(d, "replace", fs_replace);
	module_add_fn(d, "read", fs_read);
	module_add_fn(d, "write", fs_write);
	module_add_fn(d, "open", fs_open);
	module_add_fn(d, "hread", fs_hread);
	module_add_fn(d, "hwrite", fs_hwrite);
	module_add_fn(d, "hseek", fs_hseek);
	module_add_fn(d, "close", fs_close);
	module_add_fn(d, "fspath_bytes", fs_fspath_bytes);
	return !err_occurred();
}
