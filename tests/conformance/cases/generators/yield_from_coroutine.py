# yield from a coroutine object inside a plain generator is a TypeError
# raised when the yield from runs (not when the generator is created).
async def job(n):
    return n * 2


def relay(c):
    print("relay starts")
    r = yield from c
    return r


c = job(21)
g = relay(c)
print(type(g).__name__)
try:
    next(g)
except TypeError as e:
    print("TypeError", e)
c.close()


def relay_gen():
    r = yield from (x for x in [1, 2])
    yield r


print(list(relay_gen()))


async def main():
    return await job(4)


co = main()
try:
    co.send(None)
except StopIteration as e:
    print("await result", e.value)
try:
    g2 = relay(iter([5, 6]))
    print(list(g2))
except TypeError as e:
    print("TypeError", e)
