#!/bin/sh
# tests/process/sandbox_state.sh -- inspects a running worker from outside:
# only fds 0-4 (0 = /dev/null, 3 and 4 pipes), seccomp filter mode 2,
# no_new_privs, its own session, an empty environment, its rlimits, and
# no ignored signal although the broker's caller ignored some.
. "${top_srcdir:-.}/tests/process/lib.sh"

# SIGHUP and SIGUSR1 ignored by the caller (as nohup would), SIGINT and
# SIGQUIT by the shell for a background job: the broker inherits them.
(trap '' HUP USR1; exec "$REAPER" --pidfile "$TMP/pid" -- "$BROKER" --config "$CONFIG" \
  --deadline 30 -c "while True: pass") >"$OUT" 2>"$ERR" &
reaper=$!
broker=$(wait_for_file_pid "$TMP/pid")
worker=$(box_child_of "$broker")
# The worker enters its sandbox right after exec: wait until it has.
i=0
while [ $i -lt 100 ] && ! grep -q '^Seccomp:[[:space:]]*2' "/proc/$worker/status" 2>/dev/null; do
  sleep 0.05
  i=$((i + 1))
done

if [ -z "$worker" ]; then
  fail "no worker process found under broker $broker"
else
  status_file="/proc/$worker/status"
  if grep -q '^Seccomp:[[:space:]]*2$' "$status_file"; then pass "Seccomp: 2"; else
    fail "Seccomp: $(grep '^Seccomp:' "$status_file")"; fi
  if grep -q '^NoNewPrivs:[[:space:]]*1$' "$status_file"; then pass "NoNewPrivs: 1"; else
    fail "NoNewPrivs: $(grep '^NoNewPrivs:' "$status_file")"; fi
  # The broker ignores SIGHUP and SIGUSR1 (bits 1 and 10) from its caller,
  # and SIGPIPE itself; the worker starts with every disposition default.
  broker_ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' "/proc/$broker/status")
  if [ $((0x$broker_ign & 0x201)) -eq $((0x201)) ]; then pass "broker inherited ignored SIGHUP, SIGUSR1"; else
    fail "broker SigIgn $broker_ign: the test did not set up what it checks"; fi
  if grep -q '^SigIgn:[[:space:]]*0000000000000000$' "$status_file"; then pass "worker ignores no signal"; else
    fail "worker $(grep '^SigIgn:' "$status_file")"; fi
  # Its own session (setsid): field 6 of /proc/PID/stat is the session id.
  sid=$(sed 's/^.*) //' "/proc/$worker/stat" | cut -d' ' -f4)
  if [ "$sid" = "$worker" ]; then pass "worker leads its own session"; else
    fail "worker session $sid"; fi
  limits="/proc/$worker/limits"
  if grep -q '^Max cpu time *120 *121 ' "$limits"; then pass "RLIMIT_CPU 120/121"; else
    fail "RLIMIT_CPU: $(grep '^Max cpu time' "$limits")"; fi
  if grep -q '^Max core file size *0 *0 ' "$limits"; then pass "RLIMIT_CORE 0"; else
    fail "RLIMIT_CORE: $(grep '^Max core' "$limits")"; fi
  if grep -Eq '^Max open files *(16|64) *(16|64) ' "$limits"; then pass "RLIMIT_NOFILE small"; else
    fail "RLIMIT_NOFILE: $(grep '^Max open files' "$limits")"; fi
  if grep -q __asan_init "$top_builddir/box-worker"; then
    if grep -q '^Max address space *unlimited' "$limits"; then
      pass "RLIMIT_AS: none in a sanitizer build"
    else
      fail "RLIMIT_AS in a sanitizer build: $(grep '^Max address space' "$limits")"
    fi
  elif grep -q '^Max address space *1342177280 *1342177280 ' "$limits"; then
    pass "RLIMIT_AS 1.25 GiB"
  else
    fail "RLIMIT_AS: $(grep '^Max address space' "$limits")"
  fi
  # /proc/PID/fd and environ of a non-dumpable process are root's only.
  if ls "/proc/$worker/fd" >/dev/null 2>&1; then
    fds=$(ls "/proc/$worker/fd" | sort -n | tr '\n' ' ')
    if [ "$fds" = "0 1 2 3 4 " ]; then pass "fds are exactly 0 1 2 3 4"; else
      fail "fds: $fds"; fi
    if [ "$(readlink "/proc/$worker/fd/0")" = /dev/null ]; then pass "fd 0 is /dev/null"; else
      fail "fd 0 is $(readlink "/proc/$worker/fd/0")"; fi
    case "$(readlink "/proc/$worker/fd/3") $(readlink "/proc/$worker/fd/4")" in
      pipe:*" pipe:"*) pass "fds 3 and 4 are pipes" ;;
      *) fail "fds 3 and 4: $(readlink "/proc/$worker/fd/3") $(readlink "/proc/$worker/fd/4")" ;;
    esac
    if [ "$(wc -c <"/proc/$worker/environ")" -eq 0 ] ||
      ! tr '\0' '\n' <"/proc/$worker/environ" | grep -qv '^[AU][BS]*SAN_OPTIONS='; then
      pass "environment empty (sanitizer options aside)"
    else
      fail "environment: $(tr '\0' ' ' <"/proc/$worker/environ")"
    fi
  else
    echo "skip fd and environment checks: /proc/$worker/fd needs root (worker is not dumpable)"
  fi
  if [ "$(readlink "/proc/$worker/cwd" 2>/dev/null || echo /)" = / ]; then
    pass "worker cwd is /"
  else
    fail "worker cwd $(readlink "/proc/$worker/cwd")"
  fi
fi
kill -TERM "$broker"
wait "$reaper"; status=$?
check_status "stopped by SIGTERM" 125
check_no_leftover "sandbox state run"

finish
