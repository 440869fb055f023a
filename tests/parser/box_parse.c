/* box_parse.c -- test driver for the parser: reads a Python source file
 * and prints `ast.dump(ast.parse(src))` exactly as CPython 3.11 does, or,
 * on error, "<Type>: <msg> (<lineno>, <offset>)" as tests/parser/regen.py
 * formats a caught SyntaxError.
 *
 *   box-parse [--positions] [--mode=exec|eval|single] [--traceback] FILE
 *
 * --positions adds the position attributes (include_attributes=True);
 * --traceback prints the error the way an uncaught SyntaxError is shown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/parse/parser.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n < cap)
			break;
		if (cap > ((size_t)1 << 30)) {
			free(buf);
			buf = NULL;
			break;
		}
		char *bigger = realloc(buf, cap * 2);
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	if (f != stdin)
		fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	int positions = 0, traceback = 0;
	enum parse_mode mode = PARSE_EXEC;
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--positions") == 0)
			positions = 1;
		else if (strcmp(argv[i], "--traceback") == 0)
			traceback = 1;
		else if (strcmp(argv[i], "--mode=eval") == 0)
			mode = PARSE_EVAL;
		else if (strcmp(argv[i], "--mode=single") == 0)
			mode = PARSE_SINGLE;
		else if (strcmp(argv[i], "--mode=exec") == 0)
			mode = PARSE_EXEC;
		else
			path = argv[i];
	}
	if (!path) {
		fprintf(stderr, "usage: box-parse [--positions] [--mode=exec|eval|single] [--traceback] FILE\n");
		return 2;
	}
	size_t len;
	char *src = read_file(path, &len);
	if (!src) {
		fprintf(stderr, "box-parse: cannot read %s\n", path);
		return 2;
	}
	ast_arena *arena = ast_arena_new(NULL, 0);
	if (!arena) {
		free(src);
		return 2;
	}
	struct syntax_error err;
	ast_mod *mod = parse_source(arena, src, len, "<unknown>", mode, &err);
	int status = 0;
	if (mod) {
		char *dump = ast_dump(mod, positions);
		if (dump) {
			printf("%s\n", dump);
			free(dump);
		} else {
			status = 2;
		}
	} else if (traceback) {
		char buf[4096];
		syntax_error_format(&err, buf, sizeof buf);
		fputs(buf, stdout);
	} else {
		printf("%s: %s (%d, %d)\n", err.type, err.msg, err.lineno, err.offset);
	}
	syntax_error_clear(&err);
	ast_arena_free(arena);
	free(src);
	return status;
}
