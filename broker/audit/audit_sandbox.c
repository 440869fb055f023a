/* broker/audit/audit_sandbox.c -- the audit's "sandbox" section: the
 * worker's seccomp filter as the kernel runs it (read from the libseccomp
 * PFC export compiled into this binary, seccomp/sandbox.h: its allowlist
 * preamble, default actions and the pseudo filter code), the rlimits the
 * broker sets (broker/worker_proc.h), and the live check (audit_live.c).
 * A filter whose compiled code and allowlist disagree, or a failed live
 * check, is a high finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/filter.h>

#include "broker/audit/audit_int.h"
#include "broker/worker_proc.h"
#include "seccomp/sandbox.h"

static char *trim(char *s)
{
  char *e;
  while (*s == ' ' || *s == '\t')
    s++;
  e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
    *--e = '\0';
  return s;
}

static json_object *entry(const char *syscall, const char *condition, const char *action,
                          const char *why)
{
  json_object *e = json_object_new_object();
  json_object_object_add(e, "syscall", json_object_new_string(syscall));
  json_object_object_add(e, "condition", json_object_new_string(condition));
  json_object_object_add(e, "action", json_object_new_string(action));
  json_object_object_add(e, "why", json_object_new_string(why));
  return e;
}

/* One allowlist line of the preamble, in either spelling seccomp/ has used:
 *   "read             [allow] if fd == 3 -- why"
 *   "read             | fd == 3 | allow | why"
 * (a condition may hold a bare '|': "PRIVATE|ANONYMOUS").  NULL when the
 * line is neither. */
static json_object *allow_entry(char *line)
{
  char *name = line, *p = line + strcspn(line, " \t");
  char *part[3];

  if (*p == '\0')
    return NULL;
  *p++ = '\0';
  p = trim(p);
  if (*p == '[') {
    char *close = strchr(p, ']'), *cond, *dash;
    if (close == NULL)
      return NULL;
    *close = '\0';
    cond = trim(close + 1);
    if (strncmp(cond, "if ", 3) != 0 || (dash = strstr(cond, " -- ")) == NULL)
      return NULL;
    *dash = '\0';
    return entry(name, trim(cond + 3), p + 1, trim(dash + 4));
  }
  if (*p != '|')
    return NULL;
  p++;
  for (int n = 0; n < 2; n++) {
    char *sep = strstr(p, " | ");
    if (sep == NULL)
      return NULL;
    *sep = '\0';
    part[n] = trim(p);
    p = sep + 3;
  }
  part[2] = trim(p);
  return entry(name, part[0], part[1], part[2]);
}

static int in_list(json_object *list, const char *name, const char *key)
{
  for (size_t i = 0; i < json_object_array_length(list); i++) {
    json_object *e = json_object_array_get_idx(list, i), *v = e;
    if (key != NULL && !json_object_object_get_ex(e, key, &v))
      continue;
    if (strcmp(json_object_get_string(v), name) == 0)
      return 1;
  }
  return 0;
}

/* Reads the PFC text line by line into the section. */
static void read_filter(json_object *section, json_object *findings)
{
  const char *text = box_sandbox_filter_text();
  json_object *allow = json_object_new_array(), *compiled = json_object_new_array();
  char default_action[128] = "", bad_arch[128] = "";
  size_t len = strlen(text);
  char *copy = malloc(len + 1), *save = NULL;

  if (copy == NULL)
    abort();
  memcpy(copy, text, len + 1);
  for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    const char *tag = "# default action: ";
    char *q;
    if (strncmp(line, tag, strlen(tag)) == 0) {
      char *rest = line + strlen(tag), *semi = strchr(rest, ';');
      if (semi != NULL) {
        *semi = '\0';
        q = strchr(semi + 1, ':');
        if (q != NULL)
          snprintf(bad_arch, sizeof bad_arch, "%s", trim(q + 1));
      }
      snprintf(default_action, sizeof default_action, "%s", trim(rest));
    } else if (strncmp(line, "#   ", 4) == 0 && line[4] != ' ') {
      json_object *e = allow_entry(line + 4);
      if (e != NULL)
        json_object_array_add(allow, e);
    } else if ((q = strstr(line, "# filter for syscall \"")) != NULL) {
      char *name = q + strlen("# filter for syscall \""), *end = strchr(name, '"');
      if (end != NULL) {
        *end = '\0';
        if (!in_list(compiled, name, NULL))
          json_object_array_add(compiled, json_object_new_string(name));
      }
    }
  }
  free(copy);
  json_object_object_add(section, "default_action", json_object_new_string(default_action));
  json_object_object_add(section, "foreign_arch_action", json_object_new_string(bad_arch));
  json_object_object_add(section, "allowlist", allow);
  json_object_object_add(section, "compiled_syscalls", compiled);
  /* The allowlist the preamble states and the code the kernel runs must
   * name the same syscalls. */
  for (size_t i = 0; i < json_object_array_length(allow); i++) {
    json_object *sc;
    json_object_object_get_ex(json_object_array_get_idx(allow, i), "syscall", &sc);
    if (!in_list(compiled, json_object_get_string(sc), NULL)) {
      char msg[256];
      snprintf(msg, sizeof msg, "the filter's allowlist names %s, but the compiled filter has no rule for it",
               json_object_get_string(sc));
      audit_add_finding(findings, "high", "seccomp-mismatch", "sandbox", NULL, msg,
                        "The allowlist shown to reviewers must be the filter the kernel runs.");
    }
  }
  for (size_t i = 0; i < json_object_array_length(compiled); i++) {
    const char *name = json_object_get_string(json_object_array_get_idx(compiled, i));
    if (!in_list(allow, name, "syscall")) {
      char msg[256];
      snprintf(msg, sizeof msg, "the compiled filter allows %s, which the allowlist does not name", name);
      audit_add_finding(findings, "high", "seccomp-mismatch", "sandbox", NULL, msg,
                        "The allowlist shown to reviewers must be the filter the kernel runs.");
    }
  }
  if (strcmp(default_action, "KILL_PROCESS") != 0 && strcmp(default_action, "KILL") != 0)
    audit_add_finding(findings, "high", "seccomp-default", "sandbox", NULL,
                      "the filter's default action is not to kill the process",
                      "Every syscall the allowlist does not name must end the worker.");
}

