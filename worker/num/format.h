/* format.h -- the format-spec mini-language of CPython 3.11:
 *   [[fill]align][sign][z][#][0][width][grouping][.precision][type]
 * as used by format(), str.format() and f-strings, for int, float and str.
 *
 * `type_name` is the Python type name used in "Unknown format code 'x' for
 * object of type 'T'" (pass the object's type name so subclasses show
 * their own; NULL means "int" / "float" / "str").  An empty spec is handled
 * here too (format(x, '') == str(x)) except for bool: int.__format__ with
 * an empty spec is str(self), which the caller must do for bool ('True').
 */
#ifndef BOX_NUM_FORMAT_H
#define BOX_NUM_FORMAT_H

#include "worker/num/num.h"

struct num_format_spec {
	uint32_t fill;       /* fill code point (default ' ') */
	char fill_utf8[5];   /* its UTF-8 form, NUL-terminated */
	uint8_t fill_len;    /* bytes in fill_utf8 */
	char align;          /* '<' '>' '^' '='; the type's default when not given
	                        ('<' for str, '>' for numbers, '=' after a '0') */
	char sign;           /* '+' '-' ' ' or 0 when not given */
	bool no_neg_zero;    /* 'z' */
	bool alternate;      /* '#' */
	int64_t width;       /* -1 when not given */
	char thousands;      /* ',' '_' or 0 */
	int64_t precision;   /* -1 when not given */
	uint32_t type;       /* presentation type (a code point); the default
	                        type ('d', 's' or 0 for float) when not given */
	uint8_t group_size;  /* 3, or 4 for '_' with b/o/x/X, 0 without grouping */
};

/* Parses a spec (UTF-8, not NUL-terminated) as CPython's
 * parse_internal_render_format_spec.  `default_type` is 'd' for int, 's'
 * for str and 0 for float; type_name is used in "Invalid format specifier
 * 'spec' for object of type 'T'".  Other errors: "Too many decimal digits
 * in format string", "Format specifier missing precision", "Cannot specify
 * both ',' and '_'.", "Cannot specify ',' with 'x'."... */
int num_format_spec_parse(const char *spec, size_t len, char default_type,
			  const char *type_name, struct num_format_spec *out,
			  struct num_error *err);

/* format(v, spec) for int (int.__format__). */
int num_format_int(struct text_buf *out, const struct num_int *v,
		   const char *spec, size_t speclen, const char *type_name,
		   struct num_error *err);

/* format(x, spec) for float (float.__format__). */
int num_format_float(struct text_buf *out, double x,
		     const char *spec, size_t speclen, const char *type_name,
		     struct num_error *err);

/* format(s, spec) for str (str.__format__); s is UTF-8 (WTF-8 ok); width
 * and precision count code points. */
int num_format_str(struct text_buf *out, const char *s, size_t len,
		   const char *spec, size_t speclen, const char *type_name,
		   struct num_error *err);

/* Lower-level entry points over a parsed spec (str.format's caller may
 * parse once and reuse). */
int num_format_int_spec(struct text_buf *out, const struct num_int *v,
			const struct num_format_spec *spec, const char *type_name,
			struct num_error *err);
int num_format_float_spec(struct text_buf *out, double x,
			  const struct num_format_spec *spec, const char *type_name,
			  struct num_error *err);
int num_format_str_spec(struct text_buf *out, const char *s, size_t len,
			const struct num_format_spec *spec, const char *type_name,
			struct num_error *err);

/* Appends the UTF-8 encoding of code point cp (0..0x10FFFF; surrogates as
 * WTF-8).  Returns bytes written, or -1 on memory exhaustion. */
int num_utf8_put(struct text_buf *out, uint32_t cp);

/* Number of code points in UTF-8/WTF-8 text (counts non-continuation bytes). */
size_t num_utf8_count(const char *s, size_t len);

#endif
