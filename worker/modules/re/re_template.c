/* re_template.c -- sub() replacement templates, as CPython 3.11's
 * re._parser.parse_template / expand_template (see re_engine.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/re/re_engine.h"

#define MAXGROUPS 0x3FFFFFFF

/* A one-token lookahead tokenizer like re._parser.Tokenizer. */
struct tpl_tok {
	const uint32_t *s;
	size_t n, index;
	bool has_next, esc;
	uint32_t ch;
	bool is_str;
	struct core_error *err;
};

static int tt_advance(struct tpl_tok *t)
{
	size_t i = t->index;
	if (i >= t->n) {
		t->has_next = false;
		return 0;
	}
	t->esc = t->s[i] == '\\';
	if (t->esc && ++i >= t->n)
		return core_error_re(t->err, (long)t->n - 1, "bad escape (end of pattern)");
	t->ch = t->s[i];
	t->index = i + 1;
	t->has_next = true;
	return 0;
}

static long tt_tell(const struct tpl_tok *t)
{
	return (long)t->index - (!t->has_next ? 0 : t->esc ? 2 : 1);
}

static bool tt_next_in(const struct tpl_tok *t, const char *set)
{
	return t->has_next && !t->esc && t->ch < 0x80 && t->ch && strchr(set, (int)t->ch);
}

struct tpl_builder {
	struct re_template *tpl;
	struct re_buf lit;
	size_t run_start;	/* start of the pending literal run in lit */
	size_t cap;
	bool is_str;
};

static int add_item(struct tpl_builder *b, struct re_template_item item, struct core_error *err)
{
	struct re_template *tpl = b->tpl;
	if (tpl->nitems == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 8;
		struct re_template_item *ni = realloc(tpl->items, cap * sizeof *ni);
		if (!ni)
			return core_error_set(err, "MemoryError", "%s", "");
		tpl->items = ni;
		b->cap = cap;
	}
	tpl->items[tpl->nitems++] = item;
	return 0;
}

static int flush_literal(struct tpl_builder *b, struct core_error *err)
{
	if (b->lit.len == b->run_start)
		return 0;
	struct re_template_item it = { false, 0, b->run_start, b->lit.len - b->run_start };
	b->run_start = b->lit.len;
	return add_item(b, it, err);
}

