def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"
g = count(3)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
def echo():
    x = yield "ready"
    while True:
        x = yield f"got {x}"
e = echo()
print(next(e), e.send(1), e.send(2))
def delegate():
    r = yield from count(2)
    print("sub returned", r)
    yield "end"
print(list(delegate()))
print(sum(x * x for x in range(10)), list(zip(count(3), "abc")))
def closing():
    try:
        yield 1
        yield 2
    finally:
        print("closed")
c = closing()
next(c)
c.close()
