# attack: infinite recursion, def f(): return f() (uncaught)
# status: 1
# stderr: RecursionError: maximum recursion depth exceeded
# serves-after
def f():
    return f()
f()
