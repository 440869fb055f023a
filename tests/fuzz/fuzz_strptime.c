/* tests/fuzz/fuzz_strptime.c -- libFuzzer target of the datetime text
 * cores: the input is "data\nformat"; runs strptime (and its datetime
 * checks), the three fromisoformat parsers on the data, and strftime of
 * the format, checking results stay in range. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/dt_parse.h"
#include "worker/modules/datetime/strptime.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *nl = memchr(s, '\n', size);
	size_t dlen = nl ? (size_t)(nl - s) : size;
	const char *fmt = nl ? nl + 1 : "";
	size_t flen = nl ? size - dlen - 1 : 0;
	struct strptime_result r;
	struct core_error err;

	if (dt_strptime(s, dlen, fmt, flen, &r, &err) == 0) {
		CHECK(r.month >= 1 && r.month <= 12 && r.day >= 1 && r.day <= 31);
		/* julian may pass 366: _strptime keeps the %G/%V and %U/%W day count */
		CHECK(r.julian >= 1 && r.weekday >= 0 && r.weekday <= 6);
		(void)dt_strptime_datetime_check(&r, &err);
	}
	struct dt_iso iso;
	if (dt_date_fromisoformat(s, dlen, &iso, &err) == 0)
		CHECK(iso.year >= 1 && iso.year <= 9999);
	if (dt_time_fromisoformat(s, dlen, &iso, &err) == 0)
		CHECK(iso.hour <= 23 && iso.usec <= 999999);
	if (dt_datetime_fromisoformat(s, dlen, &iso, &err) == 0)
		CHECK(iso.month >= 1 && iso.month <= 12);

	struct dt_tm tm = { 2020, 2, 29, 13, 5, 9, 5, 60, 0 };
	struct dt_delta off = { -1, 3600, 5 };
	struct text_buf b = TEXT_BUF_INIT;
	(void)dt_time_strftime(&b, fmt, flen, tm, NULL, 0, &err);
	text_buf_free(&b);
	(void)dt_datetime_strftime(&b, fmt, flen, &tm, 7, &off, "UTC-23:00", &err);
	text_buf_free(&b);
	return 0;
}
