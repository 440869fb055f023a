/* ast.h -- the abstract syntax tree produced by the parser.
 *
 * Mirrors CPython 3.11's Parser/Python.asdl node for node and field for
 * field, so that a dump of this tree matches `ast.dump(ast.parse(src))`
 * and the compiler can follow CPython's compile.c closely.
 *
 * Conventions
 *  - Sum types are tagged structs: `enum X_kind kind; union { ... } v;`,
 *    with one union member per constructor named exactly as in the ASDL
 *    (e->v.BinOp.left, s->v.FunctionDef.name, ...).  Kind enumerators are
 *    prefixed by the sum type: EXPR_BinOp, STMT_If, PAT_MatchAs.
 *  - `T*` fields are counted arrays `struct { int n; T **items; }`; `n` is
 *    0 and `items` may be NULL when empty.  Optional (`T?`) fields are NULL
 *    when absent.  Dict.keys items are NULL for `**mapping` entries, and
 *    arguments.kw_defaults items are NULL for keyword-only arguments
 *    without a default (both as in CPython).
 *  - Identifiers are NUL-terminated UTF-8 strings (NFKC-normalised like
 *    CPython does); interning is the compiler's job.
 *  - Positions: nodes that carry attributes in the ASDL (stmt, expr,
 *    excepthandler, arg, keyword, alias, pattern) have lineno/end_lineno
 *    (1-based) and col_offset/end_col_offset (0-based, in UTF-8 bytes).
 *  - Every node, string and array lives in one ast_arena, freed at once.
 *  - Parse-time normalisations are CPython's: adjacent string literals are
 *    merged, f-strings become JoinedStr/FormattedValue, no constant folding,
 *    docstrings stay as Expr(Constant).
 */
#ifndef BOX_PARSE_AST_H
#define BOX_PARSE_AST_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* ---- the arena ------------------------------------------------------- */

typedef struct ast_arena ast_arena;

/* Allocation hooks (optional): lets the worker account parse memory in its
 * own allocator.  alloc returns NULL on failure. */
struct ast_allocator {
	void *(*alloc)(size_t size, void *ud);
	void (*release)(void *ptr, size_t size, void *ud);
	void *ud;
};

/* A new empty arena; `allocator` may be NULL (malloc/free).  The arena
 * refuses to grow beyond `limit` bytes in total (0: no limit). */
ast_arena *ast_arena_new(const struct ast_allocator *allocator, size_t limit);
void ast_arena_free(ast_arena *arena);
/* Zeroed, max_align_t-aligned memory, or NULL when out of memory. */
void *ast_arena_alloc(ast_arena *arena, size_t size);
/* A block of its own that can later be resized: `block` NULL gives a new
 * one, otherwise the result holds the old contents (cut or zero-extended)
 * and the old block is released at once, so an array grown by doubling
 * leaves no dead copies behind (the token array).  NULL when out of memory
 * (then `block` is unchanged).  Freed with the arena. */
void *ast_arena_resize(ast_arena *arena, void *block, size_t new_size);
/* Copy of `len` bytes plus a terminating NUL, or NULL. */
char *ast_arena_strndup(ast_arena *arena, const char *s, size_t len);
size_t ast_arena_used(const ast_arena *arena);

/* ---- forward declarations ------------------------------------------- */

typedef struct ast_mod ast_mod;
typedef struct ast_stmt ast_stmt;
typedef struct ast_expr ast_expr;
typedef struct ast_comprehension ast_comprehension;
typedef struct ast_excepthandler ast_excepthandler;
typedef struct ast_arguments ast_arguments;
typedef struct ast_arg ast_arg;
typedef struct ast_keyword ast_keyword;
typedef struct ast_alias ast_alias;
typedef struct ast_withitem ast_withitem;
typedef struct ast_match_case ast_match_case;
typedef struct ast_pattern ast_pattern;

