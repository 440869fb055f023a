# CPython's compile-time SyntaxWarnings (stderr, with the source line),
# then an uncaught exception.
x = 1
if x is 1:
    print("one")
assert (x, "m")
y = [1, 2]
print(y[0] if x is not "a" else 0)
print(x is -1, x is (), x is (1, 2), x is (x,), x is None, None is x, x is ...)
def f():
    return [1, 2] [0, 1]
def g():
    return (1, 2) (3, 4)
def h():
    return "abc" [1.5], "abc"[x], {1, 2}[0], None[0], 3[0], f"x"["a"], [1][:1]
def k():
    return [x for x in y] ("a"), "ab" "cd"(1), 1 < x is 2
exec("z = 1 is 1")
f()
