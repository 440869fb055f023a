def f():
print("x")
