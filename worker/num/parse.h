/* parse.h -- text <-> number conversions of CPython 3.11: float(str),
 * int(str, base), str(int) / repr(int) and bin/oct/hex, with the
 * int_max_str_digits limit (default 4300 digits).
 *
 * Input text is UTF-8.  As CPython, surrounding Unicode whitespace is
 * stripped and Unicode decimal digits (category Nd) count as digits.
 */
#ifndef BOX_NUM_PARSE_H
#define BOX_NUM_PARSE_H

#include "worker/num/num.h"

/* float(s): decimal/exponent syntax with single '_' between digits,
 * inf/infinity/nan in any case with an optional sign; no hex.  Error:
 * ValueError "could not convert string to float: <repr(s)>". */
int num_parse_float(const char *s, size_t len, double *out, struct num_error *err);

/* int(s, base): base 0 or 2..36 (other bases: ValueError "int() base must
 * be >= 2 and <= 36, or 0"); prefixes 0b/0o/0x allowed when they match the
 * base (or base 0); '_' after the prefix and between digits; base 0
 * refuses leading zeros ("010").  Errors: "invalid literal for int() with
 * base N: <repr(s) truncated to 200 chars>", and the digit limit for
 * bases that are not powers of two: "Exceeds the limit (4300 digits) for
 * integer string conversion: value has N digits; use
 * sys.set_int_max_str_digits() to increase the limit". */
int num_parse_int(const char *s, size_t len, int base, struct num_intres *out,
		  struct num_error *err);

/* Same for an int literal already checked by the tokenizer (ASCII, no
 * whitespace; base from its prefix); used by the compiler.  The digit
 * limit applies as in CPython 3.11, reported as a SyntaxError whose
 * message ends " - Consider hexadecimal for huge integer literals to
 * avoid decimal conversion limits.". */
int num_parse_int_literal(const char *s, size_t len, struct num_intres *out,
			  struct num_error *err);

/* str(v): decimal; ValueError "Exceeds the limit (4300 digits) for integer
 * string conversion; use sys.set_int_max_str_digits() to increase the
 * limit" when too long. */
int num_int_to_decimal(struct text_buf *out, const struct num_int *v, struct num_error *err);

/* bin/oct/hex: base 2, 8 or 16, lower-case digits, with the 0b/0o/0x
 * prefix when `prefix` (after the '-' sign). */
int num_int_to_base(struct text_buf *out, const struct num_int *v, int base, bool prefix,
		    struct num_error *err);

#endif
