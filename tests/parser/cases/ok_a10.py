a, *b = c
x = y = z
x += 1
a[1:2, ::3] = b.c
del a[0], b.c
global q
lambda x, *y, z=1, **k: x
x if y else z
not a and b or c
a < b <= c != d is not e not in f
-x ** -y
await z
