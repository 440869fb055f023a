/* runtime.h -- the core object layouts and the functions the interpreter's
 * parts call on each other: errors, the abstract object protocol, and the
 * constructors/accessors of the builtin types.  Reference rules: object.h.
 */
#ifndef BOX_RUNTIME_H
#define BOX_RUNTIME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "worker/objects/object.h"
#include "worker/runtime/mem.h"

/* memcpy that accepts (NULL, 0) */
static inline void mem_copy(void *dst, const void *src, size_t n)
{
	if (n)
		__builtin_memcpy(dst, src, n);
}

/* ---- object layouts ---------------------------------------------------- */
/* Kept small: a str of up to 11 bytes fits the 56-byte size class with
 * obj_alloc's size word (mem.c), as CPython's does in 64 bytes.  Lengths
 * fit 32 bits since no allocation exceeds MEM_ALLOC_CAP; the data follows
 * the flags unaligned.  Non-ASCII indexing keeps its cursor apart
 * (str_byte_offset). */
struct Str {
	Obj ob;
	uint32_t len;      /* code points */
	uint32_t nbytes;   /* UTF-8 (WTF-8) bytes, data is NUL terminated */
	int64_t hash;
	bool hashed;
	bool ascii;
	bool interned;
	char data[];
};
_Static_assert(MEM_ALLOC_CAP <= UINT32_MAX, "str lengths are 32-bit");

struct Tuple {
	Obj ob;
	size_t n;
	Value items[];
};

struct List {
	Obj ob;
	size_t n, cap;           /* cap: read through list.c (it may flag free slots before items) */
	Value *items;
};

typedef struct DictEntry {
	int64_t hash;
	Value key;
	Value value;
} DictEntry;

struct Dict {
	Obj ob;
	size_t used;       /* live entries */
	size_t nentries;   /* entries slots used (incl. deleted) */
	size_t cap;        /* entries capacity */
	size_t mask;       /* index table size - 1 */
	uint64_t version;
	int32_t *index;    /* -1 empty, -2 dummy, else entry number */
	DictEntry *entries;
};

typedef struct SetEntry {
	Value key;         /* V_NULL empty; dummy marked by hash==-1 && key NULL */
	int64_t hash;
} SetEntry;

typedef struct Set {
	Obj ob;
	size_t fill, used, mask;
	SetEntry *table;
	int64_t hash;      /* frozenset cache, -1 none */
	size_t finger;
} Set;

typedef struct BigInt {
	Obj ob;
	mpz_t z;
} BigInt;

typedef struct Bytes {
	Obj ob;
	size_t n;
	int64_t hash;
	bool hashed;
	unsigned char data[];
} Bytes;

typedef struct ByteArray {
	Obj ob;
	size_t n, cap;
	unsigned char *data;
} ByteArray;

typedef struct Cell {
	Obj ob;
	Value v;
} Cell;

typedef struct GlobalCache {
	uint64_t gver, bver;
	Value v;
} GlobalCache;

typedef struct Code Code;
struct Code {
	Obj ob;
	uint32_t *insns;
	size_t ninsns;
	Value *consts;
	size_t nconsts;
	Str **names;           /* global/attr names */
	size_t nnames;
	Str **varnames;        /* locals: args first */
	int nlocals;
	Str **cellnames;       /* cellvars then freevars */
	int ncells, nfree;
	int *cell2arg;         /* per cellvar: arg index or -1 */
	int stacksize;
	int argcount, posonlycount, kwonlycount;
	uint32_t flags;
	Str *name, *qualname, *filename;
	Str *source;           /* the module's source text, for tracebacks */
	int firstline;
	void *caches;          /* inline caches, one GlobalCache per instruction (lazy) */
	const uint8_t *postab; /* per-instruction source positions, compact (objects/code_position.c);
				* stored in the Code object's own allocation, after the struct */
	uint32_t npostab;      /* its size in bytes */
};
#define CO_OPTIMIZED 0x1u
#define CO_NEWLOCALS 0x2u
#define CO_VARARGS 0x4u
#define CO_VARKW 0x8u
#define CO_NESTED 0x10u
#define CO_GENERATOR 0x20u
#define CO_COROUTINE 0x80u
#define CO_ITERABLE_COROUTINE 0x100u
#define CO_ASYNC_GEN 0x200u
#define CO_MODULE 0x1000u
#define CO_CLASS 0x2000u
#define CO_FUTURE_ANNOTATIONS 0x1000000u /* __future__.annotations.compiler_flag */
#define CO_FUTURE_MASK 0x1fe0000u        /* every __future__ feature's compiler_flag */

