#!/bin/sh
# tests/hostile/concurrency.sh -- many brokers at once on ONE box (the same
# box_dir, the same decision log, the same workspace).
#
# RUNS (default 64) box-broker runs start together.  Run i writes its own
# file in one fs.write, writes a part file in a shared directory through a
# handle (one open, several writes), appends to its own log file in three
# separate sessions, lists the shared directory, reads its file back and
# tries one denied read.  Checks:
# every run exits 0 with the right output, nothing is left running, no run
# hangs on the box lock, every file holds exactly its content, no temporary
# file is left in the workspace, and the decision log holds exactly the
# expected records: whole lines, each valid JSON, each run's records under
# its own run id in the order the run made them.
#
# Every run also appends one line to ONE shared file (one.log): "a" is
# O_APPEND on the real file, so no append may be lost.  How many temporary
# .box-tmp-* names of other runs' writes the scripts' listdir saw is
# reported.
. "${top_srcdir:-.}/tests/process/lib.sh"

runs=${RUNS:-64}
LOG="$TMP/state/private/telemetry/records.jsonl"
PY=$(command -v python3.11 || command -v python3) || PY=""

cat >"$BOX/policy.dw" <<EOF
// concurrency.sh: the workspace is the agent's to read, write and delete in.
@id("workspace_rw")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write",
                              Box::Action::"fs:delete", Box::Action::"fs:move"], resource)
when { context.input.path == "$WORKSPACE" || context.input.path like "$WORKSPACE/*" };
EOF
mkdir -p "$WORKSPACE/out" "$WORKSPACE/shared" "$WORKSPACE/app"
: >"$WORKSPACE/one.log"

# The script of run I (0-based).  Its decisions, in order:
#   fs.write out/fNN.txt                       1 fs:write
#   open shared/partNN.txt "w" + 5 writes      6 fs:write
#   listdir shared                           1 fs:read
#   3 x (open app/NN.log "a" + 2 writes)       9 fs:write
#   open one.log "a" + 1 write                 2 fs:write
#   read_text out/fNN.txt                      1 fs:read
#   read app/NN.log (open + one read)          2 fs:read
#   open /etc/hostname (denied)                1 fs:read deny
per_run=23
script() {
  cat <<EOF
import os, pathlib
i = $1
data = ''.join('run %d line %d %s\n' % (i, k, 'x' * (k % 50)) for k in range(300))
p = pathlib.Path('out/f%02d.txt' % i)
p.write_text(data)
with open('shared/part%02d.txt' % i, 'w') as f:
    for k in range(5):
        f.write('part %d chunk %d\n' % (i, k))
seen = len([n for n in os.listdir('shared') if n.startswith('.box-tmp-')])
for s in range(3):
    with open('app/%02d.log' % i, 'a') as f:
        f.write('session %d of run %d\n' % (s, i))
        f.write('end %d\n' % s)
with open('one.log', 'a') as f:
    f.write('run %d\n' % i)
ok = p.read_text() == data
with open('app/%02d.log' % i) as f:
    ok = ok and f.read().count('session') == 3
try:
    open('/etc/hostname').read()
    print('denied read succeeded')
except PermissionError as e:
    pass
print('run', i, 'ok' if ok else 'BAD')
print('temporary names seen', seen)
EOF
}

expected_file() { # the content of out/fNN.txt (the script's data)
  awk -v i="$1" 'BEGIN { for (k = 0; k < 300; k++) { x = ""; for (j = 0; j < k % 50; j++) x = x "x"
    printf "run %d line %d %s\n", i, k, x } }'
}

i=0
while [ $i -lt "$runs" ]; do
  script $i >"$TMP/s$i.py"
  i=$((i + 1))
done

# All at once.  timeout is the deadlock detector: no run may take 150 s
# (generous: 64 sanitizer builds at once on a busy 2-core machine are slow).
t0=$(date +%s)
i=0
while [ $i -lt "$runs" ]; do
  ( timeout -s KILL 150 "$REAPER" -- "$BROKER" --config "$CONFIG" -c "$(cat "$TMP/s$i.py")" \
      >"$TMP/o$i" 2>"$TMP/e$i"; echo $? >"$TMP/st$i" ) &
  i=$((i + 1))
done
wait
t1=$(date +%s)

