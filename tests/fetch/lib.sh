# tests/fetch/lib.sh -- shared set-up for the fetch() end-to-end tests
# (sourced).
#
# Makes a throw-away box (box.toml + policy.dw written here) in a temporary
# directory, starts tests/fetch/server.py on 127.0.0.1 (a free port the
# kernel picks; it stops by itself when this shell goes away, and is killed
# on exit), and offers run_box (the real box-broker, with --resolve pins for
# the test host names) and assertion helpers that count checks.

set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
. "$top_srcdir/tests/lib/box.sh"
box_e2e_setup fetch

BOX="$TMP/box"
WORKSPACE="$BOX/workspace"
STATE="$TMP/state"
RECORDS="$STATE/private/telemetry/records.jsonl"
SEEN="$TMP/seen"
OUT="$TMP/out"
ERR="$TMP/err"
mkdir -p "$WORKSPACE" || exit 99
: >"$SEEN"

box_fetch_server "$SEEN"

# A port where nothing listens: one the kernel just gave out and took back.
CLOSED_PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

cat >"$BOX/box.toml" <<EOF
name = "fetch-test"
box_dir = "$STATE"
policy = "policy.dw"

[agent]
workspace = "$WORKSPACE"
EOF

# The test host names, all pinned to the server by the operator's --resolve:
#   ok.test       net:connect and http:request permitted (but /secret forbidden)
#   noreq.test    net:connect permitted, no http:request permit
#   denied.test   no net:connect permit at all
#   noip.test     net:connect permitted for the name, forbidden for its address
#   closed.test   everything permitted, pinned to a port where nothing listens
cat >"$BOX/policy.dw" <<'EOF'
@id("connect_test_hosts")
permit (principal, action == Box::Action::"net:connect", resource)
when { ["ok.test", "noreq.test", "noip.test", "closed.test"].contains(context.input.host) };

@id("no_ip_for_noip")
@description("noip.test may not reach its address")
forbid (principal, action == Box::Action::"net:connect", resource)
when { context.input.host == "noip.test" && context.input has ip };

@id("request_ok")
permit (principal, action == Box::Action::"http:request", resource)
when { ["ok.test", "closed.test"].contains(context.input.host) };

@id("no_secret")
@description("The secret path stays on the server")
forbid (principal, action == Box::Action::"http:request", resource)
when { context.input.path == "/secret" };
EOF

RESOLVE="--resolve ok.test:$PORT:127.0.0.1 --resolve noreq.test:$PORT:127.0.0.1
--resolve denied.test:$PORT:127.0.0.1 --resolve noip.test:$PORT:127.0.0.1
--resolve closed.test:$CLOSED_PORT:127.0.0.1"

# run_box SOURCE: runs SOURCE with -c through box-broker; sets $status;
# $OUT and $ERR hold the streams; $NEW_RECORDS the decision-log lines this
# run added; $NEW_SEEN the requests the server received during it.
run_box() {
  before=0
  [ -f "$RECORDS" ] && before=$(wc -l <"$RECORDS")
  seen_before=$(wc -l <"$SEEN")
  # shellcheck disable=SC2086 # RESOLVE is split into options on purpose
  "$BROKER" --config "$BOX/box.toml" $RESOLVE -c "$1" >"$OUT" 2>"$ERR"
  status=$?
  NEW_RECORDS=
  if [ -f "$RECORDS" ]; then
    NEW_RECORDS=$(tail -n +"$((before + 1))" "$RECORDS" | decisions)
  fi
  NEW_SEEN=$(tail -n +"$((seen_before + 1))" "$SEEN")
}

# decisions: each OTLP-JSON log record on stdin as one line
# "verdict action resource rule" (what the digest's jq query prints).
decisions() { box_decisions; }

# check_records NAME WANT: the decision-log lines of the last run are WANT.
check_records() {
  if [ "$NEW_RECORDS" = "$2" ]; then pass "$1: decision log"; else
    fail "$1: decision log
--- got
$NEW_RECORDS
--- expected
$2
---"; fi
}

# check_seen NAME WANT: the requests the server saw during the last run.
check_seen() {
  if [ "$NEW_SEEN" = "$2" ]; then pass "$1: the requests the server saw"; else
    fail "$1: server saw '$NEW_SEEN', expected '$2'"; fi
}
