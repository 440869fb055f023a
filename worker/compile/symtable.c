/* symtable.c -- the scope pass of the compiler (see symtable.h).
 *
 * Pass 1 walks the AST recording, per scope, which names are bound, used,
 * declared global/nonlocal, and which nested scopes exist.  Pass 2
 * (analyze) resolves every name: local / global / free / cell, with
 * CPython's rules (class bodies do not enclose methods; comprehensions are
 * functions; `super` in a method makes `__class__` a free variable).
 * Compile-time temporaries use malloc directly: they live only for one
 * compilation and are freed before the code runs.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/compile/symtable.h"

typedef struct ST {
	Scope *cur;
	SymError *err;
	bool failed;
	bool future_annotations; /* from __future__ import annotations */
	Scope *annotation_scope;  /* under it: the scope an annotation is read in */
} ST;

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort();
	return q;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xrealloc(NULL, n);
	memcpy(p, s, n);
	return p;
}

static void st_error(ST *st, int line, int col, const char *fmt, const char *name)
{
	if (st->failed)
		return;
	st->failed = true;
	snprintf(st->err->msg, sizeof st->err->msg, fmt, name);
	st->err->line = line;
	st->err->col = col;
	st->err->set = true;
}

char *mangle_name(const char *priv, const char *name)
{
	if (!priv || name[0] != '_' || name[1] != '_')
		return (char *)name;
	size_t n = strlen(name);
	if (name[n - 1] == '_' && name[n - 2] == '_')  /* __x__, and __ itself */
		return (char *)name;
	if (strchr(name, '.'))
		return (char *)name;
	while (*priv == '_')
		priv++;
	if (!*priv)
		return (char *)name;
	size_t pn = strlen(priv);
	char *r = xrealloc(NULL, pn + n + 2);
	r[0] = '_';
	memcpy(r + 1, priv, pn);
	memcpy(r + 1 + pn, name, n + 1);
	return r;
}

Sym *scope_lookup(Scope *s, const char *name)
{
	for (int i = 0; i < s->nsyms; i++)
		if (strcmp(s->syms[i].name, name) == 0)
			return &s->syms[i];
	return NULL;
}

static Sym *add_sym(Scope *s, const char *name0, unsigned flags, int line)
{
	char *name = mangle_name(s->private_name, name0);
	Sym *y = scope_lookup(s, name);
	if (!y) {
		if (s->nsyms == s->capsyms) {
			s->capsyms = s->capsyms ? s->capsyms * 2 : 16;
			s->syms = xrealloc(s->syms, (size_t)s->capsyms * sizeof(Sym));
		}
		y = &s->syms[s->nsyms++];
		y->name = name == name0 ? xstrdup(name) : name;
		y->flags = 0;
		y->scope = SYM_NONE;
		y->line = line;
	} else if (name != name0) {
		free(name);
	}
	y->flags |= flags;
	return y;
}

static Scope *new_scope(ST *st, int kind, const char *name, const void *node)
{
	Scope *s = xrealloc(NULL, sizeof(Scope));
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->name = xstrdup(name);
	s->node = node;
	s->parent = st->cur;
	if (st->cur) {
		Scope *p = st->cur;
		if (p->nchildren == p->capchildren) {
			p->capchildren = p->capchildren ? p->capchildren * 2 : 4;
			p->children = xrealloc(p->children, (size_t)p->capchildren * sizeof(Scope *));
		}
		p->children[p->nchildren++] = s;
		s->private_name = p->private_name;
	}
	return s;
}

Scope *scope_child_for(Scope *s, const void *node)
{
	for (int i = 0; i < s->nchildren; i++)
		if (s->children[i]->node == node)
			return s->children[i];
	return NULL;
}

void symtable_free(Scope *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->nchildren; i++)
		symtable_free(s->children[i]);
	for (int i = 0; i < s->nsyms; i++)
		free(s->syms[i].name);
	for (int i = 0; i < s->nparams; i++)
		free(s->params[i]);
	for (int i = 0; i < s->npass; i++)
		free(s->passthrough[i]);
	free(s->syms);
	free(s->children);
	free(s->params);
	free(s->passthrough);
	free(s->name);
	if (s->kind == SC_CLASS)
		free(s->private_name);
	free(s);
}

