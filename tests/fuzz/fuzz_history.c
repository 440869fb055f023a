/* tests/fuzz/fuzz_history.c -- libFuzzer target for the history reader
 * (broker/history/): any bytes, written as <dir>/history.log, must open,
 * load, verify and take an append, or be refused with a message; never crash.  What a
 * load returns must be well formed.  Seed: corpus/history/seed.log
 * (tests/fuzz/make_history_seed.py). */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/history/history.h"
#include "common/fdio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[256];
static char dbpath[300];

static void remove_files(void)
{
	static const char *suffixes[] = {"", ".compact"};
	char p[320];
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		snprintf(p, sizeof p, "%s%s", dbpath, suffixes[i]);
		unlink(p);
	}
}

static void remove_dir(void)
{
	remove_files();
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!dir[0]) {
		snprintf(dir, sizeof dir, "/tmp/box-fuzz-history-%d", (int)getpid());
		if (mkdir(dir, 0700) != 0)
			__builtin_trap();
		snprintf(dbpath, sizeof dbpath, "%s/%s", dir, HISTORY_FILE_NAME);
		atexit(remove_dir);
	}
	remove_files();
	int fd = open(dbpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || box_write_all(fd, data, size) != 0)
		__builtin_trap();
	close(fd);
	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		if (strncmp(err, "history ", 8) != 0)
			__builtin_trap();
		return 0;
	}
	struct history_events ev = {0};
	if (history_load(h, 0, &ev) == 0) {
		for (size_t i = 0; i < ev.n; i++)
			if (!ev.ev[i].action_type || !ev.ev[i].action_id || !ev.ev[i].kind ||
			    !json_object_is_type(ev.ev[i].record, json_type_object) ||
			    (i > 0 && ev.ev[i].ts_s < ev.ev[i - 1].ts_s))
				__builtin_trap();
	}
	history_events_free(&ev);
	struct history_summary s;
	history_verify(h, &s);
	/* the writer's side on the same bytes: a torn tail cut off, rules,
	 * an append, a pruning (a mark or a compaction) */
	const char *fps[] = {"rule"};
	int64_t start;
	json_object *rec = json_object_new_object();
	if (history_begin(h) == 0) {
		int64_t now = history_now(h);
		if (now < 0 || history_rule_starts(h, fps, 1, &start) != 0 ||
		    history_append(h, now, "Box::Action", "fs:write", "request", rec, "permit", NULL) != 0 ||
		    history_prune(h, now) < 0 || history_commit(h) != 0)
			history_rollback(h);
	}
	json_object_put(rec);
	history_verify(h, &s);
	history_close(h);
	return 0;
}