bad=0
i=0
while [ $i -lt "$runs" ]; do
  if [ "$(cat "$TMP/st$i")" != 0 ] || [ "$(sed -n 1p "$TMP/o$i")" != "run $i ok" ] || [ -s "$TMP/e$i" ]; then
    bad=$((bad + 1))
    [ $bad -le 3 ] && fail "run $i: status $(cat "$TMP/st$i") stdout '$(head -c 200 "$TMP/o$i")' stderr '$(head -c 300 "$TMP/e$i")'"
  fi
  i=$((i + 1))
done
if [ $bad -eq 0 ]; then pass "$runs concurrent runs completed in $((t1 - t0)) s: every status 0, right stdout, empty stderr, nothing left behind"; else
  fail "$bad of $runs runs went wrong"; fi

# Exit statuses, run again for a few with their status kept: a sample of 8
# concurrent runs checked one by one (the decision log grows by these too).
extra=8
i=0
while [ $i -lt $extra ]; do
  ( "$REAPER" -- "$BROKER" --config "$CONFIG" -c "$(cat "$TMP/s$i.py")" \
      >"$TMP/xo$i" 2>"$TMP/xe$i"; echo $? >"$TMP/xs$i" ) &
  i=$((i + 1))
done
wait
bad=0
i=0
while [ $i -lt $extra ]; do
  [ "$(cat "$TMP/xs$i")" = 0 ] || { bad=$((bad + 1)); fail "rerun $i: status $(cat "$TMP/xs$i"): $(head -c 300 "$TMP/xe$i")"; }
  i=$((i + 1))
done
[ $bad -eq 0 ] && pass "$extra more concurrent runs (rewriting the first files): every status 0"

# Files.
bad=0
i=0
while [ $i -lt "$runs" ]; do
  n=$(printf '%02d' $i)
  if ! expected_file $i | cmp -s - "$WORKSPACE/out/f$n.txt"; then
    bad=$((bad + 1)); [ $bad -le 3 ] && fail "out/f$n.txt differs from what run $i wrote"
  fi
  k=0; want=""
  while [ $k -lt 5 ]; do want="${want}part $i chunk $k
