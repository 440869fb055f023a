/* random.c -- _box_random, the C half of the random module.
 *
 * It holds the generator type (the base class of random.Random, as
 * CPython's _random.Random: random(), getrandbits(), seed(), getstate(),
 * setstate() over a Mersenne Twister that reproduces CPython bit for bit)
 * and one function per random.Random algorithm, called by the frozen
 * worker/modules/random/random.py with the instance first.  The algorithms are
 * the cores of worker/modules/random/random_core.c; they draw through a
 * rand_source that reads the twister directly, or calls the instance's
 * own random() / getrandbits() when a subclass overrides them (and, as
 * random.py does, uses random() alone for _randbelow when a subclass
 * overrides random() but not getrandbits()). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/random.h>
#include <errno.h>

#include "worker/runtime/runtime.h"
#include "worker/modules/registry.h"
#include "worker/modules/random/random_core.h"

typedef struct RandObj {
	Obj ob;
	struct mt19937 mt;
} RandObj;

static Type rand_type;
static Str *s_random, *s_getrandbits, *s_randbelow;

/* ---- errors ------------------------------------------------------------------ */

static Value raise_mc(const struct core_error *err)
{
	if (err->type && strcmp(err->type, CORE_ERR_CALLBACK) == 0) {
		if (!err_occurred())
			err_format(Exc_SystemError, "random: lost callback error");
		return v_null();
	}
	const char *t = err->type ? err->type : "ValueError";
	Type *ty = Exc_ValueError;
	if (strcmp(t, "TypeError") == 0)
		ty = Exc_TypeError;
	else if (strcmp(t, "IndexError") == 0)
		ty = Exc_IndexError;
	else if (strcmp(t, "OverflowError") == 0)
		ty = Exc_OverflowError;
	else if (strcmp(t, "ZeroDivisionError") == 0)
		ty = Exc_ZeroDivisionError;
	else if (strcmp(t, "AttributeError") == 0)
		ty = Exc_AttributeError;
	else if (strcmp(t, "MemoryError") == 0) {
		err_no_memory();
		return v_null();
	}
	err_set_str(ty, err->msg);
	return v_null();
}

/* ---- the source of randomness for one call -------------------------------------- */

struct pysrc {
	Value self;         /* borrowed */
	RandObj *ro;
	bool py_random;     /* a subclass overrides random() */
	bool py_bits;       /* a subclass overrides getrandbits() */
};

static int src_random(void *ctx, double *out)
{
	struct pysrc *p = ctx;
	if (!p->py_random) {
		*out = mt_random(&p->ro->mt);
		return 0;
	}
	Value r = call_method(p->self, s_random, NULL, 0);
	if (IS_NULL(r))
		return -1;
	bool ok = val_to_double(r, out);
	val_decref(r);
	return ok ? 0 : -1;
}

static int src_bits(void *ctx, uint64_t k, mpz_t out)
{
	struct pysrc *p = ctx;
	if (!p->py_bits) {
		struct core_error err;
		core_error_clear(&err);
		if (mt_getrandbits(&p->ro->mt, out, k, &err) < 0) {
			err_no_memory();
			return -1;
		}
		return 0;
	}
	if (k > INT64_MAX) {
		err_format(Exc_OverflowError, "Python int too large to convert to C int");
		return -1;
	}
	Value kv = v_int((int64_t)k);
	Value r = call_method(p->self, s_getrandbits, &kv, 1);
	if (IS_NULL(r))
		return -1;
	if (!is_intlike(r)) {
		Value i = obj_index(r);
		val_decref(r);
		if (IS_NULL(i))
			return -1;
		r = i;
	}
	int_to_mpz(r, out);
	val_decref(r);
	return 0;
}

