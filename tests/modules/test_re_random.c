/* test_re_random.c -- Check runner for the re and random cores (libboxmodcores.a). */
#include "config.h"

#include <stdlib.h>

#include "tests/modules/test_re_random.h"

int main(void)
{
	Suite *s = suite_create("re_random");
	suite_add_tcase(s, random_tcase());
	suite_add_tcase(s, re_tcase());
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
