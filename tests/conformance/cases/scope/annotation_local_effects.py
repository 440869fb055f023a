# A function's own annotations are never evaluated, but CPython's symbol
# table still reads them: a yield there makes a generator, := makes a local.
def g():
    x: (yield)
print(type(g()).__name__)

def h():
    x: (y := 1)
    print(y)
try:
    h()
except NameError as e:
    print(type(e).__name__, e)

y = 5
def k():
    x: [z for z in (y,)]
    return "ran"
print(k())
