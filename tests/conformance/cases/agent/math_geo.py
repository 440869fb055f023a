# Agent-style: math helpers for a geometry/statistics task.
import math

pts = [(0, 0), (3, 4), (6, 8), (-1, 2.5), (10, -3)]
dists = [math.dist(pts[0], p) for p in pts[1:]]
print(dists, math.hypot(3, 4), math.hypot(1, 2, 2))
path_len = math.fsum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
print(f"{path_len:.10f}", round(path_len, 3))
print(sum([0.1] * 10), math.fsum([0.1] * 10), math.isclose(sum([0.1] * 10), 1.0))
print(math.isclose(1e-10, 0), math.isclose(1e-10, 0, abs_tol=1e-9), math.isclose(100, 101, rel_tol=0.01))
print(math.comb(10, 3), math.perm(10, 3), math.perm(5), math.factorial(20), math.prod([1, 2, 3, 4]), math.prod([], start=7))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), round(2.5), round(3.5), round(-0.5), round(2.675, 2))
print(math.gcd(48, 180), math.gcd(0, 0), math.lcm(4, 6, 10), math.isqrt(99), math.sqrt(2))
print(math.log(1000, 10), math.log10(1000), math.log2(1024), math.log1p(1e-10), math.exp(1) == math.e)
print(math.degrees(math.pi / 3), math.radians(180), math.sin(math.pi / 6), math.atan2(1, -1))
print(math.copysign(3, -0.0), math.fabs(-4), math.fmod(-7, 3), -7 % 3, divmod(-7, 3), math.remainder(7, 3))
print(math.inf > 1e308, -math.inf, math.nan != math.nan, math.isnan(float("nan")), math.isinf(-math.inf), math.isfinite(1e308))
print(math.modf(3.75), math.frexp(8.0), math.ldexp(0.5, 4), math.pow(2, 0.5), 2 ** -1, -(8 ** (1 / 3)))
print(math.tau / 2 == math.pi, f"{math.pi:.15f}", f"{math.e:.3e}", f"{1/3:.20f}")

def polygon_area(vertices):
    n = len(vertices)
    s = sum(vertices[i][0] * vertices[(i + 1) % n][1] - vertices[(i + 1) % n][0] * vertices[i][1] for i in range(n))
    return abs(s) / 2

square = [(0, 0), (4, 0), (4, 4), (0, 4)]
tri = [(0, 0), (5, 0), (2.5, math.sqrt(3) / 2 * 5)]
print(polygon_area(square), round(polygon_area(tri), 6), math.isclose(polygon_area(tri), math.sqrt(3) / 4 * 25))

def stats(xs):
    n = len(xs)
    mean = math.fsum(xs) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    s = sorted(xs)
    med = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    return {"n": n, "mean": round(mean, 4), "sd": round(sd, 4), "median": med, "range": (s[0], s[-1])}

print(stats([2, 4, 4, 4, 5, 5, 7, 9]))
print(stats([1.5, 2.25, 3.125]))
primes = [n for n in range(2, 60) if all(n % d for d in range(2, math.isqrt(n) + 1))]
print(primes)
print([math.comb(6, k) for k in range(7)])
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-1), lambda: math.comb(3, -1), lambda: math.exp(1000)]:
    try:
        bad()
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
print(int(1e20), float(10 ** 20), 10 ** 20 / 3, 10 ** 20 // 3, 7 / 2, 7 // 2, -7 // 2, 2 ** 100)
print(f"{12345.6789:,.2f} {0.000123:.2e} {1e21} {1e16} {123456789012345678.0} {1.0e-5} {0.0001}")
