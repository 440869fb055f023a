/* broker/history/history.c -- the history database: opening (and
 * creating) it, transactions, time stamps, appending, loading and pruning
 * events.  The chain's hashing and its verification are in
 * history_chain.c.  See history.h for the model. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "broker/history/history_int.h"

/* 'boxh': marks the file as a box history (PRAGMA application_id). */
#define HISTORY_APPLICATION_ID 0x626f7868
#define HISTORY_SCHEMA_VERSION 1

static const char schema_sql[] =
	"CREATE TABLE events ("
	" seq INTEGER PRIMARY KEY,"
	" ts INTEGER NOT NULL,"
	" action_type TEXT NOT NULL,"
	" action_id TEXT NOT NULL,"
	" kind TEXT NOT NULL,"
	" record TEXT NOT NULL,"
	" verdict TEXT,"
	" hash BLOB NOT NULL);"
	"CREATE INDEX events_ts ON events(ts);"
	"CREATE TABLE chain ("
	" id INTEGER PRIMARY KEY CHECK (id = 1),"
	" head_seq INTEGER NOT NULL, head_ts INTEGER NOT NULL, head_hash BLOB NOT NULL,"
	" anchor_seq INTEGER NOT NULL, anchor_hash BLOB NOT NULL);"
	"INSERT INTO chain VALUES (1, 0, 0, zeroblob(32), 0, zeroblob(32));"
	"CREATE TABLE rules ("
	" fingerprint TEXT PRIMARY KEY,"
	" start_seq INTEGER NOT NULL);";

/* The operating system's reason behind a storage error, or NULL. */
static const char *system_reason(sqlite3 *db)
{
	switch (sqlite3_errcode(db) & 0xff) { /* the primary code */
	case SQLITE_IOERR:
	case SQLITE_CANTOPEN:
	case SQLITE_FULL:
	case SQLITE_READONLY:
	case SQLITE_PERM:
		return sqlite3_system_errno(db) ? strerror(sqlite3_system_errno(db)) : NULL;
	default:
		return NULL;
	}
}

int history_fail(struct history *h, const char *what, int with_sqlite_message)
{
	const char *reason = with_sqlite_message && h->db ? system_reason(h->db) : NULL;
	if (with_sqlite_message && h->db)
		snprintf(h->err, sizeof h->err, "history %s: %s: %s%s%s%s", h->path, what, sqlite3_errmsg(h->db),
		         reason ? " (" : "", reason ? reason : "", reason ? ")" : "");
	else
		snprintf(h->err, sizeof h->err, "history %s: %s", h->path, what);
	return -1;
}

const char *history_error(const struct history *h)
{
	return h->err;
}

int history_exec(struct history *h, const char *sql, const char *what)
{
	if (sqlite3_exec(h->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return history_fail(h, what, 1);
	return 0;
}

int history_exec_cached(struct history *h, sqlite3_stmt **slot, const char *sql, const char *what)
{
	sqlite3_stmt *st = history_stmt(h, slot, sql);
	if (!st)
		return -1;
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : history_fail(h, what, 1);
}

sqlite3_stmt *history_stmt(struct history *h, sqlite3_stmt **slot, const char *sql)
{
	if (*slot) {
		sqlite3_reset(*slot);
		sqlite3_clear_bindings(*slot);
		return *slot;
	}
	if (sqlite3_prepare_v3(h->db, sql, -1, SQLITE_PREPARE_PERSISTENT, slot, NULL) != SQLITE_OK) {
		history_fail(h, "cannot prepare a statement", 1);
		*slot = NULL;
	}
	return *slot;
}

static int64_t wall_clock_s(void *arg)
{
	(void)arg;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec;
}

void history_set_clock(struct history *h, history_clock_fn clock, void *arg)
{
	h->clock = clock ? clock : wall_clock_s;
	h->clock_arg = arg;
}

/* The integer a one-value statement returns, or -1 (message set). */
static int query_int(struct history *h, const char *sql, int64_t *out)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) != SQLITE_OK)
		return history_fail(h, "cannot read the file", 1);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		history_fail(h, "cannot read the file", 1);
		sqlite3_finalize(st);
		return -1;
	}
	*out = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

