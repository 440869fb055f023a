#!/bin/sh
# tests/history/temporal.sh -- temporal rules end to end: the real
# box-broker, real scripts, the box's history in <box_dir>/private/ shared
# by every run of the box (issue #14).
#
#   * a write budget holds across two runs, and across 8 concurrent runs
#     (the permitted writes never exceed it), also one over completed
#     writes (::response: no overspending while writes are in flight);
#   * "no http:request after reading the secret" when the read and the
#     fetch are in different runs (a real local HTTP server);
#   * kill -9 of the broker while a permitted request is in flight: a later
#     run sees that request event;
#   * a policy edit keeps an unchanged rule's state, and a changed rule
#     starts afresh;
#   * --decide reads the history and appends nothing; --at looks later;
#   * a full box_dir (when a tmpfs can be mounted) denies, with the
#     history's message on stderr.
set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/lib/box.sh"
box_e2e_setup temporal
OUT="$TMP/out"
ERR="$TMP/err"
WS="$TMP/ws"
mkdir -p "$WS/secrets" || exit 99
printf 'token' >"$WS/secrets/token.txt"

box_fetch_server "$TMP/seen"

# box NAME POLICY_TEXT: a box of its own (its own history) in $TMP/NAME.
box() {
  mkdir -p "$TMP/$1"
  printf '%s\n' "$2" >"$TMP/$1/policy.dw"
  box_write_toml "$TMP/$1/box.toml" "$1" "$TMP/$1/state" "$WS" "$TMP/$1/policy.dw"
}
# run NAME SOURCE: runs SOURCE in box NAME; $status, $OUT, $ERR.
run() {
  "$BROKER" --config "$TMP/$1/box.toml" --resolve "ok.test:$PORT:127.0.0.1" -c "$2" >"$OUT" 2>"$ERR"
  status=$?
}
# concurrently N NAME SOURCE: N runs of box NAME at once, run k's output in
# $TMP/NAME/out/k (SOURCE's ${K} is k); wait_ok=1 when all exited 0.
concurrently() {
  _k=0
  _pids=
  while [ $_k -lt "$1" ]; do
    "$BROKER" --config "$TMP/$2/box.toml" --resolve "ok.test:$PORT:127.0.0.1" -c "$(printf '%s' "$3" | sed "s/\${K}/$_k/g")" \
      >"$TMP/$2/out/$_k" 2>&1 &
    _pids="$_pids $!"
    _k=$((_k + 1))
  done
  wait_ok=1
  for _job in $_pids; do
    wait "$_job" || wait_ok=0
  done
}
events() { # events NAME: the number of events in NAME's history, read without box's code
  "$PY" "$top_srcdir/tests/history/log_events.py" "$TMP/$1/state/private/history.log"
}

BASE='@id("reads") permit (principal, action == Box::Action::"fs:read", resource);
@id("writes") permit (principal, action == Box::Action::"fs:write", resource);
@id("connect") permit (principal, action == Box::Action::"net:connect", resource);
@id("net") permit (principal, action == Box::Action::"http:request", resource);'
BUDGET='@id("budget") @description("At most 5 file writes an hour.")
forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"fs:write"::request{ input.path: _ } && tp(t))) > 5 };'

WRITE='import pathlib
for i in range(N):
    try:
        pathlib.Path("%s%d.txt" % (PREFIX, i)).write_text("x")
        print("written", i)
    except PermissionError as e:
        print("refused", i, e)'

# ---- a write budget across two runs ----------------------------------------
box budget "$BASE
$BUDGET"
run budget "$(printf '%s' "$WRITE" | sed 's/N)/3)/; s/PREFIX/"a"/')"
check_status "budget run 1" 0
if [ "$(grep -c '^written' "$OUT")" = 3 ]; then pass "budget run 1: 3 writes"; else fail "budget run 1: $(cat "$OUT")"; fi
run budget "$(printf '%s' "$WRITE" | sed 's/N)/4)/; s/PREFIX/"b"/')"
check_status "budget run 2" 0
if [ "$(grep -c '^written' "$OUT")" = 2 ] &&
   grep -qxF "refused 2 policy denied this operation on 'b2.txt' [policy: budget]: At most 5 file writes an hour." "$OUT"; then
  pass "budget run 2: 2 more writes, then refused by the budget"; else fail "budget run 2: $(cat "$OUT")"; fi
