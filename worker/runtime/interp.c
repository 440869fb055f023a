/* interp.c -- interp_run(): start the runtime, parse and compile the
 * script, run it, and report the outcome as CPython does: SyntaxError
 * before anything runs, a traceback (chained exceptions, exception groups) for an
 * uncaught exception (status 1), SystemExit's status rules.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/host/host.h"
#include "worker/host/hostcall.h"
#include "worker/runtime/interp.h"
#include "worker/runtime/gc.h"
#include "worker/runtime/runtime.h"
#include "worker/compile/compile.h"
#include "worker/eval/vm.h"
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
	return compile_string_flags(src, len, filename, mode, 0);
}

Code *compile_string_flags(const char *src, size_t len, const char *filename, int mode, uint32_t flags)
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
		co = compile_ast(mod, filename, source, mode, flags);
	}
	syntax_error_clear(&se);
	ast_arena_free(arena);
	if (source)
		obj_decref(&source->ob);
	return co;
}

/* ---- traceback printing -------------------------------------------------------------- */

static void errs(const char *s) { out_write(2, s, strlen(s)); }

/* Inside an exception group's display every line starts with the group
 * depth's indent and a `| ` margin (CPython's EXC_INDENT / EXC_MARGIN). */
static int eg_depth;

static void errs_indent(int n)
{
	for (int i = 0; i < n; i++)
		errs(" ");
}

static void errs_margin(void)
{
	if (eg_depth) {
		errs_indent(2 * eg_depth);
		errs("| ");
	}
}

/* As CPython 3.11's Python/traceback.c prints an entry: the line, then
 * position carets when the instruction's range does not cover the whole
 * line, with `~`/`^` anchors for a binary operator or a subscript.  The
 * source is shown only for the script's own code: CPython reads the file
 * named by the code object, and finds nothing for "<string>" (`-c`,
 * exec) nor, usually, for a name given to compile(). */

bool interp_finalizing;          /* the script has ended (gc_finalize_at_exit) */
static Str *main_source;        /* the script's text (a reference held) */

#define TB_RECURSIVE_CUTOFF 3
#define TB_LIMIT 1000           /* PyTraceBack_LIMIT */
#define TB_SOURCE_INDENT 4

static bool tb_is_ws(char ch) { return ch == ' ' || ch == '\t' || ch == '\f'; }

/* Line `line` (1-based) of src, without its line end; false if none. */
static bool tb_source_line(Str *src, int line, const char **lp, size_t *ln)
{
	if (!src || line < 1)
		return false;
	const char *p = src->data, *end = src->data + src->nbytes;
	for (int l = 1; l < line; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return false;
		p = nl + 1;
	}
	if (p >= end)
		return false;
	const char *e = memchr(p, '\n', (size_t)(end - p));
	if (!e)
		e = end;
	if (e > p && e[-1] == '\r')
		e--;
	*lp = p;
	*ln = (size_t)(e - p);
	return true;
}

/* _PyPegen_byte_offset_to_character_offset: the characters in the first
 * `off` bytes of s[0..n) (a cut sequence counts as one, as "replace"
 * decoding does; past the end counts the terminating NUL). */
static long tb_byte_to_char(const char *s, size_t n, long off)
{
	if (off > (long)n + 1)
		off = (long)n + 1;
	long chars = 0;
	for (long i = 0; i < off; i++)
		if (i == (long)n || ((unsigned char)s[i] & 0xC0) != 0x80)
			chars++;
	return chars;
}

/* The byte offset of character `ci` in s[0..n). */
static size_t tb_char_to_byte(const char *s, size_t n, long ci)
{
	size_t b = 0;
	for (long c = 0; c < ci && b < n; c++) {
		b++;
		while (b < n && ((unsigned char)s[b] & 0xC0) == 0x80)
			b++;
	}
	return b;
}

/* extract_anchors_from_line (as in CPython 3.11.2): when the segment parses as one expression
 * statement that is a binary operation or a subscript, the byte range
 * [*left, *right) of its operator or brackets; *tilde when the anchor
 * characters are `~` (primary) and `^` (secondary). */
