class Tick:
    def __await__(self):
        yield "t"
        return 1
async def agen(n):
    for i in range(n):
        await Tick()
        yield i * 2
async def consume():
    out = []
    async for v in agen(3):
        out.append(v)
    return out
c = consume()
try:
    while True:
        c.send(None)
except StopIteration as e:
    print(e.value)
class ACM:
    async def __aenter__(self):
        print("aenter")
        return "res"
    async def __aexit__(self, *a):
        print("aexit", a[0])
        return False
async def use():
    async with ACM() as r:
        print("inside", r)
    return "done"
u = use()
try:
    u.send(None)
except StopIteration as e:
    print(e.value)
