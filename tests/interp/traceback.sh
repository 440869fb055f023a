#!/bin/sh
# tests/interp/traceback.sh -- uncaught-exception output byte for byte as
# CPython 3.11 prints it (position carets, `~`/`^` anchors, recursion
# folding, chained exceptions): each tests/interp/traceback/NAME.py runs
# under box-run from its directory, and its whole stderr must equal
# NAME.err, written by traceback_regen.py with python3.11.  NAME_c.py runs
# as `-c SOURCE` (no source lines).  The status must be 1.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=$top_builddir/tests/interp/box-run
cases=$top_srcdir/tests/interp/traceback
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for py in "$cases"/*.py; do
	name=$(basename "$py")
	golden=${py%.py}.err
	if [ ! -f "$golden" ]; then
		echo "FAIL: $name: no golden"
		fail=$((fail + 1))
		continue
	fi
	case $name in
	*_c.py) (cd "$cases" && "$runner" -c "$(cat "$name")") >/dev/null 2>"$tmp/err" ;;
	*) (cd "$cases" && "$runner" "$name") >/dev/null 2>"$tmp/err" ;;
	esac
	status=$?
	if [ "$status" -eq 1 ] && cmp -s "$tmp/err" "$golden"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $name (status $status)"
		diff "$golden" "$tmp/err" | head -20
	fi
done
echo "traceback: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
