/* syntax_error.c -- the SyntaxError record filled by the parser, and its
 * rendering as CPython 3.11 prints an uncaught SyntaxError (file/line
 * header, the stripped source line, the caret line, "Type: message").
 */
#include "worker/parse/syntax_error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void syntax_error_init(struct syntax_error *err)
{
	memset(err, 0, sizeof *err);
}

void syntax_error_clear(struct syntax_error *err)
{
	free(err->text);
	syntax_error_init(err);
}

void syntax_error_set(struct syntax_error *err, const char *type,
		      int lineno, int offset, int end_lineno, int end_offset,
		      const char *line, size_t line_len, const char *fmt, ...)
{
	if (err->type[0])
		return;
	snprintf(err->type, sizeof err->type, "%s", type);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	err->lineno = lineno;
	err->offset = offset;
	err->end_lineno = end_lineno;
	err->end_offset = end_offset;
	err->text = NULL;
	if (line) {
		err->text = malloc(line_len + 2);
		if (err->text) {
			memcpy(err->text, line, line_len);
			err->text[line_len] = '\n';
			err->text[line_len + 1] = '\0';
		}
	}
}

/* snprintf-style appender. */
struct fmt_buf {
	char *buf;
	size_t size, len;
};

static void append(struct fmt_buf *b, const char *s, size_t n)
{
	if (b->len < b->size) {
		size_t room = b->size - b->len - 1;
		memcpy(b->buf + b->len, s, n < room ? n : room);
		b->buf[b->len + (n < room ? n : room)] = '\0';
	}
	b->len += n;
}

static void append_str(struct fmt_buf *b, const char *s)
{
	append(b, s, strlen(s));
}

static void append_repeat(struct fmt_buf *b, char c, long n)
{
	for (long i = 0; i < n; i++)
		append(b, &c, 1);
}


/* Byte index of the character at 0-based index `chars` in s (clipped). */
static long byte_index(const char *s, long chars)
{
	long i = 0;
	for (long c = 0; s[i] && c < chars; c++) {
		i++;
		while (((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}

/* The source line and the caret line, as CPython 3.11's print_exception
 * shows them (offsets become byte positions in the UTF-8 text). */
static void format_source_line(struct fmt_buf *b, const struct syntax_error *err)
{
	const char *text = err->text;
	bool indentation = strcmp(err->type, "SyntaxError") != 0;
	long offset = err->offset > 0 ? byte_index(text, err->offset - 1) + 1 : err->offset;
	long end_offset = err->end_offset > 0 ? byte_index(text, err->end_offset - 1) + 1
					      : err->end_offset;
	long line_size = (long)strlen(text);
	if (err->end_lineno > err->lineno)
		end_offset = line_size;
	if (end_offset > line_size + 1)
		end_offset = line_size + 1;
	long carets = (end_offset > 0 && end_offset > offset) ? end_offset - offset : 1;
	if (indentation)
		carets = 1;
	offset--;
	while (*text == ' ' || *text == '\t' || *text == '\f') {
		text++;
		offset--;
	}
	long len = (long)strlen(text);
	if (len > 0 && text[len - 1] == '\n')
		len--;
	/* errors found at the end of the input point past the last line */
	if (indentation && err->end_offset == -1 && offset >= len)
		offset = -1;
	if (offset > len)
		offset = len;
	append_str(b, "    ");
	append(b, text, (size_t)len);
	append_str(b, "\n");
	if (offset >= 0) {
		append_str(b, "    ");
		append_repeat(b, ' ', offset);
		append_repeat(b, '^', carets);
		append_str(b, "\n");
	}
}

size_t syntax_error_format(const struct syntax_error *err, char *buf, size_t size)
{
	struct fmt_buf b = { buf, size, 0 };
	if (size)
		buf[0] = '\0';
	bool located = strcmp(err->type, "SyntaxError") == 0 ||
		       strcmp(err->type, "IndentationError") == 0 ||
		       strcmp(err->type, "TabError") == 0;
	if (located && err->lineno > 0) {
		char head[64];
		append_str(&b, "  File \"");
		append_str(&b, err->filename ? err->filename : "<string>");
		snprintf(head, sizeof head, "\", line %d\n", err->lineno);
		append_str(&b, head);
		if (err->text)
			format_source_line(&b, err);
	}
	append_str(&b, err->type[0] ? err->type : "SyntaxError");
	if (err->msg[0]) {
		append_str(&b, ": ");
		append_str(&b, err->msg);
	}
	append_str(&b, "\n");
	return b.len;
}
