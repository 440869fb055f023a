#!/bin/sh
# tests/files/race.sh -- a path swapped for a symlink after the decision is
# never followed, through the real broker.  A racing process keeps turning
# ~/src/project/flip.txt between a regular file ("inside") and a symlink to
# a file outside every root ("outside secret"), while the script reads it
# thousands of times (each read is decided on the path, then performed with
# RESOLVE_NO_SYMLINKS).  Every read must give "inside" or a PermissionError
# / FileNotFoundError; "outside secret" must never be read.  The same for
# writes: the outside file must never change.
. "${top_srcdir:-.}/tests/files/lib.sh"

FLIP="$WS/flip.txt"
printf 'inside\n' >"$WS/inside.txt"
printf 'outside secret\n' >"$OUTSIDE/target.txt"

racer() { # flips until $TMP/stop exists (bounded to 60 s)
  i=0
  while [ ! -e "$TMP/stop" ] && [ $i -lt 200000 ]; do
    ln -sfn "$OUTSIDE/target.txt" "$FLIP.tmp" && mv -T "$FLIP.tmp" "$FLIP"
    cp "$WS/inside.txt" "$FLIP.tmp2" && mv -T "$FLIP.tmp2" "$FLIP"
    i=$((i + 1))
  done
}

set_policy '@id("project")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write"], resource)
when { context.input.path like "~/src/project/*" };'

cp "$WS/inside.txt" "$FLIP"
racer &
racer_pid=$!
run_py "from pathlib import Path
counts = {}
for i in range(3000):
    try:
        t = Path('flip.txt').read_text()
    except PermissionError as e:
        t = 'PermissionError'
    except FileNotFoundError:
        t = 'FileNotFoundError'
    counts[t] = counts.get(t, 0) + 1
    if i % 3 == 0:
        try:
            Path('flip.txt').write_text('written by the script\n')
        except (PermissionError, FileNotFoundError):
            pass
for k in sorted(counts):
    print(repr(k), counts[k])"
touch "$TMP/stop"
wait "$racer_pid"

check_status "race" 0
if grep -q "outside secret" "$OUT"; then fail "race: a read followed the swapped-in symlink: $(cat "$OUT")"; else
  pass "race: no read followed a symlink ($(tr '\n' ' ' <"$OUT"))"; fi
grep -q "PermissionError" "$OUT" || echo "note: the racer never showed the script a symlink this run"
if [ "$(cat "$OUTSIDE/target.txt")" = "outside secret" ]; then pass "race: the outside file is unchanged"; else
  fail "race: the outside file was written: $(head -c 100 "$OUTSIDE/target.txt")"; fi
finish
