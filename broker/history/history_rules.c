/* broker/history/history_rules.c -- which events each rule of the current
 * policy may see: the `rules` table maps a rule's fingerprint to the seq
 * of the first event recorded after that rule was installed.  An unchanged
 * rule keeps its row (and so its state) across edits of the policy file; a
 * new or changed rule gets a new row starting at the next event. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "broker/history/history_int.h"

int history_rule_starts(struct history *h, const char *const *fps, size_t n, int64_t *start_out)
{
	struct history_chain c;
	if (history_read_chain(h, &c) < 0)
		return -1;
	sqlite3_stmt *get = NULL, *put = NULL, *drop = NULL;
	/* the given fingerprints go to a temporary table, to forget the others */
	int ok = history_exec(h, "CREATE TEMP TABLE IF NOT EXISTS current_rules (fingerprint TEXT PRIMARY KEY);"
	                         "DELETE FROM current_rules", "cannot note the current rules") == 0;
	if (ok && (sqlite3_prepare_v2(h->db, "SELECT start_seq FROM rules WHERE fingerprint = ?", -1, &get, NULL) !=
	                   SQLITE_OK ||
	           sqlite3_prepare_v2(h->db, "INSERT INTO rules VALUES (?, ?)", -1, &put, NULL) != SQLITE_OK ||
	           sqlite3_prepare_v2(h->db, "INSERT OR IGNORE INTO current_rules VALUES (?)", -1, &drop, NULL) !=
	                   SQLITE_OK)) {
		history_fail(h, "cannot read the rules table", 1);
		ok = 0;
		goto out;
	}
	for (size_t i = 0; ok && i < n; i++) {
		sqlite3_bind_text(get, 1, fps[i], -1, SQLITE_STATIC);
		int rc = sqlite3_step(get);
		if (rc == SQLITE_ROW) {
			start_out[i] = sqlite3_column_int64(get, 0);
		} else if (rc == SQLITE_DONE) {
			start_out[i] = c.head_seq + 1;
			sqlite3_bind_text(put, 1, fps[i], -1, SQLITE_STATIC);
			sqlite3_bind_int64(put, 2, start_out[i]);
			ok = sqlite3_step(put) == SQLITE_DONE;
			sqlite3_reset(put);
		} else {
			ok = 0;
		}
		sqlite3_reset(get);
		if (ok) {
			sqlite3_bind_text(drop, 1, fps[i], -1, SQLITE_STATIC);
			ok = sqlite3_step(drop) == SQLITE_DONE;
			sqlite3_reset(drop);
		}
	}
	if (!ok) {
		history_fail(h, "cannot record the policy's rules", 1);
		goto out;
	}
	ok = history_exec(h, "DELETE FROM rules WHERE fingerprint NOT IN (SELECT fingerprint FROM current_rules)",
	                  "cannot forget the rules no longer in the policy") == 0;
out:
	sqlite3_finalize(get);
	sqlite3_finalize(put);
	sqlite3_finalize(drop);
	return ok ? 0 : -1;
}
