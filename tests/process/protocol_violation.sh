#!/bin/sh
# tests/process/protocol_violation.sh -- the broker treats the worker as
# hostile.  tests/process/evil_worker (run by the test broker through
# --worker-path) sends one malformed or out-of-protocol thing per run; each
# must end with status 125, the expected reason on stderr, within the time
# limit, and with the worker killed and reaped.
. "${top_srcdir:-.}/tests/process/lib.sh"

V="box-broker: worker protocol violation:"

# evil NAME WANT_STATUS WANT_STDERR_LINE [DEADLINE]
evil() {
  run_test_broker --deadline "${4:-3}" --worker-path "$EVIL_WORKER" -c "$1"
  check_status "$1" "$2"
  if [ -n "$3" ]; then check_err "$1" "$3"; fi
  check_no_leftover "$1"
}

# Controls: a well-behaved fake worker.
evil ok 0 ""
evil ok-3 3 ""

# Bad frames.
evil bad-magic 125 "$V bad magic byte 0x00 (expected 0xb1)"
evil bad-version 125 "$V bad magic byte 0xb2 (expected 0xb1)"
evil unknown-kind 125 "$V unknown frame kind 9"
evil reserved 125 "$V reserved header field is not zero"
evil oversize-json 125 "$V JSON section of 1048577 bytes exceeds the limit of 1048576 bytes"
evil oversize-binary 125 "$V binary section of 4294967295 bytes exceeds the limit of 67108864 bytes"
evil short-json 125 "$V JSON section of 1 bytes cannot hold an object"
evil invalid-json 125 ""
check_err_has invalid-json "$V invalid JSON"
evil not-object 125 "$V JSON section is not exactly one object"
evil trailing-json 125 "$V JSON section is not exactly one object"
evil invalid-utf8 125 "$V JSON section is not valid UTF-8"
evil deep-json 125 ""
check_err_has deep-json "$V invalid JSON"
evil garbage 125 "$V bad magic byte 0x7f (expected 0xb1)"
evil truncated-header 125 "$V truncated frame (the worker exited in the middle of a frame)"
evil truncated-body 125 "$V truncated frame (the worker exited in the middle of a frame)"

# Well-formed frames that break the protocol.
evil wrong-kind-script 125 "$V unexpected SCRIPT frame from the worker"
evil wrong-kind-response 125 "$V unexpected RESPONSE frame from the worker"
evil unknown-op 125 "$V unknown op \"open\""
evil unprintable-op 125 "$V unknown op \"?[2Jx\""
evil missing-op 125 "$V REQUEST 1 has no string \"op\""
evil op-not-string 125 "$V REQUEST 1 has no string \"op\""
evil bad-request-id 125 "$V request id 7 out of sequence (expected 1)"
evil zero-request-id 125 "$V request id 0 out of sequence (expected 1)"
evil big-request 125 "$V unknown op \"write\"" 60
for bad in exit-string-status exit-float-status exit-extra-key exit-with-binary exit-nonzero-id; do
  evil "$bad" 125 "$V EXIT frame is not {\"status\": integer} with id 0 and no binary part"
done
evil exit-status-256 125 "$V EXIT status 256 is outside 0..255"
evil exit-status-negative 125 "$V EXIT status -1 is outside 0..255"
evil data-after-exit 125 "$V data after the EXIT frame"
evil exit-mismatch 125 "$V worker exited with status 3 after reporting status 0"
evil exit-without-frame 125 \
  "box-broker: worker exited with status 0 without reporting the script's status"
evil linger-after-exit 125 "$V the worker did not exit after its EXIT frame"
evil close-and-linger 125 "$V the worker closed its pipe but did not exit"

# Deaths and silences.
evil sigsys 125 "box-broker: worker killed by signal SIGSYS (sandbox violation)"
evil sigsegv 125 "box-broker: worker killed by signal SIGSEGV"
evil silent 125 "box-broker: Python script exceeded its deadline"
evil stalled-header 125 "box-broker: Python script exceeded its deadline"

finish
