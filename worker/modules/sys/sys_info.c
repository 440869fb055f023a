/* sys_info.c -- sys.float_info, sys.int_info, sys.flags and sys.version_info:
 * read-only named tuples (CPython's structseq) describing the number
 * formats, the interpreter's flags and its version, with CPython 3.11's
 * values for a 64-bit Linux build.
 */
#include "config.h"

#include <float.h>
#include <string.h>

#include "worker/runtime/runtime.h"

void type_ready(Type *t);
void sys_info_init(Dict *sysdict);

#define MAX_FIELDS 18

typedef struct InfoKind {
	Type type;
	const char *attr;              /* name in sys */
	const char *const *fields;
	size_t n;
} InfoKind;

static const char *const float_fields[] = {
	"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig",
	"mant_dig", "epsilon", "radix", "rounds",
};
static const char *const int_fields[] = {
	"bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold",
};
static const char *const flag_fields[] = {
	"debug", "inspect", "interactive", "optimize", "dont_write_bytecode",
	"no_user_site", "no_site", "ignore_environment", "verbose", "bytes_warning",
	"quiet", "hash_randomization", "isolated", "dev_mode", "utf8_mode",
	"warn_default_encoding", "safe_path", "int_max_str_digits",
};

static const char *const version_fields[] = {
	"major", "minor", "micro", "releaselevel", "serial",
};

static InfoKind kinds[] = {
	{.attr = "float_info", .fields = float_fields, .n = sizeof float_fields / sizeof float_fields[0]},
	{.attr = "int_info", .fields = int_fields, .n = sizeof int_fields / sizeof int_fields[0]},
	{.attr = "flags", .fields = flag_fields, .n = sizeof flag_fields / sizeof flag_fields[0]},
	{.attr = "version_info", .fields = version_fields, .n = sizeof version_fields / sizeof version_fields[0]},
};

static InfoKind *kind_of(Value v)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (val_type(v) == &kinds[i].type)
			return &kinds[i];
	return NULL;
}

static Value info_repr(Value v)
{
	InfoKind *k = kind_of(v);
	Tuple *t = AS_TUPLE(v);
	StrBuf b;
	sb_init(&b);
	sb_printf(&b, "sys.%s(", k->attr);
	for (size_t i = 0; i < t->n && i < k->n; i++) {
		if (i)
			sb_adds(&b, ", ");
		sb_adds(&b, k->fields[i]);
		sb_addc(&b, '=');
		if (!sb_add_repr(&b, t->items[i])) {
			sb_free(&b);
			return v_null();
		}
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static int info_setattr(Value v, Str *name, Value val)
{
	(void)val;
	InfoKind *k = kind_of(v);
	for (size_t i = 0; i < k->n; i++)
		if (strcmp(name->data, k->fields[i]) == 0) {
			err_format(Exc_AttributeError, "readonly attribute");
			return -1;
		}
	err_format(Exc_AttributeError, "'sys.%s' object has no attribute '%s'", k->attr, name->data);
	return -1;
}

static Value info_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	return err_null_format(Exc_TypeError, "cannot create 'sys.%s' instances", t->name + 4);
}

#define FIELD_GETTER(i) \
	static Value get_##i(Value v) { return val_incref(AS_TUPLE(v)->items[i]); }
FIELD_GETTER(0) FIELD_GETTER(1) FIELD_GETTER(2) FIELD_GETTER(3) FIELD_GETTER(4)
FIELD_GETTER(5) FIELD_GETTER(6) FIELD_GETTER(7) FIELD_GETTER(8) FIELD_GETTER(9)
FIELD_GETTER(10) FIELD_GETTER(11) FIELD_GETTER(12) FIELD_GETTER(13) FIELD_GETTER(14)
FIELD_GETTER(15) FIELD_GETTER(16) FIELD_GETTER(17)
#undef FIELD_GETTER
static const unaryfn getters[MAX_FIELDS] = {
	get_0, get_1, get_2, get_3, get_4, get_5, get_6, get_7, get_8, get_9,
	get_10, get_11, get_12, get_13, get_14, get_15, get_16, get_17,
};

static Value make_info(InfoKind *k, const Value *vals)
{
	Type *t = &k->type;
	char *name = mem_alloc(strlen(k->attr) + 5);
	if (!name)
		return v_null();
	memcpy(name, "sys.", 4);
	strcpy(name + 4, k->attr);
	type_init_builtin(t, name, &tuple_type);
	t->repr = info_repr;
	t->setattr = info_setattr;
	t->new = info_new;
	for (size_t i = 0; i < k->n; i++)
		type_add_getset(t, k->fields[i], getters[i]);
	module_set_attr(t->dict, "n_fields", v_int((int64_t)k->n));
	module_set_attr(t->dict, "n_sequence_fields", v_int((int64_t)k->n));
	module_set_attr(t->dict, "n_unnamed_fields", v_int(0));
	module_set_attr(t->dict, "__module__", str_value(str_intern("sys")));
	type_ready(t);
	Tuple *tu = (Tuple *)obj_alloc(t, sizeof(Tuple) + k->n * sizeof(Value));
	if (!tu)
		return v_null();
	tu->n = k->n;
	for (size_t i = 0; i < k->n; i++)
		tu->items[i] = vals[i];
	return v_obj(&tu->ob);
}

void sys_info_init(Dict *d)
{
	Value fl[] = {
		v_float(DBL_MAX), v_int(DBL_MAX_EXP), v_int(DBL_MAX_10_EXP), v_float(DBL_MIN),
		v_int(DBL_MIN_EXP), v_int(DBL_MIN_10_EXP), v_int(DBL_DIG), v_int(DBL_MANT_DIG),
		v_float(DBL_EPSILON), v_int(FLT_RADIX), v_int(1),
	};
	Value in[] = {v_int(30), v_int(4), v_int(4300), v_int(640)};
	/* as `python3 -I -S`: no site, no user site, the environment ignored
	 * (the worker's is empty), isolated, safe_path */
	Value fg[] = {
		v_int(0), v_int(0), v_int(0), v_int(0), v_int(0), v_int(1), v_int(1), v_int(1),
		v_int(0), v_int(0), v_int(0), v_int(1), v_int(1), v_bool(false), v_int(0),
		v_int(0), v_bool(true), v_int(-1),
	};
	Value ve[] = {v_int(3), v_int(11), v_int(2), str_value(str_intern("final")), v_int(0)};
	const Value *vals[] = {fl, in, fg, ve};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		Value v = make_info(&kinds[i], vals[i]);
		if (!IS_NULL(v))
			module_set_attr(d, kinds[i].attr, v);
	}
}