static void add_param(Scope *s, const char *name0, int line)
{
	add_sym(s, name0, DEF_PARAM, line);
	char *name = mangle_name(s->private_name, name0);
	if (s->nparams == s->capparams) {
		s->capparams = s->capparams ? s->capparams * 2 : 8;
		s->params = xrealloc(s->params, (size_t)s->capparams * sizeof(char *));
	}
	s->params[s->nparams++] = name == name0 ? xstrdup(name) : name;
}

/* ---- pass 1 --------------------------------------------------------------- */

static void visit_expr(ST *st, ast_expr *e);
static void visit_stmts(ST *st, ast_stmt_seq *b);
static void visit_pattern(ST *st, ast_pattern *p);

static void visit_exprs(ST *st, ast_expr_seq *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->items[i])
			visit_expr(st, s->items[i]);
}

static void bind_name(ST *st, const char *name, int line, int col)
{
	Sym *y = add_sym(st->cur, name, DEF_LOCAL, line);
	(void)col;
	(void)y;
}

static void visit_args_defaults(ST *st, ast_arguments *a)
{
	visit_exprs(st, &a->defaults);
	for (int i = 0; i < a->kw_defaults.n; i++)
		if (a->kw_defaults.items[i])
			visit_expr(st, a->kw_defaults.items[i]);
}

/* Under `from __future__ import annotations` an annotation is never
 * evaluated: CPython reads it in a block of its own, where yield, await
 * and := are refused (a lambda or comprehension inside opens its own
 * scope again, where they are not). */
static void visit_annotation(ST *st, ast_expr *e)
{
	if (!st->future_annotations) {
		visit_expr(st, e);
		return;
	}
	Scope *outer = st->annotation_scope;
	st->annotation_scope = st->cur;
	visit_expr(st, e);
	st->annotation_scope = outer;
}

static bool refused_in_annotation(ST *st, ast_expr *e, const char *what)
{
	if (!st->annotation_scope || st->annotation_scope != st->cur)
		return false;
	st_error(st, e->pos.lineno, e->pos.col_offset, "'%s' can not be used within an annotation", what);
	return true;
}

static void visit_annotations(ST *st, ast_arguments *a, ast_expr *returns)
{
	ast_arg_seq *seqs[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < seqs[k]->n; i++)
			if (seqs[k]->items[i]->annotation)
				visit_annotation(st, seqs[k]->items[i]->annotation);
	if (a->vararg && a->vararg->annotation)
		visit_annotation(st, a->vararg->annotation);
	if (a->kwarg && a->kwarg->annotation)
		visit_annotation(st, a->kwarg->annotation);
	if (returns)
		visit_annotation(st, returns);
}

static void add_params(Scope *s, ast_arguments *a)
{
	for (int i = 0; i < a->posonlyargs.n; i++)
		add_param(s, a->posonlyargs.items[i]->arg, a->posonlyargs.items[i]->pos.lineno);
	for (int i = 0; i < a->args.n; i++)
		add_param(s, a->args.items[i]->arg, a->args.items[i]->pos.lineno);
	for (int i = 0; i < a->kwonlyargs.n; i++)
		add_param(s, a->kwonlyargs.items[i]->arg, a->kwonlyargs.items[i]->pos.lineno);
	if (a->vararg)
		add_param(s, a->vararg->arg, a->vararg->pos.lineno);
	if (a->kwarg)
		add_param(s, a->kwarg->arg, a->kwarg->pos.lineno);
}

static void visit_function(ST *st, const void *node, const char *name, ast_arguments *args,
			   ast_stmt_seq *body, ast_expr *lambda_body, bool is_async)
{
	Scope *s = new_scope(st, SC_FUNCTION, name, node);
	s->coroutine = is_async;
	s->is_async = is_async;
	s->is_lambda = lambda_body != NULL;
	add_params(s, args);
	Scope *saved = st->cur;
	st->cur = s;
	if (body)
		visit_stmts(st, body);
	else
		visit_expr(st, lambda_body);
	st->cur = saved;
}

