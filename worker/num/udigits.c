/* udigits.c -- UTF-8 decoding, whitespace and decimal digits for the
 * number parsers (Unicode data from libunistring). */
#include "config.h"

#include <unictype.h>

#include "worker/num/udigits.h"

uint32_t num_utf8_next(const char *s, size_t len, size_t *pos)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = *pos;
	uint32_t c = u[i];
	int extra;
	if (c < 0x80) {
		*pos = i + 1;
		return c;
	}
	if (c >= 0xF0 && c <= 0xF4)
		extra = 3, c &= 0x07;
	else if (c >= 0xE0)
		extra = 2, c &= 0x0F;
	else if (c >= 0xC2 && c < 0xE0)
		extra = 1, c &= 0x1F;
	else
		goto raw;
	if (i + (size_t)extra >= len)
		goto raw;
	for (int k = 1; k <= extra; k++) {
		if ((u[i + (size_t)k] & 0xC0) != 0x80)
			goto raw;
		c = (c << 6) | (u[i + (size_t)k] & 0x3F);
	}
	*pos = i + 1 + (size_t)extra;
	return c;
raw:
	*pos = i + 1;
	return u[i];
}

bool num_uni_isspace(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
	switch (cp) {
	case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
	case 0x202F: case 0x205F: case 0x3000:
		return true;
	default:
		return cp >= 0x2000 && cp <= 0x200A;
	}
}

int num_uni_decimal(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= '0' && cp <= '9') ? (int)(cp - '0') : -1;
	return uc_decimal_value((ucs4_t)cp);
}
