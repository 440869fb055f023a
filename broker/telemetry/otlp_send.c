/* broker/telemetry/otlp_send.c -- the OTLP/HTTP sender of spooled decision
 * records (see otlp_send.h). */
#define _GNU_SOURCE
#include <config.h> /* autoconf; not broker/config/config.h */

#include "broker/telemetry/otlp_send.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "broker/config/config.h"
#include "broker/effects/fxbuf.h"
#include "broker/egress/credentials.h"
#include "broker/egress/libcurl.h"
#include "broker/telemetry/spool.h"

/* Each signal's spool lines, and where its batches go. */
static const struct signal {
  const char *head; /* a line of this signal starts so, and ends in "]}" */
  const char *path; /* the OTLP/HTTP path */
} SIGNALS[SPOOL_SIGNALS] = {
    [SPOOL_LOGS] = {"{\"resourceLogs\":[", "/v1/logs"},
    [SPOOL_TRACES] = {"{\"resourceSpans\":[", "/v1/traces"},
};
static const char LINE_TAIL[] = "]}";

/* ---- credentials ------------------------------------------------------------- */

int otlp_auth_load(const struct box_config *cfg, struct otlp_auth *auth, char *err, size_t errlen)
{
  memset(auth, 0, sizeof *auth);
  for (size_t i = 0; i < cfg->n_telemetry && i < 16; i++) {
    const struct box_telemetry *t = &cfg->telemetry[i];
    if (strcmp(t->kind, "otlp") != 0 || t->secret_ref == NULL)
      continue;
    const char *why = NULL;
    auth->value[i] = egress_env_secret(t->secret_ref, &why);
    if (auth->value[i] == NULL) {
      snprintf(err, errlen, "box-broker: error: %s:%d: telemetry.%s.secret.ref: the environment variable %s %s; set it in box-broker's environment (env:// is read once, when the broker starts)",
               cfg->path, t->line, t->label, t->secret_ref + 6, why);
      otlp_auth_free(auth);
      return -1;
    }
  }
  return 0;
}

void otlp_auth_free(struct otlp_auth *auth)
{
  for (size_t i = 0; i < 16; i++) {
    if (auth->value[i] != NULL) {
      explicit_bzero(auth->value[i], strlen(auth->value[i]));
      free(auth->value[i]);
      auth->value[i] = NULL;
    }
  }
}

/* ---- the backlog note ------------------------------------------------------------ */

void otlp_note_backlog(const struct box_config *cfg)
{
  for (size_t i = 0; i < cfg->n_telemetry; i++) {
    const struct box_telemetry *t = &cfg->telemetry[i];
    if (strcmp(t->kind, "otlp") != 0)
      continue;
    struct spool_state st;
    spool_read_state(cfg->box_dir, t->label, &st);
    if (st.pending == 0 || st.last_error[0] == '\0')
      continue;
    fprintf(stderr, "box-broker: note: [telemetry.%s]: %lu records wait in the spool (the last delivery to %s failed: %s); they are sent first, after this run\n",
            t->label, spool_pending_records(cfg->box_dir, t->label), t->destination, st.last_error);
  }
}

/* ---- one POST ------------------------------------------------------------------ */

static size_t discard(char *p, size_t size, size_t n, void *ud)
{
  (void)p;
  (void)ud;
  return size * n;
}

/* 0 on a 2xx answer, else -1 with why. */
static int post(const char *url, const char *auth_line, const char *cacert, const char *body,
                size_t len, char *why, size_t whylen)
{
  CURL *c = libcurl.easy_init();
  if (c == NULL) {
    snprintf(why, whylen, "cannot start a transfer");
    return -1;
  }
  char errbuf[CURL_ERROR_SIZE] = "";
  struct curl_slist *hl = libcurl.slist_append(NULL, "Content-Type: application/json");
  hl = libcurl.slist_append(hl, "Expect:");
  if (auth_line != NULL)
    hl = libcurl.slist_append(hl, auth_line);
  libcurl.easy_setopt(c, CURLOPT_URL, url);
  libcurl.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  libcurl.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  libcurl.easy_setopt(c, CURLOPT_PROXY, "");
  libcurl.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  libcurl.easy_setopt(c, CURLOPT_TIMEOUT_MS, OTLP_TIMEOUT_MS);
  libcurl.easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  libcurl.easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
  libcurl.easy_setopt(c, CURLOPT_HTTPHEADER, hl);
  libcurl.easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
  libcurl.easy_setopt(c, CURLOPT_POSTFIELDS, body);
  libcurl.easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
  if (cacert != NULL)
    libcurl.easy_setopt(c, CURLOPT_CAINFO, cacert);
  CURLcode rc = libcurl.easy_perform(c);
  long status = 0;
  int result = -1;
  if (rc != CURLE_OK) {
    snprintf(why, whylen, "%s", *errbuf ? errbuf : libcurl.easy_strerror(rc));
  } else {
    libcurl.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 200 && status < 300)
      result = 0;
    else
      snprintf(why, whylen, "HTTP status %ld", status);
  }
  libcurl.slist_free_all(hl);
  libcurl.easy_cleanup(c);
  return result;
}

