# __slots__ values held in the instance: empty slots, deletion, subclasses
# adding slots or a __dict__ (whose vars() do not show the slots), layout
# conflicts, private names, properties shadowing a slot, members borrowed
# by another class, __class__ assignment, copies and cycles.
import copy


class S:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def xs(objs):
    return [o.x for o in objs]


s = S(1, 2)
print(s.x, s.y, hasattr(s, "__dict__"), S.x, S.x.__name__, S.__dictoffset__ == 0)
for act in ("s.z = 3", "vars(s)", "s.__dict__"):
    try:
        exec(act)
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
del s.x
for act in ("s.x", "del s.x"):
    try:
        exec(act)
    except AttributeError as e:
        print("AttributeError", e)
s.x = 5
print(xs([s, S(6, 7)]), s.__getstate__())
e = S.__new__(S)
print(hasattr(e, "x"), e.__getstate__() if hasattr(e, "__getstate__") else None)


class T(S):
    __slots__ = ("z",)

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class U(S):
    pass


t = T(1, 2, 3)
u = U(3, 4)
u.w = 9
print(t.x, t.y, t.z, vars(u), u.x, xs([s, t, u]))
print(t.__getstate__(), u.__getstate__())


class M:
    __slots__ = ("a", "__dict__")


m = M()
m.a = 1
m.b = 2
print(vars(m), m.a, m.__getstate__())

print(copy.copy(s).x, vars(copy.copy(u)), copy.copy(u).y, copy.deepcopy(t).z, copy.copy(m).a)


class P:
    __slots__ = ("x",)


for bases in ((S, P), (T, S, P)):
    try:
        type("Bad", bases, {})
    except TypeError as e:
        print("TypeError", e)


class Mixin:
    __slots__ = ()


class Fine(Mixin, S):
    pass


print(Fine(8, 9).x, [c.__name__ for c in Fine.__mro__])


class Q(T):
    __slots__ = ("__priv",)

    def set(self, v):
        self.__priv = v

    def get(self):
        return self.__priv


q = Q(1, 2, 3)
q.set(7)
print(q.get(), q._Q__priv, sorted(Q.__slots__), Q._Q__priv)


class Shadow(S):
    x = property(lambda self: "prop")


sh = Shadow.__new__(Shadow)
sh.y = 2
try:
    sh.x = 1
except AttributeError as e:
    print("AttributeError", e)
print(sh.x, sh.y, [o.x for o in (sh, S(3, 4), sh)])


class Borrow:
    pass


Borrow.x = S.__dict__["x"]
try:
    Borrow().x
except TypeError as e:
    print("TypeError", e)


class S2:
    __slots__ = ("x", "y")


a = S(1, 2)
a.__class__ = S2
print(type(a).__name__, a.x, a.y)
try:
    a.__class__ = P
except TypeError as e:
    print("TypeError", e)


log = []


class Node:
    __slots__ = ("name", "other")

    def __init__(self, name):
        self.name = name
        self.other = None

    def __del__(self):
        log.append(self.name)


for i in range(3):
    n1, n2 = Node("a%d" % i), Node("b%d" % i)
    n1.other, n2.other = n2, n1
del n1, n2
junk = [S(i, [i]) for i in range(20000)]
del junk
print(sorted(log))


class Loud:
    def __init__(self, tag):
        self.tag = tag

    def __del__(self):
        print("del", self.tag)


class Two(S):
    __slots__ = ("z",)


w = Two(Loud("x"), Loud("y"))
w.z = Loud("z")
del w
print("end")
