/* tests/fuzz/fuzz_re.c -- libFuzzer target of the `re` core: translates
 * and compiles arbitrary patterns (str and bytes, any flags), and for the
 * ones that compile, runs match/search/fullmatch, full iteration and a
 * template substitution over a subject taken from the input.  Any crash,
 * sanitizer report or broken invariant is a bug: an error must carry a
 * type, a translated pattern must compile in PCRE2 (CPython accepted it,
 * so must we, short of the documented engine limits), spans must be
 * ordered and inside the subject.
 *
 * Input: byte 0 = flags and str/bytes choice, then pattern, a 0x00 byte,
 * the subject, a 0x00 byte, the replacement template. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/re/re_engine.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int flag_choices[] = {
	0, RE_IGNORECASE, RE_MULTILINE, RE_DOTALL, RE_VERBOSE, RE_ASCII,
	RE_IGNORECASE | RE_ASCII, RE_MULTILINE | RE_DOTALL | RE_VERBOSE,
};

static void check_spans(const size_t *spans, int groups, size_t end)
{
	for (int g = 0; g <= groups; g++) {
		if (spans[2 * g] == RE_UNSET) {
			CHECK(g > 0 && spans[2 * g + 1] == RE_UNSET);
			continue;
		}
		CHECK(spans[2 * g] <= spans[2 * g + 1] && spans[2 * g + 1] <= end);
	}
}

static const uint8_t *next_part(const uint8_t *p, const uint8_t *end, size_t *len)
{
	const uint8_t *z = memchr(p, 0, (size_t)(end - p));
	*len = (size_t)((z ? z : end) - p);
	return z ? z + 1 : end;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	bool is_str = !(data[0] & 0x80);
	int flags = flag_choices[data[0] & 7];
	const uint8_t *p = data + 1, *end = data + size;
	size_t plen, slen, tlen;
	const uint8_t *pat = p;
	p = next_part(p, end, &plen);
	const uint8_t *subj = p;
	p = next_part(p, end, &slen);
	const uint8_t *tpl = p;
	next_part(p, end, &tlen);

	struct re_code *code;
	struct core_error err;
	re_set_limits(200000, 20000, 16384);
	if (re_compile((const char *)pat, plen, is_str, flags, &code, &err) < 0) {
		CHECK(err.type != NULL);
		return 0;
	}
	const struct re_translation *info = re_code_info(code);
	int groups = info->groups;
	size_t *spans = malloc(2 * ((size_t)groups + 1) * sizeof *spans);
	CHECK(spans != NULL);
	/* str subjects must be valid UTF-8: use them only if they decode */
	size_t ncp;
	uint32_t *cps = re_decode((const char *)subj, slen, is_str, &ncp);
	if (!cps)
		slen = 0;
	free(cps);
	for (int mode = 0; mode < 3; mode++) {
		int rc = re_exec(code, (const char *)subj, slen, 0, (enum re_mode)mode, spans, &err);
		CHECK(rc >= 0 || err.type != NULL);
		if (rc == 1) {
			check_spans(spans, groups, slen);
			int li = re_lastindex(code, spans);
			CHECK(li >= 0 && li <= groups);
		}
	}
	struct re_iter it;
	int rc, n = 0;
	re_iter_init(&it, code, (const char *)subj, slen, 0);
	while ((rc = re_iter_next(&it, spans, &err)) == 1 && n++ < 1000)
		check_spans(spans, groups, slen);
	CHECK(rc >= 0 || err.type != NULL);
	struct re_template t;
	if (re_template_parse(code, (const char *)tpl, tlen, &t, &err) == 0) {
		struct re_buf out = { 0 };
		size_t nsubs;
		if (re_sub(code, &t, (const char *)subj, slen, 0, &out, &nsubs, &err) < 0)
			CHECK(err.type != NULL);
		re_buf_free(&out);
		re_template_free(&t);
	} else {
		CHECK(err.type != NULL);
	}
	struct re_buf esc = { 0 };
	CHECK(re_escape((const char *)pat, plen, &esc, &err) == 0);
	re_buf_free(&esc);
	free(spans);
	re_code_free(code);
	return 0;
}
