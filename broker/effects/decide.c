/* broker/effects/decide.c -- policy decision + decision-log record (see
 * decide.h). */
#include "broker/effects/decide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/decision_log.h"
#include "broker/effects/fxbuf.h"
#include "broker/effects/gate.h"
#include "broker/policy/policy.h"

static char *fault_text(const char *subject, int storage_fault)
{
  struct fxbuf b = {0};
  fxbuf_printf(&b, "policy denied this operation on '%s' because %s.", subject,
               storage_fault ? "the box's history cannot be read or written"
                             : "the request could not be evaluated");
  return fxbuf_take(&b);
}

int box_decide(struct gate *gate, struct decision_log *log, const char *action,
               json_object *input, const struct decision_record *tmpl, const char *msg_subject,
               char **denial, int64_t *request_seq)
{
  struct policy_decision d;
  char err[512];
  struct decision_record rec = *tmpl;
  char *reason = NULL;
  int verdict;
  int storage_fault = 0;
  *denial = NULL;
  *request_seq = 0;
  if (gate_decide(gate, action, input, &d, request_seq, &storage_fault, err, sizeof err) != 0) {
    reason = fault_text(rec.resource, storage_fault);
    *denial = fault_text(msg_subject, storage_fault);
    rec.verdict = "deny";
    rec.cause = "internal_fault";
    rec.rule = "<default-deny>";
    rec.error_type = "strands.box.policy.evaluation_error";
    rec.reason = reason;
    verdict = BOX_DECIDE_DENY;
    memset(&d, 0, sizeof d);
  } else {
    verdict = d.allow ? BOX_DECIDE_PERMIT : BOX_DECIDE_DENY;
    rec.verdict = d.allow ? "permit" : "deny";
    rec.cause = d.cause;
    rec.rule = d.nrules ? d.rules[0] : "<default-deny>";
    rec.description = d.nrules ? d.descriptions[0] : NULL;
    rec.determining_ids = (const char *const *)d.rules;
    rec.n_determining = d.nrules;
    if (!d.allow) {
      reason = policy_denial_text(&d, rec.resource);
      *denial = policy_denial_text(&d, msg_subject);
      if (reason == NULL || *denial == NULL)
        abort();
      rec.reason = reason;
    }
  }
  if (log != NULL && decision_log_append(log, &rec, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    if (verdict == BOX_DECIDE_PERMIT) {
      free(*denial);
      *denial = fault_text(msg_subject, 0);
      verdict = BOX_DECIDE_DENY;
      /* the act will not happen */
      gate_outcome(gate, *request_seq, action, input, GATE_FAILED, -1);
      *request_seq = 0;
    }
  }
  if (verdict != BOX_DECIDE_PERMIT)
    *request_seq = 0; /* nothing happens after a denial: no outcome to record */
  free(reason);
  policy_decision_clear(&d);
  return verdict;
}
