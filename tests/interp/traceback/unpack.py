pairs = [(1, 2), (3, 4, 5)]
for first, second in pairs:
    print(first + second)
