registry = []
class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__()
        registry.append((cls.__name__, kw))
class A(Base): pass
class B(Base, tag="x"): pass
print(registry)
class Slotted:
    __slots__ = ('a', 'b')
    def __init__(self):
        self.a = 1
print(Slotted().a)
class Desc:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, typ=None):
        return f"desc {self.name}"
class U:
    attr = Desc()
print(U().attr, U.attr)
