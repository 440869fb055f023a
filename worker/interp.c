/* interp.c -- interp_run(): start the runtime, parse and compile the
 * script, run it, and report the outcome as CPython does: SyntaxError
 * before anything runs, a traceback (with chained exceptions) for an
 * uncaught exception (status 1), SystemExit's status rules.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/host.h"
#include "worker/hostcall.h"
#include "worker/interp.h"
#include "worker/runtime.h"
#include "worker/compile.h"
#include "worker/vm.h"
#include "worker/parse/parser.h"

void str_types_init(void);
void strtype_init(void);
void int_types_init(void);
void float_types_init(void);
void range_types_init(void);
void types_finish(void);
void exc_prealloc(void);
void builtins_register(Dict *b);

static bool runtime_ready;

/* The types, builtins and sys: everything that does not depend on the
 * script.  box-worker calls this (interp_prepare) before the SCRIPT frame
 * arrives, so it overlaps the broker's own start-up. */
static void runtime_init(void)
{
	mem_init(0);
	vm_init();
	/* the type objects first: str and dict are needed to build everything */
	type_init_builtin(&type_type, "type", &object_type);
	type_init_builtin(&object_type, "object", NULL);
	object_type.base = NULL;
	str_types_init();
	dict_types_init();
	strtype_init();
	type_types_init();
	int_types_init();
	float_types_init();
	seq_types_init();
	set_types_init();
	bytes_types_init();
	range_types_init();
	func_types_init();
	gen_types_init();
	vm.builtins = dict_new();
	vm.modules = dict_new();
	exc_types_init(vm.builtins);
	types_finish();
	exc_prealloc();
	builtins_register(vm.builtins);
	sys_module_init(1, NULL);
	runtime_ready = true;
}

void interp_prepare(void)
{
	if (!runtime_ready)
		runtime_init();
}

/* ---- parse + compile ---------------------------------------------------------- */

static void *arena_alloc(size_t size, void *ud)
{
	(void)ud;
	void *p = mem_alloc(size);
	if (!p)
		err_clear();
	return p;
}

static void arena_release(void *p, size_t size, void *ud)
{
	(void)ud;
	mem_free(p, size);
}

static Value syntax_error_from_record(struct syntax_error *se, Str *source)
{
	Type *t = Exc_SyntaxError;
	if (!strcmp(se->type, "IndentationError"))
		t = Exc_IndentationError;
	else if (!strcmp(se->type, "TabError"))
		t = Exc_TabError;
	else if (!strcmp(se->type, "MemoryError")) {
		err_no_memory();
		return v_null();
	} else if (!strcmp(se->type, "RecursionError")) {
		err_set_str(Exc_RecursionError, se->msg);
		return v_null();
	}
	Value text = se->text ? str_value(str_cstr(se->text)) : v_none();
	Value fn = str_value(str_cstr(se->filename ? se->filename : "<string>"));
	Value details[6] = {fn, v_int(se->lineno), v_int(se->offset), text, v_int(se->end_lineno), v_int(se->end_offset)};
	Tuple *d = tuple_from(details, 6);
	Value m = str_value(str_cstr(se->msg));
	Value args[2] = {m, v_obj(&d->ob)};
	Value e = exc_new(t, args, 2);
	val_decref(m);
	val_decref(fn);
	val_decref(text);
	obj_decref(&d->ob);
	if (!IS_NULL(e)) {
		Exc *x = (Exc *)e.u.o;
		dict_set_str(x->dict, str_intern("end_lineno"), v_int(se->end_lineno));
		dict_set_str(x->dict, str_intern("end_offset"), v_int(se->end_offset));
		err_set_obj(e.u.o);
	}
	(void)source;
	return v_null();
}

Code *compile_string(const char *src, size_t len, const char *filename, int mode)
{
	struct ast_allocator alloc = {arena_alloc, arena_release, NULL};
	ast_arena *arena = ast_arena_new(&alloc, 256u << 20);
	if (!arena) {
		err_no_memory();
		return NULL;
	}
	struct syntax_error se;
	syntax_error_init(&se);
	enum parse_mode pm = mode == COMPILE_EVAL ? PARSE_EVAL : mode == COMPILE_SINGLE ? PARSE_SINGLE : PARSE_EXEC;
	ast_mod *mod = parse_source(arena, src, len, filename, pm, &se);
	Str *source = str_new(src, len);
	Code *co = NULL;
	if (!mod) {
		syntax_error_from_record(&se, source);
	} else {
		co = compile_ast(mod, filename, source, mode);
	}
	syntax_error_clear(&se);
	ast_arena_free(arena);
	if (source)
		obj_decref(&source->ob);
	return co;
}

