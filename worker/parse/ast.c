/* ast.c -- the arena that holds a parsed tree, and the names of the AST's
 * enumerations (used by ast_dump and by error messages).
 */
#include "worker/parse/ast.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Memory comes in chunks; each allocation is rounded up to 16 bytes. */
struct arena_chunk {
	struct arena_chunk *next;
	size_t size;                    /* usable bytes after the header */
	size_t used;
	_Alignas(16) unsigned char data[];
};

/* A block of its own, resizable (ast_arena_resize): the token array. */
struct arena_block {
	struct arena_block *prev, *next;
	size_t size;
	_Alignas(16) unsigned char data[];
};

struct ast_arena {
	struct ast_allocator allocator;
	size_t limit;                   /* 0: unlimited */
	size_t total;                   /* bytes obtained from the allocator */
	struct arena_chunk *chunks;     /* newest first */
	struct arena_block *blocks;
};

enum { ARENA_CHUNK_MIN = 64 * 1024, ARENA_ALIGN = 16 };

static void *default_alloc(size_t size, void *ud)
{
	(void)ud;
	return malloc(size);
}

static void default_release(void *ptr, size_t size, void *ud)
{
	(void)size;
	(void)ud;
	free(ptr);
}

ast_arena *ast_arena_new(const struct ast_allocator *allocator, size_t limit)
{
	struct ast_allocator a = { default_alloc, default_release, NULL };
	if (allocator)
		a = *allocator;
	ast_arena *arena = a.alloc(sizeof *arena, a.ud);
	if (!arena)
		return NULL;
	memset(arena, 0, sizeof *arena);
	arena->allocator = a;
	arena->limit = limit;
	arena->total = sizeof *arena;
	return arena;
}

void ast_arena_free(ast_arena *arena)
{
	if (!arena)
		return;
	struct ast_allocator a = arena->allocator;
	struct arena_chunk *c = arena->chunks;
	while (c) {
		struct arena_chunk *next = c->next;
		a.release(c, sizeof *c + c->size, a.ud);
		c = next;
	}
	struct arena_block *b = arena->blocks;
	while (b) {
		struct arena_block *next = b->next;
		a.release(b, sizeof *b + b->size, a.ud);
		b = next;
	}
	a.release(arena, sizeof *arena, a.ud);
}

static struct arena_chunk *arena_grow(ast_arena *arena, size_t need)
{
	size_t size = ARENA_CHUNK_MIN;
	if (arena->chunks && arena->chunks->size < 16 * 1024 * 1024)
		size = arena->chunks->size * 2;  /* geometric: few chunks */
	if (size < need)
		size = need;
	size_t bytes;
	if (__builtin_add_overflow(size, sizeof(struct arena_chunk), &bytes))
		return NULL;
	size_t total;
	if (__builtin_add_overflow(arena->total, bytes, &total))
		return NULL;
	if (arena->limit && total > arena->limit)
		return NULL;
	struct arena_chunk *c = arena->allocator.alloc(bytes, arena->allocator.ud);
	if (!c)
		return NULL;
	c->next = arena->chunks;
	c->size = size;
	c->used = 0;
	arena->chunks = c;
	arena->total = total;
	return c;
}

void *ast_arena_alloc(ast_arena *arena, size_t size)
{
	size_t rounded;
	if (__builtin_add_overflow(size, ARENA_ALIGN - 1, &rounded))
		return NULL;
	rounded &= ~(size_t)(ARENA_ALIGN - 1);
	if (rounded == 0)
		rounded = ARENA_ALIGN;
	struct arena_chunk *c = arena->chunks;
	if (!c || c->size - c->used < rounded) {
		c = arena_grow(arena, rounded);
		if (!c)
			return NULL;
	}
	void *p = c->data + c->used;
	c->used += rounded;
	memset(p, 0, rounded);
	return p;
}

