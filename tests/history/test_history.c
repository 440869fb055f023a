/* tests/history/test_history.c -- Check tests of the durable history store
 * (broker/history/): append and load, order, time stamps that never go
 * back (injected clock, across reopenings), pruning, the hash chain and
 * tampering found by history_verify (the file edited as someone who knows
 * its format would: tests/history/edit_log.h), eight processes appending
 * at once, compaction under concurrent writers, a torn tail, and storage
 * faults (a read-only file, a full disk, a corrupt or foreign file, a
 * symbolic link). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "broker/history/history.h"
#include "tests/history/edit_log.h"

/* ---- helpers ----------------------------------------------------------- */

static char dir[256];
static char dbpath[300];

static void make_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/box-history-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(dbpath, sizeof dbpath, "%s/%s", dir, HISTORY_FILE_NAME);
}

static void remove_dir(void)
{
	static const char *suffixes[] = {"", ".compact"};
	char p[320];
	chmod(dir, 0700);
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		snprintf(p, sizeof p, "%s%s", dbpath, suffixes[i]);
		unlink(p);
	}
	snprintf(p, sizeof p, "%s/%s", dir, "history.state");
	unlink(p);
	rmdir(dir);
}

static struct history *open_ok(void)
{
	char err[512] = "";
	struct history *h = history_open(dir, err, sizeof err);
	ck_assert_msg(h != NULL, "history_open: %s", err);
	return h;
}

static json_object *record_with_path(const char *path)
{
	json_object *input = json_object_new_object();
	json_object_object_add(input, "path", json_object_new_string(path));
	json_object *rec = json_object_new_object();
	json_object_object_add(rec, "input", input);
	return rec;
}

static int64_t append_path(struct history *h, int64_t ts, const char *kind, const char *path)
{
	json_object *rec = record_with_path(path);
	int64_t seq = -1;
	int rc = history_append(h, ts, "Box::Action", "fs:write", kind, rec, "permit", &seq);
	json_object_put(rec);
	ck_assert_msg(rc == 0, "append: %s", history_error(h));
	return seq;
}

static const char *event_path(const struct temporal_event *e)
{
	json_object *input, *path;
	ck_assert(json_object_object_get_ex(e->record, "input", &input));
	ck_assert(json_object_object_get_ex(input, "path", &path));
	return json_object_get_string(path);
}

/* Edits event seq in the file directly, as someone editing it would. */
static void edit_event(int64_t seq, enum edit_what what, const char *value)
{
	ck_assert_int_eq(edit_log_event(dbpath, seq, what, value), 0);
}

static void expect_intact(struct history *h, int64_t events)
{
	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_msg(s.chain_intact, "chain broken at %lld: %s", (long long)s.broken_at_seq, s.problem);
	ck_assert_int_eq(s.events, events);
}

/* ---- append, load, order ---------------------------------------------- */

START_TEST(append_load_round_trip)
{
	make_dir();
	struct history *h = open_ok();
	ck_assert_int_eq(append_path(h, 100, "request", "/w/a"), 1);
	json_object *out = json_object_new_object();
	json_object_object_add(out, "result", json_object_new_string("completed"));
	json_object *rec = record_with_path("/w/a");
	json_object_object_add(rec, "output", out);
	int64_t seq = 0;
	ck_assert_int_eq(history_append(h, 101, "Box::Action", "fs:write", "response", rec, NULL, &seq), 0);
	json_object_put(rec);
	ck_assert_int_eq(seq, 2);
	ck_assert_int_eq(append_path(h, 102, "error", "/w/b \"quoted\" é"), 3);

	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 3);
	ck_assert_int_eq(ev.ev[0].ts_s, 100);
	ck_assert_str_eq(ev.ev[0].action_type, "Box::Action");
	ck_assert_str_eq(ev.ev[0].action_id, "fs:write");
	ck_assert_str_eq(ev.ev[0].kind, "request");
	ck_assert_str_eq(event_path(&ev.ev[0]), "/w/a");
	ck_assert_str_eq(ev.ev[1].kind, "response");
	json_object *output, *result;
	ck_assert(json_object_object_get_ex(ev.ev[1].record, "output", &output));
	ck_assert(json_object_object_get_ex(output, "result", &result));
	ck_assert_str_eq(json_object_get_string(result), "completed");
	ck_assert_str_eq(ev.ev[2].kind, "error");
	ck_assert_str_eq(event_path(&ev.ev[2]), "/w/b \"quoted\" é");
	history_events_free(&ev);
	history_close(h);

	/* A later run sees the same history. */
	h = open_ok();
	ck_assert_int_eq(history_load(h, 101, &ev), 0);
	ck_assert_uint_eq(ev.n, 2);
	ck_assert_int_eq(ev.ev[0].ts_s, 101);
	history_events_free(&ev);
	expect_intact(h, 3);
	history_close(h);
	remove_dir();
}
END_TEST

