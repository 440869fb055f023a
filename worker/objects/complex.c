/* complex.c -- the complex type as CPython 3.11 has it: the constructor
 * (numbers, strings such as ' (1-2j) ', __complex__), repr/str, format()
 * specs, arithmetic with int/float on either side, ** (exact repeated
 * multiplication for small integral exponents), abs, hash, == and !=.
 *
 * A complex is an immutable heap object holding two doubles; instances of
 * subclasses keep that layout (the class adds their __dict__ after it) and
 * every operation returns an exact complex, as CPython's.  Binary
 * operators accept an int, bool, float or complex on either side and turn
 * the other operand into a complex with a 0.0 imaginary part first (as
 * CPython's TO_COMPLEX), so signed zeros and nans come out as CPython's.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/num/num.h"
#include "worker/num/dtoa.h"
#include "worker/num/format.h"
#include "worker/num/hash.h"
#include "worker/num/parse.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_utf8.h"

Value num_raise(struct num_error *e);   /* int.c: raises a libboxnum error */

typedef struct Cpx {
	double re, im;
} Cpx;

typedef struct Complex {
	Obj ob;
	Cpx value;
} Complex;

/* complex or a subclass (whose instances keep the Complex layout, with
 * the instance dict after it) */
#define IS_COMPLEX(v) ((v).tag == V_OBJ && ((v).u.o->type == &complex_type || \
					     type_is_subtype((v).u.o->type, &complex_type)))
#define AS_CPX(x) (((Complex *)(x).u.o)->value)

Value complex_new_value(double re, double im);
Value complex_new_value(double re, double im)
{
	Complex *c = (Complex *)obj_alloc(&complex_type, sizeof(Complex));
	if (!c)
		return v_null();
	c->value.re = re;
	c->value.im = im;
	return v_obj(&c->ob);
}

static Value from_cpx(Cpx c) { return complex_new_value(c.re, c.im); }

/* An operand of a binary operator as a complex: 1 done, 0 not a number
 * complex knows (NotImplemented), -1 error (an int too large for a float). */
static int operand_to_cpx(Value v, Cpx *out)
{
	if (IS_COMPLEX(v)) {
		*out = AS_CPX(v);
		return 1;
	}
	if (v.tag == V_FLOAT || is_intlike(v)) {
		out->im = 0.0;
		return val_to_double(v, &out->re) ? 1 : -1;
	}
	return 0;
}

/* ---- arithmetic cores (CPython's _Py_c_*) ---------------------------------- */

static Cpx cpx_prod(Cpx a, Cpx b)
{
	Cpx r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
	return r;
}

/* a / b by Smith's method; sets errno = EDOM when b is zero. */
static Cpx cpx_quot(Cpx a, Cpx b)
{
	Cpx r;
	double abs_re = fabs(b.re), abs_im = fabs(b.im);
	if (abs_re >= abs_im) {
		if (abs_re == 0.0) {
			errno = EDOM;
			r.re = r.im = 0.0;
		} else {
			double ratio = b.im / b.re;
			double denom = b.re + b.im * ratio;
			r.re = (a.re + a.im * ratio) / denom;
			r.im = (a.im - a.re * ratio) / denom;
		}
	} else if (abs_im >= abs_re) {
		double ratio = b.re / b.im;
		double denom = b.re * ratio + b.im;
		r.re = (a.re * ratio + a.im) / denom;
		r.im = (a.im * ratio - a.re) / denom;
	} else {
		r.re = r.im = NAN;   /* a nan in b */
	}
	return r;
}

/* a ** b through polar form; errno = EDOM for 0 to a negative or complex power. */
static Cpx cpx_pow_polar(Cpx a, Cpx b)
{
	Cpx r;
	if (b.re == 0.0 && b.im == 0.0) {
		r.re = 1.0;
		r.im = 0.0;
	} else if (a.re == 0.0 && a.im == 0.0) {
		if (b.im != 0.0 || b.re < 0.0)
			errno = EDOM;
		r.re = r.im = 0.0;
	} else {
		double vabs = hypot(a.re, a.im);
		double len = pow(vabs, b.re);
		double at = atan2(a.im, a.re);
		double phase = at * b.re;
		if (b.im != 0.0) {
			len /= exp(at * b.im);
			phase += b.im * log(vabs);
		}
		r.re = len * cos(phase);
		r.im = len * sin(phase);
	}
	return r;
}