if [ -f "$WS/b1.txt" ] && [ ! -e "$WS/b2.txt" ]; then pass "budget: the refused write did not happen"; else
  fail "budget: files $(ls "$WS")"; fi
n=$(events budget)
# 5 permitted requests with their responses, 2 refused requests
if [ "$n" = 12 ]; then pass "budget: 12 events in history"; else fail "budget: $n events in history"; fi

# --decide reads the same history, appends nothing; --at 2h is past the window
dec=$("$BROKER" --config "$TMP/budget/box.toml" --decide '{"action":"fs:write","input":{"path":"c.txt","operation":"write_content"}}')
case "$dec" in
  '{"decision":"deny","cause":"forbidden","rules":["budget"]'*) pass "--decide: denied by the budget" ;;
  *) fail "--decide: $dec" ;;
esac
dec=$("$BROKER" --config "$TMP/budget/box.toml" --at 2h --decide '{"action":"fs:write","input":{"path":"c.txt","operation":"write_content"}}')
case "$dec" in
  '{"decision":"allow","cause":"permitted","rules":["writes"]'*) pass "--decide --at 2h: the window has passed" ;;
  *) fail "--decide --at 2h: $dec" ;;
esac
n=$(events budget)
if [ "$n" = 12 ]; then pass "--decide appended nothing"; else fail "--decide: $n events in history"; fi
"$BROKER" --config "$TMP/budget/box.toml" --at 2h -c 'print(1)' >"$OUT" 2>"$ERR"
status=$?
check_status "--at without --decide" 2
check_err "--at without --decide" "box-broker: --at goes with --decide"

# ---- 8 concurrent runs share one budget ------------------------------------
box race "$BASE
$BUDGET"
mkdir -p "$TMP/race/out"
concurrently 8 race "$(printf '%s' "$WRITE" | sed "s/N)/3)/; s/PREFIX/\"r\${K}_\"/")"
written=$(cat "$TMP/race/out/"* | grep -c '^written')
refused=$(cat "$TMP/race/out/"* | grep -c "^refused .* \[policy: budget\]")
files=$(ls "$WS" | grep -c '^r[0-7]_')
if [ $wait_ok = 1 ] && [ "$written" = 5 ] && [ "$refused" = 19 ] && [ "$files" = 5 ]; then
  pass "8 concurrent runs: exactly 5 writes permitted in all, 19 refused"; else
  fail "8 concurrent runs: written $written, refused $refused, files $files, all exited 0: $wait_ok
$(cat "$TMP/race/out/"*)"; fi

# ---- a budget over completed requests (::response) across 4 concurrent
# runs: a request in flight in one run holds the others' decisions back, so
# the budget is not overspent while requests are on their way
RBUDGET='@id("rbudget") @description("At most 3 completed requests an hour.")
forbid (principal, action == Box::Action::"http:request", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"http:request"::response{ input.path: _ } && tp(t))) >= 3 };'
box rrace "$BASE
$RBUDGET"
mkdir -p "$TMP/rrace/out"
: >"$TMP/seen"
concurrently 4 rrace "
for i in range(2):
    print(fetch('http://ok.test:$PORT/delay')['status'])"
got=$(cat "$TMP/rrace/out/"* | grep -c '^200$')
refused=$(cat "$TMP/rrace/out/"* | grep -c '^403$')
reached=$(grep -c '/delay' "$TMP/seen")
if [ $wait_ok = 1 ] && [ "$got" = 3 ] && [ "$refused" = 5 ] && [ "$reached" = 3 ]; then
  pass "::response budget, 4 concurrent runs: exactly 3 requests went out"; else
  fail "::response budget, 4 concurrent runs: 200s $got, 403s $refused, server saw $reached, all exited 0: $wait_ok
