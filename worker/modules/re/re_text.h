/* re_text.h -- internal text helpers shared by re_translate.c and
 * re_template.c (not part of the public API of libboxmodcores.a). */
#ifndef BOX_MODCORE_RE_TEXT_H
#define BOX_MODCORE_RE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growable NUL-terminated byte buffer; oom latches allocation failure. */
struct obuf {
	char *p;
	size_t len, cap;
	bool oom;
};

void re_ob_put(struct obuf *b, const char *s, size_t n);
void re_ob_str(struct obuf *b, const char *s);
void re_ob_fmt(struct obuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Inserts s at byte offset at (<= b->len). */
void re_ob_insert(struct obuf *b, size_t at, const char *s);

/* Appends c as UTF-8 (WTF-8 for surrogates) when is_str, else as a byte. */
void re_put_utf8(struct obuf *b, uint32_t c, bool is_str);
/* One character of an error message: UTF-8 for str patterns, \xNN for
 * the non-ASCII bytes of a bytes pattern (CPython's backslashreplace). */
void re_put_msg_char(struct obuf *b, uint32_t c, bool is_str);

#endif
