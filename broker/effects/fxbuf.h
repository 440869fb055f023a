/* broker/effects/fxbuf.h -- a small growable byte buffer and the Python-style
 * text helpers the effects code builds messages with: repr() of a path the
 * way CPython prints it (surrogate-escaped bytes as \udcXX), a lossy UTF-8
 * copy (invalid bytes become U+FFFD) for JSON and policy input, and the
 * mapping from errno to CPython's OSError subclass and wording. */
#ifndef BOX_EFFECTS_FXBUF_H
#define BOX_EFFECTS_FXBUF_H

#include <stdarg.h>
#include <stddef.h>

struct fxbuf {
  char *p;   /* NUL-terminated once anything was put */
  size_t n;  /* bytes used (without the NUL) */
  size_t cap;
};

void fxbuf_put(struct fxbuf *b, const void *s, size_t n);
void fxbuf_puts(struct fxbuf *b, const char *s);
void fxbuf_printf(struct fxbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the text (never NULL: "" when empty) and leaves b empty. */
char *fxbuf_take(struct fxbuf *b);
void fxbuf_free(struct fxbuf *b);

/* Appends Python's repr() of the str whose file-system bytes are s[0..n). */
void fx_py_repr(struct fxbuf *b, const char *s, size_t n);
/* Appends s[0..n) as valid UTF-8 (each invalid byte becomes U+FFFD). */
void fx_lossy_utf8(struct fxbuf *b, const char *s, size_t n);
/* True when s[0..n) is valid UTF-8. */
int fx_valid_utf8(const char *s, size_t n);

/* CPython's OSError subclass for an errno ("FileNotFoundError", ...,
 * "OSError" for the rest). */
const char *fx_errno_exc(int err);

#endif
