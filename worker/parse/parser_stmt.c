/* parser_stmt.c -- statements: simple statements (assignments, imports,
 * del, raise, ...) and compound statements (if/while/for/with/try/def/
 * class, decorators, async), blocks and the indentation errors that go
 * with them ("expected an indented block after ...", "expected ':'").
 */
#include "worker/parse/parser_internal.h"

#include <string.h>

static ast_stmt *statement_compound(struct parser *p);
static void simple_statements(struct parser *p, struct p_list *out);

/* ---- helpers --------------------------------------------------------------- */

/* The end of a compound statement is the end of its last sub-statement. */
static void end_at_body(ast_stmt *s, const ast_stmt_seq *body)
{
	if (body->n > 0) {
		s->pos.end_lineno = body->items[body->n - 1]->pos.end_lineno;
		s->pos.end_col_offset = body->items[body->n - 1]->pos.end_col_offset;
	}
}

/* ':' before a block.  `forced`: CPython's &&':' (any other token gives
 * "expected ':'"); otherwise only a NEWLINE does. */
static void expect_colon(struct parser *p, bool forced)
{
	struct token *t = p_peek(p);
	if (t->type == T_COLON) {
		p_next(p);
		return;
	}
	if (forced || t->type == T_NEWLINE)
		p_fail_token(p, t, "SyntaxError", "expected ':'");
	p_fail_generic(p);
}

ast_stmt_seq p_block(struct parser *p, const char *what, int lineno)
{
	struct p_list body = { 0 };
	if (p_check(p, T_NEWLINE)) {
		p_next(p);
		struct token *t = p_peek(p);
		if (t->type != T_INDENT)
			p_fail_token(p, t, "IndentationError",
				     "expected an indented block after %s on line %d", what, lineno);
		p_next(p);
		p_enter(p);
		while (!p_check(p, T_DEDENT) && !p_check(p, T_ENDMARKER)) {
			ast_stmt *s = statement_compound(p);
			if (s)
				p_list_push(p, &body, s);
			else
				simple_statements(p, &body);
		}
		p_expect(p, T_DEDENT);
		p_leave(p);
	} else {
		simple_statements(p, &body);
	}
	ast_stmt_seq seq;
	P_SEQ(seq, body);
	return seq;
}

static const char *name_of(struct parser *p)
{
	return p_identifier(p, p_expect(p, T_NAME));
}

/* ---- simple statements --------------------------------------------------------- */

static bool is_augassign(enum token_type t, enum ast_operator *op)
{
	switch (t) {
	case T_PLUSEQUAL: *op = OP_Add; return true;
	case T_MINEQUAL: *op = OP_Sub; return true;
	case T_STAREQUAL: *op = OP_Mult; return true;
	case T_ATEQUAL: *op = OP_MatMult; return true;
	case T_SLASHEQUAL: *op = OP_Div; return true;
	case T_PERCENTEQUAL: *op = OP_Mod; return true;
	case T_AMPEREQUAL: *op = OP_BitAnd; return true;
	case T_VBAREQUAL: *op = OP_BitOr; return true;
	case T_CIRCUMFLEXEQUAL: *op = OP_BitXor; return true;
	case T_LEFTSHIFTEQUAL: *op = OP_LShift; return true;
	case T_RIGHTSHIFTEQUAL: *op = OP_RShift; return true;
	case T_DOUBLESTAREQUAL: *op = OP_Pow; return true;
	case T_DOUBLESLASHEQUAL: *op = OP_FloorDiv; return true;
	default: return false;
	}
}

static ast_expr *rhs(struct parser *p)
{
	if (p_check(p, T_KW_YIELD))
		return p_yield_expr(p);
	return p_star_expressions(p);
}

/* Was `e` written as a tuple without parentheses?  (Its first element
 * then starts where the tuple does.) */
static bool bare_tuple(const ast_expr *e)
{
	if (e->kind != EXPR_Tuple || e->v.Tuple.elts.n == 0)
		return false;
	const ast_expr *first = e->v.Tuple.elts.items[0];
	return first->pos.lineno == e->pos.lineno && first->pos.col_offset == e->pos.col_offset;
}