/* Makes a new file a box history, or checks that an existing one is. */
static int ensure_schema(struct history *h)
{
	int64_t app_id = 0, version = 0, tables = 0;
	if (query_int(h, "PRAGMA application_id", &app_id) < 0)
		return -1;
	if (app_id == HISTORY_APPLICATION_ID) {
		if (query_int(h, "PRAGMA user_version", &version) < 0)
			return -1;
		if (version != HISTORY_SCHEMA_VERSION) {
			char what[96];
			snprintf(what, sizeof what, "schema version %lld, this box-broker reads version %d",
			         (long long)version, HISTORY_SCHEMA_VERSION);
			return history_fail(h, what, 0);
		}
		return 0;
	}
	if (app_id != 0)
		return history_fail(h, "the file is a database, but not a box history", 0);
	/* A new file; another broker may be creating it at this instant. */
	if (history_exec(h, "BEGIN IMMEDIATE", "cannot lock the file to create it") < 0)
		return -1;
	if (query_int(h, "PRAGMA application_id", &app_id) < 0)
		goto fail;
	if (app_id == HISTORY_APPLICATION_ID) {
		sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
		return 0;
	}
	if (query_int(h, "SELECT count(*) FROM sqlite_master", &tables) < 0)
		goto fail;
	if (app_id != 0 || tables != 0) {
		history_fail(h, "the file is a database, but not a box history", 0);
		goto fail;
	}
	char pragmas[96];
	snprintf(pragmas, sizeof pragmas, "PRAGMA application_id = %d; PRAGMA user_version = %d",
	         HISTORY_APPLICATION_ID, HISTORY_SCHEMA_VERSION);
	if (history_exec(h, schema_sql, "cannot create the tables") < 0 ||
	    history_exec(h, pragmas, "cannot mark the file") < 0 ||
	    history_exec(h, "COMMIT", "cannot create the file") < 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* WAL, and its check: a file that cannot take WAL is refused. */
static int set_wal(struct history *h)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(h->db, "PRAGMA journal_mode = WAL", -1, &st, NULL) != SQLITE_OK)
		return history_fail(h, "cannot read the file", 1);
	int rc = sqlite3_step(st);
	const unsigned char *mode = rc == SQLITE_ROW ? sqlite3_column_text(st, 0) : NULL;
	int ok = mode && strcmp((const char *)mode, "wal") == 0;
	if (!ok)
		history_fail(h, rc == SQLITE_ROW ? "cannot use write-ahead logging" : "cannot read the file",
		             rc != SQLITE_ROW);
	sqlite3_finalize(st);
	return ok ? 0 : -1;
}

struct history *history_open(const char *private_dir, char *err, size_t errlen)
{
	struct history *h = calloc(1, sizeof *h);
	size_t len = strlen(private_dir) + sizeof "/" HISTORY_FILE_NAME;
	if (!h || !(h->path = malloc(len))) {
		snprintf(err, errlen, "history: out of memory");
		free(h);
		return NULL;
	}
	snprintf(h->path, len, "%s/%s", private_dir, HISTORY_FILE_NAME);
	if (libsqlite_load(err, errlen) != 0) {
		free(h->path);
		free(h);
		return NULL;
	}
	history_set_clock(h, NULL, NULL);

