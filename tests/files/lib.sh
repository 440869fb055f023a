# tests/files/lib.sh -- shared set-up for the file end-to-end tests (sourced).
#
# Makes a throw-away operator home in a temporary directory ($HOME_DIR, the
# broker runs with HOME set to it), the spec's workspace ~/src/project with
# notes.txt and an empty out/, a box_dir and the box.toml + policy.dw ($CFG)
# inside the home, and a directory outside it ($OUTSIDE).  Offers set_policy TEXT, run_py SOURCE (the real
# box-broker with -c), log helpers over the decision log, and assertion
# helpers that count checks.

set -u
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=${top_srcdir:-.}
BROKER="$top_builddir/box-broker"
PY=${PYTHON311:-}
[ -n "$PY" ] || { [ -x /usr/bin/python3.11 ] && PY=/usr/bin/python3.11; } || PY=python3

for f in "$BROKER" "$top_builddir/box-worker"; do
  if [ ! -x "$f" ]; then
    echo "missing $f: build it first (make check builds it)" >&2
    exit 99
  fi
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/box-files.XXXXXX") || exit 99
TMP=$(cd "$TMP" && pwd -P)
trap 'chmod -R u+w "$TMP" 2>/dev/null; rm -rf "$TMP"' EXIT
trap 'exit 1' INT TERM HUP

HOME_DIR="$TMP/home"
WS="$HOME_DIR/src/project"
CFG="$HOME_DIR/cfg"           # box.toml and policy.dw: inside the home
STATE="$HOME_DIR/.box-state"  # box_dir: inside the home too (floor tests)
OUTSIDE="$TMP/outside"
RECORDS="$STATE/private/telemetry/records.jsonl"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
mkdir -p "$WS/out" "$CFG" "$OUTSIDE" || exit 99
printf 'hello from notes!\n' >"$WS/notes.txt"   # 18 characters
echo "outside secret" >"$OUTSIDE/secret.txt"

cat >"$CFG/box.toml" <<TOML
name = "files-test"
box_dir = "$STATE"
policy = "policy.dw"

[agent]
workspace = "$WS"
TOML

# The spec's example policy.
EXAMPLE_POLICY='@id("project_read")
permit (principal, action == Box::Action::"fs:read", resource)
when {
  context.input.path == "~/src/project" ||
  context.input.path like "~/src/project/*"
};

@id("out_write")
permit (principal, action == Box::Action::"fs:write", resource)
when {
  context.input.path like "~/src/project/out/*" &&
  context.input.operation == Box::FsWriteOperation::"write_content"
};'

set_policy() { printf '%s\n' "$1" >"$CFG/policy.dw"; }
set_policy "$EXAMPLE_POLICY"

checks=0
failures=0
pass() { checks=$((checks + 1)); printf 'ok   %s\n' "$*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); printf 'FAIL %s\n' "$*"; }
finish() {
  echo "$(basename "$0"): $((checks - failures)) of $checks checks passed"
  [ "$failures" -eq 0 ]
  exit $?
}

# run_py SOURCE: the script through box-broker (the decision log is emptied
# first); sets $status, $OUT and $ERR hold the streams.
run_py() {
  rm -f "$RECORDS"
  (cd "$WS" && HOME="$HOME_DIR" "$BROKER" --config "$CFG/box.toml" -c "$1") >"$OUT" 2>"$ERR"
  status=$?
}

check_status() {
  if [ "$status" -eq "$2" ]; then pass "$1: status $2"; else
    fail "$1: status $status, expected $2 (stderr: $(head -c 400 "$ERR"))"; fi
}
check_out() {
  if [ "$(cat "$OUT")" = "$2" ]; then pass "$1: stdout"; else
    fail "$1: stdout '$(head -c 600 "$OUT")', expected '$2' (stderr: $(head -c 300 "$ERR"))"; fi
}
check_err() {
  if grep -qxF -- "$2" "$ERR"; then pass "$1: stderr has '$2'"; else
    fail "$1: stderr '$(head -c 400 "$ERR")' lacks the line '$2'"; fi
}
check_file() {
  if [ -f "$2" ] && [ "$(cat "$2")" = "$3" ]; then pass "$1: $2 holds '$3'"; else
    fail "$1: $2 holds '$(cat "$2" 2>/dev/null | head -c 200)', expected '$3'"; fi
}
check_no_file() {
  if [ ! -e "$2" ] && [ ! -L "$2" ]; then pass "$1: no $2"; else fail "$1: $2 exists"; fi
}

# decisions: one line per decision record: verdict action resource rule
decisions() {
  [ -f "$RECORDS" ] || return 0
  "$PY" -c '
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    for rl in r.get("resourceLogs", []):
        for sl in rl["scopeLogs"]:
            if sl["scope"]["name"] != "strands-box.policy":
                continue
            for lr in sl["logRecords"]:
                a = {x["key"][len("strands.box.policy."):]: x["value"].get("stringValue")
                     for x in lr["attributes"] if x["key"].startswith("strands.box.policy.")}
                print(a.get("verdict"), a.get("action"), a.get("resource"), a.get("rule"))
' "$RECORDS"
}
# check_log NAME EXPECTED: the decision records are exactly EXPECTED lines.
check_log() {
  got=$(decisions)
  if [ "$got" = "$2" ]; then pass "$1: decision log"; else
    fail "$1: decision log
--- got
$got
--- expected
$2"; fi
}
