# Agent-style: functools toolbox (reduce, partial, lru_cache, cached_property,
# total_ordering, singledispatch, wraps) in a pricing engine.
from functools import reduce, partial, lru_cache, cached_property, total_ordering, singledispatch, wraps
import functools

calls = []

def traced(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        calls.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper

@traced
def apply_discount(price, pct, *, floor=0.0):
    """Reduce price by pct percent."""
    return max(price * (1 - pct / 100), floor)

tenoff = partial(apply_discount, pct=10)
halfoff = partial(apply_discount, pct=50, floor=3.0)
print(tenoff(20.0), halfoff(4.0), halfoff(100))
print(apply_discount.__name__, apply_discount.__doc__, apply_discount.__wrapped__.__name__)
print(tenoff.func is apply_discount, tenoff.args, tenoff.keywords)
print(calls)

@lru_cache(maxsize=None)
def ways(amount, coins):
    if amount == 0:
        return 1
    if amount < 0 or not coins:
        return 0
    return ways(amount - coins[0], coins) + ways(amount, coins[1:])

print(ways(100, (50, 25, 10, 5, 1)), ways.cache_info().hits > 0)
ways.cache_clear()
print(ways.cache_info())

@lru_cache(maxsize=2)
def sq(n):
    calls.append(n)
    return n * n
calls.clear()
for n in [1, 2, 1, 3, 1, 2]:
    sq(n)
print(calls, sq.cache_info())

@total_ordering
class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))
    def __eq__(self, other):
        return self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))

vs = [Version(s) for s in ["1.10.0", "1.2.3", "1.2", "2.0", "1.2.3"]]
print(sorted(vs), max(vs), Version("1.2") >= Version("1.1.9"), Version("3") <= Version("2.9"))

class Cart:
    def __init__(self, items):
        self.items = items
        self.computed = 0
    @cached_property
    def total(self):
        self.computed += 1
        return reduce(lambda a, b: a + b, (q * p for q, p in self.items), 0)

c = Cart([(2, 3.5), (1, 10), (4, 0.25)])
print(c.total, c.total, c.computed, "total" in vars(c))
del c.total
c.items.append((1, 1))
print(c.total, c.computed)

@singledispatch
def fmt(x):
    return f"<{type(x).__name__}>"
@fmt.register
def _(x: int):
    return f"int:{x:,}"
@fmt.register(float)
def _(x):
    return f"float:{x:.2f}"
@fmt.register(list)
@fmt.register(tuple)
def _(x):
    return "[" + ", ".join(fmt(i) for i in x) + "]"
print(fmt(1234567), fmt(2.5), fmt([1, 2.0, "s", (3, None)]), fmt(True))
print(fmt.dispatch(bool).__name__ == fmt.dispatch(int).__name__, sorted(t.__name__ for t in fmt.registry))

print(reduce(lambda acc, kv: {**acc, kv[0]: acc.get(kv[0], 0) + kv[1]},
             [("a", 1), ("b", 2), ("a", 5)], {}))
print(reduce(lambda a, b: a * b, range(1, 11)), reduce(max, [3, 9, 2], 0))
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print("TypeError:", e)
compose = lambda *fs: reduce(lambda f, g: lambda x: g(f(x)), fs)
pipeline = compose(str.strip, str.lower, lambda s: s.replace(" ", "_"))
print(pipeline("  Hello World  "))
print(sorted(["b", "A", "c"], key=functools.cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
