#!/bin/sh
# tests/hostile/attacks.sh -- hostile scripts against the real box-broker
# (issue 8, "Hostile scripts"): memory bombs, CPU and recursion, deep data and
# deep source, huge source, output floods, the host-call and sleep limits,
# fetch() to internal addresses, path escapes, catastrophic regexes, huge
# JSON, and abuse of exception and type objects.
#
# Each attack is one file tests/hostile/attacks/NAME.py: the script, whose
# leading comment lines (the header) say what it must get.
#
#   # attack: what it tries                     (the name printed)
#   # status: N                                 (the exit status of box-broker)
#   # stdout: LINE                              (one per line; none: stdout empty)
#   # stderr: LINE                              (the exact last line of stderr)
#   # serves-after                              (a second run on the box works,
#                                                the decision log is intact)
#   # log-lacks: TEXT                           (no decision logged during the
#                                                run mentions TEXT)
#   # log-has: TEXT                             (one logged during the run does)
#   # broker-args: ARGS                         (run the test broker with ARGS)
#   # stdout-to: COMMAND                        (stdout piped into COMMAND;
#   # stdout-bytes: N                            COMMAND's output is N bytes)
#   # source-cmd: SHELL                         (the source is SHELL's output,
#                                                not the file)
#   # run-as-file                               (run the source as a script file
#                                                in the workspace, not with -c)
#   # max-seconds: N                            (wall-clock bound; default 60)
#
# In the source and the expectations @TMP@ is the test's temporary directory
# (also $HOME: the operator home) and @WS@ the workspace.  The policy permits
# every file operation anywhere, so what refuses a path is the reach floor.
#
# Prints "held: <attack>: <what happened>" or "BROKE: <attack>: <expected> /
# <got>" per attack, then "N held, M broke"; fails if M > 0.  Attacks run
# ATTACK_JOBS (default 2) at a time; ATTACK_NAMES=GLOB runs only those.
set -u

if [ "${1:-}" = "--one" ]; then
  mode=one
  shift
else
  mode=all
  . "${top_srcdir:-.}/tests/process/lib.sh"
fi

# header FILE KEY: the values of "# KEY: value" lines, one per line.
header() {
  sed -n "s/^# $2: \{0,1\}//p" "$1" | sed -e "s|@TMP@|$TMP|g" -e "s|@WS@|$WORKSPACE|g"
}
has_flag() { grep -qx "# $2" "$1"; }

# log_lines: the decision log's line count (0 before it exists).
log_lines() { if [ -f "$LOG" ]; then wc -l <"$LOG"; else echo 0; fi; }

# log_intact: every line of the decision log is one whole JSON record.
log_intact() {
  [ ! -f "$LOG" ] || ! grep -qv '^{"resource[A-Za-z]*":.*}$' "$LOG"
}

# run_attack FILE: runs one attack; writes its line to $RESULTS/NAME.
run_attack() {
  file=$1
  name=$(basename "$file" .py)
  dir="$TMP/run/$name"
  mkdir -p "$dir"
  out="$dir/out" err="$dir/err" src="$dir/source.py"
  what=$(header "$file" attack)
  want_status=$(header "$file" status)
  want_out=$(header "$file" stdout)
  want_err=$(header "$file" stderr)
  max=$(header "$file" max-seconds)
  max=${max:-60}
  cmd=$(header "$file" source-cmd)
  if [ -n "$cmd" ]; then
    (cd "$dir" && eval "$cmd") >"$src"
  else
    awk 'body || !/^# / { body = 1; print }' "$file" |
      sed -e "s|@TMP@|$TMP|g" -e "s|@WS@|$WORKSPACE|g" >"$src"
  fi
  broker=$BROKER
  extra=
  args=$(header "$file" broker-args)
  if [ -n "$args" ]; then
    broker=$TEST_BROKER
    extra="--worker-path $top_builddir/box-worker $args"
  fi
  if has_flag "$file" run-as-file; then
    cp "$src" "$WORKSPACE/attack_$name.py"
    set -- "$WORKSPACE/attack_$name.py"
  else
    set -- -c "$(cat "$src")"
  fi
  before=$(log_lines)
  pipe=$(header "$file" stdout-to)
  t0=$(date +%s)
  if [ -n "$pipe" ]; then
    # shellcheck disable=SC2086 # extra is split into options on purpose
    { timeout -k 5 "$max" "$REAPER" -- "$broker" $extra --config "$CONFIG" "$@" 2>"$err"
      echo $? >"$dir/status"; } | sh -c "$pipe" >"$out"
    got_status=$(cat "$dir/status")
  else
    # shellcheck disable=SC2086
    timeout -k 5 "$max" "$REAPER" -- "$broker" $extra --config "$CONFIG" "$@" >"$out" 2>"$err"
    got_status=$?
  fi
  seconds=$(($(date +%s) - t0))
  rm -f "$WORKSPACE/attack_$name.py"
  got_err=$(tail -n 1 "$err")
  problems=

  if [ "$got_status" != "$want_status" ]; then
    problems="$problems status $want_status / $got_status (stderr: $(tail -n 3 "$err" | tr '\n' '|' | cut -c1-300));"
  fi
  if [ "$seconds" -ge "$max" ]; then
    problems="$problems done within ${max}s / took ${seconds}s;"
  fi
  if [ -n "$want_err" ] && [ "$got_err" != "$want_err" ]; then
    problems="$problems last stderr line '$want_err' / '$(printf '%s' "$got_err" | cut -c1-300)';"
  fi
  bytes=$(header "$file" stdout-bytes)
  if [ -n "$bytes" ]; then
    got_bytes=$(wc -c <"$out")
    [ "$got_bytes" -eq "$bytes" ] || problems="$problems $bytes bytes on stdout / $got_bytes;"
  elif [ "$(cat "$out")" != "$want_out" ]; then
    printf '%s\n' "$want_out" >"$dir/want"
    first=$(diff "$dir/want" "$out" | grep -m 2 '^[<>]' | tr '\n' '|' | cut -c1-400)
    problems="$problems stdout as listed / differs ($first);"
  fi
  if grep -q '^subreaper:' "$err"; then
    problems="$problems nothing left running / $(grep '^subreaper:' "$err" | head -n 1);"
  fi
  header "$file" log-lacks >"$dir/lacks"
  while IFS= read -r text; do
    if tail -n +"$((before + 1))" "$LOG" | grep -qF -- "$text"; then
      problems="$problems no decision about $text / one logged;"
    fi
  done <"$dir/lacks"
  header "$file" log-has >"$dir/has"
  while IFS= read -r text; do
    if ! tail -n +"$((before + 1))" "$LOG" | grep -qF -- "$text"; then
      problems="$problems a decision about $text logged / none;"
    fi
  done <"$dir/has"
  happened="status $got_status in ${seconds}s, stderr ends '$(printf '%s' "$got_err" | cut -c1-120)'"
  if has_flag "$file" serves-after; then
    if ! log_intact; then
      problems="$problems an intact decision log / a torn record;"
    fi
    "$REAPER" -- "$BROKER" --config "$CONFIG" -c "print('still serving', 6 * 7)" >"$dir/out2" 2>"$dir/err2"
    st2=$?
    if [ "$st2" -ne 0 ] || [ "$(cat "$dir/out2")" != "still serving 42" ]; then
      problems="$problems the next run works / status $st2, '$(head -c 200 "$dir/out2" "$dir/err2")';"
    else
      happened="$happened; the next run works"
    fi
  fi
  if [ -z "$problems" ]; then
    echo "held: $what: $happened" >"$RESULTS/$name"
  else
    echo "BROKE: $what:$problems (${seconds}s)" >"$RESULTS/$name"
  fi
}

