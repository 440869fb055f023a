# class features: properties, descriptors, __init_subclass__, __slots__, super
class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v
    @c.deleter
    def c(self):
        print("deleting")
        del self._c
    @property
    def f(self):
        return self._c * 9 / 5 + 32

t = Temp(100)
print(t.c, t.f)
t.c = 0
print(t.c, t.f)
try:
    t.c = -300
except ValueError as e:
    print("ValueError", e)
try:
    t.f = 5
except AttributeError as e:
    print("AttributeError", e)
del t.c
print(hasattr(t, "_c"))

class Typed:
    def __init__(self, kind):
        self.kind = kind
    def __set_name__(self, owner, name):
        self.name = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name, None)
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.name[1:]} must be {self.kind.__name__}")
        setattr(obj, self.name, value)

class Person:
    name = Typed(str)
    age = Typed(int)
    def __init__(self, name, age):
        self.name = name
        self.age = age

p = Person("Ann", 30)
print(p.name, p.age, type(Person.name).__name__, Person.name.name)
try:
    p.age = "old"
except TypeError as e:
    print("TypeError", e)

registry = []
class Plugin:
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
        registry.append(cls.__name__)
class A(Plugin, tag="a"):
    pass
class B(A):
    pass
print(registry, A.tag, B.tag)

class Slotted:
    __slots__ = ("x", "y")
    def __init__(self):
        self.x = 1
s = Slotted()
s.y = 2
print(s.x, s.y, Slotted.__slots__)

class Base:
    def __init__(self):
        self.log = ["Base"]
    def greet(self):
        return "base"
    @classmethod
    def make(cls):
        return cls()
    @staticmethod
    def util(x):
        return x * 2
class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Mid")
    def greet(self):
        return "mid+" + super().greet()
class Leaf(Mid):
    def __init__(self):
        super().__init__()
        self.log.append("Leaf")
    def greet(self):
        return "leaf+" + super(Leaf, self).greet()
l = Leaf()
print(l.log, l.greet(), type(Leaf.make()).__name__, Leaf.util(4), l.util(5))
print([c.__name__ for c in Leaf.__mro__], Leaf.__bases__, Leaf.__name__, Leaf.__qualname__)

class X: pass
class Y(X): pass
class Z(X): pass
class W(Y, Z): pass
print([c.__name__ for c in W.__mro__])
try:
    class Bad(X, Y): pass
except TypeError as e:
    print("TypeError", e)

class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
        self.id = Counter.count
c1, c2 = Counter(), Counter()
print(c1.id, c2.id, Counter.count, c1.count, vars(c1))
c1.count = 99
print(c1.count, Counter.count)
print(isinstance(l, (int, Base)), issubclass(Leaf, (str, Mid)), isinstance(3, (str, list)))

class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["created_by"] = "Meta"
        return super().__new__(mcs, name, bases, ns)
class WithMeta(metaclass=Meta):
    pass
print(WithMeta.created_by, type(WithMeta).__name__, isinstance(WithMeta, Meta))

class Dyn:
    def __getattr__(self, name):
        if name.startswith("x"):
            return name.upper()
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
d = Dyn()
print(d.xyz, getattr(d, "nope", "default"))
try:
    d.nope
except AttributeError as e:
    print("AttributeError", e)
