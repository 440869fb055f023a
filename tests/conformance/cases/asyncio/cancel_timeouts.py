# asyncio: cancellation, wait_for, timeout(), Future states and callbacks
import asyncio


async def long(name, log):
    try:
        await asyncio.sleep(0.05)
        log.append(f"{name} finished")
        return name
    except asyncio.CancelledError:
        log.append(f"{name} cancelled")
        raise


async def main():
    log = []
    t = asyncio.create_task(long("t1", log))
    await asyncio.sleep(0.001)
    print(t.cancel(), t.done())
    try:
        await t
    except asyncio.CancelledError:
        print("awaiting cancelled task raised CancelledError")
    print(t.cancelled(), t.done(), log)
    try:
        t.result()
    except asyncio.CancelledError as e:
        print("result:", type(e).__name__)
    print(t.cancel())

    try:
        await asyncio.wait_for(long("t2", log), timeout=0.01)
    except asyncio.TimeoutError as e:
        print("wait_for timed out", type(e).__name__, log[-1])
    print(await asyncio.wait_for(long("t3", log), timeout=1))
    print(await asyncio.wait_for(long("t4", log), timeout=None))

    try:
        async with asyncio.timeout(0.01) as cm:
            await asyncio.sleep(0.05)
        print("not reached")
    except TimeoutError:
        print("timeout block expired", cm.expired())
    async with asyncio.timeout(1) as cm2:
        await asyncio.sleep(0.001)
    print("fast block ok", cm2.expired())
    async with asyncio.timeout(None):
        await asyncio.sleep(0.001)

    pending = asyncio.create_task(asyncio.sleep(10))
    await asyncio.sleep(0)
    pending.cancel()
    try:
        await pending
    except asyncio.CancelledError:
        print("cancelled long sleep before it ran")

    fut = asyncio.get_running_loop().create_future()
    print(fut.done())
    asyncio.get_running_loop().call_later(0.01, fut.set_result, 99)
    print(await fut, fut.result(), fut.done())
    f2 = asyncio.Future()
    for meth in (f2.result, f2.exception):
        try:
            meth()
        except asyncio.InvalidStateError as e:
            print(type(e).__name__, e)
    f2.set_exception(KeyError("k"))
    print(repr(f2.exception()))
    try:
        f2.set_result(1)
    except asyncio.InvalidStateError:
        print("InvalidStateError on second set")
    calls = []
    f3 = asyncio.Future()
    f3.add_done_callback(lambda f: calls.append(f.result()))
    f3.set_result("cb")
    await asyncio.sleep(0)
    print(calls)


asyncio.run(main())


async def self_cancel():
    t = asyncio.current_task()
    t.cancel()
    try:
        await asyncio.sleep(0.01)
    except asyncio.CancelledError:
        print("self-cancel delivered at next await")
        return "recovered"


print(asyncio.run(self_cancel()))
