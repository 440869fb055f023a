# the loop API: run_until_complete, run_in_executor, call_soon/call_later, ensure_future
import asyncio
async def main():
    q = asyncio.Queue()
    try:
        await asyncio.wait_for(q.get(), 0.01)
    except asyncio.TimeoutError:
        print("get timed out", q.empty())
    loop = asyncio.get_running_loop()
    r = await loop.run_in_executor(None, sum, [1, 2, 3])
    print(r)
    t = loop.create_task(asyncio.sleep(0.001, "lt"))
    print(await t)
    done = []
    loop.call_soon(done.append, 1)
    loop.call_later(0.001, done.append, 2)
    await asyncio.sleep(0.002)
    print(done)
    return 5
print(asyncio.get_event_loop().run_until_complete(main()))
print(asyncio.run(main()))
async def w():
    t1 = asyncio.ensure_future(asyncio.sleep(0.01, 1))
    t2 = asyncio.create_task(asyncio.sleep(0.02, 2))
    print(await asyncio.gather(t1, t2, t1))
    tasks = asyncio.all_tasks()
    print(len(tasks))
asyncio.run(w())
