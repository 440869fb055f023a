#!/bin/sh
# tests/files/ops.sh -- every row of the spec's "File operations" table: the
# Python call, the action and the operation it is decided with.  The policy
# has one permit per (action, operation) pair, named after it, so the rule
# @id in the decision log shows both.  Also the rows that raise whatever the
# policy says, os.stat's fields, and open() handles (each read and write on
# a handle decided again).
. "${top_srcdir:-.}/tests/files/lib.sh"

rule() { # ID ACTION ENUM VALUE
  printf '@id("%s")\npermit (principal, action == Box::Action::"%s", resource)\nwhen { context.input.path like "~/src/project*" && context.input.operation == Box::%s::"%s" };\n' "$1" "$2" "$3" "$4"
}
set_policy "$(rule read_content fs:read FsReadOperation read_content)
$(rule read_metadata fs:read FsReadOperation read_metadata)
$(rule enumerate fs:read FsReadOperation enumerate)
$(rule write_content fs:write FsWriteOperation write_content)
$(rule create_dir fs:write FsWriteOperation create_dir)
$(rule remove_file fs:delete FsDeleteOperation remove_file)
$(rule remove_dir fs:delete FsDeleteOperation remove_dir)
$(rule rename fs:move FsMoveOperation rename)"

N='~/src/project/notes.txt'

run_py "from pathlib import Path
print(len(Path('notes.txt').read_text()), len(Path('notes.txt').read_bytes()))
with open('notes.txt') as f: print(repr(f.read()))
with open('notes.txt', 'rb') as f: print(f.read(5))"
check_status "read_content" 0
check_out "read_content" "18 18
'hello from notes!\\n'
b'hello'"
check_log "read_content" "permit fs:read $N read_content
permit fs:read $N read_content
permit fs:read $N read_content
permit fs:read $N read_content
permit fs:read $N read_content
permit fs:read $N read_content"

run_py "from pathlib import Path
print(Path('a.txt').write_text('abc'), Path('b.bin').write_bytes(b'xy'))
with open('c.txt', 'w') as f: print(f.write('one\\n'))
with open('c.txt', 'a') as f: print(f.write('two\\n'))"
check_status "write_content" 0
check_out "write_content" "3 2
4
4"
check_file "write_content" "$WS/a.txt" "abc"
check_file "write_content" "$WS/c.txt" "one
two"
check_log "write_content" "permit fs:write ~/src/project/a.txt write_content
permit fs:write ~/src/project/b.bin write_content
permit fs:write ~/src/project/c.txt write_content
permit fs:write ~/src/project/c.txt write_content
permit fs:write ~/src/project/c.txt write_content
permit fs:write ~/src/project/c.txt write_content"

run_py "import os
from pathlib import Path
st = os.stat('notes.txt')
print(st.st_size, st.st_uid, st.st_gid, st.st_nlink, oct(st.st_mode & 0o170000), type(st.st_mtime).__name__)
print(Path('notes.txt').exists(), Path('notes.txt').is_file(), Path('out').is_dir(), Path('notes.txt').is_symlink())
print(Path('missing').exists(), os.path.isdir('notes.txt'), os.path.getsize('notes.txt'))"
check_status "read_metadata" 0
check_out "read_metadata" "18 0 0 1 0o100000 float
True True True False
False False 18"
check_log "read_metadata" "permit fs:read $N read_metadata
permit fs:read $N read_metadata
permit fs:read $N read_metadata
permit fs:read ~/src/project/out read_metadata
permit fs:read $N read_metadata
permit fs:read ~/src/project/missing read_metadata
permit fs:read $N read_metadata
permit fs:read $N read_metadata"

run_py "import os
from pathlib import Path
print(os.listdir('.'), sorted(p.name for p in Path('out').iterdir()))"
check_status "enumerate" 0
check_out "enumerate" "['a.txt', 'b.bin', 'c.txt', 'notes.txt', 'out'] []"
check_log "enumerate" "permit fs:read ~/src/project enumerate
permit fs:read ~/src/project/out enumerate"

run_py "from pathlib import Path
Path('d').mkdir()
Path('d').mkdir(exist_ok=True)
Path('f.txt').write_text('x')
Path('f.txt').unlink()
Path('f.txt').unlink(missing_ok=True)
Path('d').rmdir()
print('ok')"
check_status "dirs" 0
check_out "dirs" "ok"
check_no_file "dirs" "$WS/d"
check_log "dirs" "permit fs:write ~/src/project/d create_dir
permit fs:write ~/src/project/d create_dir
permit fs:write ~/src/project/f.txt write_content
permit fs:delete ~/src/project/f.txt remove_file
permit fs:delete ~/src/project/f.txt remove_file
permit fs:delete ~/src/project/d remove_dir"

