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

. "$top_srcdir/tests/lib/box.sh"
box_require "$BROKER" "$TEST_BROKER" "$EVIL_WORKER" "$REAPER" "$top_builddir/box-worker"
box_tmpdir process
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

# check_no_leftover NAME: the subreaper found no process left behind.
check_no_leftover() {
  if grep -q '^subreaper:' "$ERR"; then fail "$1: $(grep '^subreaper:' "$ERR" | head -3)"; else
    pass "$1: nothing left behind"; fi
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
