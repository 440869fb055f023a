/* cedar_corpus.c -- runs the Cedar integration-test corpus
 * ($BOX_SHARED/conformance/cedar: tests/<group>/<n>.json and
 * corpus-tests/<sha>.json) through our parser, entity store and authorizer,
 * comparing decision, reason set and error set of every request.
 * Generic Cedar mode: policy ids policy0.., no Box schema validation;
 * schema-directed value parsing with the case's .cedarschema.
 * `shouldValidate` (strict validation) is out of scope and not checked.
 * Exit: 0 all passed, 1 some failed, 77 when $BOX_SHARED is missing. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "broker/policy/ast.h"
#include "broker/policy/authorize.h"
#include "broker/policy/codec.h"
#include "broker/policy/json.h"
#include "broker/policy/schema.h"

struct counts {
	int passed, failed, skipped;
	int requests;
	int shown;
};

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (n + 4096 > cap) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		if (k == 0)
			break;
		n += k;
	}
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* JSON array of strings -> sorted, joined "a,b,c" */
static void id_set(const struct jnode *arr, char *out, size_t cap)
{
	size_t n = arr && arr->t == J_ARRAY ? arr->n : 0;
	char **v = calloc(n + 1, sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct jnode *e = arr->items[i];
		if (e->t == J_OBJECT) {
			const struct jnode *pid = jget(e, "policyId");
			e = pid ? pid : jget(e, "policy_id");
		}
		if (e && e->t == J_STRING)
			v[k++] = (char *)e->s.p;
	}
	qsort(v, k, sizeof *v, cmp_str);
	out[0] = 0;
	size_t len = 0;
	for (size_t i = 0; i < k; i++) {
		len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%s", i ? "," : "", v[i]);
		if (len >= cap)
			break;
	}
	free(v);
}

static void idx_set(const size_t *idx, size_t n, char *out, size_t cap)
{
	char **v = calloc(n + 1, sizeof *v);
	for (size_t i = 0; i < n; i++) {
		v[i] = malloc(32);
		snprintf(v[i], 32, "policy%zu", idx[i]);
	}
	qsort(v, n, sizeof *v, cmp_str);
	out[0] = 0;
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%s", i ? "," : "", v[i]);
		free(v[i]);
	}
	free(v);
}

static const char *jstring_or(const struct jnode *j, const char *dflt)
{
	return j && j->t == J_STRING ? j->s.p : dflt;
}

static struct jnode *load_json(struct arena *a, const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = read_file(path, &len);
	if (text == NULL) {
		snprintf(err, errlen, "cannot read %s", path);
		return NULL;
	}
	struct jnode *j = json_parse(a, text, len, err, errlen);
	free(text);
	return j;
}

