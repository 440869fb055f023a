/* broker/history/history.c -- the history log: opening (and creating) it,
 * reading what was appended since the last look, transactions (flock, one
 * write() at commit), time stamps, appending and loading events.  The
 * format is history_format.c's, pruning and compaction history_prune.c's,
 * the rules history_rules.c's, the chain walk history_chain.c's.  See
 * history.h for the model. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "broker/history/history_int.h"

int history_fail(struct history *h, const char *what, int errnum)
{
	if (errnum)
		snprintf(h->err, sizeof h->err, "history %s: %s: %s", h->path, what, strerror(errnum));
	else
		snprintf(h->err, sizeof h->err, "history %s: %s", h->path, what);
	return -1;
}

const char *history_error(const struct history *h)
{
	return h->err;
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

/* ---- reading the file ------------------------------------------------------ */

static void forget_rules(struct history *h)
{
	for (size_t i = 0; i < h->nrules; i++)
		free(h->rules[i].fp);
	free(h->rules);
	h->rules = NULL;
	h->nrules = 0;
}

/* Forgets what was read: the file starts again at its header. */
static void reset(struct history *h)
{
	h->end = 0;
	h->n = 0;
	h->visible = 0;
	h->head_seq = h->stamp = 0;
	memset(h->head_hash, 0, sizeof h->head_hash);
	memset(&h->header, 0, sizeof h->header);
	h->anchor = h->header;
	h->stamps_disordered = 0;
	h->state_seen = 0;
	forget_rules(h);
}

uint8_t *history_read_at(struct history *h, off_t off, size_t len)
{
	uint8_t *buf = malloc(len ? len : 1);
	if (!buf) {
		history_fail(h, "out of memory", 0);
		return NULL;
	}
	for (size_t got = 0; got < len;) {
		ssize_t r = pread(h->fd, buf + got, len - got, off + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			history_fail(h, r < 0 ? "cannot read" : "the file shrank while being read", r < 0 ? errno : 0);
			free(buf);
			return NULL;
		}
		got += (size_t)r;
	}
	return buf;
}

static int apply_rules(struct history *h, const uint8_t *body, uint32_t len)
{
	if (len < 5)
		return -1;
	uint32_t n = history_get_u32(body + 1);
	const uint8_t *p = body + 5, *end = body + len;
	if (n > len / 12)
		return -1;
	struct history_rule *r = calloc(n ? n : 1, sizeof *r);
	if (!r)
		abort();
	size_t i = 0;
	for (; i < n; i++) {
		if (end - p < 4)
			break;
		uint32_t fl = history_get_u32(p);
		p += 4;
		if ((size_t)(end - p) < (size_t)fl + 8 || memchr(p, '\0', fl))
			break;
		r[i].fp = strndup((const char *)p, fl);
		if (!r[i].fp)
			abort();
		r[i].start = (int64_t)history_get_u64(p + fl);
		p += fl + 8;
	}
	if (i < n || p != end) {
		while (i > 0)
			free(r[--i].fp);
		free(r);
		return -1;
	}
	forget_rules(h);
	h->rules = r;
	h->nrules = n;
	return 0;
}

/* Takes one record (at file offset off) into the handle; -1 when it is
 * malformed or out of order (message set). */