/* x ** n for n >= 0 by repeated squaring (exact for small powers). */
static Cpx cpx_pow_unsigned(Cpx x, long n)
{
	Cpx r = {1.0, 0.0}, p = x;
	for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
		if (n & mask)
			r = cpx_prod(r, p);
		p = cpx_prod(p, p);
	}
	return r;
}

static Cpx cpx_pow_int(Cpx x, long n)
{
	Cpx one = {1.0, 0.0};
	if (n > 0)
		return cpx_pow_unsigned(x, n);
	return cpx_quot(one, cpx_pow_unsigned(x, -n));
}

/* complex_pow: the result, or NULL with ZeroDivisionError / OverflowError. */
static Value cpx_power(Cpx a, Cpx b)
{
	Cpx p;
	errno = 0;
	if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 100.0)
		p = cpx_pow_int(a, (long)b.re);
	else
		p = cpx_pow_polar(a, b);
	if (isinf(p.re) || isinf(p.im)) {
		if (errno == 0)
			errno = ERANGE;
	} else if (errno == ERANGE) {
		errno = 0;
	}
	if (errno == EDOM)
		return err_null_format(Exc_ZeroDivisionError, "0.0 to a negative or complex power");
	if (errno == ERANGE)
		return err_null_format(Exc_OverflowError, "complex exponentiation");
	return from_cpx(p);
}

/* float.c: a negative float to a fractional power is complex(a) ** complex(b). */
Value complex_pow_real(double a, double b);
Value complex_pow_real(double a, double b)
{
	Cpx x = {a, 0.0}, y = {b, 0.0};
	return cpx_power(x, y);
}

static Value complex_binop(Value a, Value b, int op)
{
	Cpx x, y;
	int rc = operand_to_cpx(a, &x);
	if (rc <= 0)
		return rc < 0 ? v_null() : v_notimpl();
	rc = operand_to_cpx(b, &y);
	if (rc <= 0)
		return rc < 0 ? v_null() : v_notimpl();
	Cpx r;
	switch (op) {
	case NB_ADD:
		r.re = x.re + y.re;
		r.im = x.im + y.im;
		return from_cpx(r);
	case NB_SUB:
		r.re = x.re - y.re;
		r.im = x.im - y.im;
		return from_cpx(r);
	case NB_MUL:
		return from_cpx(cpx_prod(x, y));
	case NB_TRUEDIV:
		errno = 0;
		r = cpx_quot(x, y);
		if (errno == EDOM)
			return err_null_format(Exc_ZeroDivisionError, "complex division by zero");
		return from_cpx(r);
	case NB_POW:
		return cpx_power(x, y);
	default:
		return v_notimpl();
	}
}

#define COMPLEX_NB(name, op) static Value name(Value a, Value b) { return complex_binop(a, b, op); }
COMPLEX_NB(complex_add, NB_ADD)
COMPLEX_NB(complex_sub, NB_SUB)
COMPLEX_NB(complex_mul, NB_MUL)
COMPLEX_NB(complex_div, NB_TRUEDIV)
COMPLEX_NB(complex_pow, NB_POW)

static Value complex_neg(Value v)
{
	Cpx c = AS_CPX(v);
	return complex_new_value(-c.re, -c.im);
}

static Value complex_pos(Value v)
{
	if (obj_is(v, &complex_type))
		return val_incref(v);
	return from_cpx(AS_CPX(v));
}

static Value complex_abs(Value v)
{
	Cpx c = AS_CPX(v);
	if (isinf(c.re))
		return v_float(fabs(c.re));
	if (isinf(c.im))
		return v_float(fabs(c.im));
	if (isnan(c.re) || isnan(c.im))
		return v_float(NAN);
	double r = hypot(c.re, c.im);
	if (!isfinite(r))
		return err_null_format(Exc_OverflowError, "absolute value too large");
	return v_float(r);
}

static int complex_truth(Value v)
{
	Cpx c = AS_CPX(v);
	return c.re != 0.0 || c.im != 0.0;
}

static bool complex_hash(Value v, int64_t *out)
{
	Cpx c = AS_CPX(v);
	uint64_t hre = (uint64_t)num_hash_double(c.re, v.u.o);
	uint64_t him = (uint64_t)num_hash_double(c.im, v.u.o);
	uint64_t combined = hre + 1000003u * him;   /* _PyHASH_IMAG */
	if (combined == (uint64_t)-1)
		combined = (uint64_t)-2;
	*out = (int64_t)combined;
	return true;
}

