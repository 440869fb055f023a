# asyncio: wait (FIRST_COMPLETED...), as_completed, TaskGroup, shield, to_thread
import asyncio


async def job(n, d, fail=False):
    await asyncio.sleep(d)
    if fail:
        raise ValueError(f"job {n} failed")
    return n


async def main():
    tasks = [asyncio.create_task(job(i, d)) for i, d in [(1, 0.03), (2, 0.01), (3, 0.02)]]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print(sorted(t.result() for t in done), len(pending))
    done, pending = await asyncio.wait(tasks)
    print(sorted(t.result() for t in done), len(pending))

    t1 = asyncio.create_task(job(1, 0.05))
    done, pending = await asyncio.wait([t1], timeout=0.01)
    print(len(done), len(pending))
    t1.cancel()

    ts = [asyncio.create_task(job(1, 0.01, fail=True)), asyncio.create_task(job(2, 0.05))]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_EXCEPTION)
    print(len(done), len(pending), [str(t.exception()) for t in done])
    for t in pending:
        t.cancel()

    try:
        await asyncio.wait([])
    except ValueError as e:
        print(type(e).__name__, e)

    results = []
    for c in asyncio.as_completed([job("slow", 0.03), job("fast", 0.01), job("mid", 0.02)]):
        results.append(await c)
    print(results)
    try:
        for c in asyncio.as_completed([job("x", 0.05)], timeout=0.01):
            await c
    except asyncio.TimeoutError:
        print("as_completed timed out")

    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(job("a", 0.02))
        b = tg.create_task(job("b", 0.01))
    print(a.result(), b.result())

    log = []

    async def victim():
        try:
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            log.append("victim cancelled")
            raise

    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(victim())
            tg.create_task(job(9, 0.01, fail=True))
    except Exception as eg:
        print(type(eg).__name__, eg)
        print([f"{type(e).__name__}: {e}" for e in eg.exceptions])
    print(log)

    r = await asyncio.shield(job("shielded", 0.001))
    print(r)
    print(await asyncio.to_thread(lambda x: x * 2, 21))


asyncio.run(main())
