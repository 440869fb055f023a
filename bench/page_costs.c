/* bench/page_costs.c -- what a page costs on the machine at hand: a first
 * write to an anonymous page (a page fault), the same pages mapped in by
 * MADV_POPULATE_WRITE and then written, a read fault on a file page (the
 * kernel maps up to 16 around it), the same file pages mapped in by
 * MADV_POPULATE_READ and then read, a transparent huge page's first write,
 * and a trivial system call.  The worker's start-up is built around these
 * figures (worker/runtime/image_entry.c, heap_start.c, prefault.c).
 *
 *   cc -O2 -o page_costs bench/page_costs.c && ./page_costs FILE
 *
 * FILE: any file of 8 MiB or more already in the page cache (box-worker).
 * Prints microseconds, five rounds. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

#define PAGE 4096
#define ANON_PAGES 256
#define FILE_FAULTS 128
#define SPREAD 16 /* pages between two file reads: one fault-around window */

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
	size_t anon_len = (size_t)ANON_PAGES * PAGE, file_len = (size_t)FILE_FAULTS * SPREAD * PAGE;
	volatile char sink = 0;
	struct stat st;
	int fd;

	if (argc != 2 || (fd = open(argv[1], O_RDONLY)) < 0 || fstat(fd, &st) != 0 ||
	    (size_t)st.st_size < file_len) {
		fprintf(stderr, "usage: page_costs FILE (a file of at least %zu bytes)\n", file_len);
		return 2;
	}
	for (int round = 0; round < 5; round++) {
		char *p = mmap(NULL, anon_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		double t0 = now_us();
		for (int i = 0; i < ANON_PAGES; i++)
			p[(size_t)i * PAGE] = 1;
		double fault = (now_us() - t0) / ANON_PAGES;
		munmap(p, anon_len);

		p = mmap(NULL, anon_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		t0 = now_us();
		madvise(p, anon_len, MADV_POPULATE_WRITE);
		double t1 = now_us();
		for (int i = 0; i < ANON_PAGES; i++)
			p[(size_t)i * PAGE] = 1;
		double populate_w = (t1 - t0) / ANON_PAGES, then_w = (now_us() - t1) / ANON_PAGES;
		munmap(p, anon_len);

		char *f = mmap(NULL, file_len, PROT_READ, MAP_PRIVATE, fd, 0);
		t0 = now_us();
		for (int i = 0; i < FILE_FAULTS; i++)
			sink += f[(size_t)i * SPREAD * PAGE];
		double file_fault = (now_us() - t0) / FILE_FAULTS;
		munmap(f, file_len);

		f = mmap(NULL, file_len, PROT_READ, MAP_PRIVATE, fd, 0);
		t0 = now_us();
		madvise(f, file_len, MADV_POPULATE_READ);
		t1 = now_us();
		for (size_t i = 0; i < file_len / PAGE; i++)
			sink += f[i * PAGE];
		double populate_r = (t1 - t0) / (file_len / PAGE), then_r = (now_us() - t1) / (file_len / PAGE);
		munmap(f, file_len);

		char *h = mmap(NULL, 8 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		char *aligned = (char *)(((unsigned long)h + (2 << 20) - 1) & ~((2UL << 20) - 1));
		madvise(aligned, 2 << 20, MADV_HUGEPAGE);
		t0 = now_us();
		aligned[0] = 1;
		double huge = now_us() - t0;
		munmap(h, 8 << 20);

		t0 = now_us();
		for (int i = 0; i < 1000; i++)
			syscall(SYS_getppid);
		double sys = (now_us() - t0) / 1000;

		printf("anon fault %6.2f | populate_write %5.2f + write %6.2f | file fault %6.2f |"
		       " populate_read %5.2f + read %5.2f | huge page %6.1f | syscall %5.2f  (us)\n",
		       fault, populate_w, then_w, file_fault, populate_r, then_r, huge, sys);
	}
	close(fd);
	(void)sink;
	return 0;
}
