/* broker/history/libsqlite.h -- SQLite, loaded on first use.
 *
 * box-broker is not linked against libsqlite3: a box whose policy has no
 * temporal rule never opens a history, and its start-up should not pay for
 * loading and relocating the library (the "load it only when
 * needed, as libcurl is today").  history_open() calls libsqlite_load(),
 * which dlopen()s libsqlite3.so.0 and fills the table below; the files of
 * broker/history/ call SQLite through it (history_int.h maps the sqlite3_*
 * names they use onto its members). */
#ifndef BOX_HISTORY_LIBSQLITE_H
#define BOX_HISTORY_LIBSQLITE_H

#include <stddef.h>
#include <sqlite3.h>

struct box_libsqlite {
	void *handle;
#define LIBSQLITE_MEMBER(name) __typeof__(sqlite3_##name) *name;
#include "broker/history/libsqlite_symbols.h"
#undef LIBSQLITE_MEMBER
};

extern struct box_libsqlite libsqlite;

/* Loads the library once.  0, or -1 with a message in err. */
int libsqlite_load(char *err, size_t errlen);

#endif
