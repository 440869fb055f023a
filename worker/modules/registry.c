/* worker/modules/registry.c -- the importable modules (see registry.h) and
 * the import statement's implementation.
 *
 * A module is created, entered in sys.modules (so circular imports between
 * frozen modules see it), filled by its C part, then by its frozen Python
 * part; if either fails it is removed again and the error propagates. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "worker/modules/registry.h"
#include "worker/runtime/runtime.h"
#include "worker/eval/vm.h"
#include "worker/compile/compile.h"

Code *compile_string(const char *src, size_t len, const char *filename, int mode);

/* One line per importable module, sorted by name. */
static const ModuleDef registry[] = {
	{"_box_asyncio_locks", NULL, true},
	{"_box_fs", mod_box_fs_init, true},
	{"_box_io", NULL, true},
	{"_box_json", mod__box_json_init, true},
	{"_box_random", mod__box_random_init, true},
	{"_box_typing_hints", NULL, true},
	{"asyncio", NULL, false},
	{"base64", NULL, false},
	{"binascii", mod_binascii_init, false},
	{"collections", mod_collections_init, false},
	{"collections.abc", NULL, false},
	{"copy", NULL, false},
	{"dataclasses", NULL, false},
	{"datetime", mod_datetime_init, false},
	{"functools", mod_functools_init, false},
	{"itertools", mod_itertools_init, false},
	{"json", NULL, false},
	{"json.decoder", NULL, false},
	{"json.encoder", NULL, false},
	{"math", mod_math_init, false},
	{"os", mod_os_init, false},
	{"os.path", NULL, false},
	{"pathlib", NULL, false},
	{"posixpath", NULL, true},     /* os.path's own name; scripts import os.path */
	{"random", NULL, false},
	{"re", mod_re_init, false},
	{"sys", NULL, false},          /* built at start-up (worker/modules/sys/sys.c) */
	{"time", mod_time_init, false},
	{"typing", NULL, false},
	{"unicodedata", mod_unicodedata_init, false},
	{NULL, NULL, false},
};

const ModuleDef *module_registry_find(const char *name)
{
	for (const ModuleDef *d = registry; d->name; d++)
		if (strcmp(d->name, name) == 0)
			return d;
	return NULL;
}

static bool importer_is_frozen(void)
{
	Frame *f = vm.frame;
	return f && f->code && f->code->filename && strncmp(f->code->filename->data, "<frozen ", 8) == 0;
}

static Value not_found(Str *name)
{
	Value r = str_value(str_printf("No module named '%s'", name->data));
	if (IS_NULL(r))
		return r;
	Value e = exc_new(Exc_ModuleNotFoundError, &r, 1);
	if (!IS_NULL(e)) {
		Exc *x = (Exc *)e.u.o;
		if (x->dict) {
			dict_set_str(x->dict, ID(name), str_value(name));
			dict_set_str(x->dict, ID(msg), r);
		}
		err_set_obj(e.u.o);
	}
	val_decref(r);
	return v_null();
}

static bool run_frozen(const FrozenModule *fz, Dict *d)
{
	char filename[128];
	snprintf(filename, sizeof filename, "<frozen %s>", fz->name);
	Code *co = compile_string(fz->source, fz->len, filename, COMPILE_EXEC);
	if (!co)
		return false;
	Value r = eval_code(co, d, d);
	obj_decref(&co->ob);
	if (IS_NULL(r))
		return false;
	val_decref(r);
	return true;
}

Value module_import(Str *name)
{
	/* Only the table's names import; an internal one only from frozen code,
	 * even when a frozen module has imported it already. */
	const ModuleDef *def = module_registry_find(name->data);
	if (!def || (def->internal && !importer_is_frozen()))
		return not_found(name);
	Value m = dict_get_str(vm.modules, name);
	if (!IS_NULL(m))
		return val_incref(m);
	const FrozenModule *fz = frozen_find(name->data);

	/* a.b: import a first; a.b becomes attribute b of a */
	Value parent = v_null();
	const char *dot = strrchr(name->data, '.');
	if (dot) {
		Str *pn = str_new(name->data, (size_t)(dot - name->data));
		if (!pn)
			return v_null();
		parent = module_import(pn);
		obj_decref(&pn->ob);
		if (IS_NULL(parent))
			return parent;
		m = dict_get_str(vm.modules, name);  /* the parent may import it */
		if (!IS_NULL(m)) {
			val_decref(parent);
			return val_incref(m);
		}
	}

	Module *mod = module_new(name);
	if (!mod) {
		val_decref(parent);
		return v_null();
	}
	dict_set_str(mod->dict, ID(__builtins__), v_obj(&vm.builtins->ob));
	m = v_obj(&mod->ob);
	bool ok = dict_set_str(vm.modules, name, m) == 0;
	if (ok && def && def->init)
		ok = def->init(mod->dict);
	if (ok && fz)
		ok = run_frozen(fz, mod->dict);
	if (ok && !IS_NULL(parent)) {
		Str *child = str_intern(dot + 1);
		ok = obj_setattr(parent, child, m) == 0;
		obj_decref(&child->ob);
	}
	val_decref(parent);
	if (!ok) {
		Obj *e = err_fetch();
		dict_del(vm.modules, str_value(name));
		err_restore(e);
		obj_decref(&mod->ob);
		return v_null();
	}
	/* a module may replace itself in sys.modules, as CPython allows */
	Value cur = dict_get_str(vm.modules, name);
	if (!IS_NULL(cur) && cur.u.o != m.u.o) {
		val_incref(cur);
		obj_decref(&mod->ob);
		return cur;
	}
	return m;
}
