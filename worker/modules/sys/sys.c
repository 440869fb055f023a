/* sys.c -- the sys module (built eagerly: the runtime needs it), the
 * sys.stdout / sys.stderr stream objects, and the builtin open()'s entry
 * (the file objects are worker/modules/os/io_file.c).
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/eval/vm.h"
#include "worker/num/num.h"

typedef struct Stream {
	Obj ob;
	int fd;
	Value name;
} Stream;

static Type stream_type;
static Value sys_module;
static Value std_streams[3];

bool out_is_std(Value file, int *fd);
bool out_is_std(Value file, int *fd)
{
	if (!obj_is(file, &stream_type))
		return false;
	*fd = ((Stream *)file.u.o)->fd;
	return true;
}

Value sys_get_stdout(void);
Value sys_get_stdout(void)
{
	Value m = dict_get_str(((Module *)sys_module.u.o)->dict, str_intern("stdout"));
	if (IS_NULL(m))
		return err_null_format(Exc_RuntimeError, "lost sys.stdout");
	return val_incref(m);
}

static Value stream_write(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("write", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "write() argument must be str, not %s", type_name_of(args[0]));
	Str *s = AS_STR(args[0]);
	out_write(((Stream *)self.u.o)->fd, s->data, s->nbytes);
	return v_int((int64_t)s->len);
}

static Value stream_flush(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	out_flush();
	return v_none();
}

static Value stream_writelines(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("writelines", nargs, kw, 1, 1))
		return v_null();
	Value it = obj_iter(args[0]);
	if (IS_NULL(it))
		return it;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		Value r = stream_write(self, &x, 1, NULL);
		val_decref(x);
		if (IS_NULL(r)) {
			val_decref(it);
			return r;
		}
	}
	val_decref(it);
	return err_occurred() ? v_null() : v_none();
}

static Value stream_isatty(Value self, const Value *args, size_t nargs, Tuple *kw) { return v_bool(false); }
static Value stream_fileno(Value self, const Value *args, size_t nargs, Tuple *kw) { return v_int(((Stream *)self.u.o)->fd); }

static Value stream_repr(Value v)
{
	Stream *s = (Stream *)v.u.o;
	return str_value(str_printf("<_io.TextIOWrapper name='<%s>' mode='w' encoding='utf-8'>", s->fd == 1 ? "stdout" : s->fd == 2 ? "stderr" : "stdin"));
}

static Value stream_get_encoding(Value v) { return str_value(str_cstr("utf-8")); }

static Value sys_exit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("exit", nargs, kw, 0, 1))
		return v_null();
	Value e = exc_new(Exc_SystemExit, args, nargs);
	if (!IS_NULL(e))
		err_set_obj(e.u.o);
	return v_null();
}

static Value sys_getrecursionlimit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("sys.getrecursionlimit", nargs, kw, 0, 0))
		return v_null();
	return v_int(vm.depth_limit);
}

static Value sys_setrecursionlimit(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("sys.setrecursionlimit", nargs, kw, 1, 1))
		return v_null();
	if (args[0].tag != V_INT)
		return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(args[0]));
	int64_t n = args[0].u.i;
	if (n < 1)
		return err_null_format(Exc_ValueError, "recursion limit must be greater or equal than 1");
	/* frames live on a bounded VM stack and natives recurse on the C stack:
	 * cap the limit where both stay safe */
	if (n > 20000)
		n = 20000;
	if (n <= vm.depth)
		return err_null_format(Exc_RecursionError, "cannot set the recursion limit to %lld at the recursion depth %d: the limit is too low",
				       (long long)n, vm.depth);
	vm.depth_limit = (int)n;
	return v_none();
}

static Value sys_exc_info(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("sys.exc_info", nargs, kw, 0, 0))
		return v_null();
	Obj *h = err_handled_topmost();
	if (!h) {
		Value n[3] = {v_none(), v_none(), v_none()};
		return v_obj(&tuple_from(n, 3)->ob);
	}
	Exc *e = (Exc *)h;
	Value t[3] = {v_obj(&h->type->ob), v_obj(h), e->tb ? v_obj(&e->tb->ob) : v_none()};
	return v_obj(&tuple_from(t, 3)->ob);
}

