#!/bin/sh
# tests/interp/gc_cycles.sh -- the cycle collector under the heap limit:
# 10 million cyclic pairs (and other cycle kinds) created in loops must run
# to the end under box-run's default 1 GiB heap; without a collector the
# script dies with MemoryError.  GC_PAIRS overrides the count (sanitizers).
top_builddir=$(cd "${top_builddir:-.}" && pwd)
runner=$top_builddir/tests/interp/box-run
pairs=${GC_PAIRS:-10000000}
out=$("$runner" -c "
class Node:
    __slots__ = ('other', '__dict__')
def pairs(n):
    for i in range(n):
        a = Node(); b = Node()
        a.other = b; b.other = a
        a.payload = [i, a]
    return n
def closures(n):
    for i in range(n):
        def f(k):
            return f if k else None
        f(1)
    return n
print(pairs($pairs))
print(closures($pairs // 10))
" 2>&1)
status=$?
expected="$pairs
$((pairs / 10))"
if [ "$status" -eq 0 ] && [ "$out" = "$expected" ]; then
	echo "PASS: gc_cycles ($pairs pairs)"
	exit 0
fi
echo "FAIL: gc_cycles: status $status"
printf '%s\n' "$out" | tail -n 5
exit 1
