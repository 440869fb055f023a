/* broker/egress/credentials.h -- the [egress.<name>] bindings of a box with
 * their secrets resolved, read once when the broker starts
 * (strands-box.md section 4 [egress.<name>], section 6 "Credential
 * injection").
 *
 *   env://NAME     the value of NAME in box-broker's own environment
 *                  (unset or empty: the box is refused, naming the table
 *                  and the variable)
 *   aws://PROFILE  static keys of PROFILE in the operator's AWS shared
 *                  credentials file ($AWS_SHARED_CREDENTIALS_FILE, else
 *                  ~/.aws/credentials): aws_access_key_id,
 *                  aws_secret_access_key, aws_session_token;
 *                  credential_process is refused
 *   credsd://NAME  refused by the loader (no protocol is specified yet)
 *
 * Each binding also has its placeholders (placeholders.h): what the agent
 * is given instead of the secret.  Secrets live only in this broker's
 * memory; egress_credentials_free wipes them. */
#ifndef BOX_EGRESS_CREDENTIALS_H
#define BOX_EGRESS_CREDENTIALS_H

#include <stddef.h>

struct box_config;
struct box_egress;

enum egress_secret_kind { EGRESS_SECRET_ENV, EGRESS_SECRET_AWS };

struct egress_binding {
  const struct box_egress *cfg; /* the table (owned by the config) */
  enum egress_secret_kind kind;
  int always;                   /* secret.inject = "always" */
  char *secret;                 /* env: the credential (basic_auth: "user:password") */
  char *aws_key_id;             /* aws: the static keys */
  char *aws_secret_key;
  char *aws_session_token;      /* or NULL */
  /* Placeholders: env: [0] for NAME; aws: [0] AWS_ACCESS_KEY_ID, [1]
   * AWS_SECRET_ACCESS_KEY. */
  char *placeholder[2];
};

struct egress_credentials {
  struct egress_binding *v;
  size_t n;
};

/* Resolves every binding of cfg and loads (or makes) its placeholders;
 * box_dir must be prepared.  0 and *out (NULL when cfg binds nothing), or
 * -1 with "box-broker: error: ..." in err. */
int egress_credentials_load(const struct box_config *cfg, struct egress_credentials **out,
                            char *err, size_t errlen);
/* Wipes the secrets and frees.  NULL is fine. */
void egress_credentials_free(struct egress_credentials *c);

/* Reads the value of NAME from env:// REF ("env://NAME") out of the
 * broker's environment: a malloc'ed copy, or NULL with why ("is not set",
 * "is empty"). */
char *egress_env_secret(const char *ref, const char **why);

#endif