static Value sys_exception(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("sys.exception", nargs, kw, 0, 0))
		return v_null();
	Obj *h = err_handled_topmost();
	return h ? val_incref(v_obj(h)) : v_none();
}

static Value sys_getsizeof(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs == 0 && (!kw || kw->n == 0))
		return err_null_format(Exc_TypeError, "getsizeof() missing required argument 'object' (pos 1)");
	if (!args_check("getsizeof", nargs, kw, 1, 2))
		return v_null();
	Value f = obj_getattr_opt(args[0], ID(__sizeof__));
	if (IS_NULL(f))
		return v_int(16);
	Value r = call0(f);
	val_decref(f);
	return r;
}

static Value sys_get_int_max_str_digits(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs || (kw && kw->n))
		return err_null_format(Exc_TypeError, "sys.get_int_max_str_digits() takes no arguments (%zu given)",
				       nargs + (kw ? kw->n : 0));
	return v_int(num_get_int_max_str_digits());
}

/* sys.set_int_max_str_digits(maxdigits): 0 (no limit) or above 640
 * (sys.int_info.str_digits_check_threshold). */
static Value sys_set_int_max_str_digits(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	/* the messages of CPython's argument clinic */
	size_t nkw = kw ? kw->n : 0;
	if (nargs + nkw > 1)
		return err_null_format(Exc_TypeError, "set_int_max_str_digits() takes at most 1 argument (%zu given)", nargs + nkw);
	if (nargs + nkw == 0 || (nkw == 1 && strcmp(AS_STR(kw->items[0])->data, "maxdigits") != 0))
		return err_null_format(Exc_TypeError, "set_int_max_str_digits() missing required argument 'maxdigits' (pos 1)");
	Value n = obj_index(args[0]);
	if (IS_NULL(n))
		return v_null();
	if (n.tag != V_INT || n.u.i > 2147483647 || n.u.i < -2147483647 - 1) {
		val_decref(n);
		return err_null_format(Exc_OverflowError, "Python int too large to convert to C int");
	}
	int64_t v = n.u.i;
	if (v != 0 && v < 640)
		return err_null_format(Exc_ValueError, "maxdigits must be 0 or larger than 640");
	num_set_int_max_str_digits(v);
	return v_none();
}

/* getdefaultencoding() and friends: the worker's text is UTF-8 throughout. */
static Value const_str(const char *fname, const char *value, size_t nargs, Tuple *kw)
{
	if (!args_check(fname, nargs, kw, 0, 0))
		return v_null();
	return str_value(str_cstr(value));
}

static Value sys_getdefaultencoding(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return const_str("sys.getdefaultencoding", "utf-8", nargs, kw);
}

static Value sys_getfilesystemencoding(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return const_str("sys.getfilesystemencoding", "utf-8", nargs, kw);
}

static Value sys_getfilesystemencodeerrors(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return const_str("sys.getfilesystemencodeerrors", "surrogateescape", nargs, kw);
}

static Value sys_intern(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("sys.intern", nargs, kw, 1, 1))
		return v_null();
	if (!obj_is(args[0], &str_type))
		return err_null_format(Exc_TypeError, "intern() argument must be str, not %s", type_name_of(args[0]));
	return str_value(str_intern_str(AS_STR(val_incref(args[0]))));
}

void module_set_attr(Dict *d, const char *name, Value v)
{
	Str *k = str_intern(name);
	dict_set_str(d, k, v);
	obj_decref(&k->ob);
	val_decref(v);
}

void module_add_fn(Dict *d, const char *name, callfn fn)
{
	module_set_attr(d, name, builtin_new(name, fn, v_null()));
}

static Value make_stream(int fd)
{
	Stream *s = (Stream *)obj_alloc(&stream_type, sizeof(Stream));
	s->fd = fd;
	s->name = v_none();
	return v_obj(&s->ob);
}

