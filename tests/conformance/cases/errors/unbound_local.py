def f():
    if False:
        x = 1
    return x
f()
