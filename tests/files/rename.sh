#!/bin/sh
# tests/files/rename.sh -- Path.rename / os.rename / os.replace and their
# four decisions: fs:read on the source (read_content), fs:move on the
# source (rename), fs:delete on a destination that exists (remove_file or
# remove_dir), fs:move on the destination (rename).  Every leg must permit;
# the first refusal names its own path.
. "${top_srcdir:-.}/tests/files/lib.sh"

rule() { # ID ACTION ENUM VALUE [EXTRA CONDITION]
  printf '@id("%s")\npermit (principal, action == Box::Action::"%s", resource)\nwhen { context.input.path like "~/src/project*" && context.input.operation == Box::%s::"%s"%s };\n' "$1" "$2" "$3" "$4" "${5:-}"
}
# policy_without ID...: every rule above except the named ones
policy_without() {
  for r in "read_content fs:read FsReadOperation read_content" \
           "write_content fs:write FsWriteOperation write_content" \
           "create_dir fs:write FsWriteOperation create_dir" \
           "remove_file fs:delete FsDeleteOperation remove_file" \
           "remove_dir fs:delete FsDeleteOperation remove_dir" \
           "rename fs:move FsMoveOperation rename"; do
    set -- $r "$@"
    skip=0
    id=$1
    shift 4
    for x in "$@"; do [ "$x" = "$id" ] && skip=1; done
    [ $skip -eq 1 ] || rule $r
    set -- "$@"
  done
}
ALL="$(policy_without)"
set_policy "$ALL"
P='~/src/project'

echo a >"$WS/a.txt"
run_py "from pathlib import Path
print(repr(Path('a.txt').rename('b.txt')))"
check_status "rename to a new name" 0
check_out "rename to a new name" "PosixPath('b.txt')"
check_file "rename to a new name" "$WS/b.txt" "a"
check_no_file "rename to a new name" "$WS/a.txt"
check_log "rename to a new name" "permit fs:read $P/a.txt read_content
permit fs:move $P/a.txt rename
permit fs:move $P/b.txt rename"

echo c >"$WS/c.txt"
run_py "import os
os.replace('c.txt', 'b.txt')"
check_status "replace a file" 0
check_file "replace a file" "$WS/b.txt" "c"
check_log "replace a file" "permit fs:read $P/c.txt read_content
permit fs:move $P/c.txt rename
permit fs:delete $P/b.txt remove_file
permit fs:move $P/b.txt rename"

mkdir "$WS/d1" "$WS/d2"
run_py "import os
os.rename('d1', 'd2')"
check_status "rename over an empty dir" 0
check_no_file "rename over an empty dir" "$WS/d1"
check_log "rename over an empty dir" "permit fs:read $P/d1 read_content
permit fs:move $P/d1 rename
permit fs:delete $P/d2 remove_dir
permit fs:move $P/d2 rename"

# each leg refused in turn: the message names that leg's path
echo e >"$WS/e.txt"
set_policy "$(policy_without rename)
$(rule move_src fs:move FsMoveOperation rename ' && context.input.path like "*/e.txt"')"
run_py "from pathlib import Path
Path('e.txt').rename('b.txt')"
check_status "destination move refused" 1
check_err "destination move refused" "PermissionError: policy denied this operation on 'b.txt' [default-deny]: No permit policy matched this request."
check_file "destination move refused" "$WS/e.txt" "e"
check_file "destination move refused" "$WS/b.txt" "c"
check_log "destination move refused" "permit fs:read $P/e.txt read_content
permit fs:move $P/e.txt move_src
permit fs:delete $P/b.txt remove_file
deny fs:move $P/b.txt <default-deny>"

set_policy "$(policy_without remove_file remove_dir)
@id(\"keep_b\")
forbid (principal, action == Box::Action::\"fs:delete\", resource)
when { context.input.path like \"*/b.txt\" };"
run_py "from pathlib import Path
Path('e.txt').rename('b.txt')"
check_status "destination delete refused" 1
check_err "destination delete refused" "PermissionError: policy denied this operation on 'b.txt' [policy: keep_b]."
check_log "destination delete refused" "permit fs:read $P/e.txt read_content
permit fs:move $P/e.txt rename
deny fs:delete $P/b.txt keep_b"

set_policy "$(policy_without rename)"
run_py "from pathlib import Path
Path('e.txt').rename('f.txt')"
check_status "source move refused" 1
check_err "source move refused" "PermissionError: policy denied this operation on 'e.txt' [default-deny]: No permit policy matched this request."
check_log "source move refused" "permit fs:read $P/e.txt read_content
deny fs:move $P/e.txt <default-deny>"

set_policy "$(policy_without read_content)"
run_py "from pathlib import Path
Path('e.txt').rename('f.txt')"
check_status "source read refused" 1
check_err "source read refused" "PermissionError: policy denied this operation on 'e.txt' [default-deny]: No permit policy matched this request."
check_log "source read refused" "deny fs:read $P/e.txt <default-deny>"
check_file "source read refused" "$WS/e.txt" "e"
finish
