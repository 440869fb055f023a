/* str_intern.c -- the interned strings: one str object per distinct name,
 * so that names compare by identity (str_equal, the dicts' fast path).
 * Interned strings are never freed. */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"

int64_t bytes_hash_buf(const unsigned char *p, size_t n);   /* str.c */

static Dict *interned;

void str_intern_init(void)
{
	interned = dict_new();
}

Str *str_intern_str(Str *s)
{
	if (!s || s->interned)
		return s;
	Value found = dict_get_str(interned, s);
	if (!IS_NULL(found)) {
		obj_decref(&s->ob);
		val_incref(found);
		return AS_STR(found);
	}
	if (dict_set_str(interned, s, str_value(s)) < 0)
		return s;
	s->interned = true;
	return s;
}

/* The runtime interns thousands of C-string names while it starts (every
 * method of every type), most of them already interned: an ASCII name is
 * hashed and looked up in place, and a Str is built only when it is new. */
Str *str_intern(const char *p)
{
	size_t n = 0;
	bool ascii = true;
	for (; p[n]; n++)
		if ((unsigned char)p[n] >= 0x80)
			ascii = false;
	if (ascii && interned) {
		int64_t hash = bytes_hash_buf((const unsigned char *)p, n);
		Str *found = dict_find_str_bytes(interned, p, n, hash);
		if (found) {
			obj_incref(&found->ob);
			return found;
		}
	}
	return str_intern_str(str_cstr(p));
}
