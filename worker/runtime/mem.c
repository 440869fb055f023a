/* mem.c -- the accounting allocator (see mem.h).
 *
 * Small blocks (at most SMALL_MAX bytes: objects, dict tables, short
 * strings) go through per-size-class free lists in front of malloc: a
 * freed block is kept for the next request of its class instead of going
 * back to glibc, which is most of what an object-heavy script allocates.
 * Class c serves requests of 16c-7 .. 16c+8 bytes and its blocks are
 * malloc'd with the class size 16c+8 (a glibc chunk size, so the rounding
 * costs no memory), so any block on a list can serve any request of its
 * class and is still an ordinary malloc block (realloc and free work on
 * it).  The free lists hold at most CACHE_BYTES per class; the rest goes
 * back to malloc.  mem_used counts the bytes the callers asked for, cached
 * blocks not at all, exactly as without the lists.
 *
 * The lists rely on every caller passing the size it allocated.  The
 * sanitizer build therefore bypasses them (so ASan still sees every
 * use after free) and checks that size against the allocator's own record
 * on every mem_free and mem_realloc.
 */
#include "config.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#ifdef BOX_SANITIZERS
#include <malloc.h>
#include <stdio.h>
#endif

#include "worker/runtime/mem.h"
#include "worker/runtime/runtime.h"
#include "worker/runtime/interp.h"

static size_t mem_used;
static size_t mem_limit = (size_t)1 << 30;
static bool limits_lifted;

size_t mem_in_use(void) { return mem_used; }

/* A limit was hit: the spec's MemoryError, which the script cannot catch.
 * The run ends here (interp_fatal prints it as uncaught); the limits are
 * lifted first so printing the traceback can allocate. */
static _Noreturn void over_limit(void)
{
	limits_lifted = true;
	err_no_memory();
	interp_fatal(err_fetch());
}

static inline void check_limits(size_t n)
{
	if (__builtin_expect(limits_lifted, 0))
		return;
	if (n > MEM_ALLOC_CAP || n > mem_limit - mem_used || mem_used > mem_limit)
		over_limit();
}

bool mem_check(size_t n)
{
	check_limits(n);
	return true;
}

bool mem_check_mul(size_t count, size_t size)
{
	size_t n;
	if (__builtin_mul_overflow(count, size, &n) && !limits_lifted)
		over_limit();
	return mem_check(n);
}

/* ---- size classes ---------------------------------------------------- */

#define SMALL_MAX ((size_t)504)
#define NCLASS 32
#define CACHE_BYTES ((size_t)128 << 10)

static inline unsigned size_class(size_t n) { return (unsigned)((n + 7) >> 4); }
static inline size_t class_size(unsigned c) { return (size_t)c * 16 + 8; }

#ifdef BOX_SANITIZERS
#define USE_LISTS 0

/* A caller that frees or reallocates with another size than it allocated
 * would corrupt the free lists of the production build: stop here. */
static void check_size(void *p, size_t n)
{
	size_t real = malloc_usable_size(p);
	if (real != n) {
		fprintf(stderr, "box-worker: mem: block %p of %zu bytes released as %zu bytes\n", p, real, n);
		abort();
	}
}
#else
#define USE_LISTS 1
static inline void check_size(void *p, size_t n) { (void)p; (void)n; }
#endif

typedef struct FreeBlock {
	struct FreeBlock *next;
} FreeBlock;

static FreeBlock *free_list[NCLASS];
static size_t free_count[NCLASS];

static inline void *small_get(unsigned c)
{
	FreeBlock *b = free_list[c];
	if (b) {
		free_list[c] = b->next;
		free_count[c]--;
		return b;
	}
	return malloc(class_size(c));
}

static inline void small_put(void *p, unsigned c)
{
	if (free_count[c] >= CACHE_BYTES / class_size(c)) {
		free(p);
		return;
	}
	FreeBlock *b = p;
	b->next = free_list[c];
	free_list[c] = b;
	free_count[c]++;
}

/* ---- the allocator ----------------------------------------------------- */

void *mem_alloc(size_t n)
{
	if (n == 0)
		n = 1;
	check_limits(n);
	void *p = USE_LISTS && n <= SMALL_MAX ? small_get(size_class(n)) : malloc(n);
	if (!p) {
		err_no_memory();
		return NULL;
	}
	mem_used += n;
	return p;
}

void *mem_calloc(size_t count, size_t size)
{
	size_t n;
	if (__builtin_mul_overflow(count, size, &n))
		over_limit();
	void *p = mem_alloc(n);
	if (p)
		memset(p, 0, n ? n : 1);
	return p;
}

void *mem_realloc(void *p, size_t old_n, size_t new_n)
{
	if (!p)
		return mem_alloc(new_n);
	if (new_n == 0)
		new_n = 1;
	if (old_n == 0)
		old_n = 1;
	check_size(p, old_n);
	if (new_n > old_n)
		check_limits(new_n - old_n);
	if (new_n > MEM_ALLOC_CAP && !limits_lifted)
		over_limit();
	void *q;
	if (USE_LISTS && new_n <= SMALL_MAX) {
		unsigned c = size_class(new_n);
		if (old_n <= SMALL_MAX && size_class(old_n) == c) {
			q = p;
		} else {
			q = small_get(c);
			if (q) {
				memcpy(q, p, old_n < new_n ? old_n : new_n);
				if (old_n <= SMALL_MAX)
					small_put(p, size_class(old_n));
				else
					free(p);
			}
		}
	} else {
		/* a small block is a malloc block too: realloc takes it */
		q = realloc(p, new_n);
	}
	if (!q) {
		err_no_memory();
		return NULL;
	}
	mem_used = mem_used - old_n + new_n;
	return q;
}

void mem_free(void *p, size_t n)
{
	if (!p)
		return;
	if (n == 0)
		n = 1;
	check_size(p, n);
	mem_used -= n;
	if (USE_LISTS && n <= SMALL_MAX)
		small_put(p, size_class(n));
	else
		free(p);
}
/* GMP hooks.  GMP cannot handle a failed allocation, so callers pre-check
 * big-int result sizes with mem_check(); these hooks are the backstop for
 * what no caller foresaw (an intermediate of math.factorial, say): a request
 * over the limits, or one malloc cannot satisfy, ends the script with the
 * uncatchable MemoryError (interp_fatal exits; GMP never sees a NULL). */
static void *gmp_alloc(size_t n)
{
	mem_check(n);
	void *p = malloc(n ? n : 1);
	if (!p)
		over_limit();
	mem_used += n;
	return p;
}

static void *gmp_realloc(void *p, size_t old_n, size_t new_n)
{
	if (new_n > old_n)
		mem_check(new_n - old_n);
	if (new_n > MEM_ALLOC_CAP && !limits_lifted)
		over_limit();
	void *q = realloc(p, new_n ? new_n : 1);
	if (!q)
		over_limit();
	mem_used = mem_used - old_n + new_n;
	return q;
}

static void gmp_free(void *p, size_t n)
{
	mem_used -= n;
	free(p);
}

void mem_init(size_t total_limit)
{
	if (total_limit)
		mem_limit = total_limit;
	mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