/* Only == and != are defined; ordering falls through to the TypeError. */
static Value complex_richcmp(Value a, Value b, int op)
{
	if ((op != CMP_EQ && op != CMP_NE) || !IS_COMPLEX(a))
		return v_notimpl();
	Cpx x = AS_CPX(a);
	bool equal;
	if (is_intlike(b)) {
		if (x.im == 0.0)
			return obj_richcmp(v_float(x.re), b, op);
		equal = false;
	} else if (b.tag == V_FLOAT) {
		equal = x.re == b.u.f && x.im == 0.0;
	} else if (IS_COMPLEX(b)) {
		Cpx y = AS_CPX(b);
		equal = x.re == y.re && x.im == y.im;
	} else {
		return v_notimpl();
	}
	return v_bool(op == CMP_EQ ? equal : !equal);
}

/* ---- repr and format() -------------------------------------------------- */

/* Appends one double as PyOS_double_to_string would. */
static bool put_double(struct text_buf *b, double x, char code, int precision, int flags)
{
	if (num_double_to_string(b, x, code, precision, flags) < 0) {
		err_no_memory();
		return false;
	}
	return true;
}

static Value buf_to_str(struct text_buf *b)
{
	Str *s = str_new(b->data ? b->data : "", b->len);
	text_buf_free(b);
	return str_value(s);
}

static Value complex_repr(Value v)
{
	Cpx c = AS_CPX(v);
	struct text_buf b = TEXT_BUF_INIT;
	bool ok;
	if (c.re == 0.0 && !signbit(c.re)) {
		/* a +0 real part is left out, and so are the parentheses */
		ok = put_double(&b, c.im, 'r', 0, 0) && num_buf_putc(&b, 'j') == 0;
	} else {
		ok = num_buf_putc(&b, '(') == 0 && put_double(&b, c.re, 'r', 0, 0) &&
		     put_double(&b, c.im, 'r', 0, NUM_DTSF_SIGN) && num_buf_puts(&b, "j)") == 0;
	}
	if (!ok) {
		text_buf_free(&b);
		if (!err_occurred())
			err_no_memory();
		return v_null();
	}
	return buf_to_str(&b);
}

/* One part of a formatted complex: [sign][grouped digits][rest], as
 * CPython's calc_number_widths/fill_number without padding. */
static bool put_part(struct text_buf *out, double x, char code, int precision, int flags,
		     char sign_rule, char thousands)
{
	struct text_buf t = TEXT_BUF_INIT;
	if (!put_double(&t, x, code, precision, flags)) {
		text_buf_free(&t);
		return false;
	}
	const char *p = t.data ? t.data : "";
	size_t n = t.len;
	int rc = 0;
	if (n && p[0] == '-') {
		rc |= num_buf_putc(out, '-');
		p++;
		n--;
	} else if (sign_rule == '+' || sign_rule == ' ') {
		rc |= num_buf_putc(out, sign_rule);
	}
	size_t ndigits = 0;
	while (ndigits < n && p[ndigits] >= '0' && p[ndigits] <= '9')
		ndigits++;
	for (size_t i = 0; i < ndigits; i++) {
		if (thousands && i && (ndigits - i) % 3 == 0)
			rc |= num_buf_putc(out, thousands);
		rc |= num_buf_putc(out, p[i]);
	}
	rc |= num_buf_append(out, p + ndigits, n - ndigits);
	text_buf_free(&t);
	if (rc) {
		err_no_memory();
		return false;
	}
	return true;
}

