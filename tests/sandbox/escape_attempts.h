/* tests/sandbox/escape_attempts.h -- the escape suite's table of attempts.
 *
 * Each attempt is one function run in a forked child after the real worker
 * filter is in place; it makes one call and returns what the call returned
 * (-1 with errno set on failure, like syscall(2)).  The runner is
 * tests/sandbox/escape_test.c. */
#ifndef BOX_TESTS_ESCAPE_ATTEMPTS_H
#define BOX_TESTS_ESCAPE_ATTEMPTS_H

#include <sys/types.h>

enum attempt_kind {
	FORBIDDEN,        /* must die by SIGSYS (or get the filter's errno) */
	CONTROL,          /* allowed: must succeed under the filter */
	FORBIDDEN_IN_PRODUCTION  /* refused by the production profile, allowed
				  * by the sanitizer one (a control there) */
};

enum attempt_setup {
	SETUP_ENTER,          /* fds 0-4, box_sandbox_enter() */
	SETUP_RAW_FD5,        /* fds 0-5, box_sandbox_install_filter() only */
	SETUP_ENTER_FD5,      /* fds 0-5, box_sandbox_enter() must refuse */
	SETUP_ENTER_NO_FD3,   /* fds 0-2 and 4, box_sandbox_enter() must refuse */
	SETUP_ENTER_FD5_NO_PROC, /* fds 0-5 and an empty /proc (private mount
				  * namespace): enter's fallback must refuse */
	SETUP_ENTER_NO_PROC,  /* fds 0-4 and an empty /proc: enter must work */
	SETUP_ENTER_AS_NOBODY, /* as SETUP_ENTER, first dropping root to nobody
			       * and setting dumpable back to 1 (state check) */
	SETUP_ENTER_STDERR    /* as SETUP_ENTER with fd 2 on the pipe to the
			       * runner, which checks what was printed */
};

struct attempt {
	const char *name;
	long (*run)(void);
	enum attempt_kind kind;
	enum attempt_setup setup;
	int baseline;         /* 1: must also succeed without the filter, which
			       * proves the attempt could escape at all */
	int stop_continue;    /* the runner stops and continues the child */
	int inspect;          /* the runner reads /proc/<child> while it waits */
	const char *expect_output;  /* SETUP_ENTER_STDERR: must be printed, and
				     * the child must exit, not be killed */
};

/* The parent's pid, set by the runner before any fork. */
extern pid_t escape_parent_pid;

extern const struct attempt escape_attempts[];
extern const unsigned int escape_attempt_count;

#endif
