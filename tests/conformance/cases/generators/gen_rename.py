# A generator's __name__ and __qualname__ can be reassigned (str only).
def g():
    yield 1
x = g()
x.__name__ = "renamed"
x.__qualname__ = "Q.renamed"
print(x.__name__, x.__qualname__, repr(x).split()[2])
for v in (1, None):
    try:
        x.__name__ = v
    except TypeError as e:
        print("TypeError", e)
try:
    del x.__qualname__
except TypeError as e:
    print("TypeError", e)
async def c(): pass
co = c(); co.__name__ = "cc"; print(co.__name__); co.close()
