/* seccomp/allowlist.h -- the worker's syscall allowlist, as libseccomp rules.
 *
 * Used only at build time by seccomp/gen_filter (which links libseccomp);
 * the worker itself loads the precompiled BPF and never sees this. */
#ifndef BOX_SECCOMP_ALLOWLIST_H
#define BOX_SECCOMP_ALLOWLIST_H

#include <stddef.h>
#include <stdio.h>

#include <seccomp.h>

/* Which list to build: the production one, or the production one plus what
 * the ASan/UBSan runtime needs so that its reports survive the filter. */
enum box_profile {
	BOX_PROFILE_PRODUCTION,
	BOX_PROFILE_SANITIZER
};

const char *box_profile_name(enum box_profile profile);

/* Creates a libseccomp context holding the whole filter for the native
 * architecture: default action and bad-arch action KILL_PROCESS, one rule
 * per allowlist entry.  Returns NULL with a message in err on failure. */
scmp_filter_ctx box_allowlist_build(enum box_profile profile, char *err, size_t errlen);

/* Writes the allowlist as '#' comment lines (syscall, condition, action and
 * why), the preamble of the .pfc text shown by the audit. */
void box_allowlist_describe(enum box_profile profile, FILE *out);

#endif
