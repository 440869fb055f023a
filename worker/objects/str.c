/* str.c -- the str object core: construction, hashing, equality,
 * indexing (O(1) for ASCII, cached cursor otherwise), repr, and the string
 * builder used throughout the interpreter.  Methods live in strmethods.c,
 * interning in str_intern.c.
 * The str and bytes hash is CPython's (SipHash-1-3, PYTHONHASHSEED=0).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "common/utf8.h"
#include "worker/runtime/runtime.h"
#include "worker/text/text_ctype.h"

struct Ids ids;
static Str *empty_str;
static Str *latin1_chars[256];

uint32_t utf8_decode(const unsigned char *p, size_t *len)
{
	uint32_t c = p[0];
	if (c < 0x80) { *len = 1; return c; }
	if (c < 0xE0) { *len = 2; return ((c & 0x1F) << 6) | (p[1] & 0x3F); }
	if (c < 0xF0) {
		*len = 3;
		return ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
	}
	*len = 4;
	return ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
	       ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
}

Str *str_alloc(size_t nbytes)
{
	size_t size;
	if (__builtin_add_overflow(offsetof(Str, data) + 1, nbytes, &size)) {
		err_no_memory();
		return NULL;
	}
	/* never less than the struct: the compiler may read a Str's tail
	 * padding (after the flags, over the first bytes of data) at once */
	if (size < sizeof(Str))
		size = sizeof(Str);
	Str *s = (Str *)obj_alloc(&str_type, size);
	if (!s)
		return NULL;
	s->nbytes = nbytes;
	s->data[nbytes] = 0;
	s->hashed = false;
	s->interned = false;
	return s;
}

/* Sets len (code points: the bytes that are not UTF-8 continuation bytes,
 * 10xxxxxx) and ascii, eight bytes at a time. */
void str_finish(Str *s)
{
	const unsigned char *p = (const unsigned char *)s->data;
	size_t nbytes = s->nbytes, i = 0, cont = 0;
	uint64_t high = 0;
	const uint64_t top = 0x8080808080808080ull;
	for (; i + 8 <= nbytes; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		high |= w;
		if (w & top)
			cont += (size_t)__builtin_popcountll(w & ~(w << 1) & top);
	}
	for (; i < nbytes; i++) {
		high |= p[i];
		cont += (p[i] & 0xC0) == 0x80;
	}
	s->len = nbytes - cont;
	s->ascii = (high & top) == 0;
	s->data[nbytes] = 0;
}

/* A str made by str_alloc() with room for more bytes than it got, cut
 * to its first nbytes (and NUL terminated); the unused tail of its block
 * is given back when it is worth a reallocation.  The caller holds the
 * only reference and finishes it (len, ascii) after. */
Str *str_truncate(Str *s, size_t nbytes)
{
	size_t oldsize = *(size_t *)((char *)s - sizeof(size_t));
	size_t newsize = sizeof(size_t) + offsetof(Str, data) + nbytes + 1;
	if (newsize < sizeof(size_t) + sizeof(Str))
		newsize = sizeof(size_t) + sizeof(Str);
	s->nbytes = (uint32_t)nbytes;
	s->data[nbytes] = 0;
	if (oldsize - newsize >= 256 && oldsize - newsize >= oldsize / 8) {
		char *nb = mem_realloc((char *)s - sizeof(size_t), oldsize, newsize);
		if (nb) {
			*(size_t *)nb = newsize;
			s = (Str *)(nb + sizeof(size_t));
		} else {
			err_clear();   /* the str stays as it was: still valid */
		}
	}
	return s;
}

Str *str_new(const char *p, size_t nbytes)
{
	if (nbytes == 0 && empty_str) {
		obj_incref(&empty_str->ob);
		return empty_str;
	}
	if (nbytes == 1 && latin1_chars[(unsigned char)p[0]]) {
		Str *c = latin1_chars[(unsigned char)p[0]];
		obj_incref(&c->ob);
		return c;
	}
	Str *s = str_alloc(nbytes);
	if (!s)
		return NULL;
	mem_copy(s->data, p, nbytes);
	str_finish(s);
	return s;
}

