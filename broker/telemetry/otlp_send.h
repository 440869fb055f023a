/* broker/telemetry/otlp_send.h -- delivers the spooled decision records of
 * a box's OTLP targets to their collectors (strands-box.md sections 4 and
 * 5; the spool is spool.h).
 *
 * OTLP/HTTP with JSON, one signal at a time, each in spool order: the log
 * lines as ExportLogsServiceRequests ({"resourceLogs": [...]}) to
 * <destination>/v1/logs, then the span lines as ExportTraceServiceRequests
 * ({"resourceSpans": [...]}) to <destination>/v1/traces (a destination
 * that already ends in /v1/logs or /v1/traces has that suffix replaced),
 * Content-Type application/json.  Each batch is one POST of up to
 * OTLP_BATCH_RECORDS spooled lines (at most OTLP_BATCH_BYTES), oldest
 * first: a backlog left by earlier runs goes before this run's records.  A
 * 2xx answer advances that signal's delivered offset (spool.h); anything
 * else is retried OTLP_ATTEMPTS times with backoff (0.25 s, doubling), then
 * the sender stops and leaves the rest spooled for the next run (its
 * report: spool.h's state file, which the next run's start turns into one
 * stderr note, and --audit shows).  Each request has a 10 s timeout.
 * secret.ref (env://) is sent as the value of secret.header (default
 * Authorization) exactly as the variable holds it.
 * One sender per target at a time (the .lock file); a fully delivered
 * spool is emptied when no broker of the box holds it.
 *
 * The broker never waits for a collector: telemetry_deliver_detached()
 * starts the sender as a detached process (its own session, stdio on
 * /dev/null) once the script has ended, and returns at once. */
#ifndef BOX_TELEMETRY_OTLP_SEND_H
#define BOX_TELEMETRY_OTLP_SEND_H

#include <stddef.h>

struct box_config;

#define OTLP_BATCH_RECORDS 512
#define OTLP_BATCH_BYTES (1024u * 1024u)
#define OTLP_ATTEMPTS 4
#define OTLP_TIMEOUT_MS 10000L

/* The collectors' credentials, resolved at start (env:// only). */
struct otlp_auth {
  char *value[16]; /* per [telemetry.*] table, NULL = none */
};

/* Resolves every otlp target's secret.ref.  0, or -1 with
 * "box-broker: error: ..." in err (the variable is unset or empty). */
int otlp_auth_load(const struct box_config *cfg, struct otlp_auth *auth, char *err, size_t errlen);
void otlp_auth_free(struct otlp_auth *auth);

/* One line on stderr per otlp target whose records stayed spooled after
 * the last sender ("box-broker: note: [telemetry.L]: N records wait in the
 * spool (...); this run's sender delivers them first"). */
void otlp_note_backlog(const struct box_config *cfg);

/* Delivers target i's spool now (the sender's work; blocks).  0 when
 * everything complete was delivered, -1 when records stay spooled. */
int otlp_deliver(const struct box_config *cfg, size_t i, const struct otlp_auth *auth,
                 const char *cacert);

/* Forks the detached sender for every otlp target of cfg (nothing when
 * there is none) and returns at once. */
void telemetry_deliver_detached(const struct box_config *cfg, const struct otlp_auth *auth,
                                const char *cacert);

#endif