# mkdir(parents=True): PermissionError whatever the policy says, no decision
run_py "from pathlib import Path
Path('p/q').mkdir(parents=True)"
check_status "mkdir parents" 1
check_err "mkdir parents" "PermissionError: Permission denied: 'p/q'"
check_log "mkdir parents" ""

# resolve() / absolute(): one read_metadata decision, then RuntimeError
run_py "from pathlib import Path
for f in (Path('notes.txt').resolve, Path('notes.txt').absolute):
    try:
        f()
    except RuntimeError as e:
        print(e)"
check_status "resolve" 0
check_out "resolve" "Path.resolve: not supported by this box's Python (Monty)
Path.resolve: not supported by this box's Python (Monty)"
check_log "resolve" "permit fs:read $N read_metadata
permit fs:read $N read_metadata"

# os.getenv / os.environ: RuntimeError, no decision
run_py "import os
try:
    os.environ['HOME']
except RuntimeError as e:
    print(e)
os.getenv('HOME')"
check_status "getenv" 1
check_out "getenv" "'os.getenv' is not supported in this environment"
check_err "getenv" "RuntimeError: 'os.getenv' is not supported in this environment"
check_log "getenv" ""

# missing files: CPython's FileNotFoundError texts (the spelling as written)
run_py "import os
from pathlib import Path
for f in (lambda: Path('nope.txt').read_text(), lambda: open('nope.txt'), lambda: os.stat('nope.txt'),
          lambda: os.listdir('nope'), lambda: Path('nope').rmdir(), lambda: Path('nope').unlink()):
    try:
        f()
    except OSError as e:
        print(type(e).__name__, e.errno, e.filename, '|', e)
try:
    Path('out').mkdir()
except FileExistsError as e:
    print(type(e).__name__, e)"
check_status "missing" 0
check_out "missing" "FileNotFoundError 2 nope.txt | [Errno 2] No such file or directory: 'nope.txt'
FileNotFoundError 2 nope.txt | [Errno 2] No such file or directory: 'nope.txt'
FileNotFoundError 2 nope.txt | [Errno 2] No such file or directory: 'nope.txt'
FileNotFoundError 2 nope | [Errno 2] No such file or directory: 'nope'
FileNotFoundError 2 nope | [Errno 2] No such file or directory: 'nope'
FileNotFoundError 2 nope | [Errno 2] No such file or directory: 'nope'
FileExistsError [Errno 17] File exists: 'out'"

# handles: each read and write on an open() handle is decided again
run_py "f = open('h.txt', 'w')
print(repr(f))
f.write('line 1\\n')
f.writelines(['line 2\\n', 'line 3\\n'])
f.close()
print(f.closed)
try:
    f.write('x')
except ValueError as e:
    print(e)
with open('h.txt') as g:
    print(repr(g))
    print([l for l in g])
    print(g.tell())
    g.seek(0)
    print(repr(g.readline()), repr(g.read(3)))
    try:
        g.write('x')
    except OSError as e:
        print(type(e).__name__, e)
with open('h.txt', 'r+b') as b:
    print(repr(b), b.read(4), b.tell())
    b.seek(0, 2)
    b.write(b'line 4\\n')
with open('h.txt', 'rb') as b:
    print(b.read())"
check_status "handles" 0
check_out "handles" "<_io.TextIOWrapper name='h.txt' mode='w' encoding='UTF-8'>
True
I/O operation on closed file.
<_io.TextIOWrapper name='h.txt' mode='r' encoding='UTF-8'>
['line 1\\n', 'line 2\\n', 'line 3\\n']
21
'line 1\\n' 'lin'
UnsupportedOperation not writable
<_io.BufferedRandom name='h.txt'> b'line' 4
b'line 1\\nline 2\\nline 3\\nline 4\\n'"
H='~/src/project/h.txt'
got=$(decisions | grep -c "permit fs:write $H write_content")
# open w, write, writelines; open r+b, read(4) (a writing handle's reads
# are decided as writes), write; seek and tell are not decided
if [ "$got" -eq 6 ]; then pass "handles: 6 write decisions"; else
  fail "handles: $got write decisions (expected 6): $(decisions)"; fi

# a file left open is committed when the script ends
run_py "f = open('left.txt', 'w')
f.write('kept')"
check_status "left open" 0
check_file "left open" "$WS/left.txt" "kept"
finish