/* str_new() of bytes the caller knows are ASCII (a piece of an ASCII
 * str): no scan for the length. */
Str *str_new_ascii(const char *p, size_t nbytes)
{
	if (nbytes <= 1)
		return str_new(p, nbytes);
	Str *s = str_alloc(nbytes);
	if (!s)
		return NULL;
	mem_copy(s->data, p, nbytes);
	s->len = nbytes;
	s->ascii = true;
	return s;
}

Str *str_cstr(const char *p) { return str_new(p, strlen(p)); }

Str *str_empty(void)
{
	obj_incref(&empty_str->ob);
	return empty_str;
}

Str *str_from_cp(uint32_t cp)
{
	if (cp < 256 && latin1_chars[cp]) {
		obj_incref(&latin1_chars[cp]->ob);
		return latin1_chars[cp];
	}
	char buf[4];
	size_t n = box_utf8_encode(cp, buf);
	Str *s = str_alloc(n);
	if (!s)
		return NULL;
	mem_copy(s->data, buf, n);
	s->len = 1;
	s->ascii = cp < 0x80;
	return s;
}

/* The decimal text of v (str(int), repr(int)) without printf: every str()
 * of a small int goes through here. */
/* The decimal digits of u, written backwards ending just before end;
 * returns where they start.  Two digits per division. */
char *str_digits_u64(char *end, uint64_t u)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	char *q = end;
	while (u >= 100) {
		unsigned r = (unsigned)(u % 100);
		u /= 100;
		q -= 2;
		memcpy(q, pairs + 2 * r, 2);
	}
	if (u >= 10) {
		q -= 2;
		memcpy(q, pairs + 2 * u, 2);
	} else {
		*--q = (char)('0' + u);
	}
	return q;
}

Str *str_from_int64(int64_t v)
{
	char buf[24];
	char *end = buf + sizeof buf;
	char *q = str_digits_u64(end, v < 0 ? -(uint64_t)v : (uint64_t)v);
	if (v < 0)
		*--q = '-';
	size_t n = (size_t)(end - q);
	if (n == 1 && latin1_chars[(unsigned char)*q]) {
		obj_incref(&latin1_chars[(unsigned char)*q]->ob);
		return latin1_chars[(unsigned char)*q];
	}
	Str *s = str_alloc(n);
	if (!s)
		return NULL;
	memcpy(s->data, q, n);
	s->len = n;
	s->ascii = true;
	return s;
}

Str *str_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof buf)
		return str_new(buf, (size_t)n);
	Str *s = str_alloc((size_t)n);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s->data, (size_t)n + 1, fmt, ap);
	va_end(ap);
	str_finish(s);
	return s;
}

/* ---- hashing ------------------------------------------------------------ */

/* CPython's string and bytes hash: SipHash-1-3 keyed with the all-zero
 * secret that PYTHONHASHSEED=0 gives, so that sets of strings iterate in
 * the order CPython's do under that seed (the goldens' setting).  The
 * state takes the message as little-endian 64-bit words. */
struct sip {
	uint64_t v0, v1, v2, v3;
	uint64_t word;      /* bytes not yet compressed */
	unsigned fill;      /* how many of them */
	uint64_t total;     /* message length in bytes */
};

#define SIP_ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))

static inline __attribute__((always_inline)) void sip_round(struct sip *st)
{
	st->v0 += st->v1; st->v1 = SIP_ROTL(st->v1, 13); st->v1 ^= st->v0; st->v0 = SIP_ROTL(st->v0, 32);
	st->v2 += st->v3; st->v3 = SIP_ROTL(st->v3, 16); st->v3 ^= st->v2;
	st->v0 += st->v3; st->v3 = SIP_ROTL(st->v3, 21); st->v3 ^= st->v0;
	st->v2 += st->v1; st->v1 = SIP_ROTL(st->v1, 17); st->v1 ^= st->v2; st->v2 = SIP_ROTL(st->v2, 32);
}

