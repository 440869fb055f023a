x = 1
print(x + 2 * 3)
