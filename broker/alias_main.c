/* broker/alias_main.c -- box-alias: the program `box-broker --install`
 * copies to <box_dir>/bin/python3 and <box_dir>/bin/python.
 *
 * A harness runs it as its Python.  It finds its box only from where its
 * own executable lies (/proc/self/exe: the kernel's record, which no
 * argument or environment variable can change): <box_dir> is the directory
 * above bin/.  <box_dir>/private/alias, written by --install, names the
 * broker to run and the box.toml.  The alias closes every inherited fd above
 * 2, then execs
 *
 *   box-broker --config BOX_TOML --alias BOX_DIR -- ARGS...
 *
 * and the broker checks that BOX_TOML's box_dir is BOX_DIR (so an alias
 * moved away from its box refuses to run) and applies the alias grammar.
 * Any failure here: "box-alias: <why>" on stderr, status 125. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "broker/alias_file.h"
#include "common/protocol.h"

__attribute__((format(printf, 1, 2))) static _Noreturn void
fail(const char *fmt, ...)
{
  va_list ap;

  fputs("box-alias: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(BOX_STATUS_BOX_FAILED);
}

static void
close_inherited_fds(void)
{
#ifdef SYS_close_range
  if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0)
    return;
#endif
  for (int fd = 3; fd < 1024; fd++)
    (void)close(fd);
}

int
main(int argc, char **argv)
{
  char self[PATH_MAX], box_dir[PATH_MAX], err[512];
  struct alias_file af;
  ssize_t n;
  char *slash, *name;

  close_inherited_fds();
  n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    fail("cannot find its own location: %s", n < 0 ? strerror(errno) : "empty");
  self[n] = '\0';
  slash = strrchr(self, '/');
  name = slash + 1;
  if (strcmp(name, "python3") != 0 && strcmp(name, "python") != 0)
    fail("%s is not an alias name; box-broker --install creates python3 and python in a "
         "box's bin directory",
         name);
  /* <box_dir>/bin/<name> */
  *slash = '\0';
  slash = strrchr(self, '/');
  if (slash == NULL || strcmp(slash + 1, "bin") != 0 || slash == self)
    fail("%s/%s is not in the bin directory of a box; run box-broker --config FILE --install",
         self, name);
  *slash = '\0';
  if ((size_t)snprintf(box_dir, sizeof box_dir, "%s", self) >= sizeof box_dir)
    fail("path too long");
  if (alias_file_read(box_dir, &af, err, sizeof err) != 0)
    fail("%s", err);

  /* box-broker --config F --alias D -- ARGS... NULL */
  char **av = calloc((size_t)argc + 7, sizeof *av);
  if (av == NULL)
    fail("out of memory");
  int k = 0;
  av[k++] = "box-broker";
  av[k++] = "--config";
  av[k++] = af.config;
  av[k++] = "--alias";
  av[k++] = box_dir;
  av[k++] = "--";
  for (int i = 1; i < argc; i++)
    av[k++] = argv[i];
  av[k] = NULL;
  execv(af.broker, av);
  fail("cannot run the broker %s: %s", af.broker, strerror(errno));
}
