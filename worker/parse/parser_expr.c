/* parser_expr.c -- expressions: precedence climbing from star_expressions
 * down to atoms, displays and comprehensions, calls, subscripts and
 * slices, lambda, and the CPython 3.11 error messages that belong to them
 * ("Perhaps you forgot a comma?", "expected 'else' after 'if' expression",
 * the legacy print statement, argument ordering errors).
 */
#include "worker/parse/parser_internal.h"

#include <string.h>

static ast_expr *atom(struct parser *p);
static ast_expr *comprehension_tail(struct parser *p, enum ast_expr_kind kind,
				    ast_expr *elt, ast_expr *value, const struct token *open);

/* ---- helpers ----------------------------------------------------------- */

bool p_starts_expression(const struct token *t)
{
	switch (t->type) {
	case T_NAME: case T_NUMBER: case T_STRING: case T_LPAR: case T_LSQB:
	case T_LBRACE: case T_MINUS: case T_PLUS: case T_TILDE: case T_KW_NOT:
	case T_KW_LAMBDA: case T_KW_AWAIT: case T_ELLIPSIS: case T_KW_NONE:
	case T_KW_TRUE: case T_KW_FALSE:
		return true;
	default:
		return false;
	}
}

static ast_expr *name_expr(struct parser *p, const struct token *t, enum ast_expr_context ctx)
{
	ast_expr *e = p_expr(p, EXPR_Name, p_pos_from(p, t));
	e->v.Name.id = p_identifier(p, t);
	e->v.Name.ctx = ctx;
	return e;
}

/* Operator nodes span their tokens, so a parenthesized last operand's
 * ')' is included (as in CPython). */
static ast_expr *binop(struct parser *p, const struct token *first, ast_expr *left,
		       enum ast_operator op, ast_expr *right)
{
	ast_expr *e = p_expr(p, EXPR_BinOp, p_pos_from(p, first));
	e->v.BinOp.left = left;
	e->v.BinOp.op = op;
	e->v.BinOp.right = right;
	return e;
}

struct expr_rule {
	ast_expr *(*fn)(struct parser *);
};

static void *call_expr_rule(struct parser *p, void *arg)
{
	const struct expr_rule *rule = arg;
	return rule->fn(p);
}

/* Runs an expression rule as a trial (see p_try_rule). */
static ast_expr *p_try(struct parser *p, ast_expr *(*fn)(struct parser *))
{
	struct expr_rule rule = { fn };
	return p_try_rule(p, call_expr_rule, &rule);
}

static bool is_legacy_name(const ast_expr *e)
{
	return e->kind == EXPR_Name &&
	       (strcmp(e->v.Name.id, "print") == 0 || strcmp(e->v.Name.id, "exec") == 0);
}

static bool is_soft_keyword(const struct token *t)
{
	return t->type == T_NAME &&
	       ((t->len == 5 && memcmp(t->start, "match", 5) == 0) ||
		(t->len == 4 && memcmp(t->start, "case", 4) == 0) ||
		(t->len == 1 && t->start[0] == '_'));
}

/* CPython's invalid_expression and invalid_legacy_expression: an
 * expression directly followed by another one. */
static void check_juxtaposed(struct parser *p, ast_expr *a, const struct token *first)
{
	if (p->probing)
		return;
	struct token *t = p_peek(p);
	if (!p_starts_expression(t))
		return;
	if (is_legacy_name(a) && t->type != T_LPAR) {
		int save = p->pos;
		const struct token *last = p->last;
		ast_expr *b = p_try(p, p_star_expressions);
		if (b)
			p_fail_range(p, "SyntaxError", &a->pos, &b->pos,
				     "Missing parentheses in call to '%s'. Did you mean %s(...)?",
				     a->v.Name.id, a->v.Name.id);
		p->pos = save;
		p->last = last;
		return;
	}
	if (t->level == 0 || is_soft_keyword(first) ||
	    (first->type == T_NAME && (first + 1)->type == T_STRING))
		return;
	int save = p->pos;
	const struct token *last = p->last;
	ast_expr *b = p_try(p, p_expression);
	if (b)
		p_fail_range(p, "SyntaxError", &a->pos, &b->pos,
			     "invalid syntax. Perhaps you forgot a comma?");
	p->pos = save;
	p->last = last;
}

/* ---- lambda -------------------------------------------------------------- */

static ast_expr *lambdef(struct parser *p)
{
	struct token *first = p_next(p);   /* 'lambda' */
	ast_arguments *args = p_parameters(p, true, T_COLON);
	p_expect(p, T_COLON);
	ast_expr *body = p_expression(p);
	ast_expr *e = p_expr(p, EXPR_Lambda, p_pos_from(p, first));
	e->v.Lambda.args = args;
	e->v.Lambda.body = body;
	return e;
}

/* ---- the precedence levels ------------------------------------------------- */

