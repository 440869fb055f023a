with open(f) as g, h:
    pass
with (a as b, c as d):
    pass
async def f():
    async with a as b:
        await x
    async for i in y:
        yield i