static Value complex_format(Cpx c, Str *spec_text)
{
	struct num_format_spec spec;
	struct num_error e = NUM_ERROR_INIT;
	if (num_format_spec_parse(spec_text->data, spec_text->nbytes, 0, "complex", &spec, &e) < 0)
		return num_raise(&e);
	if (spec.fill == '0')
		return err_null_format(Exc_ValueError, "Zero padding is not allowed in complex format specifier");
	if (spec.align == '=')
		return err_null_format(Exc_ValueError, "'=' alignment flag is not allowed in complex format specifier");
	uint32_t type = spec.type;
	if (type != 0 && !strchr("eEfFgGn", (int)type)) {
		if (type < 0x80)
			return err_null_format(Exc_ValueError, "Unknown format code '%c' for object of type 'complex'", (char)type);
		return err_null_format(Exc_ValueError, "Unknown format code '\\x%x' for object of type 'complex'", (unsigned)type);
	}
	if (spec.precision > INT32_MAX - 2)
		return err_null_format(Exc_ValueError, "precision too big");
	int flags = (spec.alternate ? NUM_DTSF_ALT : 0) | (spec.no_neg_zero ? NUM_DTSF_NO_NEG_0 : 0);
	int precision = (int)spec.precision;
	bool skip_re = false, parens = false;
	char code = (char)type;
	int default_precision = 6;
	if (type == 0) {
		/* like str(self): repr digits, +0 real part left out */
		code = 'r';
		default_precision = 0;
		if (c.re == 0.0 && !signbit(c.re))
			skip_re = true;
		else
			parens = true;
	}
	if (code == 'n')
		code = 'g';
	if (precision < 0)
		precision = default_precision;
	else if (code == 'r')
		code = 'g';

	struct text_buf body = TEXT_BUF_INIT;
	bool ok = true;
	if (parens)
		ok = num_buf_putc(&body, '(') == 0;
	if (ok && !skip_re)
		ok = put_part(&body, c.re, code, precision, flags, spec.sign, spec.thousands);
	if (ok)
		ok = put_part(&body, c.im, code, precision, flags, skip_re ? spec.sign : '+', spec.thousands);
	if (ok)
		ok = num_buf_putc(&body, 'j') == 0 && (!parens || num_buf_putc(&body, ')') == 0);
	if (!ok) {
		text_buf_free(&body);
		if (!err_occurred())
			err_no_memory();
		return v_null();
	}
	if (spec.width <= (int64_t)body.len)
		return buf_to_str(&body);
	if (spec.width > ((int64_t)1 << 31)) {
		text_buf_free(&body);
		err_no_memory();
		return v_null();
	}
	size_t pad = (size_t)spec.width - body.len, left;
	if (spec.align == '<')
		left = 0;
	else if (spec.align == '^')
		left = pad / 2;
	else
		left = pad;
	struct text_buf out = TEXT_BUF_INIT;
	if (num_buf_repeat(&out, spec.fill_utf8, spec.fill_len, left) < 0 ||
	    num_buf_append(&out, body.data, body.len) < 0 ||
	    num_buf_repeat(&out, spec.fill_utf8, spec.fill_len, pad - left) < 0) {
		text_buf_free(&out);
		text_buf_free(&body);
		err_no_memory();
		return v_null();
	}
	text_buf_free(&body);
	return buf_to_str(&out);
}

/* ---- the constructor -------------------------------------------------------- */

static Value malformed(void)
{
	return err_null_format(Exc_ValueError, "complex() arg is a malformed string");
}

static bool is_ascii_space(char ch)
{
	return ch == ' ' || (ch >= '\t' && ch <= '\r');
}

/* Length of the longest float literal at the start of s (strtod syntax
 * without hex): [sign] digits [. digits] [exponent] | inf | infinity | nan. */
static size_t float_prefix_len(const char *s, size_t n)
{
	size_t i = 0;
	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	static const char *const words[] = {"infinity", "inf", "nan"};
	for (size_t w = 0; w < 3; w++) {
		size_t wl = strlen(words[w]);
		if (n - i >= wl && strncasecmp(s + i, words[w], wl) == 0)
			return i + wl;
	}
	size_t digits = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9') {
		i++;
		digits++;
	}
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			i++;
			digits++;
		}
	}
	if (!digits)
		return 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1;
		if (j < n && (s[j] == '+' || s[j] == '-'))
			j++;
		if (j < n && s[j] >= '0' && s[j] <= '9') {
			while (j < n && s[j] >= '0' && s[j] <= '9')
				j++;
			i = j;
		}
	}
	return i;
}

/* Reads a float at s[*pos]; false (nothing consumed) when there is none. */
static bool read_float(const char *s, size_t n, size_t *pos, double *out)
{
	size_t len = float_prefix_len(s + *pos, n - *pos);
	if (!len)
		return false;
	struct num_error e = NUM_ERROR_INIT;
	if (num_parse_float(s + *pos, len, out, &e) < 0) {
		num_error_clear(&e);
		return false;
	}
	*pos += len;
	return true;
}

