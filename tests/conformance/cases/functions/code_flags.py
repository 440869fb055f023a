# co_flags as CPython 3.11 sets them: optimized/new locals for functions,
# lambdas and comprehensions, nested inside a function, the generator and
# coroutine kinds, *args/**kwargs, and the future-annotations flag.
def f():
    def g(): pass
    class C:
        def m(self): pass
        print("method in a class in a function", m.__code__.co_flags)
    print("nested", g.__code__.co_flags)
    return lambda: 1
print("top", f.__code__.co_flags, "lambda inside", f().__code__.co_flags)
async def a(*x, **k): await b
async def ag(): yield 1
def gen(): yield
class D:
    def m(self): pass
print(a.__code__.co_flags, ag.__code__.co_flags, gen.__code__.co_flags, D.m.__code__.co_flags)
print(compile('x', 's', 'exec').co_flags, compile('x', 's', 'eval').co_flags)
print(compile('x', 's', 'exec', 0x1000000).co_flags)
print(compile('lambda: 0', 's', 'eval').co_flags)
