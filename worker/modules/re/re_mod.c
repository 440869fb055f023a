/* re_mod.c -- the `re` module's C part: compile() with its cache, the
 * module-level functions (match, search, fullmatch, findall, finditer,
 * sub, subn, split, escape, purge) and turning core errors into Python
 * exceptions.  re.error, RegexFlag and the flag constants are Python, in
 * worker/modules/re/re.py, which runs in the module's dict afterwards.
 *
 * Catastrophic backtracking: PCRE2 runs interpreted with match, depth and
 * heap limits (re_engine.h); a match that hits one raises
 *     RuntimeError: regular expression match limit exceeded
 * where CPython would keep running for as long as it takes. */
#include "config.h"

#include <string.h>

#include "worker/modules/re/re_mod.h"
#include "worker/modules/registry.h"

#define RE_MAXCACHE 512

static Dict *re_dict;		/* the module's dict (for re.error) */
static Dict *re_cache;		/* pattern or (pattern, flags) -> Pattern */

Value re_raise(const struct core_error *err, Value pattern)
{
	const char *t = err->type ? err->type : "RuntimeError";
	if (strcmp(t, CORE_ERR_CALLBACK) == 0)
		return v_null();
	if (strcmp(t, "MemoryError") == 0) {
		err_no_memory();
		return v_null();
	}
	if (strcmp(t, "re.error") == 0) {
		static Str *id_error;
		if (!id_error && !(id_error = str_intern("error")))
			return v_null();
		Value cls = re_dict ? dict_get_str(re_dict, id_error) : v_null();
		if (IS_NULL(cls))
			return err_null_format(Exc_RuntimeError, "%s", err->msg);
		Value args[3];
		args[0] = str_value(str_cstr(err->msg));
		if (IS_NULL(args[0]))
			return v_null();
		/* no position (a PCRE2 compile error): no pattern either, as CPython */
		args[1] = IS_NULL(pattern) || err->pos < 0 ? v_none() : pattern;
		args[2] = err->pos >= 0 && !IS_NONE(args[1]) ? v_int(err->pos) : v_none();
		Value e = obj_call(cls, args, 3, NULL);
		val_decref(args[0]);
		if (!IS_NULL(e)) {
			if (is_exc_instance(e))
				err_set_obj(e.u.o);
			else
				val_decref(e);
		}
		return v_null();
	}
	Type *ty = Exc_RuntimeError;
	if (strcmp(t, "ValueError") == 0)
		ty = Exc_ValueError;
	else if (strcmp(t, "OverflowError") == 0)
		ty = Exc_OverflowError;
	else if (strcmp(t, "IndexError") == 0)
		ty = Exc_IndexError;
	else if (strcmp(t, "TypeError") == 0)
		ty = Exc_TypeError;
	else if (strcmp(t, "RecursionError") == 0)
		ty = Exc_RecursionError;
	return err_null_format(ty, "%s", err->msg);
}

static bool get_flags(Value v, int *out)
{
	*out = 0;
	if (IS_NULL(v))
		return true;
	ssize_t f;
	if (!val_as_ssize(v, &f))
		return false;
	*out = (int)f;
	return true;
}

