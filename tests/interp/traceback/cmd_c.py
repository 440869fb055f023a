def f(a):
    return a[0] / a[1]
f([1, 0])