	/* Create it 0600 ourselves (SQLite would follow the umask), and never
	 * through a symbolic link. */
	int fd = open(h->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno != EACCES && errno != EROFS) {
		snprintf(err, errlen, "history %s: cannot open: %s", h->path, strerror(errno));
		goto fail;
	}
	if (fd >= 0)
		close(fd);
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX;
	if (sqlite3_open_v2(h->path, &h->db, flags, NULL) != SQLITE_OK) {
		history_fail(h, "cannot open", 1);
		goto fail_msg;
	}
	sqlite3_extended_result_codes(h->db, 1);
	sqlite3_busy_timeout(h->db, HISTORY_BUSY_TIMEOUT_MS);
	/* The file is data, never code: no schema tricks, and damaged pages
	 * are caught early (SQLite's advice for files one cannot trust). */
	sqlite3_db_config(h->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	if (history_exec(h, "PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON", "cannot configure") < 0 ||
	    set_wal(h) < 0 || history_exec(h, "PRAGMA synchronous = NORMAL", "cannot set synchronous") < 0 ||
	    ensure_schema(h) < 0)
		goto fail_msg;
	return h;
fail_msg:
	snprintf(err, errlen, "%s", h->err);
fail:
	history_close(h);
	return NULL;
}

void history_close(struct history *h)
{
	if (!h)
		return;
	sqlite3_finalize(h->read_chain);
	sqlite3_finalize(h->insert);
	sqlite3_finalize(h->update_head);
	sqlite3_finalize(h->begin);
	sqlite3_finalize(h->commit);
	sqlite3_finalize(h->savepoint);
	sqlite3_finalize(h->release);
	sqlite3_finalize(h->load_after);
	if (h->db)
		sqlite3_close(h->db);
	free(h->path);
	free(h);
}

int history_begin(struct history *h)
{
	return history_exec_cached(h, &h->begin, "BEGIN IMMEDIATE", "cannot start a transaction");
}

int history_commit(struct history *h)
{
	if (history_exec_cached(h, &h->commit, "COMMIT", "cannot commit") < 0) {
		history_rollback(h);
		return -1;
	}
	return 0;
}

void history_rollback(struct history *h)
{
	if (!sqlite3_get_autocommit(h->db))
		sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
}

/* 32 bytes of a blob column, or -1 when it is not a 32-byte blob. */
static int column_hash(sqlite3_stmt *st, int col, uint8_t out[SHA256_DIGEST_LEN])
{
	if (sqlite3_column_type(st, col) != SQLITE_BLOB || sqlite3_column_bytes(st, col) != SHA256_DIGEST_LEN)
		return -1;
	memcpy(out, sqlite3_column_blob(st, col), SHA256_DIGEST_LEN);
	return 0;
}

int history_read_chain(struct history *h, struct history_chain *c)
{
	sqlite3_stmt *st = history_stmt(
		h, &h->read_chain, "SELECT head_seq, head_ts, head_hash, anchor_seq, anchor_hash FROM chain WHERE id = 1");
	if (!st)
		return -1;
	int rc = sqlite3_step(st);
	int ok = rc == SQLITE_ROW && column_hash(st, 2, c->head_hash) == 0 && column_hash(st, 4, c->anchor_hash) == 0;
	if (ok) {
		c->head_seq = sqlite3_column_int64(st, 0);
		c->head_ts = sqlite3_column_int64(st, 1);
		c->anchor_seq = sqlite3_column_int64(st, 3);
	} else if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
		history_fail(h, "the chain head is missing or malformed (the file is corrupt)", 0);
	} else {
		history_fail(h, "cannot read the chain head", 1);
	}
	sqlite3_reset(st);
	return ok ? 0 : -1;
}

int history_head(struct history *h, int64_t *seq, int64_t *ts_s, uint8_t hash[SHA256_DIGEST_LEN])
{
	struct history_chain c;
	if (history_read_chain(h, &c) < 0)
		return -1;
	*seq = c.head_seq;
	*ts_s = c.head_ts;
	memcpy(hash, c.head_hash, SHA256_DIGEST_LEN);
	return 0;
}

int64_t history_now(struct history *h)
{
	struct history_chain c;
	if (history_read_chain(h, &c) < 0)
		return -1;
	int64_t now = h->clock(h->clock_arg);
	return now > c.head_ts ? now : c.head_ts;
}

/* A change that must be all or nothing: its own IMMEDIATE transaction,
 * or a savepoint inside the caller's. */
static int change_begin(struct history *h, int *own)
{
	*own = sqlite3_get_autocommit(h->db);
	if (*own)
		return history_begin(h);
	return history_exec_cached(h, &h->savepoint, "SAVEPOINT history_change", "cannot start a transaction");
}

static int change_end(struct history *h, int own, int ok)
{
	if (ok)
		return (own ? history_exec_cached(h, &h->commit, "COMMIT", "cannot commit")
		            : history_exec_cached(h, &h->release, "RELEASE history_change", "cannot commit")) < 0
		               ? (history_rollback(h), -1)
		               : 0;
	if (own)
		history_rollback(h);
	else if (!sqlite3_get_autocommit(h->db))
		sqlite3_exec(h->db, "ROLLBACK TO history_change; RELEASE history_change", NULL, NULL, NULL);
	return -1;
}


/* Runs a prepared append-side statement once and readies it for reuse. */
static int step_append(struct history *h, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		history_fail(h, "cannot append", 1);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int insert_row(struct history *h, const struct history_row *row, const uint8_t hash[SHA256_DIGEST_LEN])
{
	sqlite3_stmt *st = history_stmt(h, &h->insert,
	                                "INSERT INTO events (seq, ts, action_type, action_id, kind, record, verdict, hash)"
	                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, row->seq);
	sqlite3_bind_int64(st, 2, row->ts);
	sqlite3_bind_text(st, 3, row->action_type, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, row->action_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, row->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, row->record, -1, SQLITE_STATIC);
	if (row->verdict)
		sqlite3_bind_text(st, 7, row->verdict, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 7);
	sqlite3_bind_blob(st, 8, hash, SHA256_DIGEST_LEN, SQLITE_STATIC);
	return step_append(h, st);
}

static int update_head(struct history *h, int64_t seq, int64_t ts, const uint8_t hash[SHA256_DIGEST_LEN])
{
	sqlite3_stmt *st = history_stmt(h, &h->update_head,
	                                "UPDATE chain SET head_seq = ?, head_ts = ?, head_hash = ? WHERE id = 1");
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, seq);
	sqlite3_bind_int64(st, 2, ts);
	sqlite3_bind_blob(st, 3, hash, SHA256_DIGEST_LEN, SQLITE_STATIC);
	return step_append(h, st);
}