START_TEST(order_and_old_stamps_refused)
{
	make_dir();
	struct history *h = open_ok();
	append_path(h, 10, "request", "/1");
	append_path(h, 10, "request", "/2");
	append_path(h, 20, "request", "/3");
	append_path(h, 30, "request", "/4");
	/* A stamp older than the newest is refused, and adds nothing. */
	json_object *rec = record_with_path("/old");
	ck_assert_int_eq(history_append(h, 29, "Box::Action", "fs:write", "request", rec, "deny", NULL), -1);
	json_object_put(rec);
	ck_assert_ptr_nonnull(strstr(history_error(h), "older than the newest"));
	/* A record that is not an object would poison every later load. */
	json_object *arr = json_object_new_array();
	ck_assert_int_eq(history_append(h, 40, "Box::Action", "fs:write", "request", arr, "deny", NULL), -1);
	json_object_put(arr);
	ck_assert_ptr_nonnull(strstr(history_error(h), "must be a JSON object"));

	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 4);
	for (size_t i = 0; i < 4; i++) {
		char want[8];
		snprintf(want, sizeof want, "/%zu", i + 1);
		ck_assert_str_eq(event_path(&ev.ev[i]), want);
	}
	ck_assert_int_eq(history_load(h, 20, &ev), 0);
	ck_assert_uint_eq(ev.n, 2);
	ck_assert_str_eq(event_path(&ev.ev[0]), "/3");
	ck_assert_int_eq(history_load(h, 31, &ev), 0);
	ck_assert_uint_eq(ev.n, 0);

	/* Only what came after a seq already seen. */
	ck_assert_int_eq(history_load_after(h, 2, &ev), 0);
	ck_assert_uint_eq(ev.n, 2);
	ck_assert_str_eq(event_path(&ev.ev[0]), "/3");
	ck_assert_str_eq(event_path(&ev.ev[1]), "/4");
	ck_assert_int_eq(ev.last_seq, 4);
	ck_assert_int_eq(history_load_after(h, 4, &ev), 0);
	ck_assert_uint_eq(ev.n, 0);
	ck_assert_int_eq(ev.last_seq, 4);
	ck_assert_int_eq(history_load_after(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 4);
	ck_assert_int_eq(ev.last_seq, 4);
	history_events_free(&ev);

	int64_t seq, ts;
	uint8_t hash[SHA256_DIGEST_LEN];
	ck_assert_int_eq(history_head(h, &seq, &ts, hash), 0);
	ck_assert_int_eq(seq, 4);
	ck_assert_int_eq(ts, 30);
	expect_intact(h, 4);
	history_close(h);
	remove_dir();
}
END_TEST

/* Inside one transaction: begin, now, load, append, commit; and a
 * rolled-back transaction leaves nothing. */
START_TEST(transactions)
{
	make_dir();
	struct history *h = open_ok();
	ck_assert_int_eq(history_begin(h), 0);
	int64_t now = history_now(h);
	ck_assert_int_gt(now, 1600000000);
	append_path(h, now, "request", "/kept");
	ck_assert_int_eq(history_commit(h), 0);

	ck_assert_int_eq(history_begin(h), 0);
	append_path(h, now, "request", "/dropped");
	history_rollback(h);

	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(event_path(&ev.ev[0]), "/kept");
	history_events_free(&ev);
	expect_intact(h, 1);
	history_close(h);
	remove_dir();
}
END_TEST

