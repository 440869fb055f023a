/* test_parse_api.c -- Check unit tests for the parser's C API: the arena,
 * constants as the compiler sees them (ints small and big, WTF-8
 * surrogates, bytes with NULs), parse modes, error records and their
 * rendering, and the memory bound.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/parse/parser.h"

static ast_arena *arena;
static struct syntax_error err;

static void setup(void)
{
	arena = ast_arena_new(NULL, 0);
	syntax_error_init(&err);
}

static void teardown(void)
{
	syntax_error_clear(&err);
	ast_arena_free(arena);
}

static ast_mod *parse(const char *src, enum parse_mode mode)
{
	return parse_source(arena, src, strlen(src), "<test>", mode, &err);
}

static const ast_expr *first_value(const ast_mod *m)
{
	ck_assert_int_eq(m->kind, MOD_Module);
	ck_assert_int_ge(m->v.Module.body.n, 1);
	const ast_stmt *s = m->v.Module.body.items[0];
	if (s->kind == STMT_Assign)
		return s->v.Assign.value;
	ck_assert_int_eq(s->kind, STMT_Expr);
	return s->v.Expr.value;
}

START_TEST(arena_zeroed_and_aligned)
{
	bool ok = true;
	for (int i = 1; i < 200; i++) {
		unsigned char *p = ast_arena_alloc(arena, (size_t)i * 37);
		ck_assert_ptr_nonnull(p);
		ok &= (uintptr_t)p % 16 == 0;
		for (int k = 0; k < i * 37; k++)
			ok &= p[k] == 0;
		memset(p, 0xAB, (size_t)i * 37);
	}
	ck_assert(ok);
	ck_assert_ptr_null(ast_arena_alloc(arena, SIZE_MAX - 4));
}
END_TEST

START_TEST(arena_limit_gives_memory_error)
{
	ast_arena *small = ast_arena_new(NULL, 100 * 1024);
	char *src = malloc(400001);
	for (int i = 0; i < 100000; i++)
		memcpy(src + 4 * i, "a,\n ", 4);
	memcpy(src, "x=(", 3);
	src[400000] = '\0';
	ck_assert_ptr_null(parse_source(small, src, strlen(src), "<t>", PARSE_EXEC, &err));
	ck_assert_str_eq(err.type, "MemoryError");
	ast_arena_free(small);
	free(src);
}
END_TEST

START_TEST(int_constants)
{
	const ast_mod *m = parse("(7, 0xff, 9223372036854775807, 9223372036854775808, 0x10000000000000000, 0_0)\n",
				 PARSE_EXEC);
	ck_assert_ptr_nonnull(m);
	const ast_expr *t = first_value(m);
	ck_assert_int_eq(t->kind, EXPR_Tuple);
	const struct ast_constant *c[6];
	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(t->v.Tuple.elts.items[i]->kind, EXPR_Constant);
		c[i] = &t->v.Tuple.elts.items[i]->v.Constant.value;
		ck_assert_int_eq(c[i]->kind, CONST_Int);
	}
	ck_assert(!c[0]->v.i.big);
	ck_assert_int_eq(c[0]->v.i.small, 7);
	ck_assert_int_eq(c[1]->v.i.small, 255);
	ck_assert_str_eq(c[1]->v.i.digits, "255");
	ck_assert(!c[2]->v.i.big);
	ck_assert_int_eq(c[2]->v.i.small, INT64_MAX);
	ck_assert(c[3]->v.i.big);
	ck_assert_str_eq(c[3]->v.i.digits, "9223372036854775808");
	ck_assert(c[4]->v.i.big);
	ck_assert_str_eq(c[4]->v.i.digits, "18446744073709551616");
	ck_assert_str_eq(c[5]->v.i.digits, "0");
}
END_TEST

START_TEST(string_constants)
{
	const ast_mod *m = parse("('a\\x00b', '\\ud800', b'\\x00\\xff', u'k', 1.5, 2j)\n", PARSE_EXEC);
	ck_assert_ptr_nonnull(m);
	const ast_expr *t = first_value(m);
	const ast_expr *e0 = t->v.Tuple.elts.items[0];
	ck_assert_int_eq(e0->v.Constant.value.kind, CONST_Str);
	ck_assert_uint_eq(e0->v.Constant.value.v.s.len, 3);
	ck_assert_int_eq(memcmp(e0->v.Constant.value.v.s.data, "a\0b", 3), 0);
	const ast_expr *e1 = t->v.Tuple.elts.items[1];
	ck_assert_uint_eq(e1->v.Constant.value.v.s.len, 3);
	ck_assert_int_eq(memcmp(e1->v.Constant.value.v.s.data, "\xED\xA0\x80", 3), 0);
	const ast_expr *e2 = t->v.Tuple.elts.items[2];
	ck_assert_int_eq(e2->v.Constant.value.kind, CONST_Bytes);
	ck_assert_uint_eq(e2->v.Constant.value.v.s.len, 2);
	ck_assert_int_eq(memcmp(e2->v.Constant.value.v.s.data, "\0\xff", 2), 0);
	ck_assert_str_eq(t->v.Tuple.elts.items[3]->v.Constant.kind, "u");
	ck_assert_ptr_null(e0->v.Constant.kind);
	ck_assert(t->v.Tuple.elts.items[4]->v.Constant.value.v.f == 1.5);
	ck_assert_int_eq(t->v.Tuple.elts.items[5]->v.Constant.value.kind, CONST_Complex);
	ck_assert(t->v.Tuple.elts.items[5]->v.Constant.value.v.imag == 2.0);
}
END_TEST

START_TEST(fstring_positions)
{
	const ast_mod *m = parse("x = 1\ny = f'ab{zz!r}'\n", PARSE_EXEC);
	ck_assert_ptr_nonnull(m);
	const ast_stmt *s = m->v.Module.body.items[1];
	const ast_expr *js = s->v.Assign.value;
	ck_assert_int_eq(js->kind, EXPR_JoinedStr);
	ck_assert_int_eq(js->v.JoinedStr.values.n, 2);
	const ast_expr *fv = js->v.JoinedStr.values.items[1];
	ck_assert_int_eq(fv->v.FormattedValue.conversion, 'r');
	const ast_expr *name = fv->v.FormattedValue.value;
	ck_assert_str_eq(name->v.Name.id, "zz");
	ck_assert_int_eq(name->pos.lineno, 2);
	ck_assert_int_eq(name->pos.col_offset, 9);
	ck_assert_int_eq(name->pos.end_col_offset, 11);
}
END_TEST

START_TEST(modes)
{
	const ast_mod *m = parse("a + b\n", PARSE_EVAL);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->kind, MOD_Expression);
	ck_assert_int_eq(m->v.Expression.body->kind, EXPR_BinOp);
	m = parse("x = 1\n", PARSE_SINGLE);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->kind, MOD_Interactive);
	ck_assert_ptr_null(parse("x = 1\n", PARSE_EVAL));
	ck_assert_str_eq(err.type, "SyntaxError");
}
END_TEST

START_TEST(bom_and_nul)
{
	ck_assert_ptr_nonnull(parse("\xEF\xBB\xBFx = 1\n", PARSE_EXEC));
	const char src[] = "x = 1\0\n";
	ck_assert_ptr_null(parse_source(arena, src, sizeof src - 1, "<t>", PARSE_EXEC, &err));
	ck_assert_str_eq(err.type, "ValueError");
	ck_assert_str_eq(err.msg, "source code string cannot contain null bytes");
}
END_TEST

START_TEST(error_record_and_format)
{
	ck_assert_ptr_null(parse("x = 1\nif x = (1 +\n  2):\n    pass\n", PARSE_EXEC));
	ck_assert_str_eq(err.type, "SyntaxError");
	ck_assert_str_eq(err.msg, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
	ck_assert_int_eq(err.lineno, 2);
	ck_assert_int_eq(err.offset, 4);
	ck_assert_str_eq(err.filename, "<test>");
	ck_assert_str_eq(err.text, "if x = (1 +\n");
	char buf[512];
	size_t n = syntax_error_format(&err, buf, sizeof buf);
	ck_assert_str_eq(buf, "  File \"<test>\", line 2\n"
			      "    if x = (1 +\n"
			      "       ^^^^^^^^\n"
			      "SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='?\n");
	ck_assert_uint_eq(n, strlen(buf));
	char small[10];
	ck_assert_uint_eq(syntax_error_format(&err, small, sizeof small), n);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

START_TEST(first_error_wins_and_clear)
{
	syntax_error_set(&err, "SyntaxError", 1, 1, 1, 2, "ab", 2, "first %d", 1);
	syntax_error_set(&err, "TabError", 2, 1, 2, 2, NULL, 0, "second");
	ck_assert_str_eq(err.msg, "first 1");
	syntax_error_clear(&err);
	ck_assert_str_eq(err.type, "");
	ck_assert_ptr_null(err.text);
}
END_TEST

START_TEST(deep_source_is_an_error)
{
	size_t n = 100000;
	char *src = malloc(n + 3);
	memset(src, '-', n);
	memcpy(src + n, "1\n", 3);
	ck_assert_ptr_null(parse_source(arena, src, n + 2, "<t>", PARSE_EXEC, &err));
	ck_assert_str_eq(err.type, "MemoryError");
	free(src);
}
END_TEST

START_TEST(dump_matches_cpython_format)
{
	const ast_mod *m = parse("f(a, *b, k=1.0)\n", PARSE_EXEC);
	char *d = ast_dump(m, 0);
	ck_assert_str_eq(d, "Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), "
			    "args=[Name(id='a', ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load())], "
			    "keywords=[keyword(arg='k', value=Constant(value=1.0))]))], type_ignores=[])");
	free(d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("parser-api");
	TCase *tc = tcase_create("api");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, arena_zeroed_and_aligned);
	tcase_add_test(tc, arena_limit_gives_memory_error);
	tcase_add_test(tc, int_constants);
	tcase_add_test(tc, string_constants);
	tcase_add_test(tc, fstring_positions);
	tcase_add_test(tc, modes);
	tcase_add_test(tc, bom_and_nul);
	tcase_add_test(tc, error_record_and_format);
	tcase_add_test(tc, first_error_wins_and_clear);
	tcase_add_test(tc, deep_source_is_an_error);
	tcase_add_test(tc, dump_matches_cpython_format);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