static void run_case(const char *root, const char *case_path, struct counts *c, int verbose)
{
	char path[4096], err[512];
	struct arena a;
	arena_init(&a);
	struct policy_set ps;
	struct schema schema;
	struct entity_store es;
	entity_store_init(&es);
	memset(&schema, 0, sizeof schema);
	int have_schema = 0, case_ok = 1;
	size_t len;
	const struct jnode *tc = load_json(&a, case_path, err, sizeof err), *x, *reqs;
	if (tc == NULL) {
		printf("FAIL %s: %s\n", case_path, err);
		c->failed++;
		goto out;
	}
	if ((reqs = jget(tc, "requests")) == NULL && (reqs = jget(tc, "queries")) == NULL)
		goto out;       /* not a test case file */
	snprintf(path, sizeof path, "%s/%s", root, jstring_or(jget(tc, "policies"), ""));
	char *ptext = read_file(path, &len);
	if (ptext == NULL) {
		printf("FAIL %s: cannot read %s\n", case_path, path);
		c->failed++;
		goto out;
	}
	int rc = parse_policy_set(&a, ptext, len, path, &ps, err, sizeof err);
	free(ptext);
	if (rc != 0) {
		printf("FAIL %s: %s\n", case_path, err);
		c->failed++;
		goto out;
	}
	if ((x = jget(tc, "schema")) != NULL) {
		snprintf(path, sizeof path, "%s/%s", root, jstring_or(x, ""));
		char *stext = read_file(path, &len);
		if (stext) {
			rc = schema_parse(&a, stext, len, &schema, err, sizeof err);
			free(stext);
			if (rc != 0) {
				printf("FAIL %s: schema: %s\n", case_path, err);
				c->failed++;
				goto out;
			}
			have_schema = 1;
		}
	}
	if ((x = jget(tc, "entities")) != NULL) {
		snprintf(path, sizeof path, "%s/%s", root, jstring_or(x, ""));
		const struct jnode *ej = load_json(&a, path, err, sizeof err);
		if (ej == NULL || entities_from_json(&es, &a, ej, have_schema ? &schema : NULL,
		                                     err, sizeof err) != 0) {
			printf("FAIL %s: entities: %s\n", case_path, err);
			c->failed++;
			goto out;
		}
	}
	for (size_t i = 0; reqs->t == J_ARRAY && i < reqs->n; i++) {
		const struct jnode *rq = reqs->items[i];
		struct request req;
		c->requests++;
		const struct value *uids[3];
		static const char *const names[] = { "principal", "action", "resource" };
		int bad = 0;
		for (int k = 0; k < 3 && !bad; k++)
			bad = (uids[k] = json_to_uid(&a, jget(rq, names[k]), err, sizeof err)) == NULL;
		const struct value *ctxv = bad ? NULL :
			context_from_json(&a, jget(rq, "context"), have_schema ? &schema : NULL, uids[1],
			                  err, sizeof err);
		char want_reason[4096], got_reason[4096], want_err[4096], got_err[4096];
		const char *want_dec = jstring_or(jget(rq, "decision"), "?");
		if (ctxv == NULL) {
			printf("FAIL %s request %zu: %s\n", case_path, i, err);
			case_ok = 0;
			continue;
		}
		req.principal = uids[0];
		req.action = uids[1];
		req.resource = uids[2];
		req.context = ctxv;
		struct arena scratch;
		arena_init(&scratch);
		struct auth_result res;
		authorize(ps.rules, NULL, ps.n, &req, &es, &scratch, &res);
		const struct jnode *jr = jget(rq, "reason");
		id_set(jr ? jr : jget(rq, "reasons"), want_reason, sizeof want_reason);
		id_set(jget(rq, "errors"), want_err, sizeof want_err);
		idx_set(res.determining, res.ndetermining, got_reason, sizeof got_reason);
		idx_set(res.errors, res.nerrors, got_err, sizeof got_err);
		const char *got_dec = res.allow ? "allow" : "deny";
		if (strcasecmp(want_dec, got_dec) != 0 || strcmp(want_reason, got_reason) != 0 ||
		    strcmp(want_err, got_err) != 0) {
			case_ok = 0;
			if (verbose || c->shown < 30) {
				c->shown++;
				printf("FAIL %s request %zu: want %s [%s] errors [%s], got %s [%s] errors [%s]",
				       case_path, i, want_dec, want_reason, want_err, got_dec, got_reason, got_err);
				for (size_t k = 0; k < res.nerrors; k++)
					printf(" {%s}", res.messages[k]);
				printf("\n");
			}
		}
		auth_result_free(&res);
		arena_free(&scratch);
	}
	if (case_ok)
		c->passed++;
	else
		c->failed++;
out:
	entity_store_free(&es);
	arena_free(&a);
}

static int list_json(const char *dir, char ***out)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return 0;
	size_t n = 0, cap = 64;
	char **v = malloc(cap * sizeof *v);
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		if (!ends_with(de->d_name, ".json") || ends_with(de->d_name, ".entities.json"))
			continue;
		if (n == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		size_t len = strlen(dir) + strlen(de->d_name) + 2;
		v[n] = malloc(len);
		snprintf(v[n++], len, "%s/%s", dir, de->d_name);
	}
	closedir(d);
	qsort(v, n, sizeof *v, cmp_str);
	*out = v;
	return (int)n;
}

int main(int argc, char **argv)
{
	const char *shared = getenv("BOX_SHARED");
	struct stat st;
	char root[4096];
	if (shared == NULL || snprintf(root, sizeof root, "%s/conformance/cedar", shared) >= (int)sizeof root ||
	    stat(root, &st) != 0) {
		fprintf(stderr, "cedar corpus: $BOX_SHARED/conformance/cedar not found; skipping\n");
		return 77;
	}
	struct counts c = { 0, 0, 0, 0, 0 };
	int verbose = argc > 1;
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			run_case(root, argv[i], &c, 1);
	} else {
		/* handwritten groups (tests/<group>/) first, then the generated corpus */
		char tests_dir[4200];
		snprintf(tests_dir, sizeof tests_dir, "%s/tests", root);
		DIR *d = opendir(tests_dir);
		size_t ngroups = 0;
		char *groups[64];
		struct dirent *de;
		while (d && (de = readdir(d)) != NULL && ngroups < 63)
			if (de->d_name[0] != '.')
				groups[ngroups++] = strdup(de->d_name);
		if (d)
			closedir(d);
		qsort(groups, ngroups, sizeof *groups, cmp_str);
		groups[ngroups++] = strdup("../corpus-tests");
		for (size_t g = 0; g < ngroups; g++) {
			char dir[8400];
			char **files;
			snprintf(dir, sizeof dir, "%s/%s", tests_dir, groups[g]);
			int n = list_json(dir, &files);
			for (int i = 0; i < n; i++) {
				run_case(root, files[i], &c, verbose);
				free(files[i]);
			}
			if (n)
				free(files);
			free(groups[g]);
		}
	}
	printf("cedar corpus: %d passed, %d failed, %d skipped (%d requests)\n",
	       c.passed, c.failed, c.skipped, c.requests);
	/* Every extension type the corpus uses (decimal, ipaddr, datetime,
	 * duration) and entity tags are built, so no case is skipped. */
	if (c.skipped == 0)
		printf("skipped: none\n");
	return c.failed ? 1 : 0;
}
