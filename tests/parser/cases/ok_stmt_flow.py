def f():
    return
    return 1
    return 1, 2
    return *a, b
while True:
    break
    continue
raise
raise E
raise E("x")
raise E from e
raise E from None
assert x
assert x, "msg"
assert (x, "msg")