ast_expr *p_expression(struct parser *p)
{
	p_enter(p);
	if (p_check(p, T_KW_LAMBDA)) {
		ast_expr *l = lambdef(p);
		p_leave(p);
		return l;
	}
	struct token *first = p_peek(p);
	ast_expr *a = p_disjunction(p);
	if (p_check(p, T_KW_IF)) {
		p_next(p);
		ast_expr *test = p_disjunction(p);
		if (!p_check(p, T_KW_ELSE)) {
			if (!p->probing && !p_check(p, T_COLON))
				p_fail_range(p, "SyntaxError", &a->pos, &test->pos,
					     "expected 'else' after 'if' expression");
			p_fail_generic(p);
		}
		p_next(p);
		ast_expr *orelse = p_expression(p);
		ast_expr *e = p_expr(p, EXPR_IfExp, p_pos_from(p, first));
		e->v.IfExp.test = test;
		e->v.IfExp.body = a;
		e->v.IfExp.orelse = orelse;
		p_leave(p);
		return e;
	}
	check_juxtaposed(p, a, first);
	p_leave(p);
	return a;
}

static ast_expr *boolop(struct parser *p, enum token_type tok, enum ast_boolop op,
			ast_expr *(*operand)(struct parser *))
{
	struct token *start = p_peek(p);
	ast_expr *first = operand(p);
	if (!p_check(p, tok))
		return first;
	struct p_list values = { 0 };
	p_list_push(p, &values, first);
	while (p_accept(p, tok))
		p_list_push(p, &values, operand(p));
	ast_expr *e = p_expr(p, EXPR_BoolOp, p_pos_from(p, start));
	e->v.BoolOp.op = op;
	P_SEQ(e->v.BoolOp.values, values);
	return e;
}

static ast_expr *comparison(struct parser *p);

static ast_expr *inversion(struct parser *p)
{
	if (!p_check(p, T_KW_NOT))
		return comparison(p);
	p_enter(p);
	struct token *first = p_next(p);
	ast_expr *operand = inversion(p);
	ast_expr *e = p_expr(p, EXPR_UnaryOp, p_pos_from(p, first));
	e->v.UnaryOp.op = UNARY_Not;
	e->v.UnaryOp.operand = operand;
	p_leave(p);
	return e;
}

static ast_expr *conjunction(struct parser *p)
{
	return boolop(p, T_KW_AND, BOOL_And, inversion);
}

ast_expr *p_disjunction(struct parser *p)
{
	return boolop(p, T_KW_OR, BOOL_Or, conjunction);
}

/* Comparison operator at the current token (consumed), or 0. */
static enum ast_cmpop compare_op(struct parser *p)
{
	struct token *t = p_peek(p);
	enum ast_cmpop op = 0;
	switch (t->type) {
	case T_EQEQUAL: op = CMP_Eq; break;
	case T_NOTEQUAL: op = CMP_NotEq; break;
	case T_LESS: op = CMP_Lt; break;
	case T_LESSEQUAL: op = CMP_LtE; break;
	case T_GREATER: op = CMP_Gt; break;
	case T_GREATEREQUAL: op = CMP_GtE; break;
	case T_KW_IN: op = CMP_In; break;
	case T_KW_IS:
		p_next(p);
		return p_accept(p, T_KW_NOT) ? CMP_IsNot : CMP_Is;
	case T_KW_NOT:
		if (p_peek_at(p, 1)->type != T_KW_IN)
			return 0;
		p_next(p);
		p_next(p);
		return CMP_NotIn;
	default:
		return 0;
	}
	p_next(p);
	return op;
}

static ast_expr *comparison(struct parser *p)
{
	struct token *start = p_peek(p);
	ast_expr *left = p_bitwise_or(p);
	enum ast_cmpop op = compare_op(p);
	if (!op)
		return left;
	struct p_list ops = { 0 }, comparators = { 0 };
	do {
		p_list_push(p, &ops, (void *)(intptr_t)op);
		p_list_push(p, &comparators, p_bitwise_or(p));
	} while ((op = compare_op(p)) != 0);
	ast_expr *e = p_expr(p, EXPR_Compare, p_pos_from(p, start));
	e->v.Compare.left = left;
	e->v.Compare.ops.n = ops.n;
	e->v.Compare.ops.items = p_alloc(p, (size_t)ops.n * sizeof(int));
	for (int i = 0; i < ops.n; i++)
		e->v.Compare.ops.items[i] = (int)(intptr_t)ops.items[i];
	P_SEQ(e->v.Compare.comparators, comparators);
	return e;
}

static ast_expr *factor(struct parser *p);

/* One left-associative binary level: operators in `ops`. */
struct binary_level {
	enum token_type tok[5];
	enum ast_operator op[5];
};

static ast_expr *binary(struct parser *p, const struct binary_level *lv,
			ast_expr *(*operand)(struct parser *))
{
	struct token *first = p_peek(p);
	ast_expr *left = operand(p);
	for (;;) {
		enum token_type t = p_peek(p)->type;
		int i = 0;
		while (i < 5 && lv->tok[i] && lv->tok[i] != t)
			i++;
		if (i == 5 || !lv->tok[i])
			return left;
		p_next(p);
		ast_expr *right = operand(p);
		left = binop(p, first, left, lv->op[i], right);
	}
}

