/* worker/interp_stub.c -- TEMPORARY stand-in for the interpreter, so the
 * process model can be tested before the real one lands (it is deleted at
 * integration; worker/interp.c replaces it).  It runs a script line by line
 * and understands only what tests/process needs, all of it real Python:
 *   import NAME / from NAME import NAME        (ignored)
 *   print(ARG, ..., file=sys.stderr, flush=True)
 *       ARG: an integer, a '...' or "..." literal, os.getcwd()
 *   raise SystemExit(N) / raise SystemExit / sys.exit(N)
 *   raise NAME('message') / raise NAME         (uncaught exception, status 1)
 *   while True: pass                           (spins forever)
 *   NAME or NAME(...) for an unknown NAME      (NameError, status 1)
 * Anything else is reported as a SyntaxError (status 1). */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/host.h"
#include "worker/interp.h"

struct stub {
  const char *cwd;
  int exit_status; /* set when the script ends early */
  bool ended;
};

static void
out(int fd, const char *s, size_t n)
{
  (void)host_write_out(fd, s, n);
}

static void
raise_error(struct stub *st, const char *type, const char *msg)
{
  char line[512];
  int n = snprintf(line, sizeof line, "%s: %s\n", type, msg);

  out(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  st->exit_status = 1;
  st->ended = true;
}

static bool
starts_with(const char *s, const char *prefix)
{
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *
skip_space(const char *s)
{
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* Parses an optionally signed decimal integer; advances *p. */
static bool
parse_int(const char **p, long *v)
{
  char *end;

  if (!isdigit((unsigned char)**p) && !(**p == '-' && isdigit((unsigned char)(*p)[1])))
    return false;
  *v = strtol(*p, &end, 10);
  *p = end;
  return true;
}

/* Parses one print() argument into buf; advances *p. */
static bool
parse_arg(struct stub *st, const char **p, char *buf, size_t size)
{
  const char *s = *p;
  long v;

  if (*s == '\'' || *s == '"') {
    const char *close = strchr(s + 1, *s);
    size_t n;
    if (close == NULL)
      return false;
    n = (size_t)(close - s - 1);
    if (n >= size)
      n = size - 1;
    memcpy(buf, s + 1, n);
    buf[n] = '\0';
    *p = close + 1;
    return true;
  }
  if (starts_with(s, "os.getcwd()")) {
    snprintf(buf, size, "%s", st->cwd);
    *p = s + strlen("os.getcwd()");
    return true;
  }
  if (parse_int(&s, &v)) {
    snprintf(buf, size, "%ld", v);
    *p = s;
    return true;
  }
  return false;
}

/* print(ARG, ..., file=sys.stderr, flush=True) */
static bool
run_print(struct stub *st, const char *s)
{
  char text[4096] = "", arg[1024];
  int fd = 1;
  bool first = true;

  s = skip_space(s + strlen("print("));
  while (*s != ')') {
    if (starts_with(s, "file=sys.stderr")) {
      fd = 2;
      s += strlen("file=sys.stderr");
    } else if (starts_with(s, "file=sys.stdout")) {
      s += strlen("file=sys.stdout");
    } else if (starts_with(s, "flush=True")) {
      s += strlen("flush=True");
    } else {
      if (!parse_arg(st, &s, arg, sizeof arg))
        return false;
      if (!first)
        strncat(text, " ", sizeof text - strlen(text) - 1);
      strncat(text, arg, sizeof text - strlen(text) - 1);
      first = false;
    }
    s = skip_space(s);
    if (*s == ',')
      s = skip_space(s + 1);
    else if (*s != ')')
      return false;
  }
  if (*skip_space(s + 1) != '\0')
    return false;
  strncat(text, "\n", sizeof text - strlen(text) - 1);
  out(fd, text, strlen(text));
  return true;
}

/* raise NAME, raise NAME(ARG), sys.exit(N) */
static bool
run_raise(struct stub *st, const char *s)
{
  char name[64], arg[1024] = "";
  size_t n = 0;
  long code = 0;

  while ((isalnum((unsigned char)*s) || *s == '_') && n < sizeof name - 1)
    name[n++] = *s++;
  name[n] = '\0';
  if (n == 0)
    return false;
  if (*s == '(') {
    s = skip_space(s + 1);
    if (*s != ')' && !parse_arg(st, &s, arg, sizeof arg))
      return false;
    s = skip_space(s);
    if (*s != ')')
      return false;
    s++;
  }
  if (*skip_space(s) != '\0')
    return false;
  if (strcmp(name, "SystemExit") == 0) {
    const char *a = arg;
    if (*a != '\0' && !parse_int(&a, &code))
      return false;
    st->exit_status = (int)code;
    st->ended = true;
    return true;
  }
  raise_error(st, name, arg);
  return true;
}

static void
run_line(struct stub *st, const char *line)
{
  const char *s = skip_space(line);
  size_t n = 0;
  char name[64];

  if (*s == '\0' || *s == '#')
    return;
  if (starts_with(s, "import ") || starts_with(s, "from "))
    return;
  if (starts_with(s, "print(") && run_print(st, s))
    return;
  if (starts_with(s, "raise ") && run_raise(st, skip_space(s + strlen("raise "))))
    return;
  if (starts_with(s, "sys.exit(")) {
    char call[1100];
    snprintf(call, sizeof call, "SystemExit%s", s + strlen("sys.exit"));
    if (run_raise(st, call))
      return;
  }
  if (strcmp(s, "while True: pass") == 0)
    for (;;)
      __asm__ volatile("" ::: "memory");
  while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n < sizeof name - 1) {
    name[n] = s[n];
    n++;
  }
  name[n] = '\0';
  if (n > 0 && !isdigit((unsigned char)name[0]) && (s[n] == '\0' || s[n] == '(')) {
    char msg[128];
    snprintf(msg, sizeof msg, "name '%s' is not defined", name);
    raise_error(st, "NameError", msg);
    return;
  }
  raise_error(st, "SyntaxError", "the stub interpreter cannot run this line");
}

int
interp_run(const char *source, size_t len, const char *filename, const char *argv0,
           const char *cwd, struct box_host *host)
{
  struct stub st = {.cwd = cwd};
  size_t start = 0;

  (void)filename;
  (void)argv0;
  (void)host;
  while (start < len && !st.ended) {
    const char *nl = memchr(source + start, '\n', len - start);
    size_t end = nl != NULL ? (size_t)(nl - source) : len;
    char *line = malloc(end - start + 1);

    if (line == NULL) {
      raise_error(&st, "MemoryError", "");
      break;
    }
    memcpy(line, source + start, end - start);
    line[end - start] = '\0';
    run_line(&st, line);
    free(line);
    start = end + 1;
  }
  return st.exit_status;
}
