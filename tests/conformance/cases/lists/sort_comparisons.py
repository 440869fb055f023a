# The sort makes CPython's comparisons in CPython's order: a __lt__ that
# counts or logs its calls sees the same sequence, and an inconsistent
# order (NaN, a lying __lt__) gives CPython's result.

def lcg(seed):
    while True:
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed >> 8


class K:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        K.calls += 1
        return self.v < other.v

    def __repr__(self):
        return "K(%r)" % (self.v,)


def count(values, **kw):
    K.calls = 0
    items = [K(v) for v in values]
    out = sorted(items, **kw)
    assert [k.v for k in out] == sorted(values, **kw), values
    return K.calls


gen = lcg(7)
# random orders of many sizes: the number of comparisons is the algorithm's fingerprint
for n in (0, 1, 2, 3, 5, 8, 13, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 257, 1000, 2049, 5000):
    vals = [next(gen) % (n + 1) for _ in range(n)]
    print(n, count(vals), count(vals, reverse=True))

# structured inputs: runs, descending runs, sawtooth, organ pipe, few distinct
n = 3000
shapes = {
    "sorted": list(range(n)),
    "reversed": list(range(n, 0, -1)),
    "sawtooth": [i % 97 for i in range(n)],
    "organ": list(range(n // 2)) + list(range(n // 2, 0, -1)),
    "few": [next(gen) % 4 for _ in range(n)],
    "runs": sum(([j * 10 + k for k in range(50)] for j in range(60)), []),
    "desc_runs": sum(([j * 10 - k for k in range(50)] for j in range(60)), []),
    "append_tail": list(range(n)) + [next(gen) % n for _ in range(40)],
}
for name, vals in shapes.items():
    print(name, count(vals), count(vals, reverse=True))

# the log of the first comparisons of a small sort
log = []


class L:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        log.append((self.v, other.v))
        return self.v < other.v


sorted([L(v) for v in [5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10]])
print(log)

# NaN keys: the order CPython leaves them in
nan = float("nan")
for seed in range(5):
    g = lcg(seed)
    vals = []
    for i in range(40):
        r = next(g) % 10
        vals.append(nan if r == 0 else float(r))
    print(sorted(vals))
    print(sorted(vals, reverse=True))
    print(sorted(range(len(vals)), key=lambda i: vals[i]))

big = [nan if i % 7 == 0 else float((i * 7919) % 1000) for i in range(2000)]
s = sorted(big)
print([i for i, v in enumerate(s) if v != v][:20], s[:5], s[-5:])


# a __lt__ that lies: the result depends on the comparison order
class Liar:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return (self.v * 31 + other.v * 17) % 5 < 2

    def __repr__(self):
        return str(self.v)


print(sorted([Liar(i) for i in range(60)]))


# an exception in the middle of a sort: the list is a permutation afterwards
class Boom:
    n = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Boom.n += 1
        if Boom.n == 150:
            raise ValueError("boom at 150")
        return self.v < other.v


g = lcg(3)
lst = [Boom(next(g) % 1000) for _ in range(200)]
before = sorted(b.v for b in lst)
try:
    lst.sort()
except ValueError as e:
    print("raised:", e)
print(sorted(b.v for b in lst) == before, [b.v for b in lst][:30])


# a key function that changes the list, even if it leaves it empty again
lst = [3, 1, 2]


def grow_and_shrink(x):
    lst.append(9)
    lst.pop()
    return x


try:
    lst.sort(key=grow_and_shrink)
except ValueError as e:
    print("ValueError:", e)
print(lst)


def clear_empty(x):
    lst.clear()   # the list is empty while it is sorted: nothing changes
    return x


lst.sort(key=clear_empty)
print(lst)
