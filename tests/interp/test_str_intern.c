/* tests/interp/test_str_intern.c -- Check unit tests for interning
 * (worker/objects/str_intern.c): the generated table of known names is
 * well formed, every known name is found whichever way it is interned (and
 * hashes as any str of it does), and a name is one object whether it is
 * known or not. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

#include "worker/objects/str_intern_names.inc"

/* A str of these bytes that is not interned (str_new hands out the
 * interned one-character and empty strings). */
static Str *fresh_str(const char *p, size_t n)
{
	Str *s = str_alloc(n);
	ck_assert_ptr_nonnull(s);
	memcpy(s->data, p, n);
	str_finish(s);
	ck_assert(!s->interned);
	return s;
}

/* Byte order of known names i and j, shorter first on a common prefix. */
static int compare_names(size_t i, size_t j)
{
	size_t n = known_len[i] < known_len[j] ? known_len[i] : known_len[j];
	int c = memcmp(known_text + known_offset[i], known_text + known_offset[j], n);
	if (c)
		return c;
	return (known_len[i] > known_len[j]) - (known_len[i] < known_len[j]);
}

START_TEST(table_is_the_runtimes)
{
	interp_prepare();
	ck_assert_int_gt(KNOWN_NAME_COUNT, 500);   /* generated from a real start */
	/* every name once, in the table's order; every slot names one */
	size_t used = 0;
	for (size_t i = 0; i < KNOWN_SLOT_COUNT; i++)
		if (known_slots[i]) {
			ck_assert_uint_le(known_slots[i], KNOWN_NAME_COUNT);
			used++;
		}
	ck_assert_uint_eq(used, KNOWN_NAME_COUNT);
	for (size_t i = 0; i + 1 < KNOWN_NAME_COUNT; i++) {
		ck_assert_uint_eq(known_offset[i + 1], known_offset[i] + known_len[i] + 1u);
		ck_assert_int_lt(compare_names(i, i + 1), 0);   /* sorted, no duplicate */
	}
}
END_TEST

START_TEST(known_names_are_found_both_ways)
{
	interp_prepare();
	for (size_t i = 0; i < KNOWN_NAME_COUNT; i++) {
		const char *text = known_text + known_offset[i];
		size_t len = known_len[i];
		Str *fresh = fresh_str(text, len);
		int64_t hash = str_hash(fresh);
		Str *by_str = str_intern_str(fresh);
		ck_assert(by_str->interned);
		ck_assert(str_hash(by_str) == hash);
		ck_assert_uint_eq(by_str->nbytes, len);
		ck_assert(memcmp(by_str->data, text, len) == 0);
		if (strlen(text) == len) {   /* no NUL inside: a C string too */
			Str *by_cstr = str_intern(text);
			ck_assert_ptr_eq(by_cstr, by_str);
			obj_decref(&by_cstr->ob);
		}
		obj_decref(&by_str->ob);
	}
}
END_TEST

START_TEST(other_names_are_one_object)
{
	static const char *const names[] = {
		"box_test_name_no_builtin_has", "na\xc3\xafve", "__box_test__", "x1",
	};
	interp_prepare();
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		Str *a = str_intern(names[i]);
		Str *b = str_intern_str(fresh_str(names[i], strlen(names[i])));
		Str *c = str_intern(names[i]);
		ck_assert(a->interned);
		ck_assert_ptr_eq(a, b);
		ck_assert_ptr_eq(a, c);
		obj_decref(&a->ob);
		obj_decref(&b->ob);
		obj_decref(&c->ob);
	}
	/* a known name and an unknown one are different objects, unequal */
	Str *known = str_intern("append");
	Str *other = str_intern("box_test_name_no_builtin_has");
	ck_assert(!str_equal(known, other));
	obj_decref(&known->ob);
	obj_decref(&other->ob);
}
END_TEST

START_TEST(scripts_see_one_object)
{
	interp_prepare();
	const char *src =
		"import sys\n"
		"a = ''.join(['app', 'end'])\n"
		"assert sys.intern(a) is sys.intern('append')\n"
		"assert getattr([], a).__name__ == 'append'\n"
		"b = ''.join(['box_', 'fresh_name'])\n"
		"assert sys.intern(b) is sys.intern('box_fresh_name')\n"
		"assert hash(sys.intern(a)) == hash(a)\n";
	ck_assert_int_eq(interp_run(src, strlen(src), "<string>", "-c", ".", NULL), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("str_intern");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, table_is_the_runtimes);
	tcase_add_test(tc, known_names_are_found_both_ways);
	tcase_add_test(tc, other_names_are_one_object);
	tcase_add_test(tc, scripts_see_one_object);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
