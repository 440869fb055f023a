/* parser_pattern.c -- the match statement (soft keywords "match", "case"
 * and "_") and every pattern kind of CPython 3.11: literal, capture,
 * wildcard, value, group, sequence, mapping, class, star, as and or
 * patterns.
 */
#include "worker/parse/parser_internal.h"

#include <string.h>

static ast_pattern *pattern(struct parser *p);

static bool token_is(const struct token *t, const char *name)
{
	return t->type == T_NAME && t->len == strlen(name) && memcmp(t->start, name, t->len) == 0;
}

static struct ast_pos pos_between(const struct ast_pos *a, const struct ast_pos *b)
{
	return p_pos_span(a, b);
}

/* NAME ('.' NAME)* as a Load expression. */
static ast_expr *name_or_attr(struct parser *p)
{
	struct token *first = p_expect(p, T_NAME);
	ast_expr *e = p_expr(p, EXPR_Name, p_pos_from(p, first));
	e->v.Name.id = p_identifier(p, first);
	e->v.Name.ctx = CTX_Load;
	while (p_check(p, T_DOT)) {
		p_next(p);
		struct token *n = p_expect(p, T_NAME);
		ast_expr *a = p_expr(p, EXPR_Attribute, p_pos_from(p, first));
		a->v.Attribute.value = e;
		a->v.Attribute.attr = p_identifier(p, n);
		a->v.Attribute.ctx = CTX_Load;
		e = a;
	}
	return e;
}

/* signed_number, complex_number or strings: the value of a literal
 * pattern (also a mapping key). */
static ast_expr *literal_expr(struct parser *p)
{
	struct token *first = p_peek(p);
	if (first->type == T_STRING)
		return p_strings(p);
	ast_expr *real;
	if (first->type == T_MINUS) {
		p_next(p);
		struct token *num = p_expect(p, T_NUMBER);
		ast_expr *c = p_number(p, num);
		real = p_expr(p, EXPR_UnaryOp, p_pos_from(p, first));
		real->v.UnaryOp.op = UNARY_USub;
		real->v.UnaryOp.operand = c;
	} else {
		struct token *num = p_expect(p, T_NUMBER);
		real = p_number(p, num);
	}
	struct token *t = p_peek(p);
	if (t->type == T_PLUS || t->type == T_MINUS) {
		p_next(p);
		struct token *num = p_expect(p, T_NUMBER);
		ast_expr *imag = p_number(p, num);
		if (imag->v.Constant.value.kind != CONST_Complex)
			p_fail_range(p, "SyntaxError", &imag->pos, &imag->pos,
				     "imaginary number required in complex literal");
		ast_expr *e = p_expr(p, EXPR_BinOp, pos_between(&real->pos, &imag->pos));
		e->v.BinOp.left = real;
		e->v.BinOp.op = t->type == T_PLUS ? OP_Add : OP_Sub;
		e->v.BinOp.right = imag;
		return e;
	}
	return real;
}

static const char *capture_name(struct parser *p, const struct token *t)
{
	if (token_is(t, "_"))
		p_fail_generic(p);
	return p_identifier(p, t);
}

/* '*' NAME or '*' '_' */
static ast_pattern *star_pattern(struct parser *p)
{
	struct token *star = p_next(p);
	struct token *n = p_expect(p, T_NAME);
	ast_pattern *pat = p_pattern(p, PAT_MatchStar, p_pos_from(p, star));
	if (!token_is(n, "_"))
		pat->v.MatchStar.name = p_identifier(p, n);
	return pat;
}

static ast_pattern *maybe_star_pattern(struct parser *p)
{
	if (p_check(p, T_STAR))
		return star_pattern(p);
	return pattern(p);
}

/* Items of a sequence pattern up to `closer`. */
static void sequence_items(struct parser *p, struct p_list *items, enum token_type closer)
{
	while (!p_check(p, closer)) {
		p_list_push(p, items, maybe_star_pattern(p));
		if (!p_accept(p, T_COMMA))
			break;
	}
}

