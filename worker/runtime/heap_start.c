/* worker/runtime/heap_start.c -- lays out the worker's malloc heap before the
 * sandbox closes, so that the interpreter's first megabytes sit on
 * transparent huge pages (see heap_start.h).
 *
 * Why: every first touch of a 4 KiB page is a page fault, and on the VMs
 * box runs on (Firecracker guests) one costs 10-25 us; building the
 * runtime touches ~90 heap pages, the largest single part of the worker's
 * start-up.  A 2 MiB huge page is one fault (~0.2 ms).  The kernel only
 * gives huge pages to an aligned 2 MiB range advised MADV_HUGEPAGE before
 * anything in it was touched, and madvise is not in the worker's filter,
 * so it has to be arranged here, on glibc's main arena:
 *
 *  1. glibc initialised the arena before main() (its start-up mallocs), so
 *     the top chunk (the free space at the end of the heap) starts at
 *     sbrk(0) - mallinfo2().keepcost;
 *  2. one block ("the filler") is taken from the top so that the top then
 *     starts 64 bytes below a 2 MiB boundary; with a top pad of 64 MiB
 *     (HEAP_RESERVE) the heap is extended that far in the same call, and glibc
 *     writes only the filler's and the new top's headers, both below the
 *     boundary.  The boundary is the first one past the current end of the
 *     heap, so that the filler is larger than the top and its malloc must
 *     extend the heap: a boundary inside the top (a quarter of the runs,
 *     by where ASLR put the heap) would be served from the top without
 *     the extension, and the heap stayed on small pages;
 *  3. the untouched range from the boundary to the end of the heap is
 *     advised MADV_HUGEPAGE.  Every later allocation comes from there.
 *
 * The reserve is address space, not memory: a 2 MiB page becomes resident
 * when the program first touches it, so a small program keeps one (its
 * start-up) and one that grows to 50 MiB takes 25 faults instead of
 * 12,800 (strings.py: 11,366 faults -> 228; a 4 KiB fault costs 17-35 us
 * on this VM, a 2 MiB page's first write 146-260 us: bench/page_costs.c).
 * The heap grows past the reserve with brk on small pages, as before: a
 * mapping brk adds is never advised (madvise is not in the filter), hence
 * the one large reserve.
 * Big blocks that a program touches only at their start (the VM's frame
 * stack) are mappings of their own, not malloc blocks, or their first
 * byte would make 2 MiB resident.
 *
 * The filler is never used or freed: it is address space, not memory (its
 * pages past the first are never touched).  Trimming is raised to twice
 * the reserve so that freeing cannot hand the advised range back (brk
 * would give it back unadvised), and blocks up to
 * 4 MiB come from the heap instead of fresh mmaps (each of which would
 * fault all its pages in again).  If any step does not go as planned
 * (another allocator, a different glibc) the heap simply stays on small
 * pages: nothing depends on it but speed. */
#include "config.h"

#include "worker/runtime/heap_start.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)
/* glibc: a chunk header is 16 bytes, and request n takes a chunk of
 * (n + 8) rounded up to 16. */
#define CHUNK_HEADER 16
#define TOP_SLACK 64
#define HEAP_RESERVE ((uintptr_t)64 << 20) /* of the 1.25 GiB RLIMIT_AS */

#ifndef BOX_SANITIZERS /* the sanitizer runtime has its own allocator */
static void *heap_filler;
#endif

void heap_start_on_huge_pages(void)
{
#ifndef BOX_SANITIZERS
	struct mallinfo2 mi;
	uintptr_t top, boundary, end, heap_end;
	size_t chunk;

	if (heap_filler != NULL)
		return;
	mallopt(M_MMAP_THRESHOLD, 4 << 20);
	mallopt(M_TRIM_THRESHOLD, (int)(2 * HEAP_RESERVE));
	mi = mallinfo2();
	heap_end = (uintptr_t)sbrk(0);
	top = heap_end - mi.keepcost;
	boundary = (heap_end + TOP_SLACK + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	if (boundary - top < 2 * 4096)
		boundary += HUGE_PAGE;
	chunk = (size_t)(boundary - TOP_SLACK - top) & ~(size_t)15;
	mallopt(M_TOP_PAD, (int)(HEAP_RESERVE + 4096));
	heap_filler = malloc(chunk - 8);
	mallopt(M_TOP_PAD, 128 << 10); /* glibc's default */
	end = (uintptr_t)sbrk(0);
	if (heap_filler == NULL || (uintptr_t)heap_filler - CHUNK_HEADER != top ||
	    end < boundary + HUGE_PAGE)
		return;
	(void)madvise((void *)boundary, (end - boundary) & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
}
