/* broker/history/libsqlite.c -- loads SQLite on first use (see libsqlite.h). */
#define _GNU_SOURCE
#include "config.h"

#include "broker/history/libsqlite.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define LIBSQLITE_SONAME "libsqlite3.so.0"
#define LIBSQLITE_MIN_VERSION 3031000 /* 3.31 (configure.ac) */

struct box_libsqlite libsqlite;

int libsqlite_load(char *err, size_t errlen)
{
	static const struct {
		const char *name;
		size_t offset;
	} symbols[] = {
#define LIBSQLITE_MEMBER(member) {"sqlite3_" #member, offsetof(struct box_libsqlite, member)},
#include "broker/history/libsqlite_symbols.h"
#undef LIBSQLITE_MEMBER
	};
	if (libsqlite.handle != NULL)
		return 0;
	void *handle = dlopen(LIBSQLITE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (handle == NULL) {
		snprintf(err, errlen, "cannot load %s (install the Debian package libsqlite3-0): %s", LIBSQLITE_SONAME,
		         dlerror());
		return -1;
	}
	struct box_libsqlite loaded;
	memset(&loaded, 0, sizeof loaded);
	for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
		void *fn = dlsym(handle, symbols[i].name);
		if (fn == NULL) {
			snprintf(err, errlen, "cannot load %s: no symbol %s", LIBSQLITE_SONAME, symbols[i].name);
			dlclose(handle);
			return -1;
		}
		/* POSIX guarantees a data pointer from dlsym converts to a function pointer. */
		memcpy((char *)&loaded + symbols[i].offset, &fn, sizeof fn);
	}
	if (loaded.libversion_number() < LIBSQLITE_MIN_VERSION) {
		snprintf(err, errlen, "cannot use %s: version %d is older than 3.31", LIBSQLITE_SONAME,
		         loaded.libversion_number());
		dlclose(handle);
		return -1;
	}
	loaded.handle = handle;
	libsqlite = loaded;
	return 0;
}