static void visit_comprehension(ST *st, ast_expr *e, ast_comprehension_seq *gens,
				ast_expr *elt, ast_expr *value, const char *name)
{
	/* the first iterator is evaluated in the enclosing scope */
	visit_expr(st, gens->items[0]->iter);
	Scope *s = new_scope(st, SC_COMPREHENSION, name, e);
	s->comp_kind = e->kind;
	if (e->kind == EXPR_GeneratorExp)
		s->generator = true;
	add_param(s, ".0", e->pos.lineno);
	Scope *saved = st->cur;
	st->cur = s;
	for (int i = 0; i < gens->n; i++) {
		ast_comprehension *c = gens->items[i];
		if (c->is_async)
			s->coroutine = true;
		visit_expr(st, c->target);
		if (i > 0)
			visit_expr(st, c->iter);
		visit_exprs(st, &c->ifs);
	}
	if (elt)
		visit_expr(st, elt);
	if (value)
		visit_expr(st, value);
	st->cur = saved;
	if (s->coroutine && e->kind != EXPR_GeneratorExp) {
		/* an async comprehension is awaited where it appears: an enclosing
		 * comprehension becomes async too; otherwise it must be in an
		 * async def */
		if (saved->kind == SC_COMPREHENSION)
			saved->coroutine = true;
		else if (saved->kind != SC_FUNCTION || !saved->is_async)
			st_error(st, e->pos.lineno, e->pos.col_offset,
				 "asynchronous comprehension outside of an asynchronous function%s", "");
	}
}

