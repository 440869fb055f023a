def f():
    yield
    yield 1
    yield 1, 2
    x = yield
    x = yield 1
    yield from g()
    x = yield from g()
    await_ = (yield)
async def g():
    await x
    await x.y()
    return await z
    r = [await a for a in b]
    async for i in x: pass
    async with a: pass
