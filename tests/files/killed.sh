#!/bin/sh
# tests/files/killed.sh -- a write that never completes leaves the old
# content: the broker writes into a private temporary file that only
# close() puts in place (unnamed, O_TMPFILE, so even a killed broker
# leaves no stray file).  The script opens notes.txt for writing,
# writes, and sleeps; the worker (then, in a second run, the broker itself)
# is killed with SIGKILL while the handle is open.
. "${top_srcdir:-.}/tests/files/lib.sh"

set_policy '@id("project")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write"], resource)
when { context.input.path like "~/src/project/*" };'

SRC="f = open('notes.txt', 'w')
f.write('NEW CONTENT')
print('written', flush=True)
import time
time.sleep(60)"

# tmpfile_supported DIR: the filesystem of DIR has O_TMPFILE
tmpfile_supported() {
  "$PY" -c 'import os, sys; os.close(os.open(sys.argv[1], os.O_TMPFILE | os.O_RDWR, 0o600))' "$1" 2>/dev/null
}

# start_script: runs SRC in the background until stdout shows "written"
start_script() {
  rm -f "$RECORDS"
  : >"$OUT" # emptied here: the wait below must not see the last run's line
  (cd "$WS" && HOME="$HOME_DIR" exec "$BROKER" --config "$CFG/box.toml" -c "$SRC") >>"$OUT" 2>"$ERR" &
  bpid=$!
  i=0
  while [ $i -lt 200 ] && ! grep -q written "$OUT"; do sleep 0.05; i=$((i + 1)); done
  grep -q written "$OUT"
}

for victim in worker broker; do
  if ! start_script; then
    fail "$victim: the script did not start: $(cat "$ERR")"
    kill -9 "$bpid" 2>/dev/null
    continue
  fi
  if [ $victim = worker ]; then
    wpid=$(box_child_of "$bpid") || { fail "worker: not found"; kill -9 "$bpid"; }
    kill -9 "$wpid"
  else
    kill -9 "$bpid"
  fi
  wait "$bpid" 2>/dev/null
  st=$?
  if [ $victim = worker ]; then
    [ $st -eq 125 ] && pass "worker killed: broker status 125" || fail "worker killed: status $st"
  else
    [ $st -eq 137 ] && pass "broker killed: status 137" || fail "broker killed: status $st"
  fi
  check_file "$victim killed" "$WS/notes.txt" "hello from notes!"
  n=$(decisions | grep -c "permit fs:write ~/src/project/notes.txt project")
  [ "$n" -eq 2 ] && pass "$victim killed: open and write were decided" || fail "$victim killed: $n write decisions"
done
# nothing left: the temporary file was unnamed (where the filesystem lacks
# O_TMPFILE, the killed broker's hidden .box-tmp-* file may remain)
left=$(ls -A "$WS" | grep -v -e '^notes.txt$' -e '^out$' | wc -l)
if [ "$left" -eq 0 ]; then pass "no temporary file left, even by the killed broker"
elif [ "$left" -le 1 ] && ! tmpfile_supported "$WS"; then pass "no O_TMPFILE here: at most the killed broker's temporary file is left"
else fail "left: $(ls -A "$WS")"; fi
finish
