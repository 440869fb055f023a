/* broker/egress/placeholders.h -- the phantom values an agent is given in
 * place of a box's credentials (strands-box.md section 4
 * secret.phantom_prefix, section 6 "Credential injection").
 *
 * A placeholder is the binding's phantom_prefix followed by 64 random hex
 * digits.  They are stable for a box: kept in
 * <box_dir>/private/egress-placeholders (0600, never reachable by the
 * worker), one "<binding>\t<VARIABLE>\t<value>" line each, made under the
 * box's state lock the first time a binding needs them (and again when its
 * phantom_prefix changes).  The variable is NAME for env://NAME, and
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for aws://. */
#ifndef BOX_EGRESS_PLACEHOLDERS_H
#define BOX_EGRESS_PLACEHOLDERS_H

#include <stddef.h>
#include <stdio.h>

struct box_config;

struct egress_placeholder {
  const char *binding;  /* [egress.<binding>] (the config's string) */
  char variable[128];   /* the agent's environment variable */
  char *value;
};

struct egress_placeholders {
  struct egress_placeholder *v;
  size_t n;
};

/* The placeholders of every binding of cfg, in file order (made and stored
 * when missing).  box_dir must be prepared.  0, or -1 with
 * "box-broker: error: ..." in err. */
int egress_placeholders_load(const struct box_config *cfg, struct egress_placeholders *out,
                             char *err, size_t errlen);
void egress_placeholders_free(struct egress_placeholders *p);
/* The value for (binding, variable), or NULL. */
const char *egress_placeholder_find(const struct egress_placeholders *p, const char *binding,
                                    const char *variable);
/* "VARIABLE='value'" lines (shell-quoted), for --placeholders. */
void egress_placeholders_print(const struct egress_placeholders *p, FILE *out);

#endif
