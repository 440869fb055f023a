/* broker/history/history_int.h -- what the files of broker/history/ share:
 * the handle, the error setter and the row hash of the chain. */
#ifndef BOX_HISTORY_HISTORY_INT_H
#define BOX_HISTORY_HISTORY_INT_H

#include <sqlite3.h>

#include "broker/history/history.h"

struct history {
	sqlite3 *db;
	char *path;                     /* <private_dir>/history.db */
	history_clock_fn clock;
	void *clock_arg;
	char err[512];
	/* Statements of every decision, prepared once (history_stmt). */
	sqlite3_stmt *read_chain, *insert, *update_head;
};

/* The statement in *slot, prepared on first use and reset for reuse; NULL
 * (message set) when it cannot be prepared.  Reset it after use
 * (sqlite3_reset), so that it holds no read transaction open. */
sqlite3_stmt *history_stmt(struct history *, sqlite3_stmt **slot, const char *sql);

/* A row's text columns as the chain hashes them; verdict may be NULL. */
struct history_row {
	int64_t seq, ts;
	const char *action_type, *action_id, *kind, *record, *verdict;
};

/* err = "history <path>: <what>[: <sqlite's message>]"; returns -1. */
int history_fail(struct history *, const char *what, int with_sqlite_message);

/* hash = SHA-256(prev || canonical bytes of row): seq and ts as 8 bytes
 * big endian, then each text as a presence byte, a 4-byte big-endian
 * length and its bytes. */
void history_row_hash(const uint8_t prev[SHA256_DIGEST_LEN], const struct history_row *,
                      uint8_t hash[SHA256_DIGEST_LEN]);

/* The one-row chain table: the newest event and the pruning anchor. */
struct history_chain {
	int64_t head_seq, head_ts;
	uint8_t head_hash[SHA256_DIGEST_LEN];
	int64_t anchor_seq;
	uint8_t anchor_hash[SHA256_DIGEST_LEN];
};
int history_read_chain(struct history *, struct history_chain *);

/* Run one SQL statement without results; -1 with the message on failure. */
int history_exec(struct history *, const char *sql, const char *what);

#endif