/* Sets up src for self (an instance of the generator type or a subclass). */
static bool make_source(Value self, struct pysrc *p, struct rand_source *src)
{
	if (!val_isinstance(self, &rand_type)) {
		err_format(Exc_TypeError, "descriptor requires a '_random.Random' object but received a '%s'",
			   type_name_of(self));
		return false;
	}
	p->self = self;
	p->ro = (RandObj *)self.u.o;
	p->py_random = false;
	p->py_bits = false;
	bool below_with_bits = true, decided = false;
	Type *t = val_type(self);
	Tuple *mro = t->mro;
	for (size_t i = 0; mro && i < mro->n; i++) {
		Type *c = (Type *)mro->items[i].u.o;
		if (c == &rand_type)
			break;
		if (!c->dict)
			continue;
		bool has_bits = !IS_NULL(dict_get_str(c->dict, s_getrandbits));
		bool has_rand = !IS_NULL(dict_get_str(c->dict, s_random));
		p->py_bits |= has_bits;
		p->py_random |= has_rand;
		if (!decided) {
			if (!IS_NULL(dict_get_str(c->dict, s_randbelow))) {
				decided = true;
			} else if (has_bits) {
				decided = true;
			} else if (has_rand) {
				decided = true;
				below_with_bits = false;
			}
		}
	}
	src->ctx = p;
	src->random = src_random;
	src->getrandbits = below_with_bits ? src_bits : NULL;
	return true;
}

/* ---- conversions ------------------------------------------------------------------ */

static bool to_mpz(Value v, mpz_t out)
{
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int_to_mpz(i, out);
	val_decref(i);
	return true;
}

static Value mpz_value(mpz_t z)
{
	return int_from_mpz(z);
}

static bool to_size(Value v, int64_t *out)
{
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	bool ok = int_as_i64(i, out);
	val_decref(i);
	if (!ok) {
		err_format(Exc_OverflowError, "Python int too large to convert to C ssize_t");
		return false;
	}
	return true;
}

static bool fixed(const char *fname, size_t nargs, Tuple *kw, size_t n)
{
	if (!no_kwargs(fname, kw))
		return false;
	if (nargs != n) {
		err_format(Exc_TypeError, "%s expected %zu arguments, got %zu", fname, n, nargs);
		return false;
	}
	return true;
}

/* ---- the generator type ----------------------------------------------------------- */

static Value rand_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	RandObj *r = (RandObj *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(RandObj));
	if (!r)
		return v_null();
	mt_seed_entropy(&r->mt);
	return v_obj(&r->ob);
}

static int rand_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	(void)args;
	(void)nargs;
	(void)kw;
	return 0;
}

static Value m_random(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("Random.random", nargs, kw, 0, 0))
		return v_null();
	return v_float(mt_random(&((RandObj *)self.u.o)->mt));
}

static Value m_getrandbits(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("Random.getrandbits", nargs, kw, 1, 1))
		return v_null();
	if (IS_FLOAT(args[0]))
		return err_null_format(Exc_TypeError, "'float' object cannot be interpreted as an integer");
	int64_t k;
	if (!to_size(args[0], &k))
		return v_null();
	if (k < 0)
		return err_null_format(Exc_ValueError, "number of bits must be non-negative");
	if (!mem_check((size_t)k / 8 + 16))
		return v_null();
	mpz_t z;
	mpz_init(z);
	struct core_error err;
	core_error_clear(&err);
	if (mt_getrandbits(&((RandObj *)self.u.o)->mt, z, (uint64_t)k, &err) < 0) {
		mpz_clear(z);
		return raise_mc(&err);
	}
	Value r = mpz_value(z);
	mpz_clear(z);
	return r;
}

