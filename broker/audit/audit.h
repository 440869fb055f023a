/* broker/audit/audit.h -- `box-broker --audit`: the security review of a box.
 *
 * For a reviewer deciding whether a box is safe to hand to an agent.  The
 * audit loads box.toml and the policy exactly as the broker does, and
 * reports in four sections:
 *   Configuration  the box, its reachable roots, [agent.filesystem] grants,
 *                  egress bindings (secret references, never values),
 *                  telemetry targets;
 *   Policy         every rule with its id and a plain-words reading, and the
 *                  review findings of broker/policy/lint.h;
 *   Sandbox        the worker's seccomp filter as the kernel runs it, the
 *                  rlimits the broker sets, and a live check of a started
 *                  (idle) worker from /proc, plus a proof that the filter
 *                  kills a forbidden call;
 *   Activity       counts from the decision log and the latest denials.
 * It runs nothing of the agent's and changes nothing on disk: box_dir is not
 * created, and the decision log is read (without its lock) only if it
 * exists.  Text by default; JSON (one stable document, "audit_version": 1)
 * for tools. */
#ifndef BOX_AUDIT_AUDIT_H
#define BOX_AUDIT_AUDIT_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses of the audit. */
#define AUDIT_STATUS_OK 0         /* no high finding */
#define AUDIT_STATUS_ERROR 1      /* box.toml or the policy does not load */
#define AUDIT_STATUS_HIGH 3       /* at least one high finding */

struct audit_options {
  const char *config_path;
  int json;                /* 1: the JSON document instead of text */
  /* The worker the live check starts.  NULL: found as the broker finds it
   * (worker_proc_locate: next to box-broker, else BOX_LIBEXECDIR).  Tests
   * name the built one. */
  const char *worker_path;
  int skip_live_check;     /* 1: report the live check as not run */
};

/* The audit as `box-broker --config F --audit [--json]` runs it.  Writes
 * the report to out and returns the exit status; on status 1 nothing is
 * written to out and err holds "box-broker: error: ..." (no newline). */
int audit_run(const char *config_path, int json, FILE *out, char *err, size_t errlen);

/* The same with every option. */
int audit_run_opts(const struct audit_options *opts, FILE *out, char *err, size_t errlen);

#endif
