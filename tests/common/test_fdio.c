/* tests/common/test_fdio.c -- Check tests of the descriptor helpers in
 * common/fdio.c: whole reads of regular files and pipes (short reads,
 * end of file), the size limit of box_read_all, and whole writes. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fdio.h"

/* A temporary file holding n bytes of a known pattern, positioned at 0. */
static int file_with(size_t n)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	int fd = dup(fileno(f));
	fclose(f);
	for (size_t i = 0; i < n; i++) {
		char c = (char)('a' + i % 26);
		ck_assert_int_eq(box_write_all(fd, &c, 1), 0);
	}
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

START_TEST(read_all_empty_file)
{
	int fd = file_with(0);
	char *data = NULL;
	size_t len = 99;
	ck_assert_int_eq(box_read_all(fd, 10, &data, &len), 0);
	ck_assert_uint_eq(len, 0);
	ck_assert_ptr_nonnull(data);
	ck_assert_int_eq(data[0], '\0');
	free(data);
	close(fd);
}
END_TEST

START_TEST(read_all_at_and_over_the_limit)
{
	/* 200,000 bytes: several growth steps past the first 64 KiB. */
	int fd = file_with(200000);
	char *data = NULL;
	size_t len = 0;
	ck_assert_int_eq(box_read_all(fd, 200000, &data, &len), 0);
	ck_assert_uint_eq(len, 200000);
	ck_assert_int_eq(data[199999], (char)('a' + 199999 % 26));
	ck_assert_int_eq(data[200000], '\0');
	free(data);

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	data = NULL;
	errno = 0;
	ck_assert_int_eq(box_read_all(fd, 199999, &data, &len), -1);
	ck_assert_int_eq(errno, EFBIG);
	ck_assert_ptr_null(data);
	close(fd);
}
END_TEST

START_TEST(read_full_pipe_short_reads_and_eof)
{
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(box_write_all(p[1], "hello", 5), 0);
	ck_assert_int_eq(box_write_all(p[1], " world", 6), 0);
	close(p[1]);
	char buf[64];
	ck_assert_int_eq(box_read_full(p[0], buf, 8), 8);
	ck_assert_int_eq(memcmp(buf, "hello wo", 8), 0);
	/* fewer bytes than asked only at the end of the stream */
	ck_assert_int_eq(box_read_full(p[0], buf, sizeof buf), 3);
	ck_assert_int_eq(memcmp(buf, "rld", 3), 0);
	ck_assert_int_eq(box_read_full(p[0], buf, sizeof buf), 0);
	close(p[0]);
}
END_TEST

START_TEST(read_errors_keep_errno)
{
	char buf[4];
	char *data = NULL;
	size_t len;
	errno = 0;
	ck_assert_int_eq(box_read_full(-1, buf, sizeof buf), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(box_read_all(-1, 10, &data, &len), -1);
	ck_assert_int_eq(errno, EBADF);
	ck_assert_ptr_null(data);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fdio");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, read_all_empty_file);
	tcase_add_test(tc, read_all_at_and_over_the_limit);
	tcase_add_test(tc, read_full_pipe_short_reads_and_eof);
	tcase_add_test(tc, read_errors_keep_errno);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