static ast_pattern *mapping_pattern(struct parser *p, const struct token *open)
{
	struct p_list keys = { 0 }, patterns = { 0 };
	const char *rest = NULL;
	while (!p_check(p, T_RBRACE)) {
		if (p_check(p, T_DOUBLESTAR)) {
			p_next(p);
			struct token *n = p_expect(p, T_NAME);
			rest = capture_name(p, n);
			p_accept(p, T_COMMA);
			break;
		}
		struct token *t = p_peek(p);
		ast_expr *key;
		if (t->type == T_NAME)
			key = name_or_attr(p);
		else if (t->type == T_KW_NONE || t->type == T_KW_TRUE || t->type == T_KW_FALSE) {
			p_next(p);
			key = p_expr(p, EXPR_Constant, p_pos_from(p, t));
			key->v.Constant.value.kind = t->type == T_KW_NONE ? CONST_None
						   : t->type == T_KW_TRUE ? CONST_True : CONST_False;
		} else {
			key = literal_expr(p);
		}
		if (key->kind == EXPR_Name)
			p_fail_generic(p);
		p_expect(p, T_COLON);
		p_list_push(p, &keys, key);
		p_list_push(p, &patterns, pattern(p));
		if (!p_accept(p, T_COMMA))
			break;
	}
	p_expect(p, T_RBRACE);
	ast_pattern *pat = p_pattern(p, PAT_MatchMapping, p_pos_from(p, open));
	P_SEQ(pat->v.MatchMapping.keys, keys);
	P_SEQ(pat->v.MatchMapping.patterns, patterns);
	pat->v.MatchMapping.rest = rest;
	return pat;
}

static ast_pattern *class_pattern(struct parser *p, ast_expr *cls, const struct token *first)
{
	p_expect(p, T_LPAR);
	struct p_list patterns = { 0 }, kwd_attrs = { 0 }, kwd_patterns = { 0 };
	while (!p_check(p, T_RPAR)) {
		struct token *t = p_peek(p);
		if (t->type == T_NAME && p_peek_at(p, 1)->type == T_EQUAL) {
			p_next(p);
			p_next(p);
			p_list_push(p, &kwd_attrs, (void *)p_identifier(p, t));
			p_list_push(p, &kwd_patterns, pattern(p));
		} else {
			ast_pattern *pat = pattern(p);
			if (kwd_attrs.n > 0)
				p_fail_range(p, "SyntaxError", &pat->pos, &pat->pos,
					     "positional patterns follow keyword patterns");
			p_list_push(p, &patterns, pat);
		}
		if (!p_accept(p, T_COMMA))
			break;
	}
	p_expect(p, T_RPAR);
	ast_pattern *pat = p_pattern(p, PAT_MatchClass, p_pos_from(p, first));
	pat->v.MatchClass.cls = cls;
	P_SEQ(pat->v.MatchClass.patterns, patterns);
	pat->v.MatchClass.kwd_attrs.n = kwd_attrs.n;
	pat->v.MatchClass.kwd_attrs.items = (const char **)kwd_attrs.items;
	P_SEQ(pat->v.MatchClass.kwd_patterns, kwd_patterns);
	return pat;
}

