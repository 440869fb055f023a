#!/bin/sh
# tests/audit/temporal_audit.sh -- `box-broker --audit` on boxes whose
# policy has temporal rules, end to end through the real box-broker:
#
#   * the worked example policies/temporal loads (--audit, --decide), its
#     rules read in plain words, and with no history yet the audit says so
#     and creates nothing;
#   * real runs of the example: the write budget refuses the 21st write in
#     the hour, a delete needs a read first, a secret read closes the
#     network (--decide, and --at 25h past the window);
#   * the history section: events (counted independently, in Python:
#     tests/history/log_events.py), oldest and newest stamps, size, an
#     intact chain; the audit leaves history.log byte for byte as it was;
#   * a history edited behind box's back (tests/audit/history_tool: a
#     changed record, a dropped event) is reported with the seq where the
#     chain breaks, as a high finding (exit status 3); a file that is not a
#     box history likewise;
#   * the temporal lints on a policy built to trigger each of them.
set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/lib/box.sh"
box_e2e_setup temporal-audit
TOOL="$top_builddir/tests/audit/history_tool"
box_require "$TOOL"
OUT="$TMP/out"
ERR="$TMP/err"
HOME="$TMP/home"
export HOME
WS="$HOME/src/project"
mkdir -p "$WS/out" "$WS/secrets" || exit 99
printf 'token' >"$WS/secrets/api_token"

# The example box, as shipped, in $TMP/example (box_dir "state" next to it).
EX="$TMP/example"
mkdir -p "$EX" && cp "$top_srcdir/policies/temporal/box.toml" "$top_srcdir/policies/temporal/policy.dw" "$EX/" || exit 99
API_TOKEN=unused
export API_TOKEN

audit() { # audit BOX_DIR [--json]: $status, $OUT, $ERR
  "$BROKER" --config "$1/box.toml" --audit ${2:-} >"$OUT" 2>"$ERR"
  status=$?
}
json() { # json EXPR: EXPR over the JSON document in $OUT (Python, `d`)
  "$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$OUT" "$1"
}
has_line() { # has_line NAME LINE: $OUT has LINE (exactly, leading blanks ignored)
  if sed 's/^ *//' "$OUT" | grep -qxF -- "$2"; then pass "$1"; else
    fail "$1: no line '$2' in
$(head -c 6000 "$OUT")"; fi
}
run() { # run BOX_DIR SOURCE: one script in the box; $status, $OUT, $ERR
  "$BROKER" --config "$1/box.toml" -c "$2" >"$OUT" 2>"$ERR"
  status=$?
}
decide() { # decide BOX_DIR REQUEST [--at D]: the decision JSON
  if [ $# -gt 2 ]; then "$BROKER" --config "$1/box.toml" --at "$3" --decide "$2"
  else "$BROKER" --config "$1/box.toml" --decide "$2"; fi
}
log_count() { # log_count FILE: the events in a history, read without box's code
  "$PY" "$top_srcdir/tests/history/log_events.py" "$1"
}

# ---- the example, before any run ---------------------------------------------
audit "$EX"
check_status "example audit, no history" 0
has_line "budget in words" \
  'forbids fs:write when, within the last 1h, more than 20 fs:write requests were made (the request being decided counts)'
has_line "secret rule in words" \
  'forbids net:connect and http:request when, within the last 24h, a completed fs:read response with path ~/src/project/secrets/api_token was recorded or within the last 24h, a completed fs:read response with path ~/src/project/secrets/db_password was recorded'
has_line "delete rule in words" \
  'forbids fs:delete unless, within the last 1h, a completed fs:read response with the same path as this request was recorded'
has_line "no history yet" 'No history yet: no run of this box has decided anything under a temporal rule.'
has_line "retention" 'kept        the last 24h (as far back as the policy'"'"'s windows reach); older events are pruned'
has_line "example lint" 'LOW     temporal-unless-forbid  (@id("delete_after_read"))'
if [ ! -e "$EX/state" ]; then pass "the audit created no box_dir, no history"; else
  fail "the audit created $(find "$EX/state")"; fi
audit "$EX" --json
check_status "example audit --json" 0
if [ "$(json 'd["history"]["present"], d["history"]["path"].endswith("/state/private/history.log"), d["history"]["retention_seconds"]')" = "(False, True, 86400)" ]; then
  pass "json: history not present, its path, 24h kept"; else fail "json history: $(json 'd["history"]')"; fi
if [ "$(json '[t["key"] for r in d["policy"]["rules"] for t in r.get("temporal", [])]')" = \
     "['policy_6__temporal_0', 'policy_7__temporal_0', 'policy_7__temporal_1', 'policy_8__temporal_0']" ]; then
  pass "json: each temporal block under its rule"; else fail "json temporal: $(json 'd["policy"]["rules"]')"; fi
if [ "$(json '"temporal" in d["policy"]["rules"][0]')" = False ]; then pass "json: plain rules unchanged"; else
  fail "json: a plain rule has a temporal key"; fi
if [ ! -e "$EX/state" ]; then pass "--json created nothing either"; else fail "--json created $EX/state"; fi

# ---- real runs of the example -------------------------------------------------
WRITE21='import pathlib
for i in range(21):
    try:
        pathlib.Path("out/f%d.txt" % i).write_text("x")
    except PermissionError as e:
        print("refused", i, e)'
run "$EX" "$WRITE21"
check_status "21 writes" 0
check_out "21 writes: the 21st is refused by the budget" \
  "refused 20 policy denied this operation on 'out/f20.txt' [policy: write_budget]: At most 20 file writes per hour."
if [ -f "$WS/out/f19.txt" ] && [ ! -e "$WS/out/f20.txt" ]; then pass "20 files written, not the 21st"; else
  fail "files: $(ls "$WS/out")"; fi
d=$(decide "$EX" '{"action":"fs:write","input":{"path":"~/src/project/out/g.txt","operation":"write_content"}}')
case "$d" in '{"decision":"deny","cause":"forbidden","rules":["write_budget"]'*) pass "--decide: the budget is spent" ;;
  *) fail "--decide write: $d" ;; esac