static ast_expr *term(struct parser *p)
{
	static const struct binary_level lv = {
		{ T_STAR, T_SLASH, T_DOUBLESLASH, T_PERCENT, T_AT },
		{ OP_Mult, OP_Div, OP_FloorDiv, OP_Mod, OP_MatMult } };
	return binary(p, &lv, factor);
}

static ast_expr *sum(struct parser *p)
{
	static const struct binary_level lv = { { T_PLUS, T_MINUS }, { OP_Add, OP_Sub } };
	return binary(p, &lv, term);
}

static ast_expr *shift_expr(struct parser *p)
{
	static const struct binary_level lv = {
		{ T_LEFTSHIFT, T_RIGHTSHIFT }, { OP_LShift, OP_RShift } };
	return binary(p, &lv, sum);
}

static ast_expr *bitwise_and(struct parser *p)
{
	static const struct binary_level lv = { { T_AMPER }, { OP_BitAnd } };
	return binary(p, &lv, shift_expr);
}

static ast_expr *bitwise_xor(struct parser *p)
{
	static const struct binary_level lv = { { T_CIRCUMFLEX }, { OP_BitXor } };
	return binary(p, &lv, bitwise_and);
}

ast_expr *p_bitwise_or(struct parser *p)
{
	static const struct binary_level lv = { { T_VBAR }, { OP_BitOr } };
	return binary(p, &lv, bitwise_xor);
}

static ast_expr *power(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *base;
	if (first->type == T_KW_AWAIT) {
		p_next(p);
		ast_expr *value = p_primary(p);
		base = p_expr(p, EXPR_Await, p_pos_from(p, first));
		base->v.Await.value = value;
	} else {
		base = p_primary(p);
	}
	if (!p_accept(p, T_DOUBLESTAR))
		return base;
	p_enter(p);
	ast_expr *exponent = factor(p);
	ast_expr *e = binop(p, first, base, OP_Pow, exponent);
	p_leave(p);
	return e;
}

static ast_expr *factor(struct parser *p)
{
	struct token *t = p_peek(p);
	enum ast_unaryop op;
	switch (t->type) {
	case T_PLUS: op = UNARY_UAdd; break;
	case T_MINUS: op = UNARY_USub; break;
	case T_TILDE: op = UNARY_Invert; break;
	default: return power(p);
	}
	p_enter(p);
	p_next(p);
	ast_expr *operand = factor(p);
	ast_expr *e = p_expr(p, EXPR_UnaryOp, p_pos_from(p, t));
	e->v.UnaryOp.op = op;
	e->v.UnaryOp.operand = operand;
	p_leave(p);
	return e;
}

/* ---- primaries ------------------------------------------------------------- */

/* slice: [expression] ':' [expression] [':' [expression]] | named_expression
 * (or a starred expression inside a tuple of slices). */
static ast_expr *slice_item(struct parser *p, bool allow_star)
{
	struct token *first = p_peek(p);
	if (allow_star && first->type == T_STAR)
		return p_star_expression(p);
	ast_expr *lower = NULL;
	if (first->type != T_COLON) {
		lower = p_named_expression(p);
		if (!p_check(p, T_COLON))
			return lower;
	}
	p_expect(p, T_COLON);
	ast_expr *upper = NULL, *step = NULL;
	enum token_type t = p_peek(p)->type;
	if (t != T_COLON && t != T_COMMA && t != T_RSQB)
		upper = p_expression(p);
	if (p_accept(p, T_COLON)) {
		t = p_peek(p)->type;
		if (t != T_COMMA && t != T_RSQB)
			step = p_expression(p);
	}
	ast_expr *e = p_expr(p, EXPR_Slice, p_pos_from(p, first));
	e->v.Slice.lower = lower;
	e->v.Slice.upper = upper;
	e->v.Slice.step = step;
	return e;
}

static ast_expr *slices(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = slice_item(p, true);
	if (!p_check(p, T_COMMA)) {
		if (e->kind == EXPR_Starred) {
			/* a[*b] is a one-element tuple */
		} else {
			return e;
		}
	}
	struct p_list elts = { 0 };
	p_list_push(p, &elts, e);
	while (p_accept(p, T_COMMA)) {
		if (p_check(p, T_RSQB))
			break;
		p_list_push(p, &elts, slice_item(p, true));
	}
	ast_expr *t = p_expr(p, EXPR_Tuple, p_pos_from(p, first));
	P_SEQ(t->v.Tuple.elts, elts);
	t->v.Tuple.ctx = CTX_Load;
	return t;
}

