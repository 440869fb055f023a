/* broker/error_text.c -- "box-broker: error: ..." messages (error_text.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "broker/error_text.h"

int
broker_error(char *err, size_t errlen, const char *fmt, ...)
{
  int n = snprintf(err, errlen, "box-broker: error: ");
  if (n >= 0 && (size_t)n < errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}
