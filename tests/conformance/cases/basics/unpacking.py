a, b = 1, 2
a, b = b, a
print(a, b)
x, *y, z = range(6)
print(x, y, z)
(p, q), r = (1, 2), 3
print(p, q, r)
first, *rest = "hello"
print(first, rest)
print(*[1, 2], *(3,), sep='-')
d = {**{'a': 1}, 'b': 2, **{'c': 3}}
print(d)
l = [*range(3), *"ab"]
print(l)