/* ---- time stamps --------------------------------------------------------- */

static int64_t fake_clock(void *arg)
{
	return *(int64_t *)arg;
}

START_TEST(stamps_monotonic_when_clock_steps_back)
{
	make_dir();
	int64_t clock = 1000;
	struct history *h = open_ok();
	history_set_clock(h, fake_clock, &clock);
	ck_assert_int_eq(history_now(h), 1000);
	append_path(h, history_now(h), "request", "/a");
	clock = 500; /* stepped back */
	ck_assert_int_eq(history_now(h), 1000);
	append_path(h, history_now(h), "request", "/b");
	history_close(h);

	/* A later run whose clock is further back still. */
	clock = 400;
	h = open_ok();
	history_set_clock(h, fake_clock, &clock);
	ck_assert_int_eq(history_now(h), 1000);
	append_path(h, history_now(h), "request", "/c");
	clock = 2000;
	ck_assert_int_eq(history_now(h), 2000);
	append_path(h, history_now(h), "request", "/d");

	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 4);
	ck_assert_int_eq(ev.ev[0].ts_s, 1000);
	ck_assert_int_eq(ev.ev[1].ts_s, 1000);
	ck_assert_int_eq(ev.ev[2].ts_s, 1000);
	ck_assert_int_eq(ev.ev[3].ts_s, 2000);
	ck_assert_str_eq(event_path(&ev.ev[2]), "/c");
	history_events_free(&ev);
	history_close(h);
	remove_dir();
}
END_TEST

/* ---- pruning ------------------------------------------------------------- */

START_TEST(prune_keeps_the_chain)
{
	make_dir();
	struct history *h = open_ok();
	for (int ts = 10; ts <= 50; ts += 10)
		append_path(h, ts, "request", "/p");
	ck_assert_int_eq(history_prune(h, 30), 2);
	ck_assert_int_eq(history_prune(h, 30), 0);
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 3);
	ck_assert_int_eq(ev.ev[0].ts_s, 30);
	history_events_free(&ev);
	expect_intact(h, 3);

	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_int_eq(s.first_seq, 3);
	ck_assert_int_eq(s.last_seq, 5);
	ck_assert_int_eq(s.oldest_ts, 30);
	ck_assert_int_eq(s.newest_ts, 50);
	ck_assert_int_gt(s.file_bytes, 0);

	ck_assert_int_eq(history_prune(h, 1000), 3);
	expect_intact(h, 0);
	/* Numbering and the chain go on after everything was pruned. */
	ck_assert_int_eq(append_path(h, 60, "request", "/q"), 6);
	expect_intact(h, 1);
	history_close(h);
	remove_dir();
}
END_TEST

/* ---- tamper evidence ------------------------------------------------------ */

static struct history *five_events(void)
{
	make_dir();
	struct history *h = open_ok();
	for (int i = 1; i <= 5; i++) {
		char p[16];
		snprintf(p, sizeof p, "/t%d", i);
		append_path(h, 100 + i, "request", p);
	}
	expect_intact(h, 5);
	return h;
}

static void expect_broken_at(struct history *h, int64_t seq, const char *problem)
{
	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_msg(!s.chain_intact, "a tampered chain verified");
	ck_assert_int_eq(s.broken_at_seq, seq);
	ck_assert_msg(strstr(s.problem, problem), "problem: %s", s.problem);
}

START_TEST(tampered_record_found)
{
	struct history *h = five_events();
	edit_event(3, EDIT_RECORD, "{\"input\":{\"path\":\"/innocent\"}}");
	expect_broken_at(h, 3, "does not match its hash");
	history_close(h);
	remove_dir();
}
END_TEST

START_TEST(tampered_verdict_and_stamp_found)
{
	struct history *h = five_events();
	edit_event(2, EDIT_VERDICT, "deny");
	expect_broken_at(h, 2, "does not match its hash");
	history_close(h);
	remove_dir();

	h = five_events();
	edit_event(5, EDIT_TS, "104");
	expect_broken_at(h, 5, "does not match its hash");
	history_close(h);
	remove_dir();
}
END_TEST

