/* broker/config/config_egress.c -- the [egress.<name>] and [telemetry.<label>]
 * tables of box.toml.  Egress tables bind a credential *reference* to
 * destinations; nothing here reads a secret.  Telemetry tables name where
 * decision records go. */
#include <config.h> /* autoconf; "config.h" here would be broker/config/config.h */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "broker/config/config_int.h"

static int is_label_char(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

/* A table label ([egress.<name>], [telemetry.<label>]): one component. */
static int check_label(struct cfg_loader *L, const char *k, size_t kl, int line, const char *key) {
  int ok = kl > 0 && kl <= 32 && strlen(k) == kl && strcmp(k, ".") != 0 && strcmp(k, "..") != 0;
  for (size_t i = 0; ok && i < kl; i++)
    ok = is_label_char((unsigned char)k[i]);
  if (ok)
    return 0;
  return cfg_fail(L, line, key, "the label is invalid; use one component of letters, digits, '.', '_', or '-' (at most 32 bytes)");
}

static int set_str(struct cfg_loader *L, char **slot, const char *s) {
  free(*slot);
  *slot = cfg_strdup(L, s);
  return *slot ? 0 : -1;
}

static int has_control(const char *s) {
  for (; *s; s++)
    if ((unsigned char)*s < 0x20 || *s == 0x7F)
      return 1;
  return 0;
}

/* ---- destinations ----------------------------------------------------------- */

static int check_destination(struct cfg_loader *L, char *d, int line, const char *key) {
  const char *accepted = "write host, host:port, *.domain, host/prefix or host/*/suffix";
  if (*d == '\0')
    return cfg_fail(L, line, key, "an empty destination; %s", accepted);
  if (strstr(d, "://") != NULL)
    return cfg_fail(L, line, key, "\"%s\" names a scheme; %s", d, accepted);
  if (has_control(d) || strpbrk(d, " \t?#") != NULL)
    return cfg_fail(L, line, key, "\"%s\" contains a space, control character, '?' or '#'; %s", d, accepted);
  size_t hostlen = strcspn(d, "/");
  char *colon = memchr(d, ':', hostlen);
  size_t namelen = colon ? (size_t)(colon - d) : hostlen;
  const char *name = d;
  if (namelen >= 2 && d[0] == '*' && d[1] == '.') {
    name += 2;
    namelen -= 2;
  }
  if (namelen == 0)
    return cfg_fail(L, line, key, "\"%s\" has no host (catch-all destinations are not accepted); %s", d, accepted);
  for (size_t i = 0; i < namelen; i++) {
    unsigned char c = (unsigned char)name[i];
    if (!(isalnum(c) || c == '.' || c == '-'))
      return cfg_fail(L, line, key, "\"%s\": the host may hold only letters, digits, '.' and '-' (a leading \"*.\" matches subdomains); %s",
                      d, accepted);
  }
  if (colon != NULL) {
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (end == colon + 1 || end != d + hostlen || port < 1 || port > 65535 || colon[1] == '+' || colon[1] == '-')
      return cfg_fail(L, line, key, "\"%s\": the port must be a number from 1 to 65535; %s", d, accepted);
  }
  for (size_t i = 0; i < hostlen; i++)
    d[i] = (char)tolower((unsigned char)d[i]);
  const char *path = d + hostlen;
  for (const char *p = path; *p; p++)
    if (*p == '*' && !(p[-1] == '/' && (p[1] == '/' || p[1] == '\0')))
      return cfg_fail(L, line, key, "\"%s\": '*' may stand only for a whole path segment; %s", d, accepted);
  return 0;
}

/* Two checked destinations (host lowercased) that one request could match:
 * their hosts meet ("*.d" is every name below d, not d itself), their ports
 * meet (none written = 443 and 80) and their paths meet (a path is a prefix
 * in whole segments, '*' one segment; none = every path). */
static int dest_host_len(const char *d) { return (int)strcspn(d, ":/"); }

static long dest_port(const char *d) {
  size_t h = strcspn(d, "/");
  const char *colon = memchr(d, ':', h);
  return colon ? strtol(colon + 1, NULL, 10) : 0;
}

static int hosts_meet(const char *a, int al, const char *b, int bl) {
  int aw = al >= 2 && a[0] == '*', bw = bl >= 2 && b[0] == '*';
  if (!aw && !bw)
    return al == bl && memcmp(a, b, (size_t)al) == 0;
  if (aw && !bw) { /* b strictly below a's domain */
    const char *dom = a + 1; /* ".example.com" */
    int dl = al - 1;
    return bl > dl && memcmp(b + bl - dl, dom, (size_t)dl) == 0;
  }
  if (!aw && bw)
    return hosts_meet(b, bl, a, al);
  /* both wildcards: one domain lies in (or is) the other */
  const char *da = a + 1, *db = b + 1;
  int dal = al - 1, dbl = bl - 1;
  if (dal >= dbl)
    return memcmp(da + dal - dbl, db, (size_t)dbl) == 0;
  return memcmp(db + dbl - dal, da, (size_t)dal) == 0;
}

static int ports_meet(long a, long b) {
  if (a == 0 && b == 0)
    return 1;
  if (a == 0)
    return b == 443 || b == 80;
  if (b == 0)
    return a == 443 || a == 80;
  return a == b;
}

/* Next non-empty segment of *p; its length in *len, NULL at the end. */
static const char *next_segment(const char **p, size_t *len) {
  while (**p == '/')
    (*p)++;
  if (**p == '\0')
    return NULL;
  const char *s = *p;
  *len = strcspn(s, "/");
  *p = s + *len;
  return s;
}

static int paths_meet(const char *a, const char *b) {
  size_t al, bl;
  const char *sa, *sb;
  while ((sa = next_segment(&a, &al)) != NULL && (sb = next_segment(&b, &bl)) != NULL) {
    int star = (al == 1 && *sa == '*') || (bl == 1 && *sb == '*');
    if (!star && (al != bl || memcmp(sa, sb, al) != 0))
      return 0;
  }
  return 1; /* one is a prefix of the other */
}

static int destinations_overlap(const char *a, const char *b) {
  int al = dest_host_len(a), bl = dest_host_len(b);
  return hosts_meet(a, al, b, bl) && ports_meet(dest_port(a), dest_port(b)) &&
         paths_meet(a + strcspn(a, "/"), b + strcspn(b, "/"));
}

static int load_destinations(struct cfg_loader *L, struct box_egress *g, const struct toml_value *v,
                             int line, const char *key) {
  if (cfg_string_array(L, v, line, key) < 0)
    return -1;
  size_t n = toml_array_size(v);
  if (n == 0)
    return cfg_fail(L, line, key, "the list is empty; name at least one destination (host, host:port, *.domain, host/prefix)");
  g->destinations = calloc(n, sizeof *g->destinations);
  if (g->destinations == NULL)
    return cfg_fail(L, line, key, "out of memory");
  for (size_t i = 0; i < n; i++) {
    const struct toml_value *e = toml_array_at(v, i);
    char *d = cfg_strdup(L, toml_string(e, NULL));
    if (d == NULL)
      return -1;
    g->destinations[g->n_destinations++] = d;
    if (check_destination(L, d, toml_line(e), key) < 0)
      return -1;
    for (size_t r = 0; r < L->cfg->n_egress + 1; r++) {
      const struct box_egress *o = &L->cfg->egress[r];
      for (size_t k = 0; k < o->n_destinations; k++)
        if (&o->destinations[k] != &g->destinations[g->n_destinations - 1]) {
          if (strcmp(o->destinations[k], d) == 0)
            return cfg_fail(L, toml_line(e), key, "\"%s\" is already a destination of [egress.%s]; name each destination once",
                            d, o->name);
          if (destinations_overlap(o->destinations[k], d))
            return cfg_fail(L, toml_line(e), key,
                            "\"%s\" overlaps \"%s\" of [egress.%s]: one request could match both; make them "
                            "disjoint (a request may match only one destination)",
                            d, o->destinations[k], o->name);
        }
    }
  }
  return 0;
}

/* ---- secret ----------------------------------------------------------------- */

static int check_secret_ref(struct cfg_loader *L, const char *ref, int line, const char *key) {
  static const char *const schemes[] = {"env://", "aws://", "credsd://"};
  for (size_t i = 0; i < 3; i++) {
    size_t n = strlen(schemes[i]);
    if (strncmp(ref, schemes[i], n) == 0 && ref[n] != '\0' && !has_control(ref)) {
      int collector = strncmp(key, "telemetry.", 10) == 0;
      if (i == 2)
        return cfg_fail(L, line, key, "credsd:// references are not supported yet (the credsd protocol is not specified); "
                        "use %s", collector ? "env://NAME" : "env://NAME or aws://PROFILE");
      if (i == 1 && collector)
        return cfg_fail(L, line, key, "a collector's credential is read from the environment; write env://NAME");
      return 0;
    }
  }
  /* Never echo the value: it may be a literal secret. */
  return cfg_fail(L, line, key,
                  "not a secret reference (literal secrets are refused); write env://NAME, aws://PROFILE or credsd://NAME");
}

static int load_secret(struct cfg_loader *L, struct box_egress *g, const struct toml_value *sec,
                       int line, const char *prefix) {
  if (cfg_table(L, sec, line, prefix) < 0)
    return -1;
  int placement_keys = 0, placement_line = 0;
  for (size_t i = 0; i < toml_table_size(sec); i++) {
    size_t kl;
    const char *k = toml_table_key(sec, i, &kl);
    const struct toml_value *v = toml_table_value(sec, i);
    int kline = toml_table_key_line(sec, i);
    char key[320];
    const char *s;
    cfg_keyname(key, sizeof key, prefix, k, kl);
    const char *leaf = key + strlen(prefix) + 1;
    static const char *const known[] = {"ref", "placement", "header", "prefix", "param", "inject", "phantom_prefix"};
    int found = -1;
    for (int j = 0; j < 7; j++)
      if (strcmp(leaf, known[j]) == 0)
        found = j;
    if (found < 0)
      return cfg_unknown_key(L, kline, key, "ref, placement, header, prefix, param, inject, phantom_prefix");
    if (cfg_string(L, v, kline, key, &s) < 0)
      return -1;
    switch (found) {
    case 0:
      if (check_secret_ref(L, s, kline, key) < 0 || set_str(L, &g->secret_ref, s) < 0)
        return -1;
      break;
    case 1:
      if (strcmp(s, "url_path") == 0)
        return cfg_fail(L, kline, key, "\"url_path\" is refused (a secret in a URL path leaks into logs); use header, basic_auth or query_param");
      if (strcmp(s, "header") && strcmp(s, "basic_auth") && strcmp(s, "query_param"))
        return cfg_fail(L, kline, key, "\"%s\" is not a placement; use header, basic_auth or query_param", s);
      if (set_str(L, &g->secret_placement, s) < 0)
        return -1;
      break;
    case 2:
      if (*s == '\0' || strpbrk(s, " :\t\r\n") != NULL || has_control(s))
        return cfg_fail(L, kline, key, "\"%s\" is not a header name; use a name such as Authorization", s);
      if (set_str(L, &g->secret_header, s) < 0)
        return -1;
      break;
    case 3:
      if (has_control(s) || strpbrk(s, "{}") != NULL)
        return cfg_fail(L, kline, key, "the prefix contains a control character or a brace; write plain text such as \"Bearer \"");
      if (set_str(L, &g->secret_prefix, s) < 0)
        return -1;
      break;
    case 4:
      if (*s == '\0' || has_control(s))
        return cfg_fail(L, kline, key, "the query parameter name is empty or holds a control character; name the parameter");
      if (set_str(L, &g->secret_param, s) < 0)
        return -1;
      break;
    case 5:
      if (strcmp(s, "phantom") && strcmp(s, "always"))
        return cfg_fail(L, kline, key, "\"%s\" is not accepted; use phantom or always", s);
      if (set_str(L, &g->secret_inject, s) < 0)
        return -1;
      break;
    default: {
      size_t n = strlen(s);
      int ok = n >= 1 && n <= 64;
      for (size_t j = 0; ok && j < n; j++)
        ok = isalnum((unsigned char)s[j]) || strchr("-_.~", s[j]) != NULL;
      if (!ok)
        return cfg_fail(L, kline, key, "the phantom prefix must be 1 to 64 characters of A-Z a-z 0-9 - _ . ~");
      if (set_str(L, &g->secret_phantom_prefix, s) < 0)
        return -1;
      break;
    }
    }
    if (found >= 1 && found <= 4 && placement_keys++ == 0)
      placement_line = kline;
  }
  char key[320];
  cfg_keyname(key, sizeof key, prefix, "ref", strlen("ref"));
  if (g->secret_ref == NULL)
    return cfg_fail(L, line, key, "required key is missing; write env://NAME, aws://PROFILE or credsd://NAME");
  if (strncmp(g->secret_ref, "env://", 6) != 0 && placement_keys > 0)
    return cfg_fail(L, placement_line, prefix,
                    "aws:// and credsd:// references take no placement, header, prefix or param keys; remove them");
  return 0;
}

/* Defaults of the secret keys, and the rules that tie them together. */
static int finish_secret(struct cfg_loader *L, struct box_egress *g, const char *prefix, int line) {
  int env = strncmp(g->secret_ref, "env://", 6) == 0;
  char key[320];
  if (g->secret_inject == NULL && set_str(L, &g->secret_inject, "phantom") < 0)
    return -1;
  if (g->secret_phantom_prefix == NULL && set_str(L, &g->secret_phantom_prefix, "strands_box_") < 0)
    return -1;
  if (!env)
    return 0;
  if (g->secret_placement == NULL && set_str(L, &g->secret_placement, "header") < 0)
    return -1;
  int query = strcmp(g->secret_placement, "query_param") == 0;
  cfg_keyname(key, sizeof key, prefix, "param", strlen("param"));
  if (query && g->secret_param == NULL)
    return cfg_fail(L, line, key, "required with placement = \"query_param\"; name the query parameter");
  if (!query && g->secret_param != NULL)
    return cfg_fail(L, line, key, "only accepted with placement = \"query_param\"; remove it");
  if (strcmp(g->secret_placement, "header") == 0) {
    if (g->secret_header == NULL && set_str(L, &g->secret_header, "Authorization") < 0)
      return -1;
    if (g->secret_prefix == NULL &&
        set_str(L, &g->secret_prefix, strcasecmp(g->secret_header, "Authorization") == 0 ? "Bearer " : "") < 0)
      return -1;
  }
  if (strcmp(g->secret_inject, "always") == 0)
    fprintf(stderr, "box-broker: warning: %s:%d: %s.inject = \"always\" attaches the credential to every request to these destinations\n",
            L->file, line, prefix);
  return 0;
}

/* ---- [egress.<name>] ------------------------------------------------------- */

static int load_one_egress(struct cfg_loader *L, struct box_egress *g, const struct toml_value *t,
                           int line, const char *prefix) {
  const struct toml_value *secret = NULL;
  int secret_line = line;
  if (cfg_table(L, t, line, prefix) < 0)
    return -1;
  for (size_t i = 0; i < toml_table_size(t); i++) {
    size_t kl;
    const char *k = toml_table_key(t, i, &kl);
    const struct toml_value *v = toml_table_value(t, i);
    int kline = toml_table_key_line(t, i);
    char key[320];
    cfg_keyname(key, sizeof key, prefix, k, kl);
    const char *leaf = key + strlen(prefix) + 1;
    const char *s;
    if (strcmp(leaf, "destinations") == 0) {
      if (load_destinations(L, g, v, kline, key) < 0)
        return -1;
    } else if (strcmp(leaf, "protocol") == 0) {
      if (cfg_string(L, v, kline, key, &s) < 0)
        return -1;
      if (strcmp(s, "mcp") == 0)
        return cfg_fail(L, kline, key, "\"mcp\" is not accepted here; declare an HTTP MCP server as [mcp.<name>] with type = \"http\"");
      if (strcmp(s, "http") != 0)
        return cfg_fail(L, kline, key, "\"%s\" is not accepted; the only protocol is \"http\"", s);
      if (set_str(L, &g->protocol, s) < 0)
        return -1;
    } else if (strcmp(leaf, "secret") == 0) {
      secret = v;
      secret_line = kline;
    } else {
      return cfg_unknown_key(L, kline, key, "destinations, protocol, secret");
    }
  }
  char key[320];
  if (g->destinations == NULL) {
    cfg_keyname(key, sizeof key, prefix, "destinations", strlen("destinations"));
    return cfg_fail(L, line, key, "required key is missing; list the hosts this credential is for");
  }
  cfg_keyname(key, sizeof key, prefix, "secret", strlen("secret"));
  if (secret == NULL) {
    cfg_keyname(key, sizeof key, prefix, "secret.ref", strlen("secret.ref"));
    return cfg_fail(L, line, key, "required key is missing; write env://NAME, aws://PROFILE or credsd://NAME");
  }
  if (load_secret(L, g, secret, secret_line, key) < 0 || finish_secret(L, g, key, secret_line) < 0)
    return -1;
  if (g->protocol == NULL && set_str(L, &g->protocol, "http") < 0)
    return -1;
  return 0;
}

int cfg_load_egress(struct cfg_loader *L, const struct toml_value *egress, int line) {
  struct box_config *c = L->cfg;
  if (cfg_table(L, egress, line, "egress") < 0)
    return -1;
  size_t n = toml_table_size(egress);
  c->egress = calloc(n + 1, sizeof *c->egress);
  if (c->egress == NULL)
    return cfg_fail(L, line, "egress", "out of memory");
  for (size_t i = 0; i < n; i++) {
    size_t kl;
    const char *k = toml_table_key(egress, i, &kl);
    int kline = toml_table_key_line(egress, i);
    char key[256];
    cfg_keyname(key, sizeof key, "egress", k, kl);
    if (check_label(L, k, kl, kline, key) < 0)
      return -1;
    struct box_egress *g = &c->egress[c->n_egress];
    g->line = kline;
    if ((g->name = cfg_strdup(L, k)) == NULL)
      return -1;
    int rc = load_one_egress(L, g, toml_table_value(egress, i), kline, key);
    c->n_egress++;
    if (rc < 0)
      return -1;
  }
  return 0;
}

/* ---- [telemetry.<label>] ------------------------------------------------------ */

static const char *const INCLUDE_NAMES[] = {"deny", "permit", "trace", "kernel", "logs", "metrics"};

static int load_include(struct cfg_loader *L, struct box_telemetry *t, const struct toml_value *v,
                        int line, const char *key) {
  if (cfg_string_array(L, v, line, key) < 0)
    return -1;
  if (toml_array_size(v) == 0)
    return cfg_fail(L, line, key, "the list is empty; name a subset of deny, permit, trace, kernel, logs, metrics (or leave include out for all)");
  t->include = 0;
  for (size_t i = 0; i < toml_array_size(v); i++) {
    const char *s = toml_string(toml_array_at(v, i), NULL);
    unsigned bit = 0;
    for (unsigned j = 0; j < 6; j++)
      if (strcmp(s, INCLUDE_NAMES[j]) == 0)
        bit = 1u << j;
    if (bit == 0)
      return cfg_fail(L, toml_line(toml_array_at(v, i)), key,
                      "\"%s\" is not accepted; use deny, permit, trace, kernel, logs or metrics", s);
    if (t->include & bit)
      return cfg_fail(L, toml_line(toml_array_at(v, i)), key, "\"%s\" is listed twice; name each kind once", s);
    t->include |= bit;
  }
  /* kernel, logs and metrics name record kinds box does not make (no
   * containment records, no agent relay), and trace adds a record's span:
   * without a verdict the target gets nothing. */
  if (!(t->include & (BOX_TELEMETRY_DENY | BOX_TELEMETRY_PERMIT)))
    fprintf(stderr, "box-broker: warning: %s:%d: %s names neither deny nor permit, so box writes no record to this target (trace adds a decision's span; box makes no kernel, logs or metrics records)\n",
            L->file, line, key);
  return 0;
}

static int load_one_telemetry(struct cfg_loader *L, struct box_telemetry *t, const struct toml_value *tab,
                              int line, const char *prefix) {
  const char *dest = NULL;
  int dest_line = line;
  if (cfg_table(L, tab, line, prefix) < 0)
    return -1;
  t->include = BOX_TELEMETRY_ALL;
  for (size_t i = 0; i < toml_table_size(tab); i++) {
    size_t kl;
    const char *k = toml_table_key(tab, i, &kl);
    const struct toml_value *v = toml_table_value(tab, i);
    int kline = toml_table_key_line(tab, i);
    char key[320];
    cfg_keyname(key, sizeof key, prefix, k, kl);
    const char *leaf = key + strlen(prefix) + 1;
    const char *s;
    if (strcmp(leaf, "kind") == 0) {
      if (cfg_string(L, v, kline, key, &s) < 0)
        return -1;
      if (strcmp(s, "file") && strcmp(s, "otlp"))
        return cfg_fail(L, kline, key, "\"%s\" is not accepted; use file or otlp", s);
      if (set_str(L, &t->kind, s) < 0)
        return -1;
    } else if (strcmp(leaf, "destination") == 0) {
      if (cfg_string(L, v, kline, key, &dest) < 0)
        return -1;
      dest_line = kline;
    } else if (strcmp(leaf, "include") == 0) {
      if (load_include(L, t, v, kline, key) < 0)
        return -1;
    } else if (strcmp(leaf, "secret") == 0) {
      if (cfg_table(L, v, kline, key) < 0)
        return -1;
      for (size_t j = 0; j < toml_table_size(v); j++) {
        size_t sl;
        const char *sk = toml_table_key(v, j, &sl);
        int sline = toml_table_key_line(v, j);
        char skey[400];
        cfg_keyname(skey, sizeof skey, key, sk, sl);
        const char *sleaf = skey + strlen(key) + 1;
        if (strcmp(sleaf, "ref") && strcmp(sleaf, "header"))
          return cfg_unknown_key(L, sline, skey, "ref, header");
        if (cfg_string(L, toml_table_value(v, j), sline, skey, &s) < 0)
          return -1;
        if (strcmp(sleaf, "ref") == 0 && check_secret_ref(L, s, sline, skey) < 0)
          return -1;
        if (set_str(L, strcmp(sleaf, "ref") == 0 ? &t->secret_ref : &t->secret_header, s) < 0)
          return -1;
      }
    } else {
      return cfg_unknown_key(L, kline, key, "kind, destination, include, secret");
    }
  }
  char key[320];
  if (t->kind == NULL) {
    cfg_keyname(key, sizeof key, prefix, "kind", strlen("kind"));
    return cfg_fail(L, line, key, "required key is missing; use kind = \"file\" or \"otlp\"");
  }
  cfg_keyname(key, sizeof key, prefix, "destination", strlen("destination"));
  if (dest == NULL)
    return cfg_fail(L, line, key, "required key is missing; name a file (absolute or \"~/...\") or an OTLP URL");
  if (strcmp(t->kind, "otlp") == 0) {
    if (strncmp(dest, "http://", 7) != 0 && strncmp(dest, "https://", 8) != 0)
      return cfg_fail(L, dest_line, key, "\"%s\" is not an http:// or https:// URL; name the OTLP endpoint", dest);
    return set_str(L, &t->destination, dest);
  }
  if (t->secret_ref != NULL || t->secret_header != NULL) {
    cfg_keyname(key, sizeof key, prefix, "secret", strlen("secret"));
    return cfg_fail(L, line, key, "only accepted with kind = \"otlp\"; remove it");
  }
  t->destination = cfg_resolve(L, dest, 1, dest_line, key);
  return t->destination ? 0 : -1;
}

int cfg_load_telemetry(struct cfg_loader *L, const struct toml_value *tel, int line) {
  struct box_config *c = L->cfg;
  if (cfg_table(L, tel, line, "telemetry") < 0)
    return -1;
  size_t n = toml_table_size(tel);
  c->telemetry = calloc(n ? n : 1, sizeof *c->telemetry);
  if (c->telemetry == NULL)
    return cfg_fail(L, line, "telemetry", "out of memory");
  for (size_t i = 0; i < n; i++) {
    size_t kl;
    const char *k = toml_table_key(tel, i, &kl);
    int kline = toml_table_key_line(tel, i);
    char key[256];
    cfg_keyname(key, sizeof key, "telemetry", k, kl);
    if (check_label(L, k, kl, kline, key) < 0)
      return -1;
    struct box_telemetry *t = &c->telemetry[c->n_telemetry];
    t->line = kline;
    if ((t->label = cfg_strdup(L, k)) == NULL)
      return -1;
    int rc = load_one_telemetry(L, t, toml_table_value(tel, i), kline, key);
    c->n_telemetry++;
    if (rc < 0)
      return -1;
  }
  return 0;
}
