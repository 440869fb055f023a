/* broker/boxdir.h -- the box directory (strands-box.md section 1): created
 * 0700 with private/ and private/telemetry/, and the short-held lock on
 * private/.lock that serialises state writes of every broker on one box. */
#ifndef BOX_BROKER_BOXDIR_H
#define BOX_BROKER_BOXDIR_H

#include <stddef.h>

/* Creates box_dir (0700; its parent must exist), private/ and
 * private/telemetry/ when missing.  An existing one must be a real
 * directory (not a symlink) owned by this user with no group/other access.
 * Returns 0, or -1 with "box-broker: error: ..." in err. */
int boxdir_prepare(const char *box_dir, char *err, size_t errlen);

/* Opens (creating 0600) <box_dir>/private/.lock; returns the fd (close-on-exec)
 * or -1 with err.  The fd is held for the run; the lock itself is taken only
 * around each state write: */
int boxdir_lock_open(const char *box_dir, char *err, size_t errlen);
/* flock(LOCK_EX), retried on EINTR.  0 or -1 (errno set). */
int boxdir_lock_acquire(int lock_fd);
void boxdir_lock_release(int lock_fd);

#endif