static int apply(struct history *h, const uint8_t *body, uint32_t len, off_t off)
{
	char what[160];
	if (body[0] == 'E') {
		struct history_row row;
		const uint8_t *hash;
		if (history_decode_event(body, len, &row, &hash) < 0) {
			snprintf(what, sizeof what, "the event at byte %lld is malformed (the file is corrupt)", (long long)off);
			return history_fail(h, what, 0);
		}
		if (row.seq <= h->head_seq) {
			snprintf(what, sizeof what, "event %lld follows event %lld (the file is corrupt)", (long long)row.seq,
			         (long long)h->head_seq);
			return history_fail(h, what, 0);
		}
		if (h->n == h->cap) {
			h->cap = h->cap ? 2 * h->cap : 256;
			struct history_entry *ev = realloc(h->ev, h->cap * sizeof *ev);
			if (!ev)
				abort();
			h->ev = ev;
		}
		struct history_entry *e = &h->ev[h->n++];
		e->seq = row.seq;
		e->ts = row.ts;
		e->off = off;
		memcpy(e->hash, hash, SHA256_DIGEST_LEN);
		if (row.ts < h->stamp)
			h->stamps_disordered = 1;
		h->head_seq = row.seq;
		memcpy(h->head_hash, hash, SHA256_DIGEST_LEN);
		if (row.ts > h->stamp)
			h->stamp = row.ts;
		return 0;
	}
	if (body[0] == 'P') {
		struct history_header a;
		if (history_decode_prune(body, len, &a) < 0 || a.anchor_seq > h->head_seq) {
			snprintf(what, sizeof what, "the pruning mark at byte %lld is malformed (the file is corrupt)",
			         (long long)off);
			return history_fail(h, what, 0);
		}
		if (a.anchor_seq <= h->anchor.anchor_seq)
			return 0; /* an older mark a compaction carried over: the header's anchor is newer */
		h->anchor = a;
		h->visible = history_first_after_seq(h, a.anchor_seq);
		if (a.anchor_ts > h->stamp)
			h->stamp = a.anchor_ts;
		return 0;
	}
	if (body[0] == 'R' && apply_rules(h, body, len) == 0)
		return 0;
	snprintf(what, sizeof what, "the record at byte %lld is of no known kind (the file is corrupt)", (long long)off);
	return history_fail(h, what, 0);
}

/* True when the bytes are all zero (what a machine crash can leave where
 * the file was extended but its data not yet written). */
static int all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* Reads [end, size): whole records are taken; a torn tail (a record cut
 * short, or a damaged last record, or zeros to the end) is left out, and
 * cut off when the caller holds the lock. */
static int read_new(struct history *h, off_t size)
{
	if (h->end == 0) {
		if (size < HISTORY_HEADER_LEN) {
			if (size == 0)
				return 0; /* created, header not yet written */
			return history_fail(h, "the file is not a box history (too short)", 0);
		}
		uint8_t hd[HISTORY_HEADER_LEN];
		uint8_t *b = history_read_at(h, 0, sizeof hd);
		if (!b)
			return -1;
		memcpy(hd, b, sizeof hd);
		free(b);
		const char *why = NULL;
		if (history_header_decode(hd, &h->header, &why) < 0)
			return history_fail(h, why, 0);
		h->anchor = h->header;
		h->head_seq = h->header.anchor_seq;
		h->stamp = h->header.anchor_ts;
		memcpy(h->head_hash, h->header.anchor_hash, SHA256_DIGEST_LEN);
		h->end = HISTORY_HEADER_LEN;
	}
	if (size <= h->end)
		return 0;
	size_t len = (size_t)(size - h->end);
	uint8_t *buf = history_read_at(h, h->end, len);
	if (!buf)
		return -1;
	size_t at = 0;
	int rc = 0;
	while (at < len) {
		const uint8_t *body;
		uint32_t blen;
		size_t flen;
		int f = history_frame(buf + at, len - at, &body, &blen, &flen);
		if (f == 0)
			break; /* cut short: the tail of a write in progress, or of a crash */
		if (f < 0) {
			uint32_t claimed = len - at >= 4 ? history_get_u32(buf + at) : 0;
			int last = (size_t)claimed + HISTORY_FRAME_OVERHEAD == len - at;
			if (!last && !all_zero(buf + at, len - at)) {
				char what[128];
				snprintf(what, sizeof what, "the record at byte %lld is damaged (the file is corrupt)",
				         (long long)(h->end + (off_t)at));
				rc = history_fail(h, what, 0);
			}
			break;
		}
		if (apply(h, body, blen, h->end + (off_t)at) < 0) {
			rc = -1;
			break;
		}
		at += flen;
	}
	free(buf);
	h->end += (off_t)at;
	if (rc == 0 && at < len && h->locked && ftruncate(h->fd, h->end) != 0)
		rc = history_fail(h, "cannot cut off a torn record at the end", errno);
	return rc;
}

