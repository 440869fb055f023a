class Oops(Exception):
    pass
def f():
    raise Oops
f()
