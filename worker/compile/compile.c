/* compile.c -- AST (worker/parse/ast.h) to bytecode (opcodes.h).
 *
 * One Unit per code object (module, function, lambda, class body,
 * comprehension).  Names resolve through the symbol table (symtable.c) to
 * FAST (function locals), DEREF (cells/free vars), GLOBAL or NAME ops.
 * try/except/finally use a block stack at run time (SETUP_FINALLY pushes a
 * handler, the VM unwinds to it with the exception pushed); return/break/
 * continue unwind the compile-time "fblock" stack, emitting the cleanup of
 * every enclosing finally/with/except handler inline, as CPython does.
 * Labels are resolved to absolute instruction indexes at the end, then the
 * maximum stack depth is computed by a flow analysis.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/compile/opcodes.h"
#include "worker/compile/symtable.h"
#include "worker/compile/compile.h"

enum { FB_WHILE, FB_FOR, FB_TRY_EXCEPT, FB_FINALLY_TRY, FB_FINALLY_END, FB_WITH,
       FB_ASYNC_WITH, FB_HANDLER, FB_HANDLER_CLEANUP, FB_ASYNC_FOR, FB_POP_VALUE, FB_EXCEPT_STAR };

typedef struct FBlock {
	int kind;
	int start, exit;              /* labels (loops: continue/break targets) */
	const void *datum;            /* finally body / handler name */
} FBlock;

#define MAX_FBLOCKS 20

typedef struct Unit Unit;
struct Unit {
	Scope *st;
	Unit *parent;
	uint32_t *code;
	struct ast_pos *pos;          /* per instruction: CPython's co_positions */
	int n, cap;
	int *labels;
	int nlabels, caplabels;
	Value *consts;
	int nconsts, capconsts;
	Str **names;
	int nnames, capnames;
	Str **varnames;
	int nvarnames, capvarnames;
	Str **cells;                  /* cellvars then freevars */
	int ncells, nfree, capcells;
	FBlock fb[MAX_FBLOCKS];
	int nfb;
	int argcount, posonly, kwonly;
	uint32_t flags;
	Str *name, *qualname;
	int firstline;
	struct ast_pos cur;           /* the position emit() gives an instruction */
	bool has_doc;
};

typedef struct Compiler {
	Unit *u;
	Scope *top;
	const char *filename;
	Str *filename_str;
	Str *source;
	bool failed;
	int interactive;
	bool future_annotations;  /* from __future__ import annotations */
	uint32_t future_flags;    /* __future__ flags given by exec/eval/compile's caller */
} Compiler;

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort();
	return q;
}

/* ---- errors ------------------------------------------------------------------ */

static void compile_error_at(Compiler *c, int line, int col, int end_line, int end_col, const char *msg);

