#!/bin/sh
# run.sh -- runs box-parse over tests/parser/cases/*.py and compares with
# the goldens made by regen.py (CPython 3.11's ast.dump / SyntaxError).
# Prints "parser: N passed, M failed"; exits non-zero on any failure.
srcdir="${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}"
builddir="${top_builddir:-.}"
bin="$builddir/tests/parser/box-parse"
cases="$srcdir/tests/parser/cases"
if [ ! -x "$bin" ]; then
	echo "parser: $bin not built" >&2
	exit 1
fi
pass=0
fail=0
tmp="${TMPDIR:-/tmp}/box-parse.$$"
trap 'rm -f "$tmp"' EXIT
for py in "$cases"/*.py; do
	out="${py%.py}.out"
	case "$py" in
	*.pos.py) flags=--positions ;;
	*.eval.py) flags=--mode=eval ;;
	*.single.py) flags=--mode=single ;;
	*) flags= ;;
	esac
	"$bin" $flags "$py" > "$tmp" 2>&1
	if cmp -s "$tmp" "$out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $(basename "$py")"
		echo "  expected: $(head -c 400 "$out")"
		echo "  got:      $(head -c 400 "$tmp")"
	fi
	tb="${py%.py}.tb"
	if [ -f "$tb" ]; then
		"$bin" --traceback "$py" > "$tmp" 2>&1
		if cmp -s "$tmp" "$tb"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL (traceback): $(basename "$py")"
			echo "  expected: $(cat "$tb")"
			echo "  got:      $(cat "$tmp")"
		fi
	fi
done
echo "parser: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
