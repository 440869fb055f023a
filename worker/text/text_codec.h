/* worker/text/text_codec.h -- str.encode / bytes.decode for the codecs the
 * box supports (utf-8, ascii, latin-1, utf-16 and utf-32 with their byte
 * order variants), with every standard errors= handler and CPython 3.11's
 * exact LookupError / UnicodeEncodeError / UnicodeDecodeError texts.
 *
 * Like CPython, the errors handler name is only looked up when an error
 * actually happens: 'abc'.encode('ascii', 'bogus') succeeds. */
#ifndef BOX_TEXT_CODEC_H
#define BOX_TEXT_CODEC_H

#include <stddef.h>
#include "worker/text/text_buf.h"

enum text_codec {
	TEXT_CODEC_UTF8,
	TEXT_CODEC_ASCII,
	TEXT_CODEC_LATIN1,
	TEXT_CODEC_UTF16,      /* BOM + native (little) endian; decode honours a BOM */
	TEXT_CODEC_UTF16_LE,
	TEXT_CODEC_UTF16_BE,
	TEXT_CODEC_UTF32,
	TEXT_CODEC_UTF32_LE,
	TEXT_CODEC_UTF32_BE,
	TEXT_CODEC_UTF8_SIG,   /* utf-8 with a BOM written / skipped */
};

enum text_errors {
	TEXT_ERRORS_STRICT,
	TEXT_ERRORS_IGNORE,
	TEXT_ERRORS_REPLACE,
	TEXT_ERRORS_BACKSLASHREPLACE,
	TEXT_ERRORS_XMLCHARREFREPLACE,
	TEXT_ERRORS_NAMEREPLACE,
	TEXT_ERRORS_SURROGATEESCAPE,
	TEXT_ERRORS_SURROGATEPASS,
};

/* Find a codec by name, normalised as CPython does ("UTF8", "u8",
 * "utf_8", "latin1", "ISO-8859-1", "l1", "us-ascii", "utf-16le", ...).
 * Unknown: TEXT_ELOOKUP, "unknown encoding: <name as given>". */
int text_codec_lookup(const char *name, size_t len, enum text_codec *codec,
		      struct text_error *err);
/* codecs.lookup(name).name: "utf-8", "ascii", "iso8859-1", "utf-16-le"... */
const char *text_codec_name(enum text_codec codec);

/* errors= name -> handler; unknown: TEXT_ELOOKUP,
 * "unknown error handler name '<name>'". */
int text_errors_lookup(const char *name, size_t len, enum text_errors *handler,
		       struct text_error *err);

/* Encode the internal string s (well-formed, may hold lone surrogates) and
 * append the bytes to out.  errors == NULL means "strict".  Failures:
 * TEXT_EENCODE (err has encoding/start/end in code points/reason/msg),
 * TEXT_ELOOKUP (unknown handler), TEXT_ENOMEM. */
int text_encode(enum text_codec codec, const char *s, size_t len,
		const char *errors, size_t errors_len,
		struct text_buf *out, struct text_error *err);
/* Decode bytes and append the internal string to out.  Failures:
 * TEXT_EDECODE (start/end in bytes), TEXT_ELOOKUP, TEXT_ENOMEM. */
int text_decode(enum text_codec codec, const char *s, size_t len,
		const char *errors, size_t errors_len,
		struct text_buf *out, struct text_error *err);

/* str.encode / bytes.decode by name: look the codec up, then encode /
 * decode.  Like CPython, a LookupError (unknown handler) or TypeError from
 * a codec reached through the codec registry rather than CPython's C fast
 * path (e.g. "u8", "utf-16-le") is reworded "encoding with 'NAME' codec
 * failed (LookupError: ...)".  Use these from str.encode/bytes.decode. */
int text_encode_named(const char *encoding, size_t enc_len, const char *s, size_t len,
		      const char *errors, size_t errors_len,
		      struct text_buf *out, struct text_error *err);
int text_decode_named(const char *encoding, size_t enc_len, const char *s, size_t len,
		      const char *errors, size_t errors_len,
		      struct text_buf *out, struct text_error *err);

#endif