/* seed(a=None, version=2): the whole of random.Random.seed's conversion. */
static Value m_seed(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"a", "version"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("seed", args, nargs, kw, names, 0, 2, a))
		return v_null();
	struct mt19937 *mt = &((RandObj *)self.u.o)->mt;
	Value x = IS_NULL(a[0]) ? v_none() : a[0];
	int64_t version = 2;
	if (!IS_NULL(a[1])) {
		if (!is_intlike(a[1]) || !int_as_i64(a[1], &version))
			version = -1;   /* any other value: neither 1 nor 2 */
	}
	struct core_error err;
	core_error_clear(&err);
	int rc = 0;
	if (version == 1 && (IS_STR(x) || IS_BYTES(x))) {
		size_t n = IS_STR(x) ? AS_STR(x)->len : ((Bytes *)x.u.o)->n;
		uint32_t *cps = mem_alloc((n ? n : 1) * sizeof(uint32_t));
		if (!cps)
			return v_null();
		if (IS_STR(x)) {
			const unsigned char *p = (const unsigned char *)AS_STR(x)->data;
			for (size_t i = 0; i < n; i++) {
				size_t l;
				cps[i] = utf8_decode(p, &l);
				p += l;
			}
		} else {
			for (size_t i = 0; i < n; i++)
				cps[i] = ((Bytes *)x.u.o)->data[i];
		}
		rc = rand_seed_v1(mt, cps, n, &err);
		mem_free(cps, (n ? n : 1) * sizeof(uint32_t));
	} else if (version == 2 && (IS_STR(x) || IS_BYTES(x) || obj_is(x, &bytearray_type))) {
		const void *p;
		size_t n;
		if (IS_STR(x)) {
			p = AS_STR(x)->data;
			n = AS_STR(x)->nbytes;
		} else if (IS_BYTES(x)) {
			p = ((Bytes *)x.u.o)->data;
			n = ((Bytes *)x.u.o)->n;
		} else {
			p = ((ByteArray *)x.u.o)->data;
			n = ((ByteArray *)x.u.o)->n;
		}
		rc = rand_seed_bytes(mt, p, n, &err);
	} else if (IS_NONE(x)) {
		rand_seed_none(mt);
	} else if (is_intlike(x) || val_isinstance(x, &int_type)) {
		mpz_t z;
		mpz_init(z);
		int_to_mpz(x, z);
		mpz_abs(z, z);
		rc = rand_seed_int(mt, z, &err);
		mpz_clear(z);
	} else if (IS_FLOAT(x) || IS_STR(x) || val_isinstance(x, &float_type) ||
		   IS_BYTES(x) || obj_is(x, &bytearray_type)) {
		int64_t h;
		if (!obj_hash(x, &h))
			return v_null();
		rand_seed_hash(mt, h);
	} else {
		return err_null_format(Exc_TypeError, "The only supported seed types are: None,\n"
				       "int, float, str, bytes, and bytearray.");
	}
	if (rc < 0)
		return raise_mc(&err);
	return v_none();
}

static Value m_getstate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("getstate", nargs, kw, 0, 0))
		return v_null();
	uint32_t words[MT_N];
	int index = mt_getstate(&((RandObj *)self.u.o)->mt, words);
	Tuple *t = tuple_new(MT_N + 1);
	if (!t)
		return v_null();
	for (size_t i = 0; i < MT_N; i++)
		t->items[i] = v_int(words[i]);
	t->items[MT_N] = v_int(index);
	return v_obj(&t->ob);
}

static Value m_setstate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("setstate", nargs, kw, 1, 1))
		return v_null();
	Value st = args[0];
	if (!obj_is(st, &tuple_type))
		return err_null_format(Exc_TypeError, "state vector must be a tuple");
	Tuple *t = AS_TUPLE(st);
	if (t->n != MT_N + 1)
		return err_null_format(Exc_ValueError, "state vector is the wrong size");
	uint32_t words[MT_N];
	for (size_t i = 0; i < MT_N; i++) {
		Value v = t->items[i];
		if (!is_intlike(v))
			return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer",
					       type_name_of(v));
		mpz_t z;
		mpz_init(z);
		int_to_mpz(v, z);
		if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > 64) {
			mpz_clear(z);
			return err_null_format(Exc_OverflowError, mpz_sgn(z) < 0
					       ? "can't convert negative value to unsigned int"
					       : "Python int too large to convert to C unsigned long");
		}
		words[i] = (uint32_t)mpz_get_ui(z);
		mpz_clear(z);
	}
	int64_t index;
	Value iv = t->items[MT_N];
	if (!is_intlike(iv))
		return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer",
				       type_name_of(iv));
	if (!int_as_i64(iv, &index))
		return err_null_format(Exc_OverflowError, "Python int too large to convert to C long");
	struct core_error err;
	core_error_clear(&err);
	if (mt_setstate(&((RandObj *)self.u.o)->mt, words, (long)index, &err) < 0)
		return raise_mc(&err);
	return v_none();
}

/* ---- algorithms (called as _box_random.NAME(self, ...)) ------------------------------ */

#define SOURCE(self) \
	struct pysrc ps_; \
	struct rand_source src; \
	if (!make_source((self), &ps_, &src)) \
		return v_null(); \
	struct core_error err; \
	core_error_clear(&err)

