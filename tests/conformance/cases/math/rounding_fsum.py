# math: floor/ceil/trunc, fsum, prod, hypot, dist, isclose, frexp/modf/ldexp
import math

for x in [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 1e20, -1e20, 1.7976931348623157e308, 5e-324, 7, -7, 10**30, True, False]:
    print(x, math.floor(x), math.ceil(x), math.trunc(x), type(math.floor(x)).__name__)

class Num:
    def __init__(self, v): self.v = v
    def __floor__(self): return ('floor', self.v)
    def __ceil__(self): return ('ceil', self.v)
    def __trunc__(self): return ('trunc', self.v)
print(math.floor(Num(1)), math.ceil(Num(2)), math.trunc(Num(3)))

print(math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.fsum([1, 1e100, 1, -1e100]), math.fsum([1e-16, 1, 1e16]), math.fsum([]))
print(math.fsum(range(10)), math.fsum(x / 7 for x in range(100)), math.fsum([float('inf'), 1]), math.fsum([float('nan'), 1]))
print(math.fsum([2.0**-1074, 2.0**-1074, 1.0, -1.0]), math.fsum([1.7976931348623157e308, -1.7976931348623157e308, 1.0]))
print(math.fsum([1e308, -1e308, 1e308]), math.fsum([0.3, 0.6, -0.9]), math.fsum([-0.0, -0.0]))

print(math.prod([]), math.prod(range(1, 11)), math.prod([1.5, 2, 4]), math.prod([2, 3], start=10), math.prod(['ab', 3]))
print(math.prod([2] * 100), math.prod([0.5] * 3, start=8), math.prod(iter([3, 3, 3])), math.prod([True, True]))
print(math.prod([[1, 2], 2]), math.prod((x for x in [1j, 1j])) if False else 'skip')

print(math.hypot(), math.hypot(3), math.hypot(-3), math.hypot(3, 4), math.hypot(3, 4, 12), math.hypot(*range(20)))
print(math.hypot(1e308, 1e308), math.hypot(1e-308, 1e-308), math.hypot(5e-324, 5e-324), math.hypot(float('inf'), float('nan')))
print(math.hypot(float('nan'), 1), math.hypot(0.1, 0.2, 0.3), math.hypot(*[1.0] * 100))
print(math.dist((0, 0), (3, 4)), math.dist([1, 2, 3], [4, 5, 6]), math.dist((), ()), math.dist(range(5), range(1, 6)))
print(math.dist((1e308, 0), (-1e308, 0)))

for a, b, kw in [(1.0, 1.0 + 1e-10, {}), (1.0, 1.0 + 1e-8, {}), (0, 1e-10, {}), (0, 1e-10, {'abs_tol': 1e-9}),
                 (1, 1.1, {'rel_tol': 0.1}), (1, 1.1, {'rel_tol': 0.09}), (float('inf'), float('inf'), {}),
                 (float('inf'), -float('inf'), {}), (float('nan'), float('nan'), {}), (1e308, float('inf'), {'rel_tol': 1})]:
    print('isclose', a, b, kw, math.isclose(a, b, **kw))

for x in [0.0, -0.0, 1.0, 8.0, 0.1, -3.75, 1e300, 5e-324, float('inf'), float('-inf'), float('nan'), 7]:
    print('frexp/modf', x, math.frexp(x), math.modf(x))
for x, i in [(1.0, 0), (0.5, 1), (1.0, -1074), (1.0, -1075), (1.0, 1023), (0.75, 1024), (-1.0, -1080), (3, 2), (1.0, 10**30 * 0), (5e-324, 1074)]:
    print('ldexp', x, i, math.ldexp(x, i))
print(math.copysign(1, -0.0), math.copysign(-2, 0.0), math.copysign(float('nan'), -1), math.copysign(3, float('-nan')))
print(math.nextafter(1, 2), math.nextafter(1, 0), math.nextafter(0, 1), math.nextafter(0.0, -1), math.nextafter(1, 1), math.nextafter(float('inf'), 0))
print(math.ulp(1.0), math.ulp(0), math.ulp(-1e300), math.ulp(float('inf')), math.ulp(1.7976931348623157e308), math.ulp(5e-324))
