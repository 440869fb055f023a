# Async generators: asend/athrow/aclose, ag_* attributes; generator and
# coroutine gi_yieldfrom / gi_suspended / cr_await / cr_suspended.
import asyncio


async def ticker(n):
    try:
        for i in range(n):
            try:
                await asyncio.sleep(0)
                got = yield i
                if got is not None:
                    print("ticker got", got)
            except KeyError as e:
                print("ticker caught", repr(e))
                yield -1
    finally:
        print("ticker cleanup")


async def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


async def main():
    t = ticker(5)
    print(await t.__anext__(), await t.asend("hello"), await t.athrow(KeyError("k")))
    print(t.ag_running, type(t.ag_await).__name__)
    await t.aclose()
    try:
        await t.__anext__()
    except StopAsyncIteration:
        print("exhausted after aclose")
    await t.aclose()
    s = stubborn()
    await s.__anext__()
    try:
        await s.aclose()
    except RuntimeError as e:
        print("RuntimeError", e)
    u = ticker(2)
    await u.aclose()
    print("closed unstarted")
    v = ticker(3)
    await v.__anext__()
    try:
        await v.athrow(ValueError("stop"))
    except ValueError as e:
        print("ValueError", e)
    out = []
    async for x in ticker(3):
        out.append(x)
    print(out)


asyncio.run(main())


def g():
    yield 1


def outer():
    yield from g()


x = g()
print(x.gi_suspended, x.gi_yieldfrom)
next(x)
print(x.gi_suspended, x.gi_running)
o = outer()
next(o)
print(type(o.gi_yieldfrom).__name__, o.gi_suspended)
list(o)
print(o.gi_yieldfrom, o.gi_suspended)


async def c():
    await asyncio.sleep(0)


co = c()
print(co.cr_suspended, co.cr_await)
co.send(None)
print(co.cr_suspended, co.cr_await is not None)
co.close()
for name in ("gi_yieldfrom", "gi_suspended", "gi_running"):
    try:
        setattr(x, name, 1)
    except AttributeError as e:
        print("AttributeError", e)