static Value f_randbelow(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("_randbelow", nargs, kw, 2))
		return v_null();
	SOURCE(args[0]);
	mpz_t n, r;
	mpz_inits(n, r, NULL);
	Value res = v_null();
	if (to_mpz(args[1], n)) {
		/* defined for n > 0 only; 0 for anything else */
		if (mpz_sgn(n) > 0 && rand_randbelow(&src, n, r, &err) < 0)
			raise_mc(&err);
		else
			res = mpz_value(r);
	}
	mpz_clears(n, r, NULL);
	return res;
}

/* randrange's argument conversion: ints, or floats with an integral value. */
static bool range_arg(Value v, mpz_t out, const char *what)
{
	if (IS_FLOAT(v) || (!is_intlike(v) && val_isinstance(v, &float_type))) {
		double d;
		if (!val_to_double(v, &d))
			return false;
		if (!isfinite(d) || d != floor(d)) {
			if (isinf(d))
				err_format(Exc_OverflowError, "cannot convert float infinity to integer");
			else if (isnan(d))
				err_format(Exc_ValueError, "cannot convert float NaN to integer");
			else
				err_format(Exc_ValueError, "non-integer %s for randrange()", what);
			return false;
		}
		mpz_set_d(out, d);
		return true;
	}
	Value i = obj_index(v);
	if (IS_NULL(i)) {
		/* random.py falls back to int(v) and refuses a changed value */
		if (!err_matches(Exc_TypeError))
			return false;
		err_clear();
		i = obj_call(v_obj(&int_type.ob), &v, 1, NULL);
		if (IS_NULL(i))
			return false;
		int same = obj_eq(i, v);
		if (same <= 0) {
			val_decref(i);
			if (same == 0)
				err_format(Exc_ValueError, "non-integer %s for randrange()", what);
			return false;
		}
	}
	int_to_mpz(i, out);
	val_decref(i);
	return true;
}

/* randrange(self, start, stop, step): stop None when absent; step 1 when absent. */
static Value f_randrange(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("randrange", nargs, kw, 4))
		return v_null();
	SOURCE(args[0]);
	mpz_t start, stop, step, out;
	mpz_inits(start, stop, step, out, NULL);
	Value res = v_null();
	bool has_stop = !IS_NONE(args[2]);
	bool step_given = !(args[3].tag == V_INT && args[3].u.i == 1);
	if (!range_arg(args[1], start, "arg 1"))
		goto done;
	if (!has_stop) {
		if (step_given) {
			err_format(Exc_TypeError, "Missing a non-None stop argument");
			goto done;
		}
	} else {
		if (!range_arg(args[2], stop, "stop"))
			goto done;
		if (step_given && !range_arg(args[3], step, "step"))
			goto done;
	}
	const mpz_t *stopp = has_stop ? (const mpz_t *)&stop : NULL;
	const mpz_t *stepp = has_stop && step_given ? (const mpz_t *)&step : NULL;
	if (rand_randrange(&src, start, stopp, stepp, out, &err) < 0)
		raise_mc(&err);
	else
		res = mpz_value(out);
done:
	mpz_clears(start, stop, step, out, NULL);
	return res;
}

static Value f_randbytes(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("randbytes", nargs, kw, 2))
		return v_null();
	SOURCE(args[0]);
	int64_t n;
	if (IS_FLOAT(args[1]))
		return err_null_format(Exc_TypeError, "'float' object cannot be interpreted as an integer");
	if (!to_size(args[1], &n))
		return v_null();
	if (n < 0)
		return err_null_format(Exc_ValueError, "number of bits must be non-negative");
	if (!src.getrandbits)
		src.getrandbits = src_bits;
	if (!mem_check((size_t)n + 1))
		return v_null();
	unsigned char *buf = mem_alloc((size_t)n + 1);
	if (!buf)
		return v_null();
	Value res = v_null();
	if (rand_randbytes(&src, (size_t)n, buf, &err) < 0) {
		raise_mc(&err);
	} else {
		Bytes *b = bytes_new(buf, (size_t)n);
		res = b ? v_obj(&b->ob) : v_null();
	}
	mem_free(buf, (size_t)n + 1);
	return res;
}

