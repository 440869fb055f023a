/* tests/text/test_text.c -- the Check runner of the text library's unit
 * tests, and the helpers shared by its suites (data file access). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "tests/text/test_text.h"

char *test_read_data(const char *name, size_t *len)
{
	/* The tables are generated into the build tree by make check
	 * (tests/text/gen_cases.py). */
	const char *top = getenv("top_builddir");
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/text/%s", top ? top : BUILDDIR_FALLBACK, name);
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s (set top_srcdir)", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	ck_assert(n >= 0);
	char *buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert(fread(buf, 1, (size_t)n, f) == (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

size_t test_unescape(char *s, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 3 < len && s[i + 1] == 'x' &&
		    box_hex_value(s[i + 2]) >= 0 && box_hex_value(s[i + 3]) >= 0) {
			s[o++] = (char)(box_hex_value(s[i + 2]) * 16 + box_hex_value(s[i + 3]));
			i += 3;
		} else {
			s[o++] = s[i];
		}
	}
	s[o] = '\0';
	return o;
}

void test_escape(struct text_buf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7F && c != '\\')
			text_buf_putc(out, (char)c);
		else
			text_buf_printf(out, "\\x%02x", c);
	}
}

int main(void)
{
	SRunner *sr = srunner_create(core_suite());
	srunner_add_suite(sr, strings_suite());
	srunner_add_suite(sr, codec_suite());
	srunner_add_suite(sr, tables_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
