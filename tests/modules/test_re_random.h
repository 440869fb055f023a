/* test_re_random.h -- shared declarations of the re and random core tests. */
#ifndef BOX_TESTS_MODULES_TEST_RE_RANDOM_H
#define BOX_TESTS_MODULES_TEST_RE_RANDOM_H

#include <check.h>

TCase *random_tcase(void);
TCase *re_tcase(void);

#endif
