# Instances keep their attributes under their class's shared keys until
# the program asks for the real __dict__: every view of the attributes
# must stay CPython's (order, coherence, deletion, other orders, many
# attributes), through the cached attribute sites of a loop.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def total(self):
        return self.x + self.y


def read(objs):
    return [(o.x, o.y) for o in objs]


ps = [P(i, -i) for i in range(5)]
print(read(ps), [p.total() for p in ps])
print(vars(ps[0]), ps[1].__dict__, ps[2].__dict__ is vars(ps[2]))

# the dict is the storage once asked for: both ways
d = ps[3].__dict__
d["x"] = 100
d["extra"] = "e"
ps[3].y = 200
print(ps[3].x, ps[3].extra, d, read(ps))
del d["y"]
try:
    ps[3].y
except AttributeError as e:
    print("AttributeError", e)

# other orders, subsets, deletions and re-additions
a = P(1, 2)
a.z = 3
b = P(4, 5)
b.w = 6
b.z = 7
c = P.__new__(P)
c.y = 8
c.x = 9
print(vars(a), vars(b), vars(c), c.total())
del a.x
print(vars(a))
a.x = 10
print(vars(a), a.total())
try:
    del a.nope
except AttributeError as e:
    print("AttributeError", e)
try:
    P(1, 2).nope
except AttributeError as e:
    print("AttributeError", e)

# setattr/getattr/delattr with names built at run time
e = P(0, 0)
for i in range(5):
    setattr(e, "a" + str(i), i * i)
print(vars(e), getattr(e, "a" + "3"), hasattr(e, "a9"))
delattr(e, "a" + "1")
print(list(vars(e)))

# more attributes than any shared table holds
class Bag:
    pass


bags = []
for n in range(3):
    g = Bag()
    for i in range(45):
        setattr(g, "f%d" % ((i * 7 + n) % 45), i)
    bags.append(g)
print([len(vars(g)) for g in bags], bags[1].f44, list(vars(bags[2]))[:5])

# __dict__ assignment and deletion
f = P(1, 2)
f.__dict__ = {"y": 5, "x": 6}
print(f.total(), vars(f))
try:
    f.__dict__ = [1]
except TypeError as e:
    print("TypeError", e)
del f.__dict__
print(vars(f), hasattr(f, "x"))
f.x = 1
print(vars(f))

# a method shadowed by an instance attribute on some instances only
class E:
    def __init__(self, sep=None, default=None):
        self.a = 1
        if sep is not None:
            self.s = sep
        if default is not None:
            self.default = default

    def default(self, o):
        return "method"

    def run(self):
        return self.default(3)


print([E().run(), E(sep=1).run(), E(default=lambda o: "inst").run(),
       E(sep=2, default=lambda o: "both").run(), E().run()])

# dir() and instances of subclasses (keys of their own)
class Q(P):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


q = Q(1, 2, 3)
print(vars(q), [n for n in dir(q) if not n.startswith("__")], read([q, P(7, 8)]))