static void cerror(Compiler *c, const void *node_pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void cerror(Compiler *c, const void *node_pos, const char *fmt, ...)
{
	if (c->failed)
		return;
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	const struct ast_pos *p = node_pos;
	compile_error_at(c, p ? p->lineno : c->u->cur.lineno, p ? p->col_offset : 0,
			 p ? p->end_lineno : 0, p ? p->end_col_offset : 0, buf);
}

/* Source line `line` (1-based) of src as a new Str, or None. */
static Value source_line(Str *src, int line)
{
	if (!src || line < 1)
		return v_none();
	const char *p = src->data, *end = src->data + src->nbytes;
	for (int l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return v_none();
		p = nl + 1;
	}
	const char *e = memchr(p, '\n', (size_t)(end - p));
	size_t n = e ? (size_t)(e - p) + 1 : (size_t)(end - p);
	return str_value(str_new(p, n));
}

Value make_syntax_error(Type *t, const char *msg, const char *filename, Str *source,
			int line, int col1, int end_line, int end_col1);
Value make_syntax_error(Type *t, const char *msg, const char *filename, Str *source,
			int line, int col1, int end_line, int end_col1)
{
	Value text = source_line(source, line);
	Value fn = str_value(str_cstr(filename));
	Value details[6] = {fn, v_int(line), v_int(col1), text, v_int(end_line), v_int(end_col1)};
	Tuple *d = tuple_from(details, 6);
	val_decref(fn);
	val_decref(text);
	Value m = str_value(str_cstr(msg));
	Value args[2] = {m, v_obj(&d->ob)};
	Value e = exc_new(t, args, 2);
	val_decref(m);
	obj_decref(&d->ob);
	if (!IS_NULL(e)) {
		Exc *x = (Exc *)e.u.o;
		if (x->dict) {
			dict_set_str(x->dict, str_intern("end_lineno"), v_int(end_line));
			dict_set_str(x->dict, str_intern("end_offset"), v_int(end_col1));
		}
	}
	return e;
}

static void compile_error_at(Compiler *c, int line, int col, int end_line, int end_col, const char *msg)
{
	c->failed = true;
	/* offsets are 1-based characters; the AST gives 0-based bytes */
	int col1 = col + 1, end1 = end_col + 1;
	Value text = source_line(c->source, line);
	if (IS_STR(text)) {
		Str *t = AS_STR(text);
		size_t chars = 0;
		for (int i = 0; i < col && (size_t)i < t->nbytes; i++)
			if (((unsigned char)t->data[i] & 0xC0) != 0x80)
				chars++;
		col1 = (int)chars + 1;
		if (end_line == line) {
			chars = 0;
			for (int i = 0; i < end_col && (size_t)i < t->nbytes; i++)
				if (((unsigned char)t->data[i] & 0xC0) != 0x80)
					chars++;
			end1 = (int)chars + 1;
		}
	}
	val_decref(text);
	Value e = make_syntax_error(Exc_SyntaxError, msg, c->filename, c->source, line, col1, end_line ? end_line : line, end_line ? end1 : 0);
	if (!IS_NULL(e))
		err_set_obj(e.u.o);
}

/* ---- emission ------------------------------------------------------------------ */

static int emit(Compiler *c, int op, uint32_t arg)
{
	Unit *u = c->u;
	if (arg > MAX_ARG) {
		cerror(c, NULL, "too many constants or names");
		arg = 0;
	}
	if (u->n == u->cap) {
		u->cap = u->cap ? u->cap * 2 : 64;
		u->code = xrealloc(u->code, (size_t)u->cap * sizeof(uint32_t));
		u->pos = xrealloc(u->pos, (size_t)u->cap * sizeof(struct ast_pos));
	}
	u->code[u->n] = INSN(op, arg);
	u->pos[u->n] = u->cur;
	return u->n++;
}

static int new_label(Compiler *c)
{
	Unit *u = c->u;
	if (u->nlabels == u->caplabels) {
		u->caplabels = u->caplabels ? u->caplabels * 2 : 16;
		u->labels = xrealloc(u->labels, (size_t)u->caplabels * sizeof(int));
	}
	u->labels[u->nlabels] = -1;
	return u->nlabels++;
}

static void bind_label(Compiler *c, int l) { c->u->labels[l] = c->u->n; }

static bool is_jump(int op)
{
	switch (op) {
	case OP_JUMP: case OP_POP_JUMP_IF_FALSE: case OP_POP_JUMP_IF_TRUE:
	case OP_JUMP_IF_FALSE_OR_POP: case OP_JUMP_IF_TRUE_OR_POP:
	case OP_FOR_ITER: case OP_SETUP_FINALLY: case OP_SETUP_WITH:
		return true;
	}
	return false;
}

static int add_const(Compiler *c, Value v)
{
	Unit *u = c->u;
	/* dedupe simple constants */
	for (int i = 0; i < u->nconsts && i < 512; i++) {
		Value k = u->consts[i];
		if (k.tag != v.tag)
			continue;
		if (k.tag == V_NONE || ((k.tag == V_INT || k.tag == V_BOOL) && k.u.i == v.u.i))
			return i;
		if (k.tag == V_FLOAT && memcmp(&k.u.f, &v.u.f, sizeof(double)) == 0)
			return i;
		if (k.tag == V_OBJ && k.u.o->type == &str_type && v.u.o->type == &str_type &&
		    str_equal(AS_STR(k), AS_STR(v))) {
			val_decref(v);
			return i;
		}
	}
	if (u->nconsts == u->capconsts) {
		u->capconsts = u->capconsts ? u->capconsts * 2 : 16;
		u->consts = xrealloc(u->consts, (size_t)u->capconsts * sizeof(Value));
	}
	u->consts[u->nconsts] = v;   /* steals */
	return u->nconsts++;
}

static int add_name(Compiler *c, const char *name)
{
	Unit *u = c->u;
	Str *s = str_intern(name);
	for (int i = 0; i < u->nnames; i++)
		if (u->names[i] == s) {
			obj_decref(&s->ob);
			return i;
		}
	if (u->nnames == u->capnames) {
		u->capnames = u->capnames ? u->capnames * 2 : 16;
		u->names = xrealloc(u->names, (size_t)u->capnames * sizeof(Str *));
	}
	u->names[u->nnames] = s;
	return u->nnames++;
}

static int varname_index(Compiler *c, const char *name)
{
	Unit *u = c->u;
	for (int i = 0; i < u->nvarnames; i++)
		if (strcmp(u->varnames[i]->data, name) == 0)
			return i;
	if (u->nvarnames == u->capvarnames) {
		u->capvarnames = u->capvarnames ? u->capvarnames * 2 : 16;
		u->varnames = xrealloc(u->varnames, (size_t)u->capvarnames * sizeof(Str *));
	}
	u->varnames[u->nvarnames] = str_intern(name);
	return u->nvarnames++;
}

static int cell_index(Compiler *c, const char *name)
{
	Unit *u = c->u;
	for (int i = 0; i < u->ncells + u->nfree; i++)
		if (strcmp(u->cells[i]->data, name) == 0)
			return i;
	return -1;
}

static void add_cell(Unit *u, const char *name, bool is_free)
{
	for (int i = 0; i < u->ncells + u->nfree; i++)
		if (strcmp(u->cells[i]->data, name) == 0)
			return;
	if (u->ncells + u->nfree == u->capcells) {
		u->capcells = u->capcells ? u->capcells * 2 : 8;
		u->cells = xrealloc(u->cells, (size_t)u->capcells * sizeof(Str *));
	}
	u->cells[u->ncells + u->nfree] = str_intern(name);
	if (is_free)
		u->nfree++;
	else
		u->ncells++;
}

/* The position of the node being compiled (CPython's SET_LOC) */
static void set_line(Compiler *c, const struct ast_pos *p)
{
	if (p && p->lineno > 0)
		c->u->cur = *p;
}

/* CPython 3.11's update_start_location_to_match_attr: an attribute (or a
 * method call on one) spanning lines starts where its name does. */
static void set_line_attr(Compiler *c, const struct ast_pos *p, const ast_expr *attr)
{
	set_line(c, p);
	if (attr->pos.lineno != attr->pos.end_lineno && attr->pos.end_col_offset >= 0) {
		c->u->cur.lineno = attr->pos.end_lineno;
		int chars = 0;   /* CPython subtracts the name's length in characters */
		for (const char *q = attr->v.Attribute.attr; *q; q++)
			chars += ((unsigned char)*q & 0xC0) != 0x80;
		c->u->cur.col_offset = attr->pos.end_col_offset - chars;
	}
}

/* ---- units ---------------------------------------------------------------------- */

static Unit *unit_new(Compiler *c, Scope *st, const char *name, int firstline)
{
	Unit *u = xrealloc(NULL, sizeof(Unit));
	memset(u, 0, sizeof *u);
	u->st = st;
	u->parent = c->u;
	u->name = str_intern(name);
	u->firstline = firstline;
	u->cur.lineno = u->cur.end_lineno = firstline;
	u->cur.col_offset = u->cur.end_col_offset = -1;
	/* varnames: params first */
	Unit *saved = c->u;
	c->u = u;
	for (int i = 0; i < st->nparams; i++)
		varname_index(c, st->params[i]);
	/* cells: locals that are cells, then frees (sorted order of appearance) */
	for (int i = 0; i < st->nsyms; i++)
		if (st->syms[i].scope == SYM_CELL)
			add_cell(u, st->syms[i].name, false);
	if (st->kind == SC_CLASS && st->needs_class_cell)
		add_cell(u, "__class__", false);
	for (int i = 0; i < st->nsyms; i++)
		if (st->syms[i].scope == SYM_FREE)
			add_cell(u, st->syms[i].name, true);
	for (int i = 0; i < st->npass; i++)
		add_cell(u, st->passthrough[i], true);
	c->u = saved;
	/* qualname */
	Unit *p = c->u;
	if (!p || p->st->kind == SC_MODULE) {
		obj_incref(&u->name->ob);
		u->qualname = u->name;
	} else {
		Sym *y = scope_lookup(p->st, name);
		bool global = y && y->scope == SYM_GLOBAL_EXPLICIT;
		if (global) {
			obj_incref(&u->name->ob);
			u->qualname = u->name;
		} else if (p->st->kind == SC_FUNCTION || p->st->kind == SC_COMPREHENSION) {
			u->qualname = str_printf("%s.<locals>.%s", p->qualname->data, name);
		} else {
			u->qualname = str_printf("%s.%s", p->qualname->data, name);
		}
	}
	return u;
}

static void unit_free(Unit *u)
{
	for (int i = 0; i < u->nconsts; i++)
		val_decref(u->consts[i]);
	for (int i = 0; i < u->nnames; i++)
		obj_decref(&u->names[i]->ob);
	for (int i = 0; i < u->nvarnames; i++)
		obj_decref(&u->varnames[i]->ob);
	for (int i = 0; i < u->ncells + u->nfree; i++)
		obj_decref(&u->cells[i]->ob);
	obj_xdecref(u->name ? &u->name->ob : NULL);
	obj_xdecref(u->qualname ? &u->qualname->ob : NULL);
	free(u->code);
	free(u->pos);
	free(u->labels);
	free(u->consts);
	free(u->names);
	free(u->varnames);
	free(u->cells);
	free(u);
}

/* stack effect of an instruction (jump: effect when jumping) */
static int stack_effect(int op, int arg, bool jump)
{
	switch (op) {
	case OP_CALL: return -arg;
	case OP_CALL_KW: return -arg - 1;
	case OP_CALL_METHOD: return -arg - 1;
	case OP_CALL_METHOD_KW: return -arg - 2;
	case OP_CALL_EX: return (arg & 1) ? -2 : -1;
	case OP_BUILD_SLICE: return 1 - arg;
	case OP_BUILD_TUPLE: case OP_BUILD_LIST: case OP_BUILD_SET: case OP_BUILD_STRING:
		return 1 - arg;
	case OP_BUILD_MAP: return 1 - 2 * arg;
	case OP_UNPACK_SEQUENCE: return arg - 1;
	case OP_UNPACK_EX: return (arg & 0xff) + (arg >> 8);
	case OP_MAKE_FUNCTION: {
		int n = 0;
		for (int b = 0; b < 4; b++)
			if (arg & (1 << b))
				n++;
		return -n;
	}
	case OP_RAISE_VARARGS: return -arg;
	case OP_FORMAT_VALUE: return (arg & 4) ? -1 : 0;
	case OP_SETUP_FINALLY: return jump ? 1 : 0;
	case OP_SETUP_WITH: return 0;
	case OP_FOR_ITER: return jump ? -1 : 1;
	case OP_JUMP_IF_FALSE_OR_POP: case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
	case OP_POP_JUMP_IF_FALSE: case OP_POP_JUMP_IF_TRUE: return -1;
	case OP_JUMP: return 0;
	case OP_MATCH_CLASS: return (arg & 1) ? 1 : 0;
	case OP_COPY: return 1;
	case OP_WITH_EXIT_NORMAL: return arg ? 0 : -1;
	case OP_SWAP: return 0;
	case OP_PREP_RERAISE_STAR: return -1;
	}
	static const int effects[] = {
#define X(name, eff, jeff) eff,
		OPCODES(X)
#undef X
	};
	return effects[op];
}

static int compute_stacksize(Unit *u)
{
	int n = u->n;
	int *depth = xrealloc(NULL, (size_t)(n + 1) * sizeof(int));
	size_t capw = (size_t)n + 16;
	int *work = xrealloc(NULL, capw * sizeof(int));
	for (int i = 0; i <= n; i++)
		depth[i] = -1;
	int nw = 0, maxd = 0;
	depth[0] = 0;
	work[nw++] = 0;
	while (nw) {
		int i = work[--nw];
		int d = depth[i];
		while (i < n) {
			int op = (int)INSN_OP(u->code[i]), arg = (int)INSN_ARG(u->code[i]);
			if (is_jump(op)) {
				int jd = d + stack_effect(op, arg, true);
				if (jd > 100000)
					abort();   /* unbalanced stack effects: a compiler bug */
				if (jd > maxd)
					maxd = jd;
				if (arg <= n && depth[arg] < jd) {
					depth[arg] = jd;
					if ((size_t)nw == capw) {
						capw *= 2;
						work = xrealloc(work, capw * sizeof(int));
					}
					work[nw++] = arg;
				}
			}
			d += stack_effect(op, arg, false);
			if (d > maxd)
				maxd = d;
			if (op == OP_JUMP || op == OP_RETURN_VALUE || op == OP_RAISE_VARARGS || op == OP_RERAISE)
				break;
			i++;
			if (depth[i] >= d)
				break;
			depth[i] = d;
		}
	}
	free(depth);
	free(work);
	return maxd + 2;
}

/* ---- the position table ---------------------------------------------------------
 * One entry per run of consecutive instructions with the same position
 * (vm.c: code_position reads it):
 *   0x00-0x7f  one instruction, single-line, on the line of the entry
 *              before (the code's firstline for the first); the byte is
 *              col, the next byte end_col - col
 *   0xc0 | d   one instruction, single-line, d + 1 lines (1..64) below the
 *              entry before; then a byte col and a byte end_col - col
 *   0x80 | n   n + 1 instructions (1..64), then LEB128 varints: line delta
 *              (zigzag), end_line - line (zigzag), col + 1, end_col + 1
 *              (0: unknown)
 * Most instructions take the two-byte form. */

static size_t postab_put_varint(uint8_t *out, size_t k, uint32_t v)
{
	do {
		uint8_t b = v & 0x7f;
		v >>= 7;
		if (v)
			b |= 0x80;
		if (out)
			out[k] = b;
		k++;
	} while (v);
	return k;
}

static uint32_t postab_zig(int v)
{
	return v < 0 ? ((uint32_t)(-(v + 1)) << 1) | 1 : (uint32_t)v << 1;
}

static bool pos_same(const struct ast_pos *a, const struct ast_pos *b)
{
	return a->lineno == b->lineno && a->end_lineno == b->end_lineno && a->col_offset == b->col_offset &&
	       a->end_col_offset == b->end_col_offset;
}

/* Writes the table for pos[0..n) to out (NULL: only measures); returns its size. */
static size_t postab_encode(const struct ast_pos *pos, int n, int firstline, uint8_t *out)
{
	size_t k = 0;
	int line = firstline;
	for (int i = 0; i < n;) {
		const struct ast_pos *p = &pos[i];
		int run = 1;
		while (i + run < n && run < 64 && pos_same(&pos[i + run], p))
			run++;
		int col = p->col_offset < 0 ? -1 : p->col_offset;
		int end_col = p->end_col_offset < 0 ? -1 : p->end_col_offset;
		int end_line = p->end_lineno > 0 ? p->end_lineno : p->lineno;
		if (col < 0)
			end_col = -1;
		if (run == 1 && p->lineno == line && end_line == line && col >= 0 && col < 0x80 && end_col >= col &&
		    end_col - col < 0x100) {
			if (out) {
				out[k] = (uint8_t)col;
				out[k + 1] = (uint8_t)(end_col - col);
			}
			k += 2;
			i++;
			continue;
		}
		if (run == 1 && p->lineno > line && p->lineno - line <= 64 && end_line == p->lineno && col >= 0 &&
		    col < 0x100 && end_col >= col && end_col - col < 0x100) {
			if (out) {
				out[k] = (uint8_t)(0xc0 | (p->lineno - line - 1));
				out[k + 1] = (uint8_t)col;
				out[k + 2] = (uint8_t)(end_col - col);
			}
			k += 3;
			line = p->lineno;
			i++;
			continue;
		}
		if (out)
			out[k] = (uint8_t)(0x80 | (run - 1));
		k++;
		k = postab_put_varint(out, k, postab_zig(p->lineno - line));
		k = postab_put_varint(out, k, postab_zig(end_line - p->lineno));
		k = postab_put_varint(out, k, (uint32_t)(col + 1));
		k = postab_put_varint(out, k, (uint32_t)(end_col + 1));
		line = p->lineno;
		i += run;
	}
	return k;
}

static void copy_bytes(void *dst, const void *src, size_t n)
{
	if (n)
		memcpy(dst, src, n);
}

/* The flags CPython 3.11 gives a code object for its scope (co_flags):
 * functions, lambdas and comprehensions are optimized with new locals,
 * and nested when any enclosing scope is a function (a class between
 * them does not break the chain). */
static uint32_t cpython_scope_flags(Scope *st)
{
	if (st->kind != SC_FUNCTION && st->kind != SC_COMPREHENSION)
		return 0;
	uint32_t f = CO_OPTIMIZED | CO_NEWLOCALS;
	for (Scope *p = st->parent; p; p = p->parent)
		if (p->kind == SC_FUNCTION || p->kind == SC_COMPREHENSION)
			return f | CO_NESTED;
	return f;
}

static Code *unit_assemble(Compiler *c, Unit *u)
{
	/* make sure the code ends with a return */
	/* resolve labels */
	for (int i = 0; i < u->n; i++) {
		int op = (int)INSN_OP(u->code[i]);
		if (is_jump(op)) {
			int l = (int)INSN_ARG(u->code[i]);
			u->code[i] = INSN(op, (uint32_t)u->labels[l]);
		}
	}
	/* the position table lives in the Code object's own allocation */
	size_t npostab = postab_encode(u->pos, u->n, u->firstline, NULL);
	Code *co = (Code *)obj_alloc(&code_type, sizeof(Code) + npostab);
	if (!co)
		return NULL;
	uint8_t *postab = (uint8_t *)(co + 1);
	postab_encode(u->pos, u->n, u->firstline, postab);
	co->postab = postab;
	co->npostab = (uint32_t)npostab;
	co->ninsns = (size_t)u->n;
	co->insns = mem_alloc(co->ninsns * sizeof(uint32_t));
	copy_bytes(co->insns, u->code, co->ninsns * sizeof(uint32_t));
	co->nconsts = (size_t)u->nconsts;
	co->consts = mem_alloc(co->nconsts * sizeof(Value));
	copy_bytes(co->consts, u->consts, co->nconsts * sizeof(Value));
	u->nconsts = 0;
	co->nnames = (size_t)u->nnames;
	co->names = mem_alloc(co->nnames * sizeof(Str *));
	copy_bytes(co->names, u->names, co->nnames * sizeof(Str *));
	u->nnames = 0;
	co->nlocals = u->nvarnames;
	co->varnames = mem_alloc((size_t)co->nlocals * sizeof(Str *));
	copy_bytes(co->varnames, u->varnames, (size_t)co->nlocals * sizeof(Str *));
	u->nvarnames = 0;
	co->ncells = u->ncells;
	co->nfree = u->nfree;
	co->cellnames = mem_alloc((size_t)(u->ncells + u->nfree) * sizeof(Str *));
	copy_bytes(co->cellnames, u->cells, (size_t)(u->ncells + u->nfree) * sizeof(Str *));
	co->cell2arg = mem_alloc((size_t)u->ncells * sizeof(int));
	for (int i = 0; i < u->ncells; i++) {
		co->cell2arg[i] = -1;
		for (int j = 0; j < co->nlocals && j < u->st->nparams; j++)
			if (str_equal(co->varnames[j], u->cells[i]))
				co->cell2arg[i] = j;
	}
	u->ncells = u->nfree = 0;
	co->stacksize = compute_stacksize(u);
	co->argcount = u->argcount;
	co->posonlycount = u->posonly;
	co->kwonlycount = u->kwonly;
	co->flags = u->flags | c->future_flags | (c->future_annotations ? CO_FUTURE_ANNOTATIONS : 0) | cpython_scope_flags(u->st);
	obj_incref(&u->name->ob);
	co->name = u->name;
	obj_incref(&u->qualname->ob);
	co->qualname = u->qualname;
	obj_incref(&c->filename_str->ob);
	co->filename = c->filename_str;
	if (c->source) {
		obj_incref(&c->source->ob);
		co->source = c->source;
	}
	co->firstline = u->firstline;
	return co;
}

/* ---- names ------------------------------------------------------------------------ */

static bool fast_scope(Unit *u)
{
	return u->st->kind == SC_FUNCTION || u->st->kind == SC_COMPREHENSION;
}

static void compile_name(Compiler *c, const char *name0, int ctx)
{
	Unit *u = c->u;
	char *name = mangle_name(u->st->private_name, name0);
	Sym *y = scope_lookup(u->st, name);
	int scope = y ? y->scope : SYM_GLOBAL_IMPLICIT;
	if (!y && strcmp(name, "__class__") == 0 && cell_index(c, name) >= 0)
		scope = SYM_FREE;
	int op;
	uint32_t arg;
	switch (scope) {
	case SYM_FREE:
	case SYM_CELL:
		arg = (uint32_t)cell_index(c, name);
		if (ctx == CTX_Load)
			op = u->st->kind == SC_CLASS ? OP_LOAD_CLASSDEREF : OP_LOAD_DEREF;
		else
			op = ctx == CTX_Store ? OP_STORE_DEREF : OP_DELETE_DEREF;
		if (u->st->kind == SC_CLASS && scope == SYM_FREE && ctx == CTX_Load)
			arg = (uint32_t)cell_index(c, name);
		break;
	case SYM_LOCAL:
		if (fast_scope(u)) {
			arg = (uint32_t)varname_index(c, name);
			op = ctx == CTX_Load ? OP_LOAD_FAST : ctx == CTX_Store ? OP_STORE_FAST : OP_DELETE_FAST;
		} else {
			arg = (uint32_t)add_name(c, name);
			op = ctx == CTX_Load ? OP_LOAD_NAME : ctx == CTX_Store ? OP_STORE_NAME : OP_DELETE_NAME;
		}
		break;
	case SYM_GLOBAL_EXPLICIT:
		arg = (uint32_t)add_name(c, name);
		op = ctx == CTX_Load ? OP_LOAD_GLOBAL : ctx == CTX_Store ? OP_STORE_GLOBAL : OP_DELETE_GLOBAL;
		break;
	default:
		arg = (uint32_t)add_name(c, name);
		if (fast_scope(u))
			op = ctx == CTX_Load ? OP_LOAD_GLOBAL : ctx == CTX_Store ? OP_STORE_GLOBAL : OP_DELETE_GLOBAL;
		else
			op = ctx == CTX_Load ? OP_LOAD_NAME : ctx == CTX_Store ? OP_STORE_NAME : OP_DELETE_NAME;
		break;
	}
	if (name != name0)
		free(name);
	emit(c, op, arg);
}

static int attr_name(Compiler *c, const char *attr)
{
	char *m = mangle_name(c->u->st->private_name, attr);
	int i = add_name(c, m);
	if (m != attr)
		free(m);
	return i;
}

/* ---- expressions --------------------------------------------------------------- */

static void compile_expr(Compiler *c, ast_expr *e);
static void compile_annotation(Compiler *c, ast_expr *e);
static void compile_stmts(Compiler *c, ast_stmt_seq *b);
static void compile_store(Compiler *c, ast_expr *t);
static void compile_jump_if(Compiler *c, ast_expr *e, bool cond, int label);

Value constant_value(struct ast_constant *k)
{
	switch (k->kind) {
	case CONST_None: return v_none();
	case CONST_True: return v_bool(true);
	case CONST_False: return v_bool(false);
	case CONST_Ellipsis: return v_obj(&ellipsis_obj);
	case CONST_Int:
		if (!k->v.i.big)
			return v_int(k->v.i.small);
		return int_from_cstr(k->v.i.digits, 10);
	case CONST_Float: return v_float(k->v.f);
	case CONST_Complex: {
		extern Value complex_new_value(double re, double im);
		return complex_new_value(0.0, k->v.imag);
	}
	case CONST_Str: return str_value(str_new(k->v.s.data, k->v.s.len));
	case CONST_Bytes: {
		Bytes *b = bytes_new(k->v.s.data, k->v.s.len);
		return b ? v_obj(&b->ob) : v_null();
	}
	}
	return v_none();
}

static void load_const(Compiler *c, Value v)
{
	if (v.tag == V_OBJ && v.u.o == &ellipsis_obj)
		obj_incref(&ellipsis_obj);
	emit(c, OP_LOAD_CONST, (uint32_t)add_const(c, v));
}

static int nb_of(enum ast_operator op)
{
	switch (op) {
	case OP_Add: return NB_ADD;
	case OP_Sub: return NB_SUB;
	case OP_Mult: return NB_MUL;
	case OP_MatMult: return NB_MATMUL;
	case OP_Div: return NB_TRUEDIV;
	case OP_Mod: return NB_MOD;
	case OP_Pow: return NB_POW;
	case OP_LShift: return NB_LSHIFT;
	case OP_RShift: return NB_RSHIFT;
	case OP_BitOr: return NB_OR;
	case OP_BitXor: return NB_XOR;
	case OP_BitAnd: return NB_AND;
	case OP_FloorDiv: return NB_FLOORDIV;
	}
	return NB_ADD;
}

static void compile_cmpop(Compiler *c, int op)
{
	switch (op) {
	case CMP_Eq: emit(c, OP_COMPARE_OP, CMP_EQ); break;
	case CMP_NotEq: emit(c, OP_COMPARE_OP, CMP_NE); break;
	case CMP_Lt: emit(c, OP_COMPARE_OP, CMP_LT); break;
	case CMP_LtE: emit(c, OP_COMPARE_OP, CMP_LE); break;
	case CMP_Gt: emit(c, OP_COMPARE_OP, CMP_GT); break;
	case CMP_GtE: emit(c, OP_COMPARE_OP, CMP_GE); break;
	case CMP_Is: emit(c, OP_IS_OP, 0); break;
	case CMP_IsNot: emit(c, OP_IS_OP, 1); break;
	case CMP_In: emit(c, OP_CONTAINS_OP, 0); break;
	case CMP_NotIn: emit(c, OP_CONTAINS_OP, 1); break;
	}
}

static void compile_compare(Compiler *c, ast_expr *e)
{
	compile_warn_compare(c->filename, c->source, e);
	compile_expr(c, e->v.Compare.left);
	int n = e->v.Compare.ops.n;
	if (n == 1) {
		compile_expr(c, e->v.Compare.comparators.items[0]);
		compile_cmpop(c, e->v.Compare.ops.items[0]);
		return;
	}
	int cleanup = new_label(c), end = new_label(c);
	for (int i = 0; i < n - 1; i++) {
		compile_expr(c, e->v.Compare.comparators.items[i]);
		emit(c, OP_DUP_TOP, 0);
		emit(c, OP_ROT_THREE, 0);
		compile_cmpop(c, e->v.Compare.ops.items[i]);
		emit(c, OP_JUMP_IF_FALSE_OR_POP, (uint32_t)cleanup);
	}
	compile_expr(c, e->v.Compare.comparators.items[n - 1]);
	compile_cmpop(c, e->v.Compare.ops.items[n - 1]);
	emit(c, OP_JUMP, (uint32_t)end);
	bind_label(c, cleanup);
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_TOP, 0);
	bind_label(c, end);
}

