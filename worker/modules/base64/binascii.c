/* worker/modules/base64/binascii.c -- the binascii module as CPython 3.11's:
 * hex (hexlify/unhexlify with sep and bytes_per_sep), base64 lines
 * (b2a_base64 newline=, a2b_base64 strict_mode=), uu lines, quoted-printable
 * (b2a_qp / a2b_qp), crc32 and
 * crc_hqx, and the Error (a ValueError) / Incomplete exceptions, with
 * CPython's messages.  The base64 module (frozen Python) builds on it. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "common/ascii.h"
#include "worker/modules/registry.h"

static Value binascii_error, binascii_incomplete;

/* ---- arguments ----------------------------------------------------------- */

static bool err_binascii(const char *msg)
{
	Value m = str_value(str_cstr(msg));
	if (IS_NULL(m))
		return false;
	Value x = obj_call(binascii_error, &m, 1, NULL);
	val_decref(m);
	if (!IS_NULL(x))
		err_set_obj(x.u.o);
	return false;
}

/* A bytes-like argument. */
static bool get_buffer(Value v, const unsigned char **p, size_t *n)
{
	if (IS_BYTES(v)) {
		*p = ((Bytes *)v.u.o)->data;
		*n = ((Bytes *)v.u.o)->n;
		return true;
	}
	if (obj_is(v, &bytearray_type)) {
		*p = ((ByteArray *)v.u.o)->data;
		*n = ((ByteArray *)v.u.o)->n;
		return true;
	}
	err_format(Exc_TypeError, "a bytes-like object is required, not '%s'", type_name_of(v));
	return false;
}

/* The a2b_* argument: bytes-like or an ASCII-only str. */
static bool get_ascii(Value v, const unsigned char **p, size_t *n)
{
	if (IS_STR(v)) {
		Str *s = AS_STR(v);
		if (!s->ascii) {
			err_set_str(Exc_ValueError, "string argument should contain only ASCII characters");
			return false;
		}
		*p = (const unsigned char *)s->data;
		*n = s->nbytes;
		return true;
	}
	if (IS_BYTES(v) || obj_is(v, &bytearray_type))
		return get_buffer(v, p, n);
	err_format(Exc_TypeError, "argument should be bytes, buffer or ASCII string, not '%s'",
		   type_name_of(v));
	return false;
}

/* Positional-only functions (Argument Clinic's texts). */
static bool posonly(const char *fname, size_t nargs, Tuple *kw, size_t min, size_t max)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "binascii.%s() takes no keyword arguments", fname);
		return false;
	}
	if (nargs < min || nargs > max) {
		if (min == max)
			err_format(Exc_TypeError, "%s expected %zu argument%s, got %zu", fname, min,
				   min == 1 ? "" : "s", nargs);
		else if (nargs < min)
			err_format(Exc_TypeError, "%s expected at least %zu argument%s, got %zu", fname,
				   min, min == 1 ? "" : "s", nargs);
		else
			err_format(Exc_TypeError, "%s expected at most %zu argument%s, got %zu", fname,
				   max, max == 1 ? "" : "s", nargs);
		return false;
	}
	return true;
}

/* args_parse with Argument Clinic's text for an unknown keyword. */
static bool clinic_parse(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			 const char *const *names, size_t npos_min, size_t n, Value *out)
{
	for (size_t k = 0; kw && k < kw->n; k++) {
		const char *key = AS_STR(kw->items[k])->data;
		size_t i = 0;
		while (i < n && strcmp(names[i], key) != 0)
			i++;
		if (i == n) {
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", key, fname);
			return false;
		}
	}
	return args_parse(fname, args, nargs, kw, names, npos_min, n, out);
}

/* f(data, /, *, name=default): the one keyword-only flag. */
static bool one_pos_one_kwflag(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			       const char *kwname, int *flag)
{
	size_t nkw = kw ? kw->n : 0;
	if (nargs != 1) {
		if (nargs == 0)
			err_format(Exc_TypeError, "%s() takes exactly 1 positional argument (0 given)", fname);
		else
			err_format(Exc_TypeError, "%s() takes exactly 1 positional argument (%zu given)",
				   fname, nargs);
		return false;
	}
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		if (strcmp(key->data, kwname) != 0) {
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", key->data,
				   fname);
			return false;
		}
		int t = obj_truth(args[nargs + k]);
		if (t < 0)
			return false;
		*flag = t;
	}
	return true;
}

