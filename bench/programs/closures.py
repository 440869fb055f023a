# Closures and nonlocal state.
def counter():
    n = 0
    def inc(k=1):
        nonlocal n
        n += k
        return n
    return inc

def compose(f, g):
    return lambda x: f(g(x))

c = counter()
for i in range(900000):
    c()
h = compose(lambda x: x + 1, lambda x: x * 2)
print(c(0), sum(h(i) for i in range(300000)))