static Value f_choice(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("choice", nargs, kw, 2))
		return v_null();
	SOURCE(args[0]);
	Value seq = args[1];
	ssize_t n = obj_len(seq);
	if (n < 0)
		return v_null();
	size_t j;
	if (rand_choice_index(&src, (size_t)n, &j, &err) < 0)
		return raise_mc(&err);
	if (IS_LIST(seq) && j < AS_LIST(seq)->n)
		return val_incref(AS_LIST(seq)->items[j]);
	return obj_getitem(seq, v_int((int64_t)j));
}

static Value f_shuffle(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("shuffle", nargs, kw, 2))
		return v_null();
	SOURCE(args[0]);
	Value x = args[1];
	ssize_t n = obj_len(x);
	if (n < 0)
		return v_null();
	for (size_t i = n > 0 ? (size_t)n - 1 : 0; i >= 1; i--) {
		size_t j;
		if (rand_choice_index(&src, i + 1, &j, &err) < 0)
			return raise_mc(&err);
		if (IS_LIST(x) && i < AS_LIST(x)->n && j < AS_LIST(x)->n) {
			List *l = AS_LIST(x);
			Value tmp = l->items[i];
			l->items[i] = l->items[j];
			l->items[j] = tmp;
			continue;
		}
		Value vi = obj_getitem(x, v_int((int64_t)i));
		if (IS_NULL(vi))
			return vi;
		Value vj = obj_getitem(x, v_int((int64_t)j));
		if (IS_NULL(vj)) {
			val_decref(vi);
			return vj;
		}
		int rc = obj_setitem(x, v_int((int64_t)i), vj);
		if (rc == 0)
			rc = obj_setitem(x, v_int((int64_t)j), vi);
		val_decref(vi);
		val_decref(vj);
		if (rc < 0)
			return v_null();
	}
	return v_none();
}

/* Running sums of an iterable with Python's +, as a list. */
static Value accumulate(Value iterable)
{
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return it;
	List *l = list_new(0);
	if (!l) {
		val_decref(it);
		return v_null();
	}
	Value acc = v_null(), item;
	while (!IS_NULL(item = obj_next(it))) {
		if (IS_NULL(acc)) {
			acc = item;
		} else {
			Value s = binop(acc, item, NB_ADD);
			val_decref(acc);
			val_decref(item);
			acc = s;
			if (IS_NULL(acc))
				break;
		}
		if (!list_append(l, acc))
			break;
	}
	val_decref(acc);
	val_decref(it);
	if (err_occurred()) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

/* sample(self, population, k, counts) */
static Value f_sample(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("sample", nargs, kw, 4))
		return v_null();
	SOURCE(args[0]);
	Value pop = args[1];
	Type *pt = val_type(pop);
	if (IS_SET(pop) || IS_DICT(pop) || !pt->getitem || !pt->len)
		return err_null_format(Exc_TypeError,
				       "Population must be a sequence.  For dicts or sets, use sorted(d).");
	ssize_t n = obj_len(pop);
	if (n < 0)
		return v_null();
	Value res = v_null();
	Value cum = v_null();
	int64_t *cc = NULL;
	uint64_t *idx = NULL;
	size_t ncc = 0;
	int64_t k;
	if (!IS_NONE(args[3])) {
		cum = accumulate(args[3]);
		if (IS_NULL(cum))
			return cum;
		List *cl = AS_LIST(cum);
		if (cl->n != (size_t)n) {
			err_format(Exc_ValueError, "The number of counts does not match the population");
			goto done;
		}
		if (n == 0) {
			err_format(Exc_IndexError, "pop from empty list");
			goto done;
		}
		Value total = cl->items[cl->n - 1];
		if (!is_intlike(total) && !val_isinstance(total, &int_type)) {
			err_format(Exc_TypeError, "Counts must be integers");
			goto done;
		}
		ncc = cl->n;
		cc = mem_alloc(ncc * sizeof(int64_t));
		if (!cc)
			goto done;
		for (size_t i = 0; i < ncc; i++) {
			Value c = cl->items[i];
			if (!is_intlike(c)) {
				/* random.py compares with bisect; only ints are supported here */
				err_format(Exc_TypeError, "Counts must be integers");
				goto done;
			}
			if (!int_as_i64(c, &cc[i])) {
				err_format(Exc_OverflowError, "Python int too large to convert to C ssize_t");
				goto done;
			}
		}
	}
	if (IS_FLOAT(args[2])) {
		double kf = args[2].u.f;
		if (!(kf >= 0 && kf <= (double)n))
			err_format(Exc_ValueError, "Sample larger than population or is negative");
		else
			err_format(Exc_TypeError, "can't multiply sequence by non-int of type 'float'");
		goto done;
	}
	if (!to_size(args[2], &k))
		goto done;
	if (k > 0) {
		if (!mem_check_mul((size_t)k, sizeof(uint64_t)))
			goto done;
		idx = mem_alloc((size_t)k * sizeof(uint64_t));
		if (!idx)
			goto done;
	}
	int rc;
	if (cc) {
		if (cc[ncc - 1] <= 0) {
			err_format(Exc_ValueError, "Total of counts must be greater than zero");
			goto done;
		}
		rc = rand_sample_counts(&src, cc, ncc, k, idx, &err);
	} else {
		rc = rand_sample(&src, (uint64_t)n, k, idx, &err);
	}
	if (rc < 0) {
		raise_mc(&err);
		goto done;
	}
	List *out = list_new((size_t)k);
	if (!out)
		goto done;
	for (int64_t i = 0; i < k; i++) {
		Value v = obj_getitem(pop, v_int((int64_t)idx[i]));
		if (IS_NULL(v)) {
			out->n = (size_t)i;
			obj_decref(&out->ob);
			goto done;
		}
		out->items[i] = v;
	}
	res = v_obj(&out->ob);
done:
	if (idx)
		mem_free(idx, (size_t)k * sizeof(uint64_t));
	if (cc)
		mem_free(cc, ncc * sizeof(int64_t));
	val_decref(cum);
	return res;
}