static Value bytes_value(const unsigned char *p, size_t n)
{
	Bytes *b = bytes_new(p, n);
	return b ? v_obj(&b->ob) : v_null();
}

/* ---- hex ------------------------------------------------------------------- */

static const char hexdigits[] = "0123456789abcdef";

static Value hex_common(const char *fname, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"data", "sep", "bytes_per_sep"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!clinic_parse(fname, args, nargs, kw, names, 1, 3, a))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(a[0], &p, &n))
		return v_null();
	int sepchar = 0;
	if (!IS_NULL(a[1])) {
		if (IS_STR(a[1])) {
			Str *s = AS_STR(a[1]);
			if (s->len != 1) {
				err_set_str(Exc_ValueError, "sep must be length 1.");
				return v_null();
			}
			uint32_t cp = str_char_at(s, 0);
			if (cp > 255) {
				err_set_str(Exc_ValueError, "sep must be ASCII.");
				return v_null();
			}
			sepchar = (int)cp;
		} else if (IS_BYTES(a[1])) {
			Bytes *b = (Bytes *)a[1].u.o;
			if (b->n != 1) {
				err_set_str(Exc_ValueError, "sep must be length 1.");
				return v_null();
			}
			sepchar = b->data[0];
		} else {
			ssize_t len = obj_len(a[1]);
			if (len < 0)
				return v_null();
			if (len != 1) {
				err_set_str(Exc_ValueError, "sep must be length 1.");
				return v_null();
			}
			err_set_str(Exc_TypeError, "sep must be str or bytes.");
			return v_null();
		}
	}
	int64_t bps = 1;
	if (!IS_NULL(a[2])) {
		if (!is_intlike(a[2]))
			return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer",
					       type_name_of(a[2]));
		if (!int_as_i64(a[2], &bps) || bps > INT32_MAX || bps < INT32_MIN)
			return err_null_format(Exc_OverflowError, "Python int too large to convert to C int");
	}
	if (n == 0)
		return bytes_value(NULL, 0);
	size_t per = (size_t)(bps < 0 ? -bps : bps);
	size_t nsep = 0;
	if (sepchar && per)
		nsep = (n - 1) / per;
	size_t outn = n * 2 + nsep;
	unsigned char *out = mem_alloc(outn ? outn : 1);
	if (!out)
		return v_null();
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (nsep && i > 0) {
			/* bps > 0: groups counted from the right; < 0: from the left */
			size_t k = bps > 0 ? n - i : i;
			if (k % per == 0)
				out[o++] = (unsigned char)sepchar;
		}
		out[o++] = (unsigned char)hexdigits[p[i] >> 4];
		out[o++] = (unsigned char)hexdigits[p[i] & 15];
	}
	Value r = bytes_value(out, o);
	mem_free(out, outn ? outn : 1);
	return r;
}

static Value ba_hexlify(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return hex_common("hexlify", args, nargs, kw);
}

static Value ba_b2a_hex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return hex_common("b2a_hex", args, nargs, kw);
}

static Value unhex_common(const char *fname, const Value *args, size_t nargs, Tuple *kw)
{
	if (!posonly(fname, nargs, kw, 1, 1))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_ascii(args[0], &p, &n))
		return v_null();
	if (n % 2) {
		err_binascii("Odd-length string");
		return v_null();
	}
	unsigned char *out = mem_alloc(n / 2 + 1);
	if (!out)
		return v_null();
	for (size_t i = 0; i < n; i += 2) {
		int hi = box_hex_value(p[i]), lo = box_hex_value(p[i + 1]);
		if (hi < 0 || lo < 0) {
			mem_free(out, n / 2 + 1);
			err_binascii("Non-hexadecimal digit found");
			return v_null();
		}
		out[i / 2] = (unsigned char)(hi << 4 | lo);
	}
	Value r = bytes_value(out, n / 2);
	mem_free(out, n / 2 + 1);
	return r;
}

