/* unparse.c -- the text of an annotation under `from __future__ import
 * annotations`: the expression printed back from its AST with CPython's
 * precedences and spacing (CPython's Python/ast_unparse.c), so that
 * `list [ int ]` is stored as 'list[int]'.  Kinds it does not print
 * (lambda, f-strings, comprehensions...) make it give up: the caller then
 * keeps the source text. */
#include "config.h"
#include <math.h>
#include <string.h>
#include "worker/compile/compile.h"

/* Binding strength, loosest first (CPython's _Precedence). */
enum {
	PR_TUPLE, PR_TEST, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_BOR, PR_BXOR,
	PR_BAND, PR_SHIFT, PR_ARITH, PR_TERM, PR_FACTOR, PR_POWER, PR_AWAIT, PR_ATOM
};

static bool unparse(StrBuf *b, const ast_expr *e, int level);

static bool unparse_seq(StrBuf *b, const ast_expr_seq *s, int level)
{
	for (int i = 0; i < s->n; i++) {
		if (i)
			sb_adds(b, ", ");
		if (!unparse(b, s->items[i], level))
			return false;
	}
	return true;
}

static void binop_info(enum ast_operator op, const char **sym, int *pr)
{
	switch (op) {
	case OP_Add: *sym = " + "; *pr = PR_ARITH; break;
	case OP_Sub: *sym = " - "; *pr = PR_ARITH; break;
	case OP_Mult: *sym = " * "; *pr = PR_TERM; break;
	case OP_MatMult: *sym = " @ "; *pr = PR_TERM; break;
	case OP_Div: *sym = " / "; *pr = PR_TERM; break;
	case OP_Mod: *sym = " % "; *pr = PR_TERM; break;
	case OP_FloorDiv: *sym = " // "; *pr = PR_TERM; break;
	case OP_Pow: *sym = " ** "; *pr = PR_POWER; break;
	case OP_LShift: *sym = " << "; *pr = PR_SHIFT; break;
	case OP_RShift: *sym = " >> "; *pr = PR_SHIFT; break;
	case OP_BitOr: *sym = " | "; *pr = PR_BOR; break;
	case OP_BitXor: *sym = " ^ "; *pr = PR_BXOR; break;
	default: *sym = " & "; *pr = PR_BAND; break;
	}
}

static const char *cmp_symbol(int op)
{
	static const char *const syms[] = {"", " == ", " != ", " < ", " <= ", " > ", " >= ",
					   " is ", " is not ", " in ", " not in "};
	return op >= CMP_Eq && op <= CMP_NotIn ? syms[op] : " ? ";
}

static bool unparse_generators(StrBuf *b, const ast_comprehension_seq *gens)
{
	for (int i = 0; i < gens->n; i++) {
		const ast_comprehension *g = gens->items[i];
		sb_adds(b, g->is_async ? " async for " : " for ");
		if (!unparse(b, g->target, PR_TUPLE))
			return false;
		sb_adds(b, " in ");
		if (!unparse(b, g->iter, PR_TEST + 1))
			return false;
		for (int j = 0; j < g->ifs.n; j++) {
			sb_adds(b, " if ");
			if (!unparse(b, g->ifs.items[j], PR_TEST + 1))
				return false;
		}
	}
	return true;
}

static bool unparse_comp(StrBuf *b, const char *open, const char *close, const struct ast_comp *c)
{
	sb_adds(b, open);
	bool ok = unparse(b, c->elt, PR_TEST) && unparse_generators(b, &c->generators);
	sb_adds(b, close);
	return ok;
}

