# Cycles of every common kind, created in loops: the program must finish
# (the collector reclaims them) and live structures must stay intact.
class Node:
    def __init__(self, name):
        self.name = name
        self.other = None

def pairs(n):
    for i in range(n):
        a = Node(i)
        b = Node(-i)
        a.other = b
        b.other = a
    return n

def self_refs(n):
    for i in range(n):
        x = Node(i)
        x.me = x
        l = [i]
        l.append(l)
        d = {"i": i}
        d["d"] = d
    return n

def closures(n):
    total = 0
    for i in range(n):
        def fact(k):
            return 1 if k <= 1 else k * fact(k - 1)
        total += fact(3)
    return total

def exceptions(n):
    count = 0
    for i in range(n):
        try:
            raise ValueError(i)
        except ValueError as e:
            e.keep = e
            count += 1
    return count

def generators(n):
    out = 0
    for i in range(n):
        def gen():
            me = yield 1
            yield me
        g = gen()
        next(g)
        g.send(g)
        out += 1
    return out

def bound_methods(n):
    for i in range(n):
        x = Node(i)
        x.m = x.__init__
    return n

def classes(n):
    names = set()
    for i in range(n):
        class Base:
            def hello(self):
                return "base"
        class Child(Base):
            def hello(self):
                return "child+" + super().hello()
        names.add(Child().hello())
    return sorted(names)

print(pairs(200000))
print(self_refs(100000))
print(closures(50000))
print(exceptions(50000))
print(generators(50000))
print(bound_methods(50000))
print(classes(3000))

# live cycles survive many collections untouched
ring = [Node(i) for i in range(100)]
for i, n in enumerate(ring):
    n.other = ring[(i + 1) % 100]
pairs(100000)
cur = ring[0]
seen = []
for _ in range(100):
    seen.append(cur.name)
    cur = cur.other
print(seen == list(range(100)), cur is ring[0])

d = {}
d["self"] = d
d["list"] = [d, 1, 2]
pairs(50000)
print(d["self"] is d, d["list"][0] is d, len(d))
