def f(a, b):
    return a / b

x = 1
y = f(x, 0) + 2