/* A lambda's parameters: a, /, b=1, *c, d, **e (no annotations there). */
static bool unparse_lambda_args(StrBuf *b, const ast_arguments *a)
{
	bool first = true, ok = true;
	int npos = a->posonlyargs.n + a->args.n;
	int ndef = a->defaults.n;
	for (int i = 0; ok && i < npos; i++) {
		const ast_arg *x = i < a->posonlyargs.n ? a->posonlyargs.items[i] : a->args.items[i - a->posonlyargs.n];
		sb_adds(b, first ? "" : ", ");
		first = false;
		sb_adds(b, x->arg);
		int d = i - (npos - ndef);
		if (d >= 0) {
			sb_addc(b, '=');
			ok = unparse(b, a->defaults.items[d], PR_TEST);
		}
		if (i + 1 == a->posonlyargs.n)
			sb_adds(b, ", /");
	}
	if (a->vararg || a->kwonlyargs.n) {
		sb_adds(b, first ? "*" : ", *");
		first = false;
		if (a->vararg)
			sb_adds(b, a->vararg->arg);
	}
	for (int i = 0; ok && i < a->kwonlyargs.n; i++) {
		sb_adds(b, ", ");
		sb_adds(b, a->kwonlyargs.items[i]->arg);
		if (i < a->kw_defaults.n && a->kw_defaults.items[i]) {
			sb_addc(b, '=');
			ok = unparse(b, a->kw_defaults.items[i], PR_TEST);
		}
	}
	if (a->kwarg) {
		sb_adds(b, first ? "**" : ", **");
		sb_adds(b, a->kwarg->arg);
	}
	return ok;
}

/* The text between the quotes of an f-string: literal parts with braces
 * doubled, {expr!c:spec} for the formatted ones (CPython's
 * build_fstring_body); the caller quotes it as a str repr. */
static bool fstring_body(StrBuf *b, const ast_expr_seq *values)
{
	for (int i = 0; i < values->n; i++) {
		const ast_expr *v = values->items[i];
		if (v->kind == EXPR_Constant && v->v.Constant.value.kind == CONST_Str) {
			const char *p = v->v.Constant.value.v.s.data;
			for (size_t k = 0; k < v->v.Constant.value.v.s.len; k++) {
				sb_addc(b, p[k]);
				if (p[k] == '{' || p[k] == '}')
					sb_addc(b, p[k]);
			}
		} else if (v->kind == EXPR_FormattedValue) {
			StrBuf inner;
			sb_init(&inner);
			if (!unparse(&inner, v->v.FormattedValue.value, PR_TEST + 1)) {
				sb_free(&inner);
				return false;
			}
			Str *t = sb_finish(&inner);
			if (!t)
				return false;
			sb_adds(b, t->nbytes && t->data[0] == '{' ? "{ " : "{");
			sb_add_str(b, t);
			obj_decref(&t->ob);
			if (v->v.FormattedValue.conversion > 0) {
				sb_addc(b, '!');
				sb_addc(b, (char)v->v.FormattedValue.conversion);
			}
			const ast_expr *spec = v->v.FormattedValue.format_spec;
			if (spec) {
				sb_addc(b, ':');
				if (spec->kind != EXPR_JoinedStr || !fstring_body(b, &spec->v.JoinedStr.values))
					return false;
			}
			sb_addc(b, '}');
		} else {
			return false;
		}
	}
	return true;
}