/* choices(self, population, weights, cum_weights, k) */
static Value f_choices(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("choices", nargs, kw, 5))
		return v_null();
	SOURCE(args[0]);
	Value pop = args[1], weights = args[2], cumv = args[3];
	ssize_t n = obj_len(pop);
	if (n < 0)
		return v_null();
	int64_t k;
	Value cum = v_null();
	if (IS_NONE(cumv) && !IS_NONE(weights)) {
		cum = accumulate(weights);
		if (IS_NULL(cum)) {
			if (err_matches(Exc_TypeError) && is_intlike(weights)) {
				err_clear();
				Value r = obj_repr(weights);
				if (!IS_NULL(r)) {
					err_format(Exc_TypeError, "The number of choices must be a keyword argument: k=%s",
						   AS_STR(r)->data);
					val_decref(r);
				}
			}
			return v_null();
		}
	} else if (!IS_NONE(cumv)) {
		if (!IS_NONE(weights))
			return err_null_format(Exc_TypeError, "Cannot specify both weights and cumulative weights");
		cum = IS_LIST(cumv) ? val_incref(cumv) : seq_to_list(cumv);
		if (IS_NULL(cum))
			return cum;
	}
	if (IS_FLOAT(args[4])) {
		val_decref(cum);
		return err_null_format(Exc_TypeError, "'float' object cannot be interpreted as an integer");
	}
	if (!to_size(args[4], &k)) {
		val_decref(cum);
		return v_null();
	}
	if (k < 0)
		k = 0;
	Value res = v_null();
	size_t *idx = NULL;
	double *cw = NULL;
	size_t ncw = 0;
	if (k > 0) {
		if (!mem_check_mul((size_t)k, sizeof(size_t)))
			goto done;
		idx = mem_alloc((size_t)k * sizeof(size_t));
		if (!idx)
			goto done;
	}
	int rc;
	if (IS_NULL(cum)) {
		rc = rand_choices(&src, (size_t)n, (size_t)k, idx, &err);
	} else {
		List *cl = AS_LIST(cum);
		ncw = cl->n;
		cw = mem_alloc((ncw ? ncw : 1) * sizeof(double));
		if (!cw)
			goto done;
		for (size_t i = 0; i < ncw; i++)
			if (!val_to_double(cl->items[i], &cw[i]))
				goto done;
		rc = rand_choices_cum(&src, cw, ncw, (size_t)n, (size_t)k, idx, &err);
	}
	if (rc < 0) {
		raise_mc(&err);
		goto done;
	}
	List *out = list_new((size_t)k);
	if (!out)
		goto done;
	for (int64_t i = 0; i < k; i++) {
		Value v;
		if (IS_LIST(pop) && idx[i] < AS_LIST(pop)->n)
			v = val_incref(AS_LIST(pop)->items[idx[i]]);
		else
			v = obj_getitem(pop, v_int((int64_t)idx[i]));
		if (IS_NULL(v)) {
			out->n = (size_t)i;
			obj_decref(&out->ob);
			goto done;
		}
		out->items[i] = v;
	}
	res = v_obj(&out->ob);
