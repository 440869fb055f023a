/* mem.c -- the accounting allocator (see mem.h). */
#include "config.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "worker/mem.h"
#include "worker/runtime.h"
#include "worker/interp.h"

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

bool mem_check(size_t n)
{
	if (limits_lifted)
		return true;
	if (n > MEM_ALLOC_CAP || n > mem_limit - mem_used || mem_used > mem_limit)
		over_limit();
	return true;
}

bool mem_check_mul(size_t count, size_t size)
{
	size_t n;
	if (__builtin_mul_overflow(count, size, &n) && !limits_lifted)
		over_limit();
	return mem_check(n);
}

void *mem_alloc(size_t n)
{
	if (n == 0)
		n = 1;
	if (!mem_check(n))
		return NULL;
	void *p = malloc(n);
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
	if (new_n > old_n && !mem_check(new_n - old_n))
		return NULL;
	if (new_n > MEM_ALLOC_CAP && !limits_lifted)
		over_limit();
	void *q = realloc(p, new_n);
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
	mem_used -= n ? n : 1;
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
