/* ast_dump.c -- renders a tree exactly as CPython 3.11's ast.dump() does
 * (no indent; optionally with the position attributes), including
 * Python's repr() of the constants: strings, bytes, ints, floats
 * (shortest round-trip digits) and complex numbers.  Used by the parser
 * tests and for debugging.
 */
#include "worker/parse/parser.h"
#include "worker/parse/token.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <unistr.h>

struct out {
	char *buf;
	size_t len, cap;
	bool oom;
	bool attrs;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->oom)
		return;
	if (o->cap - o->len < n + 1) {
		size_t cap = o->cap ? o->cap : 256;
		while (cap - o->len < n + 1) {
			if (__builtin_mul_overflow(cap, 2, &cap)) {
				o->oom = true;
				return;
			}
		}
		char *b = realloc(o->buf, cap);
		if (!b) {
			o->oom = true;
			return;
		}
		o->buf = b;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void printf_(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void printf_(struct out *o, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		put(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* ---- repr of constants ------------------------------------------------------- */

static bool py_printable(ucs4_t ch)
{
	if (ch == ' ')
		return true;
	if (ch < 0x20 || ch == 0x7F)
		return false;
	if (ch < 0x7F)
		return true;
	uc_general_category_t bad = uc_general_category_or(
		uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cc, UC_CATEGORY_Cf),
				       uc_general_category_or(UC_CATEGORY_Cs, UC_CATEGORY_Co)),
		uc_general_category_or(uc_general_category_or(UC_CATEGORY_Cn, UC_CATEGORY_Zl),
				       uc_general_category_or(UC_CATEGORY_Zp, UC_CATEGORY_Zs)));
	return !uc_is_general_category(ch, bad);
}

/* Decodes one WTF-8 code point (surrogates allowed); returns its length. */
static size_t next_codepoint(const unsigned char *s, size_t n, ucs4_t *cp)
{
	unsigned char c = s[0];
	if (c < 0x80 || n < 2) {
		*cp = c;
		return 1;
	}
	if ((c & 0xE0) == 0xC0) {
		*cp = ((ucs4_t)(c & 0x1F) << 6) | (s[1] & 0x3F);
		return 2;
	}
	if ((c & 0xF0) == 0xE0 && n >= 3) {
		*cp = ((ucs4_t)(c & 0x0F) << 12) | ((ucs4_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
		return 3;
	}
	if (n >= 4) {
		*cp = ((ucs4_t)(c & 0x07) << 18) | ((ucs4_t)(s[1] & 0x3F) << 12) |
		      ((ucs4_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
		return 4;
	}
	*cp = c;
	return 1;
}

static char pick_quote(const char *s, size_t n)
{
	bool single = memchr(s, '\'', n) != NULL, dbl = memchr(s, '"', n) != NULL;
	return single && !dbl ? '"' : '\'';
}

static void repr_str(struct out *o, const char *s, size_t n)
{
	char q = pick_quote(s, n);
	put(o, &q, 1);
	size_t i = 0;
	while (i < n) {
		ucs4_t ch;
		size_t k = next_codepoint((const unsigned char *)s + i, n - i, &ch);
		if (ch == (ucs4_t)q || ch == '\\') {
			put(o, "\\", 1);
			put(o, s + i, 1);
		} else if (ch == '\t') {
			puts_(o, "\\t");
		} else if (ch == '\n') {
			puts_(o, "\\n");
		} else if (ch == '\r') {
			puts_(o, "\\r");
		} else if (ch < 0x80 && py_printable(ch)) {
			put(o, s + i, 1);
		} else if (ch < 0x80 || (ch < 0x100 && !py_printable(ch))) {
			printf_(o, "\\x%02x", (unsigned)ch);
		} else if (py_printable(ch) && !(ch >= 0xD800 && ch < 0xE000)) {
			put(o, s + i, k);
		} else if (ch < 0x10000) {
			printf_(o, "\\u%04x", (unsigned)ch);
		} else {
			printf_(o, "\\U%08x", (unsigned)ch);
		}
		i += k;
	}
	put(o, &q, 1);
}

static void repr_bytes(struct out *o, const char *s, size_t n)
{
	char q = pick_quote(s, n);
	puts_(o, "b");
	put(o, &q, 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == (unsigned char)q || c == '\\') {
			put(o, "\\", 1);
			put(o, s + i, 1);
		} else if (c == '\t') {
			puts_(o, "\\t");
		} else if (c == '\n') {
			puts_(o, "\\n");
		} else if (c == '\r') {
			puts_(o, "\\r");
		} else if (c < 0x20 || c >= 0x7F) {
			printf_(o, "\\x%02x", c);
		} else {
			put(o, s + i, 1);
		}
	}
	put(o, &q, 1);
}

/* Python's repr(float) (add_dot_0) or the imaginary part of repr(complex). */
static void repr_double(struct out *o, double v, bool add_dot_0)
{
	if (isinf(v)) {
		puts_(o, v > 0 ? "inf" : "-inf");
		return;
	}
	if (isnan(v)) {
		puts_(o, "nan");
		return;
	}
	char tmp[64];
	int prec;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	/* tmp = [-]d[.ddd]e±XX */
	const char *p = tmp;
	bool neg = *p == '-';
	if (neg)
		p++;
	char digits[32];
	int nd = 0;
	for (; *p && *p != 'e'; p++)
		if (*p >= '0' && *p <= '9')
			digits[nd++] = *p;
	int exp10 = atoi(p + 1);
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	char res[80];
	int r = 0;
	if (neg)
		res[r++] = '-';
	if (exp10 < -4 || exp10 >= 16) {
		res[r++] = digits[0];
		if (nd > 1) {
			res[r++] = '.';
			for (int i = 1; i < nd; i++)
				res[r++] = digits[i];
		}
		r += snprintf(res + r, sizeof res - (size_t)r, "e%c%02d", exp10 < 0 ? '-' : '+',
			      exp10 < 0 ? -exp10 : exp10);
	} else if (exp10 < 0) {
		res[r++] = '0';
		res[r++] = '.';
		for (int i = 0; i < -exp10 - 1; i++)
			res[r++] = '0';
		for (int i = 0; i < nd; i++)
			res[r++] = digits[i];
	} else {
		for (int i = 0; i <= exp10; i++)
			res[r++] = i < nd ? digits[i] : '0';
		if (nd > exp10 + 1) {
			res[r++] = '.';
			for (int i = exp10 + 1; i < nd; i++)
				res[r++] = digits[i];
		} else if (add_dot_0) {
			res[r++] = '.';
			res[r++] = '0';
		}
	}
	put(o, res, (size_t)r);
}

static void repr_constant(struct out *o, const struct ast_constant *c)
{
	switch (c->kind) {
	case CONST_None: puts_(o, "None"); break;
	case CONST_True: puts_(o, "True"); break;
	case CONST_False: puts_(o, "False"); break;
	case CONST_Ellipsis: puts_(o, "Ellipsis"); break;
	case CONST_Int: puts_(o, c->v.i.digits); break;
	case CONST_Float: repr_double(o, c->v.f, true); break;
	case CONST_Complex: repr_double(o, c->v.imag, false); puts_(o, "j"); break;
	case CONST_Str: repr_str(o, c->v.s.data, c->v.s.len); break;
	case CONST_Bytes: repr_bytes(o, c->v.s.data, c->v.s.len); break;
	}
}

/* ---- nodes -------------------------------------------------------------------- */

/* Field separator state for one node: "Name(" then ", " between fields. */
struct node {
	struct out *o;
	int fields;
};

static struct node open_node(struct out *o, const char *name)
{
	puts_(o, name);
	puts_(o, "(");
	struct node n = { o, 0 };
	return n;
}

static void field(struct node *n, const char *name)
{
	if (n->fields++)
		puts_(n->o, ", ");
	puts_(n->o, name);
	puts_(n->o, "=");
}

static void close_node(struct node *n, const struct ast_pos *pos)
{
	if (pos && n->o->attrs) {
		field(n, "lineno");
		printf_(n->o, "%d", pos->lineno);
		field(n, "col_offset");
		printf_(n->o, "%d", pos->col_offset);
		field(n, "end_lineno");
		printf_(n->o, "%d", pos->end_lineno);
		field(n, "end_col_offset");
		printf_(n->o, "%d", pos->end_col_offset);
	}
	puts_(n->o, ")");
}

static void dump_expr(struct out *o, const ast_expr *e);
static void dump_stmt(struct out *o, const ast_stmt *s);
static void dump_pattern(struct out *o, const ast_pattern *p);

static void ident(struct out *o, const char *s)
{
	repr_str(o, s, strlen(s));
}

static void opt_ident(struct node *n, const char *name, const char *value)
{
	if (!value)
		return;
	field(n, name);
	ident(n->o, value);
}

static void int_field(struct node *n, const char *name, int v)
{
	field(n, name);
	printf_(n->o, "%d", v);
}

static void expr_field(struct node *n, const char *name, const ast_expr *e)
{
	if (!e)
		return;
	field(n, name);
	dump_expr(n->o, e);
}

/* A list field; items may be NULL (printed as None). */
#define LIST_FIELD(nd, name, seq, dumper) do { \
		field(nd, name); \
		puts_((nd)->o, "["); \
		for (int i_ = 0; i_ < (seq).n; i_++) { \
			if (i_) \
				puts_((nd)->o, ", "); \
			if ((seq).items[i_]) \
				dumper((nd)->o, (seq).items[i_]); \
			else \
				puts_((nd)->o, "None"); \
		} \
		puts_((nd)->o, "]"); \
	} while (0)

static void simple(struct out *o, const char *name)
{
	puts_(o, name);
	puts_(o, "()");
}

static const char *ctx_name(enum ast_expr_context ctx)
{
	return ctx == CTX_Store ? "Store" : ctx == CTX_Del ? "Del" : "Load";
}

static void ctx_field(struct node *n, enum ast_expr_context ctx)
{
	field(n, "ctx");
	simple(n->o, ctx_name(ctx));
}

static void dump_arg(struct out *o, const ast_arg *a)
{
	struct node n = open_node(o, "arg");
	field(&n, "arg");
	ident(o, a->arg);
	expr_field(&n, "annotation", a->annotation);
	close_node(&n, &a->pos);
}

static void dump_arguments(struct out *o, const ast_arguments *a)
{
	struct node n = open_node(o, "arguments");
	LIST_FIELD(&n, "posonlyargs", a->posonlyargs, dump_arg);
	LIST_FIELD(&n, "args", a->args, dump_arg);
	if (a->vararg) {
		field(&n, "vararg");
		dump_arg(o, a->vararg);
	}
	LIST_FIELD(&n, "kwonlyargs", a->kwonlyargs, dump_arg);
	LIST_FIELD(&n, "kw_defaults", a->kw_defaults, dump_expr);
	if (a->kwarg) {
		field(&n, "kwarg");
		dump_arg(o, a->kwarg);
	}
	LIST_FIELD(&n, "defaults", a->defaults, dump_expr);
	close_node(&n, NULL);
}

static void dump_keyword(struct out *o, const ast_keyword *k)
{
	struct node n = open_node(o, "keyword");
	opt_ident(&n, "arg", k->arg);
	expr_field(&n, "value", k->value);
	close_node(&n, &k->pos);
}

static void dump_alias(struct out *o, const ast_alias *a)
{
	struct node n = open_node(o, "alias");
	field(&n, "name");
	ident(o, a->name);
	opt_ident(&n, "asname", a->asname);
	close_node(&n, &a->pos);
}

static void dump_withitem(struct out *o, const ast_withitem *w)
{
	struct node n = open_node(o, "withitem");
	expr_field(&n, "context_expr", w->context_expr);
	expr_field(&n, "optional_vars", w->optional_vars);
	close_node(&n, NULL);
}

static void dump_comprehension(struct out *o, const ast_comprehension *c)
{
	struct node n = open_node(o, "comprehension");
	expr_field(&n, "target", c->target);
	expr_field(&n, "iter", c->iter);
	LIST_FIELD(&n, "ifs", c->ifs, dump_expr);
	int_field(&n, "is_async", c->is_async);
	close_node(&n, NULL);
}

static void dump_handler(struct out *o, const ast_excepthandler *h)
{
	struct node n = open_node(o, "ExceptHandler");
	expr_field(&n, "type", h->type);
	opt_ident(&n, "name", h->name);
	LIST_FIELD(&n, "body", h->body, dump_stmt);
	close_node(&n, &h->pos);
}

static void dump_match_case(struct out *o, const ast_match_case *c)
{
	struct node n = open_node(o, "match_case");
	field(&n, "pattern");
	dump_pattern(o, c->pattern);
	expr_field(&n, "guard", c->guard);
	LIST_FIELD(&n, "body", c->body, dump_stmt);
	close_node(&n, NULL);
}

static void dump_cmpop(struct out *o, int op)
{
	simple(o, ast_cmpop_name((enum ast_cmpop)op));
}

static void dump_ident_item(struct out *o, const char *s)
{
	ident(o, s);
}

static void dump_expr(struct out *o, const ast_expr *e)
{
	struct node n = open_node(o, ast_expr_kind_name(e->kind));
	switch (e->kind) {
	case EXPR_BoolOp:
		field(&n, "op");
		simple(o, e->v.BoolOp.op == BOOL_And ? "And" : "Or");
		LIST_FIELD(&n, "values", e->v.BoolOp.values, dump_expr);
		break;
	case EXPR_NamedExpr:
		expr_field(&n, "target", e->v.NamedExpr.target);
		expr_field(&n, "value", e->v.NamedExpr.value);
		break;
	case EXPR_BinOp:
		expr_field(&n, "left", e->v.BinOp.left);
		field(&n, "op");
		simple(o, ast_operator_name(e->v.BinOp.op));
		expr_field(&n, "right", e->v.BinOp.right);
		break;
	case EXPR_UnaryOp:
		field(&n, "op");
		simple(o, ast_unaryop_name(e->v.UnaryOp.op));
		expr_field(&n, "operand", e->v.UnaryOp.operand);
		break;
	case EXPR_Lambda:
		field(&n, "args");
		dump_arguments(o, e->v.Lambda.args);
		expr_field(&n, "body", e->v.Lambda.body);
		break;
	case EXPR_IfExp:
		expr_field(&n, "test", e->v.IfExp.test);
		expr_field(&n, "body", e->v.IfExp.body);
		expr_field(&n, "orelse", e->v.IfExp.orelse);
		break;
	case EXPR_Dict:
		LIST_FIELD(&n, "keys", e->v.Dict.keys, dump_expr);
		LIST_FIELD(&n, "values", e->v.Dict.values, dump_expr);
		break;
	case EXPR_Set:
		LIST_FIELD(&n, "elts", e->v.Set.elts, dump_expr);
		break;
	case EXPR_ListComp:
	case EXPR_SetComp:
	case EXPR_GeneratorExp:
		expr_field(&n, "elt", e->v.ListComp.elt);
		LIST_FIELD(&n, "generators", e->v.ListComp.generators, dump_comprehension);
		break;
	case EXPR_DictComp:
		expr_field(&n, "key", e->v.DictComp.key);
		expr_field(&n, "value", e->v.DictComp.value);
		LIST_FIELD(&n, "generators", e->v.DictComp.generators, dump_comprehension);
		break;
	case EXPR_Await:
		expr_field(&n, "value", e->v.Await.value);
		break;
	case EXPR_Yield:
		expr_field(&n, "value", e->v.Yield.value);
		break;
	case EXPR_YieldFrom:
		expr_field(&n, "value", e->v.YieldFrom.value);
		break;
	case EXPR_Compare:
		expr_field(&n, "left", e->v.Compare.left);
		LIST_FIELD(&n, "ops", e->v.Compare.ops, dump_cmpop);
		LIST_FIELD(&n, "comparators", e->v.Compare.comparators, dump_expr);
		break;
	case EXPR_Call:
		expr_field(&n, "func", e->v.Call.func);
		LIST_FIELD(&n, "args", e->v.Call.args, dump_expr);
		LIST_FIELD(&n, "keywords", e->v.Call.keywords, dump_keyword);
		break;
	case EXPR_FormattedValue:
		expr_field(&n, "value", e->v.FormattedValue.value);
		int_field(&n, "conversion", e->v.FormattedValue.conversion);
		expr_field(&n, "format_spec", e->v.FormattedValue.format_spec);
		break;
	case EXPR_JoinedStr:
		LIST_FIELD(&n, "values", e->v.JoinedStr.values, dump_expr);
		break;
	case EXPR_Constant:
		field(&n, "value");
		repr_constant(o, &e->v.Constant.value);
		opt_ident(&n, "kind", e->v.Constant.kind);
		break;
	case EXPR_Attribute:
		expr_field(&n, "value", e->v.Attribute.value);
		field(&n, "attr");
		ident(o, e->v.Attribute.attr);
		ctx_field(&n, e->v.Attribute.ctx);
		break;
	case EXPR_Subscript:
		expr_field(&n, "value", e->v.Subscript.value);
		expr_field(&n, "slice", e->v.Subscript.slice);
		ctx_field(&n, e->v.Subscript.ctx);
		break;
	case EXPR_Starred:
		expr_field(&n, "value", e->v.Starred.value);
		ctx_field(&n, e->v.Starred.ctx);
		break;
	case EXPR_Name:
		field(&n, "id");
		ident(o, e->v.Name.id);
		ctx_field(&n, e->v.Name.ctx);
		break;
	case EXPR_List:
		LIST_FIELD(&n, "elts", e->v.List.elts, dump_expr);
		ctx_field(&n, e->v.List.ctx);
		break;
	case EXPR_Tuple:
		LIST_FIELD(&n, "elts", e->v.Tuple.elts, dump_expr);
		ctx_field(&n, e->v.Tuple.ctx);
		break;
	case EXPR_Slice:
		expr_field(&n, "lower", e->v.Slice.lower);
		expr_field(&n, "upper", e->v.Slice.upper);
		expr_field(&n, "step", e->v.Slice.step);
		break;
	}
	close_node(&n, &e->pos);
}

static void dump_stmt(struct out *o, const ast_stmt *s)
{
	struct node n = open_node(o, ast_stmt_kind_name(s->kind));
	switch (s->kind) {
	case STMT_FunctionDef:
	case STMT_AsyncFunctionDef:
		field(&n, "name");
		ident(o, s->v.FunctionDef.name);
		field(&n, "args");
		dump_arguments(o, s->v.FunctionDef.args);
		LIST_FIELD(&n, "body", s->v.FunctionDef.body, dump_stmt);
		LIST_FIELD(&n, "decorator_list", s->v.FunctionDef.decorator_list, dump_expr);
		expr_field(&n, "returns", s->v.FunctionDef.returns);
		break;
	case STMT_ClassDef:
		field(&n, "name");
		ident(o, s->v.ClassDef.name);
		LIST_FIELD(&n, "bases", s->v.ClassDef.bases, dump_expr);
		LIST_FIELD(&n, "keywords", s->v.ClassDef.keywords, dump_keyword);
		LIST_FIELD(&n, "body", s->v.ClassDef.body, dump_stmt);
		LIST_FIELD(&n, "decorator_list", s->v.ClassDef.decorator_list, dump_expr);
		break;
	case STMT_Return:
		expr_field(&n, "value", s->v.Return.value);
		break;
	case STMT_Delete:
		LIST_FIELD(&n, "targets", s->v.Delete.targets, dump_expr);
		break;
	case STMT_Assign:
		LIST_FIELD(&n, "targets", s->v.Assign.targets, dump_expr);
		expr_field(&n, "value", s->v.Assign.value);
		break;
	case STMT_AugAssign:
		expr_field(&n, "target", s->v.AugAssign.target);
		field(&n, "op");
		simple(o, ast_operator_name(s->v.AugAssign.op));
		expr_field(&n, "value", s->v.AugAssign.value);
		break;
	case STMT_AnnAssign:
		expr_field(&n, "target", s->v.AnnAssign.target);
		expr_field(&n, "annotation", s->v.AnnAssign.annotation);
		expr_field(&n, "value", s->v.AnnAssign.value);
		int_field(&n, "simple", s->v.AnnAssign.simple);
		break;
	case STMT_For:
	case STMT_AsyncFor:
		expr_field(&n, "target", s->v.For.target);
		expr_field(&n, "iter", s->v.For.iter);
		LIST_FIELD(&n, "body", s->v.For.body, dump_stmt);
		LIST_FIELD(&n, "orelse", s->v.For.orelse, dump_stmt);
		break;
	case STMT_While:
		expr_field(&n, "test", s->v.While.test);
		LIST_FIELD(&n, "body", s->v.While.body, dump_stmt);
		LIST_FIELD(&n, "orelse", s->v.While.orelse, dump_stmt);
		break;
	case STMT_If:
		expr_field(&n, "test", s->v.If.test);
		LIST_FIELD(&n, "body", s->v.If.body, dump_stmt);
		LIST_FIELD(&n, "orelse", s->v.If.orelse, dump_stmt);
		break;
	case STMT_With:
	case STMT_AsyncWith:
		LIST_FIELD(&n, "items", s->v.With.items, dump_withitem);
		LIST_FIELD(&n, "body", s->v.With.body, dump_stmt);
		break;
	case STMT_Match:
		expr_field(&n, "subject", s->v.Match.subject);
		LIST_FIELD(&n, "cases", s->v.Match.cases, dump_match_case);
		break;
	case STMT_Raise:
		expr_field(&n, "exc", s->v.Raise.exc);
		expr_field(&n, "cause", s->v.Raise.cause);
		break;
	case STMT_Try:
	case STMT_TryStar:
		LIST_FIELD(&n, "body", s->v.Try.body, dump_stmt);
		LIST_FIELD(&n, "handlers", s->v.Try.handlers, dump_handler);
		LIST_FIELD(&n, "orelse", s->v.Try.orelse, dump_stmt);
		LIST_FIELD(&n, "finalbody", s->v.Try.finalbody, dump_stmt);
		break;
	case STMT_Assert:
		expr_field(&n, "test", s->v.Assert.test);
		expr_field(&n, "msg", s->v.Assert.msg);
		break;
	case STMT_Import:
		LIST_FIELD(&n, "names", s->v.Import.names, dump_alias);
		break;
	case STMT_ImportFrom:
		opt_ident(&n, "module", s->v.ImportFrom.module);
		LIST_FIELD(&n, "names", s->v.ImportFrom.names, dump_alias);
		int_field(&n, "level", s->v.ImportFrom.level);
		break;
	case STMT_Global:
	case STMT_Nonlocal:
		LIST_FIELD(&n, "names", s->v.Global.names, dump_ident_item);
		break;
	case STMT_Expr:
		expr_field(&n, "value", s->v.Expr.value);
		break;
	case STMT_Pass:
	case STMT_Break:
	case STMT_Continue:
		break;
	}
	close_node(&n, &s->pos);
}

static void dump_pattern(struct out *o, const ast_pattern *p)
{
	static const char *const names[] = {
		NULL, "MatchValue", "MatchSingleton", "MatchSequence", "MatchMapping",
		"MatchClass", "MatchStar", "MatchAs", "MatchOr"
	};
	struct node n = open_node(o, names[p->kind]);
	switch (p->kind) {
	case PAT_MatchValue:
		expr_field(&n, "value", p->v.MatchValue.value);
		break;
	case PAT_MatchSingleton:
		field(&n, "value");
		repr_constant(o, &p->v.MatchSingleton.value);
		break;
	case PAT_MatchSequence:
		LIST_FIELD(&n, "patterns", p->v.MatchSequence.patterns, dump_pattern);
		break;
	case PAT_MatchMapping:
		LIST_FIELD(&n, "keys", p->v.MatchMapping.keys, dump_expr);
		LIST_FIELD(&n, "patterns", p->v.MatchMapping.patterns, dump_pattern);
		opt_ident(&n, "rest", p->v.MatchMapping.rest);
		break;
	case PAT_MatchClass:
		expr_field(&n, "cls", p->v.MatchClass.cls);
		LIST_FIELD(&n, "patterns", p->v.MatchClass.patterns, dump_pattern);
		LIST_FIELD(&n, "kwd_attrs", p->v.MatchClass.kwd_attrs, dump_ident_item);
		LIST_FIELD(&n, "kwd_patterns", p->v.MatchClass.kwd_patterns, dump_pattern);
		break;
	case PAT_MatchStar:
		opt_ident(&n, "name", p->v.MatchStar.name);
		break;
	case PAT_MatchAs:
		if (p->v.MatchAs.pattern) {
			field(&n, "pattern");
			dump_pattern(o, p->v.MatchAs.pattern);
		}
		opt_ident(&n, "name", p->v.MatchAs.name);
		break;
	case PAT_MatchOr:
		LIST_FIELD(&n, "patterns", p->v.MatchOr.patterns, dump_pattern);
		break;
	}
	close_node(&n, &p->pos);
}

char *ast_dump(const ast_mod *tree, int attributes)
{
	struct out o = { NULL, 0, 0, false, attributes != 0 };
	switch (tree->kind) {
	case MOD_Module: {
		struct node n = open_node(&o, "Module");
		LIST_FIELD(&n, "body", tree->v.Module.body, dump_stmt);
		field(&n, "type_ignores");
		puts_(&o, "[]");
		close_node(&n, NULL);
		break;
	}
	case MOD_Interactive: {
		struct node n = open_node(&o, "Interactive");
		LIST_FIELD(&n, "body", tree->v.Interactive.body, dump_stmt);
		close_node(&n, NULL);
		break;
	}
	case MOD_Expression: {
		struct node n = open_node(&o, "Expression");
		expr_field(&n, "body", tree->v.Expression.body);
		close_node(&n, NULL);
		break;
	}
	}
	if (o.oom) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}