if [ "$mode" = one ]; then
  for f in "$@"; do run_attack "$f"; done
  exit 0
fi

# ---- the box ------------------------------------------------------------------

export HOME="$TMP"
LOG="$TMP/state/private/telemetry/records.jsonl"
cat >"$BOX/policy.dw" <<'EOF'
// Every file operation anywhere: what refuses a path is the reach floor.
@id("everything")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write",
                              Box::Action::"fs:delete", Box::Action::"fs:move"], resource);
EOF
run_box -c "print('ready')"
if [ "$status" -ne 0 ] || [ ! -f "$LOG" ]; then
  echo "the box does not run: status $status, $(cat "$ERR")" >&2
  exit 99
fi

# Fixtures for the path escapes: a file outside the workspace (but in the
# home), symlinks in the middle, at the end, dangling and inside, and hard
# links made from outside to the loaded box.toml, the policy and the
# decision log.
mkdir -p "$TMP/outside" "$WORKSPACE/sub" || exit 99
echo "secret" >"$TMP/outside/secret.txt"
echo "inner" >"$WORKSPACE/sub/f.txt"
ln -s ../../outside "$WORKSPACE/sub/link_mid"
ln -s "$TMP/outside/secret.txt" "$WORKSPACE/link_end"
ln -s /nonexistent/target "$WORKSPACE/dangling"
ln -s sub "$WORKSPACE/link_in"
ln "$BOX/box.toml" "$WORKSPACE/hard_toml"
ln "$BOX/policy.dw" "$WORKSPACE/hard_policy"
ln "$LOG" "$WORKSPACE/hard_log"

RESULTS="$TMP/results"
mkdir -p "$RESULTS"
export TMP BOX WORKSPACE CONFIG LOG RESULTS BROKER TEST_BROKER REAPER top_builddir

t0=$(date +%s)
# shellcheck disable=SC2086 # ATTACK_NAMES is a glob on purpose
ATTACKS=$(ls "$top_srcdir"/tests/hostile/attacks/${ATTACK_NAMES:-*}.py)
printf '%s\n' "$ATTACKS" | xargs -n 1 -P "${ATTACK_JOBS:-2}" sh "$0" --one
t1=$(date +%s)

held=0
broke=0
for f in $ATTACKS; do
  r="$RESULTS/$(basename "$f" .py)"
  if [ ! -s "$r" ]; then
    echo "BROKE: $(basename "$f" .py): a result / the attack did not report"
    broke=$((broke + 1))
    continue
  fi
  cat "$r"
  case "$(cat "$r")" in
    held:*) held=$((held + 1)) ;;
    *) broke=$((broke + 1)) ;;
  esac
done
if [ "$(tail -n 1 "$TMP/outside/secret.txt")" != "secret" ] || ! log_intact; then
  echo "BROKE: the files outside the workspace: unchanged / changed"
  broke=$((broke + 1))
fi
echo "$held held, $broke broke ($((t1 - t0)) s)"
[ "$broke" -eq 0 ]
