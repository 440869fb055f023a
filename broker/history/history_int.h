/* broker/history/history_int.h -- what the files of broker/history/ (and
 * the tests that damage histories on purpose) share: the file format, its
 * codec (history_format.c), and the handle.
 *
 * The file, <private_dir>/history.log, all integers big endian:
 *
 *   header (HISTORY_HEADER_LEN = 72 bytes)
 *     "box-hist" | u32 version (1) | u32 0 | i64 anchor_seq | i64 anchor_ts
 *     | anchor_hash[32] | u64 FNV-1a-64 of the 64 bytes before it
 *   then records, each framed as
 *     u32 body_len | body | u64 FNV-1a-64 of (body_len's 4 bytes and body)
 *   whose body starts with its kind:
 *     'E' an event: its canonical bytes (seq, ts as i64; then action_type,
 *         action_id, kind, record, verdict each as a presence byte and, if
 *         present, a u32 length and the bytes), then its chain hash:
 *         SHA-256(previous event's hash || canonical bytes);
 *     'R' the rules of the policy (history_rule_starts): u32 n, then n
 *         times (u32 length, fingerprint bytes, i64 first seq it sees);
 *         written only when the set changes, the newest one counts;
 *     'P' a pruning mark: i64 anchor_seq, i64 anchor_ts, anchor_hash[32]:
 *         the events up to anchor_seq are gone (history_prune), the chain
 *         now starts at anchor_hash.
 *
 * The framing checksum tells a torn tail (a crash in the middle of the
 * last write) from a record; the chain hash tells an edited record from
 * a true one (a checksum anyone can recompute; the chain needs every later
 * hash rewritten).  Why the rules live in the log rather than beside it:
 * one file, one write() per transaction, so a new rule set and the events
 * that follow it are appended together or not at all, and the compaction
 * that rewrites the log carries them over in the same rename. */
#ifndef BOX_HISTORY_HISTORY_INT_H
#define BOX_HISTORY_HISTORY_INT_H

#include <stdint.h>
#include <sys/types.h>

#include "broker/history/history.h"

#define HISTORY_MAGIC "box-hist"
#define HISTORY_VERSION 1
#define HISTORY_HEADER_LEN 72
#define HISTORY_FRAME_OVERHEAD 12       /* body_len + check */
#define HISTORY_MAX_BODY (16u << 20)    /* a larger length is damage */

/* ---- codec (history_format.c) -------------------------------------------- */

uint64_t history_fnv(const void *data, size_t len, uint64_t h);
#define HISTORY_FNV_INIT 0xcbf29ce484222325ull

void history_put_u32(uint8_t *p, uint32_t v);
void history_put_u64(uint8_t *p, uint64_t v);
uint32_t history_get_u32(const uint8_t *p);
uint64_t history_get_u64(const uint8_t *p);

struct history_header {
	int64_t anchor_seq, anchor_ts;
	uint8_t anchor_hash[SHA256_DIGEST_LEN];
};
void history_header_encode(const struct history_header *, uint8_t out[HISTORY_HEADER_LEN]);
/* 0, or -1 with what is wrong in why. */
int history_header_decode(const uint8_t in[HISTORY_HEADER_LEN], struct history_header *, const char **why);

/* A growable byte buffer. */
struct history_buf {
	uint8_t *p;
	size_t len, cap;
};
void history_buf_free(struct history_buf *);

/* The texts of an event, in canonical order; p need not be NUL-terminated. */
enum { HT_ACTION_TYPE, HT_ACTION_ID, HT_KIND, HT_RECORD, HT_VERDICT, HT_COUNT };
struct history_row {
	int64_t seq, ts;
	const char *text[HT_COUNT];     /* NULL: absent (only the verdict may be) */
	uint32_t len[HT_COUNT];
};

/* Appends one framed 'E' record: the row's canonical bytes and the chain
 * hash computed from prev (returned in hash). */
void history_encode_event(struct history_buf *, const struct history_row *, const uint8_t prev[SHA256_DIGEST_LEN],
                          uint8_t hash[SHA256_DIGEST_LEN]);
/* The same with a given hash, the chain not consulted: for the tests that
 * edit a history as someone who knows the format would. */
void history_encode_event_as(struct history_buf *, const struct history_row *, const uint8_t stored[SHA256_DIGEST_LEN]);
/* Appends one framed 'R' record. */
void history_encode_rules(struct history_buf *, const char *const *fps, const int64_t *starts, size_t n);
/* Appends one framed 'P' record. */
void history_encode_prune(struct history_buf *, const struct history_header *anchor);

/* Frame at p (avail bytes): 1 and *body, *body_len, *frame_len for a
 * whole, well-checked frame; 0 when the bytes end before the frame does;
 * -1 when the length is impossible or the checksum does not match. */