static ast_pattern *closed_pattern(struct parser *p)
{
	struct token *t = p_peek(p);
	p_enter(p);
	ast_pattern *pat;
	switch (t->type) {
	case T_KW_NONE: case T_KW_TRUE: case T_KW_FALSE:
		p_next(p);
		pat = p_pattern(p, PAT_MatchSingleton, p_pos_from(p, t));
		pat->v.MatchSingleton.value.kind = t->type == T_KW_NONE ? CONST_None
						 : t->type == T_KW_TRUE ? CONST_True : CONST_False;
		break;
	case T_NUMBER: case T_MINUS: case T_STRING: {
		ast_expr *v = literal_expr(p);
		pat = p_pattern(p, PAT_MatchValue, v->pos);
		pat->v.MatchValue.value = v;
		break;
	}
	case T_NAME: {
		enum token_type next = p_peek_at(p, 1)->type;
		if (next != T_DOT && next != T_LPAR) {
			p_next(p);
			pat = p_pattern(p, PAT_MatchAs, p_pos_from(p, t));
			if (!token_is(t, "_"))
				pat->v.MatchAs.name = p_identifier(p, t);
			break;
		}
		ast_expr *e = name_or_attr(p);
		if (p_check(p, T_LPAR)) {
			pat = class_pattern(p, e, t);
			break;
		}
		pat = p_pattern(p, PAT_MatchValue, e->pos);
		pat->v.MatchValue.value = e;
		break;
	}
	case T_LPAR: {
		p_next(p);
		if (p_accept(p, T_RPAR)) {
			pat = p_pattern(p, PAT_MatchSequence, p_pos_from(p, t));
			break;
		}
		ast_pattern *first = maybe_star_pattern(p);
		if (p_accept(p, T_RPAR) && first->kind != PAT_MatchStar) {
			pat = first;     /* group pattern */
			break;
		}
		struct p_list items = { 0 };
		p_list_push(p, &items, first);
		if (p->last->type != T_RPAR) {
			p_expect(p, T_COMMA);
			sequence_items(p, &items, T_RPAR);
			p_expect(p, T_RPAR);
		}
		pat = p_pattern(p, PAT_MatchSequence, p_pos_from(p, t));
		P_SEQ(pat->v.MatchSequence.patterns, items);
		break;
	}
	case T_LSQB: {
		p_next(p);
		struct p_list items = { 0 };
		sequence_items(p, &items, T_RSQB);
		p_expect(p, T_RSQB);
		pat = p_pattern(p, PAT_MatchSequence, p_pos_from(p, t));
		P_SEQ(pat->v.MatchSequence.patterns, items);
		break;
	}
	case T_LBRACE:
		p_next(p);
		pat = mapping_pattern(p, t);
		break;
	default:
		p_fail_generic(p);
	}
	p_leave(p);
	return pat;
}

/* or_pattern ['as' NAME] */
static ast_pattern *pattern(struct parser *p)
{
	ast_pattern *first = closed_pattern(p);
	ast_pattern *pat = first;
	if (p_check(p, T_VBAR)) {
		struct p_list alts = { 0 };
		p_list_push(p, &alts, first);
		while (p_accept(p, T_VBAR))
			p_list_push(p, &alts, closed_pattern(p));
		ast_pattern *last = alts.items[alts.n - 1];
		pat = p_pattern(p, PAT_MatchOr, pos_between(&first->pos, &last->pos));
		P_SEQ(pat->v.MatchOr.patterns, alts);
	}
	if (p_check(p, T_KW_AS)) {
		p_next(p);
		struct token *n = p_peek(p);
		if (token_is(n, "_"))
			p_fail_token(p, n, "SyntaxError", "cannot use '_' as a target");
		if (n->type != T_NAME) {
			ast_expr *e = p_expression(p);
			p_fail_range(p, "SyntaxError", &e->pos, &e->pos, "invalid pattern target");
		}
		p_next(p);
		struct ast_pos end = p_pos_from(p, n);
		ast_pattern *as = p_pattern(p, PAT_MatchAs, pos_between(&pat->pos, &end));
		as->v.MatchAs.pattern = pat;
		as->v.MatchAs.name = p_identifier(p, n);
		pat = as;
	}
	return pat;
}

