/* tests/audit/history_tool.c -- makes and damages box histories for the
 * audit's tests (tests/audit/temporal_audit.sh):
 *
 *   history_tool append PRIVATE_DIR TS ACTION KIND RECORD_JSON [VERDICT]
 *       appends one event through the history API (broker/history), stamped
 *       TS (seconds since the epoch), and prints its seq;
 *   history_tool tamper PRIVATE_DIR SEQ
 *       rewrites event SEQ's record behind the API's back, its framing
 *       checksum made right again, as someone who knows the format would
 *       (tests/history/edit_log.h);
 *   history_tool drop PRIVATE_DIR SEQ
 *       deletes event SEQ the same way;
 *   history_tool verify PRIVATE_DIR
 *       prints "events N intact|broken SEQ" from history_verify;
 *   history_tool fill PRIVATE_DIR N
 *       appends N fs:write request events, one a second from now, in one
 *       transaction (for timing the audit on a large history).
 * Exit status 0, or 1 with a message on stderr. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "broker/history/history.h"
#include "tests/history/edit_log.h"

static int usage(void)
{
	fputs("usage: history_tool append DIR TS ACTION KIND RECORD_JSON [VERDICT] | tamper DIR SEQ | drop DIR SEQ"
	      " | verify DIR | fill DIR N\n", stderr);
	return 2;
}

static int append(char **argv, int argc)
{
	char err[512];
	struct history *h = history_open(argv[2], err, sizeof err);
	if (!h) {
		fprintf(stderr, "history_tool: %s\n", err);
		return 1;
	}
	json_object *record = json_tokener_parse(argv[6]);
	if (!record) {
		fprintf(stderr, "history_tool: the record is not JSON\n");
		history_close(h);
		return 1;
	}
	int64_t seq = 0;
	int rc = history_append(h, strtoll(argv[3], NULL, 10), "Box::Action", argv[4], argv[5], record,
	                        argc > 7 ? argv[7] : NULL, &seq);
	json_object_put(record);
	if (rc != 0)
		fprintf(stderr, "history_tool: %s\n", history_error(h));
	else
		printf("%lld\n", (long long)seq);
	history_close(h);
	return rc ? 1 : 0;
}

/* Event SEQ of the history in dir edited or dropped. */
static int edit(const char *dir, const char *seq, enum edit_what what, const char *value)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, HISTORY_FILE_NAME);
	if (edit_log_event(path, strtoll(seq, NULL, 10), what, value) != 0) {
		fprintf(stderr, "history_tool: %s: cannot edit event %s\n", path, seq);
		return 1;
	}
	return 0;
}

static int fill(const char *dir, long long n)
{
	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "history_tool: %s\n", err);
		return 1;
	}
	json_object *record = json_tokener_parse("{\"input\":{\"path\":\"~/src/project/out/a\"}}");
	int64_t now = history_now(h);
	int rc = history_begin(h);
	for (long long i = 0; rc == 0 && i < n; i++)
		rc = history_append(h, now + i, "Box::Action", "fs:write", "request", record, "permit", NULL);
	if (rc == 0)
		rc = history_commit(h);
	else
		history_rollback(h);
	if (rc != 0)
		fprintf(stderr, "history_tool: %s\n", history_error(h));
	json_object_put(record);
	history_close(h);
	return rc ? 1 : 0;
}

static int verify(const char *dir)
{
	char err[512];
	struct history_summary sum;
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "history_tool: %s\n", err);
		return 1;
	}
	if (history_verify(h, &sum) != 0) {
		fprintf(stderr, "history_tool: %s\n", history_error(h));
		history_close(h);
		return 1;
	}
	if (sum.chain_intact)
		printf("events %lld intact\n", (long long)sum.events);
	else
		printf("events %lld broken %lld\n", (long long)sum.events, (long long)sum.broken_at_seq);
	history_close(h);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 7 && strcmp(argv[1], "append") == 0)
		return append(argv, argc);
	if (argc == 4 && strcmp(argv[1], "tamper") == 0)
		return edit(argv[2], argv[3], EDIT_RECORD, "{\"input\":{\"path\":\"~/edited\"}}");
	if (argc == 4 && strcmp(argv[1], "drop") == 0)
		return edit(argv[2], argv[3], EDIT_DROP, NULL);
	if (argc == 4 && strcmp(argv[1], "fill") == 0)
		return fill(argv[2], strtoll(argv[3], NULL, 10));
	if (argc == 3 && strcmp(argv[1], "verify") == 0)
		return verify(argv[2]);
	return usage();
}
