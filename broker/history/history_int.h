/* broker/history/history_int.h -- what the files of broker/history/ share:
 * the handle, the error setter and the row hash of the chain. */
#ifndef BOX_HISTORY_HISTORY_INT_H
#define BOX_HISTORY_HISTORY_INT_H

#include <sqlite3.h>

#include "broker/history/history.h"
#include "broker/history/libsqlite.h"

/* Every SQLite call of broker/history/ goes through the table that
 * libsqlite_load() filled (libsqlite.h). */
#define sqlite3_libversion_number libsqlite.libversion_number
#define sqlite3_open_v2 libsqlite.open_v2
#define sqlite3_close libsqlite.close
#define sqlite3_extended_result_codes libsqlite.extended_result_codes
#define sqlite3_busy_timeout libsqlite.busy_timeout
#define sqlite3_db_config libsqlite.db_config
#define sqlite3_exec libsqlite.exec
#define sqlite3_prepare_v2 libsqlite.prepare_v2
#define sqlite3_prepare_v3 libsqlite.prepare_v3
#define sqlite3_step libsqlite.step
#define sqlite3_reset libsqlite.reset
#define sqlite3_finalize libsqlite.finalize
#define sqlite3_clear_bindings libsqlite.clear_bindings
#define sqlite3_bind_blob libsqlite.bind_blob
#define sqlite3_bind_int64 libsqlite.bind_int64
#define sqlite3_bind_null libsqlite.bind_null
#define sqlite3_bind_text libsqlite.bind_text
#define sqlite3_column_blob libsqlite.column_blob
#define sqlite3_column_bytes libsqlite.column_bytes
#define sqlite3_column_int64 libsqlite.column_int64
#define sqlite3_column_text libsqlite.column_text
#define sqlite3_column_type libsqlite.column_type
#define sqlite3_changes libsqlite.changes
#define sqlite3_get_autocommit libsqlite.get_autocommit
#define sqlite3_errcode libsqlite.errcode
#define sqlite3_errmsg libsqlite.errmsg
#define sqlite3_system_errno libsqlite.system_errno

struct history {
	sqlite3 *db;
	char *path;                     /* <private_dir>/history.db */
	history_clock_fn clock;
	void *clock_arg;
	char err[512];
	/* Statements of every decision, prepared once (history_stmt). */
	sqlite3_stmt *read_chain, *insert, *update_head;
	sqlite3_stmt *begin, *commit, *savepoint, *release, *load_after;
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
/* The same for a statement run at every decision, prepared once in *slot. */
int history_exec_cached(struct history *, sqlite3_stmt **slot, const char *sql, const char *what);

#endif