/* Opens the path; 0, or -1 with errno. */
static int open_path(struct history *h, int create)
{
	int fd = -1;
	h->writable = 0;
	if (h->open_errno != -1) {
		fd = open(h->path, O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
		if (fd >= 0)
			h->writable = 1;
		else if (errno == EACCES || errno == EROFS || errno == EPERM)
			h->open_errno = errno;
		else
			return -1;
	}
	if (fd < 0 && (fd = open(h->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int e = S_ISREG(st.st_mode) ? errno : EINVAL;
		close(fd);
		errno = e;
		return -1;
	}
	if (h->fd >= 0)
		close(h->fd);
	h->fd = fd;
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	return 0;
}

int history_reload(struct history *h)
{
	struct stat st;
	reset(h);
	if (fstat(h->fd, &st) != 0)
		return history_fail(h, "cannot read", errno);
	return read_new(h, st.st_size);
}

/* The file at the path, with what was appended since the last look; a
 * file replaced by another broker's compaction is reopened. */
int history_refresh(struct history *h)
{
	struct stat st;
	int gone = lstat(h->path, &st) != 0;
	if (gone && errno != ENOENT)
		return history_fail(h, "cannot read", errno);
	if (gone || st.st_dev != h->dev || st.st_ino != h->ino) {
		/* replaced (or removed: a writer makes a new one) */
		if (open_path(h, h->open_errno == 0) != 0)
			return history_fail(h, "cannot open", errno);
		if (history_reload(h) != 0)
			return -1;
		return 0;
	}
	if (st.st_size < h->end) /* shrank under us: not our doing, read it all again */
		return history_reload(h);
	return read_new(h, st.st_size);
}

/* ---- opening ----------------------------------------------------------------- */

static struct history *open_common(const char *private_dir, int writable, char *err, size_t errlen)
{
	struct history *h = calloc(1, sizeof *h);
	size_t len = strlen(private_dir) + sizeof "/" HISTORY_FILE_NAME;
	if (!h || !(h->path = malloc(len))) {
		snprintf(err, errlen, "history: out of memory");
		free(h);
		return NULL;
	}
	snprintf(h->path, len, "%s/%s", private_dir, HISTORY_FILE_NAME);
	h->fd = -1;
	h->open_errno = writable ? 0 : -1;
	h->busy_ms = HISTORY_BUSY_TIMEOUT_MS;
	history_set_clock(h, NULL, NULL);
	if (open_path(h, writable) != 0) {
		history_fail(h, "cannot open", errno);
		goto fail;
	}
	/* a writer makes a new file a history (under the lock, once) and cuts
	 * off a torn tail; a reader only reads */
	if (h->writable) {
		history_state_open(h, private_dir);
		if (history_begin(h) != 0 || history_commit(h) != 0)
			goto fail;
	} else if (history_refresh(h) != 0) {
		goto fail;
	}
	return h;
fail:
	snprintf(err, errlen, "%s", h->err);
	history_close(h);
	return NULL;
}

struct history *history_open(const char *private_dir, char *err, size_t errlen)
{
	return open_common(private_dir, 1, err, errlen);
}

struct history *history_open_readonly(const char *private_dir, char *err, size_t errlen)
{
	return open_common(private_dir, 0, err, errlen);
}

void history_close(struct history *h)
{
	if (!h)
		return;
	if (h->fd >= 0)
		close(h->fd); /* releases the lock */
	history_state_close(h);
	reset(h);
	free(h->ev);
	history_buf_free(&h->pending);
	free(h->path);
	free(h);
}

/* ---- transactions ------------------------------------------------------------- */

static int lock_file(struct history *h)
{
	struct timespec pause = {0, 200000};
	for (long waited_us = 0;; waited_us += 200) {
		if (flock(h->fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return history_fail(h, "cannot lock", errno);
		if (waited_us >= h->busy_ms * 1000L) {
			char what[160];
			snprintf(what, sizeof what,
			         "another run of this box has held the history for %ld ms (a request whose outcome a rule "
			         "reads in flight?)",
			         h->busy_ms);
			history_fail(h, what, 0);
			return -2;
		}
		nanosleep(&pause, NULL);
	}
}

void history_hold(struct history *h, int on)
{
	h->hold = on;
	if (!on && !h->in_tx && h->locked) {
		flock(h->fd, LOCK_UN);
		h->locked = 0;
	}
}

void history_set_busy_timeout(struct history *h, long ms)
{
	h->busy_ms = ms;
}

/* How often a broker that the shared state page spares looking at the
 * path looks anyway (ms): a log removed (not compacted) under it is
 * noticed within that time. */
#define HISTORY_PATH_CHECK_MS 1000

static int64_t monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Takes the lock, and reads what other brokers appended (or the new file
 * a compaction put in place) since our last look, unless the shared state
 * page says there is nothing new (history_state.c).  0 with the lock held,
 * or -1 (storage fault) / -2 (busy, lock_file) without it. */
static int lock_and_catch_up(struct history *h)
{
	struct stat st;
	for (int tries = 0;; tries++) {
		int rc = lock_file(h);
		if (rc != 0)
			return rc;
		h->locked = 1;
		int64_t now_ms = monotonic_ms();
		if (now_ms - h->path_checked_ms < HISTORY_PATH_CHECK_MS && history_state_unchanged(h))
			return 0;
		/* the path's file is ours (its size is then ours too) */
		if (lstat(h->path, &st) == 0 && st.st_dev == h->dev && st.st_ino == h->ino) {
			h->path_checked_ms = now_ms;
			break;
		}
		/* compacted (or removed) while we waited: the lock is the new file's */
		flock(h->fd, LOCK_UN);
		h->locked = 0;
		if (tries > 100 || open_path(h, 1) != 0)
			return history_fail(h, "cannot reopen", tries > 100 ? 0 : errno);
		reset(h);
	}
	int ok = 1;
	if (st.st_size == 0) {
		uint8_t hd[HISTORY_HEADER_LEN];
		struct history_header zero = {0};
		history_header_encode(&zero, hd);
		ssize_t w = write(h->fd, hd, sizeof hd);
		if (w != (ssize_t)sizeof hd) {
			history_fail(h, "cannot create", w < 0 ? errno : ENOSPC);
			/* a short header is never read as one: back to empty */
			if (w > 0 && ftruncate(h->fd, 0) != 0)
				history_fail(h, "cannot create, nor empty the file again", errno);
			ok = 0;
		}
		st.st_size = sizeof hd;
	}
	if (ok && st.st_size < h->end)
		ok = history_reload(h) == 0;
	else if (ok)
		ok = read_new(h, st.st_size) == 0;
	if (!ok) {
		flock(h->fd, LOCK_UN);
		h->locked = 0;
		return -1;
	}
	history_state_seen(h);
	return 0;
}

int history_begin(struct history *h)
{
	if (h->in_tx)
		return history_fail(h, "a transaction is already open", 0);
	h->pending.len = 0;
	if (!h->writable) {
		if (history_refresh(h) != 0)
			return -1;
	} else if (h->locked) {
		/* held since our last commit: the file is as we left it */
	} else {
		int rc = lock_and_catch_up(h);
		if (rc != 0)
			return rc;
	}
	h->in_tx = 1;
	h->cur_seq = h->head_seq;
	h->cur_ts = h->stamp;
	memcpy(h->cur_hash, h->head_hash, SHA256_DIGEST_LEN);
	return 0;
}

static void end_tx(struct history *h)
{
	h->pending.len = 0;
	h->in_tx = 0;
	if (h->locked && !h->hold) {
		flock(h->fd, LOCK_UN);
		h->locked = 0;
	}
}

int history_commit(struct history *h)
{
	if (!h->in_tx)
		return history_fail(h, "no transaction is open", 0);
	if (h->pending.len == 0) {
		end_tx(h);
		return 0;
	}
	if (!h->writable) {
		int e = h->open_errno > 0 ? h->open_errno : 0;
		history_fail(h, e ? "cannot append: the file could not be opened for writing"
		                  : "cannot append: the file was opened read-only", e);
		end_tx(h);
		return -1;
	}
	/* the whole transaction in one write(): another broker, and a crash,
	 * see all of it or (a torn tail, cut off by the next writer) none */
	ssize_t w;
	history_state_writing(h);
	do
		w = write(h->fd, h->pending.p, h->pending.len);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)h->pending.len) {
		history_fail(h, "cannot append", w < 0 ? errno : ENOSPC);
		/* no part of it stays visible (if even this fails, the part
		 * written is a torn tail that the next writer cuts off) */
		if (w > 0 && ftruncate(h->fd, h->end) != 0)
			history_fail(h, "cannot append, nor cut off the part written", errno);
		end_tx(h);
		return -1;
	}
	/* take our own records as any reader would (their checksums are our
	 * own: not computed again) */
	int rc = 0;
	size_t at = 0;
	while (rc == 0 && at < h->pending.len) {
		const uint8_t *body;
		uint32_t blen;
		size_t flen;
		if (history_frame_own(h->pending.p + at, h->pending.len - at, &body, &blen, &flen) != 1)
			abort(); /* our own encoding */
		rc = apply(h, body, blen, h->end + (off_t)at);
		at += flen;
	}
	h->end += (off_t)at;
	history_state_written(h);
	end_tx(h);
	return rc;
}

void history_rollback(struct history *h)
{
	if (h->in_tx)
		end_tx(h);
}

int history_change_begin(struct history *h, int *own)
{
	*own = !h->in_tx;
	return *own ? history_begin(h) : 0;
}

int history_change_end(struct history *h, int own, int ok)
{
	if (!own)
		return ok ? 0 : -1;
	if (!ok) {
		history_rollback(h);
		return -1;
	}
	return history_commit(h);
}

/* Outside a transaction, what the file holds now. */
static int fresh(struct history *h)
{
	return h->in_tx ? 0 : history_refresh(h);
}

int history_head(struct history *h, int64_t *seq, int64_t *ts_s, uint8_t hash[SHA256_DIGEST_LEN])
{
	if (fresh(h) != 0)
		return -1;
	*seq = h->in_tx ? h->cur_seq : h->head_seq;
	*ts_s = h->in_tx ? h->cur_ts : h->stamp;
	memcpy(hash, h->in_tx ? h->cur_hash : h->head_hash, SHA256_DIGEST_LEN);
	return 0;
}

int64_t history_now(struct history *h)
{
	if (fresh(h) != 0)
		return -1;
	int64_t newest = h->in_tx ? h->cur_ts : h->stamp;
	int64_t now = h->clock(h->clock_arg);
	return now > newest ? now : newest;
}

/* ---- appending ------------------------------------------------------------------ */

int history_append(struct history *h, int64_t ts_s, const char *action_type, const char *action_id,
                   const char *kind, json_object *record, const char *verdict, int64_t *seq_out)
{
	if (record && !json_object_is_type(record, json_type_object))
		return history_fail(h, "an event's record must be a JSON object", 0);
	size_t len = 2;
	const char *text = record ? json_object_to_json_string_length(record, JSON_C_TO_STRING_PLAIN, &len) : "{}";
	if (!text)
		return history_fail(h, "out of memory", 0);
	return history_append_text(h, ts_s, action_type, action_id, kind, text, len, verdict, seq_out);
}

int history_append_text(struct history *h, int64_t ts_s, const char *action_type, const char *action_id,
                        const char *kind, const char *record_text, size_t record_len, const char *verdict,
                        int64_t *seq_out)
{
	if (!action_type || !action_id || !kind || !record_text)
		return history_fail(h, "an event needs an action type, an action id, a kind and a record", 0);
	if (record_len > HISTORY_MAX_BODY || memchr(record_text, '\0', record_len))
		return history_fail(h, "an event's record is too long or holds a NUL byte", 0);
	int own;
	if (history_change_begin(h, &own) < 0)
		return -1;
	if (ts_s < h->cur_ts) {
		char what[128];
		snprintf(what, sizeof what, "stamp %lld is older than the newest event's (%lld)", (long long)ts_s,
		         (long long)h->cur_ts);
		history_fail(h, what, 0);
		return history_change_end(h, own, 0);
	}
	const char *texts[HT_COUNT] = {action_type, action_id, kind, record_text, verdict};
	struct history_row row = {.seq = h->cur_seq + 1, .ts = ts_s};
	for (int i = 0; i < HT_COUNT; i++) {
		row.text[i] = texts[i];
		row.len[i] = i == HT_RECORD ? (uint32_t)record_len : texts[i] ? (uint32_t)strlen(texts[i]) : 0;
	}
	history_encode_event(&h->pending, &row, h->cur_hash, h->cur_hash);
	h->cur_seq = row.seq;
	h->cur_ts = ts_s;
	if (history_change_end(h, own, 1) < 0)
		return -1;
	if (seq_out)
		*seq_out = row.seq;
	return 0;
}

/* ---- loading ----------------------------------------------------------------------- */

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

size_t history_first_after_seq(const struct history *h, int64_t seq)
{
	size_t lo = h->visible, hi = h->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (h->ev[mid].seq > seq)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static int load_event(struct history *h, const uint8_t *body, uint32_t len, struct history_events *out)
{
	struct history_row row;
	const uint8_t *hash;
	if (history_decode_event(body, len, &row, &hash) < 0)
		return history_fail(h, "an event changed while being read (the file is corrupt)", 0);
	struct temporal_event *e = &out->ev[out->n];
	memset(e, 0, sizeof *e);
	e->seq = row.seq;
	e->ts_s = row.ts;
	e->action_type = strndup(row.text[HT_ACTION_TYPE], row.len[HT_ACTION_TYPE]);
	e->action_id = strndup(row.text[HT_ACTION_ID], row.len[HT_ACTION_ID]);
	e->kind = strndup(row.text[HT_KIND], row.len[HT_KIND]);
	if (!e->action_type || !e->action_id || !e->kind)
		abort();
	char *text = strndup(row.text[HT_RECORD], row.len[HT_RECORD]);
	if (!text)
		abort();
	enum json_tokener_error jerr = json_tokener_success;
	e->record = json_tokener_parse_verbose(text, &jerr);
	free(text);
	out->n++; /* owned from here on, whatever follows */
	if (!e->record || !json_object_is_type(e->record, json_type_object)) {
		char what[160];
		snprintf(what, sizeof what, "event %lld: its record is not a JSON object (the file is corrupt)",
		         (long long)row.seq);
		return history_fail(h, what, 0);
	}
	out->last_seq = row.seq;
	return 0;
}

/* The events ev[from..n) into out. */
static int load_from(struct history *h, size_t from, struct history_events *out)
{
	history_events_free(out);
	if (from >= h->n)
		return 0;
	off_t off = h->ev[from].off;
	size_t len = (size_t)(h->end - off);
	uint8_t *buf = history_read_at(h, off, len);
	if (!buf)
		return -1;
	out->ev = malloc((h->n - from) * sizeof *out->ev);
	if (!out->ev)
		abort();
	size_t at = 0;
	int rc = 0;
	while (rc == 0 && at < len && out->n < h->n - from) {
		const uint8_t *body;
		uint32_t blen;
		size_t flen;
		if (history_frame(buf + at, len - at, &body, &blen, &flen) != 1) {
			rc = history_fail(h, "a record changed while being read (the file is corrupt)", 0);
			break;
		}
		if (body[0] == 'E')
			rc = load_event(h, body, blen, out);
		at += flen;
	}
	free(buf);
	if (rc != 0)
		history_events_free(out);
	return rc;
}

int history_load(struct history *h, int64_t since_ts_s, struct history_events *out)
{
	history_events_free(out);
	if (fresh(h) != 0)
		return -1;
	if (h->stamps_disordered)
		return history_fail(h, "stamps go backwards along the history (the file is corrupt)", 0);
	size_t lo = h->visible, hi = h->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (h->ev[mid].ts >= since_ts_s)
			hi = mid;
		else
			lo = mid + 1;
	}
	return load_from(h, lo, out);
}

int history_load_after(struct history *h, int64_t after_seq, struct history_events *out)
{
	history_events_free(out);
	if (fresh(h) != 0)
		return -1;
	if (h->stamps_disordered)
		return history_fail(h, "stamps go backwards along the history (the file is corrupt)", 0);
	int rc = load_from(h, history_first_after_seq(h, after_seq), out);
	if (rc == 0 && out->n == 0)
		out->last_seq = after_seq;
	return rc;
}
