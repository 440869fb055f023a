/* worker/runtime/prefault.c -- maps in, before the sandbox, pages that the
 * worker's start-up writes anyway: those of the builtin type objects, and
 * any range main() names (see prefault.h).
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
#include <sys/mman.h>
#include <unistd.h>

#include "worker/runtime/runtime.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

#define PAGE ((uintptr_t)4096)

void prefault_range(void *start, size_t len)
{
	uintptr_t first = (uintptr_t)start & ~(PAGE - 1);
	uintptr_t end = ((uintptr_t)start + len + PAGE - 1) & ~(PAGE - 1);

	if (len > 0)
		(void)madvise((void *)first, end - first, MADV_POPULATE_WRITE);
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
	enum { N = sizeof types / sizeof types[0], MAX_SPAN = 64 };
	uint64_t held = 0; /* bit k: page lo + k holds part of a type object */
	uintptr_t lo = UINTPTR_MAX, hi = 0, page;
	size_t i;

	for (i = 0; i < N; i++) {
		uintptr_t a = (uintptr_t)types[i];
		if (a < lo)
			lo = a;
		if (a + sizeof(Type) > hi)
			hi = a + sizeof(Type);
	}
	lo &= ~(PAGE - 1);
	hi = (hi + PAGE - 1) & ~(PAGE - 1);
	/* The objects normally lie side by side: one call for all of them,
	 * if every page of the span holds one (no page that would not be
	 * written anyway is mapped in); one call per object otherwise. */
	size_t pages = (hi - lo) / PAGE;
	if (pages <= MAX_SPAN) {
		uint64_t all = pages == 64 ? ~(uint64_t)0 : ((uint64_t)1 << pages) - 1;
		for (i = 0; i < N; i++)
			for (page = (uintptr_t)types[i] & ~(PAGE - 1);
			     page < (uintptr_t)types[i] + sizeof(Type); page += PAGE)
				held |= (uint64_t)1 << ((page - lo) / PAGE);
		if (held == all) {
			prefault_range((void *)lo, hi - lo);
			return;
		}
	}
	for (i = 0; i < N; i++)
		prefault_range(types[i], sizeof(Type));
}

void prefault_runtime_state(void)
{
	prefault_range(&vm, sizeof vm);
	prefault_range(&ids, sizeof ids);
}
