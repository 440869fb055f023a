/* tests/text/test_text.h -- shared helpers of the text library's unit
 * tests: reading the generated data files and the Check suites. */
#ifndef BOX_TEST_TEXT_H
#define BOX_TEST_TEXT_H

#include <check.h>
#include <stddef.h>

#include "worker/text/text.h"

/* Read tests/text/<name> (under $top_srcdir, else the source dir) into a
 * malloc'd NUL-terminated buffer; aborts the test when missing. */
char *test_read_data(const char *name, size_t *len);
/* Decode the \xNN escapes of a field in place; returns the new length. */
size_t test_unescape(char *s, size_t len);
/* Append s escaped like the data files (for messages). */
void test_escape(struct text_buf *out, const char *s, size_t len);

Suite *core_suite(void);
Suite *strings_suite(void);
Suite *codec_suite(void);
Suite *tables_suite(void);

#endif
