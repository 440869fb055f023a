/* strformat.c -- printf-style `str % args` and str.format()/format_map()
 * (field names with attribute/index lookups, conversions !r !s !a, nested
 * replacement fields in specs, auto/manual numbering errors as CPython).
 * Number rendering comes from the numbers library (worker/num/).
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/num/percent.h"

Value num_raise(struct num_error *e);

static struct num_int as_num(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return num_int_small(v.u.i);
	return num_int_big(((BigInt *)v.u.o)->z);
}

/* ---- % formatting --------------------------------------------------------------- */

/* No flags, width or precision: the conversion alone. */
static bool plain_spec(const struct num_percent_spec *sp)
{
	return !sp->left && !sp->plus && !sp->space && !sp->alt && !sp->zero &&
	       sp->width < 0 && sp->precision < 0;
}

/* At most a small width, '0' and '-': what sb_add_int64 lays out. */
static bool simple_int_spec(const struct num_percent_spec *sp)
{
	return !sp->plus && !sp->space && !sp->alt && sp->precision < 0 && sp->width <= 64;
}

/* The decimal digits of a small int, padded to the spec's width: with
 * spaces before the sign, zeros after it ('0'), or spaces after ('-',
 * which wins over '0'). */
static void sb_add_int64(StrBuf *b, int64_t v, const struct num_percent_spec *sp)
{
	char buf[96];
	char *end = buf + sizeof buf;
	char *q = str_digits_u64(end, v < 0 ? -(uint64_t)v : (uint64_t)v);
	size_t len = (size_t)(end - q) + (v < 0);
	size_t pad = sp->width > (int64_t)len ? (size_t)sp->width - len : 0;
	if (pad && sp->zero && !sp->left) {
		while (pad) {
			*--q = '0';
			pad--;
		}
	}
	if (v < 0)
		*--q = '-';
	if (pad && !sp->left) {
		while (pad) {
			*--q = ' ';
			pad--;
		}
	}
	sb_add(b, q, (size_t)(end - q));
	while (pad--)
		sb_addc(b, ' ');
}

