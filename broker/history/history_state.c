/* broker/history/history_state.c -- the page the brokers of a box share
 * beside the log (<private_dir>/history.state, mode 0600, mapped
 * MAP_SHARED), so that taking the lock is all a transaction costs when
 * nobody else wrote since: no lstat of the path (was the log compacted,
 * that is replaced?), no fstat or read (was it appended to?).
 *
 * The page holds a generation, which a compaction bumps before it renames
 * the new file over the log (and a broker that finds another file at the
 * path than the page names, the log removed and made again), the log's
 * committed length, which a writer sets to -1 before its write() and to
 * the new length after it, and the log's device and inode.
 * Both are read and written only by a broker that holds the log's lock
 * (flock), so they describe the file at the path exactly when a broker
 * finds them equal to what it saw last: a broker killed between the two
 * stores leaves -1 (the next one looks at the file); a compaction killed
 * between the bump and the rename costs the others one look.  Any other
 * value sends the broker the long way (history_begin: lstat, fstat, read
 * what is new), after which it publishes what it saw.
 *
 * The page is an optimisation only: when it cannot be made (read-only
 * box, full disk, not a regular file) every transaction goes the long way.
 * Its block is allocated when it is opened, so stores to it never need
 * disk space later.
 * It is trusted like the log: whoever can write <private_dir> can make
 * the brokers miss each other's events there (as they can by editing the
 * log), and truncating it under running brokers kills them (SIGBUS).
 * Removing it is harmless only when no broker of the box runs. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker/history/history_int.h"

#define STATE_MAGIC 0x74617473686f6278ull       /* "xbohstat" read little endian: any fixed value */

struct history_state {
	uint64_t magic;
	uint64_t generation;
	int64_t end;                    /* the log's committed length, -1: a write in progress */
	uint64_t dev, ino;              /* the log the page describes */
};

void history_state_open(struct history *h, const char *private_dir)
{
	h->state = NULL;
	char path[4200];
	if ((size_t)snprintf(path, sizeof path, "%s/%s", private_dir, HISTORY_STATE_NAME) >= sizeof path)
		return;
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	struct stat st;
	void *p = MAP_FAILED;
	/* The page's block is allocated, not left a hole: a store to a hole of
	 * a shared mapping on a full disk would kill the broker with SIGBUS.
	 * posix_fallocate also makes a page left sparse by anyone else whole. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    posix_fallocate(fd, 0, HISTORY_STATE_LEN) == 0)
		p = mmap(NULL, HISTORY_STATE_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p != MAP_FAILED)
		h->state = p;
}

void history_state_close(struct history *h)
{
	if (h->state)
		munmap(h->state, HISTORY_STATE_LEN);
	h->state = NULL;
}

int history_state_unchanged(const struct history *h)
{
	const struct history_state *s = h->state;
	return s && h->state_seen && h->end >= HISTORY_HEADER_LEN &&
	       __atomic_load_n(&s->magic, __ATOMIC_ACQUIRE) == STATE_MAGIC &&
	       __atomic_load_n(&s->generation, __ATOMIC_ACQUIRE) == h->state_gen &&
	       __atomic_load_n(&s->end, __ATOMIC_ACQUIRE) == (int64_t)h->end &&
	       __atomic_load_n(&s->ino, __ATOMIC_ACQUIRE) == (uint64_t)h->ino &&
	       __atomic_load_n(&s->dev, __ATOMIC_ACQUIRE) == (uint64_t)h->dev;
}

void history_state_seen(struct history *h)
{
	struct history_state *s = h->state;
	if (!s)
		return;
	if (__atomic_load_n(&s->magic, __ATOMIC_ACQUIRE) != STATE_MAGIC ||
	    __atomic_load_n(&s->ino, __ATOMIC_ACQUIRE) != (uint64_t)h->ino ||
	    __atomic_load_n(&s->dev, __ATOMIC_ACQUIRE) != (uint64_t)h->dev) {
		/* a new page (or not one of ours), or another file at the path
		 * than the page describes (the log was removed and made again):
		 * a generation nobody holds */
		__atomic_store_n(&s->generation, __atomic_load_n(&s->generation, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
		__atomic_store_n(&s->dev, (uint64_t)h->dev, __ATOMIC_RELEASE);
		__atomic_store_n(&s->ino, (uint64_t)h->ino, __ATOMIC_RELEASE);
		__atomic_store_n(&s->magic, STATE_MAGIC, __ATOMIC_RELEASE);
	}
	h->state_gen = __atomic_load_n(&s->generation, __ATOMIC_ACQUIRE);
	__atomic_store_n(&s->end, (int64_t)h->end, __ATOMIC_RELEASE);
	h->state_seen = 1;
}

void history_state_writing(struct history *h)
{
	if (h->state)
		__atomic_store_n(&h->state->end, (int64_t)-1, __ATOMIC_RELEASE);
}

void history_state_written(struct history *h)
{
	if (h->state && h->state_seen)
		__atomic_store_n(&h->state->end, (int64_t)h->end, __ATOMIC_RELEASE);
}

void history_state_replacing(struct history *h)
{
	struct history_state *s = h->state;
	if (!s)
		return;
	__atomic_store_n(&s->end, (int64_t)-1, __ATOMIC_RELEASE);
	__atomic_store_n(&s->generation, __atomic_load_n(&s->generation, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
	h->state_seen = 0;
}