/* complex_from_string_inner over ASCII text without underscores. */
static Value parse_complex_ascii(const char *s, size_t n)
{
	size_t i = 0;
	double x = 0.0, y = 0.0, z;
	bool bracket = false;
	while (i < n && is_ascii_space(s[i]))
		i++;
	if (i < n && s[i] == '(') {
		bracket = true;
		i++;
		while (i < n && is_ascii_space(s[i]))
			i++;
	}
	if (read_float(s, n, &i, &z)) {
		if (i < n && (s[i] == '+' || s[i] == '-')) {
			x = z;
			if (!read_float(s, n, &i, &y)) {
				y = s[i] == '+' ? 1.0 : -1.0;
				i++;
			}
			if (i >= n || (s[i] != 'j' && s[i] != 'J'))
				return malformed();
			i++;
		} else if (i < n && (s[i] == 'j' || s[i] == 'J')) {
			i++;
			y = z;
		} else {
			x = z;
		}
	} else {
		if (i < n && (s[i] == '+' || s[i] == '-')) {
			y = s[i] == '+' ? 1.0 : -1.0;
			i++;
		} else {
			y = 1.0;
		}
		if (i >= n || (s[i] != 'j' && s[i] != 'J'))
			return malformed();
		i++;
	}
	while (i < n && is_ascii_space(s[i]))
		i++;
	if (bracket) {
		if (i >= n || s[i] != ')')
			return malformed();
		i++;
		while (i < n && is_ascii_space(s[i]))
			i++;
	}
	if (i != n)
		return malformed();
	return complex_new_value(x, y);
}

static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* complex(str): Unicode spaces and decimal digits become ASCII, an
 * underscore must sit between two digits and is dropped, then the text is
 * parsed.  Any other non-ASCII character makes the string malformed. */
static Value complex_from_str(Str *str)
{
	const char *s = str->data;
	size_t n = str->nbytes;
	char *ascii = mem_alloc(n + 1);
	if (!ascii)
		return v_null();
	size_t len = 0, pos = 0;
	while (pos < n) {
		uint32_t cp = text_utf8_next(s, n, &pos);
		int dec;
		if (cp < 0x80)
			ascii[len++] = (char)cp;
		else if (text_cp_isspace(cp))
			ascii[len++] = ' ';
		else if ((dec = text_cp_decimal(cp)) >= 0)
			ascii[len++] = (char)('0' + dec);
		else
			ascii[len++] = '?';
	}
	/* drop underscores that sit between digits; any other one is an error */
	size_t kept = 0;
	bool bad = false;
	for (size_t i = 0; i < len; i++) {
		if (ascii[i] == '_') {
			if (i == 0 || i + 1 >= len || !is_digit(ascii[i - 1]) || !is_digit(ascii[i + 1]))
				bad = true;
			continue;
		}
		ascii[kept++] = ascii[i];
	}
	Value r;
	if (bad) {
		Value shown = str_repr_value(str);
		r = err_null_format(Exc_ValueError, "could not convert string to complex: %s",
				    IS_NULL(shown) ? "?" : AS_STR(shown)->data);
		val_decref(shown);
	} else {
		r = parse_complex_ascii(ascii, kept);
	}
	mem_free(ascii, n + 1);
	return r;
}

/* __complex__ of an object that is not a complex: NULL without an error
 * when it has none. */
