# sorted()/list.sort() with keys of one type (ints, floats, strs, tuples),
# mixed keys, user __lt__, a key or a comparison that raises mid-sort,
# and a key function that mutates the list being sorted.
import random
random.seed(5)
def check(xs, **kw):
    a = sorted(xs, **kw)
    print(a[:6], a[-3:], len(a))
ints = [random.randrange(-1000, 1000) for _ in range(500)]
check(ints); check(ints, reverse=True); check(ints, key=lambda x: -x)
strs = ["".join(random.choice("abcé€😀\u00ff") for _ in range(random.randrange(0, 5))) for _ in range(300)]
check(strs); check(strs, key=len)
tups = [(random.choice("xyz"), random.randrange(5), s) for s in strs]
check(tups); check(tups, reverse=True)
check([(1, 2), (1,), (1, 2, 0), (), (0, 9)])
check([(1, "a"), (1, 2)] if False else [(1, "a"), (0, 2)])
try:
    sorted([(1, "a"), (1, 2)])
except TypeError as e:
    print("TypeError", e)
check([True, 1, 0, False, 2])
check([2**70, 1, -2**70, 5])
check([1, 2.5, 0, -1.5])
class K:
    n = 0
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        K.n += 1
        return self.v < o.v
    def __eq__(self, o): return self.v == o.v
ks = [K(i % 7) for i in range(40)]
print([k.v for k in sorted(ks)], K.n > 0)
print([t[0].v for t in sorted([(K(i % 3), i) for i in range(10)])])
def bad(x):
    if x == 7: raise ValueError("seven")
    return x
try:
    sorted(range(20), key=bad)
except ValueError as e:
    print("ValueError", e)
class Boom:
    def __lt__(self, o): raise RuntimeError("boom")
l = [3, Boom(), 1, 2] * 5
try:
    l.sort()
except RuntimeError as e:
    print("RuntimeError", e, len(l))
print(sorted([3, 1, 2], key=None), sorted(["b", "a"], reverse=True))
s = [("a", 1)] * 3 + [("a", 0)]
print(sorted(s))
nan = float('nan')
print(sorted([(nan, 1), (nan, 0)]))
l = [5, 4, 3, 2, 1, 0] * 3
def mut(x):
    l.append(x)
    return x
try:
    l.sort(key=mut)
except ValueError as e:
    print("ValueError", e)
