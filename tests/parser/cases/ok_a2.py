def f(a, b=1, *args, c, d=2, **kw):
    return a
