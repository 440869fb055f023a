/* broker/history/history_chain.c -- the walk that checks the tamper-evident
 * chain (for --audit): every event against its predecessor from the file's
 * anchor on, the sequence without gaps, the stamps in order, and every
 * pruning mark against the event it names. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "broker/history/history_int.h"

/* Records the first break only. */
static void broken(struct history_summary *sum, int64_t seq, const char *problem)
{
	if (!sum->chain_intact)
		return;
	sum->chain_intact = 0;
	sum->broken_at_seq = seq;
	snprintf(sum->problem, sizeof sum->problem, "%s", problem);
}

/* The stored hash of event seq, or NULL when it is not in the file. */
static const uint8_t *hash_of(const struct history *h, int64_t seq)
{
	size_t lo = 0, hi = h->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (h->ev[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < h->n && h->ev[lo].seq == seq ? h->ev[lo].hash : NULL;
}

static int walk(struct history *h, struct history_summary *sum)
{
	size_t len = (size_t)(h->end - HISTORY_HEADER_LEN);
	if (h->end == 0)
		return 0; /* an empty file: no event yet */
	uint8_t *buf = history_read_at(h, HISTORY_HEADER_LEN, len);
	if (!buf)
		return -1;
	int64_t expect_seq = h->header.anchor_seq + 1, prev_ts = h->header.anchor_ts;
	uint8_t prev[SHA256_DIGEST_LEN], hash[SHA256_DIGEST_LEN];
	memcpy(prev, h->header.anchor_hash, sizeof prev);
	size_t at = 0;
	int rc = 0;
	while (at < len) {
		const uint8_t *body, *stored;
		uint32_t blen;
		size_t flen;
		struct history_row row;
		struct history_header mark;
		if (history_frame(buf + at, len - at, &body, &blen, &flen) != 1) {
			rc = history_fail(h, "a record changed while being read (the file is corrupt)", 0);
			break;
		}
		at += flen;
		if (body[0] == 'P' && history_decode_prune(body, blen, &mark) == 0) {
			const uint8_t *named = hash_of(h, mark.anchor_seq);
			if (mark.anchor_seq > h->header.anchor_seq &&
			    (!named || memcmp(named, mark.anchor_hash, SHA256_DIGEST_LEN) != 0))
				broken(sum, mark.anchor_seq, "a pruning mark does not match the event it names");
			continue;
		}
		if (body[0] != 'E' || history_decode_event(body, blen, &row, &stored) != 0)
			continue; /* rules (the file was read whole at open: nothing else is here) */
		if (row.seq != expect_seq)
			broken(sum, expect_seq, row.seq > expect_seq ? "this event is missing" : "sequence numbers repeat");
		expect_seq = row.seq + 1;
		if (row.ts < prev_ts)
			broken(sum, row.seq, "its stamp is older than the previous event's");
		prev_ts = row.ts;
		history_event_hash(body, blen, prev, hash);
		if (memcmp(hash, stored, SHA256_DIGEST_LEN) != 0)
			broken(sum, row.seq, "the event does not match its hash: it or an earlier event was edited");
		/* continue from what is stored, so that one edit is reported once */
		memcpy(prev, stored, SHA256_DIGEST_LEN);
	}
	free(buf);
	return rc;
}

int history_verify(struct history *h, struct history_summary *sum)
{
	memset(sum, 0, sizeof *sum);
	sum->chain_intact = 1;
	/* read it all again: the walk is over the whole file anyway, and an
	 * edit in place may have moved what an earlier read indexed */
	struct stat st;
	if (!h->in_tx && (lstat(h->path, &st) == 0 && st.st_dev == h->dev && st.st_ino == h->ino
	                          ? history_reload(h)
	                          : history_refresh(h)) != 0)
		return -1;
	if (walk(h, sum) != 0)
		return -1;
	/* what the history holds: the events after the newest pruning */
	sum->events = (int64_t)(h->n - h->visible);
	if (sum->events > 0) {
		sum->first_seq = h->ev[h->visible].seq;
		sum->last_seq = h->ev[h->n - 1].seq;
		sum->oldest_ts = h->ev[h->visible].ts;
		sum->newest_ts = h->ev[h->n - 1].ts;
	}
	sum->file_bytes = fstat(h->fd, &st) == 0 ? (int64_t)st.st_size : 0;
	return 0;
}
