#!/bin/sh
# tests/telemetry/otlp.sh -- decision records to OpenTelemetry collectors,
# end to end: the real box-broker with [telemetry.*] otlp targets, and local
# OTLP/HTTP receivers (tests/telemetry/receiver.py) that check every request
# is valid OTLP-JSON (logs on /v1/logs, spans on /v1/traces).  A file
# target of the same box is the ground truth.  Covers: delivery of the log
# records and their spans with the auth header; include = ["deny"] (no
# spans) and ["deny", "trace"] (the denials' spans too); a declared
# target replacing the default file; the spool emptied once delivered; a
# collector down then back (the backlog delivered once, in order, before the
# new records, and the stderr note meanwhile); a broker killed mid-run (its
# records go with the next run's); a slow collector (the run does not wait
# for it, nor do pipes); 64 concurrent runs (every record exactly once);
# --audit's report of each target; an HTTPS collector trusted through
# --cacert.
. "${top_srcdir:-.}/tests/lib/box.sh"
set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
BROKER="$top_builddir/box-broker"
PY=${PYTHON311:-}
[ -n "$PY" ] || { [ -x /usr/bin/python3.11 ] && PY=/usr/bin/python3.11; } || PY=python3
box_require "$BROKER" "$top_builddir/box-worker"
box_tmpdir telemetry
# The detached senders write their stderr to /dev/null: in a sanitizer
# build, every process's reports go to files instead, checked at the end.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$TMP/asan"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$TMP/ubsan:print_stacktrace=1"
export ASAN_OPTIONS UBSAN_OPTIONS

PIDS=
stop_all() {
  for p in $PIDS; do kill "$p" 2>/dev/null; done
  # Senders still retrying hold nothing of ours but the box directory: let
  # them find it gone.
}
box_cleanup_hook=stop_all

WS="$TMP/ws"
mkdir -p "$WS" || exit 99
echo a >"$WS/a.txt"
echo b >"$WS/b.txt"
cat >"$TMP/policy.dw" <<EOF
@id("read_a")
permit (principal, action == Box::Action::"fs:read", resource)
when { context.input.path == "$WS/a.txt" };
EOF
OUT="$TMP/out"
ERR="$TMP/err"
SCRIPT="print(open('a.txt').read().strip())
try:
    open('b.txt')
except PermissionError:
    print('denied')"