static bool tb_segment_anchors(const char *seg, size_t n, long *left, long *right, bool *tilde)
{
	struct ast_allocator alloc = {arena_alloc, arena_release, NULL};
	ast_arena *arena = ast_arena_new(&alloc, 16u << 20);
	if (!arena)
		return false;
	struct syntax_error se;
	syntax_error_init(&se);
	bool found = false;
	ast_mod *mod = parse_source(arena, seg, n, "<string>", PARSE_EXEC, &se);
	if (mod && mod->v.Module.body.n == 1 && mod->v.Module.body.items[0]->kind == STMT_Expr) {
		ast_expr *e = mod->v.Module.body.items[0]->v.Expr.value;
		if (e->kind == EXPR_BinOp) {
			long l = e->v.BinOp.left->pos.end_col_offset, r = e->v.BinOp.right->pos.col_offset;
			for (long i = l; i < r && i < (long)n; i++) {
				if (tb_is_ws(seg[i]))
					continue;
				*left = i;
				*right = i + 1;
				found = true;
				if (i + 1 < r && !tb_is_ws(seg[i + 1]))
					++*right;       /* a two-character operator */
				*tilde = true;
				break;
			}
		} else if (e->kind == EXPR_Subscript) {
			*left = e->v.Subscript.value->pos.end_col_offset;
			*right = e->v.Subscript.slice->pos.end_col_offset + 1;
			*tilde = true;
			found = true;
		}
	}
	syntax_error_clear(&se);
	ast_arena_free(arena);
	err_clear();
	return found;
}

static void tb_print_carets(TB *tb, const char *line, size_t n)
{
	struct code_pos p;
	if (!code_position(tb->code, tb->lasti, &p))
		return;
	if (p.line < 0 || p.end_line < 0 || p.col < 0 || p.end_col < 0)
		return;
	long start = tb_byte_to_char(line, n, p.col);
	long end = tb_byte_to_char(line, n, p.end_col);
	long left_end = -1, right_start = -1;
	bool tilde = false;
	if (p.line == p.end_line) {
		size_t sb = tb_char_to_byte(line, n, start), eb = tb_char_to_byte(line, n, end);
		long l, r;
		if (eb > sb && tb_segment_anchors(line + sb, eb - sb, &l, &r, &tilde)) {
			left_end = tb_byte_to_char(line + sb, eb - sb, l) + start;
			right_start = tb_byte_to_char(line + sb, eb - sb, r) + start;
		}
	} else {
		/* a multi-line range: to the last non-blank byte of the first line
		 * (a byte index taken as a character index, as CPython does) */
		long i = (long)n;
		while (--i >= 0)
			if (!tb_is_ws(line[i]))
				break;
		end = i + 1;
	}
	long lead = 0;
	while ((size_t)lead < n && tb_is_ws(line[lead]))
		lead++;
	long stripped_len = tb_byte_to_char(line, n, (long)n) - lead;
	bool secondary = left_end != -1 || right_start != -1;
	if (end - start == stripped_len && !secondary)
		return;
	StrBuf b;
	sb_init(&b);
	for (long off = lead - TB_SOURCE_INDENT + 1; off <= end; off++) {
		if (off <= start)
			sb_addc(&b, ' ');
		else if (secondary && left_end < off && off <= right_start)
			sb_addc(&b, '^');
		else
			sb_addc(&b, tilde ? '~' : '^');
	}
	sb_addc(&b, '\n');
	Str *s = sb_finish(&b);
	if (s) {
		errs_margin();
		out_write(2, s->data, s->nbytes);
		obj_decref(&s->ob);
	} else {
		err_clear();
	}
}

static void tb_print_entry(TB *tb)
{
	char buf[1024];
	Code *co = tb->code;
	snprintf(buf, sizeof buf, "  File \"%s\", line %d, in %s\n", co->filename->data, tb_line(tb), co->name->data);
	errs_margin();
	errs(buf);
	const char *line;
	size_t n;
	/* while the interpreter shuts down CPython can no longer read source
	 * lines (its finalizers' tracebacks show none) */
	if (interp_finalizing || !co->source || co->source != main_source ||
	    !tb_source_line(co->source, tb_line(tb), &line, &n))
		return;
	size_t lead = 0;
	while (lead < n && tb_is_ws(line[lead]))
		lead++;
	errs_margin();
	errs("    ");
	out_write(2, line + lead, n - lead);
	errs("\n");
	tb_print_carets(tb, line, n);
}

