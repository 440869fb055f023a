class A:
    def m(self): pass
A.__name__ = "B"
print(repr(A), A.__name__, A.__qualname__, A().__class__.__name__, type(A()).__name__)
A.__qualname__ = "Outer.B"
print(repr(A), A.__qualname__, A.__name__)
for v in [1, 'a\x00b', None]:
    try:
        A.__name__ = v
    except Exception as e:
        print(type(e).__name__, e)
for attr in ["__name__", "__qualname__"]:
    try:
        delattr(A, attr)
    except Exception as e:
        print(type(e).__name__, e)
try:
    A.__qualname__ = 3
except Exception as e:
    print(type(e).__name__, e)
try:
    int.__name__ = 'x'
except Exception as e:
    print(type(e).__name__, e)
try:
    A().missing
except AttributeError as e:
    print(e)
def make(name):
    class C:
        pass
    C.__name__ = C.__qualname__ = name
    return C
print(make("Dyn"), make("Dyn")().__class__.__qualname__)
class N(str): pass
A.__name__ = N("Sub")
print(A.__name__, repr(A))
print(type(lambda: 0).__code__, type(lambda: 0).__name__, type.__dict__["__name__"], int.__dict__["real"])
print(type(lambda: 0).__dict__["__code__"].__get__(lambda: 0, None).co_name)
for d, o in [(type(lambda: 0).__dict__["__code__"], 5), (list.append, 1), (int.__dict__["real"], "x")]:
    try:
        d.__get__(o, type(o))
    except TypeError as e:
        print("TypeError", e)
print(type(type.__dict__["__name__"]).__name__, type(int.__add__).__name__)
