def naturals():
    n = 0
    while True:
        yield n
        n += 1
def take(n, it):
    out = []
    for x in it:
        if len(out) >= n:
            break
        out.append(x)
    return out
print(take(5, naturals()))
evens = (n for n in naturals() if n % 2 == 0)
print([next(evens) for _ in range(4)])
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(15)])