/* A new Pattern for (pattern, flags), through the cache. */
static RePattern *compile_cached(Value pattern, int flags)
{
	if (obj_is(pattern, &re_pattern_type)) {
		if (flags) {
			err_format(Exc_ValueError, "cannot process flags argument with a compiled pattern");
			return NULL;
		}
		obj_incref(pattern.u.o);
		return (RePattern *)pattern.u.o;
	}
	bool exact = obj_is(pattern, &str_type) || obj_is(pattern, &bytes_type);
	if (!exact && !IS_STR(pattern) && !val_isinstance(pattern, &bytes_type)) {
		err_format(Exc_TypeError, "first argument must be string or compiled pattern");
		return NULL;
	}
	Value key;
	if (exact && flags == 0) {
		key = val_incref(pattern);
	} else {
		Value items[3] = {v_obj(&val_type(pattern)->ob), pattern, v_int(flags)};
		Tuple *t = tuple_from(items, 3);
		if (!t)
			return NULL;
		key = v_obj(&t->ob);
	}
	Value hit = dict_get(re_cache, key);
	if (!IS_NULL(hit)) {
		val_decref(key);
		return (RePattern *)val_incref(hit).u.o;
	}
	if (err_occurred()) {
		val_decref(key);
		return NULL;
	}
	const char *d;
	size_t n;
	bool is_str = IS_STR(pattern);
	if (is_str) {
		d = AS_STR(pattern)->data;
		n = AS_STR(pattern)->nbytes;
	} else {
		d = (const char *)((Bytes *)pattern.u.o)->data;
		n = ((Bytes *)pattern.u.o)->n;
	}
	struct re_code *code;
	struct core_error err;
	core_error_clear(&err);
	if (re_compile(d, n, is_str, flags, &code, &err) < 0) {
		val_decref(key);
		re_raise(&err, pattern);
		return NULL;
	}
	RePattern *p = re_pattern_new(code, pattern);
	if (!p) {
		val_decref(key);
		return NULL;
	}
	if (!(flags & RE_DEBUG)) {
		if (re_cache->used >= RE_MAXCACHE) {
			/* drop the oldest entry, as CPython 3.11 does */
			size_t pos = 0;
			Value k, v;
			if (dict_next(re_cache, &pos, &k, &v)) {
				val_incref(k);
				dict_del(re_cache, k);
				val_decref(k);
			}
		}
		if (dict_set(re_cache, key, v_obj(&p->ob)) < 0)
			err_clear();
	}
	val_decref(key);
	return p;
}

static Value re_compile_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"pattern", "flags"};
	Value a[2] = {v_null(), v_null()};
	int flags;
	if (!args_parse("compile", args, nargs, kw, names, 1, 2, a) || !get_flags(a[1], &flags))
		return v_null();
	RePattern *p = compile_cached(a[0], flags);
	return p ? v_obj(&p->ob) : v_null();
}

static Value match_common(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			  enum re_mode mode)
{
	static const char *const names[] = {"pattern", "string", "flags"};
	Value a[3] = {v_null(), v_null(), v_null()};
	int flags;
	if (!args_parse(fname, args, nargs, kw, names, 2, 3, a) || !get_flags(a[2], &flags))
		return v_null();
	RePattern *p = compile_cached(a[0], flags);
	if (!p)
		return v_null();
	Value r = re_do_match(p, a[1], v_null(), v_null(), mode);
	obj_decref(&p->ob);
	return r;
}

static Value re_match_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return match_common("match", args, nargs, kw, RE_MODE_MATCH);
}

static Value re_search_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return match_common("search", args, nargs, kw, RE_MODE_SEARCH);
}

static Value re_fullmatch_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return match_common("fullmatch", args, nargs, kw, RE_MODE_FULLMATCH);
}

static Value iter_common(const char *fname, const Value *args, size_t nargs, Tuple *kw, bool iter)
{
	static const char *const names[] = {"pattern", "string", "flags"};
	Value a[3] = {v_null(), v_null(), v_null()};
	int flags;
	if (!args_parse(fname, args, nargs, kw, names, 2, 3, a) || !get_flags(a[2], &flags))
		return v_null();
	RePattern *p = compile_cached(a[0], flags);
	if (!p)
		return v_null();
	Value r = iter ? re_do_finditer(p, a[1], v_null(), v_null())
		       : re_do_findall(p, a[1], v_null(), v_null());
	obj_decref(&p->ob);
	return r;
}

static Value re_findall_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return iter_common("findall", args, nargs, kw, false);
}

static Value re_finditer_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return iter_common("finditer", args, nargs, kw, true);
}

