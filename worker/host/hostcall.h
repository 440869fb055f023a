/* worker/host/hostcall.h -- how the interpreter's modules ask the broker for an
 * effect (a file operation, fetch, ...).
 *
 * A module builds the request JSON (the ops and fields are listed in
 * broker/effects/ops.h), calls hostcall(), and reads the reply.  An error
 * reply ({"ok": false, "exc", "msg", "errno"?, "filename"?, "filename2"?})
 * becomes the Python exception it names, raised in the script.  The fatal
 * host-call-limit reply ends the script at once: the exception is printed
 * as uncaught (no handler of the script runs) and the worker exits 1.
 * Without a broker (box-run, in-process tests) every call raises
 * PermissionError. */
#ifndef BOX_WORKER_HOSTCALL_H
#define BOX_WORKER_HOSTCALL_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "common/frame.h"

struct box_host;

/* Set by interp_run() (NULL: no broker). */
void hostcall_set(struct box_host *h);
bool hostcall_available(void);

/* Sends req (the caller keeps its reference) with bin/len as the binary
 * section.  true: *resp holds the ok reply (resp->json, resp->bin,
 * resp->bin_len); the caller box_frame_clear()s it.  false: an exception is
 * set (and *resp is clear). */
bool hostcall(json_object *req, const void *bin, size_t len, struct box_frame *resp);

/* Raises the exception described by an error reply. */
void hostcall_raise(json_object *reply);

#endif
