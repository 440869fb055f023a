# asyncio: Queue (+ priority, LIFO), Lock, Event, Semaphore, Condition
import asyncio


async def producer(q, items, log):
    for i in items:
        await q.put(i)
        log.append(f"put {i}")
    await q.put(None)


async def consumer(q, log):
    got = []
    while True:
        item = await q.get()
        q.task_done()
        if item is None:
            break
        log.append(f"got {item}")
        got.append(item)
        await asyncio.sleep(0.001)
    return got


async def main():
    q = asyncio.Queue(maxsize=2)
    log = []
    p = asyncio.create_task(producer(q, [1, 2, 3, 4], log))
    got = await consumer(q, log)
    await p
    await q.join()
    print(got, q.empty(), q.qsize(), q.maxsize, q.full())
    print(log)

    q2 = asyncio.Queue(1)
    q2.put_nowait("a")
    print(q2.full())
    try:
        q2.put_nowait("b")
    except asyncio.QueueFull:
        print("QueueFull")
    print(q2.get_nowait())
    try:
        q2.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    try:
        q2.task_done()
        q2.task_done()
    except ValueError as e:
        print(type(e).__name__, e)

    pq = asyncio.PriorityQueue()
    for x in [5, 1, 4, 2]:
        pq.put_nowait(x)
    print([pq.get_nowait() for _ in range(4)])
    lq = asyncio.LifoQueue()
    for x in "abc":
        lq.put_nowait(x)
    print([lq.get_nowait() for _ in range(3)])

    lock = asyncio.Lock()
    order = []

    async def crit(n):
        async with lock:
            order.append(f"enter {n}")
            await asyncio.sleep(0.001)
            order.append(f"exit {n}")

    await asyncio.gather(crit(1), crit(2), crit(3))
    print(order, lock.locked())
    try:
        lock.release()
    except RuntimeError as e:
        print(type(e).__name__, e)

    ev = asyncio.Event()
    seen = []

    async def waiter(n):
        await ev.wait()
        seen.append(n)

    ws = [asyncio.create_task(waiter(i)) for i in range(3)]
    await asyncio.sleep(0.001)
    print(ev.is_set(), seen)
    ev.set()
    await asyncio.gather(*ws)
    print(ev.is_set(), sorted(seen))
    ev.clear()
    print(ev.is_set())

    sem = asyncio.Semaphore(2)
    active = [0]
    peak = [0]

    async def limited(n):
        async with sem:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
            await asyncio.sleep(0.002)
            active[0] -= 1
            return n

    print(await asyncio.gather(*(limited(i) for i in range(5))), peak[0], sem.locked())
    bs = asyncio.BoundedSemaphore(1)
    await bs.acquire()
    bs.release()
    try:
        bs.release()
    except ValueError as e:
        print(type(e).__name__, e)
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print(type(e).__name__, e)

    cond = asyncio.Condition()
    box = []

    async def cwait():
        async with cond:
            await cond.wait_for(lambda: box)
            return box[0]

    t = asyncio.create_task(cwait())
    await asyncio.sleep(0.001)
    async with cond:
        box.append("ready")
        cond.notify_all()
    print(await t)


asyncio.run(main())
