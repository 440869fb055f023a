# partial: nesting, keyword merging/overriding, attributes, subclasses, errors
from functools import partial
def f(*args, **kw):
    return args, kw
p = partial(f, 1, a=1)
print(p(2, b=2), p(a=9), p.args, p.keywords)
q = partial(p, 3, b=3)
print(q.func is f, q.args, q.keywords, q(4))
p.note = 'set'
r = partial(p, 5)
print(r.func is p, r.args, p.note, p.__dict__)
class P(partial):
    def extra(self):
        return 'extra'
s = P(f, 7)
print(s(8), s.extra(), type(s).__name__, isinstance(s, partial))
print(partial(int, '10', base=2)(), partial(sorted, key=len)(['ccc', 'a', 'bb']))
b = partial(print, end='!\n')
b('hi')
try:
    partial()
except TypeError as e:
    print(type(e).__name__, e)
try:
    partial(None)
except TypeError as e:
    print(type(e).__name__, e)
try:
    partial(len)()
except TypeError as e:
    print(type(e).__name__, e)
try:
    p.args = ()
except AttributeError as e:
    print(type(e).__name__)
class C:
    m = partial(f, 'unbound')
print(C().m(), C.m())
print(partial(max)([3, 1, 2]), [partial(pow, 2)(i) for i in range(5)])
print(list(map(partial(int, base=16), ['ff', '10'])))
print(callable(p), hash(p) == hash(p), p == p, p != partial(f, 1, a=1))