/* ---- traceback printing -------------------------------------------------------------- */

static void errs(const char *s) { out_write(2, s, strlen(s)); }

static void print_source_line(Str *src, int line)
{
	if (!src || line < 1)
		return;
	const char *p = src->data, *end = src->data + src->nbytes;
	for (int l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return;
		p = nl + 1;
	}
	const char *e = memchr(p, '\n', (size_t)(end - p));
	if (!e)
		e = end;
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\f'))
		p++;
	while (e > p && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (p == e)
		return;
	errs("    ");
	out_write(2, p, (size_t)(e - p));
	errs("\n");
}

static void print_tb(TB *tb)
{
	char buf[1024];
	TB *prev = NULL;
	int repeat = 0;
	for (; tb; tb = tb->next) {
		bool same = prev && prev->code->filename == tb->code->filename && prev->line == tb->line &&
			    str_equal(prev->code->name, tb->code->name);
		if (same) {
			repeat++;
			if (repeat >= 3) {
				prev = tb;
				continue;
			}
		} else {
			if (repeat >= 3) {
				int more = repeat - 2;
				snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]\n", more, more == 1 ? "" : "s");
				errs(buf);
			}
			repeat = 0;
		}
		snprintf(buf, sizeof buf, "  File \"%s\", line %d, in %s\n", tb->code->filename->data, tb->line, tb->code->name->data);
		errs(buf);
		print_source_line(tb->code->source, tb->line);
		prev = tb;
	}
	if (repeat >= 3) {
		int more = repeat - 2;
		snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]\n", more, more == 1 ? "" : "s");
		errs(buf);
	}
}

static void print_exc_line(Obj *e)
{
	Type *t = e->type;
	StrBuf b;
	sb_init(&b);
	if (t->flags & TF_HEAPTYPE) {
		Value mod = dict_get_str(t->dict, ID(__module__));
		if (!IS_NULL(mod) && IS_STR(mod) && strcmp(AS_STR(mod)->data, "__main__") && strcmp(AS_STR(mod)->data, "builtins")) {
			sb_add_str(&b, AS_STR(mod));
			sb_addc(&b, '.');
		}
		sb_add_str(&b, t->qualname);
	} else {
		sb_adds(&b, t->name);
	}
	Value s = obj_str(v_obj(e));
	if (IS_NULL(s)) {
		err_clear();
		sb_adds(&b, ": <exception str() failed>");
	} else if (AS_STR(s)->nbytes) {
		sb_adds(&b, ": ");
		sb_add_str(&b, AS_STR(s));
	}
	val_decref(s);
	sb_addc(&b, '\n');
	Str *line = sb_finish(&b);
	if (line) {
		out_write(2, line->data, line->nbytes);
		obj_decref(&line->ob);
	}
}

static void print_syntax_error(Exc *e)
{
	struct syntax_error se;
	syntax_error_init(&se);
	Dict *d = e->dict;
	Value msg = d ? dict_get_str(d, ID(msg)) : v_null();
	Value fn = d ? dict_get_str(d, ID(filename)) : v_null();
	Value ln = d ? dict_get_str(d, ID(lineno)) : v_null();
	Value off = d ? dict_get_str(d, ID(offset)) : v_null();
	Value txt = d ? dict_get_str(d, ID(text)) : v_null();
	Value eln = d ? dict_get_str(d, str_intern("end_lineno")) : v_null();
	Value eoff = d ? dict_get_str(d, str_intern("end_offset")) : v_null();
	snprintf(se.type, sizeof se.type, "%s", e->ob.type->name);
	snprintf(se.msg, sizeof se.msg, "%s", (!IS_NULL(msg) && IS_STR(msg)) ? AS_STR(msg)->data : "invalid syntax");
	se.filename = (!IS_NULL(fn) && IS_STR(fn)) ? AS_STR(fn)->data : "<string>";
	se.lineno = (!IS_NULL(ln) && ln.tag == V_INT) ? (int)ln.u.i : 0;
	se.offset = (!IS_NULL(off) && off.tag == V_INT) ? (int)off.u.i : 0;
	se.end_lineno = (!IS_NULL(eln) && eln.tag == V_INT) ? (int)eln.u.i : 0;
	se.end_offset = (!IS_NULL(eoff) && eoff.tag == V_INT) ? (int)eoff.u.i : 0;
	if (!IS_NULL(txt) && IS_STR(txt)) {
		se.text = malloc(AS_STR(txt)->nbytes + 1);
		if (se.text)
			memcpy(se.text, AS_STR(txt)->data, AS_STR(txt)->nbytes + 1);
	}
	char buf[2048];
	size_t n = syntax_error_format(&se, buf, sizeof buf);
	if (n < sizeof buf) {
		out_write(2, buf, n);
	} else {
		/* A long source line: format again into a buffer that fits it. */
		char *big = malloc(n + 1);
		if (big) {
			n = syntax_error_format(&se, big, n + 1);
			out_write(2, big, n);
			free(big);
		} else {
			out_write(2, buf, sizeof buf - 1);
		}
	}
	syntax_error_clear(&se);
}

