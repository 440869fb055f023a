/* bench/history/bench_history.c -- costs of the history store
 * (broker/history/) as history grows (1k, 10k, 100k events): one decision's
 * transaction (begin: lock and catch up; now, append, commit: one write),
 * loading every event (what a rescan of history per decision would cost),
 * loading the last 100, loading the one event appended since a known seq,
 * verifying the chain, and the file's size.  Wall-clock times (the disk is part of the
 * cost) and CPU times.
 * Usage: bench_history [DIR]  (default: a new directory under /tmp) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "broker/history/history.h"

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static json_object *record(int i)
{
	char path[64];
	snprintf(path, sizeof path, "~/project/src/file-%d.txt", i);
	json_object *input = json_object_new_object();
	json_object_object_add(input, "path", json_object_new_string(path));
	json_object *rec = json_object_new_object();
	json_object_object_add(rec, "input", input);
	json_object_object_add(rec, "callerPrincipal", json_object_new_string("Box::Agent::\"self\""));
	json_object_object_add(rec, "requestId", json_object_new_int(i));
	return rec;
}

static void die(struct history *h)
{
	fprintf(stderr, "bench_history: %s\n", history_error(h));
	exit(1);
}

/* Adds events until there are `target` (one transaction), stamps 1 s apart. */
static void grow(struct history *h, int *have, int target)
{
	if (history_begin(h) < 0)
		die(h);
	for (; *have < target; (*have)++) {
		json_object *rec = record(*have);
		if (history_append(h, 1000000 + *have, "Box::Action", "fs:write", "request", rec, "permit", NULL) < 0)
			die(h);
		json_object_put(rec);
	}
	if (history_commit(h) < 0)
		die(h);
}

static int64_t fixed_clock(void *arg)
{
	return *(int64_t *)arg;
}

int main(int argc, char **argv)
{
	char dir[256];
	if (argc > 1) {
		snprintf(dir, sizeof dir, "%s", argv[1]);
	} else {
		snprintf(dir, sizeof dir, "/tmp/box-bench-history-XXXXXX");
		if (!mkdtemp(dir)) {
			perror("mkdtemp");
			return 1;
		}
	}
	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "bench_history: %s\n", err);
		return 1;
	}
	int64_t clock = 0;
	history_set_clock(h, fixed_clock, &clock);
	static const int sizes[] = {1000, 10000, 100000};
	int have = 0;
	printf("%-8s %22s %18s %17s %13s %16s %9s\n", "events", "decision txn us (cpu)", "load all ms (cpu)",
	       "load last 100 us", "load 1 new us", "verify ms (cpu)", "file KiB");
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		grow(h, &have, sizes[s]);
		enum { TXNS = 200 };
		double w0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
		for (int i = 0; i < TXNS; i++) {
			clock = 1000000 + have;
			if (history_begin(h) < 0)
				die(h);
			json_object *rec = record(have);
			int64_t now = history_now(h);
			if (now < 0 || history_append(h, now, "Box::Action", "fs:write", "request", rec, "permit", NULL) < 0)
				die(h);
			json_object_put(rec);
			if (history_commit(h) < 0)
				die(h);
			have++;
		}
		double txn_w = (clock_s(CLOCK_MONOTONIC) - w0) / TXNS * 1e6;
		double txn_c = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) / TXNS * 1e6;

		/* The small loads first: after freeing a large load, malloc's
		 * fragmented heap would be measured with them. */
		struct history_events ev = {0};
		w0 = clock_s(CLOCK_MONOTONIC);
		enum { TAILS = 100 };
		for (int i = 0; i < TAILS; i++)
			if (history_load(h, 1000000 + have - 100, &ev) < 0 || ev.n != 100)
				die(h);
		double tail_w = (clock_s(CLOCK_MONOTONIC) - w0) / TAILS * 1e6;
		w0 = clock_s(CLOCK_MONOTONIC);
		for (int i = 0; i < TAILS; i++)
			if (history_load_after(h, have - 1, &ev) < 0 || ev.n != 1)
				die(h);
		double new_w = (clock_s(CLOCK_MONOTONIC) - w0) / TAILS * 1e6;
		history_events_free(&ev);
		w0 = clock_s(CLOCK_MONOTONIC);
		c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
		if (history_load(h, 0, &ev) < 0)
			die(h);
		double load_w = (clock_s(CLOCK_MONOTONIC) - w0) * 1e3;
		double load_c = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1e3;

		history_events_free(&ev);

		struct history_summary sum;
		w0 = clock_s(CLOCK_MONOTONIC);
		c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
		if (history_verify(h, &sum) < 0 || !sum.chain_intact)
			die(h);
		double ver_w = (clock_s(CLOCK_MONOTONIC) - w0) * 1e3;
		double ver_c = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1e3;
		printf("%-8lld %12.1f (%6.1f) %9.1f (%6.1f) %17.1f %13.1f %8.1f (%5.1f) %9lld\n", (long long)sum.events,
		       txn_w, txn_c, load_w, load_c, tail_w, new_w, ver_w, ver_c, (long long)(sum.file_bytes / 1024));
	}
	history_close(h);
	if (argc <= 1) {
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "bench_history: could not remove %s\n", dir);
	}
	return 0;
}
