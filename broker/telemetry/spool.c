/* broker/telemetry/spool.c -- the files beside an OTLP target's spool: the
 * delivered offset and the sender's report (see spool.h). */
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/telemetry/spool.h"
#include "common/fdio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void spool_path(char *out, size_t outlen, const char *box_dir, const char *label,
                enum spool_file which)
{
  static const char *const ext[] = {"spool", "sent", "state", "lock"};
  snprintf(out, outlen, "%s/private/telemetry/otlp-%s.%s", box_dir, label, ext[which]);
}

/* Reads a small file whole into buf (NUL-terminated); bytes, or -1. */
static ssize_t read_small(const char *path, char *buf, size_t len)
{
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n = box_read_full(fd, buf, len - 1);
  close(fd);
  if (n < 0)
    return -1;
  buf[n] = '\0';
  return n;
}

static int write_whole(const char *path, const char *text)
{
  char tmp[4300];
  snprintf(tmp, sizeof tmp, "%s.%ld.new", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = box_write_all(fd, text, strlen(text)) != 0;
  bad |= close(fd) != 0;
  if (bad || rename(tmp, path) != 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

/* Both signals' offsets from the .sent file: "<logs> <traces>" (a file
 * with one number, from before spans were spooled, holds both). */
static void read_sent(const char *box_dir, const char *label, off_t out[SPOOL_SIGNALS])
{
  char path[4200], buf[64];
  out[SPOOL_LOGS] = out[SPOOL_TRACES] = 0;
  spool_path(path, sizeof path, box_dir, label, SPOOL_SENT);
  if (read_small(path, buf, sizeof buf) <= 0)
    return;
  char *end;
  long long logs = strtoll(buf, &end, 10), traces = logs;
  if (*end == ' ')
    traces = strtoll(end + 1, NULL, 10);
  out[SPOOL_LOGS] = logs > 0 ? (off_t)logs : 0;
  out[SPOOL_TRACES] = traces > 0 ? (off_t)traces : 0;
}

static int write_sent(const char *box_dir, const char *label, const off_t sent[SPOOL_SIGNALS])
{
  char path[4200], buf[64];
  spool_path(path, sizeof path, box_dir, label, SPOOL_SENT);
  snprintf(buf, sizeof buf, "%lld %lld\n", (long long)sent[SPOOL_LOGS],
           (long long)sent[SPOOL_TRACES]);
  return write_whole(path, buf);
}

off_t spool_sent_offset(const char *box_dir, const char *label)
{
  off_t sent[SPOOL_SIGNALS];
  read_sent(box_dir, label, sent);
  return sent[SPOOL_LOGS] < sent[SPOOL_TRACES] ? sent[SPOOL_LOGS] : sent[SPOOL_TRACES];
}

off_t spool_signal_offset(const char *box_dir, const char *label, enum spool_signal signal)
{
  off_t sent[SPOOL_SIGNALS];
  read_sent(box_dir, label, sent);
  return sent[signal];
}

int spool_store_sent(const char *box_dir, const char *label, off_t offset)
{
  off_t sent[SPOOL_SIGNALS] = {offset, offset};
  return write_sent(box_dir, label, sent);
}

int spool_store_signal_offset(const char *box_dir, const char *label, enum spool_signal signal,
                              off_t offset)
{
  off_t sent[SPOOL_SIGNALS];
  read_sent(box_dir, label, sent);
  sent[signal] = offset;
  return write_sent(box_dir, label, sent);
}

void spool_read_state(const char *box_dir, const char *label, struct spool_state *st)
{
  char path[4200], buf[1024];
  memset(st, 0, sizeof *st);
  spool_path(path, sizeof path, box_dir, label, SPOOL_STATE);
  if (read_small(path, buf, sizeof buf) > 0) {
    for (char *line = buf; line && *line;) {
      char *nl = strchr(line, '\n');
      if (nl)
        *nl = '\0';
      if (strncmp(line, "last_success ", 13) == 0)
        st->last_success = (time_t)strtoll(line + 13, NULL, 10);
      else if (strncmp(line, "last_attempt ", 13) == 0)
        st->last_attempt = (time_t)strtoll(line + 13, NULL, 10);
      else if (strncmp(line, "last_error ", 11) == 0)
        snprintf(st->last_error, sizeof st->last_error, "%s", line + 11);
      line = nl ? nl + 1 : NULL;
    }
  }
  struct stat sb;
  spool_path(path, sizeof path, box_dir, label, SPOOL_DATA);
  if (stat(path, &sb) == 0) {
    off_t sent = spool_sent_offset(box_dir, label);
    st->size = sb.st_size;
    st->pending = sent <= sb.st_size ? sb.st_size - sent : sb.st_size;
  }
}

int spool_store_state(const char *box_dir, const char *label, const struct spool_state *st)
{
  char path[4200], buf[1024];
  spool_path(path, sizeof path, box_dir, label, SPOOL_STATE);
  snprintf(buf, sizeof buf, "last_success %lld\nlast_attempt %lld\n%s%s%s",
           (long long)st->last_success, (long long)st->last_attempt,
           st->last_error[0] ? "last_error " : "", st->last_error, st->last_error[0] ? "\n" : "");
  return write_whole(path, buf);
}

unsigned long spool_pending_records(const char *box_dir, const char *label)
{
  static const char *const heads[SPOOL_SIGNALS] = {"{\"resourceLogs\"", "{\"resourceSpans\""};
  char path[4200], buf[65536];
  unsigned long n[SPOOL_SIGNALS] = {0, 0};
  off_t sent[SPOOL_SIGNALS];
  spool_path(path, sizeof path, box_dir, label, SPOOL_DATA);
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return 0;
  read_sent(box_dir, label, sent);
  struct stat st;
  if (fstat(fd, &st) != 0) {
    close(fd);
    return 0;
  }
  for (int s = 0; s < SPOOL_SIGNALS; s++)
    if (sent[s] > st.st_size)
      sent[s] = 0;
  off_t at = sent[SPOOL_LOGS] < sent[SPOOL_TRACES] ? sent[SPOOL_LOGS] : sent[SPOOL_TRACES];
  /* Each whole line is counted for the signal its head names, when it
   * lies past that signal's delivered offset. */
  char head[20];
  size_t head_len = 0;
  off_t line_at = at;
  ssize_t k;
  while ((k = pread(fd, buf, sizeof buf, at)) > 0) {
    for (ssize_t i = 0; i < k; i++) {
      if (buf[i] != '\n') {
        if (head_len < sizeof head)
          head[head_len++] = buf[i];
        continue;
      }
      for (int s = 0; s < SPOOL_SIGNALS; s++) {
        size_t hl = strlen(heads[s]);
        if (line_at >= sent[s] && head_len >= hl && memcmp(head, heads[s], hl) == 0)
          n[s]++;
      }
      head_len = 0;
      line_at = at + i + 1;
    }
    at += k;
  }
  close(fd);
  return n[SPOOL_LOGS] > n[SPOOL_TRACES] ? n[SPOOL_LOGS] : n[SPOOL_TRACES];
}