static void visit_expr(ST *st, ast_expr *e)
{
	if (!e || st->failed)
		return;
	switch (e->kind) {
	case EXPR_BoolOp: visit_exprs(st, &e->v.BoolOp.values); break;
	case EXPR_NamedExpr: {
		if (refused_in_annotation(st, e, "named expression"))
			return;
		visit_expr(st, e->v.NamedExpr.value);
		const char *name = e->v.NamedExpr.target->v.Name.id;
		Scope *s = st->cur;
		if (s->kind == SC_COMPREHENSION) {
			Scope *t = s;
			while (t->kind == SC_COMPREHENSION) {
				Sym *y = scope_lookup(t, name);
				if (y && (y->flags & DEF_LOCAL) && !(y->flags & DEF_COMP_FREE)) {
					st_error(st, e->pos.lineno, e->pos.col_offset,
						 "assignment expression cannot rebind comprehension iteration variable '%s'", name);
					return;
				}
				t = t->parent;
			}
			if (t->kind == SC_CLASS) {
				st_error(st, e->pos.lineno, e->pos.col_offset,
					 "assignment expression within a comprehension cannot be used in a class body%s", "");
				return;
			}
			for (Scope *c = s; c != t; c = c->parent)
				add_sym(c, name, t->kind == SC_MODULE ? DEF_GLOBAL : DEF_COMP_FREE, e->pos.lineno);
			add_sym(t, name, DEF_LOCAL, e->pos.lineno);
		} else {
			bind_name(st, name, e->pos.lineno, e->pos.col_offset);
		}
		break;
	}
	case EXPR_BinOp: visit_expr(st, e->v.BinOp.left); visit_expr(st, e->v.BinOp.right); break;
	case EXPR_UnaryOp: visit_expr(st, e->v.UnaryOp.operand); break;
	case EXPR_Lambda:
		visit_args_defaults(st, e->v.Lambda.args);
		visit_function(st, e, "<lambda>", e->v.Lambda.args, NULL, e->v.Lambda.body, false);
		break;
	case EXPR_IfExp:
		visit_expr(st, e->v.IfExp.test);
		visit_expr(st, e->v.IfExp.body);
		visit_expr(st, e->v.IfExp.orelse);
		break;
	case EXPR_Dict: visit_exprs(st, &e->v.Dict.keys); visit_exprs(st, &e->v.Dict.values); break;
	case EXPR_Set: visit_exprs(st, &e->v.Set.elts); break;
	case EXPR_ListComp: visit_comprehension(st, e, &e->v.ListComp.generators, e->v.ListComp.elt, NULL, "<listcomp>"); break;
	case EXPR_SetComp: visit_comprehension(st, e, &e->v.SetComp.generators, e->v.SetComp.elt, NULL, "<setcomp>"); break;
	case EXPR_DictComp: visit_comprehension(st, e, &e->v.DictComp.generators, e->v.DictComp.key, e->v.DictComp.value, "<dictcomp>"); break;
	case EXPR_GeneratorExp: visit_comprehension(st, e, &e->v.GeneratorExp.generators, e->v.GeneratorExp.elt, NULL, "<genexpr>"); break;
	case EXPR_Await:
		if (refused_in_annotation(st, e, "await expression"))
			return;
		if (st->cur->kind == SC_MODULE || st->cur->kind == SC_CLASS) {
			st_error(st, e->pos.lineno, e->pos.col_offset, "'await' outside function%s", "");
			return;
		}
		if (st->cur->kind == SC_FUNCTION && !st->cur->is_async) {
			st_error(st, e->pos.lineno, e->pos.col_offset, "'await' outside async function%s", "");
			return;
		}
		if (st->cur->kind == SC_COMPREHENSION)
			st->cur->coroutine = true;
		visit_expr(st, e->v.Await.value);
		break;
	case EXPR_Yield:
	case EXPR_YieldFrom:
		if (refused_in_annotation(st, e, "yield expression"))
			return;
		if (st->cur->kind == SC_MODULE || st->cur->kind == SC_CLASS) {
			st_error(st, e->pos.lineno, e->pos.col_offset, "'yield' outside function%s", "");
			return;
		}
		if (st->cur->kind == SC_COMPREHENSION) {
			st_error(st, e->pos.lineno, e->pos.col_offset, "'yield' inside %s", st->cur->comp_kind == EXPR_ListComp ? "list comprehension" :
				 st->cur->comp_kind == EXPR_SetComp ? "set comprehension" : st->cur->comp_kind == EXPR_DictComp ? "dict comprehension" : "generator expression");
			return;
		}
		if (e->kind == EXPR_YieldFrom && st->cur->is_async) {
			st_error(st, e->pos.lineno, e->pos.col_offset, "'yield from' inside async function%s", "");
			return;
		}
		st->cur->generator = true;
		st->cur->has_yield = true;
		visit_expr(st, e->kind == EXPR_Yield ? e->v.Yield.value : e->v.YieldFrom.value);
		break;
	case EXPR_Compare: visit_expr(st, e->v.Compare.left); visit_exprs(st, &e->v.Compare.comparators); break;
	case EXPR_Call: {
		visit_expr(st, e->v.Call.func);
		visit_exprs(st, &e->v.Call.args);
		for (int i = 0; i < e->v.Call.keywords.n; i++)
			visit_expr(st, e->v.Call.keywords.items[i]->value);
		break;
	}
	case EXPR_FormattedValue:
		visit_expr(st, e->v.FormattedValue.value);
		visit_expr(st, e->v.FormattedValue.format_spec);
		break;
	case EXPR_JoinedStr: visit_exprs(st, &e->v.JoinedStr.values); break;
	case EXPR_Constant: break;
	case EXPR_Attribute: visit_expr(st, e->v.Attribute.value); break;
	case EXPR_Subscript: visit_expr(st, e->v.Subscript.value); visit_expr(st, e->v.Subscript.slice); break;
	case EXPR_Starred: visit_expr(st, e->v.Starred.value); break;
	case EXPR_Name: {
		const char *id = e->v.Name.id;
		if (e->v.Name.ctx == CTX_Load) {
			add_sym(st->cur, id, DEF_USE, e->pos.lineno);
			if (strcmp(id, "super") == 0 && st->cur->kind == SC_FUNCTION)
				add_sym(st->cur, "__class__", DEF_USE, e->pos.lineno);
		} else {
			bind_name(st, id, e->pos.lineno, e->pos.col_offset);
		}
		break;
	}
	case EXPR_List: visit_exprs(st, &e->v.List.elts); break;
	case EXPR_Tuple: visit_exprs(st, &e->v.Tuple.elts); break;
	case EXPR_Slice:
		visit_expr(st, e->v.Slice.lower);
		visit_expr(st, e->v.Slice.upper);
		visit_expr(st, e->v.Slice.step);
		break;
	}
}