/* ---- delivery ------------------------------------------------------------------ */

/* The next batch of one signal from buf[0..n): the request body in *body,
 * the bytes of spool it covers in *used (whole lines; the other signal's
 * lines and a malformed line are stepped over). */
static void make_batch(const struct signal *sig, const char *buf, size_t n, struct fxbuf *body,
                       size_t *used, size_t *records)
{
  size_t at = 0, hl = strlen(sig->head), tl = sizeof LINE_TAIL - 1;
  *records = 0;
  fxbuf_puts(body, sig->head);
  while (at < n && *records < OTLP_BATCH_RECORDS) {
    const char *nl = memchr(buf + at, '\n', n - at);
    if (nl == NULL)
      break; /* a line still being written, or past this chunk */
    size_t len = (size_t)(nl - (buf + at));
    const char *line = buf + at;
    if (len > hl + tl && memcmp(line, sig->head, hl) == 0 &&
        memcmp(line + len - tl, LINE_TAIL, tl) == 0) {
      if (*records > 0)
        fxbuf_puts(body, ",");
      fxbuf_put(body, line + hl, len - hl - tl);
      (*records)++;
    }
    at += len + 1;
  }
  fxbuf_puts(body, LINE_TAIL);
  *used = at;
}

static void sleep_ms(long ms)
{
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* The signal's URL: the destination without a trailing "/" or a trailing
 * /v1/logs or /v1/traces, then the signal's path. */
static void signal_url(struct fxbuf *url, const char *destination, const struct signal *sig)
{
  size_t dl = strlen(destination);
  for (int s = 0; s < SPOOL_SIGNALS; s++) {
    size_t pl = strlen(SIGNALS[s].path);
    if (dl >= pl && strcmp(destination + dl - pl, SIGNALS[s].path) == 0) {
      dl -= pl;
      break;
    }
  }
  while (dl > 0 && destination[dl - 1] == '/')
    dl--;
  fxbuf_put(url, destination, dl);
  fxbuf_puts(url, sig->path);
}

/* Delivers one signal's lines of the spool fd, in spool order, from that
 * signal's delivered offset: 0 when it is caught up, -1 (state->last_error
 * set) when the collector did not take a batch. */
static int deliver_signal(const struct box_config *cfg, const struct box_telemetry *t, int fd,
                          enum spool_signal signal, const char *auth_line, const char *cacert,
                          char *chunk, struct spool_state *state)
{
  const struct signal *sig = &SIGNALS[signal];
  struct fxbuf url = {0};
  int rc = 0;
  signal_url(&url, t->destination, sig);
  for (;;) {
    struct stat st;
    if (fstat(fd, &st) != 0)
      break;
    off_t sent = spool_signal_offset(cfg->box_dir, t->label, signal);
    if (sent > st.st_size)
      sent = 0; /* the spool was emptied since */
    if (sent == st.st_size)
      break;
    ssize_t n = pread(fd, chunk, OTLP_BATCH_BYTES, sent);
    if (n <= 0)
      break;
    struct fxbuf body = {0};
    size_t used = 0, records = 0;
    make_batch(sig, chunk, (size_t)n, &body, &used, &records);
    if (used == 0) {
      fxbuf_free(&body);
      break; /* only a line still being written */
    }
    int ok = records == 0; /* nothing of this signal: just step over it */
    char why[256] = "";
    long backoff = 250;
    for (int attempt = 0; !ok && attempt < OTLP_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        sleep_ms(backoff);
        backoff *= 2;
      }
      ok = post(url.p, auth_line, cacert, body.p, body.n, why, sizeof why) == 0;
    }
    fxbuf_free(&body);
    if (!ok) {
      snprintf(state->last_error, sizeof state->last_error, "%s: %.200s", sig->path, why);
      rc = -1;
      break;
    }
    if (spool_store_signal_offset(cfg->box_dir, t->label, signal, sent + (off_t)used) != 0) {
      snprintf(state->last_error, sizeof state->last_error,
               "cannot store the delivered offset (%s)", strerror(errno));
      rc = -1;
      break;
    }
    if (records > 0)
      state->last_success = time(NULL);
  }
  fxbuf_free(&url);
  return rc;
}