static bool has_starred(ast_expr_seq *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->items[i]->kind == EXPR_Starred)
			return true;
	return false;
}

/* A constant as CPython's AST optimizer sees it (literal, or -/+ literal). */
static bool folded_constant(ast_expr *e, Value *out)
{
	if (e->kind == EXPR_Constant) {
		*out = constant_value(&e->v.Constant.value);
		return !IS_NULL(*out);
	}
	if (e->kind == EXPR_UnaryOp && (e->v.UnaryOp.op == UNARY_USub || e->v.UnaryOp.op == UNARY_UAdd) &&
	    e->v.UnaryOp.operand->kind == EXPR_Constant) {
		int k = e->v.UnaryOp.operand->v.Constant.value.kind;
		if (k != CONST_Int && k != CONST_Float)
			return false;
		Value v = constant_value(&e->v.UnaryOp.operand->v.Constant.value);
		if (IS_NULL(v))
			return false;
		*out = e->v.UnaryOp.op == UNARY_USub ? unary_neg(v) : v;
		if (e->v.UnaryOp.op == UNARY_USub)
			val_decref(v);
		return !IS_NULL(*out);
	}
	return false;
}

/* {c1, c2, c3, ...} of constants: CPython builds a frozenset constant (and
 * rebuilds it once when merging constants), which fixes the iteration
 * order of the resulting set; reproduce that. */
static bool compile_const_set(Compiler *c, ast_expr_seq *elts)
{
	if (elts->n <= 2)
		return false;
	Set *fs = set_new(&frozenset_type);
	if (!fs)
		return false;
	for (int i = 0; i < elts->n; i++) {
		Value v;
		if (!folded_constant(elts->items[i], &v)) {
			err_clear();
			obj_decref(&fs->ob);
			return false;
		}
		int r = set_add(fs, v);
		val_decref(v);
		if (r < 0) {
			err_clear();
			obj_decref(&fs->ob);
			return false;
		}
	}
	Set *fs2 = set_new(&frozenset_type);
	size_t pos = 0;
	Value k;
	while (set_next(fs, &pos, &k))
		set_add(fs2, k);
	obj_decref(&fs->ob);
	emit(c, OP_BUILD_SET, 0);
	load_const(c, v_obj(&fs2->ob));
	emit(c, OP_SET_UPDATE, 1);
	return true;
}

/* Build a list/tuple/set of elts with possible *starred items. kind: 0 list,
 * 1 tuple, 2 set */
static void compile_sequence(Compiler *c, ast_expr_seq *elts, int kind)
{
	if (kind == 2 && !has_starred(elts) && compile_const_set(c, elts))
		return;
	if (!has_starred(elts)) {
		for (int i = 0; i < elts->n; i++)
			compile_expr(c, elts->items[i]);
		emit(c, kind == 2 ? OP_BUILD_SET : kind == 1 ? OP_BUILD_TUPLE : OP_BUILD_LIST, (uint32_t)elts->n);
		return;
	}
	emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, 0);
	for (int i = 0; i < elts->n; i++) {
		ast_expr *x = elts->items[i];
		if (x->kind == EXPR_Starred) {
			compile_expr(c, x->v.Starred.value);
			emit(c, kind == 2 ? OP_SET_UPDATE : OP_LIST_EXTEND, 1);
		} else {
			compile_expr(c, x);
			emit(c, kind == 2 ? OP_SET_ADD : OP_LIST_APPEND, 1);
		}
	}
	if (kind == 1)
		emit(c, OP_LIST_TO_TUPLE, 0);
}

static void compile_dict(Compiler *c, ast_expr *e)
{
	int n = e->v.Dict.keys.n;
	int pending = 0;
	bool built = false;
	for (int i = 0; i < n; i++) {
		ast_expr *k = e->v.Dict.keys.items[i];
		if (!k) {
			if (pending || !built) {
				emit(c, OP_BUILD_MAP, (uint32_t)pending);
				if (built)
					emit(c, OP_DICT_UPDATE, 1);
				built = true;
				pending = 0;
			}
			compile_expr(c, e->v.Dict.values.items[i]);
			emit(c, OP_DICT_UPDATE, 1);
			continue;
		}
		compile_expr(c, k);
		compile_expr(c, e->v.Dict.values.items[i]);
		pending++;
	}
	if (!built || pending) {
		emit(c, OP_BUILD_MAP, (uint32_t)pending);
		if (built)
			emit(c, OP_DICT_UPDATE, 1);
	}
}

static void compile_call_args(Compiler *c, ast_expr_seq *args, ast_keyword_seq *kws, int prefix_args, bool method)
{
	bool dynamic = has_starred(args);
	for (int i = 0; i < kws->n; i++)
		if (!kws->items[i]->arg)
			dynamic = true;
	if (!dynamic) {
		for (int i = 0; i < args->n; i++)
			compile_expr(c, args->items[i]);
		if (kws->n) {
			Tuple *names = tuple_new((size_t)kws->n);
			for (int i = 0; i < kws->n; i++) {
				compile_expr(c, kws->items[i]->value);
				names->items[i] = str_value(str_intern(kws->items[i]->arg));
			}
			load_const(c, v_obj(&names->ob));
			emit(c, method ? OP_CALL_METHOD_KW : OP_CALL_KW, (uint32_t)(args->n + kws->n + prefix_args));
		} else {
			emit(c, method ? OP_CALL_METHOD : OP_CALL, (uint32_t)(args->n + prefix_args));
		}
		return;
	}
	/* positional args as a tuple; f(*a) passes a itself, which CALL_EX
	 * turns into a tuple (and names f when a is not iterable) */
	if (prefix_args == 0 && args->n == 1 && args->items[0]->kind == EXPR_Starred) {
		compile_expr(c, args->items[0]->v.Starred.value);
		goto keywords;
	}
	emit(c, OP_BUILD_LIST, 0);
	for (int i = 0; i < args->n; i++) {
		ast_expr *a = args->items[i];
		if (a->kind == EXPR_Starred) {
			compile_expr(c, a->v.Starred.value);
			emit(c, OP_LIST_EXTEND, 1);
		} else {
			compile_expr(c, a);
			emit(c, OP_LIST_APPEND, 1);
		}
	}
	emit(c, OP_LIST_TO_TUPLE, 0);
keywords:
	if (kws->n) {
		emit(c, OP_BUILD_MAP, 0);
		for (int i = 0; i < kws->n; i++) {
			ast_keyword *k = kws->items[i];
			if (k->arg) {
				load_const(c, str_value(str_intern(k->arg)));
				compile_expr(c, k->value);
				emit(c, OP_BUILD_MAP, 1);
				emit(c, OP_DICT_MERGE, 1);
			} else {
				compile_expr(c, k->value);
				emit(c, OP_DICT_MERGE, 1);
			}
		}
		emit(c, OP_CALL_EX, 1);
	} else {
		emit(c, OP_CALL_EX, 0);
	}
}

