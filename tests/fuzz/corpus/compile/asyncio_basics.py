# asyncio: run, gather, create_task, sleep ordering, run errors, loop access
import asyncio


async def worker(name, delay, out):
    out.append(f"{name} start")
    await asyncio.sleep(delay)
    out.append(f"{name} end")
    return name.upper()


async def main():
    out = []
    r = await asyncio.gather(worker("b", 0.02, out), worker("a", 0.01, out))
    print(r)
    print(out)
    t = asyncio.create_task(worker("c", 0.01, out), name="custom")
    print(t.get_name(), t.done())
    print(await t, t.done(), t.result(), t.exception(), t.cancelled())
    print(await asyncio.sleep(0, result="zero"))
    print(await asyncio.sleep(0.001, "slept"))
    return "main done"


print(asyncio.run(main()))


async def fails(x):
    await asyncio.sleep(0.001)
    raise ValueError(f"bad {x}")


async def ok(x):
    await asyncio.sleep(0.002)
    return x


async def main2():
    res = await asyncio.gather(ok(1), fails(2), ok(3), return_exceptions=True)
    print([type(r).__name__ if isinstance(r, BaseException) else r for r in res])
    print(res[1])
    try:
        await asyncio.gather(ok(1), fails(5))
    except ValueError as e:
        print("caught", e)
    print(await asyncio.gather())


asyncio.run(main2())


async def order():
    seen = []

    async def s(n, d):
        await asyncio.sleep(d)
        seen.append(n)

    await asyncio.gather(s("slow", 0.03), s("fast", 0.01), s("mid", 0.02))
    print(seen)


asyncio.run(order())

try:
    asyncio.run(42)
except ValueError as e:
    print(type(e).__name__, e)


async def nested():
    c1 = ok(1)
    try:
        asyncio.run(c1)
    except RuntimeError as e:
        print(type(e).__name__, e)
    c1.close()
    c = ok(2)
    print(asyncio.iscoroutine(c), asyncio.iscoroutinefunction(ok), asyncio.iscoroutinefunction(print))
    print(await c)
    loop = asyncio.get_running_loop()
    print(loop is asyncio.get_event_loop(), loop.is_running())
    print(asyncio.current_task().get_name().startswith("Task-"))


asyncio.run(nested())
try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print(type(e).__name__, e)
print(asyncio.TimeoutError is TimeoutError, issubclass(asyncio.CancelledError, BaseException),
      issubclass(asyncio.CancelledError, Exception))
