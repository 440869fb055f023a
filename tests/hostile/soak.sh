#!/bin/sh
# tests/hostile/soak.sh -- many runs in a row on one box, and one long run.
#
# SOAK_RUNS (default 100; the issue's figure is 2000) sequential box-broker
# runs of a mixed script: some computing, a JSON file written, read back and
# renamed, a listdir, a FileNotFoundError and a ZeroDivisionError caught;
# every tenth run ends with SystemExit(n) and every tenth with an uncaught
# ValueError.  Each run's status and stdout must be right and nothing may be
# left running (each run is under the subreaper of tests/process/lib.sh).
# Every 100th run the script pauses and the broker's open descriptors are
# listed: always the same set.  Afterwards the workspace holds no temporary
# file and the decision log has exactly one record per decision.
#
# Then one long run makes thousands of host calls (writes, handles, reads,
# failed opens, listdirs): its broker's descriptors and resident memory are
# taken after ~2,000 calls and again after ~7,500: no descriptor may be
# added and memory may grow by at most SOAK_RSS_SLACK_KB (default 1024).
# Prints runs per second.
. "${top_srcdir:-.}/tests/process/lib.sh"

runs=${SOAK_RUNS:-100}
slack=${SOAK_RSS_SLACK_KB:-1024}
LOG="$TMP/state/private/telemetry/records.jsonl"

cat >"$BOX/policy.dw" <<EOF
// soak.sh: the workspace is the agent's to read, write and rename in.
@id("workspace_rw")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write",
                              Box::Action::"fs:delete", Box::Action::"fs:move"], resource)
when { context.input.path == "$WORKSPACE" || context.input.path like "$WORKSPACE/*" };
EOF
mkdir -p "$WORKSPACE/soak"
echo '{}' >"$WORKSPACE/soak/last.json" # every run replaces it: the same decisions each time

# Decisions per run: measured on the first run, then required of every run.
script() { # $1 = run number, $2 = 1 to pause for the descriptor check
  cat <<EOF
import os, json, time
i = $1
tot = sum(k * k for k in range(2000))
d = {str(k): k for k in range(200)}
top = sorted(d, key=lambda x: -d[x])[:3]
name = 'soak/r%d.json' % (i % 7)
with open(name, 'w') as f:
    f.write(json.dumps({'i': i, 'tot': tot}))
with open(name) as f:
    back = json.load(f)
os.replace(name, 'soak/last.json')
names = [n for n in os.listdir('soak') if n.startswith('last')]
try:
    open('soak/missing.txt')
except FileNotFoundError as e:
    err = type(e).__name__
try:
    1 / 0
except ZeroDivisionError as e:
    err2 = str(e)
print(i, tot, top, back == {'i': i, 'tot': tot}, names, err, err2)
if $2:
    time.sleep(1.5)
if i % 10 == 9:
    raise SystemExit(i % 5 + 2)
if i % 10 == 4:
    raise ValueError('run %d' % i)
EOF
}

# fds_of PID: the broker's descriptors as "fd -> kind" lines (pipe and
# anon_inode numbers dropped: they differ from run to run).
fds_of() {
  ls -l /proc/"$1"/fd 2>/dev/null | awk '/->/ { t = $NF; sub(/\[[0-9]*\]$/, "", t); print $(NF - 2), "->", t }' | sort -n
}

want_out() {
  echo "$1 2664667000 ['199', '198', '197'] True ['last.json'] FileNotFoundError division by zero"
}
want_status() {
  case $(($1 % 10)) in 9) echo $(($1 % 5 + 2)) ;; 4) echo 1 ;; *) echo 0 ;; esac
}

# The first run also measures the decisions of one run.
run_box -c "$(script 0 0)"
per_run=$(($(wc -l <"$LOG") / 2)) # a decision is two lines: its log record and its span
if [ "$status" -eq 0 ] && [ "$(cat "$OUT")" = "$(want_out 0)" ] && [ "$per_run" -gt 0 ]; then
  pass "first run: status 0, $per_run decisions"; else
  fail "first run: status $status, stdout '$(head -c 200 "$OUT")', stderr '$(head -c 300 "$ERR")'"; fi

