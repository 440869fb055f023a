# Instances under shared keys through copy, dataclasses, __getstate__,
# __reduce_ex__, __class__ assignment and cycles through their attributes.
import copy
import dataclasses


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


p = P(1, [2])
c = copy.copy(p)
dc = copy.deepcopy(p)
print(vars(c), vars(dc), c.y is p.y, dc.y is p.y)
print(p.__getstate__(), p.__getstate__() is p.__dict__, P.__new__(P).__getstate__())
r = p.__reduce_ex__(2)
print(r[0].__name__, r[1][0].__name__, r[2])


@dataclasses.dataclass
class Rec:
    name: str
    n: int = 0
    tags: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class Key:
    a: int
    b: str


recs = [Rec("r%d" % i, i) for i in range(4)]
r2 = dataclasses.replace(recs[1], n=10)
print(r2, dataclasses.asdict(r2), dataclasses.astuple(recs[2]), recs[1] == Rec("r1", 1), r2 == recs[1])
print(vars(copy.copy(recs[3])), copy.deepcopy(recs[0]) == recs[0])
k = Key(1, "x")
print({k: 1}[Key(1, "x")], k == Key(1, "x"), vars(k), dataclasses.replace(k, b="y"))
try:
    k.a = 2
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError", e)


# __class__ assignment between classes with shared keys of their own
class A:
    def __init__(self):
        self.a = 1
        self.b = 2

    def who(self):
        return "A", self.a, self.b


class B:
    def __init__(self):
        self.b = 20
        self.a = 10

    def who(self):
        return "B", self.a, self.b


def who_all(objs):
    return [o.who() for o in objs] + [(o.a, o.b) for o in objs]


objs = [A(), B(), A()]
print(who_all(objs))
objs[0].__class__ = B
objs[1].__class__ = A
print(who_all(objs), vars(objs[0]), vars(objs[1]))
objs[0].c = 3
print(vars(objs[0]), type(objs[0]).__name__)


class S:
    __slots__ = ("x",)


try:
    objs[2].__class__ = S
except TypeError as e:
    print("TypeError", e)


# cycles through instance attributes, reclaimed by the collector
log = []


class Node:
    def __init__(self, name):
        self.name = name
        self.other = None

    def __del__(self):
        log.append(self.name)


def make_cycles(n):
    for i in range(n):
        a = Node("a%d" % i)
        b = Node("b%d" % i)
        a.other = b
        b.other = a
        a.extra = [a, b]


make_cycles(3)
big = [P(i, [i]) for i in range(20000)]   # allocations run the collector
del big
print(sorted(log))


# attributes that die with the instance, in CPython's order
class Loud:
    def __init__(self, tag):
        self.tag = tag

    def __del__(self):
        print("del", self.tag)


class Holder:
    pass


h = Holder()
h.one = Loud(1)
h.two = Loud(2)
h.three = Loud(3)
del h
print("end")


# object.__new__ refuses a class whose __abstractmethods__ were set on it
# (as ABCs do), not one that only names them in its body
class Abstract:
    pass


Abstract.__abstractmethods__ = frozenset({"g", "f"})
try:
    Abstract()
except TypeError as e:
    print("TypeError", e)
Abstract.__abstractmethods__ = frozenset()
print(type(Abstract()).__name__)


class InBody:
    __abstractmethods__ = frozenset({"h"})


print(type(InBody()).__name__)
