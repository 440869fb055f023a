def f(): pass
def f(a): pass
def f(a, b): pass
def f(a=1): pass
def f(a, b=1): pass
def f(*a): pass
def f(**a): pass
def f(*, a): pass
def f(*, a=1, b): pass
def f(a, /): pass
def f(a, /, b): pass
def f(a=1, /, b=2, *, c, d=3, **e): pass
def f(a: int, b: str = "x", *c: int, d: float, **e: dict) -> None: pass
def f(a,): pass
def f(*a,): pass
def f(**a,): pass
def f(a, *, b,): pass
def f() -> "str": ...
def f(a, b, /, c, d, *e, f, g, **h): pass
