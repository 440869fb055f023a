# closures, scopes, defaults, decorators, keyword arguments
def make_counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c = make_counter()
print(c(), c(), c(5), c.__name__, c.__qualname__)
fns = [lambda: i for i in range(3)]
print([f() for f in fns], [(lambda i=i: i)() for i in range(3)])
x = "global"
def read_global():
    return x
def shadow():
    x = "local"
    def inner():
        return x
    return inner()
print(read_global(), shadow())
def set_global():
    global x
    x = "changed"
set_global()
print(x)
def broken():
    print(y_local)
    y_local = 1
try:
    broken()
except UnboundLocalError as e:
    print("UnboundLocalError", e)
def defaults(a, b=[], *args, c, d=4, **kw):
    b.append(a)
    return a, b, args, c, d, kw
print(defaults(1, c=3), defaults(2, c=3), defaults(1, [0], 7, 8, c=9, e=10))
def posonly(a, b, /, c, *, d):
    return a + b + c + d
print(posonly(1, 2, 3, d=4), posonly(1, 2, c=3, d=4))
for call in [lambda: posonly(1, b=2, c=3, d=4), lambda: posonly(1, 2, 3, 4), lambda: defaults(), lambda: defaults(1, c=1, a=2), lambda: posonly(1, 2, 3, d=4, e=5)]:
    try:
        call()
    except TypeError as e:
        print("TypeError", e)
import functools
def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print(f"call {fn.__name__}{args}")
        return fn(*args, **kwargs)
    return wrapper
@trace
def add(a, b):
    """Add two numbers."""
    return a + b
print(add(2, 3), add.__name__, add.__doc__, add.__wrapped__.__name__)
def repeat(n):
    def deco(fn):
        def wrapper(*a):
            return [fn(*a) for _ in range(n)]
        return wrapper
    return deco
@repeat(3)
def hello(name):
    return "hi " + name
print(hello("bo"))
class Memo:
    def __init__(self, fn):
        self.fn = fn
        self.cache = {}
    def __call__(self, n):
        if n not in self.cache:
            self.cache[n] = self.fn(n)
        return self.cache[n]
@Memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), len(fib.cache))
def kwonly(*, key):
    return key
print(kwonly(key=1), (lambda *a, **k: (a, k))(1, 2, x=3))
args = (1, 2)
kwargs = {"c": 3, "d": 4}
print(posonly(*args, **kwargs), "{} {}".format(*args), dict(**kwargs, e=5))
try:
    dict(**kwargs, c=5)
except TypeError as e:
    print("TypeError", e)
def outer():
    v = 1
    def mid():
        def inner():
            return v
        return inner
    v = 2
    return mid()()
print(outer())
def gen_closure():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in gen_closure()])
print((lambda: 1).__name__, add.__module__, callable(add), callable(3), defaults.__defaults__, defaults.__kwdefaults__)
def annotated(a: int, b: "str" = "x") -> bool:
    return True
print(annotated.__annotations__)
def recurse(n):
    return recurse(n + 1)
try:
    recurse(0)
except RecursionError as e:
    print("RecursionError", e)