d=$(decide "$EX" '{"action":"fs:write","input":{"path":"~/src/project/out/g.txt","operation":"write_content"}}' 2h)
case "$d" in '{"decision":"allow","cause":"permitted","rules":["out_write"]'*) pass "--decide --at 2h: the hour has passed" ;;
  *) fail "--decide --at 2h write: $d" ;; esac

run "$EX" 'import os
try:
    os.remove("out/f0.txt")
except PermissionError as e:
    print("refused", e)
open("out/f1.txt").read()
os.remove("out/f1.txt")
print("deleted after reading")'
check_status "delete after read" 0
check_out "delete after read: refused unread, allowed after the read" \
  "refused policy denied this operation on 'out/f0.txt' [policy: delete_after_read]: A file is deleted only after it was read.
deleted after reading"

API='{"action":"http:request","input":{"host":"api.example.com","port":443,"method":"GET","path":"/v1","body_bytes":0,"intercepted":true}}'
d=$(decide "$EX" "$API")
case "$d" in '{"decision":"allow"'*) pass "--decide: the API is open before the secret is read" ;; *) fail "--decide api: $d" ;; esac
run "$EX" 'print(len(open("secrets/api_token").read()))'
check_out "the secret read" "5"
d=$(decide "$EX" "$API")
case "$d" in '{"decision":"deny","cause":"forbidden","rules":["no_net_after_secret"]'*) pass "--decide: no network after the secret" ;;
  *) fail "--decide api after secret: $d" ;; esac
d=$(decide "$EX" "$API" 25h)
case "$d" in '{"decision":"allow"'*) pass "--decide --at 25h: the day has passed" ;; *) fail "--decide --at 25h api: $d" ;; esac

# ---- the history summary ----------------------------------------------------------
DB="$EX/state/private/history.log"
n=$(log_count "$DB")
cp "$DB" "$TMP/before.log"
audit "$EX"
check_status "audit with a history" 0
has_line "events" "events      $n (seq 1 to $n)"
has_line "chain intact" "chain       intact (every event's hash matches its predecessor's)"
if cmp -s "$DB" "$TMP/before.log"; then pass "the audit left history.log as it was"; else fail "the audit changed history.log"; fi
# the head: the newest event's seq and stored hash, as Python reads them
head=$("$PY" "$top_srcdir/tests/history/log_events.py" "$DB" --head)
has_line "the head" "head        $head"
audit "$EX" --json
if [ "$(json 'd["history"]["events"], d["history"]["chain_intact"], d["history"]["broken_at_seq"], d["history"]["file_bytes"] > 0')" = "($n, True, None, True)" ]; then
  pass "json: events, intact chain, size"; else fail "json history: $(json 'd["history"]')"; fi