/* patterns: an open sequence (MatchSequence) or one pattern. */
static ast_pattern *patterns(struct parser *p)
{
	ast_pattern *first = maybe_star_pattern(p);
	if (!p_check(p, T_COMMA)) {
		if (first->kind == PAT_MatchStar)
			p_fail_generic(p);
		return first;
	}
	struct p_list items = { 0 };
	p_list_push(p, &items, first);
	while (p_accept(p, T_COMMA)) {
		if (p_check(p, T_COLON) || p_check(p, T_KW_IF))
			break;
		p_list_push(p, &items, maybe_star_pattern(p));
	}
	ast_pattern *last = items.items[items.n - 1];
	ast_pattern *pat = p_pattern(p, PAT_MatchSequence, pos_between(&first->pos, &last->pos));
	P_SEQ(pat->v.MatchSequence.patterns, items);
	return pat;
}

/* subject_expr: star_named_expression ',' star_named_expressions? | named_expression */
static void *subject_expr(struct parser *p, void *arg)
{
	(void)arg;
	struct token *first = p_peek(p);
	ast_expr *e = p_star_named_expression(p);
	if (!p_check(p, T_COMMA)) {
		if (e->kind == EXPR_Starred)
			p_fail_generic(p);
		return e;
	}
	struct p_list elts = { 0 };
	p_list_push(p, &elts, e);
	while (p_accept(p, T_COMMA)) {
		struct token *t = p_peek(p);
		if (!p_starts_expression(t) && t->type != T_STAR)
			break;
		p_list_push(p, &elts, p_star_named_expression(p));
	}
	ast_expr *t = p_expr(p, EXPR_Tuple, p_pos_from(p, first));
	P_SEQ(t->v.Tuple.elts, elts);
	t->v.Tuple.ctx = CTX_Load;
	return t;
}

static ast_match_case *case_block(struct parser *p)
{
	struct token *kw = p_next(p);     /* "case" */
	ast_match_case *c = p_alloc(p, sizeof *c);
	c->pattern = patterns(p);
	if (p_accept(p, T_KW_IF))
		c->guard = p_named_expression(p);
	if (!p_check(p, T_COLON)) {
		if (p_check(p, T_NEWLINE))
			p_fail_token(p, p_peek(p), "SyntaxError", "expected ':'");
		p_fail_generic(p);
	}
	p_next(p);
	c->body = p_block(p, "'case' statement", kw->lineno);
	return c;
}

ast_stmt *p_match_stmt(struct parser *p)
{
	struct token *kw = p_peek(p);
	int save = p->pos;
	const struct token *last = p->last;
	p_next(p);
	ast_expr *subject = p_try_rule(p, subject_expr, NULL);
	if (!subject || !p_check(p, T_COLON)) {
		struct token *after = &p->tokens[save + 1];
		if (subject && p_check(p, T_NEWLINE) &&
		    (after->type == T_NAME || after->type == T_NUMBER || after->type == T_STRING))
			p_fail_token(p, p_peek(p), "SyntaxError", "expected ':'");
		p->pos = save;
		p->last = last;
		return NULL;
	}
	p_next(p);   /* ':' */
	ast_stmt *s = p_stmt(p, STMT_Match, p_pos_from(p, kw));
	s->v.Match.subject = subject;
	if (!p_check(p, T_NEWLINE))
		p_fail_generic(p);
	p_next(p);
	if (!p_check(p, T_INDENT))
		p_fail_token(p, p_peek(p), "IndentationError",
			     "expected an indented block after 'match' statement on line %d", kw->lineno);
	p_next(p);
	struct p_list cases = { 0 };
	p_enter(p);
	while (!p_check(p, T_DEDENT)) {
		if (!p_check_name(p, "case"))
			p_fail_generic(p);
		p_list_push(p, &cases, case_block(p));
	}
	p_next(p);
	p_leave(p);
	P_SEQ(s->v.Match.cases, cases);
	ast_match_case *lastc = cases.items[cases.n - 1];
	if (lastc->body.n) {
		s->pos.end_lineno = lastc->body.items[lastc->body.n - 1]->pos.end_lineno;
		s->pos.end_col_offset = lastc->body.items[lastc->body.n - 1]->pos.end_col_offset;
	}
	return s;
}
