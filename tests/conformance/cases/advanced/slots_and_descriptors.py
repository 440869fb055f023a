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
print(p.name, p.age, type(Person.name).__name__)
try:
    p.age = "old"
except TypeError as e:
    print(e)
class P2:
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, x):
        self._v = x
    @v.deleter
    def v(self):
        print("deleting")
        del self._v
q = P2(); q.v = 3; print(q.v); del q.v; print(hasattr(q, '_v'))
