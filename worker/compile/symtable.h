/* symtable.h -- compile-time scope analysis (CPython's symtable.c, reduced):
 * one Scope per module, function, lambda, class body and comprehension,
 * each name classified as local, global (explicit/implicit), free or cell.
 */
#ifndef BOX_SYMTABLE_H
#define BOX_SYMTABLE_H

#include <stdbool.h>
#include "worker/parse/ast.h"

enum { SC_MODULE, SC_FUNCTION, SC_CLASS, SC_COMPREHENSION };

#define DEF_LOCAL 0x1u
#define DEF_PARAM 0x2u
#define DEF_GLOBAL 0x4u
#define DEF_NONLOCAL 0x8u
#define DEF_USE 0x10u
#define DEF_COMP_FREE 0x20u    /* walrus in a comprehension: binds outside */
#define DEF_ANNOT 0x40u

enum { SYM_NONE, SYM_LOCAL, SYM_GLOBAL_EXPLICIT, SYM_GLOBAL_IMPLICIT, SYM_FREE, SYM_CELL };

typedef struct Sym {
	char *name;
	unsigned flags;
	int scope;
	int line;
} Sym;

typedef struct Scope Scope;
struct Scope {
	int kind;
	char *name;                 /* function/class name, "<lambda>", "<listcomp>" */
	const void *node;           /* the AST node that opened the scope */
	Scope *parent;
	Sym *syms;
	int nsyms, capsyms;
	Scope **children;
	int nchildren, capchildren;
	char **params;              /* parameter names in order */
	int nparams, capparams;
	char **passthrough;         /* free names a class forwards to its children */
	int npass, cappass;
	bool generator, coroutine, is_async, has_yield;
	bool needs_class_cell;      /* class: a method uses super()/__class__ */
	bool is_lambda;
	int comp_kind;              /* EXPR_ListComp, ... for comprehensions */
	char *private_name;         /* enclosing class name for mangling */
};

typedef struct SymError {
	char msg[256];
	int line, col, end_line, end_col;
	bool set;
} SymError;

/* Builds and analyses the table for a module (or an eval expression when
 * expr != NULL).  Returns NULL with *err set on a scope error. */
/* future_annotations: the module is compiled under `from __future__
 * import annotations` (its own or inherited by exec/compile). */
Scope *symtable_build(ast_mod *mod, bool future_annotations, SymError *err);
void symtable_free(Scope *s);
Sym *scope_lookup(Scope *s, const char *name);
Scope *scope_child_for(Scope *s, const void *node);
/* name mangling of __private names inside classes; returns a malloc'd or
 * the same pointer (caller checks != name to free) */
char *mangle_name(const char *priv, const char *name);

#endif