static void compile_call(Compiler *c, ast_expr *e)
{
	compile_warn_call(c->filename, c->source, e);
	ast_expr *f = e->v.Call.func;
	bool dynamic = has_starred(&e->v.Call.args);
	for (int i = 0; i < e->v.Call.keywords.n; i++)
		if (!e->v.Call.keywords.items[i]->arg)
			dynamic = true;
	if (f->kind == EXPR_Attribute && !dynamic) {
		compile_expr(c, f->v.Attribute.value);
		set_line_attr(c, &f->pos, f);
		emit(c, OP_LOAD_METHOD, (uint32_t)attr_name(c, f->v.Attribute.attr));
		set_line_attr(c, &e->pos, f);
		compile_call_args(c, &e->v.Call.args, &e->v.Call.keywords, 0, true);
		return;
	}
	compile_expr(c, f);
	compile_call_args(c, &e->v.Call.args, &e->v.Call.keywords, 0, false);
}

static void compile_fstring(Compiler *c, ast_expr *e)
{
	int n = 0;
	for (int i = 0; i < e->v.JoinedStr.values.n; i++) {
		compile_expr(c, e->v.JoinedStr.values.items[i]);
		n++;
	}
	if (n == 1)   /* one part is already the str (f"{s}" is s, as CPython) */
		return;
	emit(c, OP_BUILD_STRING, (uint32_t)n);
}

static void compile_formatted(Compiler *c, ast_expr *e)
{
	compile_expr(c, e->v.FormattedValue.value);
	uint32_t flags = 0;
	switch (e->v.FormattedValue.conversion) {
	case 's': flags = 1; break;
	case 'r': flags = 2; break;
	case 'a': flags = 3; break;
	default: flags = 0; break;
	}
	if (e->v.FormattedValue.format_spec) {
		compile_expr(c, e->v.FormattedValue.format_spec);
		flags |= 4;
	}
	emit(c, OP_FORMAT_VALUE, flags);
}

static Code *compile_function_body(Compiler *c, Scope *st, const char *name, ast_arguments *args,
				   ast_stmt_seq *body, ast_expr *lambda_body, int firstline, bool is_async);

/* Push defaults/kwdefaults/annotations and the code+closure; returns flags */
static uint32_t compile_defaults(Compiler *c, ast_arguments *a)
{
	uint32_t flags = 0;
	if (a->defaults.n) {
		for (int i = 0; i < a->defaults.n; i++)
			compile_expr(c, a->defaults.items[i]);
		emit(c, OP_BUILD_TUPLE, (uint32_t)a->defaults.n);
		flags |= 1;
	}
	int nkw = 0;
	for (int i = 0; i < a->kwonlyargs.n; i++) {
		if (a->kw_defaults.items[i]) {
			load_const(c, str_value(str_intern(a->kwonlyargs.items[i]->arg)));
			compile_expr(c, a->kw_defaults.items[i]);
			nkw++;
		}
	}
	if (nkw) {
		emit(c, OP_BUILD_MAP, (uint32_t)nkw);
		flags |= 2;
	}
	return flags;
}

static uint32_t compile_annotations(Compiler *c, ast_arguments *a, ast_expr *returns)
{
	int n = 0;
	/* CPython's order: positional, *args, keyword-only, **kwargs */
	ast_arg_seq *seqs[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
	ast_arg *va[3] = {NULL, a->vararg, NULL};
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < seqs[k]->n; i++) {
			ast_arg *x = seqs[k]->items[i];
			if (x->annotation) {
				load_const(c, str_value(str_intern(x->arg)));
				compile_annotation(c, x->annotation);
				n++;
			}
		}
		if (va[k] && va[k]->annotation) {
			load_const(c, str_value(str_intern(va[k]->arg)));
			compile_annotation(c, va[k]->annotation);
			n++;
		}
	}
	if (a->kwarg && a->kwarg->annotation) {
		load_const(c, str_value(str_intern(a->kwarg->arg)));
		compile_annotation(c, a->kwarg->annotation);
		n++;
	}
	if (returns) {
		load_const(c, str_value(str_intern("return")));
		compile_annotation(c, returns);
		n++;
	}
	if (!n)
		return 0;
	emit(c, OP_BUILD_MAP, (uint32_t)n);
	return 4;
}

static void make_closure(Compiler *c, Code *co, uint32_t flags)
{
	if (co->nfree) {
		for (int i = 0; i < co->nfree; i++) {
			Str *name = co->cellnames[co->ncells + i];
			int idx = cell_index(c, name->data);
			if (idx < 0) {
				cerror(c, NULL, "internal error: no cell for free variable '%s'", name->data);
				idx = 0;
			}
			emit(c, OP_LOAD_CLOSURE, (uint32_t)idx);
		}
		emit(c, OP_BUILD_TUPLE, (uint32_t)co->nfree);
		flags |= 8;
	}
	obj_incref(&co->ob);
	load_const(c, v_obj(&co->ob));
	emit(c, OP_MAKE_FUNCTION, flags);
}

static void compile_comprehension(Compiler *c, ast_expr *e)
{
	Scope *st = scope_child_for(c->u->st, e);
	ast_comprehension_seq *gens;
	const char *name;
	switch (e->kind) {
	case EXPR_ListComp: gens = &e->v.ListComp.generators; name = "<listcomp>"; break;
	case EXPR_SetComp: gens = &e->v.SetComp.generators; name = "<setcomp>"; break;
	case EXPR_DictComp: gens = &e->v.DictComp.generators; name = "<dictcomp>"; break;
	default: gens = &e->v.GeneratorExp.generators; name = "<genexpr>"; break;
	}
	Unit *u = unit_new(c, st, name, e->pos.lineno);
	u->argcount = 1;
	u->flags = st->generator ? CO_GENERATOR : 0;
	if (st->coroutine && e->kind == EXPR_GeneratorExp)
		u->flags = CO_ASYNC_GEN;
	else if (st->coroutine)
		u->flags |= CO_COROUTINE;
	Unit *saved = c->u;
	c->u = u;
	if (e->kind == EXPR_ListComp)
		emit(c, OP_BUILD_LIST, 0);
	else if (e->kind == EXPR_SetComp)
		emit(c, OP_BUILD_SET, 0);
	else if (e->kind == EXPR_DictComp)
		emit(c, OP_BUILD_MAP, 0);
	int depth = e->kind == EXPR_GeneratorExp ? 0 : 1;
	int *starts = xrealloc(NULL, (size_t)gens->n * sizeof(int));
	int *ends = xrealloc(NULL, (size_t)gens->n * sizeof(int));
	int *async_handlers = xrealloc(NULL, (size_t)gens->n * sizeof(int));
	for (int i = 0; i < gens->n; i++) {
		ast_comprehension *g = gens->items[i];
		if (i == 0) {
			emit(c, OP_LOAD_FAST, 0);
		} else {
			compile_expr(c, g->iter);
			emit(c, g->is_async ? OP_GET_AITER : OP_GET_ITER, 0);
		}
		starts[i] = new_label(c);
		ends[i] = new_label(c);
		bind_label(c, starts[i]);
		if (g->is_async) {
			/* as compile_for: try: x = await anext(it)
			 * except StopAsyncIteration: leave this loop */
			async_handlers[i] = new_label(c);
			emit(c, OP_SETUP_FINALLY, (uint32_t)async_handlers[i]);
			emit(c, OP_GET_ANEXT, 0);
			emit(c, OP_GET_AWAITABLE, 0);
			load_const(c, v_none());
			emit(c, OP_YIELD_FROM, 0);
			emit(c, OP_POP_BLOCK, 0);
		} else {
			emit(c, OP_FOR_ITER, (uint32_t)ends[i]);
		}
		depth++;
		compile_store(c, g->target);
		for (int j = 0; j < g->ifs.n; j++)
			compile_jump_if(c, g->ifs.items[j], false, starts[i]);
	}
	switch (e->kind) {
	case EXPR_ListComp:
		compile_expr(c, e->v.ListComp.elt);
		emit(c, OP_LIST_APPEND, (uint32_t)depth);
		break;
	case EXPR_SetComp:
		compile_expr(c, e->v.SetComp.elt);
		emit(c, OP_SET_ADD, (uint32_t)depth);
		break;
	case EXPR_DictComp:
		compile_expr(c, e->v.DictComp.key);
		compile_expr(c, e->v.DictComp.value);
		emit(c, OP_MAP_ADD, (uint32_t)depth);
		break;
	default:
		compile_expr(c, e->v.GeneratorExp.elt);
		emit(c, OP_YIELD_VALUE, (u->flags & CO_ASYNC_GEN) ? 1 : 0);
		emit(c, OP_POP_TOP, 0);
		break;
	}
	for (int i = gens->n - 1; i >= 0; i--) {
		emit(c, OP_JUMP, (uint32_t)starts[i]);
		if (gens->items[i]->is_async) {
			bind_label(c, async_handlers[i]);
			emit(c, OP_END_ASYNC_FOR, 0);   /* [iter, exc]: pops both */
		}
		bind_label(c, ends[i]);
	}
	free(starts);
	free(ends);
	free(async_handlers);
	if (e->kind == EXPR_GeneratorExp)
		load_const(c, v_none());
	emit(c, OP_RETURN_VALUE, 0);
	Code *co = unit_assemble(c, u);
	c->u = saved;
	unit_free(u);
	if (!co)
		return;
	make_closure(c, co, 0);
	obj_decref(&co->ob);
	compile_expr(c, gens->items[0]->iter);
	emit(c, gens->items[0]->is_async ? OP_GET_AITER : OP_GET_ITER, 0);
	emit(c, OP_CALL, 1);
	if (st->coroutine && e->kind != EXPR_GeneratorExp) {
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
	}
}

static void compile_lambda(Compiler *c, ast_expr *e)
{
	ast_arguments *a = e->v.Lambda.args;
	uint32_t flags = compile_defaults(c, a);
	Scope *st = scope_child_for(c->u->st, e);
	Code *co = compile_function_body(c, st, "<lambda>", a, NULL, e->v.Lambda.body, e->pos.lineno, false);
	if (!co)
		return;
	make_closure(c, co, flags);
	obj_decref(&co->ob);
}

static void compile_slice(Compiler *c, ast_expr *e)
{
	if (e->v.Slice.lower) compile_expr(c, e->v.Slice.lower); else load_const(c, v_none());
	if (e->v.Slice.upper) compile_expr(c, e->v.Slice.upper); else load_const(c, v_none());
	if (e->v.Slice.step) {
		compile_expr(c, e->v.Slice.step);
		emit(c, OP_BUILD_SLICE, 3);
	} else {
		emit(c, OP_BUILD_SLICE, 2);
	}
}

