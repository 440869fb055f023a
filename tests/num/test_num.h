/* test_num.h -- shared declarations of the numbers library's unit tests. */
#ifndef BOX_TEST_NUM_H
#define BOX_TEST_NUM_H

#include <check.h>

TCase *num_cases_tcase(void);   /* table of python3.11-generated cases */
TCase *num_api_tcase(void);     /* direct API checks */

#endif
