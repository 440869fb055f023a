#!/bin/sh
# tests/process/broker_death.sh -- if the broker dies (SIGKILL: no chance to
# clean up), the kernel kills the worker (PR_SET_PDEATHSIG) within 1 s, and
# no zombie is left (the subreaper adopts and reaps it).
. "${top_srcdir:-.}/tests/process/lib.sh"

"$REAPER" --pidfile "$TMP/pid" --orphan-grace-ms 1000 -- "$BROKER" --config "$CONFIG" \
  --deadline 60 -c "while True: pass" >"$OUT" 2>"$ERR" &
reaper=$!
broker=$(wait_for_file_pid "$TMP/pid")
worker=$(box_child_of "$broker")
if [ -n "$worker" ]; then pass "worker $worker running under broker $broker"; else
  fail "no worker under broker $broker"; fi
kill -KILL "$broker"
wait "$reaper"; status=$?
check_status "subreaper saw the broker die by SIGKILL" 137
check_err_has "worker killed with the broker" "subreaper: orphan $worker died by signal 9"
if grep -q 'outlived' "$ERR"; then fail "worker outlived the broker by more than 1 s"; else
  pass "worker died within 1 s of the broker"; fi
if [ -e "/proc/$worker" ]; then fail "worker $worker still exists (zombie?)"; else
  pass "no zombie left"; fi

finish
