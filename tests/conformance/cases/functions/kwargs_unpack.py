def f(a, b, c=3):
    return a + b + c
args = (1, 2)
kw = {'c': 10}
print(f(*args), f(*args, **kw), f(**{'a': 1, 'b': 1}))
def g(**kw):
    return sorted(kw.items())
print(g(x=1, **{'y': 2}))
try:
    f(1, **{'a': 2, 'b': 3})
except TypeError as e:
    print(e)
try:
    g(**{1: 2})
except TypeError as e:
    print(e)
