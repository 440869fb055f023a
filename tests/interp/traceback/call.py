def g(n):
    raise ValueError(f"bad value {n}")

def f():
    return [g(1), 2]

print("before")
f()
