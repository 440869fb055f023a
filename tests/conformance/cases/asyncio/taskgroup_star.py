# asyncio.TaskGroup failures arrive as a builtin ExceptionGroup that
# except* takes apart.
import asyncio


async def ok(n):
    await asyncio.sleep(0)
    return n


async def bad(exc):
    await asyncio.sleep(0)
    raise exc


async def main():
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(ok(1))
            tg.create_task(bad(ValueError("v")))
            tg.create_task(bad(KeyError("k")))
    except* ValueError as eg:
        print("values:", [repr(e) for e in eg.exceptions], type(eg).__name__, eg.message)
    except* KeyError as eg:
        print("keys:", [repr(e) for e in eg.exceptions])
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(bad(TypeError("t")))
    except ExceptionGroup as eg:
        print(type(eg) is ExceptionGroup, eg.__suppress_context__, eg.__cause__, str(eg))


asyncio.run(main())