static Value ba_unhexlify(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return unhex_common("unhexlify", args, nargs, kw);
}

static Value ba_a2b_hex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return unhex_common("a2b_hex", args, nargs, kw);
}

/* ---- base64 ------------------------------------------------------------------ */

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static Value ba_b2a_base64(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	int newline = 1;
	if (!one_pos_one_kwflag("b2a_base64", args, nargs, kw, "newline", &newline))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(args[0], &p, &n))
		return v_null();
	size_t outn = (n + 2) / 3 * 4 + 1;
	unsigned char *out = mem_alloc(outn);
	if (!out)
		return v_null();
	size_t o = 0, i = 0;
	for (; i + 3 <= n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8 | p[i + 2];
		out[o++] = (unsigned char)b64chars[v >> 18];
		out[o++] = (unsigned char)b64chars[(v >> 12) & 63];
		out[o++] = (unsigned char)b64chars[(v >> 6) & 63];
		out[o++] = (unsigned char)b64chars[v & 63];
	}
	if (n - i == 1) {
		unsigned v = (unsigned)p[i] << 16;
		out[o++] = (unsigned char)b64chars[v >> 18];
		out[o++] = (unsigned char)b64chars[(v >> 12) & 63];
		out[o++] = '=';
		out[o++] = '=';
	} else if (n - i == 2) {
		unsigned v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8;
		out[o++] = (unsigned char)b64chars[v >> 18];
		out[o++] = (unsigned char)b64chars[(v >> 12) & 63];
		out[o++] = (unsigned char)b64chars[(v >> 6) & 63];
		out[o++] = '=';
	}
	if (newline)
		out[o++] = '\n';
	Value r = bytes_value(out, o);
	mem_free(out, outn);
	return r;
}

/* CPython 3.11's a2b_base64 state machine, messages included. */
static Value ba_a2b_base64(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	int strict = 0;
	if (!one_pos_one_kwflag("a2b_base64", args, nargs, kw, "strict_mode", &strict))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_ascii(args[0], &p, &n))
		return v_null();
	size_t outcap = n / 4 * 3 + 3;
	unsigned char *out = mem_alloc(outcap);
	if (!out)
		return v_null();
	size_t o = 0;
	const char *msg = NULL;
	char buf[160];
	int quad = 0, pads = 0, padding_started = 0;
	unsigned leftchar = 0;

	if (strict && n > 0 && p[0] == '=') {
		msg = "Leading padding not allowed";
		goto fail;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c == '=') {
			padding_started = 1;
			if (quad >= 2 && quad + ++pads >= 4) {
				if (strict && i + 1 < n) {
					msg = "Excess data after padding";
					goto fail;
				}
				goto done;
			}
			continue;
		}
		int v = b64val(c);
		if (v < 0) {
			if (strict) {
				msg = "Only base64 data is allowed";
				goto fail;
			}
			continue;
		}
		if (strict && padding_started) {
			msg = "Discontinuous padding not allowed";
			goto fail;
		}
		pads = 0;
		switch (quad) {
		case 0:
			quad = 1;
			leftchar = (unsigned)v;
			break;
		case 1:
			quad = 2;
			out[o++] = (unsigned char)((leftchar << 2) | ((unsigned)v >> 4));
			leftchar = (unsigned)v & 0x0f;
			break;
		case 2:
			quad = 3;
			out[o++] = (unsigned char)((leftchar << 4) | ((unsigned)v >> 2));
			leftchar = (unsigned)v & 0x03;
			break;
		default:
			quad = 0;
			out[o++] = (unsigned char)((leftchar << 6) | (unsigned)v);
			leftchar = 0;
			break;
		}
	}
	if (quad == 1) {
		snprintf(buf, sizeof buf,
			 "Invalid base64-encoded string: number of data characters (%zu) cannot be 1 more than a multiple of 4",
			 o / 3 * 4 + 1);
		msg = buf;
		goto fail;
	}
	if (quad != 0) {
		msg = "Incorrect padding";
		goto fail;
	}
