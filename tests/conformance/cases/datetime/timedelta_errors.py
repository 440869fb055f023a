# timedelta errors: overflow, division by zero, bad operand types
from datetime import timedelta

t = timedelta(1, 2, 3)
z = timedelta(0)
tests = [
    lambda: timedelta(days=10**9),
    lambda: timedelta(days=-10**9),
    lambda: timedelta(days=10**20),
    lambda: timedelta(seconds=10**30),
    lambda: timedelta(days=1e20),
    lambda: timedelta(days=float("inf")),
    lambda: timedelta(days=float("nan")),
    lambda: timedelta.max + timedelta(1),
    lambda: timedelta.min - timedelta(1),
    lambda: -timedelta.min,
    lambda: timedelta(1) * 10**10,
    lambda: timedelta(1) * 10**30,
    lambda: timedelta(1) * float("inf"),
    lambda: timedelta(1) / float("nan"),
    lambda: t / z,
    lambda: t // z,
    lambda: t % z,
    lambda: divmod(t, z),
    lambda: t / 0,
    lambda: t // 0,
    lambda: t / 0.0,
    lambda: t // 1.5,
    lambda: t % 2,
    lambda: t + 1,
    lambda: 1 + t,
    lambda: t - 1,
    lambda: t * "a",
    lambda: t < 1,
    lambda: t / "x",
    lambda: 1 / t,
    lambda: timedelta("1"),
    lambda: timedelta(seconds=[1]),
    lambda: timedelta(1, 2, 3, 4, 5, 6, 7, 8),
    lambda: timedelta(x=1),
    lambda: timedelta(1, days=2),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(t == 1, t != "x", t == None)