"; k=$((k + 1)); done
  if [ "$(cat "$WORKSPACE/shared/part$n.txt")
" != "$want" ]; then
    bad=$((bad + 1)); [ $bad -le 3 ] && fail "shared/part$n.txt: '$(head -c 100 "$WORKSPACE/shared/part$n.txt")'"
  fi
  want=""
  reps=1; [ $i -lt $extra ] && reps=2
  r=0
  while [ $r -lt $reps ]; do
    for s in 0 1 2; do want="${want}session $s of run $i
end $s
"; done
    r=$((r + 1))
  done
  if [ "$(cat "$WORKSPACE/app/$n.log")
" != "$want" ]; then
    bad=$((bad + 1)); [ $bad -le 3 ] && fail "app/$n.log: '$(head -c 200 "$WORKSPACE/app/$n.log")'"
  fi
  i=$((i + 1))
done
[ $bad -eq 0 ] && pass "every file holds exactly its run's content ($((runs * 3)) files)"

listing=$(cd "$WORKSPACE" && find . -type f | sort)
want_listing=$( (echo ./one.log; echo ./hello.py; i=0; while [ $i -lt "$runs" ]; do
  n=$(printf '%02d' $i); echo "./out/f$n.txt"; echo "./shared/part$n.txt"; echo "./app/$n.log"
  i=$((i + 1)); done) | sort)
if [ "$listing" = "$want_listing" ]; then pass "no temporary or stray file left in the workspace"; else
  fail "workspace holds other files: $(printf '%s\n' "$listing" | grep -vxF "$want_listing" | head -5)"; fi

# The decision log.
total=$((runs + extra))
want_records=$((total * per_run))
lines=$(wc -l <"$LOG") # a record is two lines: the log record and its span
if [ "$lines" -eq $((2 * want_records)) ]; then pass "decision log: exactly $want_records records ($total runs x $per_run), two lines each"; else
  fail "decision log: $lines lines, expected $((2 * want_records)) ($want_records records)"; fi
if [ "$(tail -c 1 "$LOG" | od -An -c | tr -d ' ')" = '\n' ]; then pass "decision log ends with a whole line"; else
  fail "decision log does not end with a newline"; fi

if [ -n "$PY" ]; then
  # One pass: every line is one JSON object; each log record line is followed
  # by its own span line (same ids, same run); records grouped by run id;
  # each run's sequence of (action, verdict, path) is exactly the script's.
  "$PY" - "$LOG" "$WORKSPACE" "$per_run" "$total" >"$TMP/logcheck" 2>&1 <<'EOF'
import json, sys
log, ws, per_run, total = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bad = 0
runs = {}
def run_id(res):
    return [a['value']['stringValue'] for a in res['resource']['attributes']
            if a['key'] == 'strands.box.run.id'][0]
with open(log, 'rb') as f:
    raws = f.readlines()
for no in range(1, len(raws) + 1, 2):
    raw = raws[no - 1]
    try:
        d = json.loads(raw)
        res = d['resourceLogs'][0]
        rid = run_id(res)
        rec = res['scopeLogs'][0]['logRecords'][0]
        s = json.loads(raws[no])['resourceSpans'][0]
        span = s['scopeSpans'][0]['spans'][0]
        if (span['traceId'], span['spanId'], run_id(s)) != (rec['traceId'], rec['spanId'], rid):
            raise ValueError('line %d is not its span' % (no + 1))
        at = {a['key']: list(a['value'].values())[0] for a in rec['attributes']}
        runs.setdefault(rid, []).append((at['strands.box.policy.action'],
                                         at['strands.box.policy.verdict'],
                                         at['strands.box.policy.resource']))
    except Exception as e:
        bad += 1
        if bad <= 3:
            print('line %d is not a decision record (%s): %r' % (no, e, raw[:120]))
print('invalid lines', bad)
def want(i):
    n = '%02d' % i
    w = [('fs:write', 'permit', ws + '/out/f' + n + '.txt')]
    w += [('fs:write', 'permit', ws + '/shared/part' + n + '.txt')] * 6
    w += [('fs:read', 'permit', ws + '/shared')]
    w += [('fs:write', 'permit', ws + '/app/' + n + '.log')] * 9
    w += [('fs:write', 'permit', ws + '/one.log')] * 2
    w += [('fs:read', 'permit', ws + '/out/f' + n + '.txt')]
    w += [('fs:read', 'permit', ws + '/app/' + n + '.log')] * 2
    w += [('fs:read', 'deny', '/etc/hostname')]
    return w
ok_runs = 0
shown = 0
for rid, seq in runs.items():
    i = None
    for r in seq:
        if '/out/f' in r[2]:
            i = int(r[2][-6:-4])
            break
    if i is not None and seq == want(i):
        ok_runs += 1
    elif shown < 3:
        shown += 1
        print('run id %s: %d records, not its script\'s sequence: %r' % (rid, len(seq), seq[:3]))
print('run ids', len(runs))
print('runs in order', ok_runs)
EOF
  if grep -qx 'invalid lines 0' "$TMP/logcheck"; then pass "decision log: every line is one valid JSON decision record"; else
    fail "decision log: $(head -3 "$TMP/logcheck")"; fi
  if grep -qx "run ids $total" "$TMP/logcheck"; then pass "decision log: $total distinct run ids"; else
    fail "decision log: $(grep '^run ids' "$TMP/logcheck"), expected $total"; fi
  if grep -qx "runs in order $total" "$TMP/logcheck"; then
    pass "decision log: each run's $per_run records are its script's decisions, once each, in order"; else
    fail "decision log: $(grep -v '^invalid\|^run ids' "$TMP/logcheck" | head -4)"; fi
else
  echo "skip JSON checks: no python3 to parse the log"
fi

# Other runs' writes in progress, as the scripts' listdir saw them.
seen=$(cat "$TMP"/o[0-9]* | awk '/^temporary names seen/ { n += $4 } END { print n + 0 }')
[ "$seen" -gt 0 ] && echo "note listdir: the scripts saw $seen temporary .box-tmp-* names of other runs' writes in progress in shared/ (listdir does not hide them)"

# Appends racing on ONE file: each run added one line to one.log.
got=$(grep -c '^run ' "$WORKSPACE/one.log")
if [ "$got" -eq "$total" ]; then pass "one.log: all $total concurrent appends kept"; else
  fail "one.log: $got of $total concurrent appends kept (lost appends)"; fi
if [ "$(grep -vc '^run [0-9]*$' "$WORKSPACE/one.log")" -eq 0 ]; then pass "one.log: whole lines only, never torn"; else
  fail "one.log holds a torn line: $(grep -v '^run [0-9]*$' "$WORKSPACE/one.log" | head -2)"; fi
finish