ast_expr *p_primary(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = atom(p);
	for (;;) {
		struct token *t = p_peek(p);
		if (t->type == T_DOT) {
			p_next(p);
			struct token *name = p_expect(p, T_NAME);
			ast_expr *a = p_expr(p, EXPR_Attribute, p_pos_from(p, first));
			a->v.Attribute.value = e;
			a->v.Attribute.attr = p_identifier(p, name);
			a->v.Attribute.ctx = CTX_Load;
			e = a;
		} else if (t->type == T_LPAR) {
			p_next(p);
			ast_expr *c = p_expr(p, EXPR_Call, e->pos);
			c->v.Call.func = e;
			if (!p_check(p, T_RPAR))
				p_call_arguments(p, &c->v.Call.args, &c->v.Call.keywords, T_RPAR);
			p_expect(p, T_RPAR);
			struct ast_pos end = p_pos_from(p, t);
			c->pos = p_pos_from(p, first);
			/* f(x for x in y): the generator spans the call's parentheses */
			if (c->v.Call.args.n == 1 && c->v.Call.keywords.n == 0 &&
			    c->v.Call.args.items[0]->kind == EXPR_GeneratorExp &&
			    c->v.Call.args.items[0]->pos.lineno == -1) {
				c->v.Call.args.items[0]->pos = end;
			}
			e = c;
		} else if (t->type == T_LSQB) {
			p_next(p);
			ast_expr *s = slices(p);
			p_expect(p, T_RSQB);
			ast_expr *sub = p_expr(p, EXPR_Subscript, p_pos_from(p, first));
			sub->v.Subscript.value = e;
			sub->v.Subscript.slice = s;
			sub->v.Subscript.ctx = CTX_Load;
			e = sub;
		} else {
			return e;
		}
	}
}

/* ---- atoms ------------------------------------------------------------------ */

static ast_expr *constant(struct parser *p, const struct token *t, enum ast_constant_kind kind)
{
	ast_expr *e = p_expr(p, EXPR_Constant, p_pos_from(p, t));
	e->v.Constant.value.kind = kind;
	return e;
}

static bool at_comprehension(struct parser *p)
{
	return p_check(p, T_KW_FOR) || (p_check(p, T_KW_ASYNC) && p_peek_at(p, 1)->type == T_KW_FOR);
}

static noreturn void fail_starred_here(struct parser *p, ast_expr *e)
{
	p_fail_range(p, "SyntaxError", &e->pos, &e->pos, "cannot use starred expression here");
}

/* '(' ... ')': tuple, group, generator expression or yield. */
static ast_expr *paren_atom(struct parser *p, struct token *open)
{
	if (p_accept(p, T_RPAR)) {
		ast_expr *e = p_expr(p, EXPR_Tuple, p_pos_from(p, open));
		e->v.Tuple.ctx = CTX_Load;
		return e;
	}
	if (p_check(p, T_KW_YIELD)) {
		ast_expr *y = p_yield_expr(p);
		p_expect(p, T_RPAR);
		return y;
	}
	ast_expr *first = p_star_named_expression(p);
	if (at_comprehension(p)) {
		if (first->kind == EXPR_Starred)
			fail_starred_here(p, first);
		ast_expr *g = comprehension_tail(p, EXPR_GeneratorExp, first, NULL, open);
		p_expect(p, T_RPAR);
		g->pos = p_pos_from(p, open);
		return g;
	}
	if (p_accept(p, T_RPAR)) {
		if (first->kind == EXPR_Starred)
			fail_starred_here(p, first);
		return first;
	}
	if (!p_check(p, T_COMMA))
		p_fail_generic(p);
	struct p_list elts = { 0 };
	p_list_push(p, &elts, first);
	while (p_accept(p, T_COMMA)) {
		if (p_check(p, T_RPAR))
			break;
		p_list_push(p, &elts, p_star_named_expression(p));
	}
	p_expect(p, T_RPAR);
	ast_expr *e = p_expr(p, EXPR_Tuple, p_pos_from(p, open));
	P_SEQ(e->v.Tuple.elts, elts);
	e->v.Tuple.ctx = CTX_Load;
	return e;
}

static ast_expr *list_atom(struct parser *p, struct token *open)
{
	struct p_list elts = { 0 };
	if (!p_check(p, T_RSQB)) {
		ast_expr *first = p_star_named_expression(p);
		if (at_comprehension(p)) {
			if (first->kind == EXPR_Starred)
				p_fail_range(p, "SyntaxError", &first->pos, &first->pos,
					     "iterable unpacking cannot be used in comprehension");
			ast_expr *c = comprehension_tail(p, EXPR_ListComp, first, NULL, open);
			p_expect(p, T_RSQB);
			c->pos = p_pos_from(p, open);
			return c;
		}
		p_list_push(p, &elts, first);
		while (p_accept(p, T_COMMA)) {
			if (p_check(p, T_RSQB))
				break;
			p_list_push(p, &elts, p_star_named_expression(p));
		}
	}
	p_expect(p, T_RSQB);
	ast_expr *e = p_expr(p, EXPR_List, p_pos_from(p, open));
	P_SEQ(e->v.List.elts, elts);
	e->v.List.ctx = CTX_Load;
	return e;
}