static bool is_bitwise_or_level(const ast_expr *e, const struct token *stmt_first)
{
	switch (e->kind) {
	case EXPR_Yield: case EXPR_YieldFrom:
		/* only a parenthesized yield is an atom */
		return !(e->pos.lineno == stmt_first->lineno && e->pos.col_offset == stmt_first->col);
	case EXPR_Compare: case EXPR_BoolOp: case EXPR_IfExp: case EXPR_Lambda:
	case EXPR_NamedExpr: case EXPR_Starred:
		return false;
	case EXPR_UnaryOp:
		return e->v.UnaryOp.op != UNARY_Not;
	default:
		return true;
	}
}

/* CPython's invalid_assignment / invalid_named_expression for
 * `targets[0] = targets[1] = ... = value`. */
static noreturn void fail_assignment(struct parser *p, ast_expr **chain, int n,
				     const struct token *first_tok)
{
	ast_expr *target = chain[0];
	ast_expr *next = chain[1];
	ast_expr *next_first = bare_tuple(next) ? next->v.Tuple.elts.items[0] : next;
	bool rhs_simple = is_bitwise_or_level(next_first, first_tok) && (n == 2 || bare_tuple(next));
	ast_expr *last_elt = bare_tuple(target)
		? target->v.Tuple.elts.items[target->v.Tuple.elts.n - 1] : target;
	if (rhs_simple && last_elt->kind == EXPR_Name && bare_tuple(target) &&
	    p_invalid_target(target, TARGETS_STAR))
		p_fail_range(p, "SyntaxError", &last_elt->pos, &next_first->pos,
			     "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
	bool excluded = last_elt->kind == EXPR_List || last_elt->kind == EXPR_Tuple ||
			last_elt->kind == EXPR_GeneratorExp ||
			(last_elt->kind == EXPR_Constant &&
			 (last_elt->v.Constant.value.kind == CONST_True ||
			  last_elt->v.Constant.value.kind == CONST_False ||
			  last_elt->v.Constant.value.kind == CONST_None));
	if (rhs_simple && !excluded && is_bitwise_or_level(last_elt, first_tok) &&
	    p_invalid_target(last_elt, TARGETS_STAR))
		p_fail_range(p, "SyntaxError", &last_elt->pos, &last_elt->pos,
			     "cannot assign to %s here. Maybe you meant '==' instead of '='?",
			     p_expr_name(last_elt));
	for (int i = 0; i < n - 1; i++) {
		if (chain[i]->kind == EXPR_Yield || chain[i]->kind == EXPR_YieldFrom)
			p_fail_range(p, "SyntaxError", &chain[i]->pos, &chain[i]->pos,
				     "assignment to yield expression not possible");
		const ast_expr *bad = p_invalid_target(chain[i], TARGETS_STAR);
		if (bad)
			p_fail_range(p, "SyntaxError", &bad->pos, &bad->pos, "cannot assign to %s",
				     p_expr_name(bad));
	}
	p_fail_generic(p);
}

static ast_stmt *annotated_assignment(struct parser *p, const struct token *first, ast_expr *target)
{
	if (target->kind == EXPR_Tuple || target->kind == EXPR_List) {
		const ast_expr *at = bare_tuple(target) ? target->v.Tuple.elts.items[0] : target;
		p_fail_range(p, "SyntaxError", &at->pos, &at->pos,
			     "only single target (not %s) can be annotated",
			     target->kind == EXPR_List ? "list" : "tuple");
	}
	if (target->kind != EXPR_Name && target->kind != EXPR_Attribute &&
	    target->kind != EXPR_Subscript)
		p_fail_range(p, "SyntaxError", &target->pos, &target->pos,
			     "illegal target for annotation");
	p_next(p);   /* ':' */
	ast_expr *annotation = p_expression(p);
	ast_expr *value = NULL;
	if (p_accept(p, T_EQUAL))
		value = rhs(p);
	p_set_context(p, target, CTX_Store, TARGETS_STAR);
	ast_stmt *s = p_stmt(p, STMT_AnnAssign, p_pos_from(p, first));
	s->v.AnnAssign.target = target;
	s->v.AnnAssign.annotation = annotation;
	s->v.AnnAssign.value = value;
	s->v.AnnAssign.simple = target->kind == EXPR_Name && first->type != T_LPAR;
	return s;
}

static ast_stmt *expression_statement(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_expr *e = rhs(p);
	struct token *t = p_peek(p);
	enum ast_operator op;
	if (t->type == T_COLONEQUAL && e->kind != EXPR_Name)
		p_fail_range(p, "SyntaxError", &e->pos, &e->pos,
			     "cannot use assignment expressions with %s", p_expr_name(e));
	if (t->type == T_COLON && e->kind != EXPR_Yield && e->kind != EXPR_YieldFrom)
		return annotated_assignment(p, first, e);
	if (is_augassign(t->type, &op)) {
		if (e->kind != EXPR_Name && e->kind != EXPR_Attribute && e->kind != EXPR_Subscript)
			p_fail_range(p, "SyntaxError", &e->pos, &e->pos,
				     "'%s' is an illegal expression for augmented assignment",
				     p_expr_name(e));
		p_next(p);
		ast_expr *value = rhs(p);
		p_set_context(p, e, CTX_Store, TARGETS_STAR);
		ast_stmt *s = p_stmt(p, STMT_AugAssign, p_pos_from(p, first));
		s->v.AugAssign.target = e;
		s->v.AugAssign.op = op;
		s->v.AugAssign.value = value;
		return s;
	}
	if (t->type != T_EQUAL) {
		ast_stmt *s = p_stmt(p, STMT_Expr, p_pos_from(p, first));
		s->v.Expr.value = e;
		return s;
	}
	struct p_list chain = { 0 };
	p_list_push(p, &chain, e);
	while (p_accept(p, T_EQUAL))
		p_list_push(p, &chain, rhs(p));
	ast_expr **items = (ast_expr **)chain.items;
	for (int i = 0; i < chain.n - 1; i++) {
		if (items[i]->kind == EXPR_Yield || items[i]->kind == EXPR_YieldFrom ||
		    p_invalid_target(items[i], TARGETS_STAR))
			fail_assignment(p, items, chain.n, first);
	}
	for (int i = 0; i < chain.n - 1; i++)
		p_set_context(p, items[i], CTX_Store, TARGETS_STAR);
	ast_stmt *s = p_stmt(p, STMT_Assign, p_pos_from(p, first));
	s->v.Assign.targets.n = chain.n - 1;
	s->v.Assign.targets.items = items;
	s->v.Assign.value = items[chain.n - 1];
	return s;
}

/* dotted_name ['as' NAME] */
static ast_alias *import_alias(struct parser *p, bool dotted)
{
	struct token *first = p_peek(p);
	ast_alias *a = p_alloc(p, sizeof *a);
	struct token *n = p_expect(p, T_NAME);
	const char *name = p_identifier(p, n);
	if (dotted) {
		while (p_check(p, T_DOT)) {
			p_next(p);
			const char *part = name_of(p);
			size_t l1 = strlen(name), l2 = strlen(part);
			char *joined = p_alloc(p, l1 + l2 + 2);
			memcpy(joined, name, l1);
			joined[l1] = '.';
			memcpy(joined + l1 + 1, part, l2 + 1);
			name = joined;
		}
	}
	a->name = name;
	if (p_accept(p, T_KW_AS))
		a->asname = name_of(p);
	a->pos = p_pos_from(p, first);
	return a;
}

static ast_stmt *import_from(struct parser *p, const struct token *first)
{
	int level = 0;
	for (;;) {
		if (p_accept(p, T_DOT))
			level++;
		else if (p_accept(p, T_ELLIPSIS))
			level += 3;
		else
			break;
	}
	const char *module = NULL;
	if (!p_check(p, T_KW_IMPORT) || level == 0) {
		struct token *n = p_expect(p, T_NAME);
		module = p_identifier(p, n);
		while (p_accept(p, T_DOT)) {
			const char *part = name_of(p);
			size_t l1 = strlen(module), l2 = strlen(part);
			char *joined = p_alloc(p, l1 + l2 + 2);
			memcpy(joined, module, l1);
			joined[l1] = '.';
			memcpy(joined + l1 + 1, part, l2 + 1);
			module = joined;
		}
	}
	p_expect(p, T_KW_IMPORT);
	struct p_list names = { 0 };
	struct token *t = p_peek(p);
	if (t->type == T_STAR) {
		p_next(p);
		ast_alias *a = p_alloc(p, sizeof *a);
		a->name = "*";
		a->pos = p_pos_from(p, t);
		p_list_push(p, &names, a);
	} else if (t->type == T_LPAR) {
		p_next(p);
		do {
			if (p_check(p, T_RPAR) && names.n > 0)
				break;
			p_list_push(p, &names, import_alias(p, false));
		} while (p_accept(p, T_COMMA));
		p_expect(p, T_RPAR);
	} else {
		do {
			if (names.n > 0 && p_check(p, T_NEWLINE))
				p_fail_token(p, p_peek(p), "SyntaxError",
					     "trailing comma not allowed without surrounding parentheses");
			p_list_push(p, &names, import_alias(p, false));
		} while (p_accept(p, T_COMMA));
	}
	ast_stmt *s = p_stmt(p, STMT_ImportFrom, p_pos_from(p, first));
	s->v.ImportFrom.module = module;
	P_SEQ(s->v.ImportFrom.names, names);
	s->v.ImportFrom.level = level;
	return s;
}

static ast_stmt *simple_statement(struct parser *p)
{
	struct token *first = p_peek(p);
	ast_stmt *s;
	switch (first->type) {
	case T_KW_PASS:
		p_next(p);
		return p_stmt(p, STMT_Pass, p_pos_from(p, first));
	case T_KW_BREAK:
		p_next(p);
		return p_stmt(p, STMT_Break, p_pos_from(p, first));
	case T_KW_CONTINUE:
		p_next(p);
		return p_stmt(p, STMT_Continue, p_pos_from(p, first));
	case T_KW_RETURN: {
		p_next(p);
		ast_expr *value = NULL;
		struct token *t = p_peek(p);
		if (p_starts_expression(t) || t->type == T_STAR || t->type == T_KW_YIELD)
			value = p_star_expressions(p);
		s = p_stmt(p, STMT_Return, p_pos_from(p, first));
		s->v.Return.value = value;
		return s;
	}
	case T_KW_RAISE: {
		p_next(p);
		ast_expr *exc = NULL, *cause = NULL;
		if (p_starts_expression(p_peek(p))) {
			exc = p_expression(p);
			if (p_accept(p, T_KW_FROM))
				cause = p_expression(p);
		}
		s = p_stmt(p, STMT_Raise, p_pos_from(p, first));
		s->v.Raise.exc = exc;
		s->v.Raise.cause = cause;
		return s;
	}
	case T_KW_GLOBAL:
	case T_KW_NONLOCAL: {
		p_next(p);
		struct p_list names = { 0 };
		do {
			p_list_push(p, &names, (void *)name_of(p));
		} while (p_accept(p, T_COMMA));
		s = p_stmt(p, first->type == T_KW_GLOBAL ? STMT_Global : STMT_Nonlocal,
			   p_pos_from(p, first));
		s->v.Global.names.n = names.n;
		s->v.Global.names.items = (const char **)names.items;
		return s;
	}
	case T_KW_DEL: {
		p_next(p);
		ast_expr *e = p_star_expressions(p);
		struct p_list targets = { 0 };
		if (bare_tuple(e)) {
			for (int i = 0; i < e->v.Tuple.elts.n; i++)
				p_list_push(p, &targets, e->v.Tuple.elts.items[i]);
		} else {
			p_list_push(p, &targets, e);
		}
		for (int i = 0; i < targets.n; i++)
			p_set_context(p, targets.items[i], CTX_Del, TARGETS_DEL);
		s = p_stmt(p, STMT_Delete, p_pos_from(p, first));
		P_SEQ(s->v.Delete.targets, targets);
		return s;
	}
	case T_KW_ASSERT: {
		p_next(p);
		ast_expr *test = p_expression(p), *msg = NULL;
		if (p_accept(p, T_COMMA))
			msg = p_expression(p);
		s = p_stmt(p, STMT_Assert, p_pos_from(p, first));
		s->v.Assert.test = test;
		s->v.Assert.msg = msg;
		return s;
	}
	case T_KW_IMPORT: {
		p_next(p);
		struct p_list names = { 0 };
		do {
			p_list_push(p, &names, import_alias(p, true));
		} while (p_accept(p, T_COMMA));
		s = p_stmt(p, STMT_Import, p_pos_from(p, first));
		P_SEQ(s->v.Import.names, names);
		return s;
	}
	case T_KW_FROM:
		p_next(p);
		return import_from(p, first);
	default:
		if (p_starts_expression(first) || first->type == T_STAR || first->type == T_KW_YIELD)
			return expression_statement(p);
		p_fail_generic(p);
	}
}

/* simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static void simple_statements(struct parser *p, struct p_list *out)
{
	for (;;) {
		p_list_push(p, out, simple_statement(p));
		if (!p_accept(p, T_SEMI))
			break;
		if (p_check(p, T_NEWLINE))
			break;
	}
	if (!p_check(p, T_NEWLINE))
		p_fail_generic(p);
	p_next(p);
}

/* ---- compound statements ----------------------------------------------------------- */

static ast_stmt *if_statement(struct parser *p, const struct token *first, const char *what)
{
	ast_expr *test = p_named_expression(p);
	expect_colon(p, false);
	ast_stmt *s = p_stmt(p, STMT_If, p_pos_from(p, first));
	s->v.If.test = test;
	s->v.If.body = p_block(p, what, first->lineno);
	end_at_body(s, &s->v.If.body);
	struct token *t = p_peek(p);
	if (t->type == T_KW_ELIF) {
		p_next(p);
		ast_stmt *elif = if_statement(p, t, "'elif' statement");
		s->v.If.orelse.n = 1;
		s->v.If.orelse.items = p_alloc(p, sizeof(ast_stmt *));
		s->v.If.orelse.items[0] = elif;
		end_at_body(s, &s->v.If.orelse);
	} else if (t->type == T_KW_ELSE) {
		p_next(p);
		expect_colon(p, true);
		s->v.If.orelse = p_block(p, "'else' statement", t->lineno);
		end_at_body(s, &s->v.If.orelse);
	}
	return s;
}

static void else_block(struct parser *p, ast_stmt *s, ast_stmt_seq *orelse)
{
	struct token *t = p_peek(p);
	if (t->type != T_KW_ELSE)
		return;
	p_next(p);
	expect_colon(p, true);
	*orelse = p_block(p, "'else' statement", t->lineno);
	end_at_body(s, orelse);
}

static ast_stmt *while_statement(struct parser *p, const struct token *first)
{
	ast_expr *test = p_named_expression(p);
	expect_colon(p, false);
	ast_stmt *s = p_stmt(p, STMT_While, p_pos_from(p, first));
	s->v.While.test = test;
	s->v.While.body = p_block(p, "'while' statement", first->lineno);
	end_at_body(s, &s->v.While.body);
	else_block(p, s, &s->v.While.orelse);
	return s;
}

static ast_stmt *for_statement(struct parser *p, const struct token *first, bool is_async)
{
	ast_expr *target = p_star_targets_for(p);
	p_expect(p, T_KW_IN);
	ast_expr *iter = p_star_expressions(p);
	expect_colon(p, false);
	ast_stmt *s = p_stmt(p, is_async ? STMT_AsyncFor : STMT_For, p_pos_from(p, first));
	s->v.For.target = target;
	s->v.For.iter = iter;
	s->v.For.body = p_block(p, "'for' statement", first->lineno);
	end_at_body(s, &s->v.For.body);
	else_block(p, s, &s->v.For.orelse);
	return s;
}

static ast_withitem *with_item(struct parser *p)
{
	ast_withitem *w = p_alloc(p, sizeof *w);
	w->context_expr = p_expression(p);
	if (p_accept(p, T_KW_AS)) {
		ast_expr *t = p_expression(p);
		enum token_type next = p_peek(p)->type;
		if (next != T_COMMA && next != T_RPAR && next != T_COLON)
			p_fail_generic(p);
		p_set_context(p, t, CTX_Store, TARGETS_STAR);
		w->optional_vars = t;
	}
	return w;
}

/* '(' with_item (',' with_item)* [','] ')' ':' -- tried first, like CPython. */
static void *parenthesized_with_items(struct parser *p, void *arg)
{
	struct p_list *items = arg;
	p_expect(p, T_LPAR);
	do {
		if (p_check(p, T_RPAR) && items->n > 0)
			break;
		p_list_push(p, items, with_item(p));
	} while (p_accept(p, T_COMMA));
	p_expect(p, T_RPAR);
	if (!p_check(p, T_COLON))
		p_fail_generic(p);
	return items;
}

static ast_stmt *with_statement(struct parser *p, const struct token *first, bool is_async)
{
	struct p_list items = { 0 };
	bool done = false;
	if (p_check(p, T_LPAR))
		done = p_try_rule(p, parenthesized_with_items, &items) != NULL;
	if (!done) {
		items = (struct p_list){ 0 };
		do {
			p_list_push(p, &items, with_item(p));
		} while (p_accept(p, T_COMMA));
	}
	expect_colon(p, false);
	ast_stmt *s = p_stmt(p, is_async ? STMT_AsyncWith : STMT_With, p_pos_from(p, first));
	P_SEQ(s->v.With.items, items);
	s->v.With.body = p_block(p, "'with' statement", first->lineno);
	end_at_body(s, &s->v.With.body);
	return s;
}

static ast_stmt *try_statement(struct parser *p, const struct token *first)
{
	expect_colon(p, true);
	ast_stmt *s = p_stmt(p, STMT_Try, p_pos_from(p, first));
	s->v.Try.body = p_block(p, "'try' statement", first->lineno);
	end_at_body(s, &s->v.Try.body);
	struct p_list handlers = { 0 };
	bool star = false;
	while (p_check(p, T_KW_EXCEPT)) {
		struct token *ex = p_next(p);
		bool this_star = p_accept(p, T_STAR);
		if (handlers.n > 0 && this_star != star)
			p_fail_token(p, ex, "SyntaxError",
				     "cannot have both 'except' and 'except*' on the same 'try'");
		star = this_star;
		ast_excepthandler *h = p_alloc(p, sizeof *h);
		if (this_star && p_check(p, T_COLON))
			p_fail_token(p, p_peek(p), "SyntaxError", "expected one or more exception types");
		if (!p_check(p, T_COLON)) {
			if (this_star && p_check(p, T_NEWLINE))
				p_fail_token(p, p_peek(p), "SyntaxError", "expected ':'");
			if (this_star && !p_starts_expression(p_peek(p)))
				p_fail_token(p, p_peek(p), "SyntaxError",
					     "expected one or more exception types");
			if (!this_star && p_check(p, T_NEWLINE))
				p_fail_token(p, p_peek(p), "SyntaxError", "expected ':'");
			h->type = p_expression(p);
			if (p_check(p, T_COMMA)) {
				int save = p->pos;
				p_next(p);
				ast_expr *rest = p_expression(p);
				(void)rest;
				p->pos = save;
				p_fail_range(p, "SyntaxError", &h->type->pos, &rest->pos,
					     "multiple exception types must be parenthesized");
			}
			if (p_accept(p, T_KW_AS))
				h->name = name_of(p);
		}
		expect_colon(p, false);
		h->pos = p_pos_from(p, ex);
		h->body = p_block(p, this_star ? "'except*' statement" : "'except' statement", ex->lineno);
		if (h->body.n) {
			h->pos.end_lineno = h->body.items[h->body.n - 1]->pos.end_lineno;
			h->pos.end_col_offset = h->body.items[h->body.n - 1]->pos.end_col_offset;
		}
		p_list_push(p, &handlers, h);
		s->pos.end_lineno = h->pos.end_lineno;
		s->pos.end_col_offset = h->pos.end_col_offset;
	}
	P_SEQ(s->v.Try.handlers, handlers);
	if (star)
		s->kind = STMT_TryStar;
	if (handlers.n > 0)
		else_block(p, s, &s->v.Try.orelse);
	struct token *t = p_peek(p);
	if (t->type == T_KW_FINALLY) {
		p_next(p);
		expect_colon(p, true);
		s->v.Try.finalbody = p_block(p, "'finally' statement", t->lineno);
		end_at_body(s, &s->v.Try.finalbody);
	} else if (handlers.n == 0) {
		p_fail_token(p, t, "SyntaxError", "expected 'except' or 'finally' block");
	}
	return s;
}

static ast_stmt *function_def(struct parser *p, const struct token *first, bool is_async,
			      ast_expr_seq decorators)
{
	struct token *name = p_expect(p, T_NAME);
	p_expect_forced(p, T_LPAR);
	ast_arguments *args = p_parameters(p, false, T_RPAR);
	p_expect(p, T_RPAR);
	ast_expr *returns = NULL;
	if (p_accept(p, T_RARROW))
		returns = p_expression(p);
	expect_colon(p, true);
	ast_stmt *s = p_stmt(p, is_async ? STMT_AsyncFunctionDef : STMT_FunctionDef,
			     p_pos_from(p, first));
	s->v.FunctionDef.name = p_identifier(p, name);
	s->v.FunctionDef.args = args;
	s->v.FunctionDef.returns = returns;
	s->v.FunctionDef.decorator_list = decorators;
	s->v.FunctionDef.body = p_block(p, "function definition", first->lineno);
	end_at_body(s, &s->v.FunctionDef.body);
	return s;
}

static ast_stmt *class_def(struct parser *p, const struct token *first, ast_expr_seq decorators)
{
	struct token *name = p_expect(p, T_NAME);
	ast_stmt *s = p_stmt(p, STMT_ClassDef, p_pos_from(p, first));
	if (p_accept(p, T_LPAR)) {
		if (!p_check(p, T_RPAR))
			p_call_arguments(p, &s->v.ClassDef.bases, &s->v.ClassDef.keywords, T_RPAR);
		p_expect(p, T_RPAR);
	}
	expect_colon(p, false);
	s->pos = p_pos_from(p, first);
	s->v.ClassDef.name = p_identifier(p, name);
	s->v.ClassDef.decorator_list = decorators;
	s->v.ClassDef.body = p_block(p, "class definition", first->lineno);
	end_at_body(s, &s->v.ClassDef.body);
	return s;
}

static ast_stmt *decorated(struct parser *p)
{
	struct p_list decorators = { 0 };
	while (p_accept(p, T_AT)) {
		p_list_push(p, &decorators, p_named_expression(p));
		p_expect(p, T_NEWLINE);
	}
	ast_expr_seq seq;
	P_SEQ(seq, decorators);
	struct token *t = p_next(p);
	if (t->type == T_KW_DEF)
		return function_def(p, t, false, seq);
	if (t->type == T_KW_CLASS)
		return class_def(p, t, seq);
	if (t->type == T_KW_ASYNC && p_check(p, T_KW_DEF)) {
		p_next(p);
		return function_def(p, t, true, seq);
	}
	p->pos--;
	p_fail_generic(p);
}

/* Returns the compound statement at the current token, or NULL when the
 * statement is a simple one. */
static ast_stmt *statement_compound(struct parser *p)
{
	struct token *t = p_peek(p);
	switch (t->type) {
	case T_KW_IF:
		p_next(p);
		return if_statement(p, t, "'if' statement");
	case T_KW_WHILE:
		p_next(p);
		return while_statement(p, t);
	case T_KW_FOR:
		p_next(p);
		return for_statement(p, t, false);
	case T_KW_WITH:
		p_next(p);
		return with_statement(p, t, false);
	case T_KW_TRY:
		p_next(p);
		return try_statement(p, t);
	case T_KW_DEF: {
		p_next(p);
		ast_expr_seq none = { 0, NULL };
		return function_def(p, t, false, none);
	}
	case T_KW_CLASS: {
		p_next(p);
		ast_expr_seq none = { 0, NULL };
		return class_def(p, t, none);
	}
	case T_AT:
		return decorated(p);
	case T_KW_ASYNC: {
		p_next(p);
		struct token *n = p_next(p);
		ast_expr_seq none = { 0, NULL };
		if (n->type == T_KW_DEF)
			return function_def(p, t, true, none);
		if (n->type == T_KW_FOR)
			return for_statement(p, t, true);
		if (n->type == T_KW_WITH)
			return with_statement(p, t, true);
		p->pos--;
		p_fail_generic(p);
	}
	case T_NAME:
		if (t->len == 5 && memcmp(t->start, "match", 5) == 0)
			return p_match_stmt(p);
		return NULL;
	default:
		return NULL;
	}
}

void p_statements(struct parser *p, ast_stmt_seq *out)
{
	struct p_list body = { 0 };
	while (!p_check(p, T_ENDMARKER)) {
		ast_stmt *s = statement_compound(p);
		if (s)
			p_list_push(p, &body, s);
		else
			simple_statements(p, &body);
	}
	P_SEQ(*out, body);
}