START_TEST(dropped_events_found)
{
	struct history *h = five_events();
	edit_event(2, EDIT_DROP, NULL);
	expect_broken_at(h, 2, "missing");
	history_close(h);
	remove_dir();

	/* Dropping the oldest ones without moving the anchor. */
	h = five_events();
	edit_event(1, EDIT_DROP, NULL);
	edit_event(2, EDIT_DROP, NULL);
	expect_broken_at(h, 1, "missing");
	history_close(h);
	remove_dir();
}
END_TEST

/* ---- concurrency ---------------------------------------------------------- */

enum { WRITERS = 8, PER_WRITER = 40 };

static int writer(int id)
{
	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "writer %d: %s\n", id, err);
		return 1;
	}
	for (int n = 0; n < PER_WRITER; n++) {
		json_object *rec = json_object_new_object();
		json_object_object_add(rec, "writer", json_object_new_int(id));
		json_object_object_add(rec, "n", json_object_new_int(n));
		int rc = history_begin(h);
		int64_t now = rc == 0 ? history_now(h) : -1;
		if (rc == 0 && now >= 0)
			rc = history_append(h, now, "Box::Action", "fs:write", "request", rec, "permit", NULL);
		if (rc == 0 && now >= 0)
			rc = history_commit(h);
		else
			history_rollback(h);
		json_object_put(rec);
		if (rc != 0 || now < 0) {
			fprintf(stderr, "writer %d: %s\n", id, history_error(h));
			history_close(h);
			return 1;
		}
	}
	history_close(h);
	return 0;
}

START_TEST(eight_processes_append_concurrently)
{
	make_dir();
	pid_t pids[WRITERS];
	for (int i = 0; i < WRITERS; i++) {
		pids[i] = fork();
		ck_assert_int_ge(pids[i], 0);
		if (pids[i] == 0)
			_exit(writer(i));
	}
	for (int i = 0; i < WRITERS; i++) {
		int status;
		ck_assert_int_eq(waitpid(pids[i], &status, 0), pids[i]);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed", i);
	}
	struct history *h = open_ok();
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, WRITERS * PER_WRITER);
	int seen[WRITERS][PER_WRITER] = {{0}};
	int next_n[WRITERS] = {0};
	for (size_t i = 0; i < ev.n; i++) {
		json_object *w, *n;
		ck_assert(json_object_object_get_ex(ev.ev[i].record, "writer", &w));
		ck_assert(json_object_object_get_ex(ev.ev[i].record, "n", &n));
		int wi = json_object_get_int(w), ni = json_object_get_int(n);
		ck_assert(wi >= 0 && wi < WRITERS && ni >= 0 && ni < PER_WRITER);
		seen[wi][ni]++;
		/* Each writer's own events keep its order. */
		ck_assert_int_eq(ni, next_n[wi]);
		next_n[wi]++;
		if (i > 0)
			ck_assert_int_ge(ev.ev[i].ts_s, ev.ev[i - 1].ts_s);
	}
	for (int w = 0; w < WRITERS; w++)
		for (int n = 0; n < PER_WRITER; n++)
			ck_assert_int_eq(seen[w][n], 1);
	history_events_free(&ev);

	/* Sequence numbers 1..N, strictly increasing, chain intact. */
	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_msg(s.chain_intact, "broken at %lld: %s", (long long)s.broken_at_seq, s.problem);
	ck_assert_int_eq(s.events, WRITERS * PER_WRITER);
	ck_assert_int_eq(s.first_seq, 1);
	ck_assert_int_eq(s.last_seq, WRITERS * PER_WRITER);
	history_close(h);
	remove_dir();
}
END_TEST

/* ---- storage faults ------------------------------------------------------- */

/* Runs fn in a child that cannot write the file: as root, the child drops
 * to nobody (root ignores permissions); the file is 0444 and its directory
 * 0555.  The child's exit status is fn's result. */
