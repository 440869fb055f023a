/* test_num.c -- Check runner for the numbers library (libboxnum.a). */
#include "config.h"

#include <stdlib.h>

#include "tests/num/test_num.h"

int main(void)
{
	Suite *s = suite_create("num");
	suite_add_tcase(s, num_cases_tcase());
	suite_add_tcase(s, num_api_tcase());
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
