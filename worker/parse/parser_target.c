/* parser_target.c -- assignment and deletion targets (setting Store/Del
 * contexts, CPython's "cannot assign to ..." messages) and the check that
 * a finished tree is not deeper than the compiler can walk.
 */
#include "worker/parse/parser_internal.h"

#include <string.h>

/* CPython's _PyPegen_get_expr_name. */
const char *p_expr_name(const ast_expr *e)
{
	switch (e->kind) {
	case EXPR_Attribute: return "attribute";
	case EXPR_Subscript: return "subscript";
	case EXPR_Starred: return "starred";
	case EXPR_Name: return "name";
	case EXPR_List: return "list";
	case EXPR_Tuple: return "tuple";
	case EXPR_Lambda: return "lambda";
	case EXPR_Call: return "function call";
	case EXPR_BoolOp: case EXPR_BinOp: case EXPR_UnaryOp: return "expression";
	case EXPR_GeneratorExp: return "generator expression";
	case EXPR_Yield: case EXPR_YieldFrom: return "yield expression";
	case EXPR_Await: return "await expression";
	case EXPR_ListComp: return "list comprehension";
	case EXPR_SetComp: return "set comprehension";
	case EXPR_DictComp: return "dict comprehension";
	case EXPR_Dict: return "dict literal";
	case EXPR_Set: return "set display";
	case EXPR_JoinedStr: case EXPR_FormattedValue: return "f-string expression";
	case EXPR_Constant:
		switch (e->v.Constant.value.kind) {
		case CONST_None: return "None";
		case CONST_True: return "True";
		case CONST_False: return "False";
		case CONST_Ellipsis: return "ellipsis";
		default: return "literal";
		}
	case EXPR_Compare: return "comparison";
	case EXPR_IfExp: return "conditional expression";
	case EXPR_NamedExpr: return "named expression";
	default: return "expression";
	}
}

/* CPython's _PyPegen_get_invalid_target. */
const ast_expr *p_invalid_target(const ast_expr *e, enum target_kind kind)
{
	if (!e)
		return NULL;
	switch (e->kind) {
	case EXPR_List:
	case EXPR_Tuple: {
		const ast_expr_seq *elts = e->kind == EXPR_List ? &e->v.List.elts : &e->v.Tuple.elts;
		for (int i = 0; i < elts->n; i++) {
			const ast_expr *child = p_invalid_target(elts->items[i], kind);
			if (child)
				return child;
		}
		return NULL;
	}
	case EXPR_Starred:
		if (kind == TARGETS_DEL)
			return e;
		return p_invalid_target(e->v.Starred.value, kind);
	case EXPR_Compare:
		if (kind == TARGETS_FOR) {
			if (e->v.Compare.ops.items[0] == CMP_In)
				return p_invalid_target(e->v.Compare.left, kind);
			return NULL;
		}
		return e;
	case EXPR_Name:
	case EXPR_Subscript:
	case EXPR_Attribute:
		return NULL;
	default:
		return e;
	}
}

void p_set_context(struct parser *p, ast_expr *e, enum ast_expr_context ctx, enum target_kind kind)
{
	const ast_expr *bad = p_invalid_target(e, kind);
	if (bad)
		p_fail_range(p, "SyntaxError", &bad->pos, &bad->pos,
			     kind == TARGETS_DEL ? "cannot delete %s" : "cannot assign to %s",
			     p_expr_name(bad));
	switch (e->kind) {
	case EXPR_Name: e->v.Name.ctx = ctx; break;
	case EXPR_Attribute: e->v.Attribute.ctx = ctx; break;
	case EXPR_Subscript: e->v.Subscript.ctx = ctx; break;
	case EXPR_Starred:
		e->v.Starred.ctx = ctx;
		p_set_context(p, e->v.Starred.value, ctx, kind);
		break;
	case EXPR_List:
		e->v.List.ctx = ctx;
		for (int i = 0; i < e->v.List.elts.n; i++)
			p_set_context(p, e->v.List.elts.items[i], ctx, kind);
		break;
	case EXPR_Tuple:
		e->v.Tuple.ctx = ctx;
		for (int i = 0; i < e->v.Tuple.elts.n; i++)
			p_set_context(p, e->v.Tuple.elts.items[i], ctx, kind);
		break;
	default:
		break;
	}
}

/* ---- tree depth ------------------------------------------------------------------ */

struct depth_walk {
	struct parser *p;
	int depth;
};

static void walk_expr(struct depth_walk *w, const ast_expr *e);
static void walk_stmts(struct depth_walk *w, const ast_stmt_seq *body);

