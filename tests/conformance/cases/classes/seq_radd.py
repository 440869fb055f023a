# Sequences have no __radd__ (CPython's sq_concat); subclasses may add one.
class L(list):
    def __radd__(self, other):
        return "radd:" + repr(other)
print([1] + L([2]), L([2]) + [1], type(L([2]) + [1]).__name__)
class S(str):
    def __radd__(self, other):
        return S("r" + other)
print("a" + S("b"), type("a" + S("b")).__name__, S("b") + "a")
class T(tuple):
    pass
print((1,) + T((2,)), T((2,)) + (1,), type(T((2,)) + (1,)).__name__)
print(sum([[1], [2]], []), sum([L([1])], []))
try:
    print(list.__radd__)
except AttributeError as e:
    print("AttributeError", e)
class M(list):
    def __add__(self, o):
        return "M.add"
print(M() + [1], [1] + M())
