#!/bin/sh
# tests/files/floor.sh -- the refusals under policy: with a policy that
# permits every file operation, the reach floor still refuses a path outside
# the home and the workspace, any symlink on the path (in the middle, at the
# end, dangling), the box directory and the box.toml / policy.dw this run
# loaded; ".." escapes are normalised lexically first.  Also very long
# paths, NUL bytes (ValueError in the worker, nothing sent) and names that
# are not UTF-8.  A symlink swapped in after the decision by a racing
# process is covered by tests/effects (test_race_openat2 / test_race_walk).
. "${top_srcdir:-.}/tests/files/lib.sh"

set_policy '@id("everything")
permit (principal, action, resource);'

ln -s out "$WS/linkdir"
ln -s notes.txt "$WS/lnk"
ln -s nowhere "$WS/dangling"
ln -s "$OUTSIDE/secret.txt" "$WS/escape"

# probe SPELLING...: each spelling through read_text, printed as
# "<type>: <message>" or "read <n>"
probe() {
  src="from pathlib import Path
for p in $1:
    try:
        print('read', len(Path(p).read_text()))
    except Exception as e:
        print(type(e).__name__ + ':', e)"
  run_py "$src"
}

probe "['$OUTSIDE/secret.txt', '../../../outside/secret.txt', 'out/../../../../outside/secret.txt', '/etc/passwd']"
check_status outside 0
check_out outside "PermissionError: $OUTSIDE/secret.txt: outside this box's home and every declared bind
PermissionError: ../../../outside/secret.txt: outside this box's home and every declared bind
PermissionError: out/../../../../outside/secret.txt: outside this box's home and every declared bind
PermissionError: /etc/passwd: outside this box's home and every declared bind"
# the refusal is recorded as an enforcement decision after the permit
if [ "$(decisions | grep -c "deny fs:read $OUTSIDE/secret.txt enforcement:reach-floor")" -ge 1 ]; then
  pass "outside: recorded with rule enforcement:reach-floor"; else
  fail "outside: no reach-floor record: $(decisions)"; fi

probe "['out/../notes.txt', './notes.txt', 'out/./../notes.txt', '../project/notes.txt']"
check_status "dotdot inside" 0
check_out "dotdot inside" "read 18
read 18
read 18
read 18"

probe "['linkdir/x.txt', 'lnk', 'escape', 'dangling']"
check_status symlinks 0
check_out symlinks "PermissionError: linkdir/x.txt: resolves to a different path, so it is not the identity policy judged
PermissionError: lnk: resolves to a different path, so it is not the identity policy judged
PermissionError: escape: resolves to a different path, so it is not the identity policy judged
PermissionError: dangling: resolves to a different path, so it is not the identity policy judged"

run_py "from pathlib import Path
for p in ('dangling', 'linkdir/new.txt'):
    try:
        Path(p).write_text('through the link')
    except PermissionError as e:
        print(e)
print(Path('lnk').exists(), Path('lnk').is_file(), Path('dangling').exists())"
check_status "symlink writes" 0
check_out "symlink writes" "dangling: resolves to a different path, so it is not the identity policy judged
linkdir/new.txt: resolves to a different path, so it is not the identity policy judged
False False False"
check_no_file "symlink writes" "$WS/nowhere"
check_no_file "symlink writes" "$WS/out/new.txt"

probe "['$STATE/private/telemetry/records.jsonl', '$CFG/box.toml', '$CFG/policy.dw', '../../cfg/policy.dw']"
check_status "trusted state" 0
check_out "trusted state" "PermissionError: $STATE/private/telemetry/records.jsonl: resolves into trusted Box state, which no policy may open
PermissionError: $CFG/box.toml: resolves to an authority source that this run loaded, which no policy may open or change
PermissionError: $CFG/policy.dw: resolves to an authority source that this run loaded, which no policy may open or change
PermissionError: ../../cfg/policy.dw: resolves to an authority source that this run loaded, which no policy may open or change"

run_py "from pathlib import Path
try:
    Path('$CFG/policy.dw').write_text('permit (principal, action, resource);')
except PermissionError as e:
    print(e)"
check_status "policy write" 0
check_out "policy write" "$CFG/policy.dw: resolves to an authority source that this run loaded, which no policy may open or change"

# NUL bytes: ValueError raised by the worker, no request sent
run_py "import os
from pathlib import Path
for f in (lambda: open('a\\0b'), lambda: os.stat('a\\0b'), lambda: os.listdir(b'a\\0b'),
          lambda: Path('a\\0b').read_text(), lambda: os.rename('a\\0', 'b')):
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
print(Path('a\\0b').exists(), os.path.exists('a\\0b'))"
check_status "nul" 0
check_out "nul" "ValueError embedded null byte
ValueError embedded null byte
ValueError listdir: embedded null character in path
ValueError embedded null byte
ValueError embedded null byte
False False"
check_log "nul" ""

# very long paths: a long name and a long path (ENAMETOOLONG from the
# kernel, through the broker), and a path over the broker's wire limit
# (16 KiB), which the worker refuses with the same error without sending it
run_py "from pathlib import Path
for p in ('x' * 300, 'd/' * 3000 + 'f', 'd/' * 9000 + 'f'):
    try:
        Path(p).read_text()
    except OSError as e:
        print(type(e).__name__, e.errno)
print(Path('y' * 300).exists())"
check_status "long paths" 0
check_out "long paths" "OSError 36
OSError 36
OSError 36
False"

# names that are not UTF-8: surrogate-escaped str and bytes paths
printf 'latin\n' >"$WS/caf$(printf '\351').txt"
run_py "import os
from pathlib import Path
names = sorted(os.listdir('.'))
print([n for n in names if n.startswith('caf')], [n for n in os.listdir(b'.') if n.startswith(b'caf')])
n = 'caf\\udce9.txt'
print(repr(Path(n).read_text()), os.path.getsize(n), os.fsencode(n))
Path('new\\udcff.txt').write_bytes(b'raw')
with open(b'new\\xff.txt', 'rb') as f:
    print(f.read())
try:
    Path('bad\\ud800').read_text()
except UnicodeEncodeError as e:
    print(type(e).__name__, e)"
check_status "non-utf8" 0
check_out "non-utf8" "['caf\\udce9.txt'] [b'caf\\xe9.txt']
'latin\\n' 6 b'caf\\xe9.txt'
b'raw'
UnicodeEncodeError 'utf-8' codec can't encode character '\\ud800' in position 3: surrogates not allowed"
check_file "non-utf8" "$WS/new$(printf '\377').txt" "raw"
finish