#define AST_SEQ(T) struct { int n; T **items; }
typedef AST_SEQ(ast_stmt) ast_stmt_seq;
typedef AST_SEQ(ast_expr) ast_expr_seq;
typedef AST_SEQ(ast_comprehension) ast_comprehension_seq;
typedef AST_SEQ(ast_excepthandler) ast_excepthandler_seq;
typedef AST_SEQ(ast_arg) ast_arg_seq;
typedef AST_SEQ(ast_keyword) ast_keyword_seq;
typedef AST_SEQ(ast_alias) ast_alias_seq;
typedef AST_SEQ(ast_withitem) ast_withitem_seq;
typedef AST_SEQ(ast_match_case) ast_match_case_seq;
typedef AST_SEQ(ast_pattern) ast_pattern_seq;
typedef struct { int n; const char **items; } ast_ident_seq;
typedef struct { int n; int *items; } ast_int_seq;   /* cmpop* */

/* Source range of a node (see the header comment). */
struct ast_pos {
	int lineno, col_offset, end_lineno, end_col_offset;
};

/* ---- simple sums ------------------------------------------------------ */

enum ast_expr_context { CTX_Load = 1, CTX_Store, CTX_Del };
enum ast_boolop { BOOL_And = 1, BOOL_Or };
enum ast_operator {
	OP_Add = 1, OP_Sub, OP_Mult, OP_MatMult, OP_Div, OP_Mod, OP_Pow,
	OP_LShift, OP_RShift, OP_BitOr, OP_BitXor, OP_BitAnd, OP_FloorDiv
};
enum ast_unaryop { UNARY_Invert = 1, UNARY_Not, UNARY_UAdd, UNARY_USub };
enum ast_cmpop {
	CMP_Eq = 1, CMP_NotEq, CMP_Lt, CMP_LtE, CMP_Gt, CMP_GtE,
	CMP_Is, CMP_IsNot, CMP_In, CMP_NotIn
};

/* ---- constants -------------------------------------------------------- */

enum ast_constant_kind {
	CONST_None = 1, CONST_True, CONST_False, CONST_Ellipsis,
	CONST_Int, CONST_Float, CONST_Complex, CONST_Str, CONST_Bytes
};

struct ast_constant {
	enum ast_constant_kind kind;
	union {
		/* Integer literals are non-negative.  `small` holds the value when
		 * it fits int64 (big == false); otherwise `digits` is its decimal
		 * representation (no sign, no leading zeros).  `digits` is always
		 * set, also for small values. */
		struct { int64_t small; bool big; const char *digits; } i;
		double f;            /* CONST_Float */
		double imag;         /* CONST_Complex: the literal is 0+imag j */
		/* CONST_Str: UTF-8 (lone surrogates as 3-byte WTF-8 sequences);
		 * CONST_Bytes: raw bytes.  NUL-terminated, may contain NULs. */
		struct { const char *data; size_t len; } s;
	} v;
};

/* ---- mod -------------------------------------------------------------- */

enum ast_mod_kind { MOD_Module = 1, MOD_Interactive, MOD_Expression };

struct ast_mod {
	enum ast_mod_kind kind;
	union {
		struct { ast_stmt_seq body; } Module;      /* type_ignores always [] */
		struct { ast_stmt_seq body; } Interactive;
		struct { ast_expr *body; } Expression;
	} v;
};

/* ---- stmt ------------------------------------------------------------- */

enum ast_stmt_kind {
	STMT_FunctionDef = 1, STMT_AsyncFunctionDef, STMT_ClassDef, STMT_Return,
	STMT_Delete, STMT_Assign, STMT_AugAssign, STMT_AnnAssign, STMT_For,
	STMT_AsyncFor, STMT_While, STMT_If, STMT_With, STMT_AsyncWith,
	STMT_Match, STMT_Raise, STMT_Try, STMT_TryStar, STMT_Assert,
	STMT_Import, STMT_ImportFrom, STMT_Global, STMT_Nonlocal, STMT_Expr,
	STMT_Pass, STMT_Break, STMT_Continue
};

struct ast_function_def {      /* FunctionDef and AsyncFunctionDef */
	const char *name;
	ast_arguments *args;
	ast_stmt_seq body;
	ast_expr_seq decorator_list;
	ast_expr *returns;              /* optional */
};

struct ast_for {               /* For and AsyncFor */
	ast_expr *target;
	ast_expr *iter;
	ast_stmt_seq body;
	ast_stmt_seq orelse;
};

struct ast_with {              /* With and AsyncWith */
	ast_withitem_seq items;
	ast_stmt_seq body;
};

