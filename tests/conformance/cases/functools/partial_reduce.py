import functools as ft
def f(a, b=2, *, c=3): return (a, b, c)
class P(ft.partial): pass
p = ft.partial(f, 1, c=5)
print(repr(p).replace(hex(id(f)), 'X'))
print(repr(P(f, 1)).replace(hex(id(f)), 'X'))
print(repr(ft.partial(p, 2, c=9)).replace(hex(id(f)), 'X'))
q = ft.partial(p); q.attr = 1
print(repr(ft.partial(q, 3)).replace(hex(id(f)), 'X')[:60])
for t in ["ft.partial()", "ft.partial(1)", "ft.reduce(len)", "ft.reduce(len,[],1,2)", "ft.reduce(lambda a,b:a+b, [])", "ft.reduce(lambda a,b:a+b, [], 5)", "ft.reduce(lambda a,b:a+b, 1)", "p.func is f", "p.args", "p.keywords", "ft.partial(f, x=1).keywords", "ft.partial(p, 2, c=9).args", "p(2)", "p(2, c=1)", "ft.partial.__name__", "ft.partial(f)(b=1, a=0)", "ft.reduce(function=len, sequence=[1])"]:
    try:
        print(t, '->', repr(eval(t)))
    except Exception as e:
        print(t, '!!', type(e).__name__, e)
try:
    p.func = 2
except Exception as e: print(type(e).__name__)
