/* tests/fuzz/fuzz_toml.c -- libFuzzer target for common/toml: any bytes must
 * parse or be refused with a message, never crash; a parsed tree is walked
 * in full through the public accessors. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/toml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const struct toml_value *v, int depth) {
  size_t n = 1;
  if (depth > 1000)
    return n;
  switch (toml_type(v)) {
  case TOML_TABLE:
    for (size_t i = 0; i < toml_table_size(v); i++) {
      size_t kl;
      const char *k = toml_table_key(v, i, &kl);
      n += kl + (size_t)toml_table_key_line(v, i);
      if (strlen(k) == kl && toml_table_get(v, k) == NULL)
        __builtin_trap(); /* every key must be found again */
      n += walk(toml_table_value(v, i), depth + 1);
    }
    break;
  case TOML_ARRAY:
    for (size_t i = 0; i < toml_array_size(v); i++)
      n += walk(toml_array_at(v, i), depth + 1);
    break;
  case TOML_STRING: {
    size_t len;
    const char *s = toml_string(v, &len);
    if (s[len] != '\0')
      __builtin_trap();
    break;
  }
  default:
    n += (size_t)toml_line(v) + (size_t)toml_column(v);
    break;
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[256];
  struct toml_doc *doc = toml_parse((const char *)data, size, err, sizeof err);
  if (doc == NULL) {
    if (err[0] == '\0')
      __builtin_trap(); /* a refusal always says why */
    return 0;
  }
  volatile size_t n = walk(toml_root(doc), 0);
  (void)n;
  toml_free(doc);
  return 0;
}