done:;
	Value r = bytes_value(out, o);
	mem_free(out, outcap);
	return r;
fail:
	mem_free(out, outcap);
	err_binascii(msg);
	return v_null();
}

/* ---- uu -------------------------------------------------------------------- */

static Value ba_b2a_uu(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	int backtick = 0;
	if (!one_pos_one_kwflag("b2a_uu", args, nargs, kw, "backtick", &backtick))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(args[0], &p, &n))
		return v_null();
	if (n > 45) {
		err_binascii("At most 45 bytes at once");
		return v_null();
	}
	unsigned char out[2 + 60 + 2];
	size_t o = 0;
#define UUCH(x) ((unsigned char)(backtick && !(x) ? '`' : ' ' + (x)))
	out[o++] = UUCH(n);
	for (size_t i = 0; i < n; i += 3) {
		unsigned b0 = p[i], b1 = i + 1 < n ? p[i + 1] : 0, b2 = i + 2 < n ? p[i + 2] : 0;
		unsigned v = b0 << 16 | b1 << 8 | b2;
		out[o++] = UUCH(v >> 18);
		out[o++] = UUCH((v >> 12) & 63);
		out[o++] = UUCH((v >> 6) & 63);
		out[o++] = UUCH(v & 63);
	}
#undef UUCH
	out[o++] = '\n';
	return bytes_value(out, o);
}

static Value ba_a2b_uu(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!posonly("a2b_uu", nargs, kw, 1, 1))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_ascii(args[0], &p, &n))
		return v_null();
	/* the first byte is the length */
	size_t bin_len = (size_t)(((n ? (int)p[0] : 0) - ' ') & 077);
	unsigned char out[64];
	size_t o = 0, i = n ? 1 : 0;
	unsigned leftchar = 0;
	int leftbits = 0;
	memset(out, 0, sizeof out);
	for (; o < bin_len; i++) {
		unsigned char c;
		if (i >= n || p[i] == '\n' || p[i] == '\r') {
			c = 0;	/* whitespace-stripped lines: pad with zeros */
		} else {
			c = p[i];
			if (c < ' ' || c > (' ' + 64)) {
				err_binascii("Illegal char");
				return v_null();
			}
			c = (unsigned char)((c - ' ') & 077);
		}
		leftchar = (leftchar << 6) | c;
		leftbits += 6;
		if (leftbits >= 8) {
			leftbits -= 8;
			out[o++] = (unsigned char)(leftchar >> leftbits);
			leftchar &= (1u << leftbits) - 1;
		}
	}
	/* what is left may only be padding */
	for (; i < n; i++) {
		unsigned char c = p[i];
		if (c != ' ' && c != ' ' + 64 && c != '\n' && c != '\r') {
			err_binascii("Trailing garbage");
			return v_null();
		}
	}
	return bytes_value(out, bin_len);
}

/* ---- quoted-printable ---------------------------------------------------------- */

#define QP_MAXLINE 76

static const char hexupper[] = "0123456789ABCDEF";

static Value ba_a2b_qp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	static const char *const names[] = {"data", "header"};
	Value a[2] = {v_null(), v_null()};
	if (!clinic_parse("a2b_qp", args, nargs, kw, names, 1, 2, a))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_ascii(a[0], &p, &n))
		return v_null();
	int header = IS_NULL(a[1]) ? 0 : obj_truth(a[1]);
	if (header < 0)
		return v_null();
	unsigned char *out = mem_alloc(n + 1);
	if (!out)
		return v_null();
	size_t i = 0, o = 0;
	while (i < n) {
		if (p[i] == '=') {
			i++;
			if (i >= n)
				break;
			if (p[i] == '\n' || p[i] == '\r') {	/* soft line break */
				if (p[i] != '\n')
					while (i < n && p[i] != '\n')
						i++;
				if (i < n)
					i++;
			} else if (p[i] == '=') {
				out[o++] = '=';
				i++;
			} else if (i + 1 < n && box_hex_value(p[i]) >= 0 && box_hex_value(p[i + 1]) >= 0) {
				out[o++] = (unsigned char)(box_hex_value(p[i]) << 4 | box_hex_value(p[i + 1]));
				i += 2;
			} else {
				out[o++] = '=';
			}
		} else if (header && p[i] == '_') {
			out[o++] = ' ';
			i++;
		} else {
			out[o++] = p[i++];
		}
	}
	Value r = bytes_value(out, o);
	mem_free(out, n + 1);
	return r;
}

