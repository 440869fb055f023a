/* worker/text/text_buf.h -- the growable byte buffer, the allocator hook and
 * the error record shared by every function of the text library (libboxtext)
 * and of the numbers library (libboxnum), which writes into the same buffer.
 *
 * The library has no dependency on the interpreter's object model: inputs are
 * (const char *s, size_t len) byte buffers (Python str = UTF-8 with lone
 * surrogates U+D800..U+DFFF encoded as 3-byte sequences, each code point
 * encoded on its own; bytes = raw bytes) and results are appended to a
 * struct text_buf.  All memory goes through one process-wide allocator hook
 * so the interpreter's accounting allocator (and its 128 MiB single
 * allocation cap) sees every byte; the default is realloc/free.
 *
 * Status codes: every fallible function returns TEXT_OK (0) or a TEXT_E*
 * code.  Functions that can fail with a Python exception other than
 * MemoryError also take a struct text_error * that receives CPython's
 * exception type name and exact message. */
#ifndef BOX_TEXT_BUF_H
#define BOX_TEXT_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

enum text_status {
	TEXT_OK = 0,
	TEXT_ENOMEM,      /* MemoryError (allocator refused or size overflow) */
	TEXT_EVALUE,      /* ValueError */
	TEXT_EKEY,        /* KeyError */
	TEXT_ELOOKUP,     /* LookupError (unknown encoding / error handler) */
	TEXT_EENCODE,     /* UnicodeEncodeError */
	TEXT_EDECODE,     /* UnicodeDecodeError */
	TEXT_EOVERFLOW,   /* OverflowError */
	TEXT_ETYPE,       /* TypeError */
};

/* Allocator hook: behaves like realloc(ptr, new_size) when new_size > 0 and
 * like free(ptr) when new_size == 0 (returns NULL then).  old_size is the
 * size previously requested for ptr (0 when ptr is NULL).  Returns NULL on
 * failure, leaving ptr untouched. */
typedef void *(*text_realloc_fn)(void *ctx, void *ptr, size_t old_size, size_t new_size);

/* Set the process-wide allocator (NULL restores realloc/free).  Call once at
 * start-up, before any other text_* function. */
void text_set_allocator(text_realloc_fn fn, void *ctx);
/* Allocate / resize / free through the hook (used inside the library, and
 * by callers freeing memory the library handed over). */
void *text_mem_realloc(void *ptr, size_t old_size, size_t new_size);
void text_mem_free(void *ptr, size_t size);

/* A growable byte buffer.  Zero-initialise it (TEXT_BUF_INIT or
 * text_buf_init).  When data != NULL, data[len] == '\0' after every
 * successful operation, so results can be used as C strings when they hold
 * no NUL.  cap is the allocated size (>= len + 1). */
struct text_buf {
	char *data;
	size_t len;
	size_t cap;
};
#define TEXT_BUF_INIT { NULL, 0, 0 }

void text_buf_init(struct text_buf *b);
void text_buf_free(struct text_buf *b);               /* frees, back to empty */
void text_buf_clear(struct text_buf *b);              /* len = 0, keeps storage */
int text_buf_reserve(struct text_buf *b, size_t extra); /* room for len+extra */
int text_buf_append(struct text_buf *b, const void *p, size_t n);
int text_buf_putc(struct text_buf *b, char c);
int text_buf_put_cp(struct text_buf *b, uint32_t cp);  /* UTF-8 (surrogates as 3 bytes) */
int text_buf_fill(struct text_buf *b, char c, size_t n);   /* n copies of byte c */
/* count copies of the n-byte sequence s (a UTF-8 fill character, say) */
int text_buf_repeat(struct text_buf *b, const char *s, size_t n, size_t count);
int text_buf_printf(struct text_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Hand the storage to the caller: returns data (never NULL: an empty buffer
 * yields a 1-byte allocation holding '\0', or NULL on allocation failure),
 * sets *len and *cap (the size to pass to text_mem_free) and leaves b empty. */
char *text_buf_steal(struct text_buf *b, size_t *len, size_t *cap);

/* The exception a failed call should raise.  `type` is CPython's exception
 * class name ("ValueError", "UnicodeEncodeError", ...).  `msg` is args[0]
 * of the exception (for KeyError CPython's str() adds quotes around it);
 * for UnicodeEncodeError/UnicodeDecodeError it is the full str(exc) and the
 * object fields are filled in: encoding, start/end (code point indexes into
 * the str for encode, byte offsets into the bytes for decode) and reason. */
#define TEXT_ERROR_MSG_MAX 600
struct text_error {
	int status;               /* enum text_status */
	const char *type;         /* static string */
	char msg[TEXT_ERROR_MSG_MAX];
	char encoding[32];        /* Unicode*Error.encoding, e.g. "utf-8" */
	size_t start, end;        /* Unicode*Error.start / .end */
	const char *reason;       /* Unicode*Error.reason, static string */
};

/* Fill err (when non-NULL) and return status; used by the library. */
int text_error_set(struct text_error *err, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The exception class name for a status (TEXT_OK gives NULL). */
const char *text_status_type(int status);

#endif
