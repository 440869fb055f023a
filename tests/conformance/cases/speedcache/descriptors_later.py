# Descriptors added to a class after instances were read, a slot shadowed
# by a property, an instance attribute shadowing a non-data descriptor,
# attributes deleted.
class P:
    def __init__(self):
        self.v = 1


p = P()
vals = []
for i in range(6):
    vals.append(p.v)
    if i == 1:
        P.v = property(lambda self: "prop")
    if i == 3:
        P.v = property(lambda self: "prop2", lambda self, val: None)
        p.v = 5   # goes to the setter, the dict keeps 1
    if i == 4:
        del P.v
print(vals, vars(p))


class S:
    __slots__ = ("a",)

    def __init__(self):
        self.a = "slot"


s = S()
sv = []
for i in range(4):
    sv.append(s.a)
    if i == 1:
        S.a = property(lambda self: "shadowed")
print(sv)


class NonData:
    def __get__(self, obj, cls):
        return "from descriptor"


class N:
    attr = NonData()

    def method(self):
        return "method"


n = N()
nv = []
for i in range(6):
    nv.append((n.attr, n.method() if callable(n.method) else n.method))
    if i == 1:
        n.__dict__["attr"] = "instance"
        n.method = lambda: "instance method"
    if i == 3:
        del n.attr
        del n.method
print(nv)


class D:
    pass


o = D()
o.x = 1
out = []
for i in range(4):
    try:
        out.append(o.x)
    except AttributeError as e:
        out.append(str(e))
    if i == 0:
        del o.x
    if i == 1:
        D.x = "class"
    if i == 2:
        del D.x
print(out)
try:
    del o.x
except AttributeError as e:
    print("AE", e)
