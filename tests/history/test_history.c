/* tests/history/test_history.c -- Check tests of the durable history store
 * (broker/history/): append and load, order, time stamps that never go
 * back (injected clock, across reopenings), pruning, the hash chain and
 * tampering found by history_verify (the file edited through SQLite),
 * eight processes appending at once, and storage faults (a read-only
 * file, a full disk, a corrupt or foreign file, a symbolic link). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "broker/history/history.h"

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
	static const char *suffixes[] = {"", "-wal", "-shm", "-journal"};
	char p[320];
	chmod(dir, 0700);
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		snprintf(p, sizeof p, "%s%s", dbpath, suffixes[i]);
		unlink(p);
	}
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

/* Runs SQL on the file directly, as someone editing it would. */
static void edit_db(const char *sql)
{
	sqlite3 *db = NULL;
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	char *msg = NULL;
	int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
	ck_assert_msg(rc == SQLITE_OK, "%s: %s", sql, msg ? msg : "");
	sqlite3_close(db);
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
	edit_db("UPDATE events SET record = '{\"input\":{\"path\":\"/innocent\"}}' WHERE seq = 3");
	expect_broken_at(h, 3, "does not match its hash");
	history_close(h);
	remove_dir();
}
END_TEST

START_TEST(tampered_verdict_and_stamp_found)
{
	struct history *h = five_events();
	edit_db("UPDATE events SET verdict = 'deny' WHERE seq = 2");
	expect_broken_at(h, 2, "does not match its hash");
	history_close(h);
	remove_dir();

	h = five_events();
	edit_db("UPDATE events SET ts = 104 WHERE seq = 5");
	expect_broken_at(h, 5, "does not match its hash");
	history_close(h);
	remove_dir();
}
END_TEST

START_TEST(dropped_events_found)
{
	struct history *h = five_events();
	edit_db("DELETE FROM events WHERE seq = 2");
	expect_broken_at(h, 2, "missing");
	history_close(h);
	remove_dir();

	h = five_events();
	edit_db("DELETE FROM events WHERE seq = 5");
	expect_broken_at(h, 5, "newest events are missing");
	history_close(h);
	remove_dir();

	/* Dropping the oldest ones without moving the anchor. */
	h = five_events();
	edit_db("DELETE FROM events WHERE seq <= 2");
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
	history_close(h); /* the last connection: the WAL is merged and removed */
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
	ck_assert_msg(strstr(err, "not a database"), "%s", err);
	ck_assert_ptr_nonnull(strstr(err, dbpath));
	remove_dir();

	make_dir();
	edit_db("CREATE TABLE notes (x TEXT)");
	ck_assert_ptr_null(history_open(dir, err, sizeof err));
	ck_assert_msg(strstr(err, "not a box history"), "%s", err);
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
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