static void compile_expr(Compiler *c, ast_expr *e)
{
	if (c->failed)
		return;
	struct ast_pos saved_pos = c->u->cur;
	set_line(c, &e->pos);
	switch (e->kind) {
	case EXPR_BoolOp: {
		int end = new_label(c);
		int op = e->v.BoolOp.op == BOOL_And ? OP_JUMP_IF_FALSE_OR_POP : OP_JUMP_IF_TRUE_OR_POP;
		for (int i = 0; i < e->v.BoolOp.values.n; i++) {
			compile_expr(c, e->v.BoolOp.values.items[i]);
			if (i < e->v.BoolOp.values.n - 1)
				emit(c, op, (uint32_t)end);
		}
		bind_label(c, end);
		break;
	}
	case EXPR_NamedExpr:
		compile_expr(c, e->v.NamedExpr.value);
		emit(c, OP_DUP_TOP, 0);
		compile_name(c, e->v.NamedExpr.target->v.Name.id, CTX_Store);
		break;
	case EXPR_BinOp:
		compile_expr(c, e->v.BinOp.left);
		compile_expr(c, e->v.BinOp.right);
		set_line(c, &e->pos);
		emit(c, OP_BINARY_OP, (uint32_t)nb_of(e->v.BinOp.op));
		break;
	case EXPR_UnaryOp:
		compile_expr(c, e->v.UnaryOp.operand);
		switch (e->v.UnaryOp.op) {
		case UNARY_Invert: emit(c, OP_UNARY_INVERT, 0); break;
		case UNARY_Not: emit(c, OP_UNARY_NOT, 0); break;
		case UNARY_UAdd: emit(c, OP_UNARY_POS, 0); break;
		case UNARY_USub: emit(c, OP_UNARY_NEG, 0); break;
		}
		break;
	case EXPR_Lambda: compile_lambda(c, e); break;
	case EXPR_IfExp: {
		int orelse = new_label(c), end = new_label(c);
		compile_jump_if(c, e->v.IfExp.test, false, orelse);
		compile_expr(c, e->v.IfExp.body);
		emit(c, OP_JUMP, (uint32_t)end);
		bind_label(c, orelse);
		compile_expr(c, e->v.IfExp.orelse);
		bind_label(c, end);
		break;
	}
	case EXPR_Dict: compile_dict(c, e); break;
	case EXPR_Set: compile_sequence(c, &e->v.Set.elts, 2); break;
	case EXPR_ListComp:
	case EXPR_SetComp:
	case EXPR_DictComp:
	case EXPR_GeneratorExp:
		compile_comprehension(c, e);
		break;
	case EXPR_Await:
		compile_expr(c, e->v.Await.value);
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
		break;
	case EXPR_Yield:
		if (e->v.Yield.value)
			compile_expr(c, e->v.Yield.value);
		else
			load_const(c, v_none());
		emit(c, OP_YIELD_VALUE, (c->u->flags & CO_ASYNC_GEN) ? 1 : 0);
		break;
	case EXPR_YieldFrom:
		compile_expr(c, e->v.YieldFrom.value);
		emit(c, OP_GET_YIELD_FROM_ITER, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
		break;
	case EXPR_Compare: compile_compare(c, e); break;
	case EXPR_Call: compile_call(c, e); break;
	case EXPR_FormattedValue: compile_formatted(c, e); break;
	case EXPR_JoinedStr: compile_fstring(c, e); break;
	case EXPR_Constant: load_const(c, constant_value(&e->v.Constant.value)); break;
	case EXPR_Attribute:
		compile_expr(c, e->v.Attribute.value);
		set_line_attr(c, &e->pos, e);
		if (e->v.Attribute.ctx == CTX_Load)
			emit(c, OP_LOAD_ATTR, (uint32_t)attr_name(c, e->v.Attribute.attr));
		break;
	case EXPR_Subscript:
		if (e->v.Subscript.ctx == CTX_Load)
			compile_warn_subscript(c->filename, c->source, e);
		compile_expr(c, e->v.Subscript.value);
		compile_expr(c, e->v.Subscript.slice);
		set_line(c, &e->pos);
		emit(c, OP_BINARY_SUBSCR, 0);
		break;
	case EXPR_Starred:
		cerror(c, &e->pos, "can't use starred expression here");
		break;
	case EXPR_Name: compile_name(c, e->v.Name.id, CTX_Load); break;
	case EXPR_List: compile_sequence(c, &e->v.List.elts, 0); break;
	case EXPR_Tuple: compile_sequence(c, &e->v.Tuple.elts, 1); break;
	case EXPR_Slice: compile_slice(c, e); break;
	}
	c->u->cur = saved_pos;
}

/* Jump to label if truth(e) == cond; falls through otherwise. */
static void compile_jump_if(Compiler *c, ast_expr *e, bool cond, int label)
{
	if (e->kind == EXPR_UnaryOp && e->v.UnaryOp.op == UNARY_Not) {
		compile_jump_if(c, e->v.UnaryOp.operand, !cond, label);
		return;
	}
	if (e->kind == EXPR_BoolOp) {
		bool is_and = e->v.BoolOp.op == BOOL_And;
		int n = e->v.BoolOp.values.n;
		if (is_and != cond) {
			/* and/False or or/True: any element deciding jumps to label */
			for (int i = 0; i < n; i++)
				compile_jump_if(c, e->v.BoolOp.values.items[i], cond, label);
		} else {
			int skip = new_label(c);
			for (int i = 0; i < n - 1; i++)
				compile_jump_if(c, e->v.BoolOp.values.items[i], !cond, skip);
			compile_jump_if(c, e->v.BoolOp.values.items[n - 1], cond, label);
			bind_label(c, skip);
		}
		return;
	}
	compile_expr(c, e);
	if (e->kind == EXPR_Compare)
		set_line(c, &e->pos);   /* as CPython 3.11, not restored after */
	emit(c, cond ? OP_POP_JUMP_IF_TRUE : OP_POP_JUMP_IF_FALSE, (uint32_t)label);
}

/* ---- stores ------------------------------------------------------------------ */

static void compile_unpack(Compiler *c, ast_expr_seq *elts, const struct ast_pos *pos)
{
	int star = -1;
	for (int i = 0; i < elts->n; i++) {
		if (elts->items[i]->kind == EXPR_Starred) {
			if (star >= 0) {
				cerror(c, &elts->items[i]->pos, "multiple starred expressions in assignment");
				return;
			}
			star = i;
		}
	}
	if (star < 0) {
		emit(c, OP_UNPACK_SEQUENCE, (uint32_t)elts->n);
	} else {
		int before = star, after = elts->n - star - 1;
		if (before > 255 || after > 0xffff) {
			cerror(c, pos, "too many expressions in star-unpacking assignment");
			return;
		}
		emit(c, OP_UNPACK_EX, (uint32_t)(before | (after << 8)));
	}
	for (int i = 0; i < elts->n; i++) {
		ast_expr *t = elts->items[i];
		compile_store(c, t->kind == EXPR_Starred ? t->v.Starred.value : t);
	}
}

static void compile_store(Compiler *c, ast_expr *t)
{
	set_line(c, &t->pos);
	switch (t->kind) {
	case EXPR_Name: compile_name(c, t->v.Name.id, CTX_Store); break;
	case EXPR_Attribute:
		compile_expr(c, t->v.Attribute.value);
		set_line(c, &t->pos);
		emit(c, OP_STORE_ATTR, (uint32_t)attr_name(c, t->v.Attribute.attr));
		break;
	case EXPR_Subscript:
		compile_expr(c, t->v.Subscript.value);
		compile_expr(c, t->v.Subscript.slice);
		set_line(c, &t->pos);
		emit(c, OP_STORE_SUBSCR, 0);
		break;
	case EXPR_Tuple: compile_unpack(c, &t->v.Tuple.elts, &t->pos); break;
	case EXPR_List: compile_unpack(c, &t->v.List.elts, &t->pos); break;
	case EXPR_Starred:
		cerror(c, &t->pos, "starred assignment target must be in a list or tuple");
		break;
	default:
		cerror(c, &t->pos, "cannot assign to expression");
		break;
	}
}

static void compile_delete(Compiler *c, ast_expr *t)
{
	set_line(c, &t->pos);
	switch (t->kind) {
	case EXPR_Name: compile_name(c, t->v.Name.id, CTX_Del); break;
	case EXPR_Attribute:
		compile_expr(c, t->v.Attribute.value);
		emit(c, OP_DELETE_ATTR, (uint32_t)attr_name(c, t->v.Attribute.attr));
		break;
	case EXPR_Subscript:
		compile_expr(c, t->v.Subscript.value);
		compile_expr(c, t->v.Subscript.slice);
		emit(c, OP_DELETE_SUBSCR, 0);
		break;
	case EXPR_Tuple:
		for (int i = 0; i < t->v.Tuple.elts.n; i++)
			compile_delete(c, t->v.Tuple.elts.items[i]);
		break;
	case EXPR_List:
		for (int i = 0; i < t->v.List.elts.n; i++)
			compile_delete(c, t->v.List.elts.items[i]);
		break;
	default:
		cerror(c, &t->pos, "cannot delete expression");
	}
}

/* ---- fblocks and unwinding ------------------------------------------------------- */

static bool push_fb(Compiler *c, int kind, int start, int exit, const void *datum, const struct ast_pos *pos)
{
	Unit *u = c->u;
	if (u->nfb >= MAX_FBLOCKS) {
		cerror(c, pos, "too many statically nested blocks");
		return false;
	}
	u->fb[u->nfb].kind = kind;
	u->fb[u->nfb].start = start;
	u->fb[u->nfb].exit = exit;
	u->fb[u->nfb].datum = datum;
	u->nfb++;
	return true;
}

static void pop_fb(Compiler *c) { c->u->nfb--; }

static void clear_handler_name(Compiler *c, const char *name)
{
	load_const(c, v_none());
	compile_name(c, name, CTX_Store);
	compile_name(c, name, CTX_Del);
}

/* Emit the cleanup for leaving fblock fb (preserve_tos: a return value is on top). */
static void unwind_fblock(Compiler *c, FBlock *fb, bool preserve_tos)
{
	switch (fb->kind) {
	case FB_WHILE:
	case FB_TRY_EXCEPT:
		if (fb->kind == FB_TRY_EXCEPT)
			emit(c, OP_POP_BLOCK, 0);
		break;
	case FB_FOR:
		if (preserve_tos)
			emit(c, OP_ROT_TWO, 0);
		emit(c, OP_POP_TOP, 0);
		break;
	case FB_ASYNC_FOR:
		if (preserve_tos)
			emit(c, OP_ROT_TWO, 0);
		emit(c, OP_POP_TOP, 0);
		break;
	case FB_POP_VALUE:
		if (preserve_tos)
			emit(c, OP_ROT_TWO, 0);
		emit(c, OP_POP_TOP, 0);
		break;
	case FB_FINALLY_TRY: {
		emit(c, OP_POP_BLOCK, 0);
		/* run the finally body inline; it must not see this fblock */
		ast_stmt_seq *body = (ast_stmt_seq *)fb->datum;
		Unit *u = c->u;
		FBlock saved = *fb;
		int idx = (int)(fb - u->fb);
		/* temporarily hide fblocks from idx up */
		int savedn = u->nfb;
		u->nfb = idx;
		if (preserve_tos)
			push_fb(c, FB_POP_VALUE, -1, -1, NULL, NULL);
		compile_stmts(c, body);
		if (preserve_tos)
			pop_fb(c);
		u->nfb = savedn;
		u->fb[idx] = saved;
		break;
	}
	case FB_FINALLY_END:
		/* inside the exceptional finally path: stack [prev, exc] */
		emit(c, OP_POP_BLOCK, 0);
		if (preserve_tos) {
			emit(c, OP_ROT_THREE, 0);
			emit(c, OP_POP_TOP, 0);
			emit(c, OP_POP_EXCEPT, 0);
		} else {
			emit(c, OP_POP_TOP, 0);
			emit(c, OP_POP_EXCEPT, 0);
		}
		break;
	case FB_WITH:
	case FB_ASYNC_WITH:
		emit(c, OP_POP_BLOCK, 0);
		if (preserve_tos)
			emit(c, OP_ROT_TWO, 0);
		emit(c, OP_WITH_EXIT_NORMAL, fb->kind == FB_ASYNC_WITH ? 1 : 0);
		if (fb->kind == FB_ASYNC_WITH) {
			emit(c, OP_GET_AWAITABLE, 0);
			load_const(c, v_none());
			emit(c, OP_YIELD_FROM, 0);
			emit(c, OP_POP_TOP, 0);
		}
		break;
	case FB_HANDLER:
		/* stack [prev]; the handler's cleanup block is active */
		emit(c, OP_POP_BLOCK, 0);
		if (preserve_tos)
			emit(c, OP_ROT_TWO, 0);
		emit(c, OP_POP_EXCEPT, 0);
		break;
	case FB_HANDLER_CLEANUP:
		emit(c, OP_POP_BLOCK, 0);
		if (fb->datum)
			clear_handler_name(c, (const char *)fb->datum);
		break;
	}
}

#define EXCEPT_STAR_EXIT "'break', 'continue' and 'return' cannot appear in an except* block"

/* Unwind to the innermost loop (for break/continue); returns its fblock. */
static FBlock *unwind_to_loop(Compiler *c, const struct ast_pos *pos, const char *what)
{
	Unit *u = c->u;
	for (int i = u->nfb - 1; i >= 0; i--) {
		FBlock *fb = &u->fb[i];
		if (fb->kind == FB_EXCEPT_STAR) {
			cerror(c, pos, EXCEPT_STAR_EXIT);
			return NULL;
		}
		if (fb->kind == FB_WHILE || fb->kind == FB_FOR || fb->kind == FB_ASYNC_FOR)
			return fb;
	}
	cerror(c, pos, "%s", what);
	return NULL;
}

static void emit_unwind(Compiler *c, int down_to, bool preserve_tos)
{
	Unit *u = c->u;
	for (int i = u->nfb - 1; i >= down_to; i--)
		unwind_fblock(c, &u->fb[i], preserve_tos);
}

/* ---- statements ------------------------------------------------------------------ */

static void compile_function_def(Compiler *c, ast_stmt *s)
{
	struct ast_function_def *f = &s->v.FunctionDef;
	for (int i = 0; i < f->decorator_list.n; i++)
		compile_expr(c, f->decorator_list.items[i]);
	set_line(c, &s->pos);
	uint32_t flags = compile_defaults(c, f->args);
	flags |= compile_annotations(c, f->args, f->returns);
	Scope *st = scope_child_for(c->u->st, s);
	int firstline = s->pos.lineno;
	if (f->decorator_list.n)
		firstline = f->decorator_list.items[0]->pos.lineno;
	Code *co = compile_function_body(c, st, f->name, f->args, &f->body, NULL, firstline, s->kind == STMT_AsyncFunctionDef);
	if (!co)
		return;
	set_line(c, &s->pos);
	make_closure(c, co, flags);
	obj_decref(&co->ob);
	for (int i = f->decorator_list.n - 1; i >= 0; i--) {
		set_line(c, &f->decorator_list.items[i]->pos);
		emit(c, OP_CALL, 1);
	}
	set_line(c, &s->pos);
	compile_name(c, f->name, CTX_Store);
}

static bool is_docstring(ast_stmt *s)
{
	return s->kind == STMT_Expr && s->v.Expr.value->kind == EXPR_Constant &&
	       s->v.Expr.value->v.Constant.value.kind == CONST_Str;
}

static Code *compile_function_body(Compiler *c, Scope *st, const char *name, ast_arguments *args,
				   ast_stmt_seq *body, ast_expr *lambda_body, int firstline, bool is_async)
{
	Unit *u = unit_new(c, st, name, firstline);
	u->argcount = args->posonlyargs.n + args->args.n;
	u->posonly = args->posonlyargs.n;
	u->kwonly = args->kwonlyargs.n;
	if (args->vararg)
		u->flags |= CO_VARARGS;
	if (args->kwarg)
		u->flags |= CO_VARKW;
	if (st->generator && is_async)
		u->flags |= CO_ASYNC_GEN;
	else if (st->generator)
		u->flags |= CO_GENERATOR;
	else if (is_async)
		u->flags |= CO_COROUTINE;
	Unit *saved = c->u;
	c->u = u;
	/* docstring is const 0 (None when absent) */
	if (body && body->n && is_docstring(body->items[0])) {
		struct ast_constant *k = &body->items[0]->v.Expr.value->v.Constant.value;
		add_const(c, str_value(str_new(k->v.s.data, k->v.s.len)));
	} else {
		add_const(c, v_none());
	}
	if (body) {
		int start = (body->n && is_docstring(body->items[0])) ? 1 : 0;
		for (int i = start; i < body->n && !c->failed; i++) {
			ast_stmt_seq one = {1, &body->items[i]};
			compile_stmts(c, &one);
		}
		load_const(c, v_none());
		emit(c, OP_RETURN_VALUE, 0);
	} else {
		compile_expr(c, lambda_body);
		emit(c, OP_RETURN_VALUE, 0);
	}
	Code *co = c->failed ? NULL : unit_assemble(c, u);
	c->u = saved;
	unit_free(u);
	return co;
}

static void compile_class(Compiler *c, ast_stmt *s)
{
	for (int i = 0; i < s->v.ClassDef.decorator_list.n; i++)
		compile_expr(c, s->v.ClassDef.decorator_list.items[i]);
	set_line(c, &s->pos);
	Scope *st = scope_child_for(c->u->st, s);
	int firstline = s->pos.lineno;
	if (s->v.ClassDef.decorator_list.n)
		firstline = s->v.ClassDef.decorator_list.items[0]->pos.lineno;
	Unit *u = unit_new(c, st, s->v.ClassDef.name, firstline);
	u->flags = CO_CLASS;
	Unit *saved = c->u;
	c->u = u;
	set_line(c, &s->pos);
	add_const(c, v_none());
	compile_name(c, "__name__", CTX_Load);
	emit(c, OP_STORE_NAME, (uint32_t)add_name(c, "__module__"));
	load_const(c, str_value(u->qualname));
	obj_incref(&u->qualname->ob);
	emit(c, OP_STORE_NAME, (uint32_t)add_name(c, "__qualname__"));
	ast_stmt_seq *body = &s->v.ClassDef.body;
	int start = 0;
	if (body->n && is_docstring(body->items[0])) {
		struct ast_constant *k = &body->items[0]->v.Expr.value->v.Constant.value;
		set_line(c, &body->items[0]->pos);
		load_const(c, str_value(str_new(k->v.s.data, k->v.s.len)));
		emit(c, OP_STORE_NAME, (uint32_t)add_name(c, "__doc__"));
		start = 1;
	}
	bool annotations = false;
	for (int i = 0; i < body->n; i++)
		if (body->items[i]->kind == STMT_AnnAssign)
			annotations = true;
	if (annotations)
		emit(c, OP_SETUP_ANNOTATIONS, 0);
	for (int i = start; i < body->n && !c->failed; i++) {
		ast_stmt_seq one = {1, &body->items[i]};
		compile_stmts(c, &one);
	}
	if (st->needs_class_cell) {
		emit(c, OP_LOAD_CLOSURE, (uint32_t)cell_index(c, "__class__"));
		emit(c, OP_DUP_TOP, 0);
		emit(c, OP_STORE_NAME, (uint32_t)add_name(c, "__classcell__"));
	} else {
		load_const(c, v_none());
	}
	emit(c, OP_RETURN_VALUE, 0);
	Code *co = c->failed ? NULL : unit_assemble(c, u);
	c->u = saved;
	unit_free(u);
	if (!co)
		return;
	set_line(c, &s->pos);
	emit(c, OP_LOAD_BUILD_CLASS, 0);
	make_closure(c, co, 0);
	obj_decref(&co->ob);
	load_const(c, str_value(str_intern(s->v.ClassDef.name)));
	/* call __build_class__(func, name, *bases, **keywords) */
	ast_expr_seq bases = s->v.ClassDef.bases;
	compile_call_args(c, &bases, &s->v.ClassDef.keywords, 2, false);
	for (int i = s->v.ClassDef.decorator_list.n - 1; i >= 0; i--) {
		set_line(c, &s->v.ClassDef.decorator_list.items[i]->pos);
		emit(c, OP_CALL, 1);
	}
	set_line(c, &s->pos);
	compile_name(c, s->v.ClassDef.name, CTX_Store);
}

static void compile_if(Compiler *c, ast_stmt *s)
{
	int end = new_label(c);
	int orelse = s->v.If.orelse.n ? new_label(c) : end;
	compile_jump_if(c, s->v.If.test, false, orelse);
	compile_stmts(c, &s->v.If.body);
	if (s->v.If.orelse.n) {
		emit(c, OP_JUMP, (uint32_t)end);
		bind_label(c, orelse);
		compile_stmts(c, &s->v.If.orelse);
	}
	bind_label(c, end);
}

static void compile_while(Compiler *c, ast_stmt *s)
{
	int start = new_label(c), body = new_label(c), orelse = new_label(c), end = new_label(c);
	bind_label(c, start);
	compile_jump_if(c, s->v.While.test, false, orelse);
	bind_label(c, body);
	if (!push_fb(c, FB_WHILE, start, end, NULL, &s->pos))
		return;
	compile_stmts(c, &s->v.While.body);
	pop_fb(c);
	emit(c, OP_JUMP, (uint32_t)start);
	bind_label(c, orelse);
	compile_stmts(c, &s->v.While.orelse);
	bind_label(c, end);
}

static void compile_for(Compiler *c, ast_stmt *s)
{
	bool async = s->kind == STMT_AsyncFor;
	int start = new_label(c), cleanup = new_label(c), end = new_label(c);
	compile_expr(c, s->v.For.iter);
	set_line(c, &s->pos);
	emit(c, async ? OP_GET_AITER : OP_GET_ITER, 0);
	bind_label(c, start);
	if (!push_fb(c, async ? FB_ASYNC_FOR : FB_FOR, start, end, NULL, &s->pos))
		return;
	if (async) {
		/* try: value = await anext(it) except StopAsyncIteration: break */
		int handler = new_label(c);
		emit(c, OP_SETUP_FINALLY, (uint32_t)handler);
		emit(c, OP_GET_ANEXT, 0);
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
		emit(c, OP_POP_BLOCK, 0);
		compile_store(c, s->v.For.target);
		compile_stmts(c, &s->v.For.body);
		emit(c, OP_JUMP, (uint32_t)start);
		bind_label(c, handler);
		/* stack: [iter, exc] */
		emit(c, OP_END_ASYNC_FOR, 0);
		pop_fb(c);
		bind_label(c, cleanup);
		compile_stmts(c, &s->v.For.orelse);
		bind_label(c, end);
		return;
	}
	emit(c, OP_FOR_ITER, (uint32_t)cleanup);
	compile_store(c, s->v.For.target);
	compile_stmts(c, &s->v.For.body);
	emit(c, OP_JUMP, (uint32_t)start);
	pop_fb(c);
	bind_label(c, cleanup);
	compile_stmts(c, &s->v.For.orelse);
	bind_label(c, end);
}

static void compile_return(Compiler *c, ast_stmt *s)
{
	Unit *u = c->u;
	if (s->v.Return.value && (u->flags & CO_ASYNC_GEN)) {
		cerror(c, &s->pos, "'return' with value in async generator");
		return;
	}
	bool has_cleanup = false;
	for (int i = 0; i < u->nfb; i++) {
		if (u->fb[i].kind == FB_EXCEPT_STAR) {
			/* CPython reports it at the value when that is on the line */
			ast_expr *v = s->v.Return.value;
			cerror(c, v && v->pos.lineno == s->pos.lineno ? &v->pos : &s->pos, EXCEPT_STAR_EXIT);
			return;
		}
		if (u->fb[i].kind != FB_WHILE)
			has_cleanup = true;
	}
	if (s->v.Return.value)
		compile_expr(c, s->v.Return.value);
	else
		load_const(c, v_none());
	if (has_cleanup) {
		emit_unwind(c, 0, true);
		set_line(c, &s->pos);
	}
	emit(c, OP_RETURN_VALUE, 0);
}

static void compile_break_continue(Compiler *c, ast_stmt *s, bool is_break)
{
	Unit *u = c->u;
	FBlock *loop = unwind_to_loop(c, &s->pos, is_break ? "'break' outside loop" : "'continue' not properly in loop");
	if (!loop)
		return;
	int idx = (int)(loop - u->fb);
	emit_unwind(c, idx + 1, false);
	if (is_break) {
		if (loop->kind != FB_WHILE)
			emit(c, OP_POP_TOP, 0);
		emit(c, OP_JUMP, (uint32_t)loop->exit);
	} else {
		emit(c, OP_JUMP, (uint32_t)loop->start);
	}
}

static void compile_try_except(Compiler *c, ast_stmt *s)
{
	struct ast_try *t = &s->v.Try;
	int handler = new_label(c), orelse = new_label(c), end = new_label(c), cleanup = new_label(c);
	emit(c, OP_SETUP_FINALLY, (uint32_t)handler);
	if (!push_fb(c, FB_TRY_EXCEPT, -1, -1, NULL, &s->pos))
		return;
	compile_stmts(c, &t->body);
	pop_fb(c);
	emit(c, OP_POP_BLOCK, 0);
	emit(c, OP_JUMP, (uint32_t)orelse);
	bind_label(c, handler);
	/* stack: [exc].  The cleanup block is set up first, at this depth, so
	 * that an exception raised anywhere in the clauses (their bodies, but
	 * also an `except` type expression, while exc is still on the stack)
	 * unwinds to [prev] and arrives as [prev, new], as in CPython. */
	emit(c, OP_SETUP_FINALLY, (uint32_t)cleanup);
	emit(c, OP_PUSH_EXC_INFO, 0);
	/* stack: [prev, exc] */
	for (int i = 0; i < t->handlers.n; i++) {
		ast_excepthandler *h = t->handlers.items[i];
		set_line(c, &h->pos);
		if (!h->type && i < t->handlers.n - 1) {
			cerror(c, &h->pos, "default 'except:' must be last");
			return;
		}
		int next = new_label(c);
		if (h->type) {
			emit(c, OP_DUP_TOP, 0);
			compile_expr(c, h->type);
			emit(c, OP_CHECK_EXC_MATCH, 0);
			emit(c, OP_POP_JUMP_IF_FALSE, (uint32_t)next);
		}
		if (h->name) {
			compile_name(c, h->name, CTX_Store);
			/* try: body finally: name = None; del name */
			int name_cleanup = new_label(c);
			emit(c, OP_SETUP_FINALLY, (uint32_t)name_cleanup);
			push_fb(c, FB_HANDLER, -1, -1, NULL, &h->pos);
			push_fb(c, FB_HANDLER_CLEANUP, -1, -1, h->name, &h->pos);
			compile_stmts(c, &h->body);
			pop_fb(c);
			pop_fb(c);
			emit(c, OP_POP_BLOCK, 0);   /* name cleanup */
			emit(c, OP_POP_BLOCK, 0);   /* handler cleanup */
			emit(c, OP_POP_EXCEPT, 0);
			clear_handler_name(c, h->name);
			emit(c, OP_JUMP, (uint32_t)end);
			bind_label(c, name_cleanup);
			/* stack: [prev, exc2] */
			clear_handler_name(c, h->name);
			emit(c, OP_RERAISE, 0);
		} else {
			emit(c, OP_POP_TOP, 0);
			push_fb(c, FB_HANDLER, -1, -1, NULL, &h->pos);
			compile_stmts(c, &h->body);
			pop_fb(c);
			emit(c, OP_POP_BLOCK, 0);
			emit(c, OP_POP_EXCEPT, 0);
			emit(c, OP_JUMP, (uint32_t)end);
		}
		bind_label(c, next);
	}
	/* no handler matched: re-raise (caught by the cleanup block) */
	emit(c, OP_RERAISE, 0);
	bind_label(c, cleanup);
	/* stack: [prev, exc] */
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, orelse);
	compile_stmts(c, &t->orelse);
	bind_label(c, end);
}

