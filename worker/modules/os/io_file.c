/* worker/modules/os/io_file.c -- the builtin open(): hands its arguments to
 * _box_io._open (worker/modules/os/_box_io.py, the file objects), and
 * closes what the script left open when it ends (fs.c's fs_close_all).
 *
 * _box_io is an internal module: the registry lets only frozen code import
 * it, so it is imported here through a one-line frozen stub. */
#include "config.h"

#include <string.h>

#include "worker/compile/compile.h"
#include "worker/runtime/runtime.h"
#include "worker/eval/vm.h"

Code *compile_string(const char *src, size_t len, const char *filename, int mode);
Value io_file_open(const Value *args, size_t nargs, Tuple *kw);
void io_file_end(void);
void fs_close_all(void);

static Value io_module(void)
{
	Str *name = str_intern("_box_io");
	Value m = dict_get_str(vm.modules, name);
	obj_decref(&name->ob);
	if (!IS_NULL(m))
		return val_incref(m);
	static const char stub[] = "import _box_io\n";
	Code *co = compile_string(stub, sizeof stub - 1, "<frozen io>", COMPILE_EXEC);
	if (!co)
		return v_null();
	Dict *g = dict_new();
	if (!g) {
		obj_decref(&co->ob);
		return v_null();
	}
	dict_set_str(g, ID(__builtins__), v_obj(&vm.builtins->ob));
	Value r = eval_code(co, g, g);
	obj_decref(&co->ob);
	if (IS_NULL(r)) {
		obj_decref(&g->ob);
		return r;
	}
	val_decref(r);
	name = str_intern("_box_io");
	m = dict_get_str(g, name);
	obj_decref(&name->ob);
	if (!IS_NULL(m))
		val_incref(m);
	obj_decref(&g->ob);
	return IS_NULL(m) ? err_null_format(Exc_ImportError, "cannot load _box_io") : m;
}

Value io_file_open(const Value *args, size_t nargs, Tuple *kw)
{
	Value m = io_module();
	if (IS_NULL(m))
		return m;
	Value f = obj_getattr_cstr(m, "_open");
	val_decref(m);
	if (IS_NULL(f))
		return f;
	Value r = obj_call(f, args, nargs, kw);
	val_decref(f);
	return r;
}

/* The script has ended: commit every file it left open, as CPython does
 * when it tears the objects down. */
void io_file_end(void)
{
	fs_close_all();
}
