#!/bin/sh
# tests/demo/demo_box.sh -- the README's demo box works: a copy made by
# policies/demo/prepare loads, runs hello.py and -c through the real
# box-broker, may read its workspace, may write only below out/, and is
# refused ~/.ssh (what scripts/demo shows).
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=$(cd "${top_builddir:-.}" && pwd)
broker=$top_builddir/box-broker
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { # NAME EXPECTED ACTUAL
	if [ "$2" != "$3" ]; then
		printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"
		fail=1
	fi
}
"$top_srcdir/policies/demo/prepare" "$dir" || { echo "FAIL prepare"; exit 1; }
dir=$(cd "$dir" && pwd -P)
out=$("$broker" --config "$dir/box.toml" "$dir/workspace/hello.py" 2>/dev/null)
check hello.py "Hello from inside the box.
The workspace is $dir/workspace" "$out"
out=$("$broker" --config "$dir/box.toml" -c "print('6 * 7 =', 42)" 2>&1)
check -c "6 * 7 = 42" "$out"
out=$("$broker" --config "$dir/box.toml" -c "
from pathlib import Path
print(Path('notes.txt').read_text().splitlines()[0][:5])
Path('out/result.txt').write_text('ok')
try:
    Path('elsewhere.txt').write_text('no')
except PermissionError as e:
    print('refused', type(e).__name__)
" 2>&1)
check "read, write out/, refuse" "$(head -c5 "$dir/workspace/notes.txt")
refused PermissionError" "$out"
check "out/result.txt" "ok" "$(cat "$dir/workspace/out/result.txt" 2>/dev/null)"
out=$("$broker" --config "$dir/box.toml" --decide \
	"{\"action\":\"fs:read\",\"input\":{\"path\":\"$dir/workspace/notes.txt\",\"operation\":\"read_content\"}}")
case $out in *'"decision":"allow"'*) ;; *) echo "FAIL decide workspace read: $out"; fail=1 ;; esac
out=$("$broker" --config "$dir/box.toml" --decide \
	'{"action":"fs:read","input":{"path":"~/.ssh/id_rsa","operation":"read_content"}}')
case $out in *'"decision":"deny"'*) ;; *) echo "FAIL decide ~/.ssh: $out"; fail=1 ;; esac
# The quick start leaves a build where every documented command works:
# scripts/demo builds every program (--install needs box-alias), and
# --install then gives aliases that run scripts in the box.
make_line=$(grep -E '^make ' "$top_srcdir/scripts/demo")
case $make_line in
'make -j"$(nproc)"') ;;
*) case $make_line in *box-alias*) ;; *) echo "FAIL scripts/demo builds only: $make_line"; fail=1 ;; esac ;;
esac
"$broker" --config "$dir/box.toml" --install >/dev/null || { echo "FAIL --install"; fail=1; }
out=$("$dir/state/bin/python3" -c "print(6 * 7)" 2>&1)
check "alias after --install" "42" "$out"
[ $fail -eq 0 ] && echo "demo box: all checks passed"
exit $fail
