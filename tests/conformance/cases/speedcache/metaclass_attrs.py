# Class attributes of classes whose metaclass is a Python class, read and
# called in loops (their inline caches key on the class's version), while
# the metaclass changes: it gains a property of the same name (a data
# descriptor of the metaclass comes first), a method of the metaclass
# called on the class is replaced, the class gains an attribute that
# shadows the metaclass's method, the metaclass gains __getattribute__,
# a base metaclass changes, and a polymorphic site sees many classes.
class Meta(type):
    def describe(cls):
        return "meta:" + cls.__name__


class SubMeta(Meta):
    pass


class A(metaclass=Meta):
    tag = "a"
    count = 0


class B(A):
    pass


class C(metaclass=SubMeta):
    tag = "c"


out = []
for i in range(9):
    row = []
    for cls in (A, B, C):
        try:
            row.append(cls.tag)
            d = cls.describe
            row.append(d() if callable(d) else d)
        except AttributeError as e:
            row.append(type(e).__name__)
    out.append(row)
    A.count += 1
    if i == 1:
        Meta.tag = property(lambda cls: "meta prop " + cls.__name__)
    if i == 2:
        Meta.describe = lambda cls: "replaced " + cls.__name__
    if i == 3:
        B.describe = classmethod(lambda cls: "own " + cls.__name__)
    if i == 4:
        del Meta.tag
    if i == 5:
        SubMeta.__getattribute__ = lambda cls, name: "intercepted " + name
    if i == 6:
        del SubMeta.__getattribute__
        del Meta.describe
print(out)
print(A.count, B.count)

# class attribute stores through a metaclass that gains __setattr__ later
class Store(metaclass=Meta):
    n = 0


log = []
for i in range(6):
    Store.n = Store.n + 1
    log.append(Store.n)
    if i == 2:
        Meta.__setattr__ = lambda cls, name, value: type.__setattr__(cls, name, value * 10)
print(log)
del Meta.__setattr__

# one site, many classes (each its own version)
classes = [Meta("K%d" % k, (), {"v": k}) for k in range(6)]
total = 0
for i in range(60):
    total += classes[i % 6].v + classes[(i * 7) % 6].v
print(total)
classes[3].v = 100
print(sum(c.v for c in classes))
