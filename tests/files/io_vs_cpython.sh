#!/bin/sh
# tests/files/io_vs_cpython.sh -- tests/files/io_cases.py through box-broker
# (a policy that permits reading, writing and deleting in the workspace)
# prints exactly what CPython 3.11 prints running it in a scratch copy of
# the workspace.
. "${top_srcdir:-.}/tests/files/lib.sh"

if ! "$PY" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
  echo "no python3.11: skipped"
  exit 77
fi
set_policy '@id("workspace")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write", Box::Action::"fs:delete", Box::Action::"fs:move"], resource)
when { context.input.path like "~/src/project/*" || context.input.path == "~/src/project" };'

mkdir "$TMP/ref"
(cd "$TMP/ref" && "$PY" "$top_srcdir/tests/files/io_cases.py") >"$TMP/ref.out" 2>&1
run_py "$(cat "$top_srcdir/tests/files/io_cases.py")"
check_status "io cases" 0
if cmp -s "$OUT" "$TMP/ref.out"; then pass "io cases: output as CPython's"; else
  fail "io cases: differs from CPython:
$(diff "$OUT" "$TMP/ref.out" | head -40)"; fi
finish
