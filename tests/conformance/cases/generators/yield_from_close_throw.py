# close() and throw() through yield from, in CPython's order.
def inner1():
    try:
        yield 1
    finally:
        print("inner1 finally")
def outer(it):
    try:
        yield from it
    except GeneratorExit:
        print("outer GeneratorExit")
        raise
    finally:
        print("outer finally")
g = outer(inner1()); next(g); g.close(); print("closed 1")
def inner2():
    try:
        yield 1
    except GeneratorExit:
        print("inner2 caught, returns")
        return 5
g = outer(inner2()); next(g); g.close(); print("closed 2")
def inner3():
    try:
        yield 1
    except GeneratorExit:
        print("inner3 yields")
        yield 2
g = outer(inner3()); next(g)
try: g.close()
except RuntimeError as e: print("RuntimeError:", e)
g = outer(iter([1, 2, 3])); print(next(g)); g.close(); print("closed 4")
class NoClose:
    def __iter__(s): return s
    def __next__(s): return 7
g = outer(NoClose()); print(next(g)); g.close(); print("closed 5")
class WithClose(NoClose):
    def close(s): print("WithClose.close")
g = outer(WithClose()); print(next(g)); g.close(); print("closed 6")
# throw non-exception
def inner4():
    while True:
        try:
            yield 1
        except Exception as e:
            print("inner4 got", type(e).__name__)
def outer2():
    try:
        yield from inner4()
    except TypeError as e:
        print("outer2 TypeError", e)
        yield "after"
g = outer2(); next(g)
try: print(g.throw(42))
except TypeError as e: print("TypeError:", e)
try: print(next(g))
except StopIteration: print("stopped")
g = outer2(); next(g)
print(g.throw(ValueError("v")))
print(g.throw(ValueError))
g.close(); print("closed 7")
# throw into builtin iterator delegation
g = outer(iter([1, 2])); next(g)
try: g.throw(KeyError("k"))
except KeyError as e: print("KeyError", e)