/* CPython 3.11 meets a tree this deep in its compiler (the AST optimiser)
 * and says so in these words. */
static noreturn void too_deep(struct depth_walk *w)
{
	syntax_error_set(w->p->err, "RecursionError", 0, 0, 0, 0, NULL, 0, "%s",
			 "maximum recursion depth exceeded during compilation");
	longjmp(*w->p->unwind, 1);
}

static void walk_exprs(struct depth_walk *w, const ast_expr_seq *s)
{
	for (int i = 0; i < s->n; i++)
		walk_expr(w, s->items[i]);
}

static void walk_args(struct depth_walk *w, const ast_arguments *a)
{
	if (!a)
		return;
	walk_exprs(w, &a->defaults);
	walk_exprs(w, &a->kw_defaults);
	const ast_arg_seq *lists[] = { &a->posonlyargs, &a->args, &a->kwonlyargs };
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < lists[k]->n; i++)
			walk_expr(w, lists[k]->items[i]->annotation);
	if (a->vararg)
		walk_expr(w, a->vararg->annotation);
	if (a->kwarg)
		walk_expr(w, a->kwarg->annotation);
}

static void walk_generators(struct depth_walk *w, const ast_comprehension_seq *g)
{
	for (int i = 0; i < g->n; i++) {
		walk_expr(w, g->items[i]->target);
		walk_expr(w, g->items[i]->iter);
		walk_exprs(w, &g->items[i]->ifs);
	}
}

static void walk_expr(struct depth_walk *w, const ast_expr *e)
{
	if (!e)
		return;
	if (++w->depth > AST_MAX_DEPTH)
		too_deep(w);
	switch (e->kind) {
	case EXPR_BoolOp: walk_exprs(w, &e->v.BoolOp.values); break;
	case EXPR_NamedExpr: walk_expr(w, e->v.NamedExpr.target); walk_expr(w, e->v.NamedExpr.value); break;
	case EXPR_BinOp: walk_expr(w, e->v.BinOp.left); walk_expr(w, e->v.BinOp.right); break;
	case EXPR_UnaryOp: walk_expr(w, e->v.UnaryOp.operand); break;
	case EXPR_Lambda: walk_args(w, e->v.Lambda.args); walk_expr(w, e->v.Lambda.body); break;
	case EXPR_IfExp:
		walk_expr(w, e->v.IfExp.test);
		walk_expr(w, e->v.IfExp.body);
		walk_expr(w, e->v.IfExp.orelse);
		break;
	case EXPR_Dict: walk_exprs(w, &e->v.Dict.keys); walk_exprs(w, &e->v.Dict.values); break;
	case EXPR_Set: walk_exprs(w, &e->v.Set.elts); break;
	case EXPR_ListComp: walk_expr(w, e->v.ListComp.elt); walk_generators(w, &e->v.ListComp.generators); break;
	case EXPR_SetComp: walk_expr(w, e->v.SetComp.elt); walk_generators(w, &e->v.SetComp.generators); break;
	case EXPR_GeneratorExp:
		walk_expr(w, e->v.GeneratorExp.elt);
		walk_generators(w, &e->v.GeneratorExp.generators);
		break;
	case EXPR_DictComp:
		walk_expr(w, e->v.DictComp.key);
		walk_expr(w, e->v.DictComp.value);
		walk_generators(w, &e->v.DictComp.generators);
		break;
	case EXPR_Await: walk_expr(w, e->v.Await.value); break;
	case EXPR_Yield: walk_expr(w, e->v.Yield.value); break;
	case EXPR_YieldFrom: walk_expr(w, e->v.YieldFrom.value); break;
	case EXPR_Compare: walk_expr(w, e->v.Compare.left); walk_exprs(w, &e->v.Compare.comparators); break;
	case EXPR_Call:
		walk_expr(w, e->v.Call.func);
		walk_exprs(w, &e->v.Call.args);
		for (int i = 0; i < e->v.Call.keywords.n; i++)
			walk_expr(w, e->v.Call.keywords.items[i]->value);
		break;
	case EXPR_FormattedValue:
		walk_expr(w, e->v.FormattedValue.value);
		walk_expr(w, e->v.FormattedValue.format_spec);
		break;
	case EXPR_JoinedStr: walk_exprs(w, &e->v.JoinedStr.values); break;
	case EXPR_Attribute: walk_expr(w, e->v.Attribute.value); break;
	case EXPR_Subscript: walk_expr(w, e->v.Subscript.value); walk_expr(w, e->v.Subscript.slice); break;
	case EXPR_Starred: walk_expr(w, e->v.Starred.value); break;
	case EXPR_List: walk_exprs(w, &e->v.List.elts); break;
	case EXPR_Tuple: walk_exprs(w, &e->v.Tuple.elts); break;
	case EXPR_Slice:
		walk_expr(w, e->v.Slice.lower);
		walk_expr(w, e->v.Slice.upper);
		walk_expr(w, e->v.Slice.step);
		break;
	default:
		break;
	}
	w->depth--;
}

