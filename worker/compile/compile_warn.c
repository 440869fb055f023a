/* compile_warn.c -- the SyntaxWarnings CPython 3.11's compiler prints for
 * code that is legal but almost certainly a mistake:
 *
 *   x is 1             "is" with a literal. Did you mean "=="?
 *   assert (x, "m")    assertion is always true, perhaps remove parentheses?
 *   [1, 2] [0, 1]      list indices must be integers or slices, not tuple; ...
 *   (1, 2) (3, 4)      'tuple' object is not callable; perhaps you missed a comma?
 *
 * Each goes to stderr as "FILE:LINE: SyntaxWarning: MESSAGE", followed by
 * the stripped source line when FILE is a real file name (CPython's
 * linecache finds it; "<string>" has none), every time the code is
 * compiled.  The checks follow CPython's compile.c (check_compare,
 * check_caller, check_subscripter, check_index), which runs after the AST
 * optimiser: a literal here is a constant, a negated number, or a tuple of
 * constants, which CPython would have folded into one constant.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "worker/compile/compile.h"
#include "worker/runtime/runtime.h"

static bool is_const(const ast_expr *e)
{
	return e->kind == EXPR_Constant;
}

static bool is_number(const ast_expr *e)
{
	if (!is_const(e))
		return false;
	enum ast_constant_kind k = e->v.Constant.value.kind;
	return k == CONST_Int || k == CONST_Float || k == CONST_Complex;
}

/* What CPython's AST optimiser folds into a single constant (the cases
 * that matter here): constants, -/+/~ of a number, tuples of those. */
static bool folds_to_constant(const ast_expr *e)
{
	if (is_const(e))
		return true;
	if (e->kind == EXPR_UnaryOp && e->v.UnaryOp.op != UNARY_Not)
		return is_number(e->v.UnaryOp.operand) &&
		       !(e->v.UnaryOp.op == UNARY_Invert && e->v.UnaryOp.operand->v.Constant.value.kind != CONST_Int);
	if (e->kind == EXPR_Tuple) {
		for (int i = 0; i < e->v.Tuple.elts.n; i++)
			if (!folds_to_constant(e->v.Tuple.elts.items[i]))
				return false;
		return true;
	}
	return false;
}

/* The type name of the folded constant, or NULL. */
static const char *folded_type(const ast_expr *e)
{
	if (e->kind == EXPR_Tuple)
		return "tuple";
	if (e->kind == EXPR_UnaryOp)
		e = e->v.UnaryOp.operand;
	switch (e->v.Constant.value.kind) {
	case CONST_None: return "NoneType";
	case CONST_True: case CONST_False: return "bool";
	case CONST_Ellipsis: return "ellipsis";
	case CONST_Int: return "int";
	case CONST_Float: return "float";
	case CONST_Complex: return "complex";
	case CONST_Str: return "str";
	case CONST_Bytes: return "bytes";
	}
	return NULL;
}

/* CPython's infer_type(): the type an expression certainly has, or NULL. */
static const char *infer_type(const ast_expr *e)
{
	if (folds_to_constant(e))
		return folded_type(e);
	switch (e->kind) {
	case EXPR_Tuple: return "tuple";
	case EXPR_List: case EXPR_ListComp: return "list";
	case EXPR_Dict: case EXPR_DictComp: return "dict";
	case EXPR_Set: case EXPR_SetComp: return "set";
	case EXPR_GeneratorExp: return "generator";
	case EXPR_Lambda: return "function";
	case EXPR_JoinedStr: case EXPR_FormattedValue: return "str";
	default: return NULL;
	}
}

