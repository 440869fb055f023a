/* broker/error_text.h -- the one way the broker's loaders write an error
 * for the caller to print: "box-broker: error: <message>" into a buffer. */
#ifndef BOX_BROKER_ERROR_TEXT_H
#define BOX_BROKER_ERROR_TEXT_H

#include <stddef.h>

/* Writes "box-broker: error: " and the printf-formatted message into err
 * (truncated to errlen); returns -1, for `return broker_error(...)`. */
int broker_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