static int put_char(struct tpl_builder *b, uint32_t c, struct core_error *err)
{
	char t[4];
	size_t n;
	if (!b->is_str || c < 0x80) {
		t[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		t[0] = (char)(0xC0 | (c >> 6));
		t[1] = (char)(0x80 | (c & 0x3F));
		n = 2;
	} else if (c < 0x10000) {
		t[0] = (char)(0xE0 | (c >> 12));
		t[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		t[2] = (char)(0x80 | (c & 0x3F));
		n = 3;
	} else {
		t[0] = (char)(0xF0 | (c >> 18));
		t[1] = (char)(0x80 | ((c >> 12) & 0x3F));
		t[2] = (char)(0x80 | ((c >> 6) & 0x3F));
		t[3] = (char)(0x80 | (c & 0x3F));
		n = 4;
	}
	return re_buf_put(&b->lit, t, n, err);
}

static int add_group(struct tpl_builder *b, struct tpl_tok *t, const struct re_code *code,
		     long index, long offset)
{
	if (index > re_code_info(code)->groups) {
		t->err->type = "re.error";
		t->err->pos = tt_tell(t) - offset;
		snprintf(t->err->msg, sizeof t->err->msg, "invalid group reference %ld", index);
		return -1;
	}
	if (flush_literal(b, t->err) < 0)
		return -1;
	return add_item(b, (struct re_template_item){ true, (size_t)index, 0, 0 }, t->err);
}

static int tpl_error(struct tpl_tok *t, long offset, const char *msg, const uint32_t *txt,
		     size_t n)
{
	char r[200];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 8 < sizeof r; i++) {
		uint32_t c = txt[i];
		if (c < 0x80)
			r[k++] = (char)c;
		else
			k += (size_t)snprintf(r + k, sizeof r - k, "\\x%02x", (unsigned)(c & 0xff));
	}
	r[k] = '\0';
	t->err->type = "re.error";
	t->err->pos = tt_tell(t) - offset;
	snprintf(t->err->msg, sizeof t->err->msg, "%s%s", msg, r);
	return -1;
}

/* \g<...> after "\g" was read. */
static int parse_named(struct tpl_builder *b, struct tpl_tok *t, const struct re_code *code)
{
	if (!(t->has_next && !t->esc && t->ch == '<'))
		return tpl_error(t, 0, "missing <", NULL, 0);
	if (tt_advance(t) < 0)
		return -1;
	uint32_t name[256];
	size_t n = 0;
	bool too_long = false;
	for (;;) {
		if (!t->has_next) {
			if (n == 0)
				return tpl_error(t, 0, "missing group name", NULL, 0);
			return tpl_error(t, (long)n, "missing >, unterminated name", NULL, 0);
		}
		bool esc = t->esc;
		uint32_t c = t->ch;
		if (tt_advance(t) < 0)
			return -1;
		if (!esc && c == '>') {
			if (n == 0)
				return tpl_error(t, 1, "missing group name", NULL, 0);
			break;
		}
		if (n + 2 >= sizeof name / sizeof name[0]) {
			too_long = true;
			continue;
		}
		if (esc)
			name[n++] = '\\';
		name[n++] = c;
	}
	if (too_long)
		return core_error_set(t->err, "re.error", "group name too long");
	const struct re_translation *info = re_code_info(code);
	long index;
	if (re_is_identifier(name, n)) {
		struct re_buf nb = { 0 };
		struct tpl_builder tmp = { .is_str = t->is_str };
		for (size_t i = 0; i < n; i++)
			if (put_char(&tmp, name[i], t->err) < 0) {
				re_buf_free(&tmp.lit);
				return -1;
			}
		nb = tmp.lit;
		index = re_group_index(info, nb.p ? nb.p : "", nb.len);
		re_buf_free(&nb);
		if (index < 0) {
			char r[200];
			re_repr_name(name, n, t->is_str, r, sizeof r);
			return core_error_set(t->err, "IndexError", "unknown group name %s", r);
		}
	} else {
		bool ok = n > 0;
		index = 0;
		for (size_t i = 0; i < n && ok; i++) {
			if (name[i] < '0' || name[i] > '9')
				ok = false;
			else if (index < (long)MAXGROUPS)
				index = index * 10 + (long)(name[i] - '0');
		}
		if (!ok) {
			char r[200];
			re_repr_name(name, n, t->is_str, r, sizeof r);
			t->err->type = "re.error";
			t->err->pos = tt_tell(t) - (long)n - 1;
			snprintf(t->err->msg, sizeof t->err->msg, "bad character in group name %s", r);
			return -1;
		}
		if (index >= MAXGROUPS) {
			/* the number as int() reads it: leading zeros dropped */
			size_t first = 0;
			while (first + 1 < n && name[first] == '0')
				first++;
			return tpl_error(t, (long)n + 1, "invalid group reference ", name + first,
					 n - first);
		}
	}
	return add_group(b, t, code, index, (long)n + 1);
}

static int parse_escape(struct tpl_builder *b, struct tpl_tok *t, const struct re_code *code,
			uint32_t c)
{
	if (c == 'g')
		return parse_named(b, t, code);
	if (c == '0') {
		uint32_t v = 0;
		for (int i = 0; i < 2 && tt_next_in(t, "01234567"); i++) {
			v = v * 8 + (t->ch - '0');
			if (tt_advance(t) < 0)
				return -1;
		}
		return put_char(b, v & 0xff, t->err);
	}
	if (c >= '1' && c <= '9') {
		uint32_t txt[4] = { '\\', c, 0, 0 };
		size_t n = 2;
		if (tt_next_in(t, "0123456789")) {
			txt[n++] = t->ch;
			if (tt_advance(t) < 0)
				return -1;
			if (c <= '7' && txt[2] <= '7' && tt_next_in(t, "01234567")) {
				txt[n++] = t->ch;
				if (tt_advance(t) < 0)
					return -1;
				uint32_t v = (c - '0') * 64 + (txt[2] - '0') * 8 + (txt[3] - '0');
				if (v > 0377)
					return tpl_error(t, 4, "octal escape value ", txt, 4) < 0 ?
						(snprintf(t->err->msg + strlen(t->err->msg),
							  sizeof t->err->msg - strlen(t->err->msg),
							  " outside of range 0-0o377"), -1) : -1;
				return put_char(b, v, t->err);
			}
		}
		long index = 0;
		for (size_t i = 1; i < n; i++)
			index = index * 10 + (long)(txt[i] - '0');
		return add_group(b, t, code, index, (long)n - 1);
	}
	switch (c) {
	case 'a': return put_char(b, 7, t->err);
	case 'b': return put_char(b, 8, t->err);
	case 'f': return put_char(b, 12, t->err);
	case 'n': return put_char(b, 10, t->err);
	case 'r': return put_char(b, 13, t->err);
	case 't': return put_char(b, 9, t->err);
	case 'v': return put_char(b, 11, t->err);
	case '\\': return put_char(b, '\\', t->err);
	}
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
		uint32_t txt[2] = { '\\', c };
		return tpl_error(t, 2, "bad escape ", txt, 2);
	}
	/* Unknown non-letter escapes stay as written, backslash included. */
	if (put_char(b, '\\', t->err) < 0)
		return -1;
	return put_char(b, c, t->err);
}

