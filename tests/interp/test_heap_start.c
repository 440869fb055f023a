/* tests/interp/test_heap_start.c -- heap_start_on_huge_pages() (worker/runtime/heap_start.c):
 * after it, the worker's next allocations come from a range advised
 * MADV_HUGEPAGE, wherever the heap's end and glibc's top chunk were.
 *
 * The advice is read back from /proc/self/smaps: the "hg" VmFlag of the
 * mapping that holds a fresh allocation (the flag records the advice
 * whatever the system's THP setting, so the test does not depend on it).
 * A heap grown to 60 MiB must still be on advised pages (the reserve), and
 * stay so after everything is freed (no trim).
 * Each case runs in a forked child: the layout can be made once per process.
 * In a sanitizer build the function does nothing (the sanitizer runtime has
 * its own allocator), and the test checks exactly that. */
#include "config.h"

#include <check.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/runtime/heap_start.h"

#define HUGE_PAGE ((uintptr_t)2 << 20)

#ifndef BOX_SANITIZERS
/* 1 if the mapping holding addr carries the "hg" (MADV_HUGEPAGE) flag, 0 if
 * not, -1 if it is not found. */
static int advised_huge(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	uintptr_t a = (uintptr_t)addr, lo = 0, hi = 0;
	bool inside = false;
	int found = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		unsigned long s, e;
		if (sscanf(line, "%lx-%lx ", &s, &e) == 2 && strchr(line, '-') < strchr(line, ' ')) {
			lo = s;
			hi = e;
			inside = lo <= a && a < hi;
		} else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
			found = strstr(line, " hg") != NULL;
			break;
		}
	}
	fclose(f);
	return found;
}
#endif

/* Runs heap_start_on_huge_pages() in a child after `prepare` shaped the
 * heap; the child exits 0 when a new block lies in an advised range. */
static int run_case(void (*prepare)(void))
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (prepare != NULL)
			prepare();
#ifdef BOX_SANITIZERS
		void *before = sbrk(0);
		heap_start_on_huge_pages();
		_exit(sbrk(0) == before ? 0 : 1);
#else
		heap_start_on_huge_pages();
		/* larger than any block freed before, so it comes from the top,
		 * which starts 64 bytes below the advised range: its end is in it */
		size_t n = 256 * 1024;
		char *p = malloc(n);
		if (p == NULL)
			_exit(2);
		_exit(advised_huge(p + n - 1) == 1 ? 0 : 3);
#endif
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* The heap as glibc left it after its own start-up. */
START_TEST(test_fresh_heap)
{
	ck_assert_int_eq(run_case(NULL), 0);
}
END_TEST

/* A top chunk that spans the next 2 MiB boundary: the case the first
 * version missed (the filler then fitted in the top, the heap was not
 * extended, and nothing was advised). */
static void top_spans_a_boundary(void)
{
	uintptr_t end, boundary;
	void *p;

	mallopt(M_MMAP_THRESHOLD, 4 << 20);  /* the block comes from the heap */
	mallopt(M_TRIM_THRESHOLD, 64 << 20); /* and stays in the top once freed */
	end = (uintptr_t)sbrk(0);
	boundary = (end + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	p = malloc((size_t)(boundary - end) + 512 * 1024);
	free(p);
}

START_TEST(test_top_spans_boundary)
{
	ck_assert_int_eq(run_case(top_spans_a_boundary), 0);
}
END_TEST

/* A heap that grows to 60 MiB stays on advised pages all the way, and
 * freeing it all hands nothing back (a trimmed range would come back from
 * brk unadvised, on small pages). */
START_TEST(test_grown_heap)
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		heap_start_on_huge_pages();
#ifdef BOX_SANITIZERS
		_exit(0);
#else
		enum { BLOCKS = 60, BLOCK = 1 << 20 };
		static char *blocks[BLOCKS];
		for (int i = 0; i < BLOCKS; i++) {
			blocks[i] = malloc(BLOCK);
			if (blocks[i] == NULL)
				_exit(2);
			/* the first block starts just below the advised range */
			if ((i > 0 && advised_huge(blocks[i]) != 1) || advised_huge(blocks[i] + BLOCK - 1) != 1)
				_exit(3);
		}
		void *end = sbrk(0);
		for (int i = 0; i < BLOCKS; i++)
			free(blocks[i]);
		if (sbrk(0) != end)
			_exit(4);
		char *again = malloc(BLOCK);
		_exit(again != NULL && advised_huge(again + BLOCK - 1) == 1 ? 0 : 5);
#endif
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("heap_start");
	TCase *tc = tcase_create("layout");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_fresh_heap);
	tcase_add_test(tc, test_top_spans_boundary);
	tcase_add_test(tc, test_grown_heap);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
