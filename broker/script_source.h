/* broker/script_source.h -- reading the SCRIPT file of the alias route
 * (and of `box-broker --config F SCRIPT`) with the agent's own access.
 *
 * On Strands Box the alias reads the script with the agent's syscalls, so
 * only what [agent.filesystem] grants is readable.  Linux has no agent
 * sandbox here, so the broker applies the grant itself: the path (relative
 * to the caller's directory, lexically normalised) must lie under a `read`
 * entry or be a `read_file` entry, and not under a `deny` entry; it is then
 * opened from the grant's directory with openat2(RESOLVE_BENEATH), so no
 * symlink can lead the read outside the grant.  At most 64 KiB.
 * Errors, as strands-box.md 2.2 words them (status 125 for the caller):
 *   read Shell script <path>: <io error>         e.g. "Permission denied (os error 13)"
 *   Shell script <path> is <n> bytes; maximum is 65536 */
#ifndef BOX_BROKER_SCRIPT_SOURCE_H
#define BOX_BROKER_SCRIPT_SOURCE_H

#include <stddef.h>

struct box_config;

/* *src: malloc'ed text (not NUL-terminated), *len its size.  0, or -1 with
 * the message in err. */
int script_source_read(const struct box_config *cfg, const char *path, char **src, size_t *len,
                       char *err, size_t errlen);

#endif
