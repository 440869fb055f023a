def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = counter()
print(c(), c(), c())
def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in make_adders()])
def outer():
    x = 'outer'
    def mid():
        def inner():
            return x
        return inner()
    return mid()
print(outer())
fs = []
for i in range(3):
    fs.append(lambda: i)
print([f() for f in fs])