static void sip_init(struct sip *st)
{
	/* "somepseudorandomlygeneratedbytes" xor the zero key */
	st->v0 = 0x736f6d6570736575ull;
	st->v1 = 0x646f72616e646f6dull;
	st->v2 = 0x6c7967656e657261ull;
	st->v3 = 0x7465646279746573ull;
	st->word = 0;
	st->fill = 0;
	st->total = 0;
}

static inline __attribute__((always_inline)) void sip_compress(struct sip *st, uint64_t m)
{
	st->v3 ^= m;
	sip_round(st);
	st->v0 ^= m;
}

static void sip_byte(struct sip *st, unsigned char b)
{
	st->word |= (uint64_t)b << (8 * st->fill);
	st->total++;
	if (++st->fill == 8) {
		sip_compress(st, st->word);
		st->word = 0;
		st->fill = 0;
	}
}

static void sip_bytes(struct sip *st, const unsigned char *p, size_t n)
{
	while (n && st->fill) {
		sip_byte(st, *p++);
		n--;
	}
	for (; n >= 8; p += 8, n -= 8) {
		uint64_t m;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(&m, p, 8);
#else
		m = 0;
		for (int i = 7; i >= 0; i--)
			m = (m << 8) | p[i];
#endif
		sip_compress(st, m);
		st->total += 8;
	}
	if (n) {	/* the tail (fill is 0 here): one partial word */
		uint64_t m = 0;
		for (size_t i = 0; i < n; i++)
			m |= (uint64_t)p[i] << (8 * i);
		st->word = m;
		st->fill = (unsigned)n;
		st->total += n;
	}
}

static int64_t sip_finish(struct sip *st)
{
	if (st->total == 0)
		return 0;   /* CPython: the empty string and b'' hash to 0 */
	sip_compress(st, st->word | (st->total << 56));
	st->v2 ^= 0xff;
	sip_round(st);
	sip_round(st);
	sip_round(st);
	int64_t r = (int64_t)(st->v0 ^ st->v1 ^ st->v2 ^ st->v3);
	return r == -1 ? -2 : r;
}

/* hash(b) of a bytes-like buffer. */
int64_t bytes_hash_buf(const unsigned char *p, size_t n);
int64_t bytes_hash_buf(const unsigned char *p, size_t n)
{
	struct sip st;
	sip_init(&st);
	sip_bytes(&st, p, n);
	return sip_finish(&st);
}

/* Over CPython's canonical form of the text: one byte per code point when
 * all are below 256, else two (below 65536) or four, little-endian. */
int64_t str_hash(Str *s)
{
	if (s->hashed)
		return s->hash;
	const unsigned char *p = (const unsigned char *)s->data;
	struct sip st;
	sip_init(&st);
	if (s->ascii) {
		sip_bytes(&st, p, s->nbytes);
	} else {
		uint32_t max = 0;
		size_t k;
		for (size_t i = 0; i < s->nbytes; i += k) {
			uint32_t c = utf8_decode(p + i, &k);
			if (c > max)
				max = c;
		}
		unsigned width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
		for (size_t i = 0; i < s->nbytes; i += k) {
			uint32_t c = utf8_decode(p + i, &k);
			for (unsigned j = 0; j < width; j++)
				sip_byte(&st, (unsigned char)(c >> (8 * j)));
		}
	}
	int64_t r = sip_finish(&st);
	s->hash = r;
	s->hashed = true;
	return r;
}

bool str_equal(Str *a, Str *b)
{
	if (a == b)
		return true;
	if (a->nbytes != b->nbytes)
		return false;
	if (a->interned && b->interned)
		return false;
	if (a->hashed && b->hashed && a->hash != b->hash)
		return false;
	return memcmp(a->data, b->data, a->nbytes) == 0;
}

/* Code-point order equals UTF-8 byte order (also for WTF-8 surrogates
 * except relative to astral chars; close enough for the BMP). */
int str_compare(Str *a, Str *b)
{
	size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
	int c = memcmp(a->data, b->data, n);
	if (c)
		return c < 0 ? -1 : 1;
	return a->nbytes < b->nbytes ? -1 : a->nbytes > b->nbytes ? 1 : 0;
}