Value str_mod_format(Value fmtv, Value args)
{
	Str *fmt = AS_STR(fmtv);
	const char *p = fmt->data, *end = p + fmt->nbytes;
	bool is_tuple = IS_TUPLE(args);
	Tuple *tup = is_tuple ? AS_TUPLE(args) : NULL;
	size_t argi = 0, nargs = is_tuple ? tup->n : 1;
	bool is_mapping = !is_tuple && (IS_DICT(args) || (val_type(args)->getitem && !IS_STR(args)));
	bool used_mapping = false;
	bool ascii = fmt->ascii;   /* so far: the result needs no scan */
	StrBuf b;
	sb_init(&b);
	struct text_buf nb = TEXT_BUF_INIT;
	while (p < end) {
		const char *pct = memchr(p, '%', (size_t)(end - p));
		if (!pct) {
			sb_add(&b, p, (size_t)(end - p));
			break;
		}
		sb_add(&b, p, (size_t)(pct - p));
		p = pct + 1;
		if (p >= end) {
			err_format(Exc_ValueError, "incomplete format");
			goto fail;
		}
		Value item = v_null();
		bool owned = false;
		if (*p == '(') {
			if (!is_mapping) {
				err_format(Exc_TypeError, "format requires a mapping");
				goto fail;
			}
			int depth = 1;
			const char *ks = ++p;
			while (p < end && depth) {
				if (*p == '(') depth++;
				else if (*p == ')') depth--;
				if (depth) p++;
			}
			if (p >= end) {
				err_format(Exc_ValueError, "incomplete format key");
				goto fail;
			}
			Str *key = str_new(ks, (size_t)(p - ks));
			p++;
			item = obj_getitem(args, str_value(key));
			obj_decref(&key->ob);
			if (IS_NULL(item))
				goto fail;
			owned = true;
			used_mapping = true;
		}
		struct num_percent_spec sp = {0, false, false, false, false, false, -1, -1};
		for (; p < end; p++) {
			if (*p == '-') sp.left = true;
			else if (*p == '+') sp.plus = true;
			else if (*p == ' ') sp.space = true;
			else if (*p == '#') sp.alt = true;
			else if (*p == '0') sp.zero = true;
			else break;
		}
		if (p < end && *p == '*') {
			if (argi >= nargs) { err_format(Exc_TypeError, "not enough arguments for format string"); goto fail; }
			Value w = is_tuple ? tup->items[argi++] : (argi++, args);
			if (w.tag != V_INT) { err_format(Exc_TypeError, "* wants int"); goto fail; }
			sp.width = w.u.i;
			if (sp.width < 0) { sp.left = true; sp.width = -sp.width; }
			p++;
		} else {
			while (p < end && *p >= '0' && *p <= '9') {
				sp.width = (sp.width < 0 ? 0 : sp.width) * 10 + (*p - '0');
				p++;
			}
		}
		if (p < end && *p == '.') {
			p++;
			sp.precision = 0;
			if (p < end && *p == '*') {
				if (argi >= nargs) { err_format(Exc_TypeError, "not enough arguments for format string"); goto fail; }
				Value w = is_tuple ? tup->items[argi++] : (argi++, args);
				if (w.tag != V_INT) { err_format(Exc_TypeError, "* wants int"); goto fail; }
				sp.precision = w.u.i < 0 ? 0 : w.u.i;
				p++;
			} else {
				while (p < end && *p >= '0' && *p <= '9') {
					sp.precision = sp.precision * 10 + (*p - '0');
					p++;
				}
			}
		}
		while (p < end && (*p == 'h' || *p == 'l' || *p == 'L'))
			p++;
		if (p >= end) {
			err_format(Exc_ValueError, "incomplete format");
			goto fail;
		}
		char conv = *p++;
		if (conv == '%') {
			sb_addc(&b, '%');
			continue;
		}
		if (IS_NULL(item)) {
			if (argi >= nargs) {
				err_format(Exc_TypeError, "not enough arguments for format string");
				goto fail;
			}
			item = is_tuple ? tup->items[argi] : args;
			argi++;
		}
		sp.conv = conv;
		if (simple_int_spec(&sp) || plain_spec(&sp)) {
			/* the common "%d"/"%02d" of a small int and "%s" of a str:
			 * straight into the result */
			bool done = false;
			if (item.tag == V_INT && (conv == 'd' || conv == 'i' || conv == 'u') && simple_int_spec(&sp)) {
				sb_add_int64(&b, item.u.i, &sp);
				done = true;
			} else if (conv == 's' && plain_spec(&sp) && item.tag == V_OBJ && item.u.o->type == &str_type) {
				sb_add_str(&b, AS_STR(item));
				ascii = ascii && AS_STR(item)->ascii;
				done = true;
			}
			if (done) {
				if (owned)
					val_decref(item);
				continue;
			}
		}
		struct num_error e = NUM_ERROR_INIT;
		text_buf_clear(&nb);
		int rc = 0;
		switch (conv) {
		case 's': case 'r': case 'a': {
			Value s = conv == 's' ? obj_str(item) : conv == 'r' ? obj_repr(item) : obj_ascii(item);
			if (IS_NULL(s))
				goto fail_item;
			Str *ss = AS_STR(s);
			const char *data = ss->data;
			size_t n = ss->nbytes;
			if (sp.precision >= 0 && (size_t)sp.precision < ss->len)
				n = str_byte_offset(ss, (size_t)sp.precision);
			rc = num_percent_pad_text(&nb, &sp, data, n);
			val_decref(s);
			break;
		}
		case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
			Value iv;
			if (item.tag == V_FLOAT && (conv == 'd' || conv == 'i' || conv == 'u')) {
				/* %d truncates a float; %x, %o, %X want an integer */
				iv = int_from_double(item.u.f);
			} else if (is_intlike(item)) {
				iv = val_incref(item);
			} else if (val_type(item)->index || ((conv == 'd' || conv == 'i' || conv == 'u') && val_type(item)->to_int)) {
				iv = (conv == 'd' || conv == 'i' || conv == 'u') && val_type(item)->to_int ? val_type(item)->to_int(item) : obj_index(item);
			} else {
				if (conv == 'd' || conv == 'i' || conv == 'u')
					err_format(Exc_TypeError, "%%%c format: a real number is required, not %s", conv, type_name_of(item));
				else
					err_format(Exc_TypeError, "%%%c format: an integer is required, not %s", conv, type_name_of(item));
				goto fail_item;
			}
			if (IS_NULL(iv))
				goto fail_item;
			struct num_int ni = as_num(iv);
			rc = num_percent_int(&nb, &sp, &ni, &e);
			val_decref(iv);
			break;
		}
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
			double d;
			if (!is_intlike(item) && item.tag != V_FLOAT && !val_type(item)->to_float) {
				if (!val_type(item)->index) {
					err_format(Exc_TypeError, "must be real number, not %s", type_name_of(item));
					goto fail_item;
				}
				/* an object with __index__ converts through it */
				Value iv = obj_index(item);
				if (IS_NULL(iv))
					goto fail_item;
				bool ok = val_to_double(iv, &d);
				val_decref(iv);
				if (!ok)
					goto fail_item;
			} else if (!val_to_double(item, &d)) {
				goto fail_item;
			}
			rc = num_percent_float(&nb, &sp, d, &e);
			break;
		}
		case 'c': {
			if (IS_STR(item)) {
				if (AS_STR(item)->len != 1) {
					err_format(Exc_TypeError, "%%c requires int or char");
					goto fail_item;
				}
				rc = num_percent_pad_text(&nb, &sp, AS_STR(item)->data, AS_STR(item)->nbytes);
			} else if (is_intlike(val_unbox(item)) || val_type(item)->index) {
				/* an int, an int subclass or anything with __index__ */
				Value iv = is_intlike(val_unbox(item)) ? val_incref(val_unbox(item)) : obj_index(item);
				if (IS_NULL(iv))
					goto fail_item;
				struct num_int ni = as_num(iv);
				rc = num_percent_char_int(&nb, &sp, &ni, &e);
				val_decref(iv);
			} else {
				err_format(Exc_TypeError, "%%c requires int or char");
				goto fail_item;
			}
			break;
		}
		default:
			err_format(Exc_ValueError, "unsupported format character '%c' (0x%x) at index %zu", conv, (unsigned)(unsigned char)conv,
				   (size_t)(p - 1 - fmt->data));
			goto fail_item;
		}
		if (rc < 0) {
			num_raise(&e);
			goto fail_item;
		}
		sb_add(&b, nb.data ? nb.data : "", nb.len);
		ascii = false;   /* unknown: the result is scanned */
		if (owned)
			val_decref(item);
		continue;
