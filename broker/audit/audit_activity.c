/* broker/audit/audit_activity.c -- the audit's "activity" section: what
 * policy has decided so far, from the decision log (broker/decision_log.h,
 * strands-box.md 5).  Counts by action, verdict and rule, and the ten most
 * recent denials.  The log is read only if it exists, without its lock
 * (each record is one write(), so a line is whole or absent); nothing is
 * created.  Lines that are not decision records (control records, other
 * scopes) are skipped; lines that are not JSON are counted as unreadable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "broker/audit/audit_int.h"
#include "broker/decision_log_read.h"

enum { RECENT_DENIALS = 10 };

struct denial {
  char *time, *action, *resource, *rule, *reason;
};

struct activity {
  json_object *by_action, *by_verdict, *by_rule;
  size_t records, unreadable;
  struct denial recent[RECENT_DENIALS]; /* ring */
  size_t ndenials;
};

static void bump(json_object *counts, const char *key)
{
  json_object *n;
  if (json_object_object_get_ex(counts, key, &n))
    json_object_set_int64(n, json_object_get_int64(n) + 1);
  else
    json_object_object_add(counts, key, json_object_new_int64(1));
}

static char *dup_or(const char *s, const char *fallback)
{
  char *d = strdup(s && *s ? s : fallback);
  if (d == NULL)
    abort();
  return d;
}

static void denial_free(struct denial *d)
{
  free(d->time);
  free(d->action);
  free(d->resource);
  free(d->rule);
  free(d->reason);
  memset(d, 0, sizeof *d);
}

static void take_record(const struct decision_entry *e, void *ud)
{
  struct activity *A = ud;
  A->records++;
  bump(A->by_action, *e->action ? e->action : "(none)");
  bump(A->by_verdict, *e->verdict ? e->verdict : "(none)");
  bump(A->by_rule, *e->rule ? e->rule : "(none)");
  if (strcmp(e->verdict, "deny") == 0) {
    struct denial *d = &A->recent[A->ndenials % RECENT_DENIALS];
    denial_free(d);
    d->time = dup_or(e->time, "");
    d->action = dup_or(e->action, "");
    d->resource = dup_or(e->resource, "");
    d->rule = dup_or(e->rule, "");
    d->reason = dup_or(e->reason, "");
    A->ndenials++;
  }
}

static json_object *recent_denials(struct activity *A)
{
  json_object *list = json_object_new_array();
  size_t n = A->ndenials < RECENT_DENIALS ? A->ndenials : RECENT_DENIALS;

  for (size_t i = 0; i < n; i++) { /* most recent first */
    struct denial *d = &A->recent[(A->ndenials - 1 - i) % RECENT_DENIALS];
    json_object *e = json_object_new_object();
    json_object_object_add(e, "time", json_object_new_string(d->time));
    json_object_object_add(e, "action", json_object_new_string(d->action));
    json_object_object_add(e, "resource", json_object_new_string(d->resource));
    json_object_object_add(e, "rule", json_object_new_string(d->rule));
    json_object_object_add(e, "reason", json_object_new_string(d->reason));
    json_object_array_add(list, e);
  }
  return list;
}

json_object *audit_activity_section(const struct box_config *cfg)
{
  json_object *section = json_object_new_object();
  struct activity A;
  char buf[4096];
  const char *path = decision_log_review_path(cfg, buf, sizeof buf);
  FILE *f = path ? fopen(path, "re") : NULL;

  memset(&A, 0, sizeof A);
  A.by_action = json_object_new_object();
  A.by_verdict = json_object_new_object();
  A.by_rule = json_object_new_object();
  if (f != NULL) {
    decision_log_each(f, take_record, &A, &A.unreadable);
    fclose(f);
  }
  json_object_object_add(section, "log", path ? json_object_new_string(path) : NULL);
  json_object_object_add(section, "present", json_object_new_boolean(f != NULL));
  json_object_object_add(section, "decisions", json_object_new_int64((int64_t)A.records));
  json_object_object_add(section, "unreadable_lines", json_object_new_int64((int64_t)A.unreadable));
  json_object_object_add(section, "by_action", A.by_action);
  json_object_object_add(section, "by_verdict", A.by_verdict);
  json_object_object_add(section, "by_rule", A.by_rule);
  json_object_object_add(section, "recent_denials", recent_denials(&A));
  for (size_t i = 0; i < RECENT_DENIALS; i++)
    denial_free(&A.recent[i]);
  return section;
}
