print([x for x in range(5)], [x * y for x in range(3) for y in range(3) if x != y])
print({x % 3 for x in range(10)}, {x: x ** 2 for x in range(4)})
print(list(x for x in "abc"), [[j for j in range(i)] for i in range(4)])
x = 10
print([x for x in range(3)], x)
m = [[1, 2], [3, 4]]
print([v for row in m for v in row], [sum(r) for r in m])
print(any(x > 3 for x in range(5)), all(x < 3 for x in range(5)))
