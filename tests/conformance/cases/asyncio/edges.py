# asyncio edge cases: propagation, gather cancel, shutdown of leftover tasks, loops
import asyncio

async def boom():
    await asyncio.sleep(0.001)
    raise KeyError("boom")

async def main():
    await boom()

try:
    asyncio.run(main())
except KeyError as e:
    print("propagated", repr(e))

async def forever():
    fut = asyncio.get_running_loop().create_future()
    await fut


async def outer_cancel():
    async def child(n):
        try:
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            print("child cancelled", n)
            raise
    g = asyncio.gather(child(1), child(2))
    await asyncio.sleep(0.001)
    g.cancel()
    try:
        await g
    except asyncio.CancelledError:
        print("gather cancelled")

asyncio.run(outer_cancel())

async def leftover():
    async def bg():
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            print("bg cancelled at shutdown")
            raise
    asyncio.create_task(bg())
    await asyncio.sleep(0)
    return "main returns first"

print(asyncio.run(leftover()))

async def gen_user():
    async def agen():
        for i in range(3):
            await asyncio.sleep(0.001)
            yield i
    out = []
    async for x in agen():
        out.append(x)
    return out

print(asyncio.run(gen_user()))
loop = asyncio.new_event_loop()
print(loop.run_until_complete(asyncio.sleep(0.001, "rc")))
loop.close()
c = asyncio.sleep(0)
try:
    loop.run_until_complete(c)
except RuntimeError as e:
    print(type(e).__name__, e)
c.close()

async def deep_wait_for():
    async def inner():
        return await asyncio.wait_for(asyncio.sleep(0.001, "inner"), 1)
    return await asyncio.wait_for(inner(), 1)
print(asyncio.run(deep_wait_for()))
t = None
async def repr_check():
    f = asyncio.get_running_loop().create_future()
    print(repr(f))
    f.set_result(3)
    print(repr(f))
    f2 = asyncio.get_running_loop().create_future(); f2.cancel(); print(repr(f2))
asyncio.run(repr_check())
