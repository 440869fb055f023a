/* broker/effects/decide.h -- one policy decision plus its decision-log
 * record, shared by the file effects and the egress gateway. */
#ifndef BOX_EFFECTS_DECIDE_H
#define BOX_EFFECTS_DECIDE_H

#include <json-c/json.h>

#include <stdint.h>

struct gate;
struct decision_log;
struct decision_record;

enum { BOX_DECIDE_DENY = 0, BOX_DECIDE_PERMIT = 1 };

/* Decides action on input through gate (its policy: NULL = deny everything;
 * its history, when the policy has temporal rules) and appends one
 * record to log (NULL = none): tmpl gives the request-side attributes
 * (resource, file_path, server_address/port, http_method); verdict, cause,
 * rule, reason and determining ids are filled here.  On deny *denial is the
 * malloc'ed denial text naming msg_subject (what the script sees); a policy
 * that cannot evaluate the request, or a record that cannot be written,
 * denies too (fail closed).  *request_seq: the request event's place in
 * history for gate_outcome after the act (0: nothing to record). */
int box_decide(struct gate *gate, struct decision_log *log, const char *action,
               json_object *input, const struct decision_record *tmpl, const char *msg_subject,
               char **denial, int64_t *request_seq);

#endif