static void tb_print_repeated(long cnt)
{
	char buf[96];
	cnt -= TB_RECURSIVE_CUTOFF;
	snprintf(buf, sizeof buf, "  [Previous line repeated %ld more time%s]\n", cnt, cnt > 1 ? "s" : "");
	errs(buf);
}

static void print_tb_entries(TB *tb);

/* The chain is held while printing: a MemoryError while parsing a segment
 * reuses the preallocated exception and drops its traceback. */
static void print_tb(TB *tb)
{
	obj_incref(&tb->ob);
	print_tb_entries(tb);
	obj_decref(&tb->ob);
}

/* Frames CPython never shows: box's own helper modules (_box_*), and
 * modules whose CPython counterparts are written in C (datetime; os, but
 * for the functions CPython's os.py writes in Python). */
static bool tb_hidden(const Code *co)
{
	static const char *const os_python[] = { "makedirs", "removedirs", "renames", "walk", "fsencode",
						 "fsdecode", "get_exec_path", NULL };
	const char *f = co->filename->data;
	if (strncmp(f, "<frozen ", 8) != 0)
		return false;
	f += 8;
	if (strncmp(f, "_box_", 5) == 0 || strcmp(f, "datetime>") == 0)
		return true;
	if (strcmp(f, "os>") == 0) {
		for (int i = 0; os_python[i]; i++)
			if (strcmp(co->name->data, os_python[i]) == 0)
				return false;
		return true;
	}
	return false;
}

static void print_tb_entries(TB *tb)
{
	long depth = 0;
	for (TB *t = tb; t; t = t->next)
		depth++;
	while (tb && depth > TB_LIMIT) {
		depth--;
		tb = tb->next;
	}
	Str *last_file = NULL, *last_name = NULL;
	int last_line = -1;
	long cnt = 0;
	for (; tb; tb = tb->next) {
		Code *co = tb->code;
		if (tb_hidden(co))
			continue;
		if (!last_file || co->filename != last_file || last_line == -1 || tb_line(tb) != last_line || !last_name ||
		    !str_equal(co->name, last_name)) {
			if (cnt > TB_RECURSIVE_CUTOFF)
				tb_print_repeated(cnt);
			last_file = co->filename;
			last_line = tb_line(tb);
			last_name = co->name;
			cnt = 0;
		}
		cnt++;
		if (cnt <= TB_RECURSIVE_CUTOFF)
			tb_print_entry(tb);
	}
	if (cnt > TB_RECURSIVE_CUTOFF)
		tb_print_repeated(cnt);
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
		errs_margin();
		out_write(2, line->data, line->nbytes);
		obj_decref(&line->ob);
	}
}

/* PEP 678 notes under the exception line, as CPython 3.11.2 prints them:
 * each note's lines behind the margin; a __notes__ that is no sequence
 * by its repr (and no line end). */
static void print_notes(Obj *e)
{
	Str *key = str_intern("__notes__");
	Value notes = obj_getattr_opt(v_obj(e), key);
	obj_decref(&key->ob);
	if (IS_NULL(notes)) {
		err_clear();
		return;
	}
	Type *nt = val_type(notes);
	if (!nt->getitem || (nt->flags & TF_DICT_SUB)) {
		errs_margin();
		Value r = obj_repr(notes);
		if (IS_NULL(r)) {
			err_clear();
			errs("<__notes__ repr() failed>");
		} else {
			out_write(2, AS_STR(r)->data, AS_STR(r)->nbytes);
			val_decref(r);
		}
		val_decref(notes);
		return;
	}
	ssize_t n = obj_len(notes);
	if (n < 0)
		err_clear();
	Str *splitlines = str_intern("splitlines");
	for (ssize_t i = 0; i < n; i++) {
		Value note = obj_getitem(notes, v_int(i));
		Value ns = IS_NULL(note) ? note : obj_str(note);
		val_decref(note);
		Value keep = v_bool(true);
		Value lines = IS_NULL(ns) ? ns : call_method(ns, splitlines, &keep, 1);
		val_decref(ns);
		if (IS_NULL(lines) || !IS_LIST(lines)) {
			err_clear();
			val_decref(lines);
			errs("<note str() failed>");
		} else {
			List *l = AS_LIST(lines);
			for (size_t j = 0; j < l->n; j++) {
				errs_margin();
				if (IS_STR(l->items[j]))
					out_write(2, AS_STR(l->items[j])->data, AS_STR(l->items[j])->nbytes);
			}
			val_decref(lines);
		}
		errs("\n");
	}
	obj_decref(&splitlines->ob);
	val_decref(notes);
}