int history_append(struct history *h, int64_t ts_s, const char *action_type, const char *action_id,
                   const char *kind, json_object *record, const char *verdict, int64_t *seq_out)
{
	if (!action_type || !action_id || !kind)
		return history_fail(h, "an event needs an action type, an action id and a kind", 0);
	if (record && !json_object_is_type(record, json_type_object))
		return history_fail(h, "an event's record must be a JSON object", 0);
	const char *text = record ? json_object_to_json_string_ext(record, JSON_C_TO_STRING_PLAIN) : "{}";
	if (!text)
		return history_fail(h, "out of memory", 0);
	int own;
	if (change_begin(h, &own) < 0)
		return -1;
	struct history_chain c;
	int ok = history_read_chain(h, &c) == 0;
	if (ok && ts_s < c.head_ts) {
		char what[128];
		snprintf(what, sizeof what, "stamp %lld is older than the newest event's (%lld)", (long long)ts_s,
		         (long long)c.head_ts);
		ok = history_fail(h, what, 0) == 0;
	}
	struct history_row row = {
		.seq = c.head_seq + 1,
		.ts = ts_s,
		.action_type = action_type,
		.action_id = action_id,
		.kind = kind,
		.record = text,
		.verdict = verdict,
	};
	uint8_t hash[SHA256_DIGEST_LEN];
	if (ok) {
		history_row_hash(c.head_hash, &row, hash);
		ok = insert_row(h, &row, hash) == 0 && update_head(h, row.seq, ts_s, hash) == 0;
	}
	if (change_end(h, own, ok) < 0)
		return -1;
	if (seq_out)
		*seq_out = row.seq;
	return 0;
}

void history_events_free(struct history_events *out)
{
	for (size_t i = 0; i < out->n; i++) {
		free((char *)out->ev[i].action_type);
		free((char *)out->ev[i].action_id);
		free((char *)out->ev[i].kind);
		json_object_put(out->ev[i].record);
	}
	free(out->ev);
	out->ev = NULL;
	out->n = 0;
	out->last_seq = 0;
}

/* A copy of a non-NULL text column, or NULL. */
static char *column_strdup(sqlite3_stmt *st, int col)
{
	const unsigned char *t = sqlite3_column_text(st, col);
	return t ? strdup((const char *)t) : NULL;
}

/* Parse and add the current row to out; -1 (message set) when it is malformed. */
static int load_row(struct history *h, sqlite3_stmt *st, struct history_events *out, size_t *cap)
{
	int64_t seq = sqlite3_column_int64(st, 0);
	if (out->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		struct temporal_event *nev = realloc(out->ev, ncap * sizeof *nev);
		if (!nev)
			return history_fail(h, "out of memory", 0);
		out->ev = nev;
		*cap = ncap;
	}
	struct temporal_event *e = &out->ev[out->n];
	memset(e, 0, sizeof *e);
	e->seq = seq;
	e->ts_s = sqlite3_column_int64(st, 1);
	e->action_type = column_strdup(st, 2);
	e->action_id = column_strdup(st, 3);
	e->kind = column_strdup(st, 4);
	const unsigned char *text = sqlite3_column_text(st, 5);
	enum json_tokener_error jerr = json_tokener_success;
	e->record = text ? json_tokener_parse_verbose((const char *)text, &jerr) : NULL;
	out->n++; /* owned from here on, whatever follows */
	char what[160];
	if (!e->action_type || !e->action_id || !e->kind || !text) {
		snprintf(what, sizeof what, "event %lld is malformed (the file is corrupt)", (long long)seq);
		return history_fail(h, what, 0);
	}
	if (!e->record || !json_object_is_type(e->record, json_type_object)) {
		snprintf(what, sizeof what, "event %lld: its record is not a JSON object (the file is corrupt)",
		         (long long)seq);
		return history_fail(h, what, 0);
	}
	return 0;
}

/* Runs a SELECT of (seq, ts, action_type, action_id, kind, record) with
 * one integer parameter, in seq order, into out. */
