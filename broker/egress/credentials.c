/* broker/egress/credentials.c -- resolves the secret references of a box's
 * [egress.<name>] tables once, at start (see credentials.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/error_text.h"
#include "broker/egress/credentials.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/config/config.h"
#include "broker/egress/placeholders.h"

#define AWS_FILE_MAX (1u << 20)


static void wipe_free(char *s)
{
  if (s != NULL) {
    explicit_bzero(s, strlen(s));
    free(s);
  }
}

char *egress_env_secret(const char *ref, const char **why)
{
  const char *name = ref + strlen("env://");
  const char *v = getenv(name);
  if (v == NULL) {
    *why = "is not set";
    return NULL;
  }
  if (*v == '\0') {
    *why = "is empty";
    return NULL;
  }
  char *copy = strdup(v);
  if (copy == NULL)
    abort();
  return copy;
}

/* ---- aws:// ------------------------------------------------------------------ */

static char *trim(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
  return s;
}

/* Whether the profile's section of the AWS config file (AWS_CONFIG_FILE,
 * else ~/.aws/config: "[profile NAME]", or "[default]") names a
 * credential_process, the usual place for one; the file's path into path. */
static int config_file_runs_process(const struct box_config *cfg, const char *profile,
                                    char *path, size_t pathlen)
{
  const char *env = getenv("AWS_CONFIG_FILE");
  if (env != NULL && *env != '\0')
    snprintf(path, pathlen, "%s", env);
  else
    snprintf(path, pathlen, "%s/.aws/config", cfg->operator_home);
  FILE *f = fopen(path, "re");
  if (f == NULL)
    return 0;
  char line[4096];
  int in_profile = 0, runs = 0;
  size_t total = 0;
  while (!runs && fgets(line, sizeof line, f) != NULL && (total += strlen(line)) <= AWS_FILE_MAX) {
    char *s = trim(line);
    if (*s == '[') {
      char *end = strchr(s, ']');
      if (end != NULL) {
        *end = '\0';
        char *name = trim(s + 1);
        if (strncmp(name, "profile", 7) == 0 && isspace((unsigned char)name[7]))
          name = trim(name + 8);
        in_profile = strcmp(name, profile) == 0;
      }
      continue;
    }
    char *eq = strchr(s, '=');
    if (in_profile && eq != NULL) {
      *eq = '\0';
      runs = strcmp(trim(s), "credential_process") == 0;
    }
  }
  explicit_bzero(line, sizeof line);
  fclose(f);
  return runs;
}

/* The keys of [profile] in the shared credentials file. */
static int load_aws(const struct box_config *cfg, const struct box_egress *g,
                    struct egress_binding *b, char *err, size_t errlen)
{
  const char *profile = g->secret_ref + strlen("aws://");
  char path[4200];
  const char *env = getenv("AWS_SHARED_CREDENTIALS_FILE");
  if (env != NULL && *env != '\0')
    snprintf(path, sizeof path, "%s", env);
  else
    snprintf(path, sizeof path, "%s/.aws/credentials", cfg->operator_home);
  FILE *f = fopen(path, "re");
  if (f == NULL)
    return broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: cannot read the AWS shared credentials file %s (%s)",
                cfg->path, g->line, g->name, path, strerror(errno));
  char line[4096];
  int in_profile = 0, found = 0, rc = 0;
  size_t total = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    total += strlen(line);
    if (total > AWS_FILE_MAX)
      break;
    char *s = trim(line);
    if (*s == '#' || *s == ';' || *s == '\0')
      continue;
    if (*s == '[') {
      char *end = strchr(s, ']');
      if (end != NULL) {
        *end = '\0';
        in_profile = strcmp(trim(s + 1), profile) == 0;
        found |= in_profile;
      }
      continue;
    }
    if (!in_profile)
      continue;
    char *eq = strchr(s, '=');
    if (eq == NULL)
      continue;
    *eq = '\0';
    char *key = trim(s), *val = trim(eq + 1);
    char **slot = NULL;
    if (strcmp(key, "aws_access_key_id") == 0)
      slot = &b->aws_key_id;
    else if (strcmp(key, "aws_secret_access_key") == 0)
      slot = &b->aws_secret_key;
    else if (strcmp(key, "aws_session_token") == 0)
      slot = &b->aws_session_token;
    else if (strcmp(key, "credential_process") == 0) {
      rc = broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: profile \"%s\" of %s uses credential_process, which box does not run; give the profile static keys (aws_access_key_id, aws_secret_access_key)",
                cfg->path, g->line, g->name, profile, path);
      break;
    }
    if (slot != NULL && *val != '\0') {
      wipe_free(*slot);
      *slot = strdup(val);
      if (*slot == NULL)
        abort();
    }
  }
  explicit_bzero(line, sizeof line);
  fclose(f);
  if (rc != 0)
    return rc;
  char config_path[4200];
  if ((!found || b->aws_key_id == NULL || b->aws_secret_key == NULL) &&
      config_file_runs_process(cfg, profile, config_path, sizeof config_path))
    return broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: profile \"%s\" of %s uses credential_process, which box does not run; give the profile static keys (aws_access_key_id, aws_secret_access_key) in %s",
                cfg->path, g->line, g->name, profile, config_path, path);
  if (!found)
    return broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: %s has no profile [%s]", cfg->path,
                g->line, g->name, path, profile);
  if (b->aws_key_id == NULL || b->aws_secret_key == NULL)
    return broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: profile [%s] of %s lacks aws_access_key_id or aws_secret_access_key",
                cfg->path, g->line, g->name, profile, path);
  return 0;
}

