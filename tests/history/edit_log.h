/* tests/history/edit_log.h -- edits a box history behind the API's back, as
 * someone who knows the file format would (tests/history/test_history.c,
 * tests/audit/history_tool.c): one event's record, verdict or stamp
 * rewritten with its framing checksum made right again (only the hash
 * chain can tell), or the event removed.  Header-only: static functions. */
#ifndef BOX_TESTS_HISTORY_EDIT_LOG_H
#define BOX_TESTS_HISTORY_EDIT_LOG_H

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "broker/history/history_int.h"
#include "common/fdio.h"

enum edit_what { EDIT_RECORD, EDIT_VERDICT, EDIT_TS, EDIT_DROP };

/* 0, or -1 when the file cannot be read or written or has no event seq. */
static int edit_log_event(const char *path, int64_t seq, enum edit_what what, const char *value)
{
	int fd = open(path, O_RDONLY);
	char *data = NULL;
	size_t len = 0;
	if (fd < 0 || box_read_all(fd, 1 << 26, &data, &len) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	struct history_buf out = {0};
	int found = 0;
	size_t at = HISTORY_HEADER_LEN;
	while (at < len) {
		const uint8_t *body, *stored;
		uint32_t blen;
		size_t flen;
		struct history_row row;
		if (history_frame((const uint8_t *)data + at, len - at, &body, &blen, &flen) != 1)
			break;
		if (body[0] == 'E' && history_decode_event(body, blen, &row, &stored) == 0 && row.seq == seq) {
			found = 1;
			if (what != EDIT_DROP) {
				if (what == EDIT_TS)
					row.ts = strtoll(value, NULL, 10);
				else {
					int i = what == EDIT_RECORD ? HT_RECORD : HT_VERDICT;
					row.text[i] = value;
					row.len[i] = (uint32_t)strlen(value);
				}
				history_encode_event_as(&out, &row, stored);
			}
			size_t rest = len - at - flen;
			uint8_t *tail = malloc(HISTORY_HEADER_LEN + (at - HISTORY_HEADER_LEN) + out.len + rest + 1);
			if (!tail)
				abort();
			memcpy(tail, data, at);
			if (out.len)
				memcpy(tail + at, out.p, out.len);
			memcpy(tail + at + out.len, data + at + flen, rest);
			len = at + out.len + rest;
			free(data);
			data = (char *)tail;
			break;
		}
		at += flen;
	}
	history_buf_free(&out);
	int rc = -1;
	if (found && (fd = open(path, O_WRONLY | O_TRUNC)) >= 0) {
		rc = box_write_all(fd, data, len);
		close(fd);
	}
	free(data);
	return rc;
}

#endif