void sys_module_init(int argc, const char *argv0)
{
	(void)argc;
	Type *t = &stream_type;
	type_init_builtin(t, "_io.TextIOWrapper", &object_type);
	t->repr = stream_repr;
	type_add_method(t, "write", stream_write, 0);
	type_add_method(t, "flush", stream_flush, 0);
	type_add_method(t, "writelines", stream_writelines, 0);
	type_add_method(t, "isatty", stream_isatty, 0);
	type_add_method(t, "fileno", stream_fileno, 0);
	type_add_getset(t, "encoding", stream_get_encoding);

	Module *m = module_new(str_intern("sys"));
	Dict *d = m->dict;
	sys_module = v_obj(&m->ob);
	std_streams[1] = make_stream(1);
	std_streams[2] = make_stream(2);
	module_set_attr(d, "stdout", val_incref(std_streams[1]));
	module_set_attr(d, "stderr", val_incref(std_streams[2]));
	module_set_attr(d, "__stdout__", val_incref(std_streams[1]));
	module_set_attr(d, "__stderr__", val_incref(std_streams[2]));
	module_set_attr(d, "stdin", v_none());
	List *argv = list_new(0);
	Str *a0 = str_cstr(argv0 ? argv0 : "");
	list_append_steal(argv, str_value(a0));
	module_set_attr(d, "argv", v_obj(&argv->ob));
	module_set_attr(d, "platform", str_value(str_cstr("linux")));
	module_set_attr(d, "byteorder", str_value(str_cstr("little")));
	module_set_attr(d, "float_repr_style", str_value(str_cstr("short")));
	module_set_attr(d, "dont_write_bytecode", v_bool(false));
	module_set_attr(d, "warnoptions", v_obj(&list_new(0)->ob));
	module_set_attr(d, "version", str_value(str_cstr("3.11.2 (box)")));
	module_set_attr(d, "hexversion", v_int(0x030b02f0));
	module_set_attr(d, "maxsize", v_int(INT64_MAX));
	module_set_attr(d, "maxunicode", v_int(0x10ffff));
	module_set_attr(d, "path", v_obj(&list_new(0)->ob));
	module_set_attr(d, "executable", str_value(str_cstr("")));
	obj_incref(&vm.modules->ob);
	module_set_attr(d, "modules", v_obj(&vm.modules->ob));
	module_add_fn(d, "exit", sys_exit);
	module_add_fn(d, "getrecursionlimit", sys_getrecursionlimit);
	module_add_fn(d, "setrecursionlimit", sys_setrecursionlimit);
	module_add_fn(d, "exc_info", sys_exc_info);
	module_add_fn(d, "exception", sys_exception);
	module_add_fn(d, "getsizeof", sys_getsizeof);
	module_add_fn(d, "intern", sys_intern);
	module_add_fn(d, "get_int_max_str_digits", sys_get_int_max_str_digits);
	module_add_fn(d, "getdefaultencoding", sys_getdefaultencoding);
	module_add_fn(d, "getfilesystemencoding", sys_getfilesystemencoding);
	module_add_fn(d, "getfilesystemencodeerrors", sys_getfilesystemencodeerrors);
	module_add_fn(d, "set_int_max_str_digits", sys_set_int_max_str_digits);
	extern void sys_info_init(Dict *sysdict);  /* worker/modules/sys/sys_info.c */
	sys_info_init(d);
	dict_set_str(vm.modules, str_intern("sys"), sys_module);
	Module *bm = module_new(str_intern("builtins"));
	obj_decref(&bm->dict->ob);
	obj_incref(&vm.builtins->ob);
	bm->dict = vm.builtins;
	dict_set_str(vm.modules, str_intern("builtins"), v_obj(&bm->ob));
	obj_decref(&bm->ob);
}

/* sys.argv = [argv0]: the runtime (sys included) may be prepared before the
 * script, and with it its name, arrives (worker/runtime/interp.c). */
void sys_set_argv0(const char *argv0)
{
	List *argv = list_new(0);
	list_append_steal(argv, str_value(str_cstr(argv0 ? argv0 : "")));
	module_set_attr(((Module *)sys_module.u.o)->dict, "argv", v_obj(&argv->ob));
}

Value io_open(const Value *args, size_t nargs, Tuple *kw);
Value io_open(const Value *args, size_t nargs, Tuple *kw)
{
	extern Value io_file_open(const Value *args, size_t nargs, Tuple *kw); /* worker/modules/os/io_file.c */
	return io_file_open(args, nargs, kw);
}
