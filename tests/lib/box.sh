# tests/lib/box.sh -- what every end-to-end suite (and bench/) needs to run
# the real box-broker in a throw-away box (sourced; POSIX sh).
#
#   PY                         set on sourcing: CPython 3.11 for the suites'
#                              helpers ($PYTHON311, /usr/bin/python3.11, python3)
#   box_e2e_setup NAME         BROKER := the built box-broker; exit 99 unless it
#                              and box-worker are built; box_tmpdir NAME
#   box_require FILE...        exit 99 (skip-as-error) unless each is executable
#   box_tmpdir NAME            TMP := a fresh directory (physical path), removed
#                              at exit; set box_cleanup_hook to a function name
#                              to run first (a server to stop, say)
#   box_write_toml FILE NAME BOX_DIR WORKSPACE [POLICY] [READ_DIR...]
#                              a minimal box.toml: no policy file when POLICY
#                              is "", read grants for each READ_DIR
#   box_boxed_runner NAME DIR  BOX_RUNNER := the real box-broker in a
#                              throw-away box with no policy that may read DIR
#                              (exported, with top_builddir), for the suites
#                              that take a runner (conformance, finalizers)
#   box_fetch_server SEEN      starts tests/fetch/server.py on 127.0.0.1 (it
#                              logs each request to SEEN): SERVER_PID, PORT;
#                              stopped at exit (box_cleanup_hook); exit 99
#                              when it does not start
#   box_child_now PID          the pid of PID's (only) child, or nothing
#   box_child_of PID           the same, waiting up to 5 s for it (gives up
#                              at once when PID is gone)
#   pass / fail / finish       count checks; finish prints the summary and
#                              exits non-zero when a check failed
#   check_status / check_out / check_err / check_err_has NAME WANT
#                              over $status, $OUT and $ERR (set by the suite)
#   box_decisions [FILE...]    the decision records of an OTLP-JSON log (or
#                              stdin), one "verdict action resource rule" line
#                              each (tests/lib/decisions.py; needs $PY)

PY=${PYTHON311:-}
[ -n "$PY" ] || { [ -x /usr/bin/python3.11 ] && PY=/usr/bin/python3.11; } || PY=python3

box_e2e_setup() {
  BROKER="$top_builddir/box-broker"
  box_require "$BROKER" "$top_builddir/box-worker"
  box_tmpdir "$1"
}

box_require() {
  for f in "$@"; do
    if [ ! -x "$f" ]; then
      echo "missing $f: build it first (make check builds it)" >&2
      exit 99
    fi
  done
}

box_on_exit() {
  if [ -n "${box_cleanup_hook:-}" ]; then "$box_cleanup_hook"; fi
  chmod -R u+w "$TMP" 2>/dev/null
  rm -rf "$TMP"
}

box_tmpdir() {
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/box-$1.XXXXXX") || exit 99
  TMP=$(cd "$TMP" && pwd -P)
  trap box_on_exit EXIT
  trap 'exit 1' INT TERM HUP
}

box_write_toml() {
  _file=$1 _name=$2 _state=$3 _ws=$4 _policy=${5:-}
  shift 4
  [ $# -gt 0 ] && shift
  {
    printf 'name = "%s"\nbox_dir = "%s"\n' "$_name" "$_state"
    [ -n "$_policy" ] && printf 'policy = "%s"\n' "$_policy"
    printf '\n[agent]\nworkspace = "%s"\n' "$_ws"
    if [ $# -gt 0 ]; then
      printf '\n[agent.filesystem]\nread = ['
      _sep=
      for _d in "$@"; do printf '%s"%s"' "$_sep" "$_d"; _sep=', '; done
      printf ']\n'
    fi
  } >"$_file"
}

box_boxed_runner() {
  box_require "$top_builddir/box-broker"
  _dir=$(cd "$2" && pwd -P)
  box_tmpdir "$1"
  mkdir -p "$TMP/ws"
  box_write_toml "$TMP/box.toml" "$1" "$TMP/state" "$TMP/ws" "" "$_dir"
  BOX_RUNNER="$top_builddir/box-broker --config $TMP/box.toml"
  export BOX_RUNNER top_builddir
}

box_stop_fetch_server() {
  if [ -n "${SERVER_PID:-}" ]; then
    kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
}

box_fetch_server() {
  : >"$1"
  "$PY" "$top_srcdir/tests/fetch/server.py" "$1" >"$TMP/port" &
  SERVER_PID=$!
  box_cleanup_hook=box_stop_fetch_server
  _i=0
  while [ ! -s "$TMP/port" ] && [ $_i -lt 100 ]; do sleep 0.05; _i=$((_i + 1)); done
  PORT=$(head -n 1 "$TMP/port")
  case "$PORT" in
    '' | *[!0-9]*) echo "the test server did not start" >&2; exit 99 ;;
  esac
}

box_child_now() {
  # The kernel's list of PID's children when it has one: one read, no race.
  # Otherwise every process's status; one awk per file, because mawk (Debian's
  # awk) gives up on all of them when one process exits during the scan.
  if [ -r "/proc/$1/task/$1/children" ]; then
    awk '{ print $1 }' "/proc/$1/task/$1/children" 2>/dev/null | grep .
    return
  fi
  for _s in /proc/[0-9]*/status; do
    awk -v parent="$1" '/^PPid:/ { if ($2 == parent) { split(FILENAME, part, "/"); print part[3] } exit }' \
      "$_s" 2>/dev/null
  done | head -n 1 | grep .
}

box_child_of() {
  _i=0
  while [ $_i -lt 100 ]; do
    if _c=$(box_child_now "$1"); then echo "$_c"; return 0; fi
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.05
    _i=$((_i + 1))
  done
  return 1
}

checks=0
failures=0
pass() { checks=$((checks + 1)); printf 'ok   %s\n' "$*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); printf 'FAIL %s\n' "$*"; }
finish() {
  echo "$(basename "$0"): $((checks - failures)) of $checks checks passed"
  [ "$failures" -eq 0 ]
  exit $?
}

check_status() {
  if [ "$status" -eq "$2" ]; then pass "$1: status $2"; else
    fail "$1: status $status, expected $2 (stderr: $(head -c 400 "$ERR"))"; fi
}
check_out() {
  if [ "$(cat "$OUT")" = "$2" ]; then pass "$1: stdout"; else
    fail "$1: stdout
--- got
$(head -c 2000 "$OUT")
--- expected
$2
--- stderr
$(head -c 400 "$ERR")
---"; fi
}
check_err() {
  if grep -qxF -- "$2" "$ERR"; then pass "$1: stderr has '$2'"; else
    fail "$1: stderr '$(head -c 400 "$ERR")' lacks the line '$2'"; fi
}
check_err_has() {
  if grep -qF -- "$2" "$ERR"; then pass "$1: stderr has '$2'"; else
    fail "$1: stderr '$(head -c 400 "$ERR")' lacks '$2'"; fi
}

box_decisions() { "$PY" "$top_srcdir/tests/lib/decisions.py" "$@"; }
