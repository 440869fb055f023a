x = 1
print(x + 2 * 3)
y = (a, b)
z = a.b.c[0](1, k=2)
