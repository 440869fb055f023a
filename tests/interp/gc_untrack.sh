#!/bin/sh
# tests/interp/gc_untrack.sh -- dicts the collector stopped tracking (they
# held only atomic values) must be tracked again when they get a value that
# can form a cycle: instance dicts survive collections holding ints and
# strs, then each gets a cycle through itself and a nested dict.  If the
# dict stayed untracked, the cycles would leak and the script would die
# with MemoryError under box-run's default 1 GiB heap.  GC_N overrides the
# count (sanitizers).
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=$top_builddir/tests/interp/box-run
n=${GC_N:-3000000}
out=$("$runner" -c "
class N:
    pass
def run(n):
    keep = []
    made = 0
    for i in range(n):
        a = N()
        a.x = i
        a.s = 'k'
        keep.append(a)
        if len(keep) == 5000:
            for o in keep:
                o.me = o
                o.d = {'v': 1}
                o.d['back'] = o
            keep = []
            made += 5000
    return made
print(run($n))
" 2>&1)
status=$?
expected=$(( n / 5000 * 5000 ))
if [ "$status" -eq 0 ] && [ "$out" = "$expected" ]; then
	echo "PASS: gc_untrack ($n objects)"
	exit 0
fi
echo "FAIL: gc_untrack: status $status"
printf '%s\n' "$out" | tail -n 5
exit 1
