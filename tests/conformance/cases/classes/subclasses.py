# type.__subclasses__(): the direct subclasses, in definition order.
class A: pass
class B(A): pass
class C(A): pass
class D(B, C): pass
print(A.__subclasses__())
print(B.__subclasses__(), C.__subclasses__(), D.__subclasses__())
def make(name):
    return type(name, (A,), {})
e = make("E")
print([c.__name__ for c in A.__subclasses__()])
print(type.__subclasses__(A) == A.__subclasses__())
print(bool in int.__subclasses__(), D in object.__subclasses__(), A in object.__subclasses__())
class Meta(type): pass
class K(metaclass=Meta): pass
class L(K): pass
print(K.__subclasses__(), type.__subclasses__(Meta), Meta.__subclasses__(Meta))
try:
    A.__subclasses__(1)
except TypeError as e:
    print("TypeError")
