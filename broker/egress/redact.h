/* broker/egress/redact.h -- scrubs copies of a credential from what an
 * origin answered a credentialed request, before the worker sees it
 * (strands-box.md section 6: "copies of the real secret in response
 * headers/body are replaced with [REDACTED]"). */
#ifndef BOX_EGRESS_REDACT_H
#define BOX_EGRESS_REDACT_H

#include <stddef.h>

#define EGRESS_REDACTED "[REDACTED]"

/* Replaces every copy of each of the n texts in buf[0..*len) with
 * [REDACTED].  Returns buf itself when nothing was found (the fast path:
 * one memmem per text), else a new malloc'ed buffer (buf is freed) with
 * *len updated.  buf may be NULL when *len is 0. */
void *egress_redact(void *buf, size_t *len, char *const *texts, size_t n);

#endif
