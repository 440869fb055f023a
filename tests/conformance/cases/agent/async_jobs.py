# Agent-style: asyncio job runner with gather, wait_for, Queue, Semaphore.
import asyncio
import random

random.seed(3)
log = []

async def fetch(name, delay, fail=False):
    log.append(f"start {name}")
    await asyncio.sleep(delay)
    if fail:
        raise ConnectionError(f"{name} unreachable")
    log.append(f"done {name}")
    return {"name": name, "bytes": len(name) * 100}

async def limited(sem, name, delay, running, peak):
    async with sem:
        running[0] += 1
        peak[0] = max(peak[0], running[0])
        await asyncio.sleep(delay)
        running[0] -= 1
        return name.upper()

async def producer(q, items):
    for it in items:
        await q.put(it)
    for _ in range(2):
        await q.put(None)

async def consumer(q, cid, results):
    while True:
        item = await q.get()
        try:
            if item is None:
                return cid
            await asyncio.sleep(0.001 * (item % 3))
            results.append((item, item * item))
        finally:
            q.task_done()

async def main():
    res = await asyncio.gather(fetch("alpha", 0.02), fetch("beta", 0.01), fetch("gamma", 0.005))
    print([r["name"] for r in res], sum(r["bytes"] for r in res))
    print(log)
    res = await asyncio.gather(fetch("ok", 0.001), fetch("bad", 0.002, fail=True), return_exceptions=True)
    print([type(r).__name__ for r in res], str(res[1]))
    try:
        await asyncio.gather(fetch("x", 0.001, fail=True), fetch("y", 0.002))
    except ConnectionError as e:
        print("gather raised:", e)
    try:
        await asyncio.wait_for(fetch("slow", 1.0), timeout=0.01)
    except asyncio.TimeoutError:
        print("timed out", asyncio.TimeoutError is TimeoutError)
    print(await asyncio.wait_for(fetch("fast", 0.001), timeout=1))

    sem = asyncio.Semaphore(2)
    running, peak = [0], [0]
    names = ["a", "b", "c", "d", "e"]
    out = await asyncio.gather(*(limited(sem, n, 0.005, running, peak) for n in names))
    print(out, "peak concurrency", peak[0])

    q = asyncio.Queue(maxsize=3)
    results = []
    prod = asyncio.create_task(producer(q, range(8)))
    cons = [asyncio.create_task(consumer(q, i, results)) for i in range(2)]
    await prod
    done = await asyncio.gather(*cons)
    await q.join()
    print(sorted(results), done, q.empty(), q.qsize())

    async def ticker(n):
        for i in range(n):
            await asyncio.sleep(0)
            yield i
    print([i async for i in ticker(4)])
    task = asyncio.create_task(fetch("cancel-me", 1.0))
    await asyncio.sleep(0.001)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        print("cancelled", task.cancelled(), task.done())
    t2 = asyncio.create_task(fetch("t2", 0))
    await t2
    print(t2.result(), t2.done(), t2.exception())
    ev = asyncio.Event()
    async def waiter():
        await ev.wait()
        return "released"
    w = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    print(ev.is_set(), w.done())
    ev.set()
    print(await w)
    lock = asyncio.Lock()
    counter = {"n": 0}
    async def inc():
        async with lock:
            v = counter["n"]
            await asyncio.sleep(0)
            counter["n"] = v + 1
    await asyncio.gather(*(inc() for _ in range(10)))
    print(counter, lock.locked())
    return "main finished"

print(asyncio.run(main()))
