a = b = c
a, b = c
a += 1
a: int = 1
del a, b
assert x, y
raise E from e
x = yield
