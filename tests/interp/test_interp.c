/* tests/interp/test_interp.c -- Check unit tests for the interpreter's
 * tricky units: the compact dict (order, deletion, growth, versions), big
 * ints (promotion, demotion, exact results), str indexing of non-ASCII
 * text (cursor cache), set iteration order (CPython's table rules), the
 * allocator's limits, and whole-script behaviour through interp_run.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

static void init_runtime(void)
{
	static bool done;
	if (!done) {
		interp_run("pass\n", 5, "<string>", "-c", ".", NULL);
		done = true;
	}
}

static const char *repr_of(Value v)
{
	static char buf[4096];
	Value r = obj_repr(v);
	ck_assert(!IS_NULL(r));
	snprintf(buf, sizeof buf, "%s", AS_STR(r)->data);
	val_decref(r);
	return buf;
}

START_TEST(dict_order_and_delete)
{
	init_runtime();
	Dict *d = dict_new();
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(dict_set(d, v_int(i * 7919 % 1000), v_int(i)), 0);
	ck_assert_uint_eq(d->used, 1000);
	for (int i = 0; i < 1000; i += 2)
		ck_assert_int_eq(dict_del(d, v_int(i)), 0);
	ck_assert_int_eq(dict_del(d, v_int(0)), 1);
	ck_assert_uint_eq(d->used, 500);
	/* insertion order is kept: first remaining key is the first odd one inserted */
	size_t pos = 0;
	Value k, v;
	ck_assert(dict_next(d, &pos, &k, &v));
	ck_assert_int_eq(k.u.i, 7919 % 1000);
	Value got = dict_get(d, v_int(7919 % 1000));
	ck_assert(!IS_NULL(got));
	ck_assert_int_eq(got.u.i, 1);
	uint64_t ver = d->version;
	dict_set(d, v_int(1), v_int(5));
	ck_assert(d->version != ver);
	obj_decref(&d->ob);
}
END_TEST

START_TEST(dict_str_keys)
{
	init_runtime();
	Dict *d = dict_new();
	Str *a = str_cstr("alpha"), *a2 = str_cstr("alpha"), *b = str_intern("beta");
	dict_set_str(d, a, v_int(1));
	dict_set_str(d, b, v_int(2));
	ck_assert_int_eq(dict_get_str(d, a2).u.i, 1);
	ck_assert_int_eq(dict_get(d, str_value(b)).u.i, 2);
	ck_assert_str_eq(repr_of(v_obj(&d->ob)), "{'alpha': 1, 'beta': 2}");
	obj_decref(&a->ob);
	obj_decref(&a2->ob);
	obj_decref(&b->ob);
	obj_decref(&d->ob);
}
END_TEST

START_TEST(bigint_promote_demote)
{
	init_runtime();
	Value big = int_binop(v_int(INT64_MAX), v_int(1), NB_ADD);
	ck_assert(IS_BIGINT(big));
	ck_assert_str_eq(repr_of(big), "9223372036854775808");
	Value back = int_binop(big, v_int(1), NB_SUB);
	ck_assert(IS_INT(back));
	ck_assert_int_eq(back.u.i, INT64_MAX);
	Value p = int_binop(v_int(2), v_int(200), NB_POW);
	ck_assert_str_eq(repr_of(p), "1606938044258990275541962092341162602522202993782792835301376");
	Value q = int_binop(p, v_int(3), NB_FLOORDIV);
	Value r = int_binop(p, v_int(3), NB_MOD);
	ck_assert_int_eq(r.u.i, 1);
	Value q3 = int_binop(q, v_int(3), NB_MUL);
	Value m = int_binop(q3, r, NB_ADD);
	ck_assert_int_eq(int_cmp(m, p), 0);
	val_decref(q3);
	Value neg = int_binop(v_int(INT64_MIN), v_int(-1), NB_FLOORDIV);
	ck_assert_str_eq(repr_of(neg), "9223372036854775808");
	Value mn = int_binop(v_int(-7), v_int(2), NB_FLOORDIV);
	ck_assert_int_eq(mn.u.i, -4);
	val_decref(big);
	val_decref(p);
	val_decref(q);
	val_decref(m);
	val_decref(neg);
}
END_TEST

START_TEST(str_nonascii_indexing)
{
	init_runtime();
	Str *s = str_cstr("h\xc3\xa9llo w\xc3\xb6rld \xf0\x9f\x8e\x89");
	ck_assert_uint_eq(s->len, 13);
	ck_assert(!s->ascii);
	ck_assert_uint_eq(str_char_at(s, 1), 0xe9);
	ck_assert_uint_eq(str_char_at(s, 12), 0x1f389);
	ck_assert_uint_eq(str_char_at(s, 7), 0xf6);
	ck_assert_uint_eq(str_char_at(s, 0), 'h');
	/* walking forward and backward through the cursor cache */
	for (size_t i = 0; i < s->len; i++)
		ck_assert_uint_eq(str_byte_offset(s, i) <= s->nbytes, 1);
	for (size_t i = s->len; i-- > 0;)
		ck_assert(str_char_at(s, i) != 0);
	ck_assert_uint_eq(str_byte_offset(s, 13), s->nbytes);
	obj_decref(&s->ob);
}
END_TEST

