/* os.c -- the C part of the os module (imported through the module
 * registry; the rest is the frozen worker/modules/os/os.py).
 *
 * getcwd() is the workspace the broker sent with the script (interp_run
 * hands it over with os_module_init before the script runs); the path
 * constants are Linux's.  os.getenv is refused as the spec says (the worker
 * has no environment to read).  urandom() draws from getrandom(2), which
 * the sandbox allows, at most 1 MiB per call as the spec says.  The file
 * side (stat, listdir, ...) is in os.py over _box_fs. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

#define URANDOM_MAX 1048576

static Str *script_cwd;

static Value os_getcwd(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("getcwd", nargs, kw, 0, 0))
		return v_null();
	if (!script_cwd)
		return str_value(str_cstr("/"));
	return val_incref(str_value(script_cwd));
}

static Value os_getcwdb(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("getcwdb", nargs, kw, 0, 0))
		return v_null();
	const char *s = script_cwd ? script_cwd->data : "/";
	return v_obj(&bytes_new(s, strlen(s))->ob);
}

static Value os_getenv(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return err_null_format(Exc_RuntimeError, "'os.getenv' is not supported in this environment");
}

static Value os_urandom(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("urandom", nargs, kw, 1, 1))
		return v_null();
	ssize_t n;
	if (!val_as_ssize(args[0], &n))
		return v_null();
	if (n < 0)
		return err_null_format(Exc_ValueError, "negative argument not allowed");
	if (n > URANDOM_MAX)
		return err_null_format(Exc_ValueError, "os.urandom: at most %d bytes per call in this box", URANDOM_MAX);
	Bytes *b = bytes_new(NULL, (size_t)n);
	if (!b)
		return v_null();
	size_t got = 0;
	while (got < (size_t)n) {
		ssize_t r = getrandom(b->data + got, (size_t)n - got, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			obj_decref(&b->ob);
			return err_null_format(Exc_OSError, "os.urandom: no random bytes available");
		}
		got += (size_t)r;
	}
	return v_obj(&b->ob);
}

/* Remembers the script's working directory for getcwd() (called by
 * interp_run before the script runs; the module itself is made on import). */
void os_module_init(const char *cwd)
{
	if (script_cwd != NULL)
		obj_decref(&script_cwd->ob);
	script_cwd = str_cstr(cwd != NULL && cwd[0] != '\0' ? cwd : "/");
}

static Str *script_home;

/* Remembers "~" for the script (the SCRIPT frame's home; NULL: none, and
 * expanduser leaves "~" alone as CPython does without HOME). */
void os_set_home(const char *home)
{
	if (script_home != NULL)
		obj_decref(&script_home->ob);
	script_home = home != NULL && home[0] == '/' ? str_cstr(home) : NULL;
}

Value os_home(void)
{
	return script_home != NULL ? val_incref(str_value(script_home)) : v_none();
}

bool mod_os_init(Dict *d);
bool mod_os_init(Dict *d)
{
	module_set_attr(d, "name", str_value(str_cstr("posix")));
	module_set_attr(d, "sep", str_value(str_cstr("/")));
	module_set_attr(d, "altsep", v_none());
	module_set_attr(d, "extsep", str_value(str_cstr(".")));
	module_set_attr(d, "pathsep", str_value(str_cstr(":")));
	module_set_attr(d, "linesep", str_value(str_cstr("\n")));
	module_set_attr(d, "curdir", str_value(str_cstr(".")));
	module_set_attr(d, "pardir", str_value(str_cstr("..")));
	module_set_attr(d, "defpath", str_value(str_cstr("/bin:/usr/bin")));
	module_set_attr(d, "devnull", str_value(str_cstr("/dev/null")));
	module_set_attr(d, "SEEK_SET", v_int(0));
	module_set_attr(d, "SEEK_CUR", v_int(1));
	module_set_attr(d, "SEEK_END", v_int(2));
	module_set_attr(d, "F_OK", v_int(0));
	module_set_attr(d, "R_OK", v_int(4));
	module_set_attr(d, "W_OK", v_int(2));
	module_set_attr(d, "X_OK", v_int(1));
	module_add_fn(d, "getcwd", os_getcwd);
	module_add_fn(d, "getcwdb", os_getcwdb);
	module_add_fn(d, "getenv", os_getenv);
	module_add_fn(d, "urandom", os_urandom);
	return !err_occurred();
}
