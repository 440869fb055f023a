/* broker/log_view.h -- `box-broker --config FILE --log`: the decision log as
 * one readable line per decision. */
#ifndef BOX_BROKER_LOG_VIEW_H
#define BOX_BROKER_LOG_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "broker/config/config.h"

struct log_view_options {
  int denied_only;       /* --denied */
  int64_t since_s;       /* --since DURATION in seconds; 0 = everything */
  int json;              /* --json: one JSON object per line */
};

/* Parses a duration such as "90s", "15m", "2h", "7d" (a bare number is
 * seconds).  Returns 0 and *out, or -1. */
int log_view_parse_duration(const char *text, int64_t *out);

/* Prints the decisions of cfg's log to out.  Returns 0, or -1 with a
 * message in err (the log cannot be read). */
int log_view_print(const struct box_config *cfg, const struct log_view_options *o, FILE *out,
                   char *err, size_t errlen);

#endif
