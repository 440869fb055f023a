/* broker/alias_file.h -- <box_dir>/private/alias: the record `box-broker
 * --install` writes so the box's python3/python aliases know which broker
 * and which box.toml to run.  It lives in the box's private state (0700,
 * the operator's own), never where the agent or the caller can choose it.
 *
 * Format, one key per line (a line starting with '#' is a comment):
 *   broker=/absolute/path/of/box-broker
 *   config=/absolute/path/of/box.toml */
#ifndef BOX_BROKER_ALIAS_FILE_H
#define BOX_BROKER_ALIAS_FILE_H

#include <limits.h>
#include <stddef.h>

struct alias_file {
  char broker[PATH_MAX];
  char config[PATH_MAX];
};

/* Reads and checks <box_dir>/private/alias: a regular file (not a link),
 * owned by this user, writable by nobody else, both keys present and
 * absolute.  0, or -1 with the reason in err. */
int alias_file_read(const char *box_dir, struct alias_file *af, char *err, size_t errlen);

/* The file's text for af (NUL-terminated, in buf).  0, or -1 if it does not fit. */
int alias_file_format(const struct alias_file *af, char *buf, size_t size);

#endif
