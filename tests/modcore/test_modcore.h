/* test_modcore.h -- shared declarations of the modcore Check tests. */
#ifndef BOX_TESTS_MODCORE_TEST_MODCORE_H
#define BOX_TESTS_MODCORE_TEST_MODCORE_H

#include <check.h>

TCase *random_tcase(void);
TCase *re_tcase(void);

#endif
