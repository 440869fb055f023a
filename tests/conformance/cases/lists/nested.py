grid = [[0] * 3 for _ in range(3)]
grid[1][1] = 5
print(grid)
shared = [[0] * 2] * 2
shared[0][0] = 1
print(shared)
l = [1, [2, 3], (4, 5)]
a = l[:]
a[1].append(99)
print(l, a is l, a == l)
print([x for sub in [[1, 2], [3]] for x in sub], list(zip(*[(1, 'a'), (2, 'b')])))
print(len([[]]), [] == [], [[]] == [[]], [1, 2, 3][-1], [1, 2, 3][::-2])
