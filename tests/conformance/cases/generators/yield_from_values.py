def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return x + y
def outer():
    r = yield from inner()
    print("result", r)
    yield r * 10
g = outer()
print(next(g))
print(g.send(5))
print(g.send(7))
try:
    next(g)
except StopIteration:
    print("done")
def flatten(x):
    for i in x:
        if isinstance(i, list):
            yield from flatten(i)
        else:
            yield i
print(list(flatten([1, [2, [3, [4]], 5]])))