/* try ... except* (PEP 654), CPython 3.11's scheme.  The handler keeps
 * [prev, orig, res, rest]: orig the exception caught, res the list of
 * what the clauses raise, rest the part no clause has handled yet.  Each
 * clause takes its part of rest (CHECK_EG_MATCH, which also makes it the
 * handled exception); an exception its body raises goes to res.  At the
 * end PREP_RERAISE_STAR joins res and rest into what is re-raised. */
static void compile_try_star(Compiler *c, ast_stmt *s)
{
	struct ast_try *t = &s->v.Try;
	int handler = new_label(c), orelse = new_label(c), end = new_label(c), cleanup = new_label(c),
	    reraise = new_label(c);
	emit(c, OP_SETUP_FINALLY, (uint32_t)handler);
	if (!push_fb(c, FB_TRY_EXCEPT, -1, -1, NULL, &s->pos))
		return;
	compile_stmts(c, &t->body);
	pop_fb(c);
	emit(c, OP_POP_BLOCK, 0);
	emit(c, OP_JUMP, (uint32_t)orelse);
	bind_label(c, handler);
	emit(c, OP_PUSH_EXC_INFO, 0);
	/* [prev, orig]: an error in the machinery restores prev (cleanup) */
	emit(c, OP_SETUP_FINALLY, (uint32_t)cleanup);
	emit(c, OP_BUILD_LIST, 0);
	emit(c, OP_COPY, 2);
	for (int i = 0; i < t->handlers.n && !c->failed; i++) {
		ast_excepthandler *h = t->handlers.items[i];
		int next = new_label(c), no_match = new_label(c), h_err = new_label(c);
		set_line(c, &h->pos);
		/* [prev, orig, res, rest] */
		compile_expr(c, h->type);
		emit(c, OP_CHECK_EG_MATCH, 0);
		emit(c, OP_DUP_TOP, 0);
		load_const(c, v_none());
		emit(c, OP_IS_OP, 0);
		emit(c, OP_POP_JUMP_IF_TRUE, (uint32_t)no_match);
		if (h->name)
			compile_name(c, h->name, CTX_Store);
		else
			emit(c, OP_POP_TOP, 0);
		emit(c, OP_SETUP_FINALLY, (uint32_t)h_err);
		if (!push_fb(c, FB_EXCEPT_STAR, -1, -1, NULL, &h->pos))
			return;
		compile_stmts(c, &h->body);
		pop_fb(c);
		emit(c, OP_POP_BLOCK, 0);
		if (h->name)
			clear_handler_name(c, h->name);
		emit(c, OP_JUMP, (uint32_t)next);
		bind_label(c, h_err);
		/* [prev, orig, res, rest, raised] */
		if (h->name)
			clear_handler_name(c, h->name);
		emit(c, OP_LIST_APPEND, 2);
		emit(c, OP_JUMP, (uint32_t)next);
		bind_label(c, no_match);
		emit(c, OP_POP_TOP, 0);
		bind_label(c, next);
	}
	/* [prev, orig, res, rest] -> [prev, orig, res + [rest]] -> [prev, exc or None] */
	emit(c, OP_LIST_APPEND, 1);
	emit(c, OP_PREP_RERAISE_STAR, 0);
	emit(c, OP_POP_BLOCK, 0);
	emit(c, OP_DUP_TOP, 0);
	load_const(c, v_none());
	emit(c, OP_IS_OP, 0);
	emit(c, OP_POP_JUMP_IF_FALSE, (uint32_t)reraise);
	emit(c, OP_POP_TOP, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_JUMP, (uint32_t)end);
	bind_label(c, reraise);
	/* [prev, exc] */
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, cleanup);
	/* [prev, orig, exc] */
	emit(c, OP_SWAP, 2);
	emit(c, OP_POP_TOP, 0);
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, orelse);
	compile_stmts(c, &t->orelse);
	bind_label(c, end);
}

