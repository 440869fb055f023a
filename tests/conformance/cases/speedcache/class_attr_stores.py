# Stores to class attributes while loops read them through instances, the
# class and subclasses.  A plain value stored over a plain value keeps the
# class's version (typeobj.c: store_plain_class_value), so every cached
# read must still see the new value; any other store (a new name, a
# deletion, a function, a descriptor, an instance of a Python class, a
# dunder) takes a new version.
class Counter:
    count = 0
    label = "c"

    def __init__(self):
        Counter.count += 1

    def get(self):
        return self.count


class Sub(Counter):
    pass


out = []
for i in range(6):
    c = Sub() if i % 2 else Counter()
    out.append((c.count, c.get(), Counter.count, Sub.count, c.label, Sub.label))
print(out)

# a base class's attribute changed under a subclass that shadows it, and
# under one that does not
class Base:
    limit = 1


class Shadow(Base):
    limit = 100


class Plain(Base):
    pass


seen = []
objs = [Base(), Shadow(), Plain()]
for i in range(5):
    seen.append([o.limit for o in objs] + [Base.limit, Shadow.limit, Plain.limit])
    Base.limit += 10
    if i == 2:
        Shadow.limit = "str now"
print(seen)

# an instance attribute of the same name hides the class attribute until
# deleted
class Hide:
    v = 1


h = Hide()
vals = []
for i in range(6):
    vals.append(h.v)
    Hide.v = i * 2
    if i == 1:
        h.v = "own"
    if i == 3:
        del h.v
print(vals)

# the class attribute becomes a property, a method, a staticmethod,
# an instance of a Python class that later gains __get__, then plain again
class Later:
    x = 0


class Gains:
    pass


def show(v):
    return v if isinstance(v, (int, str, tuple)) else type(v).__name__


o = Later()
trace = []
for i in range(12):
    try:
        trace.append(o.x() if callable(o.x) else show(o.x))
    except Exception as e:
        trace.append(type(e).__name__)
    try:
        trace.append(show(Later.x) if not callable(Later.x) else "callable")
    except AttributeError as e:
        trace.append(str(e))
    if i == 1:
        Later.x = 5
    if i == 2:
        Later.x = property(lambda self: "prop")
    if i == 3:
        Later.x = 7
    if i == 4:
        Later.x = lambda self: "method"
    if i == 5:
        Later.x = staticmethod(lambda: "static")
    if i == 6:
        Later.x = Gains()
    if i == 7:
        Gains.__get__ = lambda self, obj, cls: "gained get"
    if i == 8:
        Later.x = 9
    if i == 9:
        del Later.x
    if i == 10:
        Later.x = (1, 2)
print(trace)

# stores through setattr with a name built at run time, and a dunder
name = "".join(["co", "unt"])
for i in range(3):
    setattr(Counter, name, i * 100)
    print(Counter.count, Sub().get(), getattr(Sub, name))


class Eq:
    tag = 1


e1, e2 = Eq(), Eq()
res = []
for i in range(4):
    res.append((e1 == e2, Eq.tag, e1.tag))
    if i == 1:
        Eq.__eq__ = lambda a, b: True
    Eq.tag = i
print(res)

# a class attribute read in a method called from a loop while another
# loop stores it (the store keeps the method's cache)
class Acc:
    total = 0

    def add(self, n):
        Acc.total += n
        return self.total


a = Acc()
print([a.add(i) for i in range(10)], Acc.total, a.total)

# one store site, several classes: a subclass gains its own attribute
# (a new name: a new version), the base's stays shared until then
class A:
    n = 0


class B(A):
    pass


class M(type):
    def __setattr__(cls, name, value):
        type.__setattr__(cls, name, value * 2 if isinstance(value, int) else value)


class WithMeta(metaclass=M):
    n = 1


steps = []
for i in range(8):
    cls = [A, B, A, WithMeta][i % 4]
    cls.n = cls.n + 1
    steps.append((A.n, B.n, WithMeta.n, A().n, B().n))
    if i == 4:
        del B.n
print(steps)
