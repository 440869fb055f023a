/* fuzz_compile.c -- libFuzzer target over the whole front end: tokenizer,
 * parser, symbol table and bytecode compiler.  Any input must give either a
 * code object or a pending SyntaxError (or MemoryError), never a crash,
 * leak or hang.  The code is compiled, never run.
 *
 * Build: ./configure CC=clang --enable-fuzzing; make tests/fuzz/fuzz_compile
 * Run:   tests/fuzz/fuzz_compile tests/fuzz/corpus/compile
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "worker/compile/compile.h"
#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	if (!ready) {
		/* interp_run sets the runtime up (types, builtins) once; NULL host:
		 * nothing here talks to a broker. */
		interp_run("pass\n", 5, "<string>", "-c", ".", NULL);
		ready = true;
	}
	/* The first byte picks the mode, like compile()'s mode argument. */
	int mode = COMPILE_EXEC;
	if (size > 0 && data[0] == 0x01)
		mode = COMPILE_EVAL;
	else if (size > 0 && data[0] == 0x02)
		mode = COMPILE_SINGLE;
	Code *code = compile_string((const char *)data, size, "<fuzz>", mode);
	if (code)
		obj_decref(&code->ob);
	else
		err_clear();
	return 0;
}