struct ast_try {               /* Try and TryStar */
	ast_stmt_seq body;
	ast_excepthandler_seq handlers;
	ast_stmt_seq orelse;
	ast_stmt_seq finalbody;
};

struct ast_stmt {
	enum ast_stmt_kind kind;
	struct ast_pos pos;
	union {
		struct ast_function_def FunctionDef;
		struct ast_function_def AsyncFunctionDef;
		struct {
			const char *name;
			ast_expr_seq bases;
			ast_keyword_seq keywords;
			ast_stmt_seq body;
			ast_expr_seq decorator_list;
		} ClassDef;
		struct { ast_expr *value; } Return;            /* value optional */
		struct { ast_expr_seq targets; } Delete;
		struct { ast_expr_seq targets; ast_expr *value; } Assign;
		struct { ast_expr *target; enum ast_operator op; ast_expr *value; } AugAssign;
		struct {
			ast_expr *target;
			ast_expr *annotation;
			ast_expr *value;                            /* optional */
			int simple;
		} AnnAssign;
		struct ast_for For;
		struct ast_for AsyncFor;
		struct { ast_expr *test; ast_stmt_seq body; ast_stmt_seq orelse; } While;
		struct { ast_expr *test; ast_stmt_seq body; ast_stmt_seq orelse; } If;
		struct ast_with With;
		struct ast_with AsyncWith;
		struct { ast_expr *subject; ast_match_case_seq cases; } Match;
		struct { ast_expr *exc; ast_expr *cause; } Raise;   /* both optional */
		struct ast_try Try;
		struct ast_try TryStar;
		struct { ast_expr *test; ast_expr *msg; } Assert;   /* msg optional */
		struct { ast_alias_seq names; } Import;
		struct {
			const char *module;                          /* optional */
			ast_alias_seq names;
			int level;
		} ImportFrom;
		struct { ast_ident_seq names; } Global;
		struct { ast_ident_seq names; } Nonlocal;
		struct { ast_expr *value; } Expr;
	} v;
};

/* ---- expr ------------------------------------------------------------- */

enum ast_expr_kind {
	EXPR_BoolOp = 1, EXPR_NamedExpr, EXPR_BinOp, EXPR_UnaryOp, EXPR_Lambda,
	EXPR_IfExp, EXPR_Dict, EXPR_Set, EXPR_ListComp, EXPR_SetComp,
	EXPR_DictComp, EXPR_GeneratorExp, EXPR_Await, EXPR_Yield,
	EXPR_YieldFrom, EXPR_Compare, EXPR_Call, EXPR_FormattedValue,
	EXPR_JoinedStr, EXPR_Constant, EXPR_Attribute, EXPR_Subscript,
	EXPR_Starred, EXPR_Name, EXPR_List, EXPR_Tuple, EXPR_Slice
};

struct ast_comp {              /* ListComp, SetComp, GeneratorExp */
	ast_expr *elt;
	ast_comprehension_seq generators;
};

struct ast_expr {
	enum ast_expr_kind kind;
	struct ast_pos pos;
	union {
		struct { enum ast_boolop op; ast_expr_seq values; } BoolOp;
		struct { ast_expr *target; ast_expr *value; } NamedExpr;
		struct { ast_expr *left; enum ast_operator op; ast_expr *right; } BinOp;
		struct { enum ast_unaryop op; ast_expr *operand; } UnaryOp;
		struct { ast_arguments *args; ast_expr *body; } Lambda;
		struct { ast_expr *test; ast_expr *body; ast_expr *orelse; } IfExp;
		struct { ast_expr_seq keys; ast_expr_seq values; } Dict;
		struct { ast_expr_seq elts; } Set;
		struct ast_comp ListComp;
		struct ast_comp SetComp;
		struct {
			ast_expr *key;
			ast_expr *value;
			ast_comprehension_seq generators;
		} DictComp;
		struct ast_comp GeneratorExp;
		struct { ast_expr *value; } Await;
		struct { ast_expr *value; } Yield;              /* value optional */
		struct { ast_expr *value; } YieldFrom;
		struct {
			ast_expr *left;
			ast_int_seq ops;                             /* enum ast_cmpop */
			ast_expr_seq comparators;
		} Compare;
		struct { ast_expr *func; ast_expr_seq args; ast_keyword_seq keywords; } Call;
		struct {
			ast_expr *value;
			int conversion;             /* -1 (none), 's', 'r' or 'a' */
			ast_expr *format_spec;      /* optional, a JoinedStr */
		} FormattedValue;
		struct { ast_expr_seq values; } JoinedStr;
		struct {
			struct ast_constant value;
			const char *kind;           /* "u" for u'' literals, else NULL */
		} Constant;
		struct { ast_expr *value; const char *attr; enum ast_expr_context ctx; } Attribute;
		struct { ast_expr *value; ast_expr *slice; enum ast_expr_context ctx; } Subscript;
		struct { ast_expr *value; enum ast_expr_context ctx; } Starred;
		struct { const char *id; enum ast_expr_context ctx; } Name;
		struct { ast_expr_seq elts; enum ast_expr_context ctx; } List;
		struct { ast_expr_seq elts; enum ast_expr_context ctx; } Tuple;
		struct { ast_expr *lower; ast_expr *upper; ast_expr *step; } Slice; /* all optional */
	} v;
};

