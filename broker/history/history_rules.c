/* broker/history/history_rules.c -- which events each rule of the current
 * policy may see: the newest 'R' record of the log maps each rule's
 * fingerprint to the seq of the first event recorded after that rule was
 * installed.  An unchanged rule keeps its start (and so its state) across
 * edits of the policy file; a new or changed rule starts at the next
 * event.  A new 'R' record is appended only when the set changes, inside
 * the caller's transaction (the same write() as its events). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "broker/history/history_int.h"

static const struct history_rule *stored(const struct history *h, const char *fp)
{
	for (size_t i = 0; i < h->nrules; i++)
		if (strcmp(h->rules[i].fp, fp) == 0)
			return &h->rules[i];
	return NULL;
}

int history_rule_starts(struct history *h, const char *const *fps, size_t n, int64_t *start_out)
{
	int own;
	if (history_change_begin(h, &own) < 0)
		return -1;
	int changed = n != h->nrules;
	for (size_t i = 0; i < n; i++) {
		const struct history_rule *r = stored(h, fps[i]);
		start_out[i] = r ? r->start : h->cur_seq + 1;
		changed |= r == NULL;
	}
	/* a new rule, or one no longer given (forgotten: written again later,
	 * it starts afresh) */
	if (changed)
		history_encode_rules(&h->pending, fps, start_out, n);
	return history_change_end(h, own, 1);
}