/* The ':' after a dict key; CPython's invalid_kvpair message when no
 * value follows. */
static void dict_colon(struct parser *p)
{
	struct token *colon = p_next(p);
	enum token_type t = p_peek(p)->type;
	if (t == T_RBRACE || t == T_COMMA)
		p_fail_token(p, colon, "SyntaxError", "expression expected after dictionary key and ':'");
}

/* '{' ... '}': dict, set, or their comprehensions. */
static ast_expr *brace_atom(struct parser *p, struct token *open)
{
	if (p_accept(p, T_RBRACE))
		return p_expr(p, EXPR_Dict, p_pos_from(p, open));
	struct p_list keys = { 0 }, values = { 0 };
	bool is_dict;
	if (p_accept(p, T_DOUBLESTAR)) {
		p_list_push(p, &keys, NULL);
		p_list_push(p, &values, p_bitwise_or(p));
		is_dict = true;
	} else {
		ast_expr *first = p_star_named_expression(p);
		if (p_check(p, T_COLON)) {
			if (first->kind == EXPR_Starred)
				p_fail_generic(p);
			dict_colon(p);
			ast_expr *value = p_expression(p);
			if (at_comprehension(p)) {
				ast_expr *c = comprehension_tail(p, EXPR_DictComp, first, value, open);
				p_expect(p, T_RBRACE);
				c->pos = p_pos_from(p, open);
				return c;
			}
			p_list_push(p, &keys, first);
			p_list_push(p, &values, value);
			is_dict = true;
		} else {
			if (at_comprehension(p)) {
				if (first->kind == EXPR_Starred)
					p_fail_range(p, "SyntaxError", &first->pos, &first->pos,
						     "iterable unpacking cannot be used in comprehension");
				ast_expr *c = comprehension_tail(p, EXPR_SetComp, first, NULL, open);
				p_expect(p, T_RBRACE);
				c->pos = p_pos_from(p, open);
				return c;
			}
			p_list_push(p, &values, first);
			is_dict = false;
		}
	}
	while (p_accept(p, T_COMMA)) {
		if (p_check(p, T_RBRACE))
			break;
		if (is_dict) {
			if (p_accept(p, T_DOUBLESTAR)) {
				p_list_push(p, &keys, NULL);
				p_list_push(p, &values, p_bitwise_or(p));
				continue;
			}
			p_list_push(p, &keys, p_expression(p));
			if (!p_check(p, T_COLON))
				p_fail_generic(p);
			dict_colon(p);
			p_list_push(p, &values, p_expression(p));
		} else {
			p_list_push(p, &values, p_star_named_expression(p));
		}
	}
	p_expect(p, T_RBRACE);
	if (!is_dict) {
		ast_expr *e = p_expr(p, EXPR_Set, p_pos_from(p, open));
		P_SEQ(e->v.Set.elts, values);
		return e;
	}
	ast_expr *e = p_expr(p, EXPR_Dict, p_pos_from(p, open));
	P_SEQ(e->v.Dict.keys, keys);
	P_SEQ(e->v.Dict.values, values);
	return e;
}

static ast_expr *atom(struct parser *p)
{
	struct token *t = p_peek(p);
	switch (t->type) {
	case T_NAME:
		p_next(p);
		return name_expr(p, t, CTX_Load);
	case T_KW_TRUE:
		p_next(p);
		return constant(p, t, CONST_True);
	case T_KW_FALSE:
		p_next(p);
		return constant(p, t, CONST_False);
	case T_KW_NONE:
		p_next(p);
		return constant(p, t, CONST_None);
	case T_ELLIPSIS:
		p_next(p);
		return constant(p, t, CONST_Ellipsis);
	case T_NUMBER:
		p_next(p);
		return p_number(p, t);
	case T_STRING:
		return p_strings(p);
	case T_LPAR: case T_LSQB: case T_LBRACE: {
		p_enter(p);
		p_next(p);
		ast_expr *e = t->type == T_LPAR ? paren_atom(p, t)
			    : t->type == T_LSQB ? list_atom(p, t) : brace_atom(p, t);
		p_leave(p);
		return e;
	}
	default:
		p_fail_generic(p);
	}
}

/* ---- comprehensions ------------------------------------------------------------- */

static ast_expr *comprehension_tail(struct parser *p, enum ast_expr_kind kind,
				    ast_expr *elt, ast_expr *value, const struct token *open)
{
	struct p_list gens = { 0 };
	while (at_comprehension(p)) {
		ast_comprehension *c = p_alloc(p, sizeof *c);
		c->is_async = p_accept(p, T_KW_ASYNC);
		p_expect(p, T_KW_FOR);
		c->target = p_star_targets_for(p);
		p_expect(p, T_KW_IN);
		c->iter = p_disjunction(p);
		struct p_list ifs = { 0 };
		while (p_accept(p, T_KW_IF))
			p_list_push(p, &ifs, p_disjunction(p));
		P_SEQ(c->ifs, ifs);
		p_list_push(p, &gens, c);
	}
	ast_expr *e = p_expr(p, kind, p_pos_from(p, open));
	switch (kind) {
	case EXPR_DictComp:
		e->v.DictComp.key = elt;
		e->v.DictComp.value = value;
		P_SEQ(e->v.DictComp.generators, gens);
		break;
	case EXPR_ListComp:
		e->v.ListComp.elt = elt;
		P_SEQ(e->v.ListComp.generators, gens);
		break;
	case EXPR_SetComp:
		e->v.SetComp.elt = elt;
		P_SEQ(e->v.SetComp.generators, gens);
		break;
	default:
		e->v.GeneratorExp.elt = elt;
		P_SEQ(e->v.GeneratorExp.generators, gens);
		break;
	}
	return e;
}

