import functools
from functools import *
@lru_cache(maxsize=2)
def f(x): return x*2
f(1); f(1); f(2); f(3); f(1)
print(f.cache_info(), f.__name__, f.__wrapped__.__name__)
f.cache_clear(); print(f.cache_info())
@cache
def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)
print(fib(80), fib.cache_info())
@lru_cache(typed=True)
def t(x): return type(x).__name__
print(t(1), t(1.0), t.cache_info(), t.cache_parameters())
try: lru_cache(maxsize='a')
except TypeError as e: print(e)
def deco(fn):
    @wraps(fn)
    def inner(*a, **k):
        """inner doc"""
        return fn(*a, **k)
    return inner
@deco
def hello(x: int) -> str:
    """hello doc"""
    return str(x)
print(hello.__name__, hello.__doc__, hello.__wrapped__.__name__, hello.__annotations__, hello.__qualname__)
@total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) > V(2), V(2) >= V(2), V(3) <= V(2))
try:
    @total_ordering
    class N: pass
except ValueError as e: print(e)
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))
class C:
    def __init__(self): self.n = 0
    @cached_property
    def val(self):
        self.n += 1
        return 42
c = C(); print(c.val, c.val, c.n, 'val' in c.__dict__)
@singledispatch
def show(x): return 'default'
@show.register
def _(x: int): return 'int'
@show.register(list)
def _(x): return 'list'
@show.register(str)
def _s(x): return 'str'
print(show(1), show([1]), show('a'), show(1.5), show(True))
from collections.abc import Mapping
@show.register(Mapping)
def _(x): return 'mapping'
print(show({}), show.dispatch(dict).__name__ if hasattr(show.dispatch(dict), '__name__') else None)
class Cell:
    def __init__(self): self._alive = False
    def set_state(self, state): self._alive = bool(state)
    set_alive = partialmethod(set_state, True)
cl = Cell(); cl.set_alive(); print(cl._alive)
print(reduce(lambda a, b: a * b, range(1, 6)), reduce(lambda a, b: a + b, [], 0))
p = partial(int, base=2); print(p('101'), p.func, p.args, p.keywords)
class Sd:
    @singledispatchmethod
    def m(self, x): return 'base'
    @m.register
    def _(self, x: int): return 'int'
print(Sd().m(1), Sd().m('a'))