static int load_query(struct history *h, sqlite3_stmt **slot, const char *sql, int64_t param,
                      struct history_events *out)
{
	history_events_free(out);
	sqlite3_stmt *st = NULL;
	if (slot) {
		if (!(st = history_stmt(h, slot, sql)))
			return -1;
	} else if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) != SQLITE_OK) {
		return history_fail(h, "cannot read events", 1);
	}
	sqlite3_bind_int64(st, 1, param);
	size_t cap = 0;
	int rc;
	int64_t last_ts = INT64_MIN;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (load_row(h, st, out, &cap) < 0)
			goto fail;
		if (out->ev[out->n - 1].ts_s < last_ts) {
			history_fail(h, "stamps go backwards along the history (the file is corrupt)", 0);
			goto fail;
		}
		last_ts = out->ev[out->n - 1].ts_s;
		out->last_seq = sqlite3_column_int64(st, 0);
	}
	if (rc != SQLITE_DONE) {
		history_fail(h, "cannot read events", 1);
		goto fail;
	}
	if (slot)
		sqlite3_reset(st);
	else
		sqlite3_finalize(st);
	return 0;
fail:
	if (slot)
		sqlite3_reset(st);
	else
		sqlite3_finalize(st);
	history_events_free(out);
	return -1;
}

/* Stamps are nondecreasing along seq, so the events since a stamp are a
 * range of seq found by the index on ts (a plain "ts >= ? ORDER BY seq"
 * makes SQLite walk the whole table in seq order). */
int history_load(struct history *h, int64_t since_ts_s, struct history_events *out)
{
	return load_query(h, NULL,
	                  "SELECT seq, ts, action_type, action_id, kind, record FROM events"
	                  " WHERE seq >= (SELECT seq FROM events WHERE ts >= ?1 ORDER BY ts LIMIT 1) AND ts >= ?1"
	                  " ORDER BY seq",
	                  since_ts_s, out);
}

int history_load_after(struct history *h, int64_t after_seq, struct history_events *out)
{
	int rc = load_query(h, &h->load_after,
	                    "SELECT seq, ts, action_type, action_id, kind, record FROM events"
	                    " WHERE seq > ? ORDER BY seq",
	                    after_seq, out);
	if (rc == 0 && out->n == 0)
		out->last_seq = after_seq;
	return rc;
}

int64_t history_prune(struct history *h, int64_t before_ts_s)
{
	int own;
	if (change_begin(h, &own) < 0)
		return -1;
	sqlite3_stmt *st = NULL;
	int64_t deleted = 0;
	int ok = sqlite3_prepare_v2(h->db, "SELECT seq, hash FROM events WHERE ts < ? ORDER BY seq DESC LIMIT 1", -1,
	                            &st, NULL) == SQLITE_OK;
	if (!ok) {
		history_fail(h, "cannot prune", 1);
		return change_end(h, own, 0);
	}
	sqlite3_bind_int64(st, 1, before_ts_s);
	int rc = sqlite3_step(st);
	uint8_t anchor[SHA256_DIGEST_LEN];
	int64_t anchor_seq = 0;
	if (rc == SQLITE_ROW) {
		anchor_seq = sqlite3_column_int64(st, 0);
		if (column_hash(st, 1, anchor) < 0)
			ok = history_fail(h, "an event's hash is malformed (the file is corrupt)", 0) == 0;
	} else if (rc != SQLITE_DONE) {
		ok = history_fail(h, "cannot prune", 1) == 0;
	}
	sqlite3_finalize(st);
	if (ok && anchor_seq > 0) {
		st = NULL;
		ok = sqlite3_prepare_v2(h->db, "DELETE FROM events WHERE seq <= ?", -1, &st, NULL) == SQLITE_OK;
		if (ok) {
			sqlite3_bind_int64(st, 1, anchor_seq);
			ok = sqlite3_step(st) == SQLITE_DONE;
			deleted = sqlite3_changes(h->db);
		}
		sqlite3_finalize(st);
		st = NULL;
		ok = ok && sqlite3_prepare_v2(h->db, "UPDATE chain SET anchor_seq = ?, anchor_hash = ? WHERE id = 1", -1,
		                              &st, NULL) == SQLITE_OK;
		if (ok) {
			sqlite3_bind_int64(st, 1, anchor_seq);
			sqlite3_bind_blob(st, 2, anchor, SHA256_DIGEST_LEN, SQLITE_STATIC);
			ok = sqlite3_step(st) == SQLITE_DONE;
		}
		sqlite3_finalize(st);
		if (!ok)
			history_fail(h, "cannot prune", 1);
	}
	if (change_end(h, own, ok) < 0)
		return -1;
	return deleted;
}