/* soft/hard null = unlimited (0 in struct worker_limits), except for
 * RLIMIT_CORE, whose 0 is the limit itself. */
static json_object *limit(const char *resource, unsigned long long soft, unsigned long long hard,
                          int zero_is_limit, const char *meaning)
{
  json_object *l = json_object_new_object();

  json_object_object_add(l, "resource", json_object_new_string(resource));
  json_object_object_add(l, "soft", soft || zero_is_limit ? json_object_new_int64((int64_t)soft) : NULL);
  json_object_object_add(l, "hard", hard || zero_is_limit ? json_object_new_int64((int64_t)hard) : NULL);
  json_object_object_add(l, "meaning", json_object_new_string(meaning));
  return l;
}

static json_object *rlimits(void)
{
  struct worker_limits lim;
  json_object *list = json_object_new_array();

  worker_limits_default(&lim);
  json_object_array_add(list, limit("RLIMIT_CPU", lim.cpu_seconds,
                                    lim.cpu_seconds ? lim.cpu_seconds + 1ull : 0, 0,
                                    "CPU seconds: SIGXCPU at the soft limit, SIGKILL at the hard one"));
  json_object_array_add(list, limit("RLIMIT_AS", lim.addr_space, lim.addr_space, 0,
                                    "address space in bytes (none in a sanitizer build)"));
  json_object_array_add(list, limit("RLIMIT_NOFILE", lim.nofile, lim.nofile, 1, "open descriptors"));
  json_object_array_add(list, limit("RLIMIT_CORE", 0, 0, 1, "core dumps: none"));
  return list;
}

json_object *audit_sandbox_section(const char *worker_path, int skip_live_check, json_object *findings)
{
  json_object *section = json_object_new_object(), *live = json_object_new_object();
  size_t count = 0;

  box_sandbox_filter_program(&count);
  json_object_object_add(section, "profile", json_object_new_string(box_sandbox_filter_profile()));
  json_object_object_add(section, "instructions", json_object_new_int64((int64_t)count));
  read_filter(section, findings);
  json_object_object_add(section, "pfc", json_object_new_string(box_sandbox_filter_text()));
  json_object_object_add(section, "rlimits", rlimits());
  json_object_object_add(section, "deadline_seconds", json_object_new_int(BOX_DEFAULT_DEADLINE_SECONDS));
  json_object_object_add(live, "ran", json_object_new_boolean(!skip_live_check));
  if (skip_live_check) {
    json_object_object_add(live, "checks", json_object_new_array());
  } else {
    json_object *checks = audit_live_check(worker_path);
    json_object_object_add(live, "checks", checks);
    for (size_t i = 0; i < json_object_array_length(checks); i++) {
      json_object *c = json_object_array_get_idx(checks, i), *st, *name, *detail;
      json_object_object_get_ex(c, "status", &st);
      json_object_object_get_ex(c, "check", &name);
      json_object_object_get_ex(c, "detail", &detail);
      if (strcmp(json_object_get_string(st), "fail") == 0) {
        char msg[1200];
        snprintf(msg, sizeof msg, "live check \"%s\" failed: %s", json_object_get_string(name),
                 json_object_get_string(detail));
        audit_add_finding(findings, "high", "sandbox-live-check", "sandbox", NULL, msg,
                          "A worker that does not run under the filter, with extra privileges or fds, "
                          "or a filter that lets a forbidden call through, breaks the box's containment.");
      }
    }
  }
  json_object_object_add(section, "live_check", live);
  return section;
}
