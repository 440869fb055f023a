/* corpus_files.h -- reading the conformance corpora's folders for the
 * policy tests (dogwood_failures.c, dogwood_corpus.c): a sorted listing
 * and whole-file reads.  Test-only helpers, static in each program. */
#ifndef BOX_TESTS_POLICY_CORPUS_FILES_H
#define BOX_TESTS_POLICY_CORPUS_FILES_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((unused)) static int corpus_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir (starting with prefix, when given), sorted; each and
 * the array are malloc'd. */
__attribute__((unused)) static char **list_dir(const char *dir, size_t *count, const char *prefix)
{
	DIR *d = opendir(dir);
	size_t n = 0, cap = 16;
	char **v = malloc(cap * sizeof *v);
	struct dirent *de;
	while (d && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || (prefix && strncmp(de->d_name, prefix, strlen(prefix)) != 0))
			continue;
		if (n == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		v[n++] = strdup(de->d_name);
	}
	if (d)
		closedir(d);
	qsort(v, n, sizeof *v, corpus_cmp_str);
	*count = n;
	return v;
}

/* Appends the file's bytes to *buf (NUL-terminated, two bytes spare). */
__attribute__((unused)) static void append_file(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return;
	char chunk[4096];
	size_t k;
	if (*buf == NULL) {
		*buf = malloc(2);
		(*buf)[0] = 0;
	}
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
		*buf = realloc(*buf, *len + k + 2);
		memcpy(*buf + *len, chunk, k);
		*len += k;
		(*buf)[*len] = 0;
	}
	fclose(f);
}

/* The whole file, NUL-terminated, or NULL when it cannot be read. */
__attribute__((unused)) static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	fclose(f);
	char *buf = NULL;
	*len = 0;
	append_file(path, &buf, len);
	return buf;
}

#endif