static void declare(ST *st, ast_stmt *s, const char *name, bool global)
{
	Scope *sc = st->cur;
	Sym *y = scope_lookup(sc, name);
	if (y) {
		const char *what = NULL;
		if (y->flags & DEF_PARAM)
			what = global ? "name '%s' is parameter and global" : "name '%s' is parameter and nonlocal";
		else if (global && (y->flags & DEF_NONLOCAL))
			what = "name '%s' is nonlocal and global";
		else if (!global && (y->flags & DEF_GLOBAL))
			what = "name '%s' is nonlocal and global";
		else if (y->flags & DEF_LOCAL)
			what = global ? "name '%s' is assigned to before global declaration" : "name '%s' is assigned to before nonlocal declaration";
		else if (y->flags & DEF_USE)
			what = global ? "name '%s' is used prior to global declaration" : "name '%s' is used prior to nonlocal declaration";
		else if (y->flags & DEF_ANNOT)
			what = global ? "annotated name '%s' can't be global" : "annotated name '%s' can't be nonlocal";
		if (what) {
			st_error(st, s->pos.lineno, s->pos.col_offset, what, name);
			return;
		}
	}
	if (!global && sc->kind == SC_MODULE) {
		st_error(st, s->pos.lineno, s->pos.col_offset, "nonlocal declaration not allowed at module level%s", "");
		return;
	}
	add_sym(sc, name, global ? DEF_GLOBAL : DEF_NONLOCAL, s->pos.lineno);
}

