#!/bin/sh
# tests/hostile/worker_fuzz.sh -- a hostile worker against the real broker.
# tests/hostile/worker_fuzz plays the worker (random requests, random bytes,
# truncated and wrong frames, lying EXIT statuses) for FUZZ_RUNS seeds
# (default 150; `make fuzz` runs many more).  Every run must end with the
# status the fuzzer announced or 125, with no sanitizer report, nothing left
# running; and since the box's policy permits nothing, the workspace must be
# untouched and the decision log must hold no permit.
. "${top_srcdir:-.}/tests/process/lib.sh"

FUZZ="$top_builddir/tests/hostile/worker_fuzz"
[ -x "$FUZZ" ] || { echo "missing $FUZZ" >&2; exit 99; }
runs=${FUZZ_RUNS:-150}
first=${FUZZ_SEED:-1}

: >"$BOX/policy.dw" # permits nothing
mkdir -p "$WORKSPACE/out"
printf 'hello\n' >"$WORKSPACE/notes.txt"
before=$(cd "$WORKSPACE" && find . -printf '%p %s %T@\n' | sort)

bad=0
seed=$first
while [ "$seed" -lt $((first + runs)) ]; do
  run_test_broker --deadline 5 --worker-path "$FUZZ" -c "$seed"
  want=$(sed -n 's/^fuzz: expect \([0-9]*\)$/\1/p' "$ERR")
  why=""
  if grep -qE 'AddressSanitizer|LeakSanitizer|runtime error:' "$ERR"; then
    why="sanitizer report"
  elif grep -q '^subreaper:' "$ERR"; then
    why="process left behind"
  elif [ "$status" -ne 125 ] && [ "$status" != "$want" ]; then
    why="status $status (expected 125${want:+ or $want})"
  fi
  if [ -n "$why" ]; then
    bad=$((bad + 1))
    fail "seed $seed: $why: $(head -c 300 "$ERR")"
  fi
  seed=$((seed + 1))
done
if [ "$bad" -eq 0 ]; then pass "$runs seeds: every run ended with its status or 125, nothing crashed"; fi

after=$(cd "$WORKSPACE" && find . -printf '%p %s %T@\n' | sort)
if [ "$before" = "$after" ]; then pass "workspace untouched"; else
  fail "workspace changed: $(printf '%s\n' "$after" | head -5)"; fi
LOG="$TMP/state/private/telemetry/records.jsonl"
if [ -f "$LOG" ] && grep -q '"permit"' "$LOG"; then fail "a permit in the decision log"; else
  decided=$(grep -c '^{"resourceLogs"' "$LOG" 2>/dev/null) # a decision's log record line
  pass "no permit in the decision log (${decided:-0} decisions)"; fi
finish