static void walk_stmt(struct depth_walk *w, const ast_stmt *s)
{
	if (++w->depth > AST_MAX_DEPTH)
		too_deep(w);
	switch (s->kind) {
	case STMT_FunctionDef:
	case STMT_AsyncFunctionDef:
		walk_args(w, s->v.FunctionDef.args);
		walk_exprs(w, &s->v.FunctionDef.decorator_list);
		walk_expr(w, s->v.FunctionDef.returns);
		walk_stmts(w, &s->v.FunctionDef.body);
		break;
	case STMT_ClassDef:
		walk_exprs(w, &s->v.ClassDef.bases);
		for (int i = 0; i < s->v.ClassDef.keywords.n; i++)
			walk_expr(w, s->v.ClassDef.keywords.items[i]->value);
		walk_exprs(w, &s->v.ClassDef.decorator_list);
		walk_stmts(w, &s->v.ClassDef.body);
		break;
	case STMT_Return: walk_expr(w, s->v.Return.value); break;
	case STMT_Delete: walk_exprs(w, &s->v.Delete.targets); break;
	case STMT_Assign: walk_exprs(w, &s->v.Assign.targets); walk_expr(w, s->v.Assign.value); break;
	case STMT_AugAssign: walk_expr(w, s->v.AugAssign.target); walk_expr(w, s->v.AugAssign.value); break;
	case STMT_AnnAssign:
		walk_expr(w, s->v.AnnAssign.target);
		walk_expr(w, s->v.AnnAssign.annotation);
		walk_expr(w, s->v.AnnAssign.value);
		break;
	case STMT_For:
	case STMT_AsyncFor:
		walk_expr(w, s->v.For.target);
		walk_expr(w, s->v.For.iter);
		walk_stmts(w, &s->v.For.body);
		walk_stmts(w, &s->v.For.orelse);
		break;
	case STMT_While:
		walk_expr(w, s->v.While.test);
		walk_stmts(w, &s->v.While.body);
		walk_stmts(w, &s->v.While.orelse);
		break;
	case STMT_If:
		walk_expr(w, s->v.If.test);
		walk_stmts(w, &s->v.If.body);
		walk_stmts(w, &s->v.If.orelse);
		break;
	case STMT_With:
	case STMT_AsyncWith:
		for (int i = 0; i < s->v.With.items.n; i++) {
			walk_expr(w, s->v.With.items.items[i]->context_expr);
			walk_expr(w, s->v.With.items.items[i]->optional_vars);
		}
		walk_stmts(w, &s->v.With.body);
		break;
	case STMT_Match:
		walk_expr(w, s->v.Match.subject);
		for (int i = 0; i < s->v.Match.cases.n; i++) {
			walk_expr(w, s->v.Match.cases.items[i]->guard);
			walk_stmts(w, &s->v.Match.cases.items[i]->body);
		}
		break;
	case STMT_Raise: walk_expr(w, s->v.Raise.exc); walk_expr(w, s->v.Raise.cause); break;
	case STMT_Try:
	case STMT_TryStar:
		walk_stmts(w, &s->v.Try.body);
		for (int i = 0; i < s->v.Try.handlers.n; i++) {
			walk_expr(w, s->v.Try.handlers.items[i]->type);
			walk_stmts(w, &s->v.Try.handlers.items[i]->body);
		}
		walk_stmts(w, &s->v.Try.orelse);
		walk_stmts(w, &s->v.Try.finalbody);
		break;
	case STMT_Assert: walk_expr(w, s->v.Assert.test); walk_expr(w, s->v.Assert.msg); break;
	case STMT_Expr: walk_expr(w, s->v.Expr.value); break;
	default:
		break;
	}
	w->depth--;
}

static void walk_stmts(struct depth_walk *w, const ast_stmt_seq *body)
{
	for (int i = 0; i < body->n; i++)
		walk_stmt(w, body->items[i]);
}

void p_check_tree_depth(struct parser *p, const ast_mod *mod)
{
	struct depth_walk w = { p, 0 };
	switch (mod->kind) {
	case MOD_Module: walk_stmts(&w, &mod->v.Module.body); break;
	case MOD_Interactive: walk_stmts(&w, &mod->v.Interactive.body); break;
	case MOD_Expression: walk_expr(&w, mod->v.Expression.body); break;
	}
}
