/* int_to_str.c -- str(int), bin/oct/hex, and the digit strings used by
 * format() and %-formatting, with sys.int_max_str_digits enforced for
 * decimal output as CPython 3.11 does. */
#include "config.h"

#include <string.h>

#include "worker/num/format_internal.h"
#include "worker/num/parse.h"

static int too_many_digits(struct num_error *err)
{
	return num_error_set(err, "ValueError",
			     "Exceeds the limit (%lld digits) for integer string conversion; "
			     "use sys.set_int_max_str_digits() to increase the limit",
			     (long long)num_get_int_max_str_digits());
}

static int u64_digits(struct text_buf *out, uint64_t m, int base, bool upper)
{
	const char *alphabet = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[72];
	size_t i = sizeof tmp;
	do {
		tmp[--i] = alphabet[m % (unsigned)base];
		m /= (unsigned)base;
	} while (m);
	return num_buf_append(out, tmp + i, sizeof tmp - i);
}

int num_int_abs_digits(struct text_buf *out, const struct num_int *v, int base, bool upper,
		       struct num_error *err)
{
	int64_t limit = base == 10 ? num_get_int_max_str_digits() : 0;
	if (!v->big) {
		uint64_t m = v->small < 0 ? (uint64_t)0 - (uint64_t)v->small : (uint64_t)v->small;
		return u64_digits(out, m, base, upper) < 0 ? num_error_nomem(err) : 0;
	}
	size_t size = mpz_sizeinbase(v->big, base);   /* exact or one too big */
	if (limit > 0 && size - 1 > (uint64_t)limit)
		return too_many_digits(err);
	if (num_buf_reserve(out, size + 2) < 0)
		return num_error_nomem(err);
	char *d = out->data + out->len;
	mpz_get_str(d, upper ? -base : base, v->big);
	size_t n = strlen(d);
	if (d[0] == '-') {
		memmove(d, d + 1, n);
		n--;
	}
	if (limit > 0 && n > (uint64_t)limit) {
		d[0] = '\0';
		return too_many_digits(err);
	}
	out->len += n;
	return 0;
}

int num_int_to_decimal(struct text_buf *out, const struct num_int *v, struct num_error *err)
{
	size_t mark = out->len;
	if (num_int_sign(v) < 0 && num_buf_putc(out, '-') < 0)
		return num_error_nomem(err);
	if (num_int_abs_digits(out, v, 10, false, err) < 0) {
		out->len = mark;
		if (out->data)
			out->data[mark] = '\0';
		return -1;
	}
	return 0;
}

int num_int_to_base(struct text_buf *out, const struct num_int *v, int base, bool prefix,
		    struct num_error *err)
{
	if (num_int_sign(v) < 0 && num_buf_putc(out, '-') < 0)
		return num_error_nomem(err);
	if (prefix && base != 10) {
		const char *p = base == 2 ? "0b" : base == 8 ? "0o" : "0x";
		if (num_buf_append(out, p, 2) < 0)
			return num_error_nomem(err);
	}
	return num_int_abs_digits(out, v, base, false, err);
}