$(cat "$TMP/rrace/out/"*)"; fi

# ---- no http:request after reading the secret, in another run --------------
SECRET="$WS/secrets/token.txt"
NOSECRET="@id(\"no_net_after_secret\") @description(\"No network after reading the secret.\")
forbid (principal, action == Box::Action::\"http:request\", resource)
when temporal { formerly within 24h Box::Action::\"fs:read\"::response{ input.path: \"$SECRET\" } };"
box secret "$BASE
$NOSECRET"
run secret "r = fetch('http://ok.test:$PORT/ping'); print(r['status'])"
if [ "$status" = 0 ] && [ "$(cat "$OUT")" = 200 ]; then pass "secret: a fetch before the read goes"; else
  fail "secret: before the read: $status $(cat "$OUT" "$ERR")"; fi
run secret "print(open('secrets/token.txt').read())"
check_out "secret: the read" "token"
: >"$TMP/seen"
run secret "r = fetch('http://ok.test:$PORT/ping'); print(r['status'], r['body'])"
if [ "$status" = 0 ] && grep -q "^403 .*policy denied this operation on 'ok.test:$PORT/ping' \[policy: no_net_after_secret\]: No network after reading the secret." "$OUT"; then
  pass "secret: the fetch in a later run is refused (403)"; else fail "secret: after the read: $status $(cat "$OUT" "$ERR")"; fi
if [ ! -s "$TMP/seen" ]; then pass "secret: the server saw nothing"; else fail "secret: the server saw $(cat "$TMP/seen")"; fi

# ---- kill -9 while a permitted request is in flight ------------------------
ONCE='@id("once") @description("One request an hour.")
forbid (principal, action == Box::Action::"http:request", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"http:request"::request{ input.path: _ } && tp(t))) > 1 };'
box once "$BASE
$ONCE"
: >"$TMP/seen"
"$BROKER" --config "$TMP/once/box.toml" --resolve "ok.test:$PORT:127.0.0.1" \
  -c "fetch('http://ok.test:$PORT/slow')" >"$OUT" 2>"$ERR" &
bpid=$!
i=0
while ! grep -q '/slow' "$TMP/seen" && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 "$bpid"
wait "$bpid" 2>/dev/null
if grep -q '/slow' "$TMP/seen"; then pass "kill -9: the request reached the server first"; else fail "kill -9: it never did"; fi
run once "r = fetch('http://ok.test:$PORT/ping'); print(r['status'])"
if [ "$(cat "$OUT")" = 403 ]; then pass "kill -9: a later run sees the killed run's request"; else
  fail "kill -9: later run: $status $(cat "$OUT" "$ERR")"; fi

# ---- a policy edit keeps an unchanged rule's state -------------------------
TWO='@id("two") forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"fs:write"::request{ input.path: _ } && tp(t))) > 2 };'
box edit "$BASE
$TWO"
run edit "$(printf '%s' "$WRITE" | sed 's/N)/2)/; s/PREFIX/"e"/')"
if [ "$(grep -c '^written' "$OUT")" = 2 ]; then pass "edit: 2 writes under the first policy"; else fail "edit: $(cat "$OUT")"; fi
# a rule added before it, and the file re-spaced: the budget rule is unchanged
printf '%s\n\n// a new rule first\n@id("extra") permit (principal, action == Box::Action::"fs:delete", resource);\n%s\n%s\n' \
  "" "$BASE" "$(printf '%s' "$TWO" | sed 's/  */ /g')" >"$TMP/edit/policy.dw"