static void visit_stmt(ST *st, ast_stmt *s)
{
	if (st->failed)
		return;
	switch (s->kind) {
	case STMT_FunctionDef:
	case STMT_AsyncFunctionDef: {
		struct ast_function_def *f = &s->v.FunctionDef;
		visit_exprs(st, &f->decorator_list);
		visit_args_defaults(st, f->args);
		visit_annotations(st, f->args, f->returns);
		bind_name(st, f->name, s->pos.lineno, s->pos.col_offset);
		visit_function(st, s, f->name, f->args, &f->body, NULL, s->kind == STMT_AsyncFunctionDef);
		break;
	}
	case STMT_ClassDef: {
		visit_exprs(st, &s->v.ClassDef.decorator_list);
		visit_exprs(st, &s->v.ClassDef.bases);
		for (int i = 0; i < s->v.ClassDef.keywords.n; i++)
			visit_expr(st, s->v.ClassDef.keywords.items[i]->value);
		bind_name(st, s->v.ClassDef.name, s->pos.lineno, s->pos.col_offset);
		Scope *c = new_scope(st, SC_CLASS, s->v.ClassDef.name, s);
		c->private_name = xstrdup(s->v.ClassDef.name);
		Scope *saved = st->cur;
		st->cur = c;
		visit_stmts(st, &s->v.ClassDef.body);
		st->cur = saved;
		break;
	}
	case STMT_Return:
		if (st->cur->kind != SC_FUNCTION) {
			st_error(st, s->pos.lineno, s->pos.col_offset, "'return' outside function%s", "");
			return;
		}
		if (s->v.Return.value && st->cur->is_async && st->cur->generator) {
			/* checked after the body: async generators cannot return values */
		}
		visit_expr(st, s->v.Return.value);
		break;
	case STMT_Delete: visit_exprs(st, &s->v.Delete.targets); break;
	case STMT_Assign: visit_exprs(st, &s->v.Assign.targets); visit_expr(st, s->v.Assign.value); break;
	case STMT_AugAssign:
		visit_expr(st, s->v.AugAssign.target);
		if (s->v.AugAssign.target->kind == EXPR_Name)
			add_sym(st->cur, s->v.AugAssign.target->v.Name.id, DEF_USE, s->pos.lineno);
		visit_expr(st, s->v.AugAssign.value);
		break;
	case STMT_AnnAssign: {
		ast_expr *t = s->v.AnnAssign.target;
		if (t->kind == EXPR_Name) {
			Sym *y = scope_lookup(st->cur, t->v.Name.id);
			if (y && (y->flags & (DEF_GLOBAL | DEF_NONLOCAL)) && s->v.AnnAssign.simple) {
				st_error(st, s->pos.lineno, s->pos.col_offset,
					 (y->flags & DEF_GLOBAL) ? "annotated name '%s' can't be global" : "annotated name '%s' can't be nonlocal", t->v.Name.id);
				return;
			}
			/* As CPython: a simple name is local wherever it is
			 * annotated, even with no value (def f(): x: int makes
			 * x local, so reading it is an UnboundLocalError); a
			 * parenthesised one, (x): int, only when assigned. */
			if (s->v.AnnAssign.simple)
				add_sym(st->cur, t->v.Name.id, DEF_ANNOT | DEF_LOCAL, s->pos.lineno);
			else if (s->v.AnnAssign.value)
				add_sym(st->cur, t->v.Name.id, DEF_LOCAL, s->pos.lineno);
		} else {
			visit_expr(st, t);
		}
		/* read even where it is never evaluated (a function's
		 * local annotation): CPython's symtable visits it, so a
		 * yield there makes a generator and := binds a local */
		visit_annotation(st, s->v.AnnAssign.annotation);
		visit_expr(st, s->v.AnnAssign.value);
		break;
	}
	case STMT_For:
	case STMT_AsyncFor:
		if (s->kind == STMT_AsyncFor && !(st->cur->kind == SC_FUNCTION && st->cur->is_async)) {
			st_error(st, s->pos.lineno, s->pos.col_offset, "'async for' outside async function%s", "");
			return;
		}
		visit_expr(st, s->v.For.target);
		visit_expr(st, s->v.For.iter);
		visit_stmts(st, &s->v.For.body);
		visit_stmts(st, &s->v.For.orelse);
		break;
	case STMT_While:
		visit_expr(st, s->v.While.test);
		visit_stmts(st, &s->v.While.body);
		visit_stmts(st, &s->v.While.orelse);
		break;
	case STMT_If:
		visit_expr(st, s->v.If.test);
		visit_stmts(st, &s->v.If.body);
		visit_stmts(st, &s->v.If.orelse);
		break;
	case STMT_With:
	case STMT_AsyncWith:
		if (s->kind == STMT_AsyncWith && !(st->cur->kind == SC_FUNCTION && st->cur->is_async)) {
			st_error(st, s->pos.lineno, s->pos.col_offset, "'async with' outside async function%s", "");
			return;
		}
		for (int i = 0; i < s->v.With.items.n; i++) {
			visit_expr(st, s->v.With.items.items[i]->context_expr);
			visit_expr(st, s->v.With.items.items[i]->optional_vars);
		}
		visit_stmts(st, &s->v.With.body);
		break;
	case STMT_Match:
		visit_expr(st, s->v.Match.subject);
		for (int i = 0; i < s->v.Match.cases.n; i++) {
			ast_match_case *c = s->v.Match.cases.items[i];
			visit_pattern(st, c->pattern);
			visit_expr(st, c->guard);
			visit_stmts(st, &c->body);
		}
		break;
	case STMT_Raise: visit_expr(st, s->v.Raise.exc); visit_expr(st, s->v.Raise.cause); break;
	case STMT_Try:
	case STMT_TryStar:
		visit_stmts(st, &s->v.Try.body);
		for (int i = 0; i < s->v.Try.handlers.n; i++) {
			ast_excepthandler *h = s->v.Try.handlers.items[i];
			visit_expr(st, h->type);
			if (h->name)
				bind_name(st, h->name, h->pos.lineno, h->pos.col_offset);
			visit_stmts(st, &h->body);
		}
		visit_stmts(st, &s->v.Try.orelse);
		visit_stmts(st, &s->v.Try.finalbody);
		break;
	case STMT_Assert: visit_expr(st, s->v.Assert.test); visit_expr(st, s->v.Assert.msg); break;
	case STMT_Import:
		for (int i = 0; i < s->v.Import.names.n; i++) {
			ast_alias *a = s->v.Import.names.items[i];
			if (a->asname) {
				bind_name(st, a->asname, s->pos.lineno, s->pos.col_offset);
			} else {
				char buf[256];
				const char *dot = strchr(a->name, '.');
				size_t n = dot ? (size_t)(dot - a->name) : strlen(a->name);
				if (n >= sizeof buf)
					n = sizeof buf - 1;
				memcpy(buf, a->name, n);
				buf[n] = 0;
				bind_name(st, buf, s->pos.lineno, s->pos.col_offset);
			}
		}
		break;
	case STMT_ImportFrom:
		for (int i = 0; i < s->v.ImportFrom.names.n; i++) {
			ast_alias *a = s->v.ImportFrom.names.items[i];
			if (strcmp(a->name, "*") == 0) {
				if (st->cur->kind != SC_MODULE) {
					st_error(st, s->pos.lineno, s->pos.col_offset, "import * only allowed at module level%s", "");
					return;
				}
				continue;
			}
			bind_name(st, a->asname ? a->asname : a->name, s->pos.lineno, s->pos.col_offset);
		}
		break;
	case STMT_Global:
		for (int i = 0; i < s->v.Global.names.n; i++)
			declare(st, s, s->v.Global.names.items[i], true);
		break;
	case STMT_Nonlocal:
		for (int i = 0; i < s->v.Nonlocal.names.n; i++)
			declare(st, s, s->v.Nonlocal.names.items[i], false);
		break;
	case STMT_Expr: visit_expr(st, s->v.Expr.value); break;
	case STMT_Pass:
	case STMT_Break:
	case STMT_Continue:
		break;
	}
}

