#!/bin/sh
# tests/interp/finalizer.sh -- what __del__ prints, on stdout and on stderr
# ("Exception ignored in: ..." and the traceback), byte for byte as CPython
# 3.11 prints it: each tests/interp/finalizer/NAME.py runs under box-run
# from its directory; its stdout must equal NAME.out and its stderr, with
# object addresses written as 0x?, NAME.err (finalizer_regen.py writes
# both with python3.11).  The status must be 0.  BOX_RUNNER replaces
# box-run (finalizer-boxed.sh runs the cases through the real box-broker).
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=${BOX_RUNNER:-$top_builddir/tests/interp/box-run}
cases=$top_srcdir/tests/interp/finalizer
cases_real=$(cd "$cases" && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for py in "$cases"/*.py; do
	name=$(basename "$py")
	(cd "$cases" && $runner "$name") >"$tmp/out" 2>"$tmp/err.raw"
	status=$?
	# box-broker names the script by its resolved path in tracebacks, as
	# python3.11 does when given that path: compare the names as given
	sed -e 's/0x[0-9a-f][0-9a-f]*/0x?/g' -e "s|\"$cases_real/|\"|g" "$tmp/err.raw" >"$tmp/err"
	if [ "$status" -eq 0 ] && cmp -s "$tmp/out" "${py%.py}.out" && cmp -s "$tmp/err" "${py%.py}.err"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $name (status $status)"
		diff "${py%.py}.out" "$tmp/out" | head -10
		diff "${py%.py}.err" "$tmp/err" | head -20
	fi
done
echo "finalizer: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