typedef struct Func {
	Obj ob;
	Code *code;
	Dict *globals;
	Dict *builtins;
	Tuple *defaults;
	Dict *kwdefaults;
	Tuple *closure;
	Str *name, *qualname;
	Dict *dict;
	Value doc;
	Value module;
	Value annotations;
} Func;

typedef struct Method {
	Obj ob;
	Value func;
	Value self;
} Method;

typedef struct Builtin {
	Obj ob;
	const char *name;
	callfn fn;
	Value self;            /* V_NULL: unbound */
	Type *owner;           /* for unbound method descriptors */
	int flags;             /* BF_* */
	/* NULL, or a form of a one-argument function (abs, math.sqrt) that
	 * the VM's CALL tries first for one positional argument: it answers
	 * the cases it can answer without an exception (a float, a small
	 * int) and returns V_NULL, with nothing raised, for fn to do the rest */
	unaryfn fast1;
} Builtin;
#define BF_CLASSMETHOD 1
#define BF_STATIC 2
#define BF_RAW_SELF 4     /* an int/float method that unboxes self itself (TF_UNBOX_SELF) */

typedef struct Module {
	Obj ob;
	Dict *dict;
	Str *name;
} Module;

typedef struct Instance {
	Obj ob;
	Dict *dict;
} Instance;

typedef struct TB {
	Obj ob;
	struct TB *next;
	Code *code;
	int line;              /* TB_LINE_UNKNOWN (below): not computed yet, see lasti */
	int lasti;             /* the instruction (index) that raised, or -1 */
	Tuple *held;           /* the locals of the frame the exception left, kept
				  alive while the traceback is, as CPython's frame
				  object keeps them (their __del__ runs when the
				  exception goes); NULL if none */
} TB;

typedef struct Exc {
	Obj ob;
	Dict *dict;
	Tuple *args;
	TB *tb;
	Obj *cause;
	Obj *context;
	bool suppress_context;
	Value note;            /* per-type extra: StopIteration.value, SystemExit.code, OSError errno... */
} Exc;

typedef struct GetSet {   /* attribute of a builtin type implemented in C */
	Obj ob;
	const char *name;
	Type *owner;
	unaryfn get;
	int (*set)(Value self, Value v);
} GetSet;

typedef struct SlotWrapper {  /* int.__add__, object.__init__, ... */
	Obj ob;
	const char *name;
	Type *owner;
	int kind;
	int op;
} SlotWrapper;

typedef struct Wrapped {   /* classmethod / staticmethod */
	Obj ob;
	Value f;
	Dict *dict;
} Wrapped;

typedef struct Property {
	Obj ob;
	Value fget, fset, fdel, doc;
	Value name;
} Property;

typedef struct Slice {
	Obj ob;
	Value start, stop, step;
} Slice;

typedef struct Range {
	Obj ob;
	Value start, stop, step;   /* ints (possibly big) */
	int64_t s, e, st, n;       /* fast values when all small */
	bool small;
} Range;