static void visit_pattern(ST *st, ast_pattern *p)
{
	if (!p)
		return;
	switch (p->kind) {
	case PAT_MatchValue: visit_expr(st, p->v.MatchValue.value); break;
	case PAT_MatchSingleton: break;
	case PAT_MatchSequence:
		for (int i = 0; i < p->v.MatchSequence.patterns.n; i++)
			visit_pattern(st, p->v.MatchSequence.patterns.items[i]);
		break;
	case PAT_MatchMapping:
		visit_exprs(st, &p->v.MatchMapping.keys);
		for (int i = 0; i < p->v.MatchMapping.patterns.n; i++)
			visit_pattern(st, p->v.MatchMapping.patterns.items[i]);
		if (p->v.MatchMapping.rest)
			bind_name(st, p->v.MatchMapping.rest, p->pos.lineno, p->pos.col_offset);
		break;
	case PAT_MatchClass:
		visit_expr(st, p->v.MatchClass.cls);
		for (int i = 0; i < p->v.MatchClass.patterns.n; i++)
			visit_pattern(st, p->v.MatchClass.patterns.items[i]);
		for (int i = 0; i < p->v.MatchClass.kwd_patterns.n; i++)
			visit_pattern(st, p->v.MatchClass.kwd_patterns.items[i]);
		break;
	case PAT_MatchStar:
		if (p->v.MatchStar.name)
			bind_name(st, p->v.MatchStar.name, p->pos.lineno, p->pos.col_offset);
		break;
	case PAT_MatchAs:
		visit_pattern(st, p->v.MatchAs.pattern);
		if (p->v.MatchAs.name)
			bind_name(st, p->v.MatchAs.name, p->pos.lineno, p->pos.col_offset);
		break;
	case PAT_MatchOr:
		for (int i = 0; i < p->v.MatchOr.patterns.n; i++)
			visit_pattern(st, p->v.MatchOr.patterns.items[i]);
		break;
	}
}

static void visit_stmts(ST *st, ast_stmt_seq *b)
{
	for (int i = 0; i < b->n && !st->failed; i++)
		visit_stmt(st, b->items[i]);
}

/* ---- pass 2: analysis ------------------------------------------------------ */

typedef struct NameSet {
	char **names;
	int n, cap;
} NameSet;

static bool ns_has(NameSet *s, const char *n)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->names[i], n) == 0)
			return true;
	return false;
}

static void ns_add(NameSet *s, const char *n)
{
	if (ns_has(s, n))
		return;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->names = xrealloc(s->names, (size_t)s->cap * sizeof(char *));
	}
	s->names[s->n++] = (char *)n;
}

static void ns_copy(NameSet *dst, NameSet *src)
{
	for (int i = 0; i < src->n; i++)
		ns_add(dst, src->names[i]);
}

static void ns_remove(NameSet *s, const char *n)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->names[i], n) == 0) {
			s->names[i] = s->names[--s->n];
			return;
		}
}

static void add_passthrough(Scope *s, const char *name)
{
	for (int i = 0; i < s->npass; i++)
		if (strcmp(s->passthrough[i], name) == 0)
			return;
	if (s->npass == s->cappass) {
		s->cappass = s->cappass ? s->cappass * 2 : 4;
		s->passthrough = xrealloc(s->passthrough, (size_t)s->cappass * sizeof(char *));
	}
	s->passthrough[s->npass++] = xstrdup(name);
}

/* Resolve s given names bound in enclosing function scopes; collects the
 * free names s needs from its parents into *free_out. */
