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
. "$top_srcdir/tests/lib/box.sh"
box_e2e_setup files

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

# run_py SOURCE: the script through box-broker (the decision log is emptied
# first); sets $status, $OUT and $ERR hold the streams.
run_py() {
  rm -f "$RECORDS"
  (cd "$WS" && HOME="$HOME_DIR" "$BROKER" --config "$CFG/box.toml" -c "$1") >"$OUT" 2>"$ERR"
  status=$?
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
  box_decisions "$RECORDS"
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
