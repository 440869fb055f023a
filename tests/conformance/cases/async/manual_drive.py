import sys
class Sleep:
    def __init__(self, n): self.n = n
    def __await__(self):
        for i in range(self.n):
            yield f"tick {i}"
        return self.n * 10
async def work(name, n):
    r = await Sleep(n)
    return f"{name}:{r}"
async def main():
    a = await work("a", 2)
    b = await work("b", 1)
    return [a, b]
coro = main()
print(type(coro).__name__)
try:
    while True:
        print(coro.send(None))
except StopIteration as e:
    print("result", e.value)
