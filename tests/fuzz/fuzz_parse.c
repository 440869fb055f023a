/* fuzz_parse.c -- libFuzzer target over the tokenizer and parser: any
 * input must give either a tree (which is then dumped) or an error record
 * (which is then rendered), never a crash, leak or hang.
 *
 * Build: ./configure CC=clang --enable-fuzzing; make tests/fuzz/fuzz_parse
 * Run:   tests/fuzz/fuzz_parse tests/fuzz/corpus/parse
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "worker/parse/parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The first byte picks the mode, like compile()'s mode argument. */
	enum parse_mode mode = PARSE_EXEC;
	if (size > 0 && data[0] == 0x01)
		mode = PARSE_EVAL;
	else if (size > 0 && data[0] == 0x02)
		mode = PARSE_SINGLE;
	ast_arena *arena = ast_arena_new(NULL, 64u << 20);
	if (!arena)
		return 0;
	struct syntax_error err;
	ast_mod *mod = parse_source(arena, (const char *)data, size, "<fuzz>", mode, &err);
	if (mod) {
		char *dump = ast_dump(mod, 1);
		free(dump);
	} else {
		char buf[512];
		syntax_error_format(&err, buf, sizeof buf);
	}
	syntax_error_clear(&err);
	ast_arena_free(arena);
	return 0;
}
