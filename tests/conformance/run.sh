#!/bin/sh
# tests/conformance/run.sh -- runs every tests/conformance/cases/*/*.py
# through a runner (default: $top_builddir/tests/interp/box-run; set
# BOX_RUNNER to e.g. "box-broker ... --") and compares with the golden .out:
# stdout, then "# exit: N" and the last stderr line when the status is not 0.
# Prints "conformance: N passed, M failed" and fails if any case fails.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=${BOX_RUNNER:-$top_builddir/tests/interp/box-run}
cases=$top_srcdir/tests/conformance/cases
pass=0
fail=0
failed=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for py in "$cases"/*/*.py; do
	[ -e "$py" ] || continue
	golden=${py%.py}.out
	name=${py#"$cases"/}
	if [ ! -f "$golden" ]; then
		echo "MISSING GOLDEN: $name"
		fail=$((fail + 1))
		continue
	fi
	(cd "$(dirname "$py")" && timeout 60 $runner "$(basename "$py")") >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		printf '# exit: %d\n' "$status" >>"$tmp/out"
		printf '%s\n' "$(tail -n 1 "$tmp/err")" >>"$tmp/out"
	fi
	if cmp -s "$tmp/out" "$golden"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $name"
		if [ -n "$VERBOSE" ]; then
			echo "--- FAIL: $name"
			diff "$golden" "$tmp/out" | head -20
		fi
	fi
done
for f in $failed; do
	echo "FAIL: $f"
done
echo "conformance: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
