/* vm.h -- frames, generators and the interpreter loop's entry points.
 *
 * Frames are flat: one allocation holds the frame header, the fast locals,
 * the cells/free variables and the value stack.  Ordinary calls carve
 * frames out of one VM stack (LIFO); generator frames are allocated on the
 * heap and owned by their generator.  Python-to-Python calls made by the
 * bytecode (CALL*) do not recurse on the C stack: the loop switches frames.
 */
#ifndef BOX_VM_H
#define BOX_VM_H

#include "worker/runtime/runtime.h"

#define MAX_BLOCKS 20

typedef struct Block {
	uint32_t handler;
	uint32_t level;
} Block;

typedef struct Frame Frame;
struct Frame {
	Code *code;
	Func *func;              /* NULL for module / exec code */
	Dict *globals;
	Dict *builtins;
	Dict *locals;            /* NAME ops: module and class bodies */
	uint32_t *ip;
	Value *sp;
	Value *stack;
	Frame *back;
	struct Gen *gen;
	size_t size;
	int nblocks;
	bool entry;              /* vm_run returns when this frame returns */
	bool heap;
	bool yielded;
	bool started;
	bool throwing;           /* resume with the pending exception */
	bool init_call;          /* __init__ run for a class call: its return value must be None and is dropped (the instance is on the caller's stack) */
	uint8_t binop_op;        /* BINARY_OP's operator + 1 when this is a's Python __op__ run by it: a and b stay on the caller's stack for binop_rest */
	Block blocks[MAX_BLOCKS];
	Value fast[];
};

typedef struct Gen {
	Obj ob;
	Frame *frame;
	Code *code;             /* gi_code / cr_code / ag_code (the frame goes when it finishes) */
	Str *name, *qualname;
	bool running;
	bool finished;
	Obj *saved_handled;
} Gen;

Value vm_run(Frame *f);
Frame *frame_new(Code *code, Func *func, Dict *globals, Dict *locals, bool heap);
void frame_release(Frame *f);
/* 1 yielded, 0 returned, -1 error */
int gen_resume(Gen *g, Value send, Value *out);
int gen_throw_into(Gen *g, Obj *exc, Value *out);
Value gen_new(Frame *f, Func *func);
void gen_types_init(void);
int frame_line(Frame *f);
int frame_lasti(Frame *f);

Value super_call(Value self, const Value *args, size_t nargs, Tuple *kw);
Value super_method(Value sup, Str *name, Value *self);   /* borrowed function, or NULL */
Value build_class(Value self, const Value *args, size_t nargs, Tuple *kw);
void vm_init(void);
void vm_check_cpu(void);

#endif
