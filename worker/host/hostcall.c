/* worker/host/hostcall.c -- requests from the interpreter to the broker, and
 * error replies turned into Python exceptions (see hostcall.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "worker/host/host.h"
#include "worker/host/hostcall.h"
#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

static struct box_host *the_host;

void hostcall_set(struct box_host *h) { the_host = h; }
bool hostcall_available(void) { return the_host != NULL; }

static const char *jstr(json_object *o, const char *key)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* The exception class named by the reply: a builtin exception type, else
 * RuntimeError (the broker is trusted, but stay total). */
/* The broker names the class; look it up among the real builtin classes,
 * never in the builtins dict the script may have rebound. */
static Type *exc_type_named(const char *name)
{
	Type *t = exc_builtin_type_named(name);
	return t ? t : Exc_RuntimeError;
}

static Value new_str(const char *s) { return str_value(str_cstr(s)); }

/* "[Errno 2] No such file or directory: 'x'" -> "No such file or directory" */
static Value strerror_of(const char *msg)
{
	const char *p = msg;
	if (strncmp(p, "[Errno ", 7) == 0) {
		const char *q = strchr(p, ']');
		if (q && q[1] == ' ')
			p = q + 2;
	}
	const char *end = strstr(p, ": ");
	return str_value(str_new(p, end ? (size_t)(end - p) : strlen(p)));
}

static Value exc_from_reply(json_object *reply)
{
	Type *t = exc_type_named(jstr(reply, "exc"));
	const char *msg = jstr(reply, "msg");
	if (!msg)
		msg = "broker refused the request";
	json_object *en;
	bool has_errno = json_object_object_get_ex(reply, "errno", &en) && json_object_is_type(en, json_type_int);
	if (!has_errno) {
		Value m = new_str(msg);
		if (IS_NULL(m))
			return m;
		Value e = exc_new(t, &m, 1);
		val_decref(m);
		return e;
	}
	const char *fn = jstr(reply, "filename"), *fn2 = jstr(reply, "filename2");
	Value args[5] = {v_int(json_object_get_int(en)), strerror_of(msg), fn ? new_str(fn) : v_none(),
			 v_int(0), fn2 ? new_str(fn2) : v_none()};
	size_t n = fn2 ? 5 : fn ? 3 : 2;
	args[3] = v_none();
	Value e = v_null();
	if (!IS_NULL(args[1]))
		e = exc_new(t, args, n);
	for (size_t i = 0; i < 5; i++)
		val_decref(args[i]);
	return e;
}

void hostcall_raise(json_object *reply)
{
	Value e = exc_from_reply(reply);
	if (!IS_NULL(e))
		err_set_obj(e.u.o);
}

bool hostcall(json_object *req, const void *bin, size_t len, struct box_frame *resp)
{
	memset(resp, 0, sizeof *resp);
	if (!the_host) {
		err_set_str(Exc_PermissionError, "no broker: this interpreter runs outside a box");
		return false;
	}
	out_flush(); /* the script's output so far comes before anything the effect causes */
	host_call(the_host, req, bin, len, resp);
	json_object *ok;
	if (json_object_object_get_ex(resp->json, "ok", &ok) && json_object_get_boolean(ok))
		return true;
	json_object *fatal;
	if (json_object_object_get_ex(resp->json, "fatal", &fatal) && json_object_get_boolean(fatal)) {
		Value e = exc_from_reply(resp->json);
		box_frame_clear(resp);
		interp_fatal(IS_NULL(e) ? err_fetch() : e.u.o);
	}
	hostcall_raise(resp->json);
	box_frame_clear(resp);
	return false;
}