if [ "$(json 'd["history"]["newest_stamp"] - d["history"]["oldest_stamp"] < 600')" = True ]; then
  pass "json: oldest and newest stamps of these runs"; else fail "json stamps: $(json 'd["history"]')"; fi
if cmp -s "$DB" "$TMP/before.log"; then pass "--json left history.log as it was"; else fail "--json changed history.log"; fi

# ---- an edited history ------------------------------------------------------------
"$TOOL" tamper "$EX/state/private" 3 || fail "history_tool tamper"
audit "$EX"
check_status "audit of an edited history" 3
has_line "the break, in text" \
  "chain       BROKEN at event 3: the event does not match its hash: it or an earlier event was edited"
has_line "the break is a high finding" "HIGH    history-chain-broken"
has_line "the finding names the seq" \
  "the history's hash chain breaks at event 3: the event does not match its hash: it or an earlier event was edited"
has_line "summary line" "Summary: 1 high, 0 medium, 1 low, 2 info; exit status 3"
audit "$EX" --json
check_status "audit --json of an edited history" 3
if [ "$(json 'd["history"]["chain_intact"], d["history"]["broken_at_seq"], d["summary"]["exit_status"], [f["code"] for f in d["findings"] if f["severity"] == "high"]')" = \
     "(False, 3, 3, ['history-chain-broken'])" ]; then pass "json: broken at 3, exit status 3"; else
  fail "json edited: $(json 'd["history"], d["summary"]')"; fi

# A history made with the API (known stamps), then an event dropped.
OLD="$TMP/old"
mkdir -p "$OLD/state/private" && chmod 700 "$OLD/state" "$OLD/state/private" || exit 99
cp "$EX/box.toml" "$EX/policy.dw" "$OLD/" || exit 99
R='{"input":{"path":"~/src/project/out/a","operation":{"__entity":{"type":"Box::FsWriteOperation","id":"write_content"}}}}'
for ts in 1000000000 1000000060 1000003600; do
  "$TOOL" append "$OLD/state/private" "$ts" fs:write request "$R" permit >/dev/null || fail "history_tool append $ts"
done
audit "$OLD"
check_status "audit of a made history" 0
has_line "made: events" "events      3 (seq 1 to 3)"
has_line "made: oldest" "oldest      2001-09-09T01:46:40Z"
has_line "made: newest" "newest      2001-09-09T02:46:40Z"
"$TOOL" drop "$OLD/state/private" 2 || fail "history_tool drop"
audit "$OLD"
check_status "audit of a history with a dropped event" 3
has_line "dropped: the break" "chain       BROKEN at event 2: this event is missing"
if [ "$("$TOOL" verify "$OLD/state/private")" = "events 2 broken 2" ]; then pass "history_tool verify agrees"; else
  fail "history_tool verify: $("$TOOL" verify "$OLD/state/private")"; fi

# Something else in the history's place.
BAD="$TMP/bad"
mkdir -p "$BAD/state/private" && cp "$EX/box.toml" "$EX/policy.dw" "$BAD/" || exit 99
printf 'not a database at all, but long enough to look like one to a careless reader.............' \
  >"$BAD/state/private/history.log"
cp "$BAD/state/private/history.log" "$TMP/bad.before"
audit "$BAD" --json
check_status "audit of a file that is not a history" 3
if [ "$(json '[f["code"] for f in d["findings"] if f["severity"] == "high"], "error" in d["history"]')" = \
     "(['history-unreadable'], True)" ]; then pass "json: history-unreadable"; else fail "json bad: $(json 'd["history"]')"; fi
if cmp -s "$BAD/state/private/history.log" "$TMP/bad.before"; then pass "the unreadable file is left alone"; else
  fail "the audit changed the unreadable file"; fi

# A larger history made in one transaction: every event counted, the chain intact.
BIG="$TMP/big"
mkdir -p "$BIG/state/private" && chmod 700 "$BIG/state" "$BIG/state/private" && cp "$EX/box.toml" "$EX/policy.dw" "$BIG/" || exit 99
"$TOOL" fill "$BIG/state/private" 5000 || fail "history_tool fill"
audit "$BIG"
check_status "audit of 5000 events" 0
has_line "big: events" "events      5000 (seq 1 to 5000)"
has_line "big: intact" "chain       intact (every event's hash matches its predecessor's)"