static void compile_try_finally(Compiler *c, ast_stmt *s)
{
	struct ast_try *t = &s->v.Try;
	int handler = new_label(c), end = new_label(c), cleanup = new_label(c);
	emit(c, OP_SETUP_FINALLY, (uint32_t)handler);
	if (!push_fb(c, FB_FINALLY_TRY, -1, -1, &t->finalbody, &s->pos))
		return;
	if (t->handlers.n && s->kind == STMT_TryStar)
		compile_try_star(c, s);
	else if (t->handlers.n)
		compile_try_except(c, s);
	else
		compile_stmts(c, &t->body);
	pop_fb(c);
	emit(c, OP_POP_BLOCK, 0);
	compile_stmts(c, &t->finalbody);
	emit(c, OP_JUMP, (uint32_t)end);
	bind_label(c, handler);
	/* [exc]; the cleanup is set up at this depth (see compile_try_except) */
	emit(c, OP_SETUP_FINALLY, (uint32_t)cleanup);
	emit(c, OP_PUSH_EXC_INFO, 0);
	push_fb(c, FB_FINALLY_END, -1, -1, NULL, &s->pos);
	compile_stmts(c, &t->finalbody);
	pop_fb(c);
	emit(c, OP_POP_BLOCK, 0);
	/* [prev, exc]: restore prev, re-raise exc */
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, cleanup);
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, end);
}

static void compile_with_item(Compiler *c, ast_stmt *s, int i)
{
	bool async = s->kind == STMT_AsyncWith;
	ast_withitem *it = s->v.With.items.items[i];
	int handler = new_label(c), end = new_label(c), cleanup = new_label(c), suppress = new_label(c);
	compile_expr(c, it->context_expr);
	set_line(c, &s->pos);
	emit(c, async ? OP_BEFORE_ASYNC_WITH : OP_BEFORE_WITH, 0);
	if (async) {
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
	}
	/* stack: [exit, value]; the handler sees [exit, exc] */
	emit(c, OP_SETUP_WITH, (uint32_t)handler);
	if (!push_fb(c, async ? FB_ASYNC_WITH : FB_WITH, -1, -1, NULL, &s->pos))
		return;
	if (it->optional_vars)
		compile_store(c, it->optional_vars);
	else
		emit(c, OP_POP_TOP, 0);
	if (i + 1 < s->v.With.items.n)
		compile_with_item(c, s, i + 1);
	else
		compile_stmts(c, &s->v.With.body);
	pop_fb(c);
	emit(c, OP_POP_BLOCK, 0);
	set_line(c, &s->pos);
	emit(c, OP_WITH_EXIT_NORMAL, async ? 1 : 0);
	if (async) {
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
		emit(c, OP_POP_TOP, 0);
	}
	emit(c, OP_JUMP, (uint32_t)end);
	bind_label(c, handler);
	/* stack: [exit, exc]; the cleanup is set up at this depth, so that an
	 * error in __exit__ arrives there as [exit, prev, exc2] */
	emit(c, OP_SETUP_FINALLY, (uint32_t)cleanup);
	emit(c, OP_PUSH_EXC_INFO, 0);
	/* [exit, prev, exc] */
	emit(c, OP_WITH_EXCEPT_START, 0);
	/* [exit, prev, exc, res] */
	if (async) {
		emit(c, OP_GET_AWAITABLE, 0);
		load_const(c, v_none());
		emit(c, OP_YIELD_FROM, 0);
	}
	emit(c, OP_POP_JUMP_IF_TRUE, (uint32_t)suppress);
	emit(c, OP_RERAISE, 0);
	bind_label(c, suppress);
	emit(c, OP_POP_BLOCK, 0);
	emit(c, OP_POP_TOP, 0);      /* exc */
	emit(c, OP_POP_EXCEPT, 0);   /* prev */
	emit(c, OP_POP_TOP, 0);      /* exit */
	emit(c, OP_JUMP, (uint32_t)end);
	bind_label(c, cleanup);
	/* [exit, prev, exc2] */
	emit(c, OP_ROT_TWO, 0);
	emit(c, OP_POP_EXCEPT, 0);
	emit(c, OP_RERAISE, 0);
	bind_label(c, end);
}

static void compile_import(Compiler *c, ast_stmt *s)
{
	for (int i = 0; i < s->v.Import.names.n; i++) {
		ast_alias *a = s->v.Import.names.items[i];
		load_const(c, v_int(0));
		load_const(c, v_none());
		emit(c, OP_IMPORT_NAME, (uint32_t)add_name(c, a->name));
		if (a->asname) {
			const char *dot = strchr(a->name, '.');
			while (dot) {
				const char *next = strchr(dot + 1, '.');
				char buf[256];
				size_t n = next ? (size_t)(next - dot - 1) : strlen(dot + 1);
				if (n >= sizeof buf)
					n = sizeof buf - 1;
				memcpy(buf, dot + 1, n);
				buf[n] = 0;
				emit(c, OP_IMPORT_FROM, (uint32_t)add_name(c, buf));
				emit(c, OP_ROT_TWO, 0);
				emit(c, OP_POP_TOP, 0);
				dot = next;
			}
			compile_name(c, a->asname, CTX_Store);
		} else {
			char buf[256];
			const char *dot = strchr(a->name, '.');
			size_t n = dot ? (size_t)(dot - a->name) : strlen(a->name);
			if (n >= sizeof buf)
				n = sizeof buf - 1;
			memcpy(buf, a->name, n);
			buf[n] = 0;
			compile_name(c, buf, CTX_Store);
		}
	}
}

/* from __future__ import ...: a compiler directive, not an import.  Only
 * "annotations" changes anything (annotations are kept as source text). */
static bool compile_future(Compiler *c, ast_stmt *s)
{
	const char *mod = s->v.ImportFrom.module;
	if (!mod || strcmp(mod, "__future__") != 0 || s->v.ImportFrom.level != 0)
		return false;
	static const char *const known[] = {"nested_scopes", "generators", "division",
		"absolute_import", "with_statement", "print_function",
		"unicode_literals", "generator_stop", "annotations", NULL};
	for (int i = 0; i < s->v.ImportFrom.names.n; i++) {
		const char *name = s->v.ImportFrom.names.items[i]->name;
		int k = 0;
		while (known[k] && strcmp(known[k], name) != 0)
			k++;
		if (!known[k]) {
			cerror(c, &s->pos, "future feature %s is not defined", name);
			return true;
		}
		if (strcmp(name, "annotations") == 0)
			c->future_annotations = true;
	}
	return true;
}

/* The source text of e (for postponed annotations), or NULL. */
static Str *expr_source(Compiler *c, ast_expr *e)
{
	if (!c->source)
		return NULL;
	const char *p = c->source->data, *end = p + c->source->nbytes;
	const char *start = NULL, *stop = NULL;
	int line = 1;
	const char *ls = p;
	while (ls <= end) {
		const char *nl = memchr(ls, '\n', (size_t)(end - ls));
		const char *le = nl ? nl : end;
		if (line == e->pos.lineno && e->pos.col_offset <= le - ls)
			start = ls + e->pos.col_offset;
		if (line == e->pos.end_lineno && e->pos.end_col_offset <= le - ls)
			stop = ls + e->pos.end_col_offset;
		if (!nl || stop)
			break;
		ls = nl + 1;
		line++;
	}
	if (!start || !stop || stop < start)
		return NULL;
	/* a multi-line annotation becomes one line (line breaks and the
	 * indentation after them dropped) */
	char *buf = xrealloc(NULL, (size_t)(stop - start) + 1);
	size_t n = 0;
	for (const char *q = start; q < stop; q++) {
		bool brk = *q == '\n' || *q == '\r';
		if (*q == '\\' && q + 1 < stop && q[1] == '\n') {
			q++;
			brk = true;
		}
		if (brk) {
			while (q + 1 < stop && (q[1] == ' ' || q[1] == '\t' || q[1] == '\n' || q[1] == '\r'))
				q++;
			continue;
		}
		buf[n++] = *q;
	}
	Str *r = str_new(buf, n);
	free(buf);
	return r;
}

static void compile_annotation(Compiler *c, ast_expr *e)
{
	if (c->future_annotations) {
		Str *src = unparse_annotation(e);
		if (!src && err_occurred())
			err_clear();
		if (!src)
			src = expr_source(c, e);
		if (src) {
			load_const(c, str_value(src));
			return;
		}
	}
	compile_expr(c, e);
}

static void compile_import_from(Compiler *c, ast_stmt *s)
{
	if (compile_future(c, s))
		return;
	int n = s->v.ImportFrom.names.n;
	Tuple *names = tuple_new((size_t)n);
	for (int i = 0; i < n; i++)
		names->items[i] = str_value(str_intern(s->v.ImportFrom.names.items[i]->name));
	load_const(c, v_int(s->v.ImportFrom.level));
	load_const(c, v_obj(&names->ob));
	const char *mod = s->v.ImportFrom.module ? s->v.ImportFrom.module : "";
	emit(c, OP_IMPORT_NAME, (uint32_t)add_name(c, mod));
	for (int i = 0; i < n; i++) {
		ast_alias *a = s->v.ImportFrom.names.items[i];
		if (strcmp(a->name, "*") == 0) {
			emit(c, OP_IMPORT_STAR, 0);
			return;
		}
		emit(c, OP_IMPORT_FROM, (uint32_t)add_name(c, a->name));
		compile_name(c, a->asname ? a->asname : a->name, CTX_Store);
	}
	emit(c, OP_POP_TOP, 0);
}