static int as_unable_to_write(int (*fn)(void))
{
	ck_assert_int_eq(chmod(dir, 0555), 0);
	ck_assert_int_eq(chmod(dbpath, 0444), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(90);
		_exit(fn());
	}
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(chmod(dir, 0700), 0);
	ck_assert_int_eq(chmod(dbpath, 0600), 0);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* Either the open fails, or it succeeds and the append fails; with a
 * message naming the file either way. */
static int read_only_child(void)
{
	char err[512] = "";
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		fprintf(stderr, "(expected) %s\n", err);
		return strstr(err, HISTORY_FILE_NAME) ? 0 : 2;
	}
	json_object *rec = record_with_path("/ro");
	int rc = history_append(h, 1000, "Box::Action", "fs:write", "request", rec, "permit", NULL);
	json_object_put(rec);
	int ok = rc == -1 && strstr(history_error(h), HISTORY_FILE_NAME);
	if (ok)
		fprintf(stderr, "(expected) %s\n", history_error(h));
	history_close(h);
	return ok ? 0 : 3;
}

START_TEST(read_only_file_fails_cleanly)
{
	make_dir();
	ck_assert_int_eq(chmod(dir, 0755), 0); /* nobody must reach the file */
	struct history *h = open_ok();
	append_path(h, 10, "request", "/before");
	history_close(h);
	ck_assert_int_eq(as_unable_to_write(read_only_child), 0);
	h = open_ok();
	expect_intact(h, 1);
	history_close(h);
	remove_dir();
}
END_TEST

/* A disk that fills up (a file size limit): appends fail with a message,
 * and what was committed before is whole. */