# An empty file (a broker stopped before making its tables): reported, left empty.
EMPTY="$TMP/empty"
mkdir -p "$EMPTY/state/private" && cp "$EX/box.toml" "$EX/policy.dw" "$EMPTY/" || exit 99
: >"$EMPTY/state/private/history.log"
audit "$EMPTY"
check_status "audit of an empty history file" 0
has_line "empty: no events" "events      0 (seq 0 to 0)"
if [ ! -s "$EMPTY/state/private/history.log" ]; then pass "the empty file stays empty"; else
  fail "the audit wrote into the empty history file"; fi

# A window over the maximum is refused at load, by --audit as by a run.
OVER="$TMP/over"
mkdir -p "$OVER" && cp "$EX/box.toml" "$OVER/" || exit 99
printf '%s\n' 'forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { formerly within 48h Box::Action::"fs:read"::request{} };' >"$OVER/policy.dw"
audit "$OVER"
check_status "audit of a 48h window" 1
check_err_has "48h refused" 'temporal window `48h` exceeds the maximum allowed window `24h`'

# Nested windows add up: the history is kept 3h for a 2h window around a 1h one.
NEST="$TMP/nest"
mkdir -p "$NEST" && cp "$EX/box.toml" "$NEST/" || exit 99
printf '%s\n' 'forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { formerly within 2h (formerly within 1h Box::Action::"fs:read"::response{ input.path: context.input.path }) };' \
  >"$NEST/policy.dw"
audit "$NEST" --json
check_status "audit of nested windows" 0
if [ "$(json 'd["history"]["retention"], d["history"]["retention_seconds"]')" = "('3h', 10800)" ]; then
  pass "nested windows: kept 3h"; else fail "nested: $(json 'd["history"]')"; fi

# ---- the temporal lints -------------------------------------------------------------
LINT="$TMP/lint"
mkdir -p "$LINT" && cp "$EX/box.toml" "$LINT/" || exit 99
cat >"$LINT/policy.dw" <<'EOF'
@id("writes") permit (principal, action == Box::Action::"fs:write", resource)
when { context.input.path like "~/src/project/out/*" };
@id("capped") permit (principal, action == Box::Action::"fs:write", resource)
when temporal { bind(n, count_within(1h, Box::Action::"fs:write"::request{ input.path: context.input.path }), n <= 5) };
@id("resp_budget") forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { (count for (t: Timepoint). where formerly within 1h (Box::Action::"fs:write"::response{} && tp(t))) > 5 };
@id("after_req") permit (principal, action == Box::Action::"fs:delete", resource)
when { context.input.path like "~/src/project/out/*" }
when temporal { formerly within 1h Box::Action::"fs:read"::request{ input.path: context.input.path } };
@id("upload") forbid (principal, action == Box::Action::"http:request", resource)
when temporal { exists (s: Long). ((sum b for (b: Long). where formerly within 1h Box::Action::"http:request"::request{ input.body_bytes: b }) == s && s > 100) };
@id("zero") forbid (principal, action == Box::Action::"fs:read", resource)
when temporal { previous within 0s Box::Action::"fs:write"::request{ input.path: context.input.path } };
@id("wide") forbid (principal, action == Box::Action::"fs:write", resource)
when temporal { !Box::Action::"fs:delete"::request{ input.path: context.input.path } since within 12h Box::Action::"fs:read"::response{ input.path: context.input.path } };
EOF
audit "$LINT" --json
check_status "lint box" 3
want="high:fs-permit-no-path@capped
high:temporal-cap-as-permit@capped
low:temporal-budget-on-response@resp_budget
info:temporal-uncorrelated@resp_budget
medium:temporal-precondition-on-request@after_req
medium:temporal-sum-dedup@upload
info:temporal-uncorrelated@upload
medium:temporal-window-zero@zero
low:temporal-since-wide@wide"
got=$(json '"\n".join("%s:%s@%s" % (f["severity"], f["code"], f["rule"][5:-2] if f["rule"] else "-") for f in d["findings"])')
if [ "$got" = "$want" ]; then pass "each temporal lint, on its rule"; else fail "lints:
--- got
$got
--- expected
$want"; fi
audit "$LINT"
has_line "the cap rule in words" \
  'allows fs:write when, within the last 1h, at most 5 fs:write requests with the same path as this request were made (the request being decided counts)'
has_line "the since rule in words" \
  'forbids fs:write when, within the last 12h, an fs:read response with the same path as this request was recorded and no fs:delete request with the same path as this request was made since'
has_line "the sum rule in words" \
  'forbids http:request when, within the last 1h, the distinct body_bytes values of http:request requests add up to more than 100 (the request being decided counts)'

finish
