/* broker/history/history_chain.c -- the tamper-evident chain of the
 * history: the hash of one row, and the walk that checks every row
 * against its predecessor, the pruning anchor and the head (for --audit). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/history/history_int.h"

static void put_u64(struct sha256 *s, uint64_t v)
{
	uint8_t b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (56 - 8 * i));
	sha256_update(s, b, sizeof b);
}

static void put_text(struct sha256 *s, const char *t)
{
	uint8_t present = t != NULL;
	sha256_update(s, &present, 1);
	if (!t)
		return;
	size_t len = strlen(t);
	uint8_t b[4] = {(uint8_t)(len >> 24), (uint8_t)(len >> 16), (uint8_t)(len >> 8), (uint8_t)len};
	sha256_update(s, b, sizeof b);
	sha256_update(s, t, len);
}

void history_row_hash(const uint8_t prev[SHA256_DIGEST_LEN], const struct history_row *row,
                      uint8_t hash[SHA256_DIGEST_LEN])
{
	struct sha256 s;
	sha256_init(&s);
	sha256_update(&s, prev, SHA256_DIGEST_LEN);
	put_u64(&s, (uint64_t)row->seq);
	put_u64(&s, (uint64_t)row->ts);
	put_text(&s, row->action_type);
	put_text(&s, row->action_id);
	put_text(&s, row->kind);
	put_text(&s, row->record);
	put_text(&s, row->verdict);
	sha256_final(&s, hash);
}

/* Records the first break only. */
static void broken(struct history_summary *sum, int64_t seq, const char *problem)
{
	if (!sum->chain_intact)
		return;
	sum->chain_intact = 0;
	sum->broken_at_seq = seq;
	snprintf(sum->problem, sizeof sum->problem, "%s", problem);
}

static int64_t file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (int64_t)st.st_size : 0;
}

/* Check one row (the statement's current one) against the chain so far. */
static void check_row(sqlite3_stmt *st, struct history_summary *sum, int64_t *expect_seq,
                      uint8_t prev[SHA256_DIGEST_LEN])
{
	struct history_row row = {
		.seq = sqlite3_column_int64(st, 0),
		.ts = sqlite3_column_int64(st, 1),
		.action_type = (const char *)sqlite3_column_text(st, 2),
		.action_id = (const char *)sqlite3_column_text(st, 3),
		.kind = (const char *)sqlite3_column_text(st, 4),
		.record = (const char *)sqlite3_column_text(st, 5),
		.verdict = (const char *)sqlite3_column_text(st, 6),
	};
	int hash_ok = sqlite3_column_type(st, 7) == SQLITE_BLOB && sqlite3_column_bytes(st, 7) == SHA256_DIGEST_LEN;
	const void *stored = hash_ok ? sqlite3_column_blob(st, 7) : NULL;
	if (sum->events == 0) {
		sum->first_seq = row.seq;
		sum->oldest_ts = row.ts;
	} else if (row.ts < sum->newest_ts) {
		broken(sum, row.seq, "its stamp is older than the previous event's");
	}
	sum->events++;
	sum->last_seq = row.seq;
	sum->newest_ts = row.ts;
	if (row.seq != *expect_seq)
		broken(sum, *expect_seq, row.seq > *expect_seq ? "this event is missing" : "sequence numbers repeat");
	*expect_seq = row.seq + 1;
	if (!row.action_type || !row.action_id || !row.kind || !row.record || !stored) {
		broken(sum, row.seq, "the row is malformed");
		if (stored)
			memcpy(prev, stored, SHA256_DIGEST_LEN);
		return;
	}
	uint8_t hash[SHA256_DIGEST_LEN];
	history_row_hash(prev, &row, hash);
	if (memcmp(hash, stored, SHA256_DIGEST_LEN) != 0)
		broken(sum, row.seq, "the event does not match its hash: it or an earlier event was edited");
	/* Continue from what is stored, so that one edit is reported once. */
	memcpy(prev, stored, SHA256_DIGEST_LEN);
}

static int walk(struct history *h, struct history_summary *sum)
{
	struct history_chain c;
	if (history_read_chain(h, &c) < 0)
		return -1;
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(h->db,
	                       "SELECT seq, ts, action_type, action_id, kind, record, verdict, hash"
	                       " FROM events ORDER BY seq",
	                       -1, &st, NULL) != SQLITE_OK)
		return history_fail(h, "cannot read events", 1);
	int64_t expect_seq = c.anchor_seq + 1;
	uint8_t prev[SHA256_DIGEST_LEN];
	memcpy(prev, c.anchor_hash, sizeof prev);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		check_row(st, sum, &expect_seq, prev);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return history_fail(h, "cannot read events", 1);
	if (c.head_seq != expect_seq - 1)
		broken(sum, c.head_seq > expect_seq - 1 ? expect_seq : c.head_seq,
		       c.head_seq > expect_seq - 1 ? "the newest events are missing"
		                                   : "events follow the recorded newest one");
	else if (memcmp(prev, c.head_hash, SHA256_DIGEST_LEN) != 0)
		broken(sum, c.head_seq, "the newest event does not match the recorded head");
	return 0;
}

int history_verify(struct history *h, struct history_summary *sum)
{
	memset(sum, 0, sizeof *sum);
	sum->chain_intact = 1;
	/* One snapshot of the file, unless the caller holds a transaction. */
	int own = sqlite3_get_autocommit(h->db);
	if (own && history_exec(h, "BEGIN", "cannot start a transaction") < 0)
		return -1;
	int rc = walk(h, sum);
	if (own)
		history_rollback(h);
	char wal[4096];
	snprintf(wal, sizeof wal, "%s-wal", h->path);
	sum->file_bytes = file_size(h->path) + file_size(wal);
	return rc;
}
