# obj.__class__ = Other: allowed between classes of the same layout, else
# the TypeErrors CPython raises.
class A:
    def who(self):
        return "A"
class B:
    def who(self):
        return "B"
class C(A):
    pass
class S(A):
    __slots__ = ('x',)
class T(A):
    __slots__ = ('x',)
class U(A):
    __slots__ = ('y',)
class N:
    __slots__ = ()
class M:
    __slots__ = ()

a = A()
a.v = 1
a.__class__ = B
print(type(a).__name__, a.who(), a.v, isinstance(a, B), isinstance(a, A))
a.__class__ = C
print(type(a).__name__, a.who(), vars(a))
s = S()
s.__class__ = T
print(type(s).__name__)
n = N()
n.__class__ = M
print(type(n).__name__)
cases = [(1, A), ("s", A), (a, int), (a, S), (a, 5), (a, N), (S(), U), (S(), A), (N(), A), (A(), object)]
for target, val in cases:
    try:
        target.__class__ = val
        print("ok", type(target).__name__)
    except TypeError as e:
        print("TypeError:", e)
try:
    del a.__class__
except TypeError as e:
    print("TypeError:", e)
class I1(int):
    pass
class I2(int):
    pass
class F1(float):
    pass
class F2(float):
    pass
for obj, cls in [(I1(5), I2), (F1(2.5), F2)]:
    try:
        obj.__class__ = cls
        print(type(obj).__name__, obj + 1)
    except TypeError as e:
        print("TypeError:", e)