struct qpbuf {
	unsigned char *p;
	size_t n, cap;
};

static bool qp_put(struct qpbuf *b, unsigned char c)
{
	if (b->n == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 64;
		unsigned char *np = mem_realloc(b->p, b->cap, ncap);
		if (!np)
			return false;
		b->p = np;
		b->cap = ncap;
	}
	b->p[b->n++] = c;
	return true;
}

static bool qp_soft_break(struct qpbuf *b, int crlf)
{
	return qp_put(b, '=') && (!crlf || qp_put(b, '\r')) && qp_put(b, '\n');
}

static Value ba_b2a_qp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	static const char *const names[] = {"data", "quotetabs", "istext", "header"};
	Value a[4] = {v_null(), v_null(), v_null(), v_null()};
	if (!clinic_parse("b2a_qp", args, nargs, kw, names, 1, 4, a))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(a[0], &p, &n))
		return v_null();
	int quotetabs = IS_NULL(a[1]) ? 0 : obj_truth(a[1]);
	int istext = IS_NULL(a[2]) ? 1 : obj_truth(a[2]);
	int header = IS_NULL(a[3]) ? 0 : obj_truth(a[3]);
	if (quotetabs < 0 || istext < 0 || header < 0)
		return v_null();
	/* CRLF line ends when the first '\n' follows a '\r' */
	const unsigned char *nl = n ? memchr(p, '\n', n) : NULL;
	int crlf = nl && nl > p && nl[-1] == '\r';
	struct qpbuf b = {NULL, 0, 0};
	size_t i = 0, linelen = 0;
	bool ok = true;
	while (ok && i < n) {
		unsigned char c = p[i];
		bool quote = c > 126 || c == '=' || (header && c == '_') ||
			     (c == '.' && linelen == 0 &&
			      (i + 1 == n || p[i + 1] == '\n' || p[i + 1] == '\r' || p[i + 1] == 0)) ||
			     (!istext && (c == '\r' || c == '\n')) ||
			     ((c == '\t' || c == ' ') && i + 1 == n) ||
			     (c < 33 && c != '\r' && c != '\n' && (quotetabs || (c != '\t' && c != ' ')));
		if (quote) {
			if (linelen + 3 >= QP_MAXLINE) {
				ok = qp_soft_break(&b, crlf);
				linelen = 0;
			}
			ok = ok && qp_put(&b, '=') && qp_put(&b, (unsigned char)hexupper[c >> 4]) &&
			     qp_put(&b, (unsigned char)hexupper[c & 15]);
			i++;
			linelen += 3;
		} else if (istext && (c == '\n' || (i + 1 < n && c == '\r' && p[i + 1] == '\n'))) {
			linelen = 0;
			/* no whitespace may end a line: quote it */
			if (b.n && (b.p[b.n - 1] == ' ' || b.p[b.n - 1] == '\t')) {
				unsigned char w = b.p[b.n - 1];
				b.p[b.n - 1] = '=';
				ok = qp_put(&b, (unsigned char)hexupper[w >> 4]) &&
				     qp_put(&b, (unsigned char)hexupper[w & 15]);
			}
			ok = ok && (!crlf || qp_put(&b, '\r')) && qp_put(&b, '\n');
			i += c == '\r' ? 2 : 1;
		} else {
			if (i + 1 != n && p[i + 1] != '\n' && linelen + 1 >= QP_MAXLINE) {
				ok = qp_soft_break(&b, crlf);
				linelen = 0;
			}
			linelen++;
			ok = ok && qp_put(&b, header && c == ' ' ? '_' : c);
			i++;
		}
	}
	Value r = ok ? bytes_value(b.p, b.n) : v_null();
	mem_free(b.p, b.cap);
	return r;
}

/* ---- crc ------------------------------------------------------------------- */

static uint32_t crc32_table[256];
static uint16_t crc_hqx_table[256];