/* A SyntaxError's block; inside a group its last line (the message) has
 * the margin too, as CPython prints it (the caller wrote the first). */
static void write_syntax_block(const char *p, size_t n)
{
	size_t last = n && p[n - 1] == '\n' ? n - 1 : n;
	while (last > 0 && p[last - 1] != '\n')
		last--;
	out_write(2, p, last);
	if (last > 0)
		errs_margin();
	out_write(2, p + last, n - last);
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
		write_syntax_block(buf, n);
	} else {
		/* A long source line: format again into a buffer that fits it. */
		char *big = malloc(n + 1);
		if (big) {
			n = syntax_error_format(&se, big, n + 1);
			write_syntax_block(big, n);
			free(big);
		} else {
			out_write(2, buf, sizeof buf - 1);
		}
	}
	syntax_error_clear(&se);
}

/* What CPython's print_exception_recursive keeps while it prints: the
 * exceptions already shown (each is printed once; this breaks cycles),
 * and whether a group's closing line is still owed. */
#define PRINT_DEPTH_MAX 200
#define EG_MAX_WIDTH 15
#define EG_MAX_DEPTH 10

static struct {
	Obj **seen;
	size_t nseen, cap;
	int depth;
	bool need_close;
} pr;

static bool chain_seen(Obj *e)
{
	for (size_t i = 0; i < pr.nseen; i++)
		if (pr.seen[i] == e)
			return true;
	return false;
}

static void chain_mark(Obj *e)
{
	if (pr.nseen == pr.cap) {
		size_t cap = pr.cap ? pr.cap * 2 : 32;
		Obj **v = realloc(pr.seen, cap * sizeof *v);
		if (!v)
			return;
		pr.seen = v;
		pr.cap = cap;
	}
	pr.seen[pr.nseen++] = e;
}

static void print_exception_recursive(Obj *e);

static void print_chained(Obj *e, const char *message)
{
	bool need_close = pr.need_close;
	print_exception_recursive(e);
	pr.need_close = need_close;
	errs_margin();
	errs("\n");
	errs_margin();
	errs(message);
	errs_margin();
	errs("\n");
}

/* One exception: its traceback, its line (a SyntaxError's block) and notes. */
static void print_one_exception(Obj *e)
{
	Exc *x = (Exc *)e;
	if (x->tb) {
		bool group = exc_is_group(v_obj(e));
		if (group && eg_depth == 1) {
			errs_indent(2);
			errs("+ ");
		} else {
			errs_margin();
		}
		errs(group ? "Exception Group Traceback (most recent call last):\n"
			   : "Traceback (most recent call last):\n");
		print_tb(x->tb);
	}
	if (type_is_subtype(e->type, Exc_SyntaxError) && x->dict && !IS_NULL(dict_get_str(x->dict, ID(lineno))) &&
	    !IS_NONE(dict_get_str(x->dict, ID(lineno)))) {
		errs_margin();
		print_syntax_error(x);
	} else {
		print_exc_line(e);
	}
	print_notes(e);
}

