/* tests/process/subreaper.c -- runs a command as a child subreaper and checks
 * that it leaves no process behind.
 *
 *   subreaper [--pidfile FILE] [--orphan-grace-ms N] -- COMMAND [ARG...]
 *
 * Any process the command leaves behind (a zombie it never reaped, or a child
 * still running) is re-parented to us when the command exits.  With the
 * default grace of 0 ms any such orphan is a failure; with a grace, each
 * orphan must be dead within that many milliseconds of the command's exit
 * (a worker killed by PR_SET_PDEATHSIG when its broker is SIGKILLed).  Each
 * orphan is reported on stderr.  Exit status: the command's (128 + signal if
 * it was killed), or 99 when an orphan was left behind or outlived the
 * grace (it is then killed). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long
now_ms(void)
{
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Kills every remaining child (found in /proc by parent pid: they may be in
 * other sessions) and reaps them. */
static void
kill_children(void)
{
  DIR *d = opendir("/proc");
  struct dirent *e;
  int st;

  while (d != NULL && (e = readdir(d)) != NULL) {
    char path[64], line[256];
    FILE *f;
    int pid = atoi(e->d_name), ppid = -1;

    if (pid <= 0)
      continue;
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    f = fopen(path, "r");
    if (f == NULL)
      continue;
    while (fgets(line, sizeof line, f) != NULL)
      if (sscanf(line, "PPid: %d", &ppid) == 1)
        break;
    fclose(f);
    if (ppid == (int)getpid())
      (void)kill(pid, SIGKILL);
  }
  if (d != NULL)
    closedir(d);
  while (waitpid(-1, &st, 0) > 0 || errno == EINTR)
    ;
}

int
main(int argc, char **argv)
{
  const char *pidfile = NULL;
  long grace = 0;
  int i, st, result, orphans = 0, late = 0;
  pid_t cmd, pid;
  long long ended;

  for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--pidfile") == 0 && i + 1 < argc)
      pidfile = argv[++i];
    else if (strcmp(argv[i], "--orphan-grace-ms") == 0 && i + 1 < argc)
      grace = atol(argv[++i]);
    else {
      fprintf(stderr, "usage: subreaper [--pidfile F] [--orphan-grace-ms N] -- CMD...\n");
      return 99;
    }
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "subreaper: no command\n");
    return 99;
  }
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
    perror("subreaper: PR_SET_CHILD_SUBREAPER");
    return 99;
  }
  cmd = fork();
  if (cmd < 0) {
    perror("subreaper: fork");
    return 99;
  }
  if (cmd == 0) {
    execvp(argv[i + 1], argv + i + 1);
    fprintf(stderr, "subreaper: cannot run %s: %s\n", argv[i + 1], strerror(errno));
    _exit(127);
  }
  if (pidfile != NULL) {
    FILE *f = fopen(pidfile, "w");
    if (f == NULL || fprintf(f, "%d\n", (int)cmd) < 0 || fclose(f) != 0) {
      perror("subreaper: pidfile");
      return 99;
    }
  }
  while (waitpid(cmd, &st, 0) < 0)
    if (errno != EINTR) {
      perror("subreaper: waitpid");
      return 99;
    }
  ended = now_ms();
  result = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);

  /* Everything the command left behind is our child now. */
  for (;;) {
    int ost;
    long long waited = now_ms() - ended;

    pid = waitpid(-1, &ost, WNOHANG);
    if (pid < 0)
      break; /* ECHILD: nothing left */
    if (pid > 0) {
      orphans++;
      if (WIFSIGNALED(ost))
        fprintf(stderr, "subreaper: orphan %d died by signal %d %lld ms after the command\n",
                (int)pid, WTERMSIG(ost), waited);
      else
        fprintf(stderr, "subreaper: orphan %d exited with status %d %lld ms after the command\n",
                (int)pid, WEXITSTATUS(ost), waited);
      if (waited > grace)
        late++;
      continue;
    }
    if (waited > grace) {
      fprintf(stderr, "subreaper: a process outlived the command by more than %ld ms\n", grace);
      late++;
      kill_children();
      break;
    }
    usleep(2000);
  }
  if (orphans > 0 && grace == 0)
    fprintf(stderr, "subreaper: the command left %d process(es) behind\n", orphans);
  if (late > 0 || (orphans > 0 && grace == 0))
    return 99;
  return result;
}
