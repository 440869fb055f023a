# Agent-style: asyncio 3.11 features: TaskGroup, timeout(), as_completed, wait.
import asyncio

events = []

async def step(name, delay, result=None, fail=None):
    await asyncio.sleep(delay)
    if fail:
        raise fail
    events.append(name)
    return result if result is not None else name

async def crawl(urls, limit):
    sem = asyncio.Semaphore(limit)
    async def one(u):
        async with sem:
            await asyncio.sleep(0.001 * (len(u) % 4))
            return u, len(u) * 10
    return dict(await asyncio.gather(*(one(u) for u in urls)))

async def main():
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(step("a", 0.003))
        t2 = tg.create_task(step("b", 0.001))
    print("taskgroup:", t1.result(), t2.result(), events)

    try:
        async with asyncio.timeout(0.01):
            await step("never", 1.0)
    except TimeoutError:
        print("timeout() fired")

    order = []
    for fut in asyncio.as_completed([step("x", 0.004), step("y", 0.001), step("z", 0.002)]):
        order.append(await fut)
    print("as_completed:", order)

    tasks = [asyncio.create_task(step(n, d)) for n, d in [("p", 0.001), ("q", 5.0)]]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print("wait:", sorted(t.result() for t in done), len(pending))
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    print("cancelled:", [t.cancelled() for t in pending])

    done, pending = await asyncio.wait([asyncio.create_task(step(n, 0.001)) for n in "uv"])
    print("wait all:", sorted(t.result() for t in done), pending)

    res = await crawl(["http://a", "http://bb", "http://ccc", "http://dddd"], 2)
    print("crawl:", res)

    inner = asyncio.create_task(step("shielded", 0.005))
    try:
        await asyncio.wait_for(asyncio.shield(inner), timeout=0.001)
    except asyncio.TimeoutError:
        print("shield timed out; inner cancelled?", inner.cancelled())
    print("inner result:", await inner)

    loop = asyncio.get_running_loop()
    fut = loop.create_future()
    loop.call_later(0.001, fut.set_result, "from call_later")
    print(await fut)
    fut2 = loop.create_future()
    loop.call_soon(fut2.set_exception, KeyError("nope"))
    try:
        await fut2
    except KeyError as e:
        print("future exception:", repr(e))

    q = asyncio.PriorityQueue()
    for prio, job in [(3, "low"), (1, "urgent"), (2, "normal"), (1, "also urgent")]:
        q.put_nowait((prio, job))
    print("priority:", [q.get_nowait() for _ in range(q.qsize())])
    lifo = asyncio.LifoQueue()
    for i in range(3):
        await lifo.put(i)
    print("lifo:", [await lifo.get() for _ in range(3)])
    try:
        asyncio.Queue().get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    cur = asyncio.current_task()
    print(type(cur).__name__, cur.get_name().startswith("Task-"), asyncio.iscoroutinefunction(step))
    return len(events)

print("events:", asyncio.run(main()))
print(events)
