x = 1
print(x is 'a', x is not 2.5)
[1, 2] [0, 1]
