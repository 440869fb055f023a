#!/bin/sh
# tests/files/example.sh -- the spec's example, exactly: the workspace is
# ~/src/project holding notes.txt and an empty out/, the policy permits
# reading the project and writing in out/, and the script prints "wrote 18",
# writes ~/src/project/out/notes.txt and exits 0; the decision log holds
# one permit per file operation, each with its rule's @id.
. "${top_srcdir:-.}/tests/files/lib.sh"

run_py "from pathlib import Path
text = Path('notes.txt').read_text()
Path('out/notes.txt').write_text(text.upper())
print('wrote', len(text))"
check_status example 0
check_out example "wrote 18"
check_file example "$WS/out/notes.txt" "HELLO FROM NOTES!"
check_log example "permit fs:read ~/src/project/notes.txt project_read
permit fs:write ~/src/project/out/notes.txt out_write"
if [ -z "$(ls -A "$WS/out" | grep -v '^notes.txt$')" ]; then pass "example: no temporary file left"; else
  fail "example: out/ holds $(ls -A "$WS/out")"; fi

# The same script with the write outside out/: default-deny, exit 1, and
# the message of the spec's troubleshooting table.
run_py "from pathlib import Path
text = Path('notes.txt').read_text()
Path('notes2.txt').write_text(text.upper())"
check_status "denied write" 1
check_err "denied write" "PermissionError: policy denied this operation on 'notes2.txt' [default-deny]: No permit policy matched this request."
check_no_file "denied write" "$WS/notes2.txt"
check_log "denied write" "permit fs:read ~/src/project/notes.txt project_read
deny fs:write ~/src/project/notes2.txt <default-deny>"

# A caught denial: the script completes with status 0.
run_py "from pathlib import Path
try:
    Path('/etc/hostname').read_text()
except PermissionError as e:
    print('caught', type(e).__name__)
print('done')"
check_status "caught denial" 0
check_out "caught denial" "caught PermissionError
done"

# A forbid with an @id names its rule.
set_policy "$EXAMPLE_POLICY
@id(\"no_notes\")
forbid (principal, action == Box::Action::\"fs:read\", resource)
when { context.input.path like \"*/notes.txt\" };"
run_py "from pathlib import Path
Path('notes.txt').read_text()"
check_status "forbid" 1
check_err "forbid" "PermissionError: policy denied this operation on 'notes.txt' [policy: no_notes]."
check_log "forbid" "deny fs:read ~/src/project/notes.txt no_notes"
finish
