# Agent-style: asyncio tasks gathering results with timeouts.
import asyncio


async def fetch(name, delay, fail=False):
    await asyncio.sleep(delay)
    if fail:
        raise ConnectionError(f"{name} unreachable")
    return {"name": name, "bytes": len(name) * 100}


async def main():
    results = await asyncio.gather(fetch("alpha", 0.01), fetch("beta", 0.0), fetch("gamma", 0.02, fail=True),
                                   return_exceptions=True)
    for r in results:
        if isinstance(r, Exception):
            print("error:", type(r).__name__, r)
        else:
            print("ok:", r)
    try:
        await asyncio.wait_for(fetch("slow", 1), timeout=0.01)
    except asyncio.TimeoutError:
        print("timed out")
    q = asyncio.Queue()
    for i in range(5):
        q.put_nowait(i)
    total = 0

    async def worker(n):
        nonlocal total
        while not q.empty():
            item = await q.get()
            total += item * n
            q.task_done()

    await asyncio.gather(worker(1), worker(10))
    print("total", total)
    tasks = [asyncio.create_task(fetch(f"t{i}", 0.001 * i)) for i in range(3)]
    done = [await t for t in tasks]
    print([d["name"] for d in done], sum(d["bytes"] for d in done))
    return len(results)


print(asyncio.run(main()))
