# Attribute loads and method calls on classes themselves (C.attr,
# C.method(obj), C.factory()): cached on the class's version, so a class
# attribute rebound on the class or a base, a classmethod or staticmethod
# replaced, and attributes of the metaclass must all be seen.
class Base:
    LIMIT = 10

    @classmethod
    def make(cls):
        return cls.__name__

    @staticmethod
    def double(x):
        return 2 * x

    def describe(self):
        return "base " + type(self).__name__


class Child(Base):
    pass


out = []
for i in range(8):
    out.append((Child.LIMIT, Child.make(), Child.double(i), Child.describe(Child())))
    if i == 1:
        Base.LIMIT = 20
    if i == 2:
        Child.LIMIT = 30
    if i == 3:
        Base.make = classmethod(lambda cls: "new make " + cls.__name__)
    if i == 4:
        Child.double = staticmethod(lambda x: -x)
    if i == 5:
        Base.describe = lambda self: "replaced"
    if i == 6:
        del Child.LIMIT
        del Child.double
print(out)

names = []
for cls in [Base, Child, Base, int, str, Child]:
    names.append((cls.__name__, cls.__qualname__, getattr(cls, "LIMIT", None)))
print(names)

parts = []
for i in range(3):
    parts.append(str.join("-", ["a", str(i)]))
    parts.append(dict.fromkeys("ab", i))
print(parts)


class Meta(type):
    @property
    def LIMIT(cls):
        return "meta property"

    def hello(cls):
        return "meta method"


class WithMeta(metaclass=Meta):
    LIMIT = 1


class Plain:
    LIMIT = 2


seen = []
for cls in [Plain, WithMeta, Plain, WithMeta]:
    seen.append(cls.LIMIT)
seen.append(WithMeta.hello())
print(seen)

try:
    for i in range(3):
        print(Plain.missing if i == 2 else Plain.LIMIT)
except AttributeError as e:
    print("AE", e)
