#!/bin/sh
# tests/files/traceback_frames.sh -- an uncaught error from a file operation
# prints the traceback CPython 3.11 prints: open(), os.listdir(), os.stat(),
# os.mkdir() and os.remove() are built in there, so no frame of box's own
# modules (_box_io, os) may show.  Each script runs through box-broker (a
# policy that permits the workspace) and under python3.11 in a copy of the
# workspace; stderr must be byte for byte the same.
. "${top_srcdir:-.}/tests/files/lib.sh"

if ! "$PY" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
  echo "no python3.11: skipped"
  exit 77
fi
set_policy '@id("workspace")
permit (principal, action in [Box::Action::"fs:read", Box::Action::"fs:write", Box::Action::"fs:delete"], resource)
when { context.input.path like "~/src/project/*" || context.input.path == "~/src/project" };'
mkdir "$TMP/ref"

same_as_cpython() { # NAME SOURCE
  (cd "$TMP/ref" && "$PY" -c "$2") >/dev/null 2>"$TMP/ref.err"
  run_py "$2"
  check_status "$1" 1
  if cmp -s "$ERR" "$TMP/ref.err"; then pass "$1: traceback as CPython's"; else
    fail "$1: traceback differs from CPython's:
$(diff "$TMP/ref.err" "$ERR")"; fi
}

same_as_cpython "open()" 'def load(name):
    with open(name) as f:
        return f.read()
load("missing.txt")'
same_as_cpython "open() for writing" 'open("no-dir/x.txt", "w")'
same_as_cpython "os.listdir()" 'import os
os.listdir("missing")'
same_as_cpython "os.stat()" 'import os
print(os.stat("missing").st_size)'
same_as_cpython "os.mkdir()" 'import os
os.mkdir("a/b/c")'
same_as_cpython "os.remove()" 'import os
os.remove("missing.txt")'
finish
