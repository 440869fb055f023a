/* seccomp/sandbox.h -- the worker enters its sandbox (library libboxseccomp.a).
 *
 * The filter is compiled once at build time (seccomp/gen_filter) into a raw
 * BPF program; this loader only installs it, so the worker does not link
 * libseccomp.  After box_sandbox_enter() the process may only read fd 3,
 * write fds 1, 2 and 4, manage non-executable private memory, read clocks,
 * sleep, get random bytes and exit (see seccomp/allowlist.c); anything else
 * kills it with SIGSYS. */
#ifndef BOX_SECCOMP_SANDBOX_H
#define BOX_SECCOMP_SANDBOX_H

#include <stddef.h>

struct sock_filter;

/* Makes the calling process a sandboxed worker, in this order:
 * PR_SET_NO_NEW_PRIVS 1, PR_SET_DUMPABLE 0, RLIMIT_CORE 0; checks that fds
 * 0..4 are open and that no other fd is; warms up what the C library would
 * otherwise set up lazily with forbidden syscalls (malloc, qsort, the time
 * zone: if TZ is unset it is set to "/etc/localtime", glibc's default, so
 * that localtime() never stats that file again); then installs the filter
 * on every thread (TSYNC).
 * Call it after exec and before reading any untrusted input.  Returns 0, or
 * -1 with a one-line message in err (the process is then not sandboxed and
 * must not go on). */
int box_sandbox_enter(char *err, size_t errlen);

/* Only sets PR_SET_NO_NEW_PRIVS and installs the filter: no fd check, no
 * warm-up.  For the escape suite (which must show that fds the worker does
 * not own are refused by the filter itself); the worker uses
 * box_sandbox_enter(). */
int box_sandbox_install_filter(char *err, size_t errlen);

/* The filter for the audit: the readable libseccomp text (with the
 * allowlist and its justifications as a '#' preamble), the raw program, and
 * the profile it was built for ("production" or "sanitizer"). */
const char *box_sandbox_filter_text(void);
const struct sock_filter *box_sandbox_filter_program(size_t *count);
const char *box_sandbox_filter_profile(void);

#endif