static bool analyze(ST *st, Scope *s, NameSet *bound, NameSet *free_out)
{
	for (int i = 0; i < s->nsyms; i++) {
		Sym *y = &s->syms[i];
		if (y->flags & DEF_GLOBAL) {
			y->scope = SYM_GLOBAL_EXPLICIT;
		} else if (y->flags & (DEF_NONLOCAL | DEF_COMP_FREE)) {
			if (!ns_has(bound, y->name)) {
				if (y->flags & DEF_COMP_FREE) {
					y->scope = SYM_GLOBAL_IMPLICIT;
					continue;
				}
				st_error(st, y->line, 0, "no binding for nonlocal '%s' found", y->name);
				return false;
			}
			y->scope = SYM_FREE;
		} else if (y->flags & (DEF_LOCAL | DEF_PARAM)) {
			y->scope = SYM_LOCAL;
		} else if ((y->flags & DEF_ANNOT) && s->kind != SC_FUNCTION) {
			y->scope = SYM_LOCAL;
		} else if (ns_has(bound, y->name)) {
			y->scope = SYM_FREE;
		} else if (s->kind == SC_CLASS && strcmp(y->name, "__class__") == 0) {
			y->scope = SYM_GLOBAL_IMPLICIT;
		} else {
			y->scope = SYM_GLOBAL_IMPLICIT;
		}
	}
	NameSet newbound = {0};
	if (s->kind == SC_FUNCTION || s->kind == SC_COMPREHENSION) {
		ns_copy(&newbound, bound);
		for (int i = 0; i < s->nsyms; i++) {
			Sym *y = &s->syms[i];
			if (y->scope == SYM_LOCAL || y->scope == SYM_FREE)
				ns_add(&newbound, y->name);
			if (y->scope == SYM_GLOBAL_EXPLICIT)
				ns_remove(&newbound, y->name);
		}
	} else if (s->kind == SC_CLASS) {
		ns_copy(&newbound, bound);
		for (int i = 0; i < s->nsyms; i++)
			if (s->syms[i].scope == SYM_GLOBAL_EXPLICIT)
				ns_remove(&newbound, s->syms[i].name);
		ns_add(&newbound, "__class__");
	}
	NameSet child_free = {0};
	for (int i = 0; i < s->nchildren; i++) {
		if (!analyze(st, s->children[i], &newbound, &child_free)) {
			free(newbound.names);
			free(child_free.names);
			return false;
		}
	}
	for (int i = 0; i < child_free.n; i++) {
		const char *name = child_free.names[i];
		Sym *y = scope_lookup(s, name);
		if (s->kind == SC_CLASS) {
			if (strcmp(name, "__class__") == 0) {
				s->needs_class_cell = true;
				continue;
			}
			add_passthrough(s, name);
			if (y && y->scope == SYM_FREE)
				continue;
			ns_add(free_out, (char *)name);
			continue;
		}
		if (y && y->scope == SYM_LOCAL && (s->kind == SC_FUNCTION || s->kind == SC_COMPREHENSION)) {
			y->scope = SYM_CELL;
			continue;
		}
		if (y && y->scope == SYM_CELL)
			continue;
		if (!y) {
			y = add_sym(s, name, 0, 0);
			y->scope = SYM_FREE;
		} else if (y->scope != SYM_FREE) {
			y->scope = SYM_FREE;
		}
		ns_add(free_out, y->name);
	}
	for (int i = 0; i < s->nsyms; i++)
		if (s->syms[i].scope == SYM_FREE)
			ns_add(free_out, s->syms[i].name);
	free(newbound.names);
	free(child_free.names);
	return true;
}

Scope *symtable_build(ast_mod *mod, bool future_annotations, SymError *err)
{
	ST st = {0};
	st.err = err;
	st.future_annotations = future_annotations;
	err->set = false;
	Scope *top = new_scope(&st, SC_MODULE, "<module>", mod);
	st.cur = top;
	if (mod->kind == MOD_Expression)
		visit_expr(&st, mod->v.Expression.body);
	else
		visit_stmts(&st, &mod->v.Module.body);
	if (!st.failed) {
		NameSet bound = {0}, fr = {0};
		analyze(&st, top, &bound, &fr);
		free(bound.names);
		free(fr.names);
	}
	if (st.failed) {
		symtable_free(top);
		return NULL;
	}
	return top;
}
