/* worker/runtime/interp.h -- the interpreter's entry point, called once by the
 * worker (worker/main.c) after the sandbox is up and the script has arrived. */
#ifndef BOX_WORKER_INTERP_H
#define BOX_WORKER_INTERP_H

#include <stddef.h>

struct box_host; /* defined in worker/host/host.h */

/* Builds the runtime without the script (types, builtins, sys), so it can
 * overlap the broker's own start-up; interp_run does it when not done yet. */
void interp_prepare(void);

/* Reads the stack's soft limit, which bounds how deep natives may recurse
 * (worker/objects/exc.c); call it before the sandbox is entered: the filter
 * forbids getrlimit. */
void interp_note_stack_limit(void);

/* Runs one script to completion. Returns the process exit status (0, 1, or SystemExit's code).
 * filename is "<string>" for -c, else the script path; argv0 is "-c" or the script path. */
int interp_run(const char *source, size_t len, const char *filename, const char *argv0,
               const char *cwd, struct box_host *host);

/* The script's "~" (the agent's HOME, from the SCRIPT frame; NULL: none),
 * for os.path.expanduser and Path.home(); call before interp_run. */
void os_set_home(const char *home);

/* Ends the script at once with exc (stolen) printed as an uncaught
 * exception, traceback from the current frames: no handler, finally block
 * or with-exit of the script runs.  Sends the EXIT frame with status 1 and
 * exits the worker.  For limits the script must not be able to catch. */
struct Obj;
_Noreturn void interp_fatal(struct Obj *exc);

#endif
