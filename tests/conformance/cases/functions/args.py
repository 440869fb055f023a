def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6))
def g(x, /, y, *, z):
    return x + y + z
print(g(1, 2, z=3), g(1, y=2, z=3))
def h(*args, **kwargs):
    return args, kwargs
print(h(), h(1, *[2, 3], a=1, **{'b': 2}))
print((lambda x, y=10: x * y)(3))
def defaults(l=[]):
    l.append(1)
    return l
print(defaults(), defaults())
print(f.__name__, g.__qualname__, (lambda: 0).__name__)