static void print_exception_group(Obj *e)
{
	if (eg_depth > EG_MAX_DEPTH) {
		char buf[64];
		errs_margin();
		snprintf(buf, sizeof buf, "... (max_group_depth is %d)\n", EG_MAX_DEPTH);
		errs(buf);
		return;
	}
	if (eg_depth == 0)
		eg_depth++;
	print_one_exception(e);
	Tuple *excs = excgroup_exceptions(e);
	size_t num = excs->n, n = num <= EG_MAX_WIDTH ? num : EG_MAX_WIDTH + 1;
	pr.need_close = false;
	for (size_t i = 0; i < n; i++) {
		char buf[96];
		bool last = i == n - 1, truncated = i >= EG_MAX_WIDTH;
		if (last)
			pr.need_close = true;   /* a nested group may close for us */
		errs_indent(2 * eg_depth);
		if (truncated)
			snprintf(buf, sizeof buf, "%s+---------------- ... ----------------\n", i == 0 ? "+-" : "  ");
		else
			snprintf(buf, sizeof buf, "%s+---------------- %zu ----------------\n", i == 0 ? "+-" : "  ", i + 1);
		errs(buf);
		eg_depth++;
		if (!truncated) {
			print_exception_recursive(excs->items[i].u.o);
		} else {
			size_t more = num - EG_MAX_WIDTH;
			errs_margin();
			snprintf(buf, sizeof buf, "and %zu more exception%s\n", more, more > 1 ? "s" : "");
			errs(buf);
		}
		if (last && pr.need_close) {
			errs_indent(2 * eg_depth);
			errs("+------------------------------------\n");
			pr.need_close = false;
		}
		eg_depth--;
	}
	if (eg_depth == 1)
		eg_depth--;
}

/* CPython's print_exception_recursive: the cause (or else the context,
 * unless suppressed) first, then the exception or the group with its
 * members in boxes. */
static void print_exception_recursive(Obj *e)
{
	if (!(e->type->flags & TF_EXC_SUB)) {
		print_exc_line(e);
		return;
	}
	if (pr.depth >= PRINT_DEPTH_MAX)
		return;
	pr.depth++;
	Exc *x = (Exc *)e;
	chain_mark(e);
	if (x->cause) {
		if (!chain_seen(x->cause))
			print_chained(x->cause, "The above exception was the direct cause of the following exception:\n");
	} else if (x->context && !x->suppress_context) {
		if (!chain_seen(x->context))
			print_chained(x->context, "During handling of the above exception, another exception occurred:\n");
	}
	if (exc_is_group(v_obj(e)))
		print_exception_group(e);
	else
		print_one_exception(e);
	pr.depth--;
}

static void print_exception_chain(Obj *e)
{
	pr.nseen = 0;
	pr.depth = 0;
	pr.need_close = false;
	eg_depth = 0;
	print_exception_recursive(e);
	free(pr.seen);
	pr.seen = NULL;
	pr.nseen = pr.cap = 0;
}

void interp_write_unraisable(Value where, Obj *e)
{
	out_flush();
	errs("Exception ignored in: ");
	Value r = obj_repr(where);
	if (IS_NULL(r)) {
		err_clear();
		errs("<object repr() failed>");
	} else {
		out_write(2, AS_STR(r)->data, AS_STR(r)->nbytes);
		val_decref(r);
	}
	errs("\n");
	/* the hook prints the traceback and the exception line: no chained
	 * exceptions, no notes */
	Exc *x = (Exc *)e;
	/* raised by C with no Python frame of its own (a __del__ that is not
	 * a function): CPython shows the frame that was running */
	if ((e->type->flags & TF_EXC_SUB) && !x->tb && vm.frame)
		exc_add_tb_at(e, vm.frame->code, frame_lasti(vm.frame));
	if ((e->type->flags & TF_EXC_SUB) && x->tb) {
		errs("Traceback (most recent call last):\n");
		print_tb(x->tb);
	}
	print_exc_line(e);
	out_flush();
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
	print_exception_chain(e);
	obj_decref(e);
	return 1;
}

static struct box_host *run_host;

_Noreturn void interp_fatal(Obj *e)
{
	if (e) {
		for (Frame *f = vm.frame; f; f = f->back)
			exc_add_tb_at(e, f->code, frame_lasti(f));
		out_flush();
		print_exception_chain(e);
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
	if (co && co->source && strcmp(filename, "<string>") != 0) {
		obj_incref(&co->source->ob);
		main_source = co->source;
	}
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
	int status = 0;
	if (IS_NULL(r))
		status = handle_uncaught();
	else
		val_decref(r);
	interp_finalizing = true;
	gc_finalize_at_exit(globals);   /* __del__ of what the script left behind */
	obj_decref(&globals->ob);
	{ void io_file_end(void); io_file_end(); } /* commit files left open: worker/modules/os/io_file.c */
	out_flush();
	return status;
}