/* ---- starred and named expressions ------------------------------------------------- */

ast_expr *p_star_expression(struct parser *p)
{
	struct token *first = p_peek(p);
	if (first->type != T_STAR)
		return p_expression(p);
	p_next(p);
	ast_expr *value = p_bitwise_or(p);
	ast_expr *e = p_expr(p, EXPR_Starred, p_pos_from(p, first));
	e->v.Starred.value = value;
	e->v.Starred.ctx = CTX_Load;
	return e;
}

static bool is_excluded_target(const ast_expr *e)
{
	return e->kind == EXPR_List || e->kind == EXPR_Tuple || e->kind == EXPR_GeneratorExp ||
	       (e->kind == EXPR_Constant && (e->v.Constant.value.kind == CONST_True ||
					     e->v.Constant.value.kind == CONST_False ||
					     e->v.Constant.value.kind == CONST_None));
}

/* CPython's invalid_named_expression: `a = b` where an expression is
 * expected (if x = 1:, [x = 1], ...). */
static void check_misplaced_assign(struct parser *p, ast_expr *e, const struct token *first)
{
	if (p->probing || !p_check(p, T_EQUAL))
		return;
	bool name = e->kind == EXPR_Name && first->type == T_NAME;
	bool bitwise = e->kind != EXPR_Compare && e->kind != EXPR_BoolOp && e->kind != EXPR_IfExp &&
		       e->kind != EXPR_Lambda && !(e->kind == EXPR_UnaryOp && e->v.UnaryOp.op == UNARY_Not);
	if (!name && (!bitwise || is_excluded_target(e)))
		return;
	int save = p->pos;
	const struct token *last = p->last;
	p_next(p);
	ast_expr *b = p_try(p, p_bitwise_or);
	if (b && !p_check(p, T_EQUAL) && !p_check(p, T_COLONEQUAL)) {
		if (name)
			p_fail_range(p, "SyntaxError", &e->pos, &b->pos,
				     "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
		p_fail_range(p, "SyntaxError", &e->pos, &e->pos,
			     "cannot assign to %s here. Maybe you meant '==' instead of '='?",
			     p_expr_name(e));
	}
	p->pos = save;
	p->last = last;
}

ast_expr *p_named_expression_ex(struct parser *p, bool check_assign)
{
	struct token *first = p_peek(p);
	if (first->type == T_NAME && p_peek_at(p, 1)->type == T_COLONEQUAL) {
		p_next(p);
		ast_expr *target = name_expr(p, first, CTX_Store);
		p_next(p);
		ast_expr *value = p_expression(p);
		ast_expr *e = p_expr(p, EXPR_NamedExpr, p_pos_from(p, first));
		e->v.NamedExpr.target = target;
		e->v.NamedExpr.value = value;
		return e;
	}
	ast_expr *e = p_expression(p);
	if (p_check(p, T_COLONEQUAL) && !p->probing)
		p_fail_range(p, "SyntaxError", &e->pos, &e->pos,
			     "cannot use assignment expressions with %s", p_expr_name(e));
	if (check_assign)
		check_misplaced_assign(p, e, first);
	return e;
}

ast_expr *p_named_expression(struct parser *p)
{
	return p_named_expression_ex(p, true);
}

ast_expr *p_star_named_expression(struct parser *p)
{
	if (p_check(p, T_STAR))
		return p_star_expression(p);
	return p_named_expression(p);
}

/* star_expressions: one expression, or a tuple when commas follow. */
ast_expr *p_star_expressions(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = p_star_expression(p);
	if (!p_check(p, T_COMMA))
		return e;
	struct p_list elts = { 0 };
	p_list_push(p, &elts, e);
	while (p_accept(p, T_COMMA)) {
		struct token *t = p_peek(p);
		if (!p_starts_expression(t) && t->type != T_STAR)
			break;
		p_list_push(p, &elts, p_star_expression(p));
	}
	ast_expr *t = p_expr(p, EXPR_Tuple, p_pos_from(p, first));
	P_SEQ(t->v.Tuple.elts, elts);
	t->v.Tuple.ctx = CTX_Load;
	return t;
}

ast_expr *p_yield_expr(struct parser *p)
{
	struct token *first = p_next(p);    /* 'yield' */
	if (p_accept(p, T_KW_FROM)) {
		ast_expr *value = p_expression(p);
		ast_expr *e = p_expr(p, EXPR_YieldFrom, p_pos_from(p, first));
		e->v.YieldFrom.value = value;
		return e;
	}
	ast_expr *value = NULL;
	struct token *t = p_peek(p);
	if (p_starts_expression(t) || t->type == T_STAR)
		value = p_star_expressions(p);
	ast_expr *e = p_expr(p, EXPR_Yield, p_pos_from(p, first));
	e->v.Yield.value = value;
	return e;
}

/* for-loop and comprehension targets: star_targets, which stop before
 * 'in'.  On a bad target, CPython re-parses star_expressions to name it. */
static ast_expr *star_target(struct parser *p)
{
	struct token *first = p_peek(p);
	if (first->type == T_STAR) {
		p_next(p);
		ast_expr *value = star_target(p);
		ast_expr *e = p_expr(p, EXPR_Starred, p_pos_from(p, first));
		e->v.Starred.value = value;
		e->v.Starred.ctx = CTX_Store;
		return e;
	}
	return p_primary(p);
}

static ast_expr *star_targets_list(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = star_target(p);
	if (!p_check(p, T_COMMA))
		return e;
	struct p_list elts = { 0 };
	p_list_push(p, &elts, e);
	while (p_accept(p, T_COMMA)) {
		struct token *t = p_peek(p);
		if (!p_starts_expression(t) && t->type != T_STAR)
			break;
		p_list_push(p, &elts, star_target(p));
	}
	ast_expr *t = p_expr(p, EXPR_Tuple, p_pos_from(p, first));
	P_SEQ(t->v.Tuple.elts, elts);
	t->v.Tuple.ctx = CTX_Store;
	return t;
}

ast_expr *p_star_targets_for(struct parser *p)
{
	int save = p->pos;
	const struct token *last = p->last;
	ast_expr *e = p_try(p, star_targets_list);
	if (e && p_check(p, T_KW_IN)) {
		p_set_context(p, e, CTX_Store, TARGETS_FOR);
		return e;
	}
	struct token *bad = p_peek(p);
	/* Inside a trial the error is thrown away by the enclosing p_try, so
	 * the precise diagnosis below (two more parses of the same tokens) would
	 * be wasted; nested comprehensions made that exponential in depth. */
	if (p->probing) {
		p->pos = (int)(bad - p->tokens);
		p_fail_generic(p);
	}
	p->pos = save;
	p->last = last;
	ast_expr *all = p_try(p, p_star_expressions);
	if (all) {
		const ast_expr *inv = p_invalid_target(all, TARGETS_FOR);
		if (inv)
			p_fail_range(p, "SyntaxError", &inv->pos, &inv->pos, "cannot assign to %s",
				     p_expr_name(inv));
	}
	/* Report the error where the target parse stopped. */
	if (!e) {
		p->pos = save;
		star_targets_list(p);   /* fails again, now reporting its error */
	}
	p->pos = (int)(bad - p->tokens);
	p_fail_generic(p);
}

/* ---- call arguments --------------------------------------------------------------- */

void p_call_arguments(struct parser *p, ast_expr_seq *args_out, ast_keyword_seq *kws_out,
		      enum token_type closer)
{
	struct p_list args = { 0 }, kws = { 0 };
	bool seen_keyword = false, seen_kwunpack = false;
	const char *misplaced = NULL;
	const ast_keyword *kwunpack = NULL;   /* the first **mapping */
	for (;;) {
		struct token *first = p_peek(p);
		if (first->type == closer)
			break;
		if (first->type == T_DOUBLESTAR) {
			p_next(p);
			ast_keyword *k = p_alloc(p, sizeof *k);
			k->value = p_expression(p);
			k->pos = p_pos_from(p, first);
			p_list_push(p, &kws, k);
			seen_kwunpack = true;
			if (!kwunpack)
				kwunpack = k;
		} else if (first->type == T_STAR) {
			ast_expr *e = p_star_expression(p);
			if (kwunpack)
				p_fail_range(p, "SyntaxError", &kwunpack->pos, &kwunpack->pos,
					     "iterable argument unpacking follows keyword argument unpacking");
			p_list_push(p, &args, e);
		} else if ((first->type == T_NAME || first->type == T_KW_TRUE ||
			    first->type == T_KW_FALSE || first->type == T_KW_NONE) &&
			   p_peek_at(p, 1)->type == T_EQUAL) {
			p_next(p);
			p_next(p);
			if (first->type != T_NAME) {
				struct ast_pos from = p_pos_from(p, first);
				p_fail_range(p, "SyntaxError", &from, &from, "cannot assign to %s",
					     token_spelling[first->type]);
			}
			ast_keyword *k = p_alloc(p, sizeof *k);
			k->arg = p_identifier(p, first);
			k->value = p_expression(p);
			k->pos = p_pos_from(p, first);
			p_list_push(p, &kws, k);
			seen_keyword = true;
		} else {
			ast_expr *e = p_named_expression_ex(p, false);
			if (at_comprehension(p)) {
				ast_expr *g = comprehension_tail(p, EXPR_GeneratorExp, e, NULL, first);
				g->pos = p_pos_from(p, first);
				bool alone = args.n == 0 && kws.n == 0 && p_check(p, closer);
				if (!alone) {
					struct ast_pos gp = g->pos;
					p_fail_range(p, "SyntaxError", &e->pos, &gp,
						     "Generator expression must be parenthesized");
				}
				g->pos.lineno = -1;     /* primary() widens it to the parentheses */
				e = g;
			} else if (p_check(p, T_EQUAL)) {
				struct token *eq = p_peek(p);
				p_next(p);
				struct ast_pos eqpos = p_pos_from(p, eq);
				p_fail_range(p, "SyntaxError", &e->pos, &eqpos,
					     "expression cannot contain assignment, perhaps you meant \"==\"?");
			}
			/* CPython reports these at the end of the argument list. */
			if (!misplaced && seen_kwunpack)
				misplaced = "positional argument follows keyword argument unpacking";
			else if (!misplaced && seen_keyword)
				misplaced = "positional argument follows keyword argument";
			p_list_push(p, &args, e);
		}
		if (!p_accept(p, T_COMMA))
			break;
	}
	if (misplaced && p_check(p, closer))
		p_fail_token(p, p_peek(p), "SyntaxError", "%s", misplaced);
	P_SEQ(*args_out, args);
	P_SEQ(*kws_out, kws);
}

/* ---- parameters -------------------------------------------------------------------- */

static ast_arg *parameter(struct parser *p, bool lambda, bool star)
{
	struct token *name = p_expect(p, T_NAME);
	ast_arg *a = p_alloc(p, sizeof *a);
	a->arg = p_identifier(p, name);
	if (!lambda && p_accept(p, T_COLON)) {
		if (star && p_check(p, T_STAR))
			a->annotation = p_star_expression(p);
		else
			a->annotation = p_expression(p);
	}
	a->pos = p_pos_from(p, name);
	return a;
}

ast_arguments *p_parameters(struct parser *p, bool lambda, enum token_type closer)
{
	ast_arguments *args = p_alloc(p, sizeof *args);
	struct p_list pos = { 0 }, defaults = { 0 }, kwonly = { 0 }, kwdefaults = { 0 };
	bool seen_star = false, seen_slash = false;
	while (!p_check(p, closer)) {
		struct token *t = p_peek(p);
		if (t->type == T_SLASH) {
			if (seen_slash)
				p_fail_token(p, t, "SyntaxError", "/ may appear only once");
			if (seen_star)
				p_fail_token(p, t, "SyntaxError", "/ must be ahead of *");
			if (pos.n == 0)
				p_fail_token(p, t, "SyntaxError", "at least one argument must precede /");
			p_next(p);
			seen_slash = true;
			args->posonlyargs.n = pos.n;
			args->posonlyargs.items = (ast_arg **)pos.items;
			pos = (struct p_list){ 0 };
		} else if (t->type == T_STAR) {
			if (seen_star)
				p_fail_token(p, t, "SyntaxError", "* argument may appear only once");
			p_next(p);
			seen_star = true;
			if (p_check(p, T_COMMA)) {
				struct token *after = p_peek_at(p, 1);
				if (after->type == closer || after->type == T_DOUBLESTAR)
					p_fail_token(p, t, "SyntaxError", "named arguments must follow bare *");
			} else if (p_check(p, closer)) {
				p_fail_token(p, t, "SyntaxError", "named arguments must follow bare *");
			} else {
				args->vararg = parameter(p, lambda, true);
			}
		} else if (t->type == T_DOUBLESTAR) {
			p_next(p);
			args->kwarg = parameter(p, lambda, false);
			p_accept(p, T_COMMA);
			if (!p_check(p, closer)) {
				struct token *bad = p_peek(p);
				p_fail_token(p, bad, "SyntaxError",
					     "arguments cannot follow var-keyword argument");
			}
			break;
		} else {
			ast_arg *a = parameter(p, lambda, false);
			ast_expr *def = NULL;
			if (p_accept(p, T_EQUAL))
				def = p_expression(p);
			if (seen_star) {
				p_list_push(p, &kwonly, a);
				p_list_push(p, &kwdefaults, def);
			} else {
				if (def) {
					p_list_push(p, &defaults, def);
				} else if (defaults.n > 0) {
					p_fail_range(p, "SyntaxError", &a->pos, &a->pos,
						     "non-default argument follows default argument");
				}
				p_list_push(p, &pos, a);
			}
		}
		if (!p_accept(p, T_COMMA))
			break;
	}
	P_SEQ(args->args, pos);
	P_SEQ(args->defaults, defaults);
	P_SEQ(args->kwonlyargs, kwonly);
	P_SEQ(args->kw_defaults, kwdefaults);
	return args;
}
