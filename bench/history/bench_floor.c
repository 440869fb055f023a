/* bench/history/bench_floor.c -- the least a durable, shared history can
 * cost per event on this machine, whatever stores it: the system calls
 * any design needs to append one event that concurrent brokers see in
 * one order and that survives kill -9 (take a lock on the box's history,
 * write the event into the kernel, release the lock), timed next to one
 * getppid() (the cost of any system call here) and to history_append in
 * its own transaction of the history log (flock, one write, unlock), as
 * box's gate does it.
 * Usage: bench_floor [N] (default 20000). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "broker/history/history.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20000;
	if (n <= 0)
		n = 20000;
	char dir[] = "/tmp/bench-floor-XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	char path[256];
	snprintf(path, sizeof path, "%s/log", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (fd < 0)
		return 1;
	static const char event[] =
		"{\"input\":{\"path\":\"~/src/project/sub/dir/f\",\"operation\":{\"__entity\":{\"type\":"
		"\"Box::FsReadOperation\",\"id\":\"read_metadata\"}}},\"callerPrincipal\":{\"__entity\":{\"type\":"
		"\"Box::Agent\",\"id\":\"self\"}},\"requestId\":\"0123456789abcdef0123456789abcdef-1\"}\n";

	double t0 = now_s();
	for (int i = 0; i < n; i++)
		(void)getppid();
	double sys = (now_s() - t0) / n * 1e6;

	t0 = now_s();
	for (int i = 0; i < n; i++) {
		flock(fd, LOCK_EX);
		if (write(fd, event, sizeof event - 1) < 0)
			return 1;
		flock(fd, LOCK_UN);
	}
	double floor_us = (now_s() - t0) / n * 1e6;

	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	json_object *rec = json_tokener_parse(event);
	int m = n / 10 ? n / 10 : 1;
	t0 = now_s();
	for (int i = 0; i < m; i++) {
		int64_t seq;
		if (history_begin(h) < 0 ||
		    history_append(h, history_now(h), "Box::Action", "fs:read", "request", rec, "permit", &seq) < 0 ||
		    history_commit(h) < 0) {
			fprintf(stderr, "%s\n", history_error(h));
			return 1;
		}
	}
	double store_us = (now_s() - t0) / m * 1e6;
	json_object_put(rec);
	history_close(h);

	printf("one system call (getppid):                        %6.2f us\n", sys);
	printf("floor: lock + append one event + unlock:          %6.2f us per event\n", floor_us);
	printf("box's store: one event in its own transaction:    %6.2f us per event\n", store_us);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : 1;
}