static void crc_tables_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		crc32_table[i] = c;
		uint32_t h = i << 8;
		for (int k = 0; k < 8; k++)
			h = h & 0x8000 ? (h << 1) ^ 0x1021 : h << 1;
		crc_hqx_table[i] = (uint16_t)h;
	}
}

/* An unsigned int argument taken modulo 2**32 (Clinic's bitwise conversion). */
static bool get_uint_bitwise(Value v, uint32_t *out)
{
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int64_t x;
	if (int_as_i64(i, &x)) {
		*out = (uint32_t)x;
	} else {
		mpz_t z;
		mpz_init(z);
		int_to_mpz(i, z);
		mpz_fdiv_r_2exp(z, z, 32);
		*out = (uint32_t)mpz_get_ui(z);
		mpz_clear(z);
	}
	val_decref(i);
	return true;
}

static Value ba_crc32(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!posonly("crc32", nargs, kw, 1, 2))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(args[0], &p, &n))
		return v_null();
	uint32_t crc = 0;
	if (nargs > 1 && !get_uint_bitwise(args[1], &crc))
		return v_null();
	crc = ~crc;
	for (size_t i = 0; i < n; i++)
		crc = crc32_table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
	return v_int((int64_t)(uint32_t)~crc);
}

static Value ba_crc_hqx(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!posonly("crc_hqx", nargs, kw, 2, 2))
		return v_null();
	const unsigned char *p;
	size_t n;
	if (!get_buffer(args[0], &p, &n))
		return v_null();
	uint32_t crc;
	if (!get_uint_bitwise(args[1], &crc))
		return v_null();
	crc &= 0xFFFF;
	for (size_t i = 0; i < n; i++)
		crc = ((crc << 8) & 0xFF00) ^ crc_hqx_table[((crc >> 8) & 0xFF) ^ p[i]];
	return v_int((int64_t)crc);
}

/* ---- module ------------------------------------------------------------------ */

static Value new_exc_class(const char *name, Type *base)
{
	Str *n = str_cstr(name);
	Dict *ns = dict_new();
	Value b = v_obj(&base->ob);
	Tuple *bases = tuple_from(&b, 1);
	Value r = v_null();
	if (n && ns && bases) {
		Value mod = str_value(str_cstr("binascii"));
		if (!IS_NULL(mod)) {
			dict_set_str(ns, ID(__module__), mod);
			val_decref(mod);
			r = type_new_class(n, bases, ns, NULL, NULL);
		}
	}
	obj_xdecref(n ? &n->ob : NULL);
	obj_xdecref(ns ? &ns->ob : NULL);
	obj_xdecref(bases ? &bases->ob : NULL);
	return r;
}

bool mod_binascii_init(Dict *d)
{
	if (IS_NULL(binascii_error)) {
		crc_tables_init();
		binascii_error = new_exc_class("Error", Exc_ValueError);
		if (IS_NULL(binascii_error))
			return false;
		binascii_incomplete = new_exc_class("Incomplete", Exc_Exception);
		if (IS_NULL(binascii_incomplete))
			return false;
	}
	module_set_attr(d, "Error", val_incref(binascii_error));
	module_set_attr(d, "Incomplete", val_incref(binascii_incomplete));
	module_add_fn(d, "hexlify", ba_hexlify);
	module_add_fn(d, "b2a_hex", ba_b2a_hex);
	module_add_fn(d, "unhexlify", ba_unhexlify);
	module_add_fn(d, "a2b_hex", ba_a2b_hex);
	module_add_fn(d, "b2a_base64", ba_b2a_base64);
	module_add_fn(d, "a2b_base64", ba_a2b_base64);
	module_add_fn(d, "b2a_uu", ba_b2a_uu);
	module_add_fn(d, "a2b_uu", ba_a2b_uu);
	module_add_fn(d, "a2b_qp", ba_a2b_qp);
	module_add_fn(d, "b2a_qp", ba_b2a_qp);
	module_add_fn(d, "crc32", ba_crc32);
	module_add_fn(d, "crc_hqx", ba_crc_hqx);
	return !err_occurred();
}
