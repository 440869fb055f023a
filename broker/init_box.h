/* broker/init_box.h -- `box-broker --init DIR [--workspace PATH]`: writes a
 * ready box (box.toml and a commented policy.dw) for a workspace. */
#ifndef BOX_BROKER_INIT_BOX_H
#define BOX_BROKER_INIT_BOX_H

#include <stddef.h>
#include <stdio.h>

/* Creates DIR if needed and writes DIR/box.toml and DIR/policy.dw for the
 * workspace (NULL: the current directory), then checks that both load and
 * prints what was written and the next commands to out.  Refuses to
 * overwrite either file.  Returns 0, or -1 with the reason in err (nothing
 * is left half-written). */
int init_box(const char *dir, const char *workspace, FILE *out, char *err, size_t errlen);

#endif
