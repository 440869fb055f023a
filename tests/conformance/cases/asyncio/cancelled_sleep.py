# A cancelled sleep does not keep the loop waiting, nor charge the sleep
# budget (issue #18): cancelled tasks, wait_for timeouts, TaskGroup and
# gather with a failing child.
import asyncio, time

async def sleeper(log, name, d):
    try:
        await asyncio.sleep(d)
        log.append(name + ' woke')
    except asyncio.CancelledError:
        log.append(name + ' cancelled')
        await asyncio.sleep(0)
        log.append(name + ' cleaned up')
        raise

async def main():
    log = []
    t0 = time.monotonic()
    t = asyncio.create_task(sleeper(log, 'a', 30))
    await asyncio.sleep(0)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        log.append('a is cancelled')
    try:
        await asyncio.wait_for(sleeper(log, 'b', 30), 0.05)
    except asyncio.TimeoutError:
        log.append('b timed out')
    async def boom():
        await asyncio.sleep(0.01)
        raise ValueError('boom')
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(sleeper(log, 'c', 30))
            tg.create_task(boom())
    except* ValueError as eg:
        log.append('group: %r' % (eg.exceptions,))
    try:
        await asyncio.gather(sleeper(log, 'd', 0.02), boom())
    except ValueError as e:
        log.append('gather: ' + str(e))
    await asyncio.sleep(0.05)
    r = await asyncio.sleep(0.01, result='done')
    log.append(r)
    return log, time.monotonic() - t0

log, took = asyncio.run(main())
for line in log:
    print(line)
print('well under the 30 s sleeps:', took < 5)

async def many():
    # 7 x 30 s of cancelled sleeps: more than the 180 s sleep budget if
    # they were charged; none is.
    tasks = [asyncio.create_task(asyncio.sleep(30)) for _ in range(7)]
    await asyncio.sleep(0)
    for t in tasks:
        t.cancel()
    res = await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.01)
    return [type(r).__name__ for r in res]

t0 = time.monotonic()
print(asyncio.run(many()), time.monotonic() - t0 < 5)