Str *str_concat(Str *a, Str *b)
{
	size_t n;
	if (__builtin_add_overflow(a->nbytes, b->nbytes, &n)) {
		err_no_memory();
		return NULL;
	}
	if (b->nbytes == 0) { obj_incref(&a->ob); return a; }
	if (a->nbytes == 0) { obj_incref(&b->ob); return b; }
	Str *s = str_alloc(n);
	if (!s)
		return NULL;
	mem_copy(s->data, a->data, a->nbytes);
	mem_copy(s->data + a->nbytes, b->data, b->nbytes);
	s->len = a->len + b->len;
	s->ascii = a->ascii && b->ascii;
	return s;
}

/* ---- non-ASCII indexing ------------------------------------------------ */

/* The byte offset of code point idx in a non-ASCII str takes a walk over
 * the UTF-8; a loop indexing one str goes on from where the last index
 * of it left off.  The cursors of the last few strs indexed live here
 * rather than in every Str; a str forgets its cursor when freed
 * (str_dealloc) or moved by an in-place append (str_cursor_forget). */
#define NCURSOR 4
static struct str_cursor {
	const Str *s;
	size_t idx, byte;
} cursors[NCURSOR];
static unsigned cursor_victim;

void str_cursor_forget(const Str *s)
{
	for (unsigned k = 0; k < NCURSOR; k++)
		if (cursors[k].s == s)
			cursors[k].s = NULL;
}

static struct str_cursor *cursor_of(const Str *s)
{
	for (unsigned k = 0; k < NCURSOR; k++)
		if (cursors[k].s == s)
			return &cursors[k];
	struct str_cursor *c = &cursors[cursor_victim++ % NCURSOR];
	c->s = s;
	c->idx = c->byte = 0;
	return c;
}

size_t str_byte_offset(Str *s, size_t idx)
{
	if (s->ascii)
		return idx;
	if (idx >= s->len)
		return s->nbytes;
	struct str_cursor *cur = cursor_of(s);
	size_t ci = 0, cb = 0;
	if (cur->idx <= idx) {
		ci = cur->idx;
		cb = cur->byte;
	} else if (idx > cur->idx / 2) {
		/* walk backwards from the cursor */
		ci = cur->idx;
		cb = cur->byte;
		while (ci > idx) {
			cb--;
			while (((unsigned char)s->data[cb] & 0xC0) == 0x80)
				cb--;
			ci--;
		}
		cur->idx = ci;
		cur->byte = cb;
		return cb;
	}
	while (ci < idx) {
		cb++;
		while (cb < s->nbytes && ((unsigned char)s->data[cb] & 0xC0) == 0x80)
			cb++;
		ci++;
	}
	cur->idx = ci;
	cur->byte = cb;
	return cb;
}

/* str's dealloc slot (and that of its subclasses, through their base):
 * a freed str's address must not find its cursor again. */
static void str_dealloc(Obj *o)
{
	if (!((Str *)o)->ascii)
		str_cursor_forget((Str *)o);
	obj_free(o);
}

uint32_t str_char_at(Str *s, size_t idx)
{
	if (s->ascii)
		return (unsigned char)s->data[idx];
	size_t off = str_byte_offset(s, idx), n;
	return utf8_decode((const unsigned char *)s->data + off, &n);
}

/* ---- repr ------------------------------------------------------------- */

static void repr_into(StrBuf *b, Str *s)
{
	bool has_sq = memchr(s->data, '\'', s->nbytes) != NULL;
	bool has_dq = memchr(s->data, '"', s->nbytes) != NULL;
	char q = (has_sq && !has_dq) ? '"' : '\'';
	sb_addc(b, q);
	const unsigned char *p = (const unsigned char *)s->data;
	size_t i = 0;
	while (i < s->nbytes) {
		size_t n;
		uint32_t c = utf8_decode(p + i, &n);
		if (c == (uint32_t)q || c == '\\') {
			sb_addc(b, '\\');
			sb_addc(b, (char)c);
		} else if (c == '\n') {
			sb_adds(b, "\\n");
		} else if (c == '\r') {
			sb_adds(b, "\\r");
		} else if (c == '\t') {
			sb_adds(b, "\\t");
		} else if (c < 0x20 || c == 0x7f) {
			sb_printf(b, "\\x%02x", c);
		} else if (c < 0x7f) {
			sb_addc(b, (char)c);
		} else if (text_cp_isprintable(c)) {
			sb_add(b, (const char *)p + i, n);
		} else if (c <= 0xff) {
			sb_printf(b, "\\x%02x", c);
		} else if (c <= 0xffff) {
			sb_printf(b, "\\u%04x", c);
		} else {
			sb_printf(b, "\\U%08x", c);
		}
		i += n;
	}
	sb_addc(b, q);
}