static void warn(const char *filename, Str *source, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void warn(const char *filename, Str *source, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	char head[1024];
	int n = snprintf(head, sizeof head, "%s:%d: SyntaxWarning: %s\n", filename, line, msg);
	if (n > 0)
		out_write(2, head, (size_t)n < sizeof head ? (size_t)n : sizeof head - 1);
	if (filename[0] == '<' || source == NULL || line < 1)
		return;
	const char *p = source->data, *end = source->data + source->nbytes;
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
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\f'))
		e--;
	if (p == e)
		return;
	out_write(2, "  ", 2);
	out_write(2, p, (size_t)(e - p));
	out_write(2, "\n", 1);
}

/* CPython's check_is_arg: fine on either side of `is` (not a literal). */
static bool is_arg_ok(const ast_expr *e)
{
	if (!folds_to_constant(e))
		return true;
	if (!is_const(e))
		return false;
	enum ast_constant_kind k = e->v.Constant.value.kind;
	return k == CONST_None || k == CONST_True || k == CONST_False || k == CONST_Ellipsis;
}

void compile_warn_compare(const char *filename, Str *source, const ast_expr *e)
{
	bool left = is_arg_ok(e->v.Compare.left);
	for (int i = 0; i < e->v.Compare.ops.n; i++) {
		int op = e->v.Compare.ops.items[i];
		bool right = is_arg_ok(e->v.Compare.comparators.items[i]);
		if ((op == CMP_Is || op == CMP_IsNot) && (!left || !right)) {
			warn(filename, source, e->pos.lineno, op == CMP_Is
			     ? "\"is\" with a literal. Did you mean \"==\"?"
			     : "\"is not\" with a literal. Did you mean \"!=\"?");
			return;
		}
		left = right;
	}
}

void compile_warn_call(const char *filename, Str *source, const ast_expr *e)
{
	const ast_expr *f = e->v.Call.func;
	switch (f->kind) {
	case EXPR_Constant: case EXPR_Tuple: case EXPR_List: case EXPR_ListComp:
	case EXPR_Dict: case EXPR_DictComp: case EXPR_Set: case EXPR_SetComp:
	case EXPR_GeneratorExp: case EXPR_JoinedStr: case EXPR_FormattedValue:
		warn(filename, source, e->pos.lineno,
		     "'%s' object is not callable; perhaps you missed a comma?", infer_type(f));
		return;
	default:
		return;
	}
}

void compile_warn_subscript(const char *filename, Str *source, const ast_expr *e)
{
	const ast_expr *v = e->v.Subscript.value, *s = e->v.Subscript.slice;
	bool folded = folds_to_constant(v);
	const char *vt = infer_type(v);
	/* check_subscripter: a value that has no __getitem__ at all */
	if ((folded && vt != NULL && (strcmp(vt, "NoneType") == 0 || strcmp(vt, "ellipsis") == 0 ||
				      strcmp(vt, "int") == 0 || strcmp(vt, "bool") == 0 ||
				      strcmp(vt, "float") == 0 || strcmp(vt, "complex") == 0)) ||
	    (!folded && (v->kind == EXPR_Set || v->kind == EXPR_SetComp ||
			 v->kind == EXPR_GeneratorExp || v->kind == EXPR_Lambda))) {
		warn(filename, source, e->pos.lineno,
		     "'%s' object is not subscriptable; perhaps you missed a comma?", vt);
		return;
	}
	/* check_index: a sequence indexed by something that is certainly not
	 * an integer or a slice */
	if (s->kind == EXPR_Slice)
		return;
	const char *st = infer_type(s);
	if (st == NULL || strcmp(st, "int") == 0 || strcmp(st, "bool") == 0)
		return;
	bool sequence = folded ? (vt != NULL && (strcmp(vt, "str") == 0 || strcmp(vt, "bytes") == 0 ||
						 strcmp(vt, "tuple") == 0))
			       : (v->kind == EXPR_Tuple || v->kind == EXPR_List || v->kind == EXPR_ListComp ||
				  v->kind == EXPR_JoinedStr || v->kind == EXPR_FormattedValue);
	if (sequence)
		warn(filename, source, e->pos.lineno,
		     "%s indices must be integers or slices, not %s; perhaps you missed a comma?", vt, st);
}

void compile_warn_assert(const char *filename, Str *source, const ast_stmt *s)
{
	const ast_expr *t = s->v.Assert.test;
	if (t->kind == EXPR_Tuple && t->v.Tuple.elts.n > 0) /* folded or not, unlike `is` */
		warn(filename, source, s->pos.lineno, "assertion is always true, perhaps remove parentheses?");
}
