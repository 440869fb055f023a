# range slices for every start/stop/step family, big ranges, bad indices:
# CPython 3.11 computes the slice indices over len(r) in arbitrary
# precision and maps them back (issue #21).
import itertools
vals = [None, -7, -4, -1, 0, 1, 2, 3, 5, 9]
steps = [None, -3, -2, -1, 1, 2, 3]
ranges = [range(0), range(4), range(10), range(2, 11, 3), range(10, 0, -2), range(-5, 5), range(5, -6, -1), range(1, 2, 5)]
out = []
for r in ranges:
    for a, b, c in itertools.product(vals[:6], vals[3:], steps):
        s = r[a:b:c]
        out.append(f"{r!r}[{a}:{b}:{c}] = {s!r} {s.start} {s.stop} {s.step} {len(s)} {list(s) == list(r)[a:b:c]}")
print(len(out))
for line in out[::7]: print(line)
print(range(4)[1::2] == range(1, 4, 2), range(0, 3, 2) == range(0, 4, 2), hash(range(1,4,2)) == hash(range(1,5,2)))
try: range(4)[::0]
except ValueError as e: print(e)
print(range(10**20)[::10**19], range(-10**20, 10**20)[5:-5:10**19])
for bad in ('a', 1.5):
    try: range(4)[bad:]
    except TypeError as e: print(e)
print(range(10**30)[-5:], range(10**30)[::-10**29], len(range(10**30)[::10**29]))