static void print_exception_chain(Obj *e, int depth)
{
	if (!(e->type->flags & TF_EXC_SUB)) {
		print_exc_line(e);
		return;
	}
	Exc *x = (Exc *)e;
	if (depth < 50) {
		if (x->cause) {
			print_exception_chain(x->cause, depth + 1);
			errs("\nThe above exception was the direct cause of the following exception:\n\n");
		} else if (x->context && !x->suppress_context) {
			print_exception_chain(x->context, depth + 1);
			errs("\nDuring handling of the above exception, another exception occurred:\n\n");
		}
	}
	if (x->tb) {
		errs("Traceback (most recent call last):\n");
		print_tb(x->tb);
	}
	if (type_is_subtype(e->type, Exc_SyntaxError) && x->dict && !IS_NULL(dict_get_str(x->dict, ID(lineno))) &&
	    !IS_NONE(dict_get_str(x->dict, ID(lineno)))) {
		print_syntax_error(x);
		return;
	}
	print_exc_line(e);
}

/* The exit status for an uncaught exception (prints what CPython prints). */
static int handle_uncaught(void)
{
	Obj *e = err_fetch();
	if (!e)
		return 1;
	if (type_is_subtype(e->type, Exc_SystemExit)) {
		Exc *x = (Exc *)e;
		Value code = x->args && x->args->n == 1 ? x->args->items[0] : (x->args && x->args->n ? v_obj(&x->args->ob) : v_none());
		int status = 0;
		if (IS_NONE(code)) {
			status = 0;
		} else if (code.tag == V_INT || code.tag == V_BOOL) {
			status = (int)(code.u.i & 0xff);
		} else {
			Value s = obj_str(code);
			if (!IS_NULL(s)) {
				out_write(2, AS_STR(s)->data, AS_STR(s)->nbytes);
				errs("\n");
				val_decref(s);
			} else {
				err_clear();
			}
			status = 1;
		}
		obj_decref(e);
		return status;
	}
	out_flush();
	print_exception_chain(e, 0);
	obj_decref(e);
	return 1;
}

static struct box_host *run_host;

_Noreturn void interp_fatal(Obj *e)
{
	if (e) {
		for (Frame *f = vm.frame; f; f = f->back)
			exc_add_tb(e, f->code, frame_line(f));
		out_flush();
		print_exception_chain(e, 0);
	}
	out_flush();
	if (run_host)
		host_send_exit(run_host, 1);
	host_exit(1);
}

int interp_run(const char *source, size_t len, const char *filename, const char *argv0,
	       const char *cwd, struct box_host *host)
{
	run_host = host;
	hostcall_set(host);
	interp_prepare();
	sys_set_argv0(argv0);
	os_module_init(cwd);
	Code *co = compile_string(source, len, filename, COMPILE_EXEC);
	if (!co) {
		int st = handle_uncaught();
		out_flush();
		return st;
	}
	Dict *globals = dict_new();
	dict_set_str(globals, ID(__name__), str_value(ID(__main__)));
	dict_set_str(globals, ID(__doc__), v_none());
	dict_set_str(globals, ID(__builtins__), v_obj(&vm.builtins->ob));
	if (strcmp(filename, "<string>") != 0) {
		Str *f = str_cstr(filename);
		dict_set_str(globals, ID(__file__), str_value(f));
		obj_decref(&f->ob);
	}
	Module *main_mod = module_new(ID(__main__));
	obj_decref(&main_mod->dict->ob);
	obj_incref(&globals->ob);
	main_mod->dict = globals;
	dict_set_str(vm.modules, ID(__main__), v_obj(&main_mod->ob));
	obj_decref(&main_mod->ob);
	Value r = eval_code(co, globals, globals);
	obj_decref(&co->ob);
	obj_decref(&globals->ob);
	int status = 0;
	if (IS_NULL(r))
		status = handle_uncaught();
	else
		val_decref(r);
	{ void io_file_end(void); io_file_end(); } /* commit files left open: worker/modules/io_file.c */
	out_flush();
	return status;
}