void *ast_arena_resize(ast_arena *arena, void *block, size_t new_size)
{
	struct arena_block *old = block ? (struct arena_block *)((unsigned char *)block - offsetof(struct arena_block, data)) : NULL;
	size_t old_bytes = old ? sizeof *old + old->size : 0;
	size_t bytes;
	if (__builtin_add_overflow(new_size, sizeof(struct arena_block), &bytes))
		return NULL;
	/* the limit counts what the arena holds once the old copy is gone */
	size_t total;
	if (__builtin_add_overflow(arena->total - old_bytes, bytes, &total))
		return NULL;
	if (arena->limit && total > arena->limit)
		return NULL;
	struct arena_block *b = arena->allocator.alloc(bytes, arena->allocator.ud);
	if (!b)
		return NULL;
	b->size = new_size;
	size_t keep = old ? (old->size < new_size ? old->size : new_size) : 0;
	if (keep)
		memcpy(b->data, old->data, keep);
	memset(b->data + keep, 0, new_size - keep);
	if (old) {
		if (old->prev)
			old->prev->next = old->next;
		else
			arena->blocks = old->next;
		if (old->next)
			old->next->prev = old->prev;
		arena->allocator.release(old, old_bytes, arena->allocator.ud);
	}
	b->prev = NULL;
	b->next = arena->blocks;
	if (b->next)
		b->next->prev = b;
	arena->blocks = b;
	arena->total = total;
	return b->data;
}

char *ast_arena_strndup(ast_arena *arena, const char *s, size_t len)
{
	size_t n;
	if (__builtin_add_overflow(len, 1, &n))
		return NULL;
	char *p = ast_arena_alloc(arena, n);
	if (!p)
		return NULL;
	if (len)
		memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

size_t ast_arena_used(const ast_arena *arena)
{
	return arena->total;
}

/* ---- names ------------------------------------------------------------ */

static const char *const operator_names[] = {
	NULL, "Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift",
	"RShift", "BitOr", "BitXor", "BitAnd", "FloorDiv"
};
static const char *const operator_symbols[] = {
	NULL, "+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"
};
static const char *const cmpop_names[] = {
	NULL, "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"
};
static const char *const unaryop_names[] = {
	NULL, "Invert", "Not", "UAdd", "USub"
};
static const char *const expr_names[] = {
	NULL, "BoolOp", "NamedExpr", "BinOp", "UnaryOp", "Lambda", "IfExp",
	"Dict", "Set", "ListComp", "SetComp", "DictComp", "GeneratorExp",
	"Await", "Yield", "YieldFrom", "Compare", "Call", "FormattedValue",
	"JoinedStr", "Constant", "Attribute", "Subscript", "Starred", "Name",
	"List", "Tuple", "Slice"
};
static const char *const stmt_names[] = {
	NULL, "FunctionDef", "AsyncFunctionDef", "ClassDef", "Return", "Delete",
	"Assign", "AugAssign", "AnnAssign", "For", "AsyncFor", "While", "If",
	"With", "AsyncWith", "Match", "Raise", "Try", "TryStar", "Assert",
	"Import", "ImportFrom", "Global", "Nonlocal", "Expr", "Pass", "Break",
	"Continue"
};

#define NAME_OF(table, i) \
	((unsigned)(i) < sizeof(table) / sizeof(table[0]) && table[i] ? table[i] : "?")

const char *ast_operator_name(enum ast_operator op) { return NAME_OF(operator_names, op); }
const char *ast_operator_symbol(enum ast_operator op) { return NAME_OF(operator_symbols, op); }
const char *ast_cmpop_name(enum ast_cmpop op) { return NAME_OF(cmpop_names, op); }
const char *ast_unaryop_name(enum ast_unaryop op) { return NAME_OF(unaryop_names, op); }
const char *ast_expr_kind_name(enum ast_expr_kind kind) { return NAME_OF(expr_names, kind); }
const char *ast_stmt_kind_name(enum ast_stmt_kind kind) { return NAME_OF(stmt_names, kind); }