/* ---- interned identifiers ---------------------------------------------- */
#define IDS(X) X(__init__) X(__new__) X(__del__) X(__repr__) X(__str__) X(__hash__) \
	X(__eq__) X(__ne__) X(__lt__) X(__le__) X(__gt__) X(__ge__) X(__call__) \
	X(__iter__) X(__next__) X(__len__) X(__getitem__) X(__setitem__) \
	X(__delitem__) X(__contains__) X(__bool__) X(__get__) X(__set__) \
	X(__delete__) X(__getattr__) X(__getattribute__) X(__setattr__) \
	X(__delattr__) X(__enter__) X(__exit__) X(__name__) X(__qualname__) \
	X(__module__) X(__doc__) X(__dict__) X(__class__) X(__mro__) \
	X(__bases__) X(__base__) X(__init_subclass__) X(__set_name__) \
	X(__slots__) X(__neg__) X(__pos__) X(__invert__) X(__abs__) \
	X(__int__) X(__float__) X(__index__) X(__format__) X(__missing__) \
	X(__class_getitem__) X(__reversed__) X(__round__) X(__await__) \
	X(__aiter__) X(__anext__) X(__aenter__) X(__aexit__) X(__build_class__) \
	X(__main__) X(__builtins__) X(__file__) X(__wrapped__) X(__defaults__) \
	X(__kwdefaults__) X(__code__) X(__closure__) X(__globals__) \
	X(__annotations__) X(__self__) X(__prepare__) X(__classcell__) \
	X(__trunc__) X(__ceil__) X(__floor__) X(__length_hint__) X(__subclasshook__) \
	X(__instancecheck__) X(__subclasscheck__) X(__cause__) X(__context__) \
	X(__traceback__) X(__suppress_context__) X(__bytes__) \
	X(__sizeof__) X(__dir__) X(__match_args__) X(__mro_entries__) \
	X(__loader__) X(__package__) X(__spec__) X(__getstate__) X(__reduce__) \
	X(__getnewargs__) X(__getnewargs_ex__) \
	X(args) X(value) X(code) X(send) X(throw) X(close) X(keys) X(items) \
	X(values) X(get) X(append) X(write) X(flush) X(end) X(sep) X(file) \
	X(key) X(reverse) X(start) X(stop) X(step) X(name) X(msg) \
	X(strerror) X(filename) X(lineno) X(offset) X(text) X(obj) \
	X(real) X(imag) X(mro) X(fget) X(fset) X(fdel) X(doc) X(self) \
	X(__weakref__) X(__abstractmethods__) X(__orig_bases__) X(__qualname_hint__) \
	X(__add__) X(__radd__) X(__iadd__) X(__sub__) X(__rsub__) X(__isub__) \
	X(__mul__) X(__rmul__) X(__imul__) X(__truediv__) X(__rtruediv__) \
	X(__itruediv__) X(__floordiv__) X(__rfloordiv__) X(__ifloordiv__) \
	X(__mod__) X(__rmod__) X(__imod__) X(__pow__) X(__rpow__) X(__ipow__) \
	X(__lshift__) X(__rlshift__) X(__ilshift__) X(__rshift__) X(__rrshift__) \
	X(__irshift__) X(__and__) X(__rand__) X(__iand__) X(__or__) X(__ror__) \
	X(__ior__) X(__xor__) X(__rxor__) X(__ixor__) X(__matmul__) \
	X(__rmatmul__) X(__imatmul__) X(__divmod__) X(__rdivmod__) X(__idivmod__)
struct Ids {
#define X(n) Str *n;
	IDS(X)
#undef X
};
extern struct Ids ids;
#define ID(n) (ids.n)

/* ---- errors (err.c) ---------------------------------------------------- */
extern Type *exc_types_by_name_dummy;
extern Type *Exc_BaseException, *Exc_Exception, *Exc_TypeError, *Exc_ValueError,
	*Exc_NameError, *Exc_UnboundLocalError, *Exc_AttributeError, *Exc_KeyError,
	*Exc_IndexError, *Exc_LookupError, *Exc_ZeroDivisionError,
	*Exc_ArithmeticError, *Exc_OverflowError, *Exc_RuntimeError,
	*Exc_RecursionError, *Exc_NotImplementedError, *Exc_StopIteration,
	*Exc_StopAsyncIteration, *Exc_GeneratorExit, *Exc_SystemExit,
	*Exc_KeyboardInterrupt, *Exc_MemoryError, *Exc_AssertionError,
	*Exc_ImportError, *Exc_ModuleNotFoundError, *Exc_SyntaxError,
	*Exc_IndentationError, *Exc_TabError, *Exc_UnicodeError,
	*Exc_UnicodeEncodeError, *Exc_UnicodeDecodeError, *Exc_OSError,
	*Exc_FileNotFoundError, *Exc_PermissionError, *Exc_FileExistsError,
	*Exc_IsADirectoryError, *Exc_NotADirectoryError, *Exc_TimeoutError,
	*Exc_EOFError, *Exc_BufferError, *Exc_FloatingPointError,
	*Exc_ReferenceError, *Exc_SystemError, *Exc_Warning, *Exc_UserWarning,
	*Exc_DeprecationWarning, *Exc_RuntimeWarning;