static Value call_dunder_complex(Value v)
{
	if (obj_is(v, &complex_type) || !IS_OBJ(v))
		return v_null();
	static Str *name;
	if (!name)
		name = str_intern("__complex__");   /* kept for the process's life */
	if (IS_NULL(type_lookup(val_type(v), name)))
		return v_null();
	Value m = obj_getattr(v, name);
	if (IS_NULL(m))
		return m;
	Value r = call0(m);
	val_decref(m);
	if (IS_NULL(r))
		return r;
	if (!IS_COMPLEX(r)) {
		err_format(Exc_TypeError, "__complex__ returned non-complex (type %s)", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

static bool is_real_number(Value v)
{
	Type *t = val_type(v);
	return v.tag == V_FLOAT || is_intlike(v) || t->to_float || t->index;
}

static Value complex_make(const Value *args, size_t nargs, Tuple *kw);

static Value complex_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value r = complex_make(args, nargs, kw);
	if (IS_NULL(r) || t == &complex_type)
		return r;
	/* subclass: an instance of t holding the value */
	Complex *c = (Complex *)obj_alloc(t, t->basicsize);
	if (!c) {
		val_decref(r);
		return v_null();
	}
	c->value = AS_CPX(r);
	val_decref(r);
	return v_obj(&c->ob);
}

/* complex(real, imag) as an exact complex. */
static Value complex_make(const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"real", "imag"};
	Value a[2] = {v_null(), v_null()};
	for (size_t k = 0; kw && k < kw->n; k++) {
		const char *key = AS_STR(kw->items[k])->data;
		if (strcmp(key, "real") != 0 && strcmp(key, "imag") != 0)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for complex()", key);
	}
	if (!args_parse("complex", args, nargs, kw, names, 0, 2, a))
		return v_null();
	Value r = a[0], i = a[1];
	if (IS_NULL(r))
		r = v_int(0);
	if (IS_STR(r)) {
		if (!IS_NULL(i))
			return err_null_format(Exc_TypeError, "complex() can't take second arg if first is a string");
		return complex_from_str(AS_STR(r));
	}
	if (!IS_NULL(i) && IS_STR(i))
		return err_null_format(Exc_TypeError, "complex() second arg can't be a string");
	if (obj_is(r, &complex_type) && IS_NULL(i))
		return val_incref(r);
	Value own_r = call_dunder_complex(r);
	if (IS_NULL(own_r) && err_occurred())
		return own_r;
	if (!IS_NULL(own_r))
		r = own_r;
	Value result = v_null();
	if (!IS_COMPLEX(r) && !is_real_number(r)) {
		err_format(Exc_TypeError, "complex() first argument must be a string or a number, not '%s'", type_name_of(r));
		goto done;
	}
	if (!IS_NULL(i) && !IS_COMPLEX(i) && !is_real_number(i)) {
		err_format(Exc_TypeError, "complex() second argument must be a number, not '%s'", type_name_of(i));
		goto done;
	}
	Cpx cr = {0.0, 0.0}, ci = {0.0, 0.0};
	bool cr_is_complex = IS_COMPLEX(r), ci_is_complex = false;
	if (cr_is_complex)
		cr = AS_CPX(r);
	else if (!val_to_double(r, &cr.re))
		goto done;
	if (IS_NULL(i)) {
		ci.re = cr.im;
	} else if (IS_COMPLEX(i)) {
		ci = AS_CPX(i);
		ci_is_complex = true;
	} else if (!val_to_double(i, &ci.re)) {
		goto done;
	}
	if (ci_is_complex)
		cr.re -= ci.im;
	if (cr_is_complex && !IS_NULL(i))
		ci.re += cr.im;
	result = complex_new_value(cr.re, ci.re);
done:
	val_decref(own_r);
	return result;
}

/* ---- methods and attributes ------------------------------------------------- */

static Value m_conjugate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("conjugate", nargs, kw, 0, 0))
		return v_null();
	Cpx c = AS_CPX(self);
	return complex_new_value(c.re, -c.im);
}

static Value m_complex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__complex__", nargs, kw, 0, 0))
		return v_null();
	if (obj_is(self, &complex_type))
		return val_incref(self);
	return from_cpx(AS_CPX(self));
}

static Value m_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__getnewargs__", nargs, kw, 0, 0))
		return v_null();
	Cpx c = AS_CPX(self);
	Tuple *t = tuple_new(2);
	if (!t)
		return v_null();
	t->items[0] = v_float(c.re);
	t->items[1] = v_float(c.im);
	return v_obj(&t->ob);
}

static Value m_format(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument must be str, not %s", type_name_of(args[0]));
	if (AS_STR(args[0])->nbytes == 0)
		return obj_str(self);
	return complex_format(AS_CPX(self), AS_STR(args[0]));
}

static Value g_real(Value self) { return v_float(AS_CPX(self).re); }
static Value g_imag(Value self) { return v_float(AS_CPX(self).im); }

void type_add_member_ro(Type *t, const char *name, unaryfn get);   /* abstract.c */
void complex_type_init(void);
void complex_type_init(void)
{
	Type *t = &complex_type;
	type_init_builtin(t, "complex", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(Complex);
	t->repr = complex_repr;
	t->hash = complex_hash;
	t->richcmp = complex_richcmp;
	t->new = complex_tp_new;
	t->nb[NB_ADD] = complex_add;
	t->nb[NB_SUB] = complex_sub;
	t->nb[NB_MUL] = complex_mul;
	t->nb[NB_TRUEDIV] = complex_div;
	t->nb[NB_POW] = complex_pow;
	t->neg = complex_neg;
	t->pos = complex_pos;
	t->absval = complex_abs;
	t->truth = complex_truth;
	type_add_method(t, "conjugate", m_conjugate, 0);
	type_add_method(t, "__complex__", m_complex, 0);
	type_add_method(t, "__getnewargs__", m_getnewargs, 0);
	type_add_method(t, "__format__", m_format, 0);
	type_add_member_ro(t, "real", g_real);
	type_add_member_ro(t, "imag", g_imag);
}