/* ---- the bindings ---------------------------------------------------------- */

int egress_credentials_load(const struct box_config *cfg, struct egress_credentials **out,
                            char *err, size_t errlen)
{
  *out = NULL;
  if (cfg->n_egress == 0)
    return 0;
  struct egress_credentials *c = calloc(1, sizeof *c);
  if (c == NULL)
    abort();
  c->v = calloc(cfg->n_egress, sizeof *c->v);
  if (c->v == NULL)
    abort();
  for (size_t i = 0; i < cfg->n_egress; i++) {
    const struct box_egress *g = &cfg->egress[i];
    struct egress_binding *b = &c->v[c->n++];
    b->cfg = g;
    b->always = strcmp(g->secret_inject, "always") == 0;
    if (strncmp(g->secret_ref, "env://", 6) == 0) {
      const char *why = NULL;
      b->kind = EGRESS_SECRET_ENV;
      b->secret = egress_env_secret(g->secret_ref, &why);
      if (b->secret == NULL) {
        broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: the environment variable %s %s; set it in box-broker's environment (env:// is read once, when the broker starts)",
             cfg->path, g->line, g->name, g->secret_ref + 6, why);
        egress_credentials_free(c);
        return -1;
      }
    } else if (strncmp(g->secret_ref, "aws://", 6) == 0) {
      b->kind = EGRESS_SECRET_AWS;
      if (load_aws(cfg, g, b, err, errlen) != 0) {
        egress_credentials_free(c);
        return -1;
      }
    } else { /* the loader refuses credsd:// already; never trust that here */
      broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: only env:// and aws:// references are supported",
           cfg->path, g->line, g->name);
      egress_credentials_free(c);
      return -1;
    }
  }
  struct egress_placeholders ph;
  if (egress_placeholders_load(cfg, &ph, err, errlen) != 0) {
    egress_credentials_free(c);
    return -1;
  }
  for (size_t i = 0; i < c->n; i++) {
    struct egress_binding *b = &c->v[i];
    for (size_t k = 0; k < ph.n; k++) {
      if (strcmp(ph.v[k].binding, b->cfg->name) != 0)
        continue;
      int slot = b->kind == EGRESS_SECRET_AWS && strcmp(ph.v[k].variable, "AWS_SECRET_ACCESS_KEY") == 0;
      b->placeholder[slot] = ph.v[k].value;
      ph.v[k].value = NULL;
    }
  }
  egress_placeholders_free(&ph);
  /* A broker started with the agent's environment reads placeholders, not
   * secrets: say so rather than swap a placeholder for itself. */
  for (size_t i = 0; i < c->n; i++) {
    const struct egress_binding *b = &c->v[i];
    const char *held = b->kind == EGRESS_SECRET_ENV ? b->secret : b->aws_key_id;
    if (held != NULL && b->placeholder[0] != NULL && strstr(held, b->placeholder[0]) != NULL) {
      broker_error(err, errlen, "%s:%d: egress.%s.secret.ref: %s holds the box's placeholder, not the secret; start box-broker with the operator's environment",
           cfg->path, b->cfg->line, b->cfg->name, b->cfg->secret_ref);
      egress_credentials_free(c);
      return -1;
    }
  }
  *out = c;
  return 0;
}

void egress_credentials_free(struct egress_credentials *c)
{
  if (c == NULL)
    return;
  for (size_t i = 0; i < c->n; i++) {
    struct egress_binding *b = &c->v[i];
    wipe_free(b->secret);
    wipe_free(b->aws_key_id);
    wipe_free(b->aws_secret_key);
    wipe_free(b->aws_session_token);
    free(b->placeholder[0]);
    free(b->placeholder[1]);
  }
  free(c->v);
  free(c);
}
