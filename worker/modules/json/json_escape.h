/* json_escape.h -- JSON encoder helpers as CPython 3.11's json.encoder / _json.c.
 *
 * String escaping (ensure_ascii or not), float text (repr, NaN/Infinity,
 * allow_nan=False), and the layout rules the object walker follows for
 * indent / separators.
 *
 * Layout (CPython's _iterencode_list/_iterencode_dict, and c_make_encoder):
 *  - an empty list or dict is written "[]" / "{}" whatever the options;
 *  - without indent (indent is None): "[" item (item_sep item)* "]", and
 *    "{" key key_sep value (item_sep key key_sep value)* "}";
 *  - with indent: let NL(l) = "\n" + indent * l, l the nesting level of the
 *    items (1 for the top container's items).  "[" NL(l) item (item_sep NL(l)
 *    item)* NL(l-1) "]"; dicts alike with key key_sep value.
 *  - indent as int n means n spaces (n <= 0: ""), as str is used as given;
 *    indent="" or 0 still inserts the newlines.
 *  - json.dumps defaults: separators (", ", ": ") without indent, (",", ": ")
 *    with indent (when separators is None). */
#ifndef BOX_MODCORE2_JSON_ESCAPE_H
#define BOX_MODCORE2_JSON_ESCAPE_H

#include <stddef.h>
#include "worker/num/num.h"
#include "worker/modules/core_error.h"

/* Appends the JSON string literal for s (WTF-8), quotes included.
 * ensure_ascii: everything outside ' '..'~' as \uXXXX (lower-case hex,
 * astral code points as surrogate pairs), '"' '\\' and \b \f \n \r \t short.
 * Otherwise only '"', '\\' and code points < 0x20 are escaped.
 * Returns 0 or -1 (out of memory). */
int json_escape_string(struct text_buf *out, const char *s, size_t len, int ensure_ascii);

/* Appends the JSON text of a float: repr(x), "NaN", "Infinity",
 * "-Infinity".  With allow_nan == 0 a non-finite x gives ValueError
 * "Out of range float values are not JSON compliant" (the C encoder's
 * text, used when indent is None) or, when python_encoder is set (the pure
 * Python encoder CPython uses when indent is not None), with ": nan" /
 * ": inf" / ": -inf" appended. */
int json_format_float(struct text_buf *out, double x, int allow_nan, int python_encoder,
		      struct core_error *err);

struct json_layout {
	const char *indent;	/* NULL: indent is None */
	size_t indent_len;
	const char *item_sep;
	size_t item_sep_len;
	const char *key_sep;
	size_t key_sep_len;
};

/* Fills the indent of a layout from an int indent (n spaces) into
 * buf (size bufsz); returns -1 when n does not fit. */
int json_layout_int_indent(struct json_layout *lay, long n, char *buf, size_t bufsz);

/* Before item number `index` (0-based) of a container whose items are at
 * nesting level `level` (>= 1): item_sep unless first, then NL(level). */
int json_write_item_prefix(struct text_buf *out, const struct json_layout *lay, size_t index,
			   int level);
/* Between a dict key and its value. */
int json_write_key_sep(struct text_buf *out, const struct json_layout *lay);
/* Closing a non-empty container whose items were at `level`: NL(level-1)
 * then close ('}' or ']'). */
int json_write_close(struct text_buf *out, const struct json_layout *lay, int level, char close);

#endif
