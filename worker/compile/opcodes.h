/* opcodes.h -- the bytecode instruction set shared by the compiler and VM.
 *
 * An instruction is one uint32_t: opcode in the low 8 bits, argument in the
 * high 24 bits.  Jump arguments are absolute instruction indexes.  The
 * X-macro lists each opcode with its stack effect (when not jumping) and
 * its effect when it jumps (for the max-stack-depth analysis); effects
 * that depend on the argument are computed in compile.c.
 */
#ifndef BOX_OPCODES_H
#define BOX_OPCODES_H

#define OP_SHIFT 8
#define INSN(op, arg) ((uint32_t)(op) | ((uint32_t)(arg) << OP_SHIFT))
#define INSN_OP(i) ((i) & 0xffu)
#define INSN_ARG(i) ((i) >> OP_SHIFT)
#define MAX_ARG 0xffffffu

/* name, stack effect (no jump), stack effect on jump (or 99: not a jump) */
#define OPCODES(X) \
	X(NOP, 0, 99) \
	X(POP_TOP, -1, 99) \
	X(ROT_TWO, 0, 99) \
	X(ROT_THREE, 0, 99) \
	X(ROT_FOUR, 0, 99) \
	X(DUP_TOP, 1, 99) \
	X(DUP_TOP_TWO, 2, 99) \
	X(LOAD_CONST, 1, 99) \
	X(LOAD_FAST, 1, 99) \
	X(STORE_FAST, -1, 99) \
	X(DELETE_FAST, 0, 99) \
	X(LOAD_DEREF, 1, 99) \
	X(STORE_DEREF, -1, 99) \
	X(DELETE_DEREF, 0, 99) \
	X(LOAD_CLOSURE, 1, 99) \
	X(LOAD_CLASSDEREF, 1, 99) \
	X(LOAD_GLOBAL, 1, 99) \
	X(STORE_GLOBAL, -1, 99) \
	X(DELETE_GLOBAL, 0, 99) \
	X(LOAD_NAME, 1, 99) \
	X(STORE_NAME, -1, 99) \
	X(DELETE_NAME, 0, 99) \
	X(LOAD_ATTR, 0, 99) \
	X(STORE_ATTR, -2, 99) \
	X(DELETE_ATTR, -1, 99) \
	X(LOAD_METHOD, 1, 99) \
	X(CALL, 0, 99)            /* arg: argc; -argc */ \
	X(CALL_KW, 0, 99)         /* arg: argc incl kw; pops names too */ \
	X(CALL_METHOD, 0, 99) \
	X(CALL_METHOD_KW, 0, 99) \
	X(CALL_EX, 0, 99)         /* arg&1: kwargs dict present */ \
	X(BINARY_OP, -1, 99) \
	X(INPLACE_OP, -1, 99) \
	X(UNARY_NEG, 0, 99) \
	X(UNARY_POS, 0, 99) \
	X(UNARY_INVERT, 0, 99) \
	X(UNARY_NOT, 0, 99) \
	X(COMPARE_OP, -1, 99) \
	X(IS_OP, -1, 99) \
	X(CONTAINS_OP, -1, 99) \
	X(BINARY_SUBSCR, -1, 99) \
	X(STORE_SUBSCR, -3, 99) \
	X(DELETE_SUBSCR, -2, 99) \
	X(BUILD_SLICE, 0, 99)     /* arg 2 or 3 */ \
	X(BUILD_TUPLE, 0, 99) \
	X(BUILD_LIST, 0, 99) \
	X(BUILD_SET, 0, 99) \
	X(BUILD_MAP, 0, 99)       /* arg: pairs */ \
	X(BUILD_STRING, 0, 99) \
	X(LIST_APPEND, -1, 99) \
	X(SET_ADD, -1, 99) \
	X(MAP_ADD, -2, 99) \
	X(LIST_EXTEND, -1, 99) \
	X(SET_UPDATE, -1, 99) \
	X(DICT_UPDATE, -1, 99) \
	X(DICT_MERGE, -1, 99) \
	X(LIST_TO_TUPLE, 0, 99) \
	X(UNPACK_SEQUENCE, 0, 99) \
	X(UNPACK_EX, 0, 99) \
	X(JUMP, 0, 0) \
	X(POP_JUMP_IF_FALSE, -1, -1) \
	X(POP_JUMP_IF_TRUE, -1, -1) \
	X(JUMP_IF_FALSE_OR_POP, -1, 0) \
	X(JUMP_IF_TRUE_OR_POP, -1, 0) \
	X(GET_ITER, 0, 99) \
	X(FOR_ITER, 1, -1) \
	X(RETURN_VALUE, -1, 99) \
	X(MAKE_FUNCTION, 0, 99) \
	X(LOAD_BUILD_CLASS, 1, 99) \
	X(SETUP_FINALLY, 0, 1)    /* handler gets the exception pushed */ \
	X(SETUP_WITH, 0, 0)       /* like SETUP_FINALLY, level excludes TOS */ \
	X(POP_BLOCK, 0, 99) \
	X(PUSH_EXC_INFO, 1, 99) \
	X(POP_EXCEPT, -1, 99) \
	X(CHECK_EXC_MATCH, -1, 99) \
	X(RERAISE, -1, 99) \
	X(RAISE_VARARGS, 0, 99) \
	X(BEFORE_WITH, 1, 99) \
	X(WITH_EXIT_NORMAL, -1, 99) \
	X(WITH_EXCEPT_START, 1, 99) \
	X(FORMAT_VALUE, 0, 99) \
	X(IMPORT_NAME, -1, 99) \
	X(IMPORT_FROM, 1, 99) \
	X(IMPORT_STAR, -1, 99) \
	X(YIELD_VALUE, 0, 99) \
	X(GET_YIELD_FROM_ITER, 0, 99) \
	X(YIELD_FROM, -1, 99) \
	X(GET_AWAITABLE, 0, 99) \
	X(GET_AITER, 0, 99) \
	X(GET_ANEXT, 1, 99) \
	X(END_ASYNC_FOR, -2, 99) \
	X(BEFORE_ASYNC_WITH, 1, 99) \
	X(LOAD_ASSERTION_ERROR, 1, 99) \
	X(SETUP_ANNOTATIONS, 0, 99) \
	X(RETURN_GENERATOR, 0, 99) \
	X(MATCH_CLASS, 0, 99)     /* [v, cls] -> [v, ok] or (arg&1) [v, attr, found] */ \
	X(MATCH_MAPPING, 1, 99)   /* [v] -> [v, is_mapping] */ \
	X(MATCH_SEQUENCE, 1, 99)  /* [v] -> [v, is_sequence] */ \
	X(MATCH_KEYS, 1, 99)      /* [v, key] -> [v, value, found] (arg 1: attribute) */ \
	X(GET_LEN, 1, 99) \
	X(COPY, 1, 99) \
	X(SWAP, 0, 99) \
	X(COPY_DICT_WITHOUT_KEYS, -1, 99) /* [v, keys] -> [rest] */ \
	X(PRINT_EXPR, -1, 99) \
	X(LOAD_LOCALS, 1, 99) \
	X(CHECK_EG_MATCH, 0, 99)  /* [rest, type] -> [rest, None] or [rest', match] */ \
	X(PREP_RERAISE_STAR, -1, 99) /* [orig, raised] -> [exc or None] */

enum {
#define X(name, eff, jeff) OP_##name,
	OPCODES(X)
#undef X
	OP_COUNT
};

#endif
