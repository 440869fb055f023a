/* unescape.h -- Cedar string-literal escapes (Rust string rules: \n \r \t
 * \\ \0 \' \" \xHH (<= 7F) \u{...} and backslash-newline continuation).
 * Pattern mode (RHS of `like`) additionally turns `\*` into a literal star
 * and an unescaped `*` into a wildcard. */
#ifndef BOX_POLICY_UNESCAPE_H
#define BOX_POLICY_UNESCAPE_H

#include <stddef.h>
#include <stdint.h>

#include "common/arena.h"

/* Decoded string into arena memory (NUL-terminated, length in *outlen).
 * Returns NULL with err on a bad escape. */
char *unescape_string(struct arena *, const char *s, size_t n, size_t *outlen,
                      char *err, size_t errlen);

/* Pattern: elements are bytes 0..255, or PATTERN_WILDCARD. */
#define PATTERN_WILDCARD (-1)
struct pattern {
	int16_t *el;
	size_t n;
};
int unescape_pattern(struct arena *, const char *s, size_t n, struct pattern *out,
                     char *err, size_t errlen);

/* Whole-string match (see dogwood.md 3.2). */
int pattern_match(const struct pattern *, const char *text, size_t n);

#endif