Value str_repr_value(Str *s)
{
	StrBuf b;
	sb_init(&b);
	repr_into(&b, s);
	return str_value(sb_finish(&b));
}

/* ---- string builder ---------------------------------------------------- */

void sb_init(StrBuf *b)
{
	b->p = b->small;
	b->n = 0;
	b->cap = sizeof b->small;
	b->failed = false;
}

static bool sb_grow(StrBuf *b, size_t extra)
{
	if (b->failed)
		return false;
	size_t need;
	if (__builtin_add_overflow(b->n, extra, &need) || need > MEM_ALLOC_CAP) {
		err_no_memory();
		b->failed = true;
		return false;
	}
	if (need + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need + 1)
		cap *= 2;
	char *p;
	if (b->p == b->small) {
		p = mem_alloc(cap);
		if (p)
			memcpy(p, b->small, b->n);
	} else {
		p = mem_realloc(b->p, b->cap, cap);
	}
	if (!p) {
		b->failed = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void sb_add_slow(StrBuf *b, const char *s, size_t n)
{
	if (!sb_grow(b, n))
		return;
	mem_copy(b->p + b->n, s, n);
	b->n += n;
}

void sb_adds(StrBuf *b, const char *s) { sb_add(b, s, strlen(s)); }
void sb_addc(StrBuf *b, char c) { sb_add(b, &c, 1); }
void sb_add_str(StrBuf *b, Str *s) { sb_add(b, s->data, s->nbytes); }

void sb_add_cp(StrBuf *b, uint32_t cp)
{
	char buf[4];
	sb_add(b, buf, box_utf8_encode(cp, buf));
}

void sb_printf(StrBuf *b, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof buf) {
		sb_add(b, buf, (size_t)n);
		return;
	}
	if (!sb_grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

bool sb_add_repr(StrBuf *b, Value v)
{
	if (IS_STR(v) && val_type(v) == &str_type) {
		repr_into(b, AS_STR(v));
		return !b->failed;
	}
	Value r = obj_repr(v);
	if (IS_NULL(r)) {
		b->failed = true;
		return false;
	}
	sb_add_str(b, AS_STR(r));
	val_decref(r);
	return !b->failed;
}

bool sb_add_strv(StrBuf *b, Value v)
{
	Value r = obj_str(v);
	if (IS_NULL(r)) {
		b->failed = true;
		return false;
	}
	sb_add_str(b, AS_STR(r));
	val_decref(r);
	return !b->failed;
}

Str *sb_finish(StrBuf *b)
{
	if (b->failed) {
		sb_free(b);
		return NULL;
	}
	Str *s = str_new(b->p, b->n);
	sb_free(b);
	return s;
}

void sb_free(StrBuf *b)
{
	if (b->p != b->small)
		mem_free(b->p, b->cap);
	b->p = b->small;
	b->n = 0;
	b->cap = sizeof b->small;
}

/* ---- init -------------------------------------------------------------- */

void str_types_init(void)
{
	str_type.dealloc = str_dealloc;
	str_intern_init();
	empty_str = str_alloc(0);
	empty_str->len = 0;
	empty_str->ascii = true;
	empty_str = str_intern_str(empty_str);
	for (uint32_t c = 0; c < 256; c++) {
		Str *s = str_from_cp(c);
		latin1_chars[c] = c < 128 ? str_intern_str(s) : s;
	}
#define X(n) ids.n = str_intern(#n);
	IDS(X)
#undef X
}
