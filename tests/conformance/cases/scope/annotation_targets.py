# Bare annotations: a simple name is local to a function; an attribute or
# subscript target still evaluates its object and index.
x = "global"
def f():
    x: int
    print(x)
try: f()
except NameError as e: print(type(e).__name__, e)
def g():
    y: int
    return locals()
print(g())
def h():
    x: int = 5
    return x
print(h())
class C:
    x: int
    try:
        print(x)
    except NameError as e: print(type(e).__name__, e)
def k():
    (x): int
    print(x)
try: k()
except NameError as e: print(type(e).__name__, e)
def m():
    def inner():
        return x
    x: int
    return inner
try: m()()
except NameError as e: print(type(e).__name__, e)
def n():
    obj.attr: int
    return 1
try: n()
except NameError as e: print(type(e).__name__, e)
class O: pass
obj = O(); d = {}
def p():
    obj.attr: int
    d[print("key")]: int
    d[1:print("slice")]: int
    return hasattr(obj, "attr"), d
print(p())
