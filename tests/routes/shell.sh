#!/bin/sh
# tests/routes/shell.sh -- the Strands Shell route end to end:
# `box-broker --shell -- PROGRAM ARGS...` decides shell:exec first (126 and
# the Shell's message when refused), then applies the python builtin's
# grammar (status 2 with the digest's messages), and reads a script file
# through the path pipeline under an fs:read decision.
. "${top_srcdir:-.}/tests/process/lib.sh"

LOG="$TMP/state/private/telemetry/records.jsonl"
POLICY="$BOX/policy.dw"
cp "$POLICY" "$POLICY.base"

run_shell() { # run_shell ARGS...: box-broker --shell -- ARGS...
  run_box --shell -- "$@"
}

# No shell:exec permit: refused before anything else, 126.
run_shell python3 -V
check_status "shell:exec default deny" 126
check_err "shell:exec default deny" \
  "strands-shell: effect denied: policy denied this operation on 'python3' [default-deny]: No permit policy matched this request."
check_out "shell:exec default deny: nothing printed" ""

{
  cat "$POLICY.base"
  cat <<'EOF2'
@id("python_in_shell")
permit (principal, action == Box::Action::"shell:exec", resource)
when { ["python", "python3"].contains(context.input.program) };

@id("no_flags_on_two")
forbid (principal, action == Box::Action::"shell:exec", resource)
when { context.input has arg1 && context.input.arg1 == "--forbidden" };
EOF2
} >"$POLICY"

run_shell python --forbidden
check_status "shell:exec forbidden by a rule" 126
check_err "shell:exec forbidden by a rule" \
  "strands-shell: effect denied: policy denied this operation on 'python' [policy: no_flags_on_two]."

# The builtin's answers.
for v in -V --version; do
  run_shell python3 "$v"
  check_status "python3 $v" 0
  check_out "python3 $v" "Monty (Strands-Box Python subset)"
done
run_shell python -h
check_status "python -h" 0
if head -n 1 "$OUT" | grep -qF 'Usage: python [-c SOURCE | SCRIPT]'; then pass "python -h: usage"; else
  fail "python -h: '$(head -n 1 "$OUT")'"; fi
run_shell python3 -c "print(6*7)"
check_status "python3 -c" 0
check_out "python3 -c" "42"
check_no_leftover "python3 -c"
run_shell python3 -c "raise ValueError('boom')"
check_status "python3 -c raising" 1
check_err_has "python3 -c raising" "ValueError: boom"

# Refused forms: 2.
run_shell python
check_status "bare python" 2
check_err "bare python" \
  'python: no script given; this box'"'"'s Python runs only `-c SOURCE` or a script file (no REPL, pipe, or heredoc)'
run_shell python -
check_status "python -" 2
check_err "python -" \
  'python: reading a script from stdin is not supported; use `-c SOURCE` or a script file'
run_shell python3 a.py b.py
check_status "second script" 2
check_err "second script" "python: only one script file may be given"
run_shell python3 -c "print(1)" extra
check_status "token after -c SOURCE" 2
check_err "token after -c SOURCE" "python: no arguments are accepted after the script or -c source"
run_shell python3 a.py --version
check_status "--version after the script" 2
check_err "--version after the script" "python: no arguments are accepted after the script or -c source"
check_out "--version after the script: nothing printed" ""

# A script file: read under an fs:read decision (the base policy permits
# reading the workspace), relative to the Shell's cwd.
mkdir -p "$WORKSPACE/sub"
printf 'print("script ran")\n' >"$WORKSPACE/sub/r.py"
run_shell python3 "$WORKSPACE/sub/r.py"
check_status "script file permitted" 0
check_out "script file permitted" "script ran"
run_box --shell --cwd "$WORKSPACE/sub" --command "python3 r.py" -- python3 r.py
check_status "relative script under --cwd" 0
check_out "relative script under --cwd" "script ran"
if grep -F '"shell:exec"' "$LOG" | grep -F '"permit"' | grep -qF '"python3"'; then pass "shell:exec recorded in the decision log"; else
  fail "no shell:exec record in $LOG"; fi
{
  cat "$POLICY"
  cat <<'EOF2'
@id("no_sub")
forbid (principal, action == Box::Action::"fs:read", resource)
when { context.input.path like "*/sub/*" };
EOF2
} >"$POLICY.new" && mv "$POLICY.new" "$POLICY"
run_shell python3 "$WORKSPACE/sub/r.py"
check_status "script file refused by policy" 1
check_err "script file refused by policy" \
  "python: policy denied this operation on '$WORKSPACE/sub/r.py' [policy: no_sub]."
check_out "script file refused: nothing ran" ""
run_shell python3 "$WORKSPACE/none.py"
check_status "missing script file" 1
check_err_has "missing script file" "python: [Errno 2] No such file or directory"

# Only the python builtins go through --shell.
run_box --shell -- ls -l
check_status "--shell with another program" 2
check_err_has "--shell with another program" "--shell runs only the python and python3 builtins, not 'ls'"

finish
