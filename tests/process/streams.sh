#!/bin/sh
# tests/process/streams.sh -- the script's stdout and stderr reach the
# caller's fds 1 and 2 directly, kept apart, and as the script runs (not at
# its end).
. "${top_srcdir:-.}/tests/process/lib.sh"

run_box -c "import sys
print('out 1')
print('err 1', file=sys.stderr)
print('out 2')
print('err 2', file=sys.stderr)"
check_status "two streams" 0
check_out "two streams" "out 1
out 2"
if [ "$(cat "$ERR")" = "err 1
err 2" ]; then pass "two streams: stderr"; else fail "two streams: stderr '$(cat "$ERR")'"; fi

# Streaming: the first line is visible while the script still runs.
"$REAPER" -- "$BROKER" --config "$CONFIG" --deadline 5 -c "print('early', flush=True)
while True: pass" >"$OUT" 2>"$ERR" &
reaper=$!
seen=no
i=0
while [ $i -lt 80 ]; do
  if grep -qx early "$OUT" 2>/dev/null; then seen=yes; break; fi
  sleep 0.05
  i=$((i + 1))
done
if [ "$seen" = yes ] && kill -0 "$reaper" 2>/dev/null; then
  pass "streaming: output seen while the script runs"
else
  fail "streaming: output not seen before the end (seen=$seen)"
fi
wait "$reaper"; status=$?
check_status "streaming run ends at its deadline" 125
check_err "streaming run ends at its deadline" "box-broker: Python script exceeded its deadline"
check_no_leftover "streaming"

finish
