def deco(fn):
    def wrapper(*a, **k):
        print("calling", fn.__name__)
        return fn(*a, **k)
    wrapper.__name__ = fn.__name__
    wrapper.__wrapped__ = fn
    return wrapper
@deco
def add(a, b):
    "adds"
    return a + b
print(add(2, 3), add.__name__, add.__wrapped__.__doc__)
def repeat(n):
    def d(fn):
        def w():
            return [fn() for _ in range(n)]
        return w
    return d
@repeat(3)
def one():
    return 1
print(one())
