/* test_modcore.c -- Check runner for the modcore library (libboxmodcore.a). */
#include "config.h"

#include <stdlib.h>

#include "tests/modcore/test_modcore.h"

int main(void)
{
	Suite *s = suite_create("modcore");
	suite_add_tcase(s, random_tcase());
	suite_add_tcase(s, re_tcase());
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
