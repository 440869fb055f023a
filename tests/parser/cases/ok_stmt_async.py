async def f():
    pass
async def f(a, *b):
    await x
    async with a as b, c:
        pass
    async for x in y:
        pass
    else:
        pass
    return [x async for x in y]
