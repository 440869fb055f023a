def f():
    global a
    global a, b, c
    def g():
        nonlocal a
        nonlocal a, b
