/* broker/config/config_int.h -- internals shared by the box.toml loader's files
 * (config.c: top level, paths, errors; config_agent.c: [agent];
 * config_egress.c: [egress.*] and [telemetry.*]).  Not a public header. */
#ifndef BOX_BROKER_CONFIG_INT_H
#define BOX_BROKER_CONFIG_INT_H

#include <stddef.h>

#include "broker/config/config.h"
#include "common/toml.h"

struct cfg_loader {
  const char *file; /* box.toml as the operator named it (for messages) */
  char *err;
  size_t errlen;
  int failed;
  struct box_config *cfg;
  int box_dir_line, policy_line, agent_home_line;
};

/* Writes "box-broker: error: <file>:<line>: <key>: <message>" (no line when
 * line is 0) once; returns -1. */
int cfg_fail(struct cfg_loader *L, int line, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "box-broker: note: <file>:<line>: <what> is accepted and ignored: <why>" on stderr. */
void cfg_note(struct cfg_loader *L, int line, const char *what, const char *why);
int cfg_unknown_key(struct cfg_loader *L, int line, const char *key, const char *accepted);

/* Type checks: 0 or -1 with the refusal written. */
int cfg_string(struct cfg_loader *L, const struct toml_value *v, int line, const char *key,
               const char **out);
int cfg_table(struct cfg_loader *L, const struct toml_value *v, int line, const char *key);
int cfg_string_array(struct cfg_loader *L, const struct toml_value *v, int line, const char *key);

/* "prefix.key" into out (key may hold any bytes up to keylen). */
void cfg_keyname(char *out, size_t outlen, const char *prefix, const char *key, size_t keylen);
char *cfg_strdup(struct cfg_loader *L, const char *s);

/* Paths: lexical normalisation; "~" and relative resolution. */
char *cfg_normalize(const char *abs);
char *cfg_resolve(struct cfg_loader *L, const char *spelling, int allow_relative, int line,
                  const char *key);
int cfg_path_within(const char *path, const char *dir);

int cfg_load_agent(struct cfg_loader *L, const struct toml_value *agent, int line);
int cfg_load_egress(struct cfg_loader *L, const struct toml_value *egress, int line);
int cfg_load_telemetry(struct cfg_loader *L, const struct toml_value *telemetry, int line);
/* After the whole file: what the [agent.filesystem] grants may reach
 * (config_grants.c).  0, or -1 with the refusal written. */
int cfg_check_grants(struct cfg_loader *L);

#endif
