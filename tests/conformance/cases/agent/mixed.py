def primes(n):
    sieve = [True] * (n + 1)
    sieve[0] = sieve[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if sieve[i]:
            sieve[i*i::i] = [False] * len(sieve[i*i::i])
    return [i for i, p in enumerate(sieve) if p]
ps = primes(100)
print(ps[:10], len(ps), sum(ps))
grid = {(x, y): x * y for x in range(3) for y in range(3)}
print(grid[(2, 2)], sorted(grid)[:4], len(grid))
out = ""
for i in range(5):
    out += str(i) + ","
print(out.rstrip(","))
def memo(f):
    cache = {}
    def inner(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    inner.cache = cache
    return inner
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(90), len(fib.cache))
class Node:
    def __init__(self, val, children=None):
        self.val = val
        self.children = children or []
    def walk(self, depth=0):
        yield depth, self.val
        for c in self.children:
            yield from c.walk(depth + 1)
tree = Node(1, [Node(2, [Node(4)]), Node(3)])
for d, v in tree.walk():
    print("  " * d + str(v))
print(sum(v for _, v in tree.walk()), max(tree.walk())[1])
try:
    raise KeyError("x")
except LookupError as e:
    print(type(e).__mro__[1].__name__, e.args)
finally:
    print("fin")
data = [5, 3, 8, 1]
it = iter(data)
print(next(it), [x for x in it])
print(list(enumerate(zip("ab", [1, 2]))), dict(enumerate("xy")))
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted("bca", reverse=True))
print(isinstance([], object), type(None).__name__, [type(x).__name__ for x in (1, 1.0, "", b"", (), [], {}, set())])
x = 10
def f():
    return x + 1
print(f(), (lambda *a, **k: (a, k))(1, b=2))
print(str(123).zfill(6), "{:06.2f}".format(3.14159), "%03d" % 7, f"{7:03}")
print(round(2.5), round(0.5), round(1.5), round(-2.5), 10 // 3, -10 // 3, 10 % -3)
