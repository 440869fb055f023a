/* worker/text/codec_internal.h -- state shared by the codec loops
 * (codec.c) and the errors= handlers (codec_errors.c).  Private to the
 * library. */
#ifndef BOX_TEXT_CODEC_INTERNAL_H
#define BOX_TEXT_CODEC_INTERNAL_H

#include "worker/text/text_codec.h"

struct codec_ctx {
	enum text_codec codec;
	const char *ename;          /* codec name in exception messages */
	const char *errors;         /* errors= as given (NULL: strict) */
	size_t errors_len;
	int handler;                /* enum text_errors, -1 until looked up */
	struct text_buf *out;
	struct text_error *err;
};

/* Append ASCII replacement text in the codec's output encoding. */
int codec_put_ascii(struct codec_ctx *c, const char *rep, size_t n);

/* Unencodable code points [cstart, cend) of s, at bytes [bstart, bend).
 * Applies the handler; on TEXT_OK the caller resumes at bend/cend. */
int codec_encode_fail(struct codec_ctx *c, const char *s, size_t len,
		      size_t bstart, size_t bend, size_t cstart, size_t cend,
		      const char *reason);
/* Undecodable bytes [start, end) of s.  On TEXT_OK the caller resumes at
 * *newpos. */
int codec_decode_fail(struct codec_ctx *c, const unsigned char *s, size_t len,
		      size_t start, size_t end, const char *reason, size_t *newpos);

#endif