static Value sub_common(const char *fname, const Value *args, size_t nargs, Tuple *kw, bool subn)
{
	static const char *const names[] = {"pattern", "repl", "string", "count", "flags"};
	Value a[5] = {v_null(), v_null(), v_null(), v_null(), v_null()};
	int flags;
	if (!args_parse(fname, args, nargs, kw, names, 3, 5, a) || !get_flags(a[4], &flags))
		return v_null();
	RePattern *p = compile_cached(a[0], flags);
	if (!p)
		return v_null();
	Value r = re_do_sub(p, a[1], a[2], a[3], subn);
	obj_decref(&p->ob);
	return r;
}

static Value re_sub_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return sub_common("sub", args, nargs, kw, false);
}

static Value re_subn_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return sub_common("subn", args, nargs, kw, true);
}

static Value re_split_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"pattern", "string", "maxsplit", "flags"};
	Value a[4] = {v_null(), v_null(), v_null(), v_null()};
	int flags;
	if (!args_parse("split", args, nargs, kw, names, 2, 4, a) || !get_flags(a[3], &flags))
		return v_null();
	RePattern *p = compile_cached(a[0], flags);
	if (!p)
		return v_null();
	Value r = re_do_split(p, a[1], a[2]);
	obj_decref(&p->ob);
	return r;
}

static Value re_escape_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"pattern"};
	Value a[1] = {v_null()};
	if (!args_parse("escape", args, nargs, kw, names, 1, 1, a))
		return v_null();
	Value v = a[0];
	const char *d;
	size_t n;
	bool is_str = IS_STR(v);
	if (is_str) {
		d = AS_STR(v)->data;
		n = AS_STR(v)->nbytes;
	} else if (val_isinstance(v, &bytes_type)) {
		d = (const char *)((Bytes *)v.u.o)->data;
		n = ((Bytes *)v.u.o)->n;
	} else if (val_isinstance(v, &bytearray_type)) {
		d = (const char *)((ByteArray *)v.u.o)->data;
		n = ((ByteArray *)v.u.o)->n;
	} else {
		return err_null_format(Exc_TypeError, "decoding to str: need a bytes-like object, %s found",
				       type_name_of(v));
	}
	struct re_buf b = {0};
	struct core_error err;
	core_error_clear(&err);
	if (re_escape(d, n, &b, &err) < 0) {
		re_buf_free(&b);
		return re_raise(&err, v_none());
	}
	Value r = re_slice(is_str, b.p ? b.p : "", 0, b.len);
	re_buf_free(&b);
	return r;
}

static Value re_purge_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("purge", nargs, kw, 0, 0))
		return v_null();
	Dict *fresh = dict_new();
	if (!fresh)
		return v_null();
	Dict *old = re_cache;
	re_cache = fresh;
	obj_decref(&old->ob);
	re_forget_subject();
	return v_none();
}

bool mod_re_init(Dict *d)
{
	static bool types_done;
	if (!types_done) {
		re_pattern_type_init();
		re_match_type_init();
		types_done = true;
	}
	if (!re_cache && !(re_cache = dict_new()))
		return false;
	obj_xdecref(re_dict ? &re_dict->ob : NULL);
	obj_incref(&d->ob);
	re_dict = d;
	module_add_fn(d, "compile", re_compile_fn);
	module_add_fn(d, "match", re_match_fn);
	module_add_fn(d, "search", re_search_fn);
	module_add_fn(d, "fullmatch", re_fullmatch_fn);
	module_add_fn(d, "findall", re_findall_fn);
	module_add_fn(d, "finditer", re_finditer_fn);
	module_add_fn(d, "sub", re_sub_fn);
	module_add_fn(d, "subn", re_subn_fn);
	module_add_fn(d, "split", re_split_fn);
	module_add_fn(d, "escape", re_escape_fn);
	module_add_fn(d, "purge", re_purge_fn);
	module_set_attr(d, "Pattern", val_incref(v_obj(&re_pattern_type.ob)));
	module_set_attr(d, "Match", val_incref(v_obj(&re_match_type.ob)));
	return !err_occurred();
}
