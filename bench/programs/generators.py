# Generators, generator expressions and yield from.
def gen(n):
    for i in range(n):
        yield i * 2

def chain(n):
    yield from gen(n)
    yield from gen(n)

total = sum(x for x in gen(300000) if x % 3)
t2 = 0
for v in chain(200000):
    t2 += v
print(total, t2, max(gen(1000)))
