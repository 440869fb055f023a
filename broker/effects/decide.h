/* broker/effects/decide.h -- one policy decision plus its decision-log
 * record, shared by the file effects and the egress gateway. */
#ifndef BOX_EFFECTS_DECIDE_H
#define BOX_EFFECTS_DECIDE_H

#include <json-c/json.h>

struct policy;
struct decision_log;
struct decision_record;

enum { BOX_DECIDE_DENY = 0, BOX_DECIDE_PERMIT = 1 };

/* Decides action on input with pol (NULL = deny everything) and appends one
 * record to log (NULL = none): tmpl gives the request-side attributes
 * (resource, file_path, server_address/port, http_method); verdict, cause,
 * rule, reason and determining ids are filled here.  On deny *denial is the
 * malloc'ed denial text naming msg_subject (what the script sees); a policy
 * that cannot evaluate the request, or a record that cannot be written,
 * denies too (fail closed). */
int box_decide(const struct policy *pol, struct decision_log *log, const char *action,
               json_object *input, const struct decision_record *tmpl, const char *msg_subject,
               char **denial);

#endif
