# Agent-style: numeric summaries over a table of measurements.
import math
from itertools import groupby, accumulate, combinations
from functools import reduce

rows = [("s1", "temp", 21.5), ("s1", "temp", 22.0), ("s2", "temp", 19.25), ("s1", "hum", 40.0),
        ("s2", "hum", 55.5), ("s2", "temp", 18.75), ("s3", "temp", 25.125), ("s3", "hum", 35.0)]


def mean(xs):
    return sum(xs) / len(xs)


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def stdev(xs):
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


key = lambda r: r[1]
for kind, grp in groupby(sorted(rows, key=key), key=key):
    vals = [v for *_, v in grp]
    print(f"{kind:<5} n={len(vals)} mean={mean(vals):.3f} median={median(vals)} sd={stdev(vals):.4f} range=({min(vals)}, {max(vals)})")
temps = [v for _, k, v in rows if k == "temp"]
print(list(accumulate(temps)), list(accumulate(temps, max)))
print(reduce(lambda a, b: a * b, [1.5, 2, 4]), math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), sum([0.1] * 10))
print([(a, b) for a, b in combinations("abcd", 2)][:4])
m = [[1, 2, 3], [4, 5, 6]]
t = [list(col) for col in zip(*m)]
print(t, [[sum(a * b for a, b in zip(r, c)) for c in t] for r in m])
print(round(2.675, 2), round(0.5), round(1.5), round(-2.5), round(1234.5678, -2), f"{2.675:.2f}", f"{1e-7}", 1e16, 123456789.0 * 10)
print(7 // -2, -7 % 3, divmod(-7, 2), 2 ** -1, 10 / 4, 0.1 + 0.2, 1 / 3, 2 ** 0.5, int("0x1f", 16), int(" 42 "))
print(math.floor(-2.5), math.ceil(2.1), math.gcd(48, 18), math.isclose(0.1 + 0.2, 0.3), math.hypot(3, 4), math.log(8, 2), math.degrees(math.pi))
print(f"{1234567.891:,.1f} {0.25:.0%} {-3:5d} {3:<5d}| {2**64} {float('nan')} {-0.0} {1e300 * 1e10}")
print(sorted([3, -1, 2.5, True, 0], key=abs), sum(range(101)), max([], default=None), min("hello"))
print(bin(10), hex(-255), oct(8), (255).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"), (10).bit_length())
