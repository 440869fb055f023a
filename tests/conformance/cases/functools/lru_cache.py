# lru_cache / cache: hits and misses, eviction order, typed, kwargs, clear
from functools import lru_cache, cache
calls = []
@lru_cache(maxsize=3)
def sq(x):
    calls.append(x)
    return x * x
for v in [1, 2, 3, 1, 4, 2, 1, 5, 3]:
    sq(v)
print(calls, sq.cache_info())
info = sq.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info[0], type(info).__name__, info._fields)
sq.cache_clear(); print(sq.cache_info(), sq.cache_parameters())
@lru_cache
def kw(a, b=1, *, c=2):
    calls.append((a, b, c))
    return a + b + c
calls.clear()
print(kw(1), kw(1), kw(1, 1), kw(a=1), kw(1, c=2), kw(1, 2, c=3), kw(1, 2, c=3))
print(calls, kw.cache_info())
@lru_cache(maxsize=None, typed=True)
def ty(x):
    return type(x).__name__
print(ty(1), ty(1.0), ty(True), ty(1), ty.cache_info())
@lru_cache(maxsize=0)
def nocache(x):
    return x
nocache(1); nocache(1); print(nocache.cache_info())
@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(150), fib.cache_info())
@lru_cache(maxsize=-5)
def neg(x):
    return x
neg(1); neg(1); print(neg.cache_info())
try:
    lru_cache('bad')
except TypeError as e:
    print(type(e).__name__, e)
try:
    sq([1])
except TypeError as e:
    print(type(e).__name__, e)
class C:
    @lru_cache(maxsize=None)
    def m(self, x):
        return x * 10
c = C(); print(c.m(2), c.m(2), C.m.cache_info())
print(sq.__name__, sq.__wrapped__(7), fib.__wrapped__.__name__)
@lru_cache()
def empty():
    calls.append('e')
    return 'v'
calls.clear(); print(empty(), empty(), calls, empty.cache_info())
