#!/bin/sh
# tests/interp/undefined_names.sh -- the spec leaves input, memoryview,
# __import__, breakpoint and help undefined: each must raise NameError, and
# an uncaught use must end the script with status 1 and CPython's last
# traceback line.
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=$top_builddir/tests/interp/box-run
fail=0
for name in input memoryview __import__ breakpoint help; do
	out=$("$runner" -c "
try:
    $name
except NameError as e:
    print(e)
" 2>&1)
	want="name '$name' is not defined"
	if [ "$out" != "$want" ]; then
		echo "FAIL $name: got: $out"
		fail=1
	fi
	err=$("$runner" -c "$name()" 2>&1)
	status=$?
	last=$(printf '%s\n' "$err" | tail -n 1)
	if [ $status -ne 1 ] || [ "$last" != "NameError: name '$name' is not defined" ]; then
		echo "FAIL $name(): status $status, last line: $last"
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "undefined names: 5 of 5 raise NameError"
exit $fail