int otlp_deliver(const struct box_config *cfg, size_t i, const struct otlp_auth *auth,
                 const char *cacert)
{
  const struct box_telemetry *t = &cfg->telemetry[i];
  char path[4200], lock_path[4200], err[512];
  spool_path(path, sizeof path, cfg->box_dir, t->label, SPOOL_DATA);
  spool_path(lock_path, sizeof lock_path, cfg->box_dir, t->label, SPOOL_LOCK);
  int lock = open(lock_path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (lock < 0)
    return -1;
  while (flock(lock, LOCK_EX) != 0 && errno == EINTR)
    ;
  int fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    close(lock);
    return errno == ENOENT ? 0 : -1;
  }
  struct spool_state state;
  spool_read_state(cfg->box_dir, t->label, &state);
  state.last_attempt = time(NULL);
  state.last_error[0] = '\0';
  int rc = 0;
  if (libcurl_load(err, sizeof err) != 0 || libcurl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(state.last_error, sizeof state.last_error, "%.200s", err);
    rc = -1;
  }
  struct fxbuf auth_line = {0};
  if (i < 16 && auth->value[i] != NULL)
    fxbuf_printf(&auth_line, "%s: %s", t->secret_header ? t->secret_header : "Authorization",
                 auth->value[i]);
  char *chunk = malloc(OTLP_BATCH_BYTES);
  if (chunk == NULL)
    abort();
  /* The logs first, then the spans; a collector that refuses one signal
   * leaves the rest of both spooled (the next sender retries). */
  for (int s = 0; rc == 0 && s < SPOOL_SIGNALS; s++)
    rc = deliver_signal(cfg, t, fd, (enum spool_signal)s, auth_line.p, cacert, chunk, &state);
  free(chunk);
  /* Empty a delivered spool when no broker of the box holds it. */
  if (rc == 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > 0 &&
        spool_sent_offset(cfg->box_dir, t->label) == st.st_size && ftruncate(fd, 0) == 0)
      spool_store_sent(cfg->box_dir, t->label, 0);
  }
  spool_store_state(cfg->box_dir, t->label, &state);
  if (auth_line.p)
    explicit_bzero(auth_line.p, auth_line.n);
  fxbuf_free(&auth_line);
  close(fd);
  close(lock);
  return rc;
}

void telemetry_deliver_detached(const struct box_config *cfg, const struct otlp_auth *auth,
                                const char *cacert)
{
  size_t n = 0;
  for (size_t i = 0; i < cfg->n_telemetry; i++)
    n += strcmp(cfg->telemetry[i].kind, "otlp") == 0;
  if (n == 0)
    return;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "box-broker: note: cannot start the telemetry sender (%s); the records stay spooled for the next run\n",
            strerror(errno));
    return;
  }
  if (pid > 0) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
      ;
    return;
  }
  /* The first child: a session of its own, and the sender as its child, so
   * the sender is nobody's to wait for. */
  setsid();
  if (fork() != 0)
    _exit(0);
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
  }
  for (int fd = 3; fd < 4096; fd++)
    close(fd);
  sigset_t all;
  sigemptyset(&all);
  sigprocmask(SIG_SETMASK, &all, NULL);
  signal(SIGPIPE, SIG_IGN);
  for (size_t i = 0; i < cfg->n_telemetry; i++)
    if (strcmp(cfg->telemetry[i].kind, "otlp") == 0)
      otlp_deliver(cfg, i, auth, cacert);
  _exit(0);
}