/* ---- the product types ------------------------------------------------ */

struct ast_comprehension {
	ast_expr *target;
	ast_expr *iter;
	ast_expr_seq ifs;
	int is_async;
};

/* excepthandler = ExceptHandler(expr? type, identifier? name, stmt* body) */
struct ast_excepthandler {
	struct ast_pos pos;
	ast_expr *type;                 /* optional */
	const char *name;               /* optional */
	ast_stmt_seq body;
};

struct ast_arguments {
	ast_arg_seq posonlyargs;
	ast_arg_seq args;
	ast_arg *vararg;                /* optional */
	ast_arg_seq kwonlyargs;
	ast_expr_seq kw_defaults;       /* one per kwonlyarg; NULL = no default */
	ast_arg *kwarg;                 /* optional */
	ast_expr_seq defaults;          /* for the last defaults.n of posonlyargs+args */
};

struct ast_arg {
	struct ast_pos pos;
	const char *arg;
	ast_expr *annotation;           /* optional */
};

struct ast_keyword {
	struct ast_pos pos;
	const char *arg;                /* NULL for **kwargs */
	ast_expr *value;
};

struct ast_alias {
	struct ast_pos pos;
	const char *name;               /* dotted name, or "*" */
	const char *asname;             /* optional */
};

struct ast_withitem {
	ast_expr *context_expr;
	ast_expr *optional_vars;        /* optional */
};

struct ast_match_case {
	ast_pattern *pattern;
	ast_expr *guard;                /* optional */
	ast_stmt_seq body;
};

/* ---- pattern ---------------------------------------------------------- */

enum ast_pattern_kind {
	PAT_MatchValue = 1, PAT_MatchSingleton, PAT_MatchSequence,
	PAT_MatchMapping, PAT_MatchClass, PAT_MatchStar, PAT_MatchAs,
	PAT_MatchOr
};

struct ast_pattern {
	enum ast_pattern_kind kind;
	struct ast_pos pos;
	union {
		struct { ast_expr *value; } MatchValue;
		struct { struct ast_constant value; } MatchSingleton; /* None/True/False */
		struct { ast_pattern_seq patterns; } MatchSequence;
		struct {
			ast_expr_seq keys;
			ast_pattern_seq patterns;
			const char *rest;                            /* optional */
		} MatchMapping;
		struct {
			ast_expr *cls;
			ast_pattern_seq patterns;
			ast_ident_seq kwd_attrs;
			ast_pattern_seq kwd_patterns;
		} MatchClass;
		struct { const char *name; } MatchStar;          /* name optional */
		struct { ast_pattern *pattern; const char *name; } MatchAs; /* both optional */
		struct { ast_pattern_seq patterns; } MatchOr;
	} v;
};

/* ---- names for dumps and messages --------------------------------------- */

const char *ast_operator_name(enum ast_operator op);   /* "Add", ... */
const char *ast_operator_symbol(enum ast_operator op); /* "+", ... */
const char *ast_cmpop_name(enum ast_cmpop op);         /* "Eq", ... */
const char *ast_unaryop_name(enum ast_unaryop op);     /* "Not", ... */
const char *ast_expr_kind_name(enum ast_expr_kind kind);
const char *ast_stmt_kind_name(enum ast_stmt_kind kind);

#endif
