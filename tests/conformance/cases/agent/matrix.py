def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
a = [[1, 2], [3, 4]]
b = [[5, 6], [7, 8]]
print(matmul(a, b))
t = list(map(list, zip(*a)))
print(t, [sum(r) for r in a], sum(map(sum, a)))
ident = [[int(i == j) for j in range(3)] for i in range(3)]
print(ident)
print('\n'.join(' '.join(f'{v:3d}' for v in row) for row in matmul(a, a)))
