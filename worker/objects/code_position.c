/* code_position.c -- reading a code object's per-instruction source
 * positions (CPython's co_positions): the compact table the compiler writes
 * (worker/compile/compile.c: postab_encode) after the Code struct, decoded
 * one run at a time.  Tracebacks, frame line numbers and the compiler's
 * own warnings ask it; nothing decodes the table unless asked.
 */
#include "config.h"

#include "worker/runtime/runtime.h"

static uint32_t postab_varint(const uint8_t **sp, const uint8_t *end)
{
	uint32_t v = 0;
	int shift = 0;
	const uint8_t *s = *sp;
	while (s < end) {
		uint8_t b = *s++;
		if (shift < 32)
			v |= (uint32_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			break;
	}
	*sp = s;
	return v;
}

static int postab_unzig(uint32_t v)
{
	return (v & 1) ? -(int)(v >> 1) - 1 : (int)(v >> 1);
}

bool code_position(const Code *co, int lasti, struct code_pos *out)
{
	if (lasti < 0 || (size_t)lasti >= co->ninsns || !co->postab)
		return false;
	const uint8_t *s = co->postab, *end = co->postab + co->npostab;
	size_t idx = 0;
	int line = co->firstline;
	while (s < end) {
		uint8_t b = *s++;
		size_t run;
		int end_line, col, end_col;
		if (b < 0x80) {
			if (s >= end)
				break;
			run = 1;
			end_line = line;
			col = b;
			end_col = b + *s++;
		} else if (b >= 0xc0) {
			if (end - s < 2)
				break;
			run = 1;
			line += (b & 0x3f) + 1;
			end_line = line;
			col = s[0];
			end_col = s[0] + s[1];
			s += 2;
		} else {
			run = (size_t)(b & 0x3f) + 1;
			line += postab_unzig(postab_varint(&s, end));
			end_line = line + postab_unzig(postab_varint(&s, end));
			col = (int)postab_varint(&s, end) - 1;
			end_col = (int)postab_varint(&s, end) - 1;
		}
		if ((size_t)lasti < idx + run) {
			out->line = line;
			out->end_line = end_line;
			out->col = col;
			out->end_col = end_col;
			return true;
		}
		idx += run;
	}
	return false;
}
