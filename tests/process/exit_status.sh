#!/bin/sh
# tests/process/exit_status.sh -- box-broker's exit statuses end to end
# (real broker, real worker under its sandbox): 0 completed, 1 uncaught
# exception, n from SystemExit, 2 bad command line, 1 bad configuration, 125
# when the box cannot run the script; and the script sees its workspace.
. "${top_srcdir:-.}/tests/process/lib.sh"

run_box -c "print('hello')"
check_status "completed" 0
check_out "completed" "hello"
check_no_leftover "completed"

run_box -c "raise SystemExit(3)"
check_status "SystemExit(3)" 3
check_out "SystemExit(3)" ""

run_box -c "import sys
sys.exit(4)"
check_status "sys.exit(4)" 4

run_box -c "print('before')
raise SystemExit"
check_status "bare SystemExit" 0
check_out "bare SystemExit" "before"

run_box -c "x"
check_status "NameError" 1
check_err_has "NameError" "NameError: name 'x' is not defined"
check_no_leftover "NameError"

run_box -c "raise ValueError('boom')"
check_status "uncaught ValueError" 1
check_err_has "uncaught ValueError" "ValueError: boom"

run_box "$WORKSPACE/hello.py"
check_status "script file" 5
check_out "script file" "hello from a file"

# __file__ and the traceback name a relative SCRIPT by its absolute path, not
# normalised, and sys.argv[0] as given (CPython 3.11).
printf 'import sys\nprint(__file__, sys.argv[0])\nraise SystemExit(f"{__name__} done")\n' \
  >"$WORKSPACE/where.py"
here=$(pwd)
cd "$WORKSPACE" && run_box ./where.py
cd "$here"
check_status "relative script" 1
check_out "relative script: __file__ absolute, argv[0] as given" "$WORKSPACE/./where.py ./where.py"
check_err "relative script" "__main__ done"

run_box -c "import os
print(os.getcwd())"
check_status "getcwd" 0
check_out "getcwd is the workspace" "$WORKSPACE"

# The broker's own usage errors: 2, with a hint.
run_box
check_status "no arguments" 2
check_err "no arguments" "box-broker: no script given; use -c SOURCE or SCRIPT"
check_err "no arguments" "Try 'box-broker --help' for more information."
"$BROKER" -c "print(1)" >"$OUT" 2>"$ERR"; status=$?
check_status "missing --config" 2
check_err "missing --config" "box-broker: option --config FILE is required"
run_box -c "print(1)" extra
check_status "argument after -c source" 2
check_err "argument after -c source" \
  "box-broker: no arguments are accepted after the script or -c source"
run_box --worker-path "$EVIL_WORKER" -c "ok"
check_status "production broker has no --worker-path" 2
check_err "production broker has no --worker-path" "box-broker: unknown option '--worker-path'"
run_box --deadline 0 -c "print(1)"
check_status "bad --deadline" 2

"$BROKER" --version >"$OUT" 2>"$ERR"; status=$?
check_status "--version" 0
check_out "--version" "box-broker (box) 0.1.0"
"$BROKER" --help >"$OUT" 2>"$ERR"; status=$?
check_status "--help" 0
if grep -q '^Usage: box-broker --config FILE' "$OUT"; then pass "--help: usage line"; else
  fail "--help: no usage line"; fi

# Configuration errors: 1, before any worker starts.
"$REAPER" -- "$BROKER" --config "$TMP/nonexistent.toml" -c "print(1)" >"$OUT" 2>"$ERR"
status=$?
check_status "missing box.toml" 1
check_err_has "missing box.toml" "box-broker: error:"

# Scripts the box refuses to run: 125 with the reason.
run_box "$WORKSPACE/missing.py"
check_status "missing script file" 125
check_err "missing script file" \
  "box-broker: read Shell script $WORKSPACE/missing.py: No such file or directory (os error 2)"
head -c 65537 /dev/zero | tr '\0' '#' >"$WORKSPACE/big.py"
run_box "$WORKSPACE/big.py"
check_status "script over 64 KiB" 125
check_err "script over 64 KiB" \
  "box-broker: Shell script $WORKSPACE/big.py is 65537 bytes; maximum is 65536"
head -c 65536 /dev/zero | tr '\0' '#' >"$WORKSPACE/max.py"
run_box "$WORKSPACE/max.py"
check_status "script of exactly 64 KiB" 0
printf 'print(1)\n# \377\n' >"$WORKSPACE/latin1.py"
run_box "$WORKSPACE/latin1.py"
check_status "invalid UTF-8" 125
check_err "invalid UTF-8" "box-broker: Python source is not valid UTF-8"
run_box "$WORKSPACE"
check_status "directory as script" 125
check_err "directory as script" \
  "box-broker: read Shell script $WORKSPACE: Is a directory (os error 21)"

# A box_dir whose private/ is too open is refused before anything runs, with
# one "box-broker: error:" prefix (the message is boxdir's own).
run_box -c 'print(1)'
chmod 755 "$TMP/state/private"
run_box -c 'print(1)'
check_status "box_dir private/ mode 0755" 1
check_err "box_dir private/ mode 0755" \
  "box-broker: error: $TMP/state/private: has mode 0755; Box needs 0700 (run: chmod 700 '$TMP/state/private')"
check_out "box_dir private/ mode 0755" ""
chmod 700 "$TMP/state/private"

finish