fail_item:
		if (owned)
			val_decref(item);
		goto fail;
	}
	text_buf_free(&nb);
	if (!used_mapping && argi < nargs && !is_mapping) {
		sb_free(&b);
		return err_null_format(Exc_TypeError, "not all arguments converted during string formatting");
	}
	if (ascii && !b.failed) {
		Str *r = str_new_ascii(b.p, b.n);
		sb_free(&b);
		return r ? str_value(r) : v_null();
	}
	return str_value(sb_finish(&b));
fail:
	text_buf_free(&nb);
	sb_free(&b);
	return v_null();
}

/* ---- str.format ------------------------------------------------------------------ */

typedef struct FmtCtx {
	const Value *args;
	size_t nargs;
	Tuple *kwnames;
	Value map;          /* format_map */
	int auto_idx;       /* -1: manual numbering used */
	bool manual;
	int depth;
} FmtCtx;

static Value format_string(FmtCtx *c, const char *p, size_t n);

static Value lookup_field(FmtCtx *c, const char *name, size_t n)
{
	/* first part: up to '.' or '[' */
	size_t i = 0;
	while (i < n && name[i] != '.' && name[i] != '[')
		i++;
	Value obj;
	if (i == 0) {
		if (c->manual)
			return err_null_format(Exc_ValueError, "cannot switch from manual field specification to automatic field numbering");
		c->auto_idx++;
		size_t idx = (size_t)c->auto_idx;
		if (idx >= c->nargs)
			return err_null_format(Exc_IndexError, "Replacement index %zu out of range for positional args tuple", idx);
		obj = val_incref(c->args[idx]);
	} else {
		bool digits = true;
		for (size_t j = 0; j < i; j++)
			if (name[j] < '0' || name[j] > '9')
				digits = false;
		if (digits) {
			if (c->auto_idx >= 0)
				return err_null_format(Exc_ValueError, "cannot switch from automatic field numbering to manual field specification");
			c->manual = true;
			size_t idx = 0;
			for (size_t j = 0; j < i; j++)
				idx = idx * 10 + (size_t)(name[j] - '0');
			if (idx >= c->nargs)
				return err_null_format(Exc_IndexError, "Replacement index %zu out of range for positional args tuple", idx);
			obj = val_incref(c->args[idx]);
		} else {
			Str *key = str_new(name, i);
			if (!IS_NULL(c->map)) {
				obj = obj_getitem(c->map, str_value(key));
			} else {
				obj = v_null();
				size_t nkw = c->kwnames ? c->kwnames->n : 0;
				for (size_t k = 0; k < nkw; k++)
					if (str_equal(AS_STR(c->kwnames->items[k]), key))
						obj = val_incref(c->args[c->nargs + k]);
				if (IS_NULL(obj))
					err_key(str_value(key));
			}
			obj_decref(&key->ob);
			if (IS_NULL(obj))
				return obj;
		}
	}
	while (i < n) {
		if (name[i] == '.') {
			size_t s = ++i;
			while (i < n && name[i] != '.' && name[i] != '[')
				i++;
			if (i == s) {
				val_decref(obj);
				return err_null_format(Exc_ValueError, "Empty attribute in format string");
			}
			Str *attr = str_new(name + s, i - s);
			attr = str_intern_str(attr);
			Value r = obj_getattr(obj, attr);
			obj_decref(&attr->ob);
			val_decref(obj);
			if (IS_NULL(r))
				return r;
			obj = r;
		} else if (name[i] == '[') {
			size_t s = ++i;
			while (i < n && name[i] != ']')
				i++;
			if (i >= n) {
				val_decref(obj);
				return err_null_format(Exc_ValueError, "Missing ']' in format string");
			}
			bool digits = i > s;
			for (size_t j = s; j < i; j++)
				if (name[j] < '0' || name[j] > '9')
					digits = false;
			Value key;
			if (digits) {
				int64_t v = 0;
				for (size_t j = s; j < i; j++)
					v = v * 10 + (name[j] - '0');
				key = v_int(v);
			} else {
				key = str_value(str_new(name + s, i - s));
			}
			Value r = obj_getitem(obj, key);
			val_decref(key);
			val_decref(obj);
			if (IS_NULL(r))
				return r;
			obj = r;
			i++;
		} else {
			val_decref(obj);
			return err_null_format(Exc_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
		}
	}
	return obj;
}

static Value format_field(FmtCtx *c, const char *p, size_t n)
{
	/* field_name[!conv][:spec] */
	size_t i = 0;
	int bracket = 0;
	while (i < n) {
		if (p[i] == '[') bracket++;
		else if (p[i] == ']') bracket--;
		else if (!bracket && (p[i] == '!' || p[i] == ':')) break;
		i++;
	}
	Value obj = lookup_field(c, p, i);
	if (IS_NULL(obj))
		return obj;
	char conv = 0;
	if (i < n && p[i] == '!') {
		if (i + 1 >= n) {
			val_decref(obj);
			return err_null_format(Exc_ValueError, "end of string while looking for conversion specifier");
		}
		conv = p[i + 1];
		i += 2;
		if (i < n && p[i] != ':') {
			val_decref(obj);
			return err_null_format(Exc_ValueError, "expected ':' after conversion specifier");
		}
	}
	Value spec;
	if (i < n && p[i] == ':') {
		if (c->depth >= 2) {
			val_decref(obj);
			return err_null_format(Exc_ValueError, "Max string recursion exceeded");
		}
		c->depth++;
		spec = format_string(c, p + i + 1, n - i - 1);
		c->depth--;
		if (IS_NULL(spec)) {
			val_decref(obj);
			return spec;
		}
	} else {
		spec = str_value(str_empty());
	}
	if (conv) {
		Value cv;
		switch (conv) {
		case 'r': cv = obj_repr(obj); break;
		case 's': cv = obj_str(obj); break;
		case 'a': cv = obj_ascii(obj); break;
		default:
			val_decref(obj);
			val_decref(spec);
			return err_null_format(Exc_ValueError, "Unknown conversion specifier %c", conv);
		}
		val_decref(obj);
		if (IS_NULL(cv)) {
			val_decref(spec);
			return cv;
		}
		obj = cv;
	}
	Value r = obj_format(obj, spec);
	val_decref(obj);
	val_decref(spec);
	return r;
}

/* As CPython's _PyUnicodeWriter: when the result is one field's str and
 * nothing else ('{}'.format(s)), that str object itself is the result. */
static Value format_string(FmtCtx *c, const char *p, size_t n)
{
	StrBuf b;
	sb_init(&b);
	Value sole = v_null();   /* the only non-empty piece so far, an exact str */
	bool more = false;       /* a second non-empty piece was added */
	size_t i = 0;
	while (i < n) {
		char ch = p[i];
		if (ch == '{') {
			if (i + 1 < n && p[i + 1] == '{') {
				sb_addc(&b, '{');
				more = true;
				i += 2;
				continue;
			}
			size_t s = ++i;
			int depth = 1;
			while (i < n && depth) {
				if (p[i] == '{') depth++;
				else if (p[i] == '}') depth--;
				if (depth) i++;
			}
			if (i >= n) {
				sb_free(&b);
				val_decref(sole);
				if (s == n)
					return err_null_format(Exc_ValueError, "Single '{' encountered in format string");
				return err_null_format(Exc_ValueError, "expected '}' before end of string");
			}
			Value r = format_field(c, p + s, i - s);
			if (IS_NULL(r)) {
				sb_free(&b);
				val_decref(sole);
				return r;
			}
			if (AS_STR(r)->nbytes) {
				if (IS_NULL(sole) && !more && obj_is(r, &str_type))
					sole = val_incref(r);
				else
					more = true;
			}
			sb_add_str(&b, AS_STR(r));
			val_decref(r);
			i++;
		} else if (ch == '}') {
			if (i + 1 < n && p[i + 1] == '}') {
				sb_addc(&b, '}');
				more = true;
				i += 2;
				continue;
			}
			sb_free(&b);
			val_decref(sole);
			return err_null_format(Exc_ValueError, "Single '}' encountered in format string");
		} else {
			size_t s = i;
			while (i < n && p[i] != '{' && p[i] != '}')
				i++;
			sb_add(&b, p + s, i - s);
			more = true;
		}
	}
	if (!IS_NULL(sole) && !more) {
		sb_free(&b);
		return sole;
	}
	val_decref(sole);
	return str_value(sb_finish(&b));
}

Value str_format_method(Str *fmt, const Value *args, size_t nargs, Tuple *kwnames)
{
	FmtCtx c = {args, nargs, kwnames, v_null(), -1, false, 0};
	return format_string(&c, fmt->data, fmt->nbytes);
}

Value str_format_with_map(Str *fmt, Value map);
Value str_format_with_map(Str *fmt, Value map)
{
	FmtCtx c = {NULL, 0, NULL, map, -1, false, 0};
	return format_string(&c, fmt->data, fmt->nbytes);
}

/* format(v, spec) for the specs f-strings use most, without a __format__
 * call: a small int (not a bool) or an exact str, spec
 * [[fill]align][width][d|s] with an ASCII fill and no '0' flag, sign,
 * '#', grouping or precision.  False when v or spec is anything else (the
 * caller takes the general path); true with *out the result (V_NULL on
 * MemoryError). */
bool str_format_simple(Value v, Str *spec, Value *out)
{
	bool is_int = v.tag == V_INT;
	if (!is_int && !(v.tag == V_OBJ && v.u.o->type == &str_type))
		return false;
	const char *p = spec->data;
	size_t n = spec->nbytes, i = 0;
	char fill = ' ', align = is_int ? '>' : '<';
	if (n >= 2 && strchr("<>^=", p[1]) && (unsigned char)p[0] < 0x80) {
		fill = p[0];
		align = p[1];
		i = 2;
	} else if (n >= 1 && strchr("<>^=", p[0])) {
		align = p[0];
		i = 1;
	}
	if (align == '=' && !is_int)
		return false;
	if (i < n && p[i] == '0')
		return false;
	size_t width = 0;
	for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
		width = width * 10 + (size_t)(p[i] - '0');
		if (width > 4096)
			return false;
	}
	if (i < n && p[i] == (is_int ? 'd' : 's'))
		i++;
	if (i != n)
		return false;
	char digits[24];
	const char *text;
	size_t nbytes, len;
	size_t sign = 0;
	if (is_int) {
		char *end = digits + sizeof digits;
		char *q = str_digits_u64(end, v.u.i < 0 ? -(uint64_t)v.u.i : (uint64_t)v.u.i);
		if (v.u.i < 0) {
			*--q = '-';
			sign = 1;
		}
		text = q;
		nbytes = len = (size_t)(end - q);
	} else {
		Str *s = AS_STR(v);
		if (width <= s->len) {
			*out = val_incref(v);
			return true;
		}
		text = s->data;
		nbytes = s->nbytes;
		len = s->len;
	}
	size_t pad = width > len ? width - len : 0;
	size_t left = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
	size_t right = pad - left;
	Str *r = str_alloc(nbytes + pad);
	if (!r) {
		*out = v_null();
		return true;
	}
	char *d = r->data;
	if (align == '=') {   /* the padding between the sign and the digits */
		memcpy(d, text, sign);
		memset(d + sign, fill, pad);
		memcpy(d + sign + pad, text + sign, nbytes - sign);
	} else {
		memset(d, fill, left);
		memcpy(d + left, text, nbytes);
		memset(d + left + nbytes, fill, right);
	}
	r->len = len + pad;
	r->ascii = is_int || AS_STR(v)->ascii;
	*out = str_value(r);
	return true;
}
