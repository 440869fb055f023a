/* tests/fuzz/fuzz_history.c -- libFuzzer target for the history reader
 * (broker/history/): any bytes, written as <dir>/history.db, must open,
 * load and verify, or be refused with a message; never crash.  What a
 * load returns must be well formed.  Seed: corpus/history/seed.db
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
	static const char *suffixes[] = {"", "-wal", "-shm", "-journal"};
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
	history_close(h);
	return 0;
}