int re_template_parse(const struct re_code *code, const char *repl, size_t len,
		      struct re_template *out, struct core_error *err)
{
	memset(out, 0, sizeof *out);
	core_error_clear(err);
	const struct re_translation *info = re_code_info(code);
	size_t n;
	uint32_t *cps = re_decode(repl, len, info->is_str, &n);
	if (!cps)
		return core_error_set(err, "MemoryError", "%s", "");
	struct tpl_tok t = { cps, n, 0, false, false, 0, info->is_str, err };
	struct tpl_builder b = { out, { 0 }, 0, 0, info->is_str };
	int rc = -1;
	if (tt_advance(&t) < 0)
		goto done;
	while (t.has_next) {
		bool esc = t.esc;
		uint32_t c = t.ch;
		if (tt_advance(&t) < 0)
			goto done;
		if (esc ? parse_escape(&b, &t, code, c) < 0 : put_char(&b, c, err) < 0)
			goto done;
	}
	if (flush_literal(&b, err) < 0)
		goto done;
	out->lit = b.lit.p;
	out->litlen = b.lit.len;
	b.lit.p = NULL;
	rc = 0;
done:
	free(cps);
	re_buf_free(&b.lit);
	if (rc < 0)
		re_template_free(out);
	return rc;
}

void re_template_free(struct re_template *tpl)
{
	free(tpl->items);
	free(tpl->lit);
	memset(tpl, 0, sizeof *tpl);
}

int re_template_expand(const struct re_template *tpl, const char *subject, const size_t *spans,
		       struct re_buf *out, struct core_error *err)
{
	for (size_t i = 0; i < tpl->nitems; i++) {
		const struct re_template_item *it = &tpl->items[i];
		if (!it->is_group) {
			if (re_buf_put(out, tpl->lit + it->off, it->len, err) < 0)
				return -1;
			continue;
		}
		size_t s = spans[2 * it->group], e = spans[2 * it->group + 1];
		if (s != RE_UNSET && re_buf_put(out, subject + s, e - s, err) < 0)
			return -1;
	}
	return 0;
}
