/* tests/history/test_history_corrupt.c -- robustness of the history store
 * against damaged files, fuzz style but deterministic (a fixed seed): a
 * valid history is damaged hundreds of ways (bytes flipped, ranges
 * zeroed, the file cut short) and each copy is opened, loaded, verified
 * and appended to.  Every call must return its success or -1 with a
 * message, never crash (the sanitizer build checks memory too), and what
 * a successful load returns must be well formed. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/history/history.h"
#include "common/fdio.h"

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

/* A valid history of 30 events, 10 of them pruned; returns its bytes. */
static char *valid_file(size_t *len)
{
	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	ck_assert_msg(h != NULL, "%s", err);
	for (int i = 0; i < 30; i++) {
		json_object *rec = json_object_new_object();
		json_object *input = json_object_new_object();
		char path[32];
		snprintf(path, sizeof path, "/workspace/file-%d.txt", i);
		json_object_object_add(input, "path", json_object_new_string(path));
		json_object_object_add(rec, "input", input);
		json_object_object_add(rec, "requestId", json_object_new_int(i));
		ck_assert_int_eq(history_append(h, 1000 + i, "Box::Action", i % 2 ? "fs:read" : "http:request",
		                                "request", rec, i % 3 ? "permit" : NULL, NULL),
		                 0);
		json_object_put(rec);
	}
	ck_assert_int_eq(history_prune(h, 1010), 10);
	history_close(h);
	int fd = open(dbpath, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	char *data = NULL;
	ck_assert_int_eq(box_read_all(fd, 1 << 24, &data, len), 0);
	close(fd);
	return data;
}

static uint32_t rng_state = 0x9e3779b9;

static uint32_t rnd(void)
{
	/* xorshift32: deterministic, so a failure reproduces. */
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Damages copy (len bytes) one of four ways; returns the new length. */
static size_t damage(char *copy, size_t len)
{
	switch (rnd() % 4) {
	case 0: /* a few bytes anywhere */
		for (uint32_t k = 1 + rnd() % 8; k > 0; k--)
			copy[rnd() % len] ^= (char)(1 + rnd() % 255);
		return len;
	case 1: /* a few bytes where there is content (not free space) */
		for (uint32_t k = 1 + rnd() % 4, tries = 0; k > 0 && tries < 10000; tries++) {
			size_t at = rnd() % len;
			if (copy[at] != 0) {
				copy[at] ^= (char)(1 + rnd() % 255);
				k--;
			}
		}
		return len;
	case 2: { /* a zeroed range */
		size_t at = rnd() % len, n = 1 + rnd() % 512;
		memset(copy + at, 0, n > len - at ? len - at : n);
		return len;
	}
	default: /* cut short */
		return rnd() % len;
	}
}

struct outcome {
	int refused_at_open, load_failed, chain_broken, append_failed, untouched;
};

static void exercise(struct outcome *o)
{
	char err[512] = "";
	struct history *h = history_open(dir, err, sizeof err);
	if (!h) {
		ck_assert_msg(strncmp(err, "history ", 8) == 0, "message: %s", err);
		o->refused_at_open++;
		return;
	}
	struct history_events ev = {0};
	if (history_load(h, 0, &ev) == 0) {
		for (size_t i = 0; i < ev.n; i++) {
			ck_assert_ptr_nonnull(ev.ev[i].action_type);
			ck_assert_ptr_nonnull(ev.ev[i].action_id);
			ck_assert_ptr_nonnull(ev.ev[i].kind);
			ck_assert(json_object_is_type(ev.ev[i].record, json_type_object));
			if (i > 0)
				ck_assert_int_ge(ev.ev[i].ts_s, ev.ev[i - 1].ts_s);
		}
	} else {
		ck_assert_msg(strncmp(history_error(h), "history ", 8) == 0, "message: %s", history_error(h));
		o->load_failed++;
	}
	history_events_free(&ev);
	struct history_summary s;
	int verified = history_verify(h, &s);
	if (verified == 0 && !s.chain_intact)
		o->chain_broken++;
	json_object *rec = json_object_new_object();
	int appended = history_append(h, 5000, "Box::Action", "fs:write", "request", rec, "deny", NULL);
	json_object_put(rec);
	if (appended < 0)
		o->append_failed++;
	else if (verified == 0 && s.chain_intact)
		o->untouched++;
	history_close(h);
}

START_TEST(damaged_files_fail_cleanly)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/box-history-corrupt-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(dbpath, sizeof dbpath, "%s/%s", dir, HISTORY_FILE_NAME);
	size_t len = 0;
	char *valid = valid_file(&len);
	ck_assert_uint_gt(len, 2048);
	char *copy = malloc(len);
	ck_assert_ptr_nonnull(copy);
	struct outcome o = {0};
	enum { ROUNDS = 400 };
	for (int round = 0; round < ROUNDS; round++) {
		memcpy(copy, valid, len);
		size_t n = damage(copy, len);
		remove_files();
		int fd = open(dbpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		ck_assert_int_ge(fd, 0);
		ck_assert_int_eq(box_write_all(fd, copy, n), 0);
		close(fd);
		exercise(&o);
	}
	printf("%d damaged files: %d refused at open, %d failed to load, %d broken chains, "
	       "%d failed to append, %d unaffected\n",
	       ROUNDS, o.refused_at_open, o.load_failed, o.chain_broken, o.append_failed, o.untouched);
	/* The damage was seen, not silently absorbed, in most rounds. */
	ck_assert_int_gt(o.refused_at_open + o.load_failed + o.chain_broken + o.append_failed, ROUNDS / 4);
	free(copy);
	free(valid);
	remove_files();
	rmdir(dir);
}
END_TEST

/* The seed made by tests/fuzz/make_history_seed.py (Python's struct and
 * hashlib, not box's code: a compacted header, a rules record, a pruning
 * mark) verifies intact: the format as written down, implemented twice,
 * agrees. */
START_TEST(independently_made_history_verifies)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/box-history-seed-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(dbpath, sizeof dbpath, "%s/%s", dir, HISTORY_FILE_NAME);
	const char *srcdir = getenv("srcdir");
	char seed[512];
	snprintf(seed, sizeof seed, "%s/tests/fuzz/corpus/history/seed.log", srcdir ? srcdir : ".");
	int fd = open(seed, O_RDONLY);
	ck_assert_msg(fd >= 0, "cannot open %s", seed);
	char *data = NULL;
	size_t len = 0;
	ck_assert_int_eq(box_read_all(fd, 1 << 24, &data, &len), 0);
	close(fd);
	fd = open(dbpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(box_write_all(fd, data, len), 0);
	close(fd);
	free(data);

	char err[512];
	struct history *h = history_open(dir, err, sizeof err);
	ck_assert_msg(h != NULL, "%s", err);
	struct history_summary s;
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert_msg(s.chain_intact, "broken at %lld: %s", (long long)s.broken_at_seq, s.problem);
	ck_assert_int_eq(s.events, 12);
	ck_assert_int_eq(s.first_seq, 4);
	ck_assert_int_eq(s.last_seq, 15);
	struct history_events ev = {0};
	ck_assert_int_eq(history_load(h, 0, &ev), 0);
	ck_assert_uint_eq(ev.n, 12);
	ck_assert_str_eq(ev.ev[0].action_id, "fs:write"); /* seq 4 */
	ck_assert_str_eq(ev.ev[0].kind, "response");
	ck_assert_int_eq(ev.ev[0].ts_s, 1700000040);
	history_events_free(&ev);
	const char *fps[] = {"rule-two", "rule-one"};
	int64_t starts[2];
	ck_assert_int_eq(history_rule_starts(h, fps, 2, starts), 0);
	ck_assert_int_eq(starts[0], 9);
	ck_assert_int_eq(starts[1], 1);
	/* And box's own appends continue its chain. */
	json_object *rec = json_object_new_object();
	ck_assert_int_eq(history_append(h, history_now(h), "Box::Action", "fs:write", "request", rec, "permit", NULL), 0);
	json_object_put(rec);
	ck_assert_int_eq(history_verify(h, &s), 0);
	ck_assert(s.chain_intact);
	ck_assert_int_eq(s.last_seq, 16);
	history_close(h);
	remove_files();
	rmdir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("history_corrupt");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, damaged_files_fail_cleanly);
	tcase_add_test(tc, independently_made_history_verifies);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