static void compile_annassign(Compiler *c, ast_stmt *s)
{
	ast_expr *t = s->v.AnnAssign.target;
	if (s->v.AnnAssign.value) {
		compile_expr(c, s->v.AnnAssign.value);
		compile_store(c, t);
	} else if (t->kind == EXPR_Attribute || t->kind == EXPR_Subscript) {
		/* `obj.attr: T` / `obj[k]: T` still evaluate obj (and k) */
		compile_expr(c, t->kind == EXPR_Attribute ? t->v.Attribute.value : t->v.Subscript.value);
		emit(c, OP_POP_TOP, 0);
		if (t->kind == EXPR_Subscript) {
			compile_expr(c, t->v.Subscript.slice);
			emit(c, OP_POP_TOP, 0);
		}
	}
	if (t->kind == EXPR_Name && s->v.AnnAssign.simple && !fast_scope(c->u)) {
		/* __annotations__[name] = annotation */
		compile_annotation(c, s->v.AnnAssign.annotation);
		emit(c, OP_LOAD_NAME, (uint32_t)add_name(c, "__annotations__"));
		char *m = mangle_name(c->u->st->private_name, t->v.Name.id);
		load_const(c, str_value(str_intern(m)));
		if (m != t->v.Name.id)
			free(m);
		emit(c, OP_STORE_SUBSCR, 0);
	} else if (!fast_scope(c->u)) {
		compile_expr(c, s->v.AnnAssign.annotation);
		emit(c, OP_POP_TOP, 0);
	}
}

static void compile_match(Compiler *c, ast_stmt *s);

static void compile_stmt(Compiler *c, ast_stmt *s)
{
	set_line(c, &s->pos);
	switch (s->kind) {
	case STMT_FunctionDef:
	case STMT_AsyncFunctionDef:
		compile_function_def(c, s);
		break;
	case STMT_ClassDef: compile_class(c, s); break;
	case STMT_Return: compile_return(c, s); break;
	case STMT_Delete:
		for (int i = 0; i < s->v.Delete.targets.n; i++)
			compile_delete(c, s->v.Delete.targets.items[i]);
		break;
	case STMT_Assign: {
		compile_expr(c, s->v.Assign.value);
		int n = s->v.Assign.targets.n;
		for (int i = 0; i < n; i++) {
			if (i < n - 1)
				emit(c, OP_DUP_TOP, 0);
			compile_store(c, s->v.Assign.targets.items[i]);
		}
		break;
	}
	case STMT_AugAssign: {
		/* positions as CPython 3.11: the target's for the load and the
		 * store, the statement's for the operation */
		ast_expr *t = s->v.AugAssign.target;
		int op = nb_of(s->v.AugAssign.op);
		if (t->kind == EXPR_Name) {
			set_line(c, &t->pos);
			compile_name(c, t->v.Name.id, CTX_Load);
			set_line(c, &s->pos);
			compile_expr(c, s->v.AugAssign.value);
			emit(c, OP_INPLACE_OP, (uint32_t)op);
			set_line(c, &t->pos);
			compile_name(c, t->v.Name.id, CTX_Store);
		} else if (t->kind == EXPR_Attribute) {
			set_line(c, &t->pos);
			compile_expr(c, t->v.Attribute.value);
			emit(c, OP_DUP_TOP, 0);
			int ni = attr_name(c, t->v.Attribute.attr);
			set_line_attr(c, &t->pos, t);
			emit(c, OP_LOAD_ATTR, (uint32_t)ni);
			set_line(c, &s->pos);
			compile_expr(c, s->v.AugAssign.value);
			emit(c, OP_INPLACE_OP, (uint32_t)op);
			set_line_attr(c, &t->pos, t);
			emit(c, OP_ROT_TWO, 0);
			emit(c, OP_STORE_ATTR, (uint32_t)ni);
		} else if (t->kind == EXPR_Subscript) {
			set_line(c, &t->pos);
			compile_expr(c, t->v.Subscript.value);
			compile_expr(c, t->v.Subscript.slice);
			emit(c, OP_DUP_TOP_TWO, 0);
			emit(c, OP_BINARY_SUBSCR, 0);
			set_line(c, &s->pos);
			compile_expr(c, s->v.AugAssign.value);
			emit(c, OP_INPLACE_OP, (uint32_t)op);
			set_line(c, &t->pos);
			emit(c, OP_ROT_THREE, 0);
			emit(c, OP_STORE_SUBSCR, 0);
		} else {
			cerror(c, &t->pos, "'%s' is an illegal expression for augmented assignment", "expression");
		}
		break;
	}
	case STMT_AnnAssign: compile_annassign(c, s); break;
	case STMT_For:
	case STMT_AsyncFor:
		compile_for(c, s);
		break;
	case STMT_While: compile_while(c, s); break;
	case STMT_If: compile_if(c, s); break;
	case STMT_With:
	case STMT_AsyncWith:
		compile_with_item(c, s, 0);
		break;
	case STMT_Match: compile_match(c, s); break;
	case STMT_Raise: {
		int n = 0;
		if (s->v.Raise.exc) {
			compile_expr(c, s->v.Raise.exc);
			n++;
			if (s->v.Raise.cause) {
				compile_expr(c, s->v.Raise.cause);
				n++;
			}
		}
		set_line(c, &s->pos);
		emit(c, OP_RAISE_VARARGS, (uint32_t)n);
		break;
	}
	case STMT_Try:
	case STMT_TryStar:
		if (s->v.Try.finalbody.n)
			compile_try_finally(c, s);
		else if (s->kind == STMT_TryStar)
			compile_try_star(c, s);
		else
			compile_try_except(c, s);
		break;
	case STMT_Assert: {
		compile_warn_assert(c->filename, c->source, s);
		int end = new_label(c);
		/* the raise has the statement's position, or the test's when
		 * that is a comparison (compile_jump_if leaves it set) */
		compile_jump_if(c, s->v.Assert.test, true, end);
		emit(c, OP_LOAD_ASSERTION_ERROR, 0);
		if (s->v.Assert.msg) {
			compile_expr(c, s->v.Assert.msg);
			emit(c, OP_CALL, 1);
		}
		emit(c, OP_RAISE_VARARGS, 1);
		bind_label(c, end);
		break;
	}
	case STMT_Import: compile_import(c, s); break;
	case STMT_ImportFrom: compile_import_from(c, s); break;
	case STMT_Global:
	case STMT_Nonlocal:
	case STMT_Pass:
		break;
	case STMT_Expr:
		if (c->interactive && c->u->st->kind == SC_MODULE) {
			compile_expr(c, s->v.Expr.value);
			emit(c, OP_PRINT_EXPR, 0);
			break;
		}
		if (s->v.Expr.value->kind == EXPR_Constant)
			break;
		compile_expr(c, s->v.Expr.value);
		emit(c, OP_POP_TOP, 0);
		break;
	case STMT_Break: compile_break_continue(c, s, true); break;
	case STMT_Continue: compile_break_continue(c, s, false); break;
	}
}

static void compile_stmts(Compiler *c, ast_stmt_seq *b)
{
	for (int i = 0; i < b->n && !c->failed; i++)
		compile_stmt(c, b->items[i]);
}

/* ---- match ---------------------------------------------------------------------- */

#include "worker/compile/compile_match.inc"

/* ---- entry --------------------------------------------------------------------- */

static bool has_annotations(ast_stmt_seq *b)
{
	for (int i = 0; i < b->n; i++) {
		ast_stmt *s = b->items[i];
		switch (s->kind) {
		case STMT_AnnAssign: return true;
		case STMT_If:
			if (has_annotations(&s->v.If.body) || has_annotations(&s->v.If.orelse)) return true;
			break;
		case STMT_For: case STMT_AsyncFor:
			if (has_annotations(&s->v.For.body) || has_annotations(&s->v.For.orelse)) return true;
			break;
		case STMT_While:
			if (has_annotations(&s->v.While.body) || has_annotations(&s->v.While.orelse)) return true;
			break;
		case STMT_With: case STMT_AsyncWith:
			if (has_annotations(&s->v.With.body)) return true;
			break;
		case STMT_Try: case STMT_TryStar:
			if (has_annotations(&s->v.Try.body) || has_annotations(&s->v.Try.orelse) ||
			    has_annotations(&s->v.Try.finalbody)) return true;
			for (int j = 0; j < s->v.Try.handlers.n; j++)
				if (has_annotations(&s->v.Try.handlers.items[j]->body)) return true;
			break;
		default:
			break;
		}
	}
	return false;
}

static const char *const op_names[] = {
#define X(name, eff, jeff) #name,
	OPCODES(X)
#undef X
};

/* Debug aid: BOX_DIS=1 dumps every code object compiled (to stderr). */
static void dump_code(Code *co)
{
	fprintf(stderr, "== %s (stack %d, locals %d, cells %d+%d)\n", co->qualname->data, co->stacksize,
		co->nlocals, co->ncells, co->nfree);
	for (size_t i = 0; i < co->ninsns; i++) {
		uint32_t in = co->insns[i];
		struct code_pos p = {0, 0, 0, 0};
		code_position(co, (int)i, &p);
		fprintf(stderr, "%4zu %4d:%-3d %4d:%-3d %-22s %u\n", i, p.line, p.col, p.end_line, p.end_col, op_names[INSN_OP(in)], INSN_ARG(in));
	}
	for (size_t i = 0; i < co->nconsts; i++)
		if (obj_is(co->consts[i], &code_type))
			dump_code((Code *)co->consts[i].u.o);
}

/* Whether the module's leading statements (after its docstring) import
 * annotations from __future__: the symbol table needs to know before the
 * compiler meets the statement. */
static bool module_imports_future_annotations(ast_mod *mod)
{
	if (mod->kind != MOD_Module)
		return false;
	ast_stmt_seq *body = &mod->v.Module.body;
	for (int i = (body->n && is_docstring(body->items[0])) ? 1 : 0; i < body->n; i++) {
		ast_stmt *s = body->items[i];
		if (s->kind != STMT_ImportFrom || !s->v.ImportFrom.module ||
		    strcmp(s->v.ImportFrom.module, "__future__") != 0 || s->v.ImportFrom.level != 0)
			return false;
		for (int k = 0; k < s->v.ImportFrom.names.n; k++)
			if (strcmp(s->v.ImportFrom.names.items[k]->name, "annotations") == 0)
				return true;
	}
	return false;
}

Code *compile_ast(ast_mod *mod, const char *filename, Str *source, int mode, uint32_t flags)
{
	SymError serr;
	Compiler c;
	memset(&c, 0, sizeof c);
	c.filename = filename;
	c.filename_str = str_cstr(filename);
	c.source = source;
	c.interactive = mode == COMPILE_SINGLE;
	c.future_flags = flags & CO_FUTURE_MASK;
	c.future_annotations = (flags & CO_FUTURE_ANNOTATIONS) || module_imports_future_annotations(mod);
	Scope *top = symtable_build(mod, c.future_annotations, &serr);
	if (!top) {
		c.u = NULL;
		Unit dummy;
		memset(&dummy, 0, sizeof dummy);
		compile_error_at(&c, serr.line, serr.col, 0, 0, serr.msg);
		obj_decref(&c.filename_str->ob);
		return NULL;
	}
	c.top = top;
	Unit *u = unit_new(&c, top, "<module>", 1);
	u->flags = CO_MODULE;
	c.u = u;
	if (mode == COMPILE_EVAL) {
		compile_expr(&c, mod->v.Expression.body);
		emit(&c, OP_RETURN_VALUE, 0);
	} else {
		ast_stmt_seq *body = &mod->v.Module.body;
		if (has_annotations(body))
			emit(&c, OP_SETUP_ANNOTATIONS, 0);
		int start = 0;
		if (body->n && is_docstring(body->items[0]) && mode == COMPILE_EXEC) {
			struct ast_constant *k = &body->items[0]->v.Expr.value->v.Constant.value;
			set_line(&c, &body->items[0]->pos);
			load_const(&c, str_value(str_new(k->v.s.data, k->v.s.len)));
			emit(&c, OP_STORE_NAME, (uint32_t)add_name(&c, "__doc__"));
			start = 1;
		}
		for (int i = start; i < body->n && !c.failed; i++) {
			ast_stmt_seq one = {1, &body->items[i]};
			compile_stmts(&c, &one);
		}
		load_const(&c, v_none());
		emit(&c, OP_RETURN_VALUE, 0);
	}
	Code *co = c.failed ? NULL : unit_assemble(&c, u);
	if (co && getenv("BOX_DIS"))
		dump_code(co);
	unit_free(u);
	symtable_free(top);
	obj_decref(&c.filename_str->ob);
	return co;
}