/* The parenthesised form when the context binds tighter than e. */
static bool unparse(StrBuf *b, const ast_expr *e, int level)
{
	int pr = PR_ATOM;
	bool ok = true;
	switch (e->kind) {
	case EXPR_BoolOp: pr = e->v.BoolOp.op == BOOL_And ? PR_AND : PR_OR; break;
	case EXPR_BinOp: { const char *s; binop_info(e->v.BinOp.op, &s, &pr); break; }
	case EXPR_UnaryOp: pr = e->v.UnaryOp.op == UNARY_Not ? PR_NOT : PR_FACTOR; break;
	case EXPR_IfExp: case EXPR_Lambda: pr = PR_TEST; break;
	case EXPR_Compare: pr = PR_CMP; break;
	case EXPR_Tuple: pr = e->v.Tuple.elts.n ? PR_TUPLE : PR_ATOM; break;
	case EXPR_NamedExpr: pr = PR_TUPLE; break;
	default: break;
	}
	bool paren = level > pr;
	if (paren)
		sb_addc(b, '(');
	switch (e->kind) {
	case EXPR_Name:
		sb_adds(b, e->v.Name.id);
		break;
	case EXPR_Constant:
		if (e->v.Constant.value.kind == CONST_Ellipsis) {
			sb_adds(b, "...");
		} else if (e->v.Constant.value.kind == CONST_Float && isinf(e->v.Constant.value.v.f)) {
			sb_adds(b, "1e309");   /* a literal too big for a float */
		} else if (e->v.Constant.value.kind == CONST_Complex && isinf(e->v.Constant.value.v.imag)) {
			sb_adds(b, "1e309j");
		} else {
			Value v = constant_value((struct ast_constant *)&e->v.Constant.value);
			ok = !IS_NULL(v) && sb_add_repr(b, v);
			val_decref(v);
		}
		break;
	case EXPR_Attribute:
		ok = unparse(b, e->v.Attribute.value, PR_ATOM);
		if (e->v.Attribute.value->kind == EXPR_Constant && e->v.Attribute.value->v.Constant.value.kind == CONST_Int)
			sb_addc(b, ' ');   /* 1 .real */
		sb_addc(b, '.');
		sb_adds(b, e->v.Attribute.attr);
		break;
	case EXPR_Subscript: {
		const ast_expr *sl = e->v.Subscript.slice;
		ok = unparse(b, e->v.Subscript.value, PR_ATOM);
		sb_addc(b, '[');
		if (ok && sl->kind == EXPR_Tuple && sl->v.Tuple.elts.n) {
			ok = unparse_seq(b, &sl->v.Tuple.elts, PR_TEST);
			if (sl->v.Tuple.elts.n == 1)
				sb_addc(b, ',');
		} else if (ok) {
			ok = unparse(b, sl, PR_TUPLE);
		}
		sb_addc(b, ']');
		break;
	}
	case EXPR_Slice:
		if (e->v.Slice.lower)
			ok = unparse(b, e->v.Slice.lower, PR_TEST);
		sb_addc(b, ':');
		if (ok && e->v.Slice.upper)
			ok = unparse(b, e->v.Slice.upper, PR_TEST);
		if (ok && e->v.Slice.step) {
			sb_addc(b, ':');
			ok = unparse(b, e->v.Slice.step, PR_TEST);
		}
		break;
	case EXPR_Starred:
		sb_addc(b, '*');
		ok = unparse(b, e->v.Starred.value, PR_BOR);
		break;
	case EXPR_Tuple:
		if (!e->v.Tuple.elts.n) {
			sb_adds(b, "()");
			break;
		}
		ok = unparse_seq(b, &e->v.Tuple.elts, PR_TEST);
		if (e->v.Tuple.elts.n == 1)
			sb_addc(b, ',');
		break;
	case EXPR_List:
		sb_addc(b, '[');
		ok = unparse_seq(b, &e->v.List.elts, PR_TEST);
		sb_addc(b, ']');
		break;
	case EXPR_Set:
		sb_addc(b, '{');
		ok = unparse_seq(b, &e->v.Set.elts, PR_TEST);
		sb_addc(b, '}');
		break;
	case EXPR_Dict:
		sb_addc(b, '{');
		for (int i = 0; ok && i < e->v.Dict.keys.n; i++) {
			if (i)
				sb_adds(b, ", ");
			if (e->v.Dict.keys.items[i]) {
				ok = unparse(b, e->v.Dict.keys.items[i], PR_TEST);
				sb_adds(b, ": ");
			} else {
				sb_adds(b, "**");
			}
			ok = ok && unparse(b, e->v.Dict.values.items[i], e->v.Dict.keys.items[i] ? PR_TEST : PR_BOR);
		}
		sb_addc(b, '}');
		break;
	case EXPR_Call:
		ok = unparse(b, e->v.Call.func, PR_ATOM);
		sb_addc(b, '(');
		if (e->v.Call.args.n == 1 && !e->v.Call.keywords.n && e->v.Call.args.items[0]->kind == EXPR_GeneratorExp) {
			/* f(x for x in y): the generator's own parentheses */
			const struct ast_comp *g = &e->v.Call.args.items[0]->v.GeneratorExp;
			ok = ok && unparse(b, g->elt, PR_TEST) && unparse_generators(b, &g->generators);
			sb_addc(b, ')');
			break;
		}
		ok = ok && unparse_seq(b, &e->v.Call.args, PR_TEST);
		for (int i = 0; ok && i < e->v.Call.keywords.n; i++) {
			const ast_keyword *k = e->v.Call.keywords.items[i];
			if (i || e->v.Call.args.n)
				sb_adds(b, ", ");
			if (k->arg) {
				sb_adds(b, k->arg);
				sb_addc(b, '=');
			} else {
				sb_adds(b, "**");
			}
			ok = unparse(b, k->value, PR_TEST);
		}
		sb_addc(b, ')');
		break;
	case EXPR_BinOp: {
		const char *sym;
		binop_info(e->v.BinOp.op, &sym, &pr);
		bool right_assoc = e->v.BinOp.op == OP_Pow;
		ok = unparse(b, e->v.BinOp.left, right_assoc ? pr + 1 : pr);
		sb_adds(b, sym);
		ok = ok && unparse(b, e->v.BinOp.right, right_assoc ? pr : pr + 1);
		break;
	}
	case EXPR_UnaryOp: {
		static const char *const syms[] = {"", "~", "not ", "+", "-"};
		sb_adds(b, syms[e->v.UnaryOp.op]);
		ok = unparse(b, e->v.UnaryOp.operand, pr);
		break;
	}
	case EXPR_BoolOp:
		for (int i = 0; ok && i < e->v.BoolOp.values.n; i++) {
			if (i)
				sb_adds(b, pr == PR_AND ? " and " : " or ");
			ok = unparse(b, e->v.BoolOp.values.items[i], pr + 1);
		}
		break;
	case EXPR_Compare:
		ok = unparse(b, e->v.Compare.left, PR_CMP + 1);
		for (int i = 0; ok && i < e->v.Compare.comparators.n; i++) {
			sb_adds(b, cmp_symbol(e->v.Compare.ops.items[i]));
			ok = unparse(b, e->v.Compare.comparators.items[i], PR_CMP + 1);
		}
		break;
	case EXPR_IfExp:
		ok = unparse(b, e->v.IfExp.body, PR_TEST + 1);
		sb_adds(b, " if ");
		ok = ok && unparse(b, e->v.IfExp.test, PR_TEST + 1);
		sb_adds(b, " else ");
		ok = ok && unparse(b, e->v.IfExp.orelse, PR_TEST);
		break;
	case EXPR_NamedExpr:
		ok = unparse(b, e->v.NamedExpr.target, PR_ATOM);
		sb_adds(b, " := ");
		ok = ok && unparse(b, e->v.NamedExpr.value, PR_ATOM);
		break;
	case EXPR_Lambda: {
		const ast_arguments *a = e->v.Lambda.args;
		/* CPython spaces only before positional parameters: lambda*a: a */
		sb_adds(b, a->posonlyargs.n || a->args.n ? "lambda " : "lambda");
		ok = unparse_lambda_args(b, a);
		sb_adds(b, ": ");
		ok = ok && unparse(b, e->v.Lambda.body, PR_TEST);
		break;
	}
	case EXPR_JoinedStr: {
		StrBuf body;
		sb_init(&body);
		if (!fstring_body(&body, &e->v.JoinedStr.values)) {
			sb_free(&body);
			return false;
		}
		Str *t = sb_finish(&body);
		if (!t)
			return false;
		sb_addc(b, 'f');
		ok = sb_add_repr(b, str_value(t));
		obj_decref(&t->ob);
		break;
	}
	case EXPR_ListComp:
		ok = unparse_comp(b, "[", "]", &e->v.ListComp);
		break;
	case EXPR_SetComp:
		ok = unparse_comp(b, "{", "}", &e->v.SetComp);
		break;
	case EXPR_GeneratorExp:
		ok = unparse_comp(b, "(", ")", &e->v.GeneratorExp);
		break;
	case EXPR_DictComp:
		sb_addc(b, '{');
		ok = unparse(b, e->v.DictComp.key, PR_TEST);
		sb_adds(b, ": ");
		ok = ok && unparse(b, e->v.DictComp.value, PR_TEST) && unparse_generators(b, &e->v.DictComp.generators);
		sb_addc(b, '}');
		break;
	default:
		return false;
	}
	if (paren)
		sb_addc(b, ')');
	return ok;
}

Str *unparse_annotation(const ast_expr *e)
{
	StrBuf b;
	sb_init(&b);
	if (!unparse(&b, e, PR_TEST)) {
		sb_free(&b);
		return NULL;
	}
	return sb_finish(&b);
}
