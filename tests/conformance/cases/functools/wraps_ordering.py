# update_wrapper / wraps, total_ordering, cmp_to_key, cached_property
import functools
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@deco
def f(x: int = 1) -> int:
    """Doc of f."""
    return x
f.extra = 1
print(f.__name__, f.__doc__, f.__qualname__, f.__module__, f.__annotations__, f.__wrapped__(5))
def plain(): pass
def target(): 'tdoc'
target.attr = 'copied'
functools.update_wrapper(plain, target)
print(plain.__name__, plain.__doc__, plain.attr, plain.__wrapped__ is target)
def g(): pass
functools.update_wrapper(g, target, assigned=('__doc__',), updated=())
print(g.__name__, g.__doc__, hasattr(g, 'attr'))
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)

@functools.total_ordering
class Ver:
    def __init__(self, *p):
        self.p = p
    def __eq__(self, o):
        return self.p == o.p
    def __lt__(self, o):
        return self.p < o.p
    def __repr__(self):
        return f'Ver{self.p}'
vs = [Ver(1, 2), Ver(1, 0), Ver(0, 9)]
print(sorted(vs), Ver(1) <= Ver(1), Ver(2) > Ver(1), Ver(1) >= Ver(2), max(vs))
@functools.total_ordering
class Ge:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
    def __ge__(self, o):
        return self.v >= o.v
print(Ge(1) < Ge(2), Ge(1) <= Ge(1), Ge(3) > Ge(2), Ge(1) > Ge(1))
try:
    @functools.total_ordering
    class Nothing:
        pass
except ValueError as e:
    print(type(e).__name__, e)

def cmp(a, b):
    return (a > b) - (a < b)
print(sorted([5, 2, 9, 1], key=functools.cmp_to_key(cmp)), sorted(['bb', 'a', 'ccc'], key=functools.cmp_to_key(lambda a, b: len(b) - len(a))))
K = functools.cmp_to_key(cmp)
print(K(1) < K(2), K(2) == K(2), K(3) >= K(4))
try:
    hash(K(1))
except TypeError as e:
    print(type(e).__name__)

class Data:
    def __init__(self, n):
        self.n = n
        self.computed = 0
    @functools.cached_property
    def total(self):
        self.computed += 1
        return sum(range(self.n))
d = Data(10)
print(d.total, d.total, d.computed, d.__dict__['total'])
del d.total
print(d.total, d.computed)
d.total = 5; print(d.total)
print(type(Data.total).__name__, Data.total.attrname)
cp = functools.cached_property(lambda self: 1)
class Late:
    pass
try:
    cp.__get__(Late(), Late)
except TypeError as e:
    print(type(e).__name__, e)
class Slots:
    __slots__ = ('a',)
    @functools.cached_property
    def v(self):
        return 1
