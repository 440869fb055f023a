/* worker/runtime/prefault.c -- maps in, before the sandbox, the pages of the
 * builtin type objects that building the runtime writes anyway (see
 * prefault.h).
 *
 * The 55 core type objects (object.h) are static, zero-initialised data:
 * about ten pages of .bss that the kernel maps one page fault at a time as
 * type_init_builtin() first writes each.  A fault is the dearest thing in
 * the worker's start-up on the VMs box runs on (10-60 us, against ~8 us
 * for the same page mapped in by one MADV_POPULATE_WRITE call and touched
 * later), and madvise is not in the filter, so it is done here, first
 * thing.  Only pages that hold a type object are populated: the resident
 * size does not grow.  A kernel without MADV_POPULATE_WRITE (before 5.14)
 * refuses the call and the pages fault in as before. */
#include "config.h"

#include "worker/runtime/prefault.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "worker/runtime/runtime.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

#define PAGE ((uintptr_t)4096)

static int cmp_addr(const void *a, const void *b)
{
	uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
	return x < y ? -1 : x > y;
}

void prefault_builtin_types(void)
{
	static Type *const types[] = {
		&type_type, &object_type, &none_type, &bool_type, &int_type, &float_type,
		&str_type, &tuple_type, &list_type, &dict_type, &set_type, &frozenset_type,
		&bytes_type, &bytearray_type, &range_type, &slice_type, &func_type,
		&code_type, &cell_type, &method_type, &builtin_type, &classmethod_type,
		&staticmethod_type, &property_type, &super_type, &gen_type, &coro_type,
		&module_type, &ellipsis_type, &notimpl_type, &tb_type, &base_exc_type,
		&list_iter_type, &tuple_iter_type, &str_iter_type, &range_iter_type,
		&dict_keys_type, &dict_values_type, &dict_items_type, &dict_iter_type,
		&set_iter_type, &enumerate_type, &zip_type, &map_type, &filter_type,
		&reversed_type, &seq_iter_type, &callable_iter_type, &bigint_type,
		&complex_type, &bytes_iter_type, &wrapper_type, &coro_wrapper_type,
		&gen_asend_type, &getset_type,
	};
	enum { N = sizeof types / sizeof types[0] };
	uintptr_t first[N], last[N];
	size_t i;

	for (i = 0; i < N; i++) {
		first[i] = (uintptr_t)types[i] & ~(PAGE - 1);
		last[i] = ((uintptr_t)types[i] + sizeof(Type) - 1) & ~(PAGE - 1);
	}
	qsort(first, N, sizeof first[0], cmp_addr);
	qsort(last, N, sizeof last[0], cmp_addr);
	/* one call per run of adjacent pages: the i-th object starts at or
	 * after the (i-1)-th ends, so sorted starts and ends pair up */
	uintptr_t run_start = first[0], run_end = last[0] + PAGE;
	for (i = 1; i <= N; i++) {
		if (i < N && first[i] <= run_end) {
			if (last[i] + PAGE > run_end)
				run_end = last[i] + PAGE;
			continue;
		}
		(void)madvise((void *)run_start, run_end - run_start, MADV_POPULATE_WRITE);
		if (i < N) {
			run_start = first[i];
			run_end = last[i] + PAGE;
		}
	}
}