done:
	if (idx)
		mem_free(idx, (size_t)k * sizeof(size_t));
	if (cw)
		mem_free(cw, (ncw ? ncw : 1) * sizeof(double));
	val_decref(cum);
	return res;
}

/* ---- real-valued distributions ---------------------------------------------------- */

static bool doubles(const Value *args, size_t n, double *out)
{
	for (size_t i = 0; i < n; i++)
		if (!val_to_double(args[i], &out[i]))
			return false;
	return true;
}

#define DIST(name, npar, call) \
	static Value f_##name(Value mod, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)mod; \
		if (!fixed(#name, nargs, kw, (npar) + 1)) \
			return v_null(); \
		SOURCE(args[0]); \
		double p[(npar) > 0 ? (npar) : 1], r = 0.0; \
		if (!doubles(args + 1, (npar), p)) \
			return v_null(); \
		if ((call) < 0) \
			return raise_mc(&err); \
		return v_float(r); \
	}
DIST(random, 0, rand_random(&src, &r, &err))
DIST(normalvariate, 2, rand_normalvariate(&src, p[0], p[1], &r, &err))
DIST(lognormvariate, 2, rand_lognormvariate(&src, p[0], p[1], &r, &err))
DIST(expovariate, 1, rand_expovariate(&src, p[0], &r, &err))
DIST(vonmisesvariate, 2, rand_vonmisesvariate(&src, p[0], p[1], &r, &err))
DIST(gammavariate, 2, rand_gammavariate(&src, p[0], p[1], &r, &err))
DIST(betavariate, 2, rand_betavariate(&src, p[0], p[1], &r, &err))
DIST(paretovariate, 1, rand_paretovariate(&src, p[0], &r, &err))
DIST(weibullvariate, 2, rand_weibullvariate(&src, p[0], p[1], &r, &err))
#undef DIST

static bool plain_number(Value v)
{
	return v.tag == V_FLOAT || v.tag == V_INT || v.tag == V_BOOL;
}

/* uniform(self, a, b): a + (b - a) * random(), with Python's arithmetic
 * when a or b is not a plain int or float. */
static Value f_uniform(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("uniform", nargs, kw, 3))
		return v_null();
	SOURCE(args[0]);
	Value a = args[1], b = args[2];
	if (plain_number(a) && plain_number(b)) {
		double p[2], r = 0.0;
		if (!doubles(args + 1, 2, p))
			return v_null();
		if (rand_uniform(&src, p[0], p[1], &r, &err) < 0)
			return raise_mc(&err);
		return v_float(r);
	}
	Value d = binop(b, a, NB_SUB);
	if (IS_NULL(d))
		return d;
	double r = 0.0;
	if (rand_random(&src, &r, &err) < 0) {
		val_decref(d);
		return raise_mc(&err);
	}
	Value m = binop(d, v_float(r), NB_MUL);
	val_decref(d);
	if (IS_NULL(m))
		return m;
	Value res = binop(a, m, NB_ADD);
	val_decref(m);
	return res;
}

