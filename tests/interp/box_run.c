/* tests/interp/box_run.c -- the interpreter development driver: runs a
 * script file (or -c SRC) with interp_run() in-process, without the
 * sandbox, and exits with the script's status.  `box-run --interned-names`
 * prints the names the runtime interns while it starts, one a line in hex
 * (the empty name is an empty line), for
 * worker/objects/str_intern_gen.py. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/runtime/interp.h"
#include "worker/runtime/runtime.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	char *p = malloc(cap);
	size_t r;
	while (p && (r = fread(p + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			char *q = realloc(p, cap * 2);
			if (!q) {
				free(p);
				p = NULL;
				break;
			}
			p = q;
			cap *= 2;
		}
	}
	fclose(f);
	*len = n;
	return p;
}

static void print_name(Str *s, void *arg)
{
	(void)arg;
	for (size_t i = 0; i < s->nbytes; i++)
		printf("%02x", (unsigned char)s->data[i]);
	putchar('\n');
}

int main(int argc, char **argv)
{
	interp_note_stack_limit();
	if (argc == 2 && strcmp(argv[1], "--interned-names") == 0) {
		interp_prepare();
		str_intern_each(print_name, NULL);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "-c") == 0)
		return interp_run(argv[2], strlen(argv[2]), "<string>", "-c", ".", NULL);
	if (argc != 2) {
		fprintf(stderr, "usage: box-run FILE | box-run -c SOURCE | box-run --interned-names\n");
		return 2;
	}
	size_t len;
	char *src = read_file(argv[1], &len);
	if (!src) {
		fprintf(stderr, "box-run: cannot read %s\n", argv[1]);
		return 2;
	}
	int st = interp_run(src, len, argv[1], argv[1], ".", NULL);
	free(src);
	return st;
}
