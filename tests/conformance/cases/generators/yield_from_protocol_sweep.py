# yield from over plain iterators (return values, StopIteration
# subclasses), close() and throw() through yield from in each of CPython's
# orders, throw() of a non-exception, and the same through await (issue #21).
class It:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n == 0: raise StopIteration(42)
        self.n -= 1; return self.n
class MyStop(StopIteration): pass
class It2(It):
    def __next__(self):
        raise MyStop("v")
def g(it):
    r = yield from it
    print("r =", r)
    return r
for it in [It(2), It2(0), iter([1,2]), It(0)]:
    gen = g(it)
    try:
        while True: print(next(gen))
    except StopIteration as e: print("done", e.value)
# close through yield from
def inner(mode):
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("inner GE", mode)
        if mode == 'return': return 5
        if mode == 'yield': yield 99
        raise
    finally:
        print("inner finally")
def outer(mode):
    try:
        r = yield from inner(mode)
        print("outer got", r)
    except GeneratorExit:
        print("outer GE")
        raise
    finally:
        print("outer finally")
for mode in ['raise','return','yield']:
    o = outer(mode); next(o)
    try:
        o.close(); print("closed")
    except Exception as e: print(type(e).__name__, e)
def outer2():
    try:
        yield from iter([1,2,3])
    except GeneratorExit:
        print("outer2 GE"); raise
o = outer2(); next(o); o.close(); print("closed2")
# throw non-exception
def outer3():
    try:
        yield from inner('raise')
    except TypeError as e:
        print("caught in outer3", e)
        yield 'after'
o = outer3(); next(o)
try:
    print(o.throw(5))
except TypeError as e: print("TE", e)
try: print(next(o))
except StopIteration: print("stop")
def outer4():
    yield from iter([1,2,3])
o = outer4(); next(o)
try: o.throw(ValueError("x"))
except ValueError as e: print("VE", e)
try: next(o)
except StopIteration: print("stop4")
def outer5():
    yield from inner('raise')
o=outer5(); next(o)
try: o.throw(5)
except TypeError as e: print("TE5", e)
print(next(o, 'exhausted'))
# coroutine variant
def cinner_gen():
    try:
        yield 1
    except GeneratorExit:
        print("cinner GE"); raise
class Aw:
    def __await__(self): return cinner_gen()
async def couter():
    try:
        await Aw()
    finally:
        print("couter finally")
c = couter(); c.send(None); c.close(); print("cclosed")
c = couter(); c.send(None)
try: c.throw(5)
except TypeError as e: print("cTE", e)
