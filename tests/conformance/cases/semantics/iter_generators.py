# iteration protocol, generators, comprehensions, builtins over iterables
def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "done"
g = countdown(3)
print(list(g), list(g))
g = countdown(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", e.value)
def delegate():
    r = yield from countdown(2)
    yield r
print(list(delegate()))
def acc():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
a = acc()
next(a)
print(a.send(5), a.send(10))
try:
    a.send(None)
except StopIteration:
    print("stopped")
def closing():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
c = closing()
print(next(c))
c.close()
print(list(closing()))
def thrower():
    try:
        yield 1
    except ValueError as e:
        yield f"caught {e}"
t = thrower()
next(t)
print(t.throw(ValueError("boom")))
print([x * y for x in range(3) for y in range(3) if x != y], {x: x ** 2 for x in range(4)}, [[j for j in range(i)] for i in range(3)])
gen = (x for x in range(5) if x % 2)
print(gen.__class__.__name__, list(gen), sum(x for x in range(10)), any(x > 3 for x in [1, 5]), all([]), any([]))
print(list(zip([1, 2, 3], "ab")), list(enumerate("xy", start=1)), list(map(lambda a, b: a + b, [1, 2], [10, 20])), list(filter(None, [0, 1, "", "a", None])))
print(list(reversed(range(5))), list(range(10, 0, -3)), range(0, 10, 2)[2], len(range(1, 100, 7)), 7 in range(0, 10, 7), range(5)[::-1])
it = iter([1, 2, 3])
print(next(it), list(it), next(it, "default"))
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(3)), sorted(Countdown(4)), max(Countdown(5)), 2 in Countdown(3))
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
print(list(Seq()), 20 in Seq(), list(iter(Seq())))
try:
    iter(5)
except TypeError as e:
    print("TypeError", e)
try:
    next([1])
except TypeError as e:
    print("TypeError", e)
def pe479():
    yield 1
    raise StopIteration
try:
    list(pe479())
except RuntimeError as e:
    print("RuntimeError", e)
x = [1, 2, 3]
first, *middle, last = [1, 2, 3, 4, 5]
print(first, middle, last)
(a, b), c = (1, 2), 3
print(a, b, c, *x, *"ab")
try:
    p, q = [1, 2, 3]
except ValueError as e:
    print("ValueError", e)
try:
    p, q, r = [1, 2]
except ValueError as e:
    print("ValueError", e)
print(list(iter(lambda: next(it, None), None)), [*range(3), *"xy"], {**{"a": 1}, "b": 2})
print(min([]) if False else min([], default="empty"), max(3, 1, 2), sorted(iter([3, 1, 2]), reverse=True))
print(list(zip(*[(1, "a"), (2, "b")])), dict(enumerate("ab")), list(map(str.upper, ["a", "b"])))
