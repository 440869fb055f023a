/* worker/modules/registry.h -- the modules a script may import, and how
 * each one is built.
 *
 * A module is a C part (an init function filling the module's dict), a
 * frozen Python part (source under worker/modules/NAME/, compiled into the
 * worker at build time and run in the module's dict after the C part), or
 * both.  The table in registry.c lists every importable name; any other
 * name raises ModuleNotFoundError, as the spec requires.  Names marked
 * internal (the C halves that frozen Python builds on, spelled "_box_*")
 * can be imported only by frozen modules, never by a script. */
#ifndef BOX_WORKER_MODULES_REGISTRY_H
#define BOX_WORKER_MODULES_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "worker/runtime/runtime.h"

/* Fills d (the new module's dict, which already holds __name__).  false
 * with an exception set on failure. */
typedef bool (*module_init_fn)(Dict *d);

typedef struct ModuleDef {
	const char *name;     /* "json", "os.path", "_box_fs" */
	module_init_fn init;  /* C part, or NULL */
	bool internal;        /* importable only from frozen modules */
} ModuleDef;

/* The registry entry for name, or NULL. */
const ModuleDef *module_registry_find(const char *name);

/* Frozen Python sources (generated worker/modules/frozen.c). */
typedef struct FrozenModule {
	const char *name;
	const char *source;
	size_t len;
} FrozenModule;
const FrozenModule *frozen_find(const char *name);

/* Imports name (registry, frozen part, parents of dotted names); the
 * module (new reference) or NULL with ModuleNotFoundError / the init's
 * exception. */
Value module_import(Str *name);

/* Each module's C part (one file each under worker/modules/), declared
 * here so the table in registry.c can name it. */
bool mod_box_fs_init(Dict *d);
bool mod__box_json_init(Dict *d);
bool mod__box_random_init(Dict *d);
bool mod_binascii_init(Dict *d);
bool mod_collections_init(Dict *d);
bool mod_datetime_init(Dict *d);
bool mod_functools_init(Dict *d);
bool mod_itertools_init(Dict *d);
bool mod_math_init(Dict *d);
bool mod_os_init(Dict *d);
bool mod_re_init(Dict *d);
bool mod_time_init(Dict *d);
bool mod_unicodedata_init(Dict *d);

#endif
