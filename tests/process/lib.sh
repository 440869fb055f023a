# tests/process/lib.sh -- shared set-up for the process tests (sourced).
#
# Builds a throw-away box from tests/process/box/ in a temporary directory,
# and offers run_box (box-broker under the subreaper, so a process left behind
# fails the test) and small assertion helpers that count checks.

set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
BROKER="$top_builddir/box-broker"
TEST_BROKER="$top_builddir/tests/process/box-broker-test"
EVIL_WORKER="$top_builddir/tests/process/evil_worker"
REAPER="$top_builddir/tests/process/subreaper"

for f in "$BROKER" "$TEST_BROKER" "$EVIL_WORKER" "$REAPER" "$top_builddir/box-worker"; do
  if [ ! -x "$f" ]; then
    echo "missing $f: build it first (make check builds it)" >&2
    exit 99
  fi
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/box-process.XXXXXX") || exit 99
TMP=$(cd "$TMP" && pwd -P)
trap 'rm -rf "$TMP"' EXIT
BOX="$TMP/box"
WORKSPACE="$BOX/workspace"
cp -R "$top_srcdir/tests/process/box" "$BOX" || exit 99
chmod -R u+w "$BOX"
for f in "$BOX/box.toml" "$BOX/policy.dw"; do
  sed -e "s|@BOX_DIR@|$TMP/state|g" -e "s|@WORKSPACE@|$WORKSPACE|g" "$f" >"$f.new" &&
    mv "$f.new" "$f" || exit 99
done
CONFIG="$BOX/box.toml"
OUT="$TMP/out"
ERR="$TMP/err"

checks=0
failures=0

pass() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL $*"; }

# finish: prints the summary; the test fails if any check failed.
finish() {
  echo "$(basename "$0"): $((checks - failures)) of $checks checks passed"
  [ "$failures" -eq 0 ]
  exit $?
}

# run_box ARGS...: box-broker --config CONFIG ARGS under the subreaper;
# sets $status, $OUT and $ERR hold the streams.
run_box() {
  "$REAPER" -- "$BROKER" --config "$CONFIG" "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# run_test_broker ARGS...: the same with the test broker, which runs the real
# worker unless ARGS name another with --worker-path.
run_test_broker() {
  "$REAPER" -- "$TEST_BROKER" --worker-path "$top_builddir/box-worker" --config "$CONFIG" \
    "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# check_status NAME WANT
check_status() {
  if [ "$status" -eq "$2" ]; then pass "$1: status $2"; else
    fail "$1: status $status, expected $2 (stderr: $(head -c 300 "$ERR"))"; fi
}

# check_out NAME WANT: stdout is exactly WANT (plus the final newline).
check_out() {
  if [ "$(cat "$OUT")" = "$2" ]; then pass "$1: stdout"; else
    fail "$1: stdout '$(head -c 300 "$OUT")', expected '$2'"; fi
}

# check_err NAME WANT: stderr holds the line WANT.
check_err() {
  if grep -qxF -- "$2" "$ERR"; then pass "$1: stderr has '$2'"; else
    fail "$1: stderr '$(head -c 300 "$ERR")' lacks the line '$2'"; fi
}

# check_err_has NAME WANT: stderr contains WANT somewhere.
check_err_has() {
  if grep -qF -- "$2" "$ERR"; then pass "$1: stderr has '$2'"; else
    fail "$1: stderr '$(head -c 300 "$ERR")' lacks '$2'"; fi
}

# check_no_leftover NAME: the subreaper found no process left behind.
check_no_leftover() {
  if grep -q '^subreaper:' "$ERR"; then fail "$1: $(grep '^subreaper:' "$ERR" | head -3)"; else
    pass "$1: nothing left behind"; fi
}

# child_of PID: the pid of PID's (only) child, or nothing (no procps needed).
child_of() {
  # The kernel's list of PID's children when it has one: one read, no race.
  # Otherwise every process's status; one awk per file, because mawk (Debian's
  # awk) gives up on all of them when one process exits during the scan.
  if [ -r "/proc/$1/task/$1/children" ]; then
    set -- $(cat "/proc/$1/task/$1/children" 2>/dev/null)
    [ $# -gt 0 ] && echo "$1"
    return
  fi
  for s in /proc/[0-9]*/status; do
    awk -v parent="$1" '/^PPid:/ { if ($2 == parent) { split(FILENAME, part, "/"); print part[3] } exit }' \
      "$s" 2>/dev/null
  done | head -n 1 | grep .
}

# wait_for_child PID: waits up to 5 s for PID to have a child; prints it.
# Gives up at once when PID is gone.
wait_for_child() {
  i=0
  while [ $i -lt 100 ] && kill -0 "$1" 2>/dev/null; do
    if c=$(child_of "$1"); then echo "$c"; return 0; fi
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# wait_for_file_pid FILE: waits up to 5 s for FILE to hold a pid; prints it.
wait_for_file_pid() {
  i=0
  while [ $i -lt 100 ]; do
    if [ -s "$1" ]; then cat "$1"; return 0; fi
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}
