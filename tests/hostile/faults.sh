#!/bin/sh
# tests/hostile/faults.sh -- faults from outside the box during a run.
#
#  * box-worker SIGKILLed in the middle of a large write (many writes on one
#    handle, modes "w" and "a", and a file that did not exist): the target is
#    the old content (a handle commits only at close), status 125, and no
#    temporary file is left in the directory or in a later script's listdir.
#  * box-broker SIGKILLed in the middle of a large write: the target is the
#    old content.  (The worker dying with the broker is tests/process/
#    broker_death.sh.)  A temporary file left behind is reported as a note.
#  * The decision log cannot be opened (records.jsonl is a directory; as
#    non-root also a 0400 file): the run fails closed before the script runs.
#  * The policy file is rewritten during a run (both directions): the run
#    keeps the policy it loaded; the next run uses the new one.
#  * Disk full: when this user can mount a tmpfs in a private mount namespace
#    (unshare -m), a full workspace gives OSError "No space left on device"
#    and leaves the old content, and a full box_dir makes every decision a
#    refusal (the decision cannot be logged).  Otherwise RLIMIT_FSIZE (with
#    SIGXFSZ ignored) stands in: OSError "File too large", old content kept.
. "${top_srcdir:-.}/tests/process/lib.sh"

LOG="$TMP/state/private/telemetry/records.jsonl"
permit_ws() {
  cat >"$BOX/policy.dw" <<EOF
@id("workspace_rw")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write",
                              Box::Action::"fs:delete", Box::Action::"fs:move"], resource)
when { context.input.path == "$WORKSPACE" || context.input.path like "$WORKSPACE/*" };
EOF
}
permit_ws

# temp_files DIR: the box's temporary files in DIR.
temp_files() { ls -A "$1" | grep '^\.box-tmp-' || :; }