START_TEST(full_disk_fails_cleanly)
{
	make_dir();
	struct history *h = open_ok();
	history_close(h);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit lim = {256 * 1024, 256 * 1024};
		if (setrlimit(RLIMIT_FSIZE, &lim) != 0)
			_exit(90);
		char err[512];
		struct history *ch = history_open(dir, err, sizeof err);
		if (!ch)
			_exit(91);
		char big[2048];
		memset(big, 'x', sizeof big - 1);
		big[sizeof big - 1] = '\0';
		int32_t appended = 0;
		int failed = 0;
		for (int i = 0; i < 1000 && !failed; i++) {
			json_object *rec = record_with_path(big);
			if (history_append(ch, 100 + i, "Box::Action", "fs:write", "request", rec, "permit", NULL) == 0)
				appended++;
			else
				failed = 1;
			json_object_put(rec);
		}
		if (failed)
			fprintf(stderr, "(expected) %s\n", history_error(ch));
		int named = strstr(history_error(ch), HISTORY_FILE_NAME) != NULL;
		history_close(ch);
		if (write(fds[1], &appended, sizeof appended) != sizeof appended)
			_exit(92);
		_exit(failed && named ? 0 : 93);
	}
	close(fds[1]);
	int32_t appended = -1;
	ck_assert_int_eq(read(fds[0], &appended, sizeof appended), sizeof appended);
	close(fds[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
	ck_assert_int_gt(appended, 0);
	h = open_ok();
	expect_intact(h, appended);
	/* With room again, it goes on. */
	append_path(h, 5000, "request", "/after");
	expect_intact(h, appended + 1);
	history_close(h);
	remove_dir();
}
END_TEST

/* Writes len bytes at the end of the file (or at off >= 0). */
static void put_bytes_at(const void *data, size_t len, off_t off)
{
	int fd = open(dbpath, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pwrite(fd, data, len, off >= 0 ? off : lseek(fd, 0, SEEK_END)), (ssize_t)len);
	close(fd);
}

static off_t file_size(void)
{
	struct stat st;
	ck_assert_int_eq(stat(dbpath, &st), 0);
	return st.st_size;
}

START_TEST(corrupt_and_foreign_files_refused)
{
	make_dir();
	int fd = open(dbpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	char junk[4096];
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = (char)(i * 31 + 7);
	ck_assert_int_eq(write(fd, junk, sizeof junk), (ssize_t)sizeof junk);
	close(fd);
	char err[512] = "";
	ck_assert_ptr_null(history_open(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "not a box history"), "%s", err);
	ck_assert_ptr_nonnull(strstr(err, dbpath));
	ck_assert_ptr_null(history_open_readonly(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "not a box history"), "%s", err);
	remove_dir();

	/* A damaged header. */
	struct history *h = five_events();
	history_close(h);
	put_bytes_at("X", 1, 20);
	ck_assert_ptr_null(history_open(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "header is damaged"), "%s", err);
	remove_dir();

	/* A byte flipped in a record that is not the last: damage, not a torn
	 * tail; the file is refused and left as it is. */
	h = five_events();
	history_close(h);
	off_t size = file_size();
	put_bytes_at("\x7f", 1, HISTORY_HEADER_LEN + 30);
	ck_assert_ptr_null(history_open(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "is damaged (the file is corrupt)"), "%s", err);
	ck_assert_int_eq(file_size(), size);
	remove_dir();
}
END_TEST

/* A crash in the middle of a write leaves part of a record at the end: a
 * reader ignores it, the next writer cuts it off, nothing is misread. */
START_TEST(torn_tail_ignored_then_cut_off)
{
	static const struct {
		const char *what;
		size_t len;
		int zeros;
	} tails[] = {{"a record cut short", 40, 0}, {"a whole-length record with a bad checksum", 0, 0}, {"zeros", 300, 1}};
	for (size_t k = 0; k < sizeof tails / sizeof tails[0]; k++) {
		struct history *h = five_events();
		history_close(h);
		off_t size = file_size();
		/* the next event's bytes, as a crash could leave them */
		h = open_ok();
		append_path(h, 200, "request", "/torn");
		history_close(h);
		off_t whole = file_size();
		int fd = open(dbpath, O_RDWR);
		ck_assert_int_ge(fd, 0);
		uint8_t rec[4096];
		ck_assert_int_eq(pread(fd, rec, (size_t)(whole - size), size), whole - size);
		ck_assert_int_eq(ftruncate(fd, size), 0);
		close(fd);
		size_t n = tails[k].len ? tails[k].len : (size_t)(whole - size);
		if (tails[k].zeros)
			memset(rec, 0, n);
		if (!tails[k].len)
			rec[n - 20] ^= 0x55; /* inside the body */
		put_bytes_at(rec, n, -1);

		char err[512];
		h = history_open_readonly(dir, err, sizeof err);
		ck_assert_msg(h != NULL, "%s: %s", tails[k].what, err);
		expect_intact(h, 5);
		history_close(h);
		ck_assert_int_eq(file_size(), size + (off_t)n); /* a reader changes nothing */

		h = open_ok();
		ck_assert_int_eq(file_size(), size);
		ck_assert_int_eq(append_path(h, 300, "request", "/after"), 6);
		expect_intact(h, 6);
		history_close(h);
		remove_dir();
	}
}
END_TEST

/* A reader never creates the file; a read-only handle cannot append. */
START_TEST(read_only_handles)
{
	make_dir();
	char err[512];
	ck_assert_ptr_null(history_open_readonly(dir, err, sizeof err));
	ck_assert_int_eq(access(dbpath, F_OK), -1);
	struct history *w = open_ok();
	append_path(w, 10, "request", "/1");
	struct history *r = history_open_readonly(dir, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(r, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 1);
	/* what the writer appends next, the reader sees */
	append_path(w, 11, "request", "/2");
	ck_assert_int_eq(history_load_after(r, 1, &ev), 0);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(event_path(&ev.ev[0]), "/2");
	history_events_free(&ev);
	json_object *rec = record_with_path("/no");
	ck_assert_int_eq(history_append(r, 20, "Box::Action", "fs:write", "request", rec, "deny", NULL), -1);
	json_object_put(rec);
	ck_assert_ptr_nonnull(strstr(history_error(r), "read-only"));
	history_close(r);
	expect_intact(w, 2);
	history_close(w);
	remove_dir();
}
END_TEST

/* The rules' starts survive pruning and compaction; an unchanged set is
 * not written again. */
START_TEST(rules_kept_across_compaction)
{
	make_dir();
	struct history *h = open_ok();
	const char *fps[] = {"rule-a", "rule-b"};
	int64_t starts[2];
	ck_assert_int_eq(history_rule_starts(h, fps, 2, starts), 0);
	ck_assert_int_eq(starts[0], 1);
	for (int ts = 1; ts <= 40; ts++)
		append_path(h, ts, "request", "/r");
	const char *fps2[] = {"rule-a", "rule-c"};
	ck_assert_int_eq(history_rule_starts(h, fps2, 2, starts), 0);
	ck_assert_int_eq(starts[0], 1);
	ck_assert_int_eq(starts[1], 41);
	off_t size = file_size();
	ck_assert_int_eq(history_rule_starts(h, fps2, 2, starts), 0);
	ck_assert_int_eq(file_size(), size); /* unchanged: nothing written */
	/* 5 of 40 dropped: a pruning mark, which the compaction below carries
	 * over behind a newer anchor */
	ck_assert_int_eq(history_prune(h, 6), 5);
	ck_assert_int_eq(file_size() > size, 1);
	size = file_size();
	/* 30 more dropped: compacted */
	ck_assert_int_eq(history_prune(h, 36), 30);
	ck_assert_int_lt(file_size(), size / 2);
	expect_intact(h, 5);
	history_close(h);
	h = open_ok();
	ck_assert_int_eq(history_rule_starts(h, fps2, 2, starts), 0);
	ck_assert_int_eq(starts[0], 1);
	ck_assert_int_eq(starts[1], 41);
	int64_t seq, ts;
	uint8_t hash[SHA256_DIGEST_LEN];
	ck_assert_int_eq(history_head(h, &seq, &ts, hash), 0);
	ck_assert_int_eq(seq, 40);
	history_close(h);
	remove_dir();
}
END_TEST

/* A broker whose file was compacted by another finds the new file when it
 * next takes the lock: nothing is appended to the old one. */
START_TEST(compaction_seen_by_other_handles)
{
	make_dir();
	struct history *a = open_ok(), *b = open_ok();
	for (int ts = 1; ts <= 20; ts++)
		append_path(a, ts, "request", "/x");
	struct stat before, after;
	ck_assert_int_eq(stat(dbpath, &before), 0);
	ck_assert_int_eq(history_prune(a, 19), 18);
	ck_assert_int_eq(stat(dbpath, &after), 0);
	ck_assert(before.st_ino != after.st_ino); /* a new file */
	ck_assert_int_eq(append_path(b, 30, "request", "/from-b"), 21);
	ck_assert_int_eq(append_path(a, 31, "request", "/from-a"), 22);
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(b, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 4);
	ck_assert_int_eq(ev.ev[0].seq, 19);
	ck_assert_str_eq(event_path(&ev.ev[3]), "/from-a");
	history_events_free(&ev);
	expect_intact(b, 4);
	history_close(a);
	history_close(b);
	remove_dir();
}
END_TEST

/* The page the handles share (broker/history/history_state.c: magic,
 * generation, the log's committed length), mapped here as a test that
 * damages it would. */
static int64_t *state_page(void)
{
	char p[320];
	snprintf(p, sizeof p, "%s/history.state", dir);
	int fd = open(p, O_RDWR);
	ck_assert_int_ge(fd, 0);
	void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	ck_assert(m != MAP_FAILED);
	return m;
}

/* Three handles (three brokers) taking turns, one of them holding the lock
 * across transactions: each append follows every event appended before it
 * by any handle, though a handle whose page says nothing changed looks at
 * neither the path nor the file. */
START_TEST(handles_take_turns)
{
	make_dir();
	struct history *h[3] = {open_ok(), open_ok(), open_ok()};
	static const int turns[] = {0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 0, 2, 0, 0, 1, 2, 2, 2, 1, 0};
	int64_t seq = 0;
	for (size_t i = 0; i < sizeof turns / sizeof turns[0]; i++) {
		struct history *x = h[turns[i]];
		history_hold(x, i % 3 == 0);
		char path[32];
		snprintf(path, sizeof path, "/turn%zu", i);
		ck_assert_int_eq(append_path(x, 100 + (int64_t)i, "request", path), ++seq);
		if (i % 3 == 0) /* a second transaction while the lock is held */
			ck_assert_int_eq(append_path(x, 100 + (int64_t)i, "response", path), ++seq);
		history_hold(x, 0);
	}
	int64_t *page = state_page();
	struct stat st;
	ck_assert_int_eq(stat(dbpath, &st), 0);
	ck_assert_int_eq(page[2], st.st_size); /* the committed length, published */
	for (int k = 0; k < 3; k++) {
		expect_intact(h[k], seq);
		history_close(h[k]);
	}
	munmap(page, 4096);
	remove_dir();
}
END_TEST

/* A page that says a write is in progress (its writer was killed), that
 * is of another generation, or that is not a page at all, sends a handle
 * the long way: it reads what is in the file. */
START_TEST(stale_state_page_looked_past)
{
	make_dir();
	struct history *a = open_ok(), *b = open_ok();
	int64_t *page = state_page();
	for (int k = 0; k < 3; k++) {
		int64_t before = page[2];
		append_path(b, 10 * (2 * k + 1), "request", "/b");
		/* as if b had been killed between its write() and publishing it */
		if (k == 0)
			page[2] = -1;
		if (k == 1) { /* a compaction killed before its rename: only the generation moved */
			page[1]++;
			page[2] = before;
		}
		if (k == 2) /* not a page of ours */
			memset(page, 0xa5, 24);
		ck_assert_int_eq(append_path(a, 10 * (2 * k + 2), "request", "/a"), 2 * k + 2);
	}
	expect_intact(a, 6);
	expect_intact(b, 6);
	munmap(page, 4096);
	history_close(a);
	history_close(b);
	remove_dir();
}
END_TEST

/* A log removed (not compacted) under a broker that the page spares
 * looking at the path: within a second its next append makes a new log at
 * the path instead of going to the removed file. */
START_TEST(removed_log_noticed)
{
	make_dir();
	struct history *a = open_ok();
	append_path(a, 10, "request", "/1");
	append_path(a, 11, "request", "/2");
	ck_assert_int_eq(unlink(dbpath), 0);
	usleep(1100 * 1000);
	append_path(a, 12, "request", "/3");
	ck_assert_int_eq(access(dbpath, F_OK), 0);
	struct history *b = open_ok();
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(b, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(event_path(&ev.ev[0]), "/3");
	history_events_free(&ev);
	history_close(a);
	history_close(b);
	remove_dir();
}
END_TEST

START_TEST(symlink_refused)
{
	make_dir();
	char target[300];
	snprintf(target, sizeof target, "%s/elsewhere.db", dir);
	ck_assert_int_eq(symlink(target, dbpath), 0);
	char err[512] = "";
	ck_assert_ptr_null(history_open(dir, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, dbpath));
	ck_assert_int_eq(access(target, F_OK), -1); /* nothing created through it */
	unlink(dbpath);
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, append_load_round_trip);
	tcase_add_test(tc, order_and_old_stamps_refused);
	tcase_add_test(tc, transactions);
	tcase_add_test(tc, stamps_monotonic_when_clock_steps_back);
	tcase_add_test(tc, prune_keeps_the_chain);
	tcase_add_test(tc, tampered_record_found);
	tcase_add_test(tc, tampered_verdict_and_stamp_found);
	tcase_add_test(tc, dropped_events_found);
	tcase_add_test(tc, eight_processes_append_concurrently);
	tcase_add_test(tc, read_only_file_fails_cleanly);
	tcase_add_test(tc, full_disk_fails_cleanly);
	tcase_add_test(tc, corrupt_and_foreign_files_refused);
	tcase_add_test(tc, symlink_refused);
	tcase_add_test(tc, torn_tail_ignored_then_cut_off);
	tcase_add_test(tc, read_only_handles);
	tcase_add_test(tc, rules_kept_across_compaction);
	tcase_add_test(tc, compaction_seen_by_other_handles);
	tcase_add_test(tc, handles_take_turns);
	tcase_add_test(tc, stale_state_page_looked_past);
	tcase_add_test(tc, removed_log_noticed);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
