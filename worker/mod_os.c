/* mod_os.c -- the os module: the parts that need no broker.
 *
 * getcwd() is the workspace the broker sent with the script; the path
 * constants are Linux's.  os.getenv is refused as the spec says (the worker
 * has no environment to read).  The file side of os (stat, listdir, ...)
 * goes through the broker and comes with the effects work. */
#include "worker/runtime.h"

#include <string.h>

static Str *script_cwd;

static Value os_getcwd(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("getcwd", nargs, kw, 0, 0))
		return v_null();
	return val_incref(str_value(script_cwd));
}

static Value os_getenv(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return err_null_format(Exc_RuntimeError, "'os.getenv' is not supported in this environment");
}

void os_module_init(const char *cwd)
{
	Str *name = str_intern("os");
	Module *m = module_new(name);
	Dict *d = m->dict;

	if (script_cwd != NULL)
		obj_decref(&script_cwd->ob);
	script_cwd = str_cstr(cwd != NULL && cwd[0] != '\0' ? cwd : "/");
	module_set_attr(d, "name", str_value(str_cstr("posix")));
	module_set_attr(d, "sep", str_value(str_cstr("/")));
	module_set_attr(d, "altsep", v_none());
	module_set_attr(d, "extsep", str_value(str_cstr(".")));
	module_set_attr(d, "pathsep", str_value(str_cstr(":")));
	module_set_attr(d, "linesep", str_value(str_cstr("\n")));
	module_set_attr(d, "curdir", str_value(str_cstr(".")));
	module_set_attr(d, "pardir", str_value(str_cstr("..")));
	module_set_attr(d, "devnull", str_value(str_cstr("/dev/null")));
	module_add_fn(d, "getcwd", os_getcwd);
	module_add_fn(d, "getenv", os_getenv);
	dict_set_str(vm.modules, name, v_obj(&m->ob));
	obj_decref(&m->ob);
	obj_decref(&name->ob);
}
