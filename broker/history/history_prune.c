/* broker/history/history_prune.c -- forgetting events older than the
 * deepest window: a 'P' record (one small append in the caller's
 * transaction) marks them gone while they are a small part of the file;
 * once they are more than half of it, the log is compacted under the
 * lock: the kept tail, behind a header that carries the new chain anchor
 * and the current rules, goes to a new file, which is fsync()ed and
 * renamed over the log.  Other brokers notice the new file when they next
 * take the lock (their descriptor's inode is no longer the path's) and
 * read it afresh. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/history/history_int.h"

/* fsync of the directory that holds the log, so that the rename is on disk. */
static void sync_dir(const char *path)
{
	char *copy = strdup(path);
	if (!copy)
		return;
	int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(copy);
}

int history_compact(struct history *h, const struct history_header *anchor, size_t first_kept)
{
	off_t keep_off = first_kept < h->n ? h->ev[first_kept].off : h->end;
	size_t keep_len = (size_t)(h->end - keep_off);
	struct history_buf out = {0};
	uint8_t hd[HISTORY_HEADER_LEN];
	history_header_encode(anchor, hd);
	/* the header, the rules, then the kept records as they are */
	out.p = malloc(sizeof hd);
	if (!out.p)
		abort();
	out.cap = out.len = sizeof hd;
	memcpy(out.p, hd, sizeof hd);
	if (h->nrules) {
		const char **fps = malloc(h->nrules * sizeof *fps);
		int64_t *starts = malloc(h->nrules * sizeof *starts);
		if (!fps || !starts)
			abort();
		for (size_t i = 0; i < h->nrules; i++) {
			fps[i] = h->rules[i].fp;
			starts[i] = h->rules[i].start;
		}
		history_encode_rules(&out, fps, starts, h->nrules);
		free(fps);
		free(starts);
	}
	uint8_t *kept = history_read_at(h, keep_off, keep_len);
	if (!kept) {
		history_buf_free(&out);
		return -1;
	}
	size_t prefix = out.len;
	uint8_t *all = realloc(out.p, prefix + keep_len + 1);
	if (!all)
		abort();
	memcpy(all + prefix, kept, keep_len);
	free(kept);

	size_t tlen = strlen(h->path) + sizeof ".compact";
	char *tmp = malloc(tlen);
	if (!tmp)
		abort();
	snprintf(tmp, tlen, "%s.compact", h->path);
	unlink(tmp); /* a crashed compaction's leftover: we hold the lock */
	int fd = open(tmp, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc = -1;
	struct stat st;
	if (fd < 0) {
		history_fail(h, "cannot compact: cannot create the new file", errno);
	} else if (write(fd, all, prefix + keep_len) != (ssize_t)(prefix + keep_len)) {
		history_fail(h, "cannot compact: cannot write the new file", errno ? errno : ENOSPC);
	} else if (fsync(fd) != 0 || fstat(fd, &st) != 0) {
		history_fail(h, "cannot compact: cannot sync the new file", errno);
	} else if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		history_fail(h, "cannot compact: cannot lock the new file", errno);
	} else {
		/* the other brokers look at the path again from now on */
		history_state_replacing(h);
		if (rename(tmp, h->path) != 0)
			history_fail(h, "cannot compact: cannot put the new file in place", errno);
		else
			rc = 0;
	}
	free(all);
	if (rc != 0) {
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return -1;
	}
	free(tmp);
	sync_dir(h->path);
	/* ours now, locked; the old file's lock goes with its descriptor, and
	 * whoever waited for it finds the new file in its place */
	close(h->fd);
	h->fd = fd;
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	if (history_reload(h) != 0)
		return -1;
	history_state_seen(h);
	return 0;
}

int64_t history_prune(struct history *h, int64_t before_ts_s)
{
	int own;
	if (history_change_begin(h, &own) < 0)
		return -1;
	if (h->stamps_disordered) {
		history_fail(h, "stamps go backwards along the history (the file is corrupt)", 0);
		return history_change_end(h, own, 0);
	}
	size_t lo = h->visible, hi = h->n;
	while (lo < hi) { /* the first event stamped before_ts_s or later */
		size_t mid = lo + (hi - lo) / 2;
		if (h->ev[mid].ts >= before_ts_s)
			hi = mid;
		else
			lo = mid + 1;
	}
	int64_t dropped = (int64_t)(lo - h->visible);
	if (dropped == 0)
		return history_change_end(h, own, 1) < 0 ? -1 : 0;
	const struct history_entry *last = &h->ev[lo - 1];
	struct history_header anchor = {.anchor_seq = last->seq, .anchor_ts = last->ts};
	memcpy(anchor.anchor_hash, last->hash, SHA256_DIGEST_LEN);
	off_t gone = (lo < h->n ? h->ev[lo].off : h->end) - HISTORY_HEADER_LEN;
	int ok;
	if (h->writable && gone > h->end / 2)
		ok = history_compact(h, &anchor, lo) == 0;
	else {
		history_encode_prune(&h->pending, &anchor);
		ok = 1;
	}
	return history_change_end(h, own, ok) < 0 ? -1 : dropped;
}
