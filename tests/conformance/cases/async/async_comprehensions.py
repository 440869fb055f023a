import asyncio
async def agen(n):
    for i in range(n):
        yield i
async def double(x):
    return x * 2
async def main():
    a = [x async for x in agen(4)]
    b = [await double(x) for x in range(3)]
    c = {x: await double(x) async for x in agen(3) if x != 1}
    d = {x async for x in agen(3)}
    e = [x * y async for x in agen(3) for y in range(2)]
    f = [y for x in range(2) async for y in agen(x + 1)]
    g = [[z async for z in agen(x)] for x in range(3)]
    h = (x async for x in agen(3))
    hh = [v async for v in h]
    print(a, b, c, d, e, f, g, hh, type(h).__name__)
    return a
print(asyncio.run(main()))
async def co():
    return 1
c = co()
try:
    iter(c)
except TypeError as e:
    print("TypeError", e)
print(hasattr(c, "__iter__"), hasattr(c, "__await__"), hasattr(c, "send"))
c.close()
try:
    for x in iter(c):
        pass
except TypeError as e:
    print("TypeError", e)
class Awaitable:
    def __init__(self, coro):
        self.coro = coro
    def __await__(self):
        return self.coro.__await__()
async def inner():
    await asyncio.sleep(0)
    return 41
async def outer():
    w = inner().__await__()
    print(type(w).__name__, iter(w) is w)
    w.close()
    v = await Awaitable(inner())
    return v + 1
print(asyncio.run(outer()))
def drive(coro):
    it = coro.__await__()
    try:
        while True:
            next(it)
    except StopIteration as e:
        return e.value
async def plain():
    return "done"
print(drive(plain()))
async def thrower():
    try:
        await asyncio.sleep(0)
    except KeyError as e:
        return "caught %r" % e
w = thrower().__await__()
next(w)
try:
    w.throw(KeyError("k"))
except StopIteration as e:
    print(e.value)
async def bad():
    items = [1, 2]
    return [x async for x in items]
try:
    asyncio.run(bad())
except TypeError as e:
    print("TypeError", e)
for src in ["def f(): return [x async for x in y]", "def f(): return [await x for x in y]", "def f(): return (x async for x in y)", "def f(): return [[x async for x in y] for z in w]"]:
    try:
        compile(src, "s", "exec")
        print("ok")
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset)