# start_receiver NAME PORT FD [OPTIONS...]: sets RPORT; records in
# $TMP/NAME.got; the receiver stops when this shell's FD closes.
start_receiver() {
  _name=$1 _port=$2 _fd=$3
  shift 3
  : >>"$TMP/$_name.got"
  : >>"$TMP/$_name.got.spans"
  mkfifo "$TMP/$_name.in" 2>/dev/null
  "$PY" "$top_srcdir/tests/telemetry/receiver.py" "$_port" "$TMP/$_name.got" "$@" \
    <"$TMP/$_name.in" >"$TMP/$_name.port" &
  PIDS="$PIDS $!"
  eval "exec $_fd>\"\$TMP/\$_name.in\""
  _i=0
  while [ ! -s "$TMP/$_name.port" ] && [ $_i -lt 200 ]; do sleep 0.05; _i=$((_i + 1)); done
  RPORT=$(cat "$TMP/$_name.port")
}
free_port() { "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# make_box NAME TELEMETRY_TOML: a box at $TMP/NAME with a file target
# "truth" besides the given tables.
make_box() {
  mkdir -p "$TMP/$1"
  cat >"$TMP/$1/box.toml" <<EOF
name = "$1"
box_dir = "$TMP/$1/state"
policy = "$TMP/policy.dw"

[agent]
workspace = "$WS"

[telemetry.truth]
kind = "file"
destination = "$TMP/$1/truth.jsonl"
$2
EOF
}
run() { # run NAME: the script in box NAME
  "$BROKER" --config "$TMP/$1/box.toml" -c "$SCRIPT" >"$OUT" 2>"$ERR"
  status=$?
}
truth() { "$PY" "$top_srcdir/tests/telemetry/records.py" "$TMP/$1/truth.jsonl"; }
got() { grep -v '^INVALID' "$TMP/$1.got" | sed 's/ auth=.*//'; }
spans() { sed 's/ auth=.*//' "$TMP/$1.got.spans"; }
# wait_until SECONDS COMMAND...: polls COMMAND every 0.1 s
wait_until() {
  _t=$(($1 * 10))
  shift
  while [ $_t -gt 0 ]; do
    if "$@"; then return 0; fi
    sleep 0.1
    _t=$((_t - 1))
  done
  return 1
}
same_count() { [ "$(got "$1" | wc -l)" -eq "$(truth "$2" | wc -l)" ] &&
  [ "$(spans "$1" | wc -l)" -eq "$(truth "$2" | wc -l)" ]; }
sender_idle() { flock -n "$TMP/$1/state/private/telemetry/otlp-$2.lock" true; }

# ---- delivery, auth, include, the default file replaced --------------------------

start_receiver all 0 7
ALL=$RPORT
start_receiver deny 0 8
DENY=$RPORT
start_receiver dtrace 0 3
DTRACE=$RPORT
OTLP_TOKEN="token-$$-$(date +%s)"
export OTLP_TOKEN
make_box one "
[telemetry.collector]
kind = \"otlp\"
destination = \"http://127.0.0.1:$ALL\"
secret.ref = \"env://OTLP_TOKEN\"
secret.header = \"X-Collector-Token\"

[telemetry.denials]
kind = \"otlp\"
destination = \"http://127.0.0.1:$DENY/v1/logs\"
include = [\"deny\"]

[telemetry.denialtraces]
kind = \"otlp\"
destination = \"http://127.0.0.1:$DTRACE/v1/traces\"
include = [\"deny\", \"trace\"]"
run one
check_status "delivery: the run" 0
check_out "delivery: the run" "a
denied"
if wait_until 20 same_count all one; then pass "delivery: every record arrived"; else
  fail "delivery: $(got all | wc -l) records arrived, $(truth one | wc -l) written"; fi
if [ "$(got all)" = "$(truth one)" ]; then pass "delivery: the same records, in order"; else
  fail "delivery: got
$(got all)
--- the file target holds
$(truth one)"; fi
if [ "$(spans all)" = "$(truth one)" ]; then
  pass "delivery: each record's span on /v1/traces, same trace id, in order"
else
  fail "delivery: spans got
$(spans all)
--- the file target holds
$(truth one)"
fi
if [ "$(sed -n 's/.* auth=//p' "$TMP/all.got" "$TMP/all.got.spans" | sort -u)" = "$OTLP_TOKEN" ]; then
  pass "delivery: the secret.header sent with every request"
else
  fail "delivery: auth headers seen: $(sed -n 's/.* auth=//p' "$TMP/all.got" | sort -u)"
fi
if ! grep -q INVALID "$TMP/all.got" "$TMP/deny.got" "$TMP/dtrace.got"; then
  pass "every request was valid OTLP-JSON"
else
  fail "invalid requests: $(grep -h INVALID "$TMP/all.got" "$TMP/deny.got" "$TMP/dtrace.got")"
fi
wait_until 20 sender_idle one denials
if [ "$(got deny)" = "$(truth one | grep ' deny ')" ] && [ -n "$(got deny)" ] &&
  [ ! -s "$TMP/deny.got.spans" ]; then
  pass "include = [\"deny\"]: the denials' log records only, no spans"
else
  fail "include deny: got '$(got deny)', spans '$(spans deny)'"
fi
wait_until 20 sender_idle one denialtraces
if [ "$(got dtrace)" = "$(truth one | grep ' deny ')" ] &&
  [ "$(spans dtrace)" = "$(got dtrace)" ]; then
  pass "include = [\"deny\", \"trace\"]: the denials and their spans"
else
  fail "include deny, trace: got '$(got dtrace)', spans '$(spans dtrace)'"
fi
if [ ! -e "$TMP/one/state/private/telemetry/records.jsonl" ]; then
  pass "declared targets replace the default file"
else
  fail "the default records.jsonl was written"
fi
wait_until 20 sender_idle one collector
if [ ! -s "$TMP/one/state/private/telemetry/otlp-collector.spool" ]; then
  pass "a delivered spool is emptied"
else
  fail "the spool still holds $(wc -c <"$TMP/one/state/private/telemetry/otlp-collector.spool") bytes"
fi

if ! grep -rqF "$OTLP_TOKEN" "$TMP/one"; then
  pass "the collector's token is nowhere under box_dir or in the file target"
else
  fail "the collector's token was written: $(grep -rlF "$OTLP_TOKEN" "$TMP/one")"
fi

"$BROKER" --config "$TMP/one/box.toml" --audit >"$OUT" 2>"$ERR"
if grep -q "collector *otlp http://127.0.0.1:$ALL (deny, permit, trace, kernel, logs, metrics), secret env://OTLP_TOKEN" "$OUT" &&
  grep -q "spool *0 records waiting (0 bytes), last successful send 20" "$OUT" &&
  ! grep -qF "$OTLP_TOKEN" "$OUT"; then
  pass "--audit: each target, its spool, its last send, the reference only"
else
  fail "--audit: $(grep -A4 -i telemetry "$OUT")"
fi

"$BROKER" --config "$TMP/one/box.toml" --audit --json >"$OUT" 2>"$ERR"
if "$PY" - "$OUT" <<'EOF'
import json, sys
def find(o):
    if isinstance(o, dict):
        if o.get("label") == "collector" and o.get("kind") == "otlp":
            return o
        o = list(o.values())
    if isinstance(o, list):
        for v in o:
            r = find(v)
            if r:
                return r
    return None
t = find(json.load(open(sys.argv[1])))
assert t["secret_ref"] == "env://OTLP_TOKEN", t
assert t["spool_records"] == 0 and t["spool_bytes"] == 0, t
assert isinstance(t["last_success"], int) and t["last_success"] > 1700000000, t
assert t["last_error"] is None, t
EOF
then pass "--audit --json: spool_records, spool_bytes, last_success, last_error"
else fail "--audit --json: $(head -c 600 "$OUT")"; fi

# ---- include without a verdict ------------------------------------------------------

make_box six "
[telemetry.nothing]
kind = \"file\"
destination = \"$TMP/six/nothing.jsonl\"
include = [\"trace\", \"kernel\"]"
run six
check_err_has "include without a verdict: a warning at load" \
  "box-broker: warning: $TMP/six/box.toml:15: telemetry.nothing.include names neither deny nor permit, so box writes no record to this target"
if [ ! -s "$TMP/six/nothing.jsonl" ] && [ "$(truth six | wc -l)" -eq 3 ]; then
  pass "include without a verdict: nothing written there"
else
  fail "include without a verdict: $(wc -c <"$TMP/six/nothing.jsonl") bytes written"
fi

# ---- a collector down, then back ----------------------------------------------------

DOWN=$(free_port)
make_box two "
[telemetry.collector]
kind = \"otlp\"
destination = \"http://127.0.0.1:$DOWN\""
state="$TMP/two/state/private/telemetry/otlp-collector.state"
gave_up() { grep -q '^last_error ' "$state" 2>/dev/null && sender_idle two collector; }
run two
if wait_until 30 gave_up; then pass "down: the sender gave up and said why"; else
  fail "down: no error in the state file: $(cat "$state" 2>&1)"; fi
run two
check_err_has "down: the next run notes the backlog" \
  "box-broker: note: [telemetry.collector]: 3 records wait in the spool (the last delivery to http://127.0.0.1:$DOWN failed:"
# This run's sender retries for about two seconds before it gives up too.
rm -f "$state"
wait_until 30 gave_up
start_receiver back "$DOWN" 9
run two
if wait_until 30 same_count back two; then pass "back: the backlog and the new records arrived"; else
  fail "back: $(got back | wc -l) of $(truth two | wc -l) records arrived"; fi
wait_until 20 sender_idle two collector
if [ "$(got back)" = "$(truth two)" ] && [ "$(spans back)" = "$(truth two)" ]; then
  pass "back: each record and span once, in order, the backlog first"
else
  fail "back: got
$(got back)
--- spans
$(spans back)
--- expected
$(truth two)"
fi
run two
if grep -q 'records wait' "$ERR"; then fail "back: still a note: $(cat "$ERR")"; else
  pass "back: no note once delivered"; fi

# ---- a broker killed mid-run: its records go with the next run's ------------------

before=$(truth two | wc -l)
"$BROKER" --config "$TMP/two/box.toml" -c "print(open('a.txt').read().strip())
import time
time.sleep(30)" >"$OUT" 2>"$ERR" &
kpid=$!
one_more() { [ "$(truth two | wc -l)" -gt "$before" ]; }
wait_until 20 one_more
kill -KILL "$kpid"
wait "$kpid" 2>/dev/null
run two
if wait_until 30 same_count back two; then
  wait_until 20 sender_idle two collector
fi
# The killed run wrote one or two records (the open, maybe the read), the
# next one three.
if [ "$(truth two | wc -l)" -gt $((before + 3)) ] && [ "$(got back)" = "$(truth two)" ] &&
  [ "$(spans back)" = "$(truth two)" ]; then
  pass "killed broker: its record went with the next run's, once, in order"
else
  fail "killed broker: $(got back | wc -l) records and $(spans back | wc -l) spans of $(truth two | wc -l) (before: $before)
$(truth two)"
fi

# ---- a slow collector ---------------------------------------------------------------

start_receiver slow 0 5 --delay 4
make_box three "
[telemetry.collector]
kind = \"otlp\"
destination = \"http://127.0.0.1:$RPORT\""
t0=$(date +%s%N)
run three
t1=$(date +%s%N)
ms=$(((t1 - t0) / 1000000))
# A run that waited for the collector would take at least its 4 s; the bound
# is just under that, so a loaded machine's slow start-up does not fail it.
if [ "$ms" -lt 3800 ]; then pass "slow collector: the run took ${ms} ms (the collector answers in 4 s)"; else
  fail "slow collector: the run took ${ms} ms"; fi
if wait_until 20 same_count slow three; then pass "slow collector: the records still arrive"; else
  fail "slow collector: $(got slow | wc -l) records"; fi
# Through pipes, as a caller capturing the output would run it: the sender
# holds neither end, so the pipes close when the broker exits.
t0=$(date +%s%N)
piped=$("$BROKER" --config "$TMP/three/box.toml" -c "$SCRIPT" 2>&1 | cat)
t1=$(date +%s%N)
ms=$(((t1 - t0) / 1000000))
if [ "$ms" -lt 3800 ] && [ "$piped" = "a
denied" ]; then
  pass "slow collector: output through pipes ends with the run (${ms} ms)"
else
  fail "slow collector, piped: ${ms} ms, output '$piped'"
fi

# ---- an HTTPS collector, its CA given with --cacert -----------------------------

(
  cd "$TMP" &&
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 \
    -subj "/CN=box telemetry test CA" 2>/dev/null &&
  openssl req -newkey rsa:2048 -nodes -keyout c.key -out c.csr -subj "/CN=collector" 2>/dev/null &&
  printf 'subjectAltName=IP:127.0.0.1\n' >ext.cnf &&
  openssl x509 -req -in c.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile ext.cnf -out c.pem 2>/dev/null
) || { echo "openssl could not make the test certificates" >&2; exit 99; }
start_receiver tls 0 4 --tls "$TMP/c.pem" "$TMP/c.key"
make_box five "
[telemetry.collector]
kind = \"otlp\"
destination = \"https://127.0.0.1:$RPORT\""
"$BROKER" --config "$TMP/five/box.toml" --cacert "$TMP/ca.pem" -c "$SCRIPT" >"$OUT" 2>"$ERR"
if wait_until 20 same_count tls five && [ "$(got tls)" = "$(truth five)" ]; then
  pass "https collector: delivered with the operator's CA"
else
  fail "https collector: $(got tls | wc -l) of $(truth five | wc -l) records"
fi
wait_until 20 sender_idle five collector
state5="$TMP/five/state/private/telemetry/otlp-collector.state"
rm -f "$state5"
run five # without --cacert: the system store does not know the test CA
tls_refused() { grep -q '^last_error .*SSL' "$state5" 2>/dev/null; }
if wait_until 30 tls_refused; then
  pass "https collector: refused without the CA (left spooled)"
else
  fail "https collector without --cacert: $(cat "$TMP/five/state/private/telemetry/otlp-collector.state")"
fi

# ---- 64 concurrent runs -------------------------------------------------------------

start_receiver many 0 6
make_box four "
[telemetry.collector]
kind = \"otlp\"
destination = \"http://127.0.0.1:$RPORT\""
i=0
runs=
while [ $i -lt 64 ]; do
  "$BROKER" --config "$TMP/four/box.toml" -c "$SCRIPT" >/dev/null 2>>"$TMP/four.err" &
  runs="$runs $!"
  i=$((i + 1))
done
for p in $runs; do wait "$p"; done
written=$(truth four | wc -l)
if [ "$written" -eq 192 ]; then pass "64 runs: 192 records written"; else
  fail "64 runs: $written records written ($(head -c 300 "$TMP/four.err"))"; fi
if wait_until 60 same_count many four; then pass "64 runs: as many records arrived"; else
  fail "64 runs: $(got many | wc -l) of $written arrived"; fi
wait_until 20 sender_idle four collector
dups=$(got many | awk '{ print $2 }' | sort | uniq -d | wc -l)
sdups=$(spans many | awk '{ print $2 }' | sort | uniq -d | wc -l)
if [ "$dups" -eq 0 ] && [ "$(got many | sort)" = "$(truth four | sort)" ] &&
  [ "$sdups" -eq 0 ] && [ "$(spans many | sort)" = "$(truth four | sort)" ]; then
  pass "64 runs: every record and every span exactly once"
else
  fail "64 runs: $dups duplicated trace ids ($sdups in spans), or records that differ"
fi
reports=$(cat "$TMP"/asan.* "$TMP"/ubsan.* 2>/dev/null | head -c 3000)
if [ -z "$reports" ]; then pass "no sanitizer report from a broker or a sender"; else
  fail "sanitizer reports: $reports"; fi
finish