START_TEST(set_order_like_cpython)
{
	init_runtime();
	Set *s = set_new(&set_type);
	int64_t xs[] = {-1, -2, 5, 64, 65, 8};
	for (size_t i = 0; i < 6; i++)
		set_add(s, v_int(xs[i]));
	ck_assert_str_eq(repr_of(v_obj(&s->ob)), "{64, 65, 5, 8, -2, -1}");
	Set *t = set_new(&set_type);
	for (int i = 0; i < 100; i++)
		set_add(t, v_int(i * 7 % 31));
	ck_assert_uint_eq(t->used, 31);
	size_t pos = 0;
	Value k;
	int64_t expect = 0;
	while (set_next(t, &pos, &k))
		ck_assert_int_eq(k.u.i, expect++);
	obj_decref(&s->ob);
	obj_decref(&t->ob);
}
END_TEST

/* Runs fn in a child process; its exit status (-1 if it did not exit). */
static int exit_status_of(void (*fn)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		int devnull = open("/dev/null", O_WRONLY);
		dup2(devnull, 2);
		fn();
		_exit(0);
	}
	int st = 0;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void alloc_over_cap(void) { (void)mem_alloc(MEM_ALLOC_CAP + 1); }
static void check_overflowing_size(void) { (void)mem_check_mul(SIZE_MAX / 2, 4); }
static void script_catching_memory_error(void)
{
	const char *mem = "try:\n    'x' * (1 << 40)\nexcept MemoryError:\n    raise SystemExit(3)\n";
	_exit(interp_run(mem, strlen(mem), "<string>", "-c", ".", NULL));
}

START_TEST(alloc_limits)
{
	init_runtime();
	/* a limit ends the script: status 1, whatever handler it has */
	ck_assert_int_eq(exit_status_of(alloc_over_cap), 1);
	ck_assert_int_eq(exit_status_of(check_overflowing_size), 1);
	ck_assert_int_eq(exit_status_of(script_catching_memory_error), 1);
	void *p = mem_alloc(1024);
	ck_assert_ptr_nonnull(p);
	mem_free(p, 1024);
}
END_TEST

START_TEST(script_status)
{
	init_runtime();
	const char *ok = "x = [i * i for i in range(10)]\nassert sum(x) == 285\n";
	ck_assert_int_eq(interp_run(ok, strlen(ok), "<string>", "-c", ".", NULL), 0);
	const char *ex = "import sys\nsys.exit(7)\n";
	ck_assert_int_eq(interp_run(ex, strlen(ex), "<string>", "-c", ".", NULL), 7);
	const char *deep = "def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    pass\n";
	ck_assert_int_eq(interp_run(deep, strlen(deep), "<string>", "-c", ".", NULL), 0);
}
END_TEST

/* A class attribute replaced by a store that keeps the class's version
 * (typeobj.c: store_plain_class_value) while a finalizer inside the old
 * value reads it: the caches must give the new value, never the old one
 * being freed (CPython 3.11 crashes on this script: no golden).  Under
 * ASan a stale cached value is a use after free. */
START_TEST(class_attr_store_finalizer_reads)
{
	init_runtime();
	const char *src =
		"seen = []\n"
		"class D:\n"
		"    def __del__(self):\n"
		"        seen.append(C.x)\n"
		"        seen.append(C().x)\n"
		"class C:\n"
		"    x = [1, D()]\n"
		"def read():\n"
		"    return C.x, C().x\n"
		"for i in range(3):\n"
		"    read()\n"
		"C.x = 5\n"
		"assert seen == [5, 5], seen\n"
		"assert read() == (5, 5)\n"
		"C.x = [2, D()]\n"
		"read()\n"
		"C.x = 'done'\n"
		"assert seen == [5, 5, 'done', 'done'], seen\n";
	ck_assert_int_eq(interp_run(src, strlen(src), "<string>", "-c", ".", NULL), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("interp");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, dict_order_and_delete);
	tcase_add_test(tc, dict_str_keys);
	tcase_add_test(tc, bigint_promote_demote);
	tcase_add_test(tc, str_nonascii_indexing);
	tcase_add_test(tc, set_order_like_cpython);
	tcase_add_test(tc, alloc_limits);
	tcase_add_test(tc, script_status);
	tcase_add_test(tc, class_attr_store_finalizer_reads);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