# kill_worker_mid_write NAME MODE OLD: the script writes 64 KiB chunks to
# big.bin through one handle, slowly; once it has written a few, the test
# SIGKILLs box-worker.  OLD: the old content, or "" for no file.  Mode
# "ab" appends to the real file (O_APPEND, as CPython): the old content must
# then be followed only by whole chunks, each write() having landed whole.
kill_worker_mid_write() {
  rm -f "$WORKSPACE/big.bin"
  [ -n "$3" ] && printf '%s' "$3" >"$WORKSPACE/big.bin"
  rm -f "$TMP/pid"
  "$REAPER" --pidfile "$TMP/pid" -- "$BROKER" --config "$CONFIG" -c "import time
chunk = b'N' * 65536
with open('big.bin', '$2') as f:
    for k in range(800):
        f.write(chunk)
        if k == 8:
            print('writing', flush=True)
        # slow down once the test may kill: it must land before the end,
        # even on a loaded machine (at most 80 s, inside the sleep budget)
        time.sleep(0.005 if k < 8 else 0.1)
print('completed')" >"$OUT" 2>"$ERR" &
  reaper=$!
  broker=$(wait_for_file_pid "$TMP/pid")
  n=0
  while ! grep -q writing "$OUT" && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
  worker=$(box_child_now "$broker")
  [ -n "$worker" ] && kill -KILL "$worker"
  wait "$reaper"; status=$?
  check_status "$1" 125
  check_err "$1" "box-broker: worker killed by signal SIGKILL"
  if [ -z "$3" ]; then
    if [ ! -e "$WORKSPACE/big.bin" ]; then pass "$1: no file created"; else
      fail "$1: big.bin exists ($(wc -c <"$WORKSPACE/big.bin") bytes)"; fi
  elif [ "$2" = ab ]; then
    size=$(wc -c <"$WORKSPACE/big.bin")
    extra=$((size - ${#3}))
    if [ "$(head -c ${#3} "$WORKSPACE/big.bin")" = "$3" ] && [ $((extra % 65536)) -eq 0 ] &&
      [ "$(tail -c +$((${#3} + 1)) "$WORKSPACE/big.bin" | tr -d N | wc -c)" -eq 0 ]; then
      pass "$1: old content then $((extra / 65536)) whole chunks"; else
      fail "$1: big.bin has $size bytes, not the old content and whole chunks"; fi
  elif [ "$(cat "$WORKSPACE/big.bin")" = "$3" ]; then pass "$1: old content intact"; else
    fail "$1: big.bin has $(wc -c <"$WORKSPACE/big.bin") bytes, not the old content"; fi
  left=$(temp_files "$WORKSPACE")
  if [ -z "$left" ]; then pass "$1: no temporary file left"; else fail "$1: left $left"; fi
}

kill_worker_mid_write "worker killed, mode w" wb "old content"
kill_worker_mid_write "worker killed, mode a" ab "old content"
kill_worker_mid_write "worker killed, new file" wb ""

# Control: the same write not interrupted gives the whole new content; the
# script's own listdir shows no temporary file.
printf 'old content' >"$WORKSPACE/big.bin"
run_box -c "import os
with open('big.bin', 'wb') as f:
    for k in range(200):
        f.write(b'N' * 65536)
print(sorted(os.listdir('.')))"
check_status "uninterrupted write" 0
check_out "uninterrupted write: listdir" "['big.bin', 'hello.py']"
if [ "$(wc -c <"$WORKSPACE/big.bin")" -eq $((200 * 65536)) ] && ! grep -q '[^N]' "$WORKSPACE/big.bin"; then
  pass "uninterrupted write: the whole new content"; else fail "uninterrupted write: $(wc -c <"$WORKSPACE/big.bin") bytes"; fi

# Broker SIGKILLed mid-write.
printf 'old content' >"$WORKSPACE/big.bin"
rm -f "$TMP/pid"
"$REAPER" --pidfile "$TMP/pid" --orphan-grace-ms 1000 -- "$BROKER" --config "$CONFIG" -c "import time
with open('big.bin', 'wb') as f:
    for k in range(800):
        f.write(b'N' * 65536)
        if k == 8:
            print('writing', flush=True)
        time.sleep(0.005 if k < 8 else 0.1)" >"$OUT" 2>"$ERR" &
reaper=$!
broker=$(wait_for_file_pid "$TMP/pid")
n=0
while ! grep -q writing "$OUT" && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
kill -KILL "$broker"
wait "$reaper"; status=$?
check_status "broker killed mid-write" 137
if [ "$(cat "$WORKSPACE/big.bin")" = "old content" ]; then pass "broker killed mid-write: old content intact"; else
  fail "broker killed mid-write: big.bin has $(wc -c <"$WORKSPACE/big.bin") bytes"; fi
left=$(temp_files "$WORKSPACE")
if [ -n "$left" ]; then
  echo "note broker killed mid-write: temporary file $left ($(wc -c <"$WORKSPACE/$left") bytes) left in the workspace (listings hide it; no broker survives to remove it)"
  rm -f "$WORKSPACE"/.box-tmp-*
fi

# The decision log cannot be opened.
run_box -c "print('ran')" # prepares box_dir
mv "$LOG" "$LOG.saved" && mkdir "$LOG"
run_box -c "open('logless.txt', 'w').write('x'); print('ran')"
check_status "decision log is a directory" 125
check_err_has "decision log is a directory" "cannot open the decision log"
check_out "decision log is a directory: the script never ran" ""
if [ ! -e "$WORKSPACE/logless.txt" ]; then pass "decision log is a directory: no effect"; else
  fail "decision log is a directory: logless.txt was written"; fi
rmdir "$LOG" && mv "$LOG.saved" "$LOG"
if [ "$(id -u)" -ne 0 ]; then
  chmod 0400 "$LOG"
  run_box -c "open('logless.txt', 'w').write('x'); print('ran')"
  check_status "decision log read-only" 125
  check_err_has "decision log read-only" "cannot open the decision log"
  if [ ! -e "$WORKSPACE/logless.txt" ]; then pass "decision log read-only: no effect"; else
    fail "decision log read-only: logless.txt was written"; fi
  chmod 0600 "$LOG"
else
  echo "skip decision log 0400: root ignores file modes"
fi

# The policy changes during a run.
policy_swap() { # NAME NEWPOLICY-FILE WANT-LINE-FOR-THE-WRITE
  rm -f "$WORKSPACE/during.txt"
  # Empty the output here, not in the background job's redirection: the
  # wait loop below must not see the previous run's "loaded".
  : >"$OUT"
  "$REAPER" -- "$BROKER" --config "$CONFIG" -c "import time
print('loaded', flush=True)
time.sleep(1.5)
try:
    with open('during.txt', 'w') as f:
        f.write('written')
    print('write permitted')
except PermissionError as e:
    print('write denied')" >>"$OUT" 2>"$ERR" &
  reaper=$!
  n=0
  while ! grep -q loaded "$OUT" && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
  cp "$2" "$BOX/policy.dw.new" && mv "$BOX/policy.dw.new" "$BOX/policy.dw"
  wait "$reaper"; status=$?
  check_status "$1" 0
  check_out "$1: the run kept its policy" "loaded
$3"
}
: >"$TMP/deny.dw"
cp "$BOX/policy.dw" "$TMP/permit.dw"
policy_swap "policy rewritten to permit nothing" "$TMP/deny.dw" "write permitted"
run_box -c "
try:
    open('after.txt', 'w').write('x')
except PermissionError:
    print('denied')"
check_out "the next run uses the new policy" "denied"
policy_swap "policy rewritten to permit" "$TMP/permit.dw" "write denied"
printf 'this is not a policy (' >"$TMP/bad.dw"
policy_swap "policy rewritten to garbage" "$TMP/bad.dw" "write permitted"
run_box -c "print('ran')"
check_status "the next run refuses the bad policy" 1
check_out "the next run refuses the bad policy: the script never ran" ""
cp "$TMP/permit.dw" "$BOX/policy.dw"

# Disk full.
if unshare -m --propagation private sh -c "mount -t tmpfs -o size=64k tmpfs '$TMP'" 2>/dev/null; then
  mkdir -p "$TMP/full"
  # A full workspace: a 1 MiB write on a 64 KiB tmpfs holding the old file.
  unshare -m --propagation private sh -c '
    mount -t tmpfs -o size=64k,mode=0755 tmpfs "$1/box/workspace" || exit 99
    printf "old content" >"$1/box/workspace/keep.txt"
    "$2" -- "$3" --config "$4" -c "
import os
for mode in (\"write_text\", \"handle\", \"append\"):
    try:
        if mode == \"write_text\":
            import pathlib
            pathlib.Path(\"keep.txt\").write_text(\"y\" * 1048576)
        else:
            with open(\"keep.txt\", \"w\" if mode == \"handle\" else \"a\") as f:
                for k in range(16):
                    f.write(\"y\" * 65536)
        print(mode, \"no error\")
    except OSError as e:
        print(mode, type(e).__name__, e)
    print(open(\"keep.txt\").read(20))
print(sorted(os.listdir(\".\")))" >"$1/out" 2>"$1/err"
    echo $? >"$1/full/status"
    ls -A "$1/box/workspace" >"$1/full/listing"
    head -c 20 "$1/box/workspace/keep.txt" >"$1/full/keep"' sh "$TMP" "$REAPER" "$BROKER" "$CONFIG"
  status=$(cat "$TMP/full/status")
  check_status "full workspace" 0
  for mode in write_text handle append; do
    if grep -qxF "$mode OSError [Errno 28] No space left on device: 'keep.txt'" "$OUT"; then
      pass "full workspace, $mode: OSError No space left on device"; else
      fail "full workspace, $mode: $(grep "^$mode" "$OUT")"; fi
  done
  # after each failed write the script printed keep.txt's first 20 bytes
  set -- $(grep -A1 '^[a-z_]* OSError\|^[a-z_]* no error' "$OUT" | grep -v '^[a-z_]* OSError\|^[a-z_]* no error\|^--' | tr ' ' '_')
  # write_text and "w" replace the file whole or not at all; "a" appends to
  # the real file, so what fitted stays after the old content.
  for mode in write_text handle append; do
    case "$mode:${1:-}" in
      append:old_content*) pass "full workspace, $mode: keep.txt starts with the old content" ;;
      *:old_content) pass "full workspace, $mode: keep.txt still the old content" ;;
      *) fail "full workspace, $mode: keep.txt became '${1:-}'" ;;
    esac
    [ $# -gt 0 ] && shift
  done
  if [ "$(cat "$TMP/full/listing")" = "keep.txt" ] && [ "$(tail -n 1 "$OUT")" = "['keep.txt']" ]; then
    pass "full workspace: no temporary file left"; else
    fail "full workspace: left $(tr '\n' ' ' <"$TMP/full/listing")"; fi

  # A full box_dir: a decision that cannot be logged is a refusal.  The log
  # holds one record (part of a tmpfs page) when the rest is filled, so the
  # next records fill that page and then fail.
  rm -rf "$TMP/state"
  mkdir -m 0700 "$TMP/state"
  unshare -m --propagation private sh -c '
    mount -t tmpfs -o size=64k,mode=0700 tmpfs "$1/state" || exit 99
    "$2" -- "$3" --config "$4" -c "import pathlib; pathlib.Path(\"first.txt\").write_text(\"x\")" >/dev/null 2>&1
    dd if=/dev/zero of="$1/state/private/fill" bs=4096 2>/dev/null
    "$2" -- "$3" --config "$4" -c "
import pathlib
for k in range(6):
    try:
        pathlib.Path(\"logfull%d.txt\" % k).write_text(\"x\")
        print(k, \"written\")
    except PermissionError as e:
        print(k, type(e).__name__, e)" >"$1/out" 2>"$1/err"
    echo $? >"$1/full/status"
    rm -f "$1/state/private/fill"
    "$2" -- "$3" --config "$4" -c "import pathlib; pathlib.Path(\"last.txt\").write_text(\"x\")" >/dev/null 2>&1
    cp "$1/state/private/telemetry/records.jsonl" "$1/full/log"' sh "$TMP" "$REAPER" "$BROKER" "$CONFIG"
  status=$(cat "$TMP/full/status")
  check_status "full box_dir" 0
  refused=$(grep -c "^[0-9] PermissionError policy denied this operation on 'logfull[0-9].txt' because the request could not be evaluated.$" "$OUT")
  written=$(grep -c '^[0-9] written$' "$OUT")
  if [ "$refused" -ge 1 ] && [ $((refused + written)) -eq 6 ]; then
    pass "full box_dir: $written decisions logged and performed, then $refused refused (could not be evaluated)"; else
    fail "full box_dir: $(tr '\n' '|' <"$OUT")"; fi
  check_err_has "full box_dir: says why" "cannot append to the decision log (No space left on device)"
  bad=0
  for k in 0 1 2 3 4 5; do
    if grep -q "^$k written" "$OUT"; then [ -e "$WORKSPACE/logfull$k.txt" ] || bad=1
    else [ ! -e "$WORKSPACE/logfull$k.txt" ] || bad=1; fi
  done
  if [ $bad -eq 0 ]; then pass "full box_dir: exactly the logged writes were performed"; else
    fail "full box_dir: files $(ls "$WORKSPACE" | tr '\n' ' ') do not match the decisions"; fi
  PY=$(command -v python3.11 || command -v python3) || PY=""
  if [ -n "$PY" ]; then
    badlines=$("$PY" -c 'import json, sys
n = 0
for raw in open(sys.argv[1], "rb"):
    try:
        json.loads(raw)
    except ValueError:
        n += 1
print(n)' "$TMP/full/log")
    if [ "$badlines" -eq 0 ]; then pass "full box_dir: every decision log line still valid JSON after the disk filled and emptied"
    else fail "full box_dir: $badlines torn decision log line(s)"; fi
  fi
else
  echo "skip tmpfs: cannot mount in a private mount namespace; RLIMIT_FSIZE stands in"
  printf 'old content' >"$WORKSPACE/keep.txt"
  ( trap '' XFSZ; ulimit -f 64; "$REAPER" -- "$BROKER" --config "$CONFIG" -c "
import os, pathlib
try:
    pathlib.Path('keep.txt').write_text('y' * 1048576)
except OSError as e:
    print(type(e).__name__, e)
print(open('keep.txt').read())
print(sorted(os.listdir('.')))" >"$OUT" 2>"$ERR"; echo $? >"$TMP/fsize" )
  status=$(cat "$TMP/fsize")
  check_status "RLIMIT_FSIZE" 0
  check_out "RLIMIT_FSIZE: OSError, old content, no temporary file" "OSError [Errno 27] File too large: 'keep.txt'
old content
['hello.py', 'keep.txt']"
fi
finish
