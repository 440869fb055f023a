/* ext.h -- the Cedar extension types: decimal, ipaddr, datetime, duration.
 * Constructors parse a string (length-counted) and return 0, or -1 with a
 * message; methods are dispatched by name from the evaluator. */
#ifndef BOX_POLICY_EXT_H
#define BOX_POLICY_EXT_H

#include <stddef.h>
#include <stdint.h>

#include "broker/policy/value.h"

int ext_parse_decimal(const char *s, size_t n, int64_t *out, char *err, size_t errlen);
int ext_parse_ip(const char *s, size_t n, struct ipaddr *out, char *err, size_t errlen);
int ext_parse_datetime(const char *s, size_t n, int64_t *out, char *err, size_t errlen);
int ext_parse_duration(const char *s, size_t n, int64_t *out, char *err, size_t errlen);

/* Is name one of the extension constructor functions (ip, decimal, datetime,
 * duration)?  Returns the value kind it builds, or -1. */
int ext_constructor_kind(struct str name);
/* Build an extension value from a String value (kind from above). */
const struct value *ext_construct(struct arena *, int kind, const struct value *arg,
                                  char *err, size_t errlen);

/* Number of arguments (besides the receiver) of an extension method, or -1
 * when name is not an extension method. */
int ext_method_arity(struct str name);
/* Apply an extension method.  NULL with err on a type error or overflow. */
const struct value *ext_method(struct arena *, struct str name, const struct value *recv,
                               const struct value *arg, char *err, size_t errlen);

/* ipaddr helpers used by tests */
int ip_in_range(const struct ipaddr *child, const struct ipaddr *parent);

#endif