bad=0
fdsets=0
fdfirst=""
t0=$(date +%s.%N)
i=1
while [ $i -lt "$runs" ]; do
  if [ $((i % 100)) -eq 50 ]; then
    rm -f "$TMP/pid"
    "$REAPER" --pidfile "$TMP/pid" -- "$BROKER" --config "$CONFIG" -c "$(script $i 1)" \
      >"$OUT" 2>"$ERR" &
    reaper=$!
    broker=$(wait_for_file_pid "$TMP/pid")
    # the script prints before it pauses: wait for its line
    n=0
    while [ ! -s "$OUT" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
    fds=$(fds_of "$broker")
    # the sample counts only if the script was still pausing after it
    if [ -n "$(box_child_now "$broker")" ] && [ "$(wc -l <"$OUT")" -eq 1 ]; then
      fdsets=$((fdsets + 1))
      if [ -z "$fdfirst" ]; then fdfirst=$fds; elif [ "$fds" != "$fdfirst" ]; then
        fail "run $i: broker descriptors differ from the first sample: $(echo "$fds" | tr '\n' ' ')"; fi
    fi
    wait "$reaper"; status=$?
  else
    "$REAPER" -- "$BROKER" --config "$CONFIG" -c "$(script $i 0)" >"$OUT" 2>"$ERR"
    status=$?
  fi
  ws=$(want_status $i)
  why=""
  if [ "$status" -ne "$ws" ]; then why="status $status, expected $ws"
  elif [ "$(cat "$OUT")" != "$(want_out $i)" ]; then why="stdout '$(head -c 200 "$OUT")'"
  elif grep -q '^subreaper:' "$ERR"; then why="$(grep '^subreaper:' "$ERR" | head -1)"
  elif [ "$ws" -eq 1 ] && [ "$(tail -n 1 "$ERR")" != "ValueError: run $i" ]; then
    why="stderr '$(head -c 300 "$ERR")'"
  elif [ "$ws" -ne 1 ] && [ -s "$ERR" ]; then why="stderr '$(head -c 300 "$ERR")'"
  fi
  if [ -n "$why" ]; then
    bad=$((bad + 1))
    [ $bad -le 5 ] && fail "run $i: $why"
  fi
  i=$((i + 1))
done
t1=$(date +%s.%N)
rate=$(awk -v a="$t0" -v b="$t1" -v n=$((runs - 1)) 'BEGIN { printf "%.1f", n / (b - a) }')
if [ $bad -eq 0 ]; then
  pass "$runs sequential runs: every status and stdout right, nothing left behind ($rate runs/s)"; else
  fail "$bad of $runs runs went wrong"; fi
echo "soak: $rate runs per second ($((runs - 1)) runs in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s)"
if [ $fdsets -gt 0 ] && [ -n "$fdfirst" ]; then
  pass "broker descriptors the same in $fdsets sampled runs ($(echo "$fdfirst" | wc -l) open: $(echo "$fdfirst" | sed 's/^[0-9]* -> //' | sort | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }'))"
fi

listing=$(cd "$WORKSPACE" && find . | sort | tr '\n' ' ')
if [ "$listing" = ". ./hello.py ./soak ./soak/last.json " ]; then pass "workspace: no temporary file left"; else
  fail "workspace holds: $listing"; fi
lines=$(wc -l <"$LOG")
if [ "$lines" -eq $((2 * runs * per_run)) ]; then pass "decision log: $((lines / 2)) records = $runs runs x $per_run"; else
  fail "decision log: $lines lines, expected $((2 * runs * per_run)) ($runs runs x $per_run records x 2)"; fi

# The long run.
rm -f "$TMP/pid" "$WORKSPACE/phase"*
"$REAPER" --pidfile "$TMP/pid" -- "$BROKER" --config "$CONFIG" -c "import os, time, pathlib
def burst(n):
    for k in range(n):
        pathlib.Path('soak/a.txt').write_text('x' * (k % 300))
        with open('soak/b.txt', 'a' if k % 2 else 'w') as f:
            f.write('line %d\n' % k)
        with open('soak/a.txt') as f:
            f.read()
        try:
            open('soak/none%d' % k)
        except FileNotFoundError:
            pass
        if k % 10 == 0:
            os.listdir('soak')
burst(250)
pathlib.Path('phase1').write_text('1')
time.sleep(1.5)
burst(700)
pathlib.Path('phase2').write_text('2')
time.sleep(1.5)
print('done')" >"$OUT" 2>"$ERR" &
reaper=$!
broker=$(wait_for_file_pid "$TMP/pid")
sample() { # $1 = phase file: waits for it, then samples fds and VmRSS
  n=0
  while [ ! -e "$WORKSPACE/$1" ] && [ $n -lt 1200 ] && kill -0 "$broker" 2>/dev/null; do
    sleep 0.05; n=$((n + 1))
  done
  sleep 0.2
  fds_of "$broker" >"$TMP/fds.$1"
  awk '/^VmRSS:/ { print $2 }' /proc/"$broker"/status >"$TMP/rss.$1"
}
sample phase1
sample phase2
wait "$reaper"; status=$?
check_status "long run" 0
check_out "long run" "done"
check_no_leftover "long run"
rss1=$(cat "$TMP/rss.phase1"); rss2=$(cat "$TMP/rss.phase2")
if grep -aq __asan_init "$BROKER"; then
  echo "skip long run memory: an ASan build's quarantine grows VmRSS ($rss1 then $rss2 kB); LeakSanitizer checked the exit"
elif [ -n "$rss1" ] && [ -n "$rss2" ] && [ $((rss2 - rss1)) -le "$slack" ]; then
  pass "long run: broker memory flat (VmRSS $rss1 kB after ~2000 calls, $rss2 kB after ~7500)"; else
  fail "long run: broker VmRSS $rss1 kB after ~2000 calls, $rss2 kB after ~7500 (slack $slack kB)"; fi
if [ -s "$TMP/fds.phase1" ] && cmp -s "$TMP/fds.phase1" "$TMP/fds.phase2"; then
  pass "long run: broker descriptors unchanged ($(wc -l <"$TMP/fds.phase1") open at both samples)"; else
  fail "long run: descriptors $(tr '\n' ' ' <"$TMP/fds.phase1") then $(tr '\n' ' ' <"$TMP/fds.phase2")"; fi
finish