run edit "$(printf '%s' "$WRITE" | sed 's/N)/1)/; s/PREFIX/"f"/')"
if grep -q "^refused 0 .*\[policy: two\]" "$OUT"; then pass "edit: an unchanged rule keeps its state"; else
  fail "edit: unchanged rule: $(cat "$OUT")"; fi
# the rule changed (a cap of 3): it starts with an empty history
printf '%s\n%s\n' "$BASE" "$(printf '%s' "$TWO" | sed 's/> 2/> 3/')" >"$TMP/edit/policy.dw"
run edit "$(printf '%s' "$WRITE" | sed 's/N)/4)/; s/PREFIX/"g"/')"
if [ "$(grep -c '^written' "$OUT")" = 3 ] && grep -q "^refused 3 .*\[policy: two\]" "$OUT"; then
  pass "edit: a changed rule starts afresh"; else fail "edit: changed rule: $(cat "$OUT")"; fi

# ---- no history without temporal rules -------------------------------------
box plain "$BASE"
run plain "import pathlib; pathlib.Path('p.txt').write_text('x'); print('ok')"
check_out "plain: a policy without temporal rules" "ok"
if [ ! -e "$TMP/plain/state/private/history.log" ]; then pass "plain: no history file"; else
  fail "plain: a history was created"; fi

# ---- an unreadable history denies every decision, and says why -------------
box damaged "$BASE
$BUDGET"
run damaged "import pathlib; pathlib.Path('d0.txt').write_text('x')"
head -c 4096 /dev/urandom >"$TMP/damaged/state/private/history.log"
run damaged "import pathlib
for k in range(2):
    try:
        pathlib.Path('d%d.txt' % (k + 1)).write_text('x'); print('written')
    except PermissionError as e:
        print(e)"
if [ "$status" = 0 ] && [ "$(grep -c "^policy denied this operation on 'd[12].txt' because the box's history cannot be read or written.$" "$OUT")" = 2 ]; then
  pass "damaged history: every decision denied"; else fail "damaged history: $status $(cat "$OUT")"; fi
if grep -q "^box-broker: error: history .*/history.log: .*every decision of this run is denied$" "$ERR"; then
  pass "damaged history: the reason on stderr"; else fail "damaged history: stderr: $(cat "$ERR")"; fi

# ---- a full box_dir denies ---------------------------------------------------
mkdir -p "$TMP/probe"
if unshare -m --propagation private sh -c "mount -t tmpfs -o size=64k tmpfs '$TMP/probe'" 2>/dev/null; then
  box full "$BASE
$BUDGET"
  mkdir -m 0700 -p "$TMP/full/state"
  unshare -m --propagation private sh -c '
    mount -t tmpfs -o size=160k,mode=0700 tmpfs "$1/full/state" || exit 99
    "$2" --config "$1/full/box.toml" -c "import pathlib; pathlib.Path(\"full0.txt\").write_text(\"x\")" >/dev/null 2>&1
    dd if=/dev/zero of="$1/full/state/private/fill" bs=1024 2>/dev/null
    "$2" --config "$1/full/box.toml" -c "
import pathlib
for k in range(4):
    try:
        pathlib.Path(\"full%d.txt\" % (k + 1)).write_text(\"x\")
        print(k, \"written\")
    except PermissionError as e:
        print(k, \"refused\", e)" >"$1/out" 2>"$1/err"
    echo $? >"$1/full/status"' sh "$TMP" "$BROKER"
  status=$(cat "$TMP/full/status")
  check_status "full box_dir" 0
  if [ "$(grep -c ' refused policy denied' "$OUT")" = 4 ]; then pass "full box_dir: every decision denied"; else
    fail "full box_dir: $(cat "$OUT")"; fi
  if grep -q "history" "$ERR"; then pass "full box_dir: the history's fault on stderr"; else
    fail "full box_dir: stderr: $(cat "$ERR")"; fi
else
  echo "note: no tmpfs mount in a private namespace here; the full-disk case is covered by tests/history/test_history"
fi

finish
