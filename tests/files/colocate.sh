#!/bin/sh
# tests/files/colocate.sh -- the CPU co-location of box-broker and a chatty
# worker (broker/session.c) is bounded: the script makes 3,000 decided
# requests (the broker may pin both processes to one CPU meanwhile), then
# computes for three seconds without a request.  While it computes, the
# worker and the broker must both have the affinity the broker was started
# with (here under taskset, so a mask narrower than the machine's where
# there are 3 CPUs or more: pinning never leaves it), and every request must
# still have been decided and logged.
. "${top_srcdir:-.}/tests/files/lib.sh"

set_policy '@id("project")
permit (principal, action == Box::Action::"fs:read", resource)
when { context.input.path like "~/src/project/*" };'

# cpus PID: the Cpus_allowed_list of PID
cpus() { awk '/^Cpus_allowed_list:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

SRC="from pathlib import Path
p = Path('notes.txt')
for _ in range(3000):
    if not p.exists():
        raise SystemExit('missing')
print('computing', flush=True)
import time
t = time.monotonic()
n = 0
while time.monotonic() - t < 3:
    n += 1
print('done')"

ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
pin=""
if [ "$ncpu" -ge 3 ] && command -v taskset >/dev/null 2>&1; then
  pin="taskset -c 0,1"
fi

rm -f "$RECORDS"
: >"$OUT"
(cd "$WS" && HOME="$HOME_DIR" exec $pin "$BROKER" --config "$CFG/box.toml" -c "$SRC") >>"$OUT" 2>"$ERR" &
bpid=$!
wpid=$(box_child_of "$bpid") || wpid=""
if [ -n "$pin" ]; then start="0-1"; else start=$(cpus $$); fi
i=0
while [ $i -lt 400 ] && ! grep -q computing "$OUT"; do sleep 0.05; i=$((i + 1)); done
if [ -z "$wpid" ] || ! grep -q computing "$OUT"; then
  fail "the script did not reach its computing phase: $(head -c 300 "$ERR")"
  kill -9 "$bpid" 2>/dev/null
  wait "$bpid" 2>/dev/null
  finish
fi
sleep 0.3 # far longer than the broker's quiet period (UNPIN_QUIET_MS)
bad=""
for k in 1 2 3 4 5; do
  w=$(cpus "$wpid")
  b=$(cpus "$bpid")
  [ "$w" = "$start" ] && [ "$b" = "$start" ] || bad="$bad [worker $w, broker $b]"
  sleep 0.2
done
if [ -z "$bad" ]; then
  pass "computing worker and broker have the start affinity $start"
else
  fail "computing worker or broker pinned (start affinity $start):$bad"
fi
wait "$bpid"
status=$?
check_status "3,000 requests, then computing" 0
check_out "3,000 requests, then computing" "computing
done"
n=$(decisions | grep -c "^permit fs:read ~/src/project/notes.txt project$")
if [ "$n" -eq 3000 ]; then pass "3,000 decisions logged"; else fail "$n decisions logged, expected 3000"; fi
finish
