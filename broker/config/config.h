/* broker/config/config.h -- box.toml: the operator's configuration of one box.
 *
 * box_config_load() reads and checks a box.toml (strands-box.md section 4) and
 * returns it with every path made absolute: relative paths (policy, box_dir,
 * workspace, telemetry files) resolve against the directory holding
 * box.toml, "~" and "~/..." mean the operator's home ($HOME of the broker,
 * else the password database); [agent.filesystem] entries must be absolute
 * or "~/...", and env HOME/TMPDIR absolute, as the digest says.  Paths that
 * must exist are checked here (box_dir's parent, policy, workspace, every
 * filesystem entry), so an impossible configuration stops before anything
 * runs.  Anything wrong (unknown key, wrong type,
 * missing required key, impossible path) is refused before anything runs with
 *   box-broker: error: <file>:<line>: <key>: <what is wrong>; <what is accepted>
 * written into err (no trailing newline); the caller prints it and exits 1.
 * Keys Box defines that this broker does not use ([agent] command, [tool.*],
 * [mcp.*]) are accepted, and a note naming them is written to stderr.
 * Secrets are kept as references ("env://NAME"); nothing here resolves them. */
#ifndef BOX_BROKER_CONFIG_H
#define BOX_BROKER_CONFIG_H

#include <stddef.h>
#include <stdio.h>

/* The eight [agent.filesystem] lists, in the digest's order. */
enum box_fs_list {
  BOX_FS_READ,
  BOX_FS_WRITE,
  BOX_FS_READ_FILE,
  BOX_FS_WRITE_FILE,
  BOX_FS_LIST,
  BOX_FS_METADATA,
  BOX_FS_EXEC,
  BOX_FS_DENY,
  BOX_FS_NLISTS
};

/* Key name of a list ("read", "write_file", ...); NULL when out of range. */
const char *box_fs_list_name(enum box_fs_list which);

struct box_fs_entry {
  char *path;     /* absolute, "~" expanded */
  char *spelling; /* as written in box.toml (for disclosures) */
  int line;       /* source line in box.toml */
};

struct box_fs_entries {
  struct box_fs_entry *v;
  size_t n;
};

struct box_env_var {
  char *name;
  char *value;
};

/* [egress.<name>]: a credential bound to destinations (a reference only). */
struct box_egress {
  char *name;
  char **destinations;      /* as written, host lowercased */
  size_t n_destinations;
  char *protocol;           /* "http" */
  char *secret_ref;         /* "env://NAME" | "aws://PROFILE" | "credsd://NAME" */
  char *secret_placement;   /* "header" | "basic_auth" | "query_param" */
  char *secret_header;      /* default "Authorization" (header placement) or NULL */
  char *secret_prefix;      /* default "Bearer " on Authorization, else "" */
  char *secret_param;       /* query_param only, else NULL */
  char *secret_inject;      /* "phantom" | "always" */
  char *secret_phantom_prefix; /* default "strands_box_" */
  int line;
};

/* [telemetry.<label>] include bits. */
enum {
  BOX_TELEMETRY_DENY = 1u << 0,
  BOX_TELEMETRY_PERMIT = 1u << 1,
  BOX_TELEMETRY_TRACE = 1u << 2,
  BOX_TELEMETRY_KERNEL = 1u << 3,
  BOX_TELEMETRY_LOGS = 1u << 4,
  BOX_TELEMETRY_METRICS = 1u << 5,
  BOX_TELEMETRY_ALL = (1u << 6) - 1
};

struct box_telemetry {
  char *label;
  char *kind;          /* "file" | "otlp" */
  char *destination;   /* file: absolute path ("~/" expanded); otlp: the URL */
  unsigned include;    /* BOX_TELEMETRY_* bits; BOX_TELEMETRY_ALL when absent */
  char *secret_ref;    /* otlp only, or NULL */
  char *secret_header; /* otlp only, or NULL */
  int line;
};

struct box_config {
  char *path;          /* absolute path of box.toml */
  char *dir;           /* directory holding it */
  char *name;
  char *box_dir;       /* absolute */
  char *policy_path;   /* absolute, or NULL = deny everything */
  char *workspace;     /* absolute; default: broker's cwd */
  char *operator_home; /* absolute */
  char *agent_home;    /* [agent.env] HOME or NULL (own copy) */
  char *agent_program; /* [agent] command's program (for the disclosure), or NULL */

  struct box_env_var *env; /* [agent] env, in file order (HOME included) */
  size_t n_env;

  struct box_fs_entries fs[BOX_FS_NLISTS]; /* [agent.filesystem] */

  struct box_egress *egress; /* [egress.*], in file order */
  size_t n_egress;

  struct box_telemetry *telemetry; /* [telemetry.*], in file order */
  size_t n_telemetry;
};

/* Loads and checks box.toml at path.  Returns 0 and *out on success; -1 with
 * the refusal text in err otherwise (*out is NULL then). */
int box_config_load(const char *path, struct box_config **out, char *err, size_t errlen);

/* Frees everything load returned; NULL is fine. */
void box_config_free(struct box_config *cfg);

/* The startup disclosure of the [agent.filesystem] grants (config_grants.c):
 *   box-broker: [agent] runs <program> with no policy decision over these paths:
 *   (without a command: "box-broker: [agent] names no command; whatever the
 *   agent runs itself reaches these paths with no policy decision:")
 *   <list>  <absolute path>          (one line per grant, lists in order)
 *   box-broker: [agent]: exposes <~/store or system tree> (<list>)
 * Nothing when there is no grant. */
void box_config_disclose(const struct box_config *cfg, FILE *out);

/* Value of an [agent] env name, or NULL. */
const char *box_config_env(const struct box_config *cfg, const char *name);

#endif