/* triangular(self, low, high, mode-or-None) */
static Value f_triangular(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("triangular", nargs, kw, 4))
		return v_null();
	SOURCE(args[0]);
	double p[3] = {0, 0, 0}, r = 0.0;
	bool has_mode = !IS_NONE(args[3]);
	if (!doubles(args + 1, has_mode ? 3 : 2, p))
		return v_null();
	if (has_mode && p[1] - p[0] == 0.0) {
		/* random.py: (mode - low) / (high - low) divides by zero: low */
		double u = 0.0;
		if (rand_random(&src, &u, &err) < 0)
			return raise_mc(&err);
		return val_incref(args[1]);
	}
	if (rand_triangular(&src, p[0], p[1], has_mode, p[2], &r, &err) < 0)
		return raise_mc(&err);
	return v_float(r);
}

/* gauss(self, mu, sigma, gauss_next) -> (value, new gauss_next) */
static Value f_gauss(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("gauss", nargs, kw, 4))
		return v_null();
	SOURCE(args[0]);
	double p[2], r = 0.0;
	if (!doubles(args + 1, 2, p))
		return v_null();
	struct rand_gauss g = {false, 0.0};
	if (!IS_NONE(args[3])) {
		g.has_next = true;
		if (!val_to_double(args[3], &g.next))
			return v_null();
	}
	if (rand_gauss(&src, &g, p[0], p[1], &r, &err) < 0)
		return raise_mc(&err);
	Value items[2] = {v_float(r), g.has_next ? v_float(g.next) : v_none()};
	Tuple *t = tuple_from(items, 2);
	return t ? v_obj(&t->ob) : v_null();
}

/* urandom(n): n bytes from getrandom (SystemRandom). */
static Value f_urandom(Value mod, const Value *args, size_t nargs, Tuple *kw)
{
	(void)mod;
	if (!fixed("urandom", nargs, kw, 1))
		return v_null();
	int64_t n;
	if (!to_size(args[0], &n))
		return v_null();
	if (n < 0)
		return err_null_format(Exc_ValueError, "negative argument not allowed");
	if (!mem_check((size_t)n + 1))
		return v_null();
	unsigned char *buf = mem_alloc((size_t)n + 1);
	if (!buf)
		return v_null();
	size_t got = 0;
	while (got < (size_t)n) {
		ssize_t r = getrandom(buf + got, (size_t)n - got, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			mem_free(buf, (size_t)n + 1);
			return err_null_format(Exc_OSError, "getrandom failed");
		}
		got += (size_t)r;
	}
	Bytes *b = bytes_new(buf, (size_t)n);
	mem_free(buf, (size_t)n + 1);
	return b ? v_obj(&b->ob) : v_null();
}

/* ---- module ---------------------------------------------------------------------- */

static void rand_type_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	s_random = str_intern("random");
	s_getrandbits = str_intern("getrandbits");
	s_randbelow = str_intern("_randbelow");
	Type *t = &rand_type;
	type_init_builtin(t, "_random.Random", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(RandObj);
	t->new = rand_new;
	t->init = rand_init;
	type_add_method(t, "random", m_random, 0);
	type_add_method(t, "getrandbits", m_getrandbits, 0);
	type_add_method(t, "seed", m_seed, 0);
	type_add_method(t, "getstate", m_getstate, 0);
	type_add_method(t, "setstate", m_setstate, 0);
	module_set_attr(t->dict, "__module__", str_value(str_intern("_random")));
	void type_ready(Type *t);
	type_ready(t);
}

bool mod__box_random_init(Dict *d)
{
	static const struct {
		const char *name;
		callfn fn;
	} fns[] = {
		{"randbelow", f_randbelow}, {"randrange", f_randrange}, {"randbytes", f_randbytes},
		{"choice", f_choice}, {"shuffle", f_shuffle}, {"sample", f_sample},
		{"choices", f_choices}, {"random", f_random}, {"uniform", f_uniform},
		{"triangular", f_triangular}, {"normalvariate", f_normalvariate}, {"gauss", f_gauss},
		{"lognormvariate", f_lognormvariate}, {"expovariate", f_expovariate},
		{"vonmisesvariate", f_vonmisesvariate}, {"gammavariate", f_gammavariate},
		{"betavariate", f_betavariate}, {"paretovariate", f_paretovariate},
		{"weibullvariate", f_weibullvariate}, {"urandom", f_urandom},
	};
	rand_type_init();
	module_set_attr(d, "Random", val_incref(v_obj(&rand_type.ob)));
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
		module_add_fn(d, fns[i].name, fns[i].fn);
	return !err_occurred();
}
