@dec
@dec2(1)
def f():
    pass

@cls
class C:
    pass

async def g():
    await x
    async for a in b:
        pass
