/* broker/install.h -- `box-broker --config FILE --install`: puts the
 * python3 and python aliases (copies of box-alias, broker/alias_main.c) in
 * <box_dir>/bin and records in <box_dir>/private/alias which broker and
 * box.toml they run.  Idempotent: files already up to date are left alone,
 * stale ones are replaced atomically (written beside, then renamed). */
#ifndef BOX_BROKER_INSTALL_H
#define BOX_BROKER_INSTALL_H

#include <stddef.h>
#include <stdio.h>

struct box_config;

/* box_dir must have been prepared (boxdir_prepare).  One line per file on
 * out ("installed PATH" / "PATH is up to date").  0, or -1 with err. */
int box_install(const struct box_config *cfg, FILE *out, char *err, size_t errlen);

#endif
