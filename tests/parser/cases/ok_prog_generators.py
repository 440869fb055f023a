def gen(n):
    i = 0
    while i < n:
        received = yield i
        if received is not None:
            i = received
        else:
            i += 1
    return "done"


def delegate():
    result = yield from gen(3)
    print(result)


async def fetch(url, *, retries=3):
    for attempt in range(retries):
        try:
            async with session.get(url) as r:
                return await r.json()
        except* (OSError, TimeoutError) as eg:
            continue
    raise RuntimeError("failed")