void err_set_obj(Obj *exc);               /* steals */
void err_set_value(Type *t, Value arg);   /* borrowed arg; exc = t(arg) */
void err_set_str(Type *t, const char *msg);
void err_format(Type *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
Value err_null_format(Type *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool err_occurred(void);
Obj *err_fetch(void);                     /* new ref (or NULL); clears */
void err_restore(Obj *exc);               /* steals */
bool err_matches(Type *t);
void err_clear(void);
void err_no_memory(void);
Obj *err_peek(void);
void err_key(Value key);                  /* KeyError(key) */
const char *type_name_of(Value v);
/* Containers being repr'd right now (CPython's Py_ReprEnter/Leave,
 * worker/objects/abstract.c): 1 when o is already being repr'd. */
int repr_enter(Obj *o);
void repr_leave(Obj *o);
Value exc_new(Type *t, const Value *args, size_t n);
/* A builtin exception class by name (never the script's rebinding); NULL: none. */
Type *exc_builtin_type_named(const char *name);
bool is_exc_type(Value v);
bool is_exc_instance(Value v);
void exc_types_init(Dict *builtins);
/* A builtin exception class registered in builtins (exc.c). */
Type *exc_type_new_builtin(Dict *builtins, const char *name, Type *base);
/* BaseExceptionGroup / ExceptionGroup and except* (excgroup.c). */
extern Type *Exc_BaseExceptionGroup, *Exc_ExceptionGroup;
void excgroup_types_init(Dict *builtins);
bool exc_is_group(Value v);
Tuple *excgroup_exceptions(Obj *eg);
int excgroup_match(Value exc, Value type, Value *match, Value *rest);
bool excgroup_check_star_type(Value type);
Value excgroup_prep_reraise(Value orig, List *excs);
void exc_add_tb(Obj *exc, Code *code, int line);
/* The source position of one instruction (CPython's co_positions): lines
 * 1-based, columns 0-based UTF-8 byte offsets, -1 where unknown.  The
 * compiler (compile.c: postab_encode) writes the table,
 * code_position() (objects/code_position.c) reads it. */
struct code_pos {
	int line, end_line, col, end_col;
};
bool code_position(const Code *co, int lasti, struct code_pos *out);

/* Tracebacks record the instruction; the line is derived when asked
 * (objects/exc.c: tb_line).  exc_add_tb_at() is exc_add_tb() with an instruction. */
#define TB_LINE_UNKNOWN (-0x7fffffff)
void exc_add_tb_at(Obj *exc, Code *code, int lasti);
int tb_line(TB *tb);
Value exc_args_str(Exc *e);

/* ---- abstract protocol (abstract.c) ------------------------------------ */
Value obj_repr(Value v);
/* Finalizers (typeobj.c): the __del__ still to run for o (borrowed) or
 * V_NULL, and running it once (the caller holds a reference to o). */
Value obj_pending_finalizer(Obj *o);
extern bool type_finalizers_seen;      /* a class has had a __del__ */
void obj_run_finalizer(Obj *o, Value del);
/* "Exception ignored in: <repr of where>" and e's traceback on stderr, as
 * CPython's default sys.unraisablehook prints them (interp.c). */
void interp_write_unraisable(Value where, Obj *e);
extern bool interp_finalizing;  /* the script has ended; finalizers run */
void exc_hold_frame_locals(Obj *exc, Tuple *locals);   /* exc.c */
Value obj_str(Value v);
Value obj_ascii(Value v);
bool obj_hash(Value v, int64_t *out);
Value obj_richcmp(Value a, Value b, int op);
int obj_richcmp_bool(Value a, Value b, int op);
int obj_eq(Value a, Value b);             /* identity shortcut, -1 error */
int obj_truth(Value v);
Value obj_getattr(Value v, Str *name);    /* AttributeError when missing */
Value obj_getattr_opt(Value v, Str *name); /* NULL without exc when missing */
Value obj_getattr_cstr(Value v, const char *name);
int obj_setattr(Value v, Str *name, Value val);
Value obj_call(Value f, const Value *args, size_t nargs, Tuple *kwnames);
Value call0(Value f);
Value call1(Value f, Value a);
Value call2(Value f, Value a, Value b);
Value call3(Value f, Value a, Value b, Value c);
Value call_method(Value obj, Str *name, const Value *args, size_t nargs);
Value call_tuple_dict(Value f, Tuple *args, Dict *kw);
Value obj_iter(Value v);
Value obj_next(Value it);                 /* NULL without exc: exhausted */
Value obj_getitem(Value o, Value k);
int obj_setitem(Value o, Value k, Value v);
int obj_delitem(Value o, Value k);
ssize_t obj_len(Value v);
int obj_contains(Value container, Value item);
Value binop(Value a, Value b, int op);
Func *type_binop_func(Value a, Value b, int op);
Value binop_rest(Value a, Value b, int op);
Value inplace_op(Value a, Value b, int op);
Value unary_neg(Value v);
Value unary_pos(Value v);
Value unary_invert(Value v);
Value obj_abs(Value v);
Value obj_index(Value v);                 /* __index__ -> int */
bool val_as_ssize(Value v, ssize_t *out); /* __index__, OverflowError */
Value obj_format(Value v, Value spec);
Value obj_dir(Value v);
Value generic_getattr(Value v, Str *name);
int generic_setattr(Value v, Str *name, Value val);
Value type_lookup(Type *t, Str *name);    /* borrowed, NULL if absent (no exc) */
uint64_t type_cache_version(Type *t);     /* for inline caches: 0 = do not cache */
Value type_lookup_entry(Type *t, Str *name, Dict **holder, uint32_t *ix);   /* and where: holder dict, entry */
bool type_store_plain_at(Type *t, Str *name, uint32_t ix, Value val);       /* t.name = val keeping t's version */
int instance_dict_store(Value v, Dict *d, Str *name, Value val);   /* d: v's __dict__ */
Dict *instance_dict_of(Value v);          /* v's __dict__ (made if absent), NULL: error/none */
/* The Python __init__ a call of class t runs, when t's metaclass is type,
 * its __new__ object's and __init__ a plain function (borrowed), else NULL */
struct Func *type_plain_init(Type *t);
Value seq_to_list(Value iterable);        /* new List */
Value seq_to_tuple(Value iterable);
Value bind_descr(Value attr, Value obj, Type *t);
const char *binop_symbol(int op);

/* ---- str (str.c) -------------------------------------------------------- */
Str *str_new(const char *s, size_t nbytes);        /* valid UTF-8/WTF-8 */
Str *str_alloc(size_t nbytes);                     /* caller fills, then str_finish */
Str *str_new_ascii(const char *s, size_t nbytes);  /* bytes known to be ASCII */
void str_finish(Str *s);
Str *str_cstr(const char *s);
/* interning (str_intern.c) */
void str_intern_init(void);                        /* str_types_init calls it */
Str *str_intern(const char *s);
Str *str_intern_str(Str *s);                       /* steals, returns interned ref */
void str_intern_each(void (*fn)(Str *s, void *arg), void *arg);  /* every interned str */
Str *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline Value str_value(Str *s) { return s ? v_obj(&s->ob) : v_null(); }
#define IS_STR(v) ((v).tag == V_OBJ && ((v).u.o->type == &str_type || ((v).u.o->type->flags & TF_STR_SUB)))
#define AS_STR(v) ((Str *)(v).u.o)
bool str_equal(Str *a, Str *b);
int64_t str_hash(Str *s);
Str *str_concat(Str *a, Str *b);
Value str_repr_value(Str *s);
Str *str_empty(void);
Str *str_from_cp(uint32_t cp);
Str *str_from_int64(int64_t v);                    /* decimal text */
size_t str_byte_offset(Str *s, size_t idx);
char *str_digits_u64(char *end, uint64_t u);        /* decimal digits before end; returns their start */
Str *str_truncate(Str *s, size_t nbytes);          /* a new str cut short, its tail given back */
void str_cursor_forget(const Str *s);       /* before s moves (an in-place append) */
uint32_t str_char_at(Str *s, size_t idx);
Value str_getitem(Value s, Value k);
int str_compare(Str *a, Str *b);
Value str_join_list(Str *sep, Value iterable);
Value str_mod_format(Value fmt, Value args);
Value str_format_method(Str *fmt, const Value *args, size_t nargs, Tuple *kwnames);
bool str_format_simple(Value v, Str *spec, Value *out);   /* format() fast path, strformat.c */
void str_types_init(void);
uint32_t utf8_decode(const unsigned char *p, size_t *len);

/* string builder: the first bytes go to `small`, inside the builder (most
 * builders make a short str: no allocation); p points there or to the
 * heap.  A StrBuf must not be copied by value. */
#define SB_SMALL 112
typedef struct StrBuf {
	char *p;
	size_t n, cap;
	bool failed;
	char small[SB_SMALL];
} StrBuf;
void sb_init(StrBuf *b);
void sb_add_slow(StrBuf *b, const char *s, size_t n);
/* Appends n bytes; inline while they fit (the buffer keeps room for a NUL). */
static inline void sb_add(StrBuf *b, const char *s, size_t n)
{
	if (__builtin_expect(n < b->cap - b->n, 1) && !b->failed) {
		if (n)
			__builtin_memcpy(b->p + b->n, s, n);
		b->n += n;
		return;
	}
	sb_add_slow(b, s, n);
}
void sb_adds(StrBuf *b, const char *s);
void sb_addc(StrBuf *b, char c);
void sb_add_cp(StrBuf *b, uint32_t cp);
void sb_add_str(StrBuf *b, Str *s);
bool sb_add_repr(StrBuf *b, Value v);
bool sb_add_strv(StrBuf *b, Value v);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
Str *sb_finish(StrBuf *b);                         /* NULL on failure */
void sb_free(StrBuf *b);

/* ---- int / float (int.c, float.c) --------------------------------------- */
Value int_from_mpz(mpz_t z);              /* copies, demotes */
void int_to_mpz(Value v, mpz_t out);      /* out initialised by caller */
Value int_binop(Value a, Value b, int op);
Value int_repr(Value v);
Value int_from_cstr(const char *s, int base); /* Python literal syntax */
bool int_as_i64(Value v, int64_t *out);   /* false if does not fit (no exc) */
double int_as_double(Value v, bool *overflow);
int int_sign(Value v);
int int_cmp(Value a, Value b);
bool int_hash(Value v, int64_t *out);
Value int_from_double(double d);
Value float_binop(Value a, Value b, int op);
Value float_repr(Value v);
bool float_hash(double d, int64_t *out);
Value float_from_str(Str *s);
Value int_from_str(Str *s, int base);
Value int_pow(Value a, Value b, Value mod);
Value int_neg(Value v);
bool val_to_double(Value v, double *out); /* int/float/bool; TypeError otherwise */
void num_types_init(void);
Value num_round(Value x, Value nd);
Value int_to_base(Value v, int base, bool alt);
Value int_bit_length(Value v);

/* ---- tuple / list ------------------------------------------------------- */
Tuple *tuple_new(size_t n);               /* items V_NULL; fill with steal */
Tuple *tuple_from(const Value *items, size_t n); /* increfs */
Tuple *tuple_empty(void);
Tuple *tuple_pack2(Value a, Value b);     /* increfs */
#define IS_TUPLE(v) ((v).tag == V_OBJ && ((v).u.o->type == &tuple_type || ((v).u.o->type->flags & TF_TUPLE_SUB)))
#define AS_TUPLE(v) ((Tuple *)(v).u.o)
List *list_new(size_t n);                 /* n items V_NULL(set them) */
List *list_with_cap(size_t cap);
bool list_append(List *l, Value v);       /* increfs */
bool list_append_steal(List *l, Value v);
#define IS_LIST(v) ((v).tag == V_OBJ && ((v).u.o->type == &list_type || ((v).u.o->type->flags & TF_LIST_SUB)))
#define AS_LIST(v) ((List *)(v).u.o)
bool list_extend(List *l, Value iterable);
Value list_sort(List *l, Value key, bool reverse);
void seq_types_init(void);
Value seq_richcmp(const Value *a, size_t na, const Value *b, size_t nb, int op);
Value seq_repr(const char *open, const char *close, const Value *items, size_t n, bool one_comma);
bool slice_indices(Slice *s, ssize_t len, ssize_t *start, ssize_t *stop, ssize_t *step, ssize_t *slicelen);
Value slice_new(Value a, Value b, Value c);
#define IS_SLICE(v) obj_is(v, &slice_type)

/* ---- dict / set --------------------------------------------------------- */
Dict *dict_new(void);
Value dict_get(Dict *d, Value key);       /* borrowed, NULL: absent or error (check err_occurred) */
Value dict_get_str(Dict *d, Str *key);    /* borrowed, NULL absent; never errors */
Str *dict_find_str_bytes(Dict *d, const char *p, size_t n, int64_t hash); /* borrowed key or NULL */
int dict_set(Dict *d, Value key, Value v);   /* increfs both; -1 error */
int dict_count_one(Dict *d, Value key);        /* d[key] += 1 for a small int count: 0, 1 (not an int), -1 */
int dict_set_str(Dict *d, Str *key, Value v);
int dict_del(Dict *d, Value key);         /* 0 ok, 1 missing (no exc), -1 error */
bool dict_next(Dict *d, size_t *pos, Value *k, Value *v);  /* borrowed */
Dict *dict_copy(Dict *d);
int dict_update(Dict *d, Value other);
#define IS_DICT(v) ((v).tag == V_OBJ && ((v).u.o->type == &dict_type || ((v).u.o->type->flags & TF_DICT_SUB)))
#define AS_DICT(v) ((Dict *)(v).u.o)
ssize_t dict_find_str_index(Dict *d, Str *key);  /* entry number or -1 */
void dict_replace_at(Dict *d, size_t ix, Value v);   /* entry ix's key is live */
void dict_types_init(void);
Set *set_new(Type *t);
int set_add(Set *s, Value key);
int set_contains(Set *s, Value key);
int set_discard(Set *s, Value key);
bool set_next(Set *s, size_t *pos, Value *k);
bool set_update(Set *s, Value iterable);
#define IS_SET(v) ((v).tag == V_OBJ && ((v).u.o->type == &set_type || (v).u.o->type == &frozenset_type || type_is_subtype((v).u.o->type, &set_type) || type_is_subtype((v).u.o->type, &frozenset_type)))
void set_types_init(void);
Bytes *bytes_new(const void *p, size_t n);
#define IS_BYTES(v) ((v).tag == V_OBJ && ((v).u.o->type->flags & TF_BYTES_SUB))
void bytes_types_init(void);

/* __slots__ (worker/objects/member.c): a class's member descriptors, and the slot
 * names of a class and its bases (storage keys, or as declared). */
int member_add_slots(Type *t, Dict *ns, Type *solid, uint32_t start);
uint32_t member_slot_offset(Value d, Type *t);
Value member_slot_value(Value obj, Str *name, Dict **dp);
bool member_slot_names(Type *t, List *l, bool keys);

/* ---- functions, types, modules ------------------------------------------ */
Value builtin_new(const char *name, callfn fn, Value self);
void type_add_method(Type *t, const char *name, callfn fn, int flags);
void type_add_getset(Type *t, const char *name, unaryfn get);
void type_init_builtin(Type *t, const char *name, Type *base);
Value type_new_class(Str *name, Tuple *bases, Dict *ns, Tuple *kwnames, const Value *kwvals);
void type_update_slots(Type *t, Str *name);
Value type_call(Value self, const Value *args, size_t nargs, Tuple *kwnames);
Value method_new(Value func, Value self);
Value instance_new(Type *t);
void type_types_init(void);
Value func_new(Code *code, Dict *globals, Str *qualname);
void func_types_init(void);
Module *module_new(Str *name);
/* Module building: set d[name] = v (steals v); add a builtin function. */
void module_set_attr(Dict *d, const char *name, Value v);
void module_add_fn(Dict *d, const char *name, callfn fn);
/* The os module (worker/modules/os/os.c); cwd is the script's working directory. */
void os_module_init(const char *cwd);
/* "~" of the script (the agent's HOME; set by os_set_home, worker/runtime/interp.h),
 * or None (worker/modules/os/os.c). */
Value os_home(void);
Value module_import(Str *name);

/* argument parsing for natives */
bool args_check(const char *fname, size_t nargs, Tuple *kwnames, size_t min, size_t max);
bool args_check_positional(const char *fname, size_t nargs, Tuple *kwnames, size_t min, size_t max);
bool args_parse(const char *fname, const Value *args, size_t nargs, Tuple *kwnames,
		const char *const *names, size_t npos_min, size_t n, Value *out);
bool no_kwargs(const char *fname, Tuple *kwnames);

/* ---- interpreter state -------------------------------------------------- */
/* The "exception being handled" of each running generator's caller, while
 * the generator runs (CPython's exc_info stack): a link on resume()'s C
 * stack (eval/gen.c). */
struct handled_link {
	Obj *handled;
	struct handled_link *prev;
};

typedef struct VMState {
	Obj *exc;               /* pending exception */
	Obj *handled;           /* exception being handled by the running code; a
	                         * generator has its own (Gen.saved_handled) */
	struct handled_link *outer_handled; /* its callers', innermost first */
	int depth;              /* recursion depth (frames + C reentry) */
	int cdepth;             /* C-stack reentries (natives calling back) */
	int depth_limit;
	Dict *builtins;
	Dict *modules;
	struct Frame *frame;    /* innermost executing frame */
	Value stdout_obj;
	uint64_t ticks;
} VMState;
extern VMState vm;
/* The exception sys.exc_info() shows, a bare raise re-raises and a new
 * exception takes as its context: the running code's own, else the nearest
 * caller's (a generator handling nothing sees its caller's).  Borrowed. */
static inline Obj *err_handled_topmost(void)
{
	if (vm.handled)
		return vm.handled;
	for (struct handled_link *l = vm.outer_handled; l; l = l->prev)
		if (l->handled)
			return l->handled;
	return NULL;
}
bool enter_recursion(const char *where);
static inline void leave_recursion(void) { vm.depth--; vm.cdepth--; }
/* C-level nesting is bounded separately, by count and by the C stack it
 * has used (exc.c), so a high sys.setrecursionlimit cannot overflow the C
 * stack (Python-to-Python calls do not use it). */
#define C_RECURSION_LIMIT 20000
bool enter_c_call(void);
static inline void leave_c_call(void) { vm.cdepth--; }
/* For what CPython does in C with no recursion check (hashing nested
 * tuples): bounded only by the C stack used.  Undone by leave_c_call(). */
bool enter_c_stack(const char *where);
void builtins_init(void);
Value eval_code(Code *code, Dict *globals, Dict *locals);
Value vm_call_function(Func *f, const Value *args, size_t nargs, Tuple *kwnames);
Value compile_source(const char *src, size_t len, const char *filename, int mode, Dict *flags_unused);
Value gen_send(Value gen, Value v);       /* NULL: see err; StopIteration on return */
void sys_module_init(int argc, const char *argv0);
/* sys.argv = [argv0], once the script's name is known (worker/modules/sys/sys.c). */
void sys_set_argv0(const char *argv0);

/* output (output.c) */
void out_write(int fd, const char *p, size_t n);
void out_flush(void);

#endif