int history_frame(const uint8_t *p, size_t avail, const uint8_t **body, uint32_t *body_len, size_t *frame_len);

/* The same for a frame this process encoded itself (history_commit):
 * the checksum is not computed again. */
int history_frame_own(const uint8_t *p, size_t avail, const uint8_t **body, uint32_t *body_len, size_t *frame_len);

/* An 'E' body into row (texts point into the body) and its stored hash,
 * or -1 when it is malformed. */
int history_decode_event(const uint8_t *body, uint32_t len, struct history_row *, const uint8_t **stored_hash);
/* The chain hash of an 'E' body from prev. */
void history_event_hash(const uint8_t *body, uint32_t len, const uint8_t prev[SHA256_DIGEST_LEN],
                        uint8_t hash[SHA256_DIGEST_LEN]);
/* A 'P' body, or -1. */
int history_decode_prune(const uint8_t *body, uint32_t len, struct history_header *);

/* ---- the handle (history.c) ----------------------------------------------- */

/* One event of the file: where it is and what the chain needs. */
struct history_entry {
	int64_t seq, ts;
	off_t off;                      /* its frame */
	uint8_t hash[SHA256_DIGEST_LEN];
};

struct history_rule {
	char *fp;
	int64_t start;
};

struct history {
	int fd;
	int writable;                   /* opened for writing (else appends fail) */
	int open_errno;                 /* why not, for the message */
	char *path;                     /* <private_dir>/history.log */
	dev_t dev;
	ino_t ino;
	history_clock_fn clock;
	void *clock_arg;
	char err[512];
	/* What the file holds, up to end (whole records only). */
	off_t end;
	struct history_header header;   /* the anchor the file starts from */
	struct history_header anchor;   /* the newest pruning: header or a 'P' */
	struct history_entry *ev;       /* every event in the file, in file order */
	size_t n, cap;
	size_t visible;                 /* ev[visible..n) are after the anchor */
	int64_t head_seq, stamp;        /* newest seq; newest stamp, anchor's included */
	uint8_t head_hash[SHA256_DIGEST_LEN];
	int stamps_disordered;          /* some event is stamped before its predecessor */
	struct history_rule *rules;
	size_t nrules;
	/* The page shared with the box's other brokers (history_state.c). */
	struct history_state *state;    /* NULL: none, every transaction looks at the file */
	uint64_t state_gen;             /* its generation when we last looked at the file */
	int state_seen;                 /* state_gen is valid, and the page's end was ours */
	int64_t path_checked_ms;        /* when we last saw our file at the path (CLOCK_MONOTONIC_COARSE) */
	/* The open transaction. */
	int in_tx, locked;
	int hold;                       /* keep the lock after commit/rollback (history_hold) */
	long busy_ms;                   /* how long begin waits for the lock */
	struct history_buf pending;     /* its records, written by one write() at commit */
	int64_t cur_seq, cur_ts;        /* the newest event, its own appends included */
	uint8_t cur_hash[SHA256_DIGEST_LEN];
};

/* ---- the shared state page (history_state.c) -------------------------------- */

#define HISTORY_STATE_NAME "history.state"
#define HISTORY_STATE_LEN 4096

/* Maps <private_dir>/history.state (creating it), or leaves h->state NULL. */
void history_state_open(struct history *, const char *private_dir);
void history_state_close(struct history *);
/* Under the lock: 1 when nobody changed the log since we last saw it. */
int history_state_unchanged(const struct history *);
/* Under the lock, after reading the log up to h->end: publish it. */
void history_state_seen(struct history *);
/* Around a commit's write(): -1 before, h->end after. */
void history_state_writing(struct history *);
void history_state_written(struct history *);
/* A compaction, before it renames the new file over the log. */
void history_state_replacing(struct history *);

/* err = "history <path>: <what>[: <strerror(errnum)>]"; returns -1. */
int history_fail(struct history *, const char *what, int errnum);

/* Reads up to the file's end into the handle (outside a transaction: the
 * file may have been appended to or replaced). */
int history_refresh(struct history *);

/* Rereads the file at fd from its start. */
int history_reload(struct history *);

/* pread of exactly len bytes at off into a new buffer; NULL (message set). */
uint8_t *history_read_at(struct history *, off_t off, size_t len);

/* The first index i in [visible, n) with ev[i].seq > seq. */
size_t history_first_after_seq(const struct history *, int64_t seq);

/* A change outside a transaction gets its own. */
int history_change_begin(struct history *, int *own);
int history_change_end(struct history *, int own, int ok);

/* Rewrites the file with the events after anchor only (history_prune.c). */
int history_compact(struct history *, const struct history_header *anchor, size_t first_kept);

#endif
