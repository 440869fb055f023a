def f():
    raise ValueError("bad value")
print("before")
f()
