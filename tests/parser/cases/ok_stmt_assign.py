x = 1
x = y = z = 1
x, y = 1, 2
(x, y) = 1, 2
[x, y] = [1, 2]
x.y = 1
x[0] = 1
x[0:1] = [1]
x, = y
(x) = 1
x = (yield)
a = b = yield
a: int
a: int = 1
a.b: int
a[0]: int = 1
(a): int = 1
a: "str" = "x"
x: list[int] = []
x: int = yield
x: tuple = 1, 2
