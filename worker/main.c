/* worker/main.c -- box-worker: runs one untrusted script inside the sandbox.
 *
 * The broker's child execs this program with fds 0 = /dev/null, 1 and 2 =
 * the caller's stdout and stderr, 3 = the pipe from the broker and 4 = the
 * pipe to the broker, an empty environment and no arguments that matter.
 * The very first thing it does is lay out its heap on huge pages
 * (worker/runtime/heap_start.h), map in the pages of the builtin types
 * (worker/runtime/prefault.h) and enter the sandbox (seccomp/sandbox.h);
 * then it starts the interpreter's runtime, which needs nothing from the
 * broker (so it overlaps the broker's loading of box.toml and the policy),
 * and only then reads the SCRIPT frame, runs the script, and reports the
 * status in an EXIT frame. */
#include "config.h"

#include <stddef.h>

#include "common/protocol.h"
#include "seccomp/sandbox.h"
#include "worker/runtime/heap_start.h"
#include "worker/runtime/prefault.h"
#include "worker/host/host.h"
#include "worker/runtime/interp.h"


#ifdef BOX_SANITIZERS
/* LeakSanitizer's exit-time check needs ptrace and threads, which the
 * filter forbids. */
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
  return "detect_leaks=0";
}
#endif

int
main(void)
{
  struct box_host host;
  struct host_script script;
  char err[256];
  int status;

  heap_start_on_huge_pages();
  /* host_init() writes the fields, the SCRIPT frame the first page of the
   * buffer; the rest of its 16 KiB only if a frame needs it */
  prefault_range(&host, offsetof(struct box_host, buf) + 4096);
  prefault_builtin_types();
  prefault_runtime_state();
  interp_note_stack_limit();
  if (box_sandbox_enter(err, sizeof err) != 0)
    host_fatal("cannot enter the sandbox: %s", err);
  interp_prepare();
  host_init(&host, BOX_WORKER_FD_IN, BOX_WORKER_FD_OUT);
  host_receive_script(&host, &script);
  os_set_home(script.home);
  status = interp_run(script.source, script.len, script.filename, script.argv0, script.cwd,
                      &host);
  status &= 0xff; /* as the kernel would truncate it */
  host_script_free(&script);
  host_send_exit(&host, status);
  host_free(&host);
  host_exit(status);
}
