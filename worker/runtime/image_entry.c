/* worker/runtime/image_entry.c -- box-worker's ELF entry point (x86-64,
 * static PIE): maps in, with one madvise call, the pages that relocating
 * the program is about to write, then jumps to glibc's _start.
 *
 * Why: a static PIE relocates itself before anything else runs
 * (_dl_relocate_static_pie, inside glibc's start-up): it writes a pointer
 * into every page of .data.rel.ro, .got and .data, ~18 pages, and each
 * first write is a copy-on-write page fault.  On the VMs box runs on a
 * fault costs tens of microseconds (the kernel entry and exit are
 * paravirtualised), against about one for the same page mapped in by
 * MADV_POPULATE_WRITE (bench/RESULTS.md, session 11).  Those writes happen
 * before main() and before glibc can make a system call on our behalf, so
 * the call has to come first of all: here, with nothing but the stack the
 * kernel set up.
 *
 * Which pages: the file-backed part of the writable PT_LOAD segment (its
 * p_filesz), found from the program headers, which a PIE maps at its load
 * address (__ehdr_start).  Every one of those pages is written by the
 * relocation anyway, so the resident size does not grow.  Not .bss (its
 * pages stay untouched until used: worker/runtime/prefault.c maps in those
 * that start-up writes) and not the text or read-only data: mapping in all
 * 2.3 MB of text saved another ~50 us but added ~800 KB to the resident
 * size.
 *
 * Nothing here is a security decision: the sandbox is entered later, in
 * main() (seccomp/sandbox.h), and the image stays what the kernel mapped
 * (ASLR, W^X, RELRO made read-only by glibc after relocation).  A kernel
 * without MADV_POPULATE_WRITE (before 5.14) refuses the call and the pages
 * fault in as before.
 *
 * The code runs before relocation and before TLS and the stack protector
 * exist, so it is assembly: PC-relative addresses only, a raw syscall, and
 * %rdx (the function the kernel passes for atexit, null) and %rsp handed to
 * _start unchanged.  configure links box-worker with -Wl,-e,box_worker_entry
 * only for an x86-64 static PIE; other builds keep glibc's _start and never
 * reach this code. */
#include "config.h"

#if defined(__x86_64__) && defined(__linux__)

/* Offsets in Elf64_Ehdr and Elf64_Phdr (<elf.h>), checked below. */
#include <elf.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>

_Static_assert(offsetof(Elf64_Ehdr, e_phoff) == 32, "e_phoff");
_Static_assert(offsetof(Elf64_Ehdr, e_phnum) == 56, "e_phnum");
_Static_assert(offsetof(Elf64_Phdr, p_type) == 0, "p_type");
_Static_assert(offsetof(Elf64_Phdr, p_flags) == 4, "p_flags");
_Static_assert(offsetof(Elf64_Phdr, p_vaddr) == 16, "p_vaddr");
_Static_assert(offsetof(Elf64_Phdr, p_filesz) == 32, "p_filesz");
_Static_assert(sizeof(Elf64_Phdr) == 56, "Elf64_Phdr");
_Static_assert(PT_LOAD == 1 && PF_W == 2, "ELF constants");
_Static_assert(SYS_madvise == 28, "SYS_madvise");
#ifdef MADV_POPULATE_WRITE
_Static_assert(MADV_POPULATE_WRITE == 23, "MADV_POPULATE_WRITE");
#endif

/* Registers: r12 the saved %rdx, r13 the load address, r14 the program
 * header, r15 how many are left; rdi/rsi/rdx/rax the madvise call. */
__asm__(
	"	.pushsection .text\n"
	"	.globl box_worker_entry\n"
	"	.hidden box_worker_entry\n"
	"	.type box_worker_entry, @function\n"
	"box_worker_entry:\n"
	"	mov %rdx, %r12\n"
	"	lea __ehdr_start(%rip), %r13\n"
	"	mov 32(%r13), %r14\n"          /* e_phoff */
	"	add %r13, %r14\n"
	"	movzwl 56(%r13), %r15d\n"      /* e_phnum */
	"1:	test %r15d, %r15d\n"
	"	jz 3f\n"
	"	cmpl $1, (%r14)\n"             /* PT_LOAD */
	"	jne 2f\n"
	"	testl $2, 4(%r14)\n"           /* PF_W */
	"	jz 2f\n"
	"	mov 16(%r14), %rdi\n"          /* p_vaddr */
	"	add %r13, %rdi\n"
	"	mov 32(%r14), %rsi\n"          /* p_filesz */
	"	mov %rdi, %rax\n"              /* start down to its page */
	"	and $4095, %rax\n"
	"	sub %rax, %rdi\n"
	"	add %rax, %rsi\n"
	"	mov $23, %edx\n"               /* MADV_POPULATE_WRITE */
	"	mov $28, %eax\n"               /* SYS_madvise */
	"	syscall\n"
	"2:	add $56, %r14\n"
	"	dec %r15d\n"
	"	jmp 1b\n"
	"3:	mov %r12, %rdx\n"
	"	xor %r12d, %r12d\n"
	"	xor %r13d, %r13d\n"
	"	xor %r14d, %r14d\n"
	"	xor %r15d, %r15d\n"
	"	jmp _start\n"
	"	.size box_worker_entry, . - box_worker_entry\n"
	"	.popsection\n");

#endif
