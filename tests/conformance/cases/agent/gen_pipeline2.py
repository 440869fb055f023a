# Agent-style: generator pipelines with send/throw/close and yield from.
def read_records(text):
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield n, line

def parse(records):
    for n, line in records:
        name, _, rest = line.partition(":")
        try:
            yield n, name.strip(), [int(x) for x in rest.split()]
        except ValueError as e:
            print(f"  skip line {n}: {e}")

def running_average():
    total = count = 0
    avg = None
    while True:
        value = yield avg
        if value is None:
            break
        total += value
        count += 1
        avg = total / count
    return total, count

def flatten(nested):
    for item in nested:
        if isinstance(item, (list, tuple)):
            yield from flatten(item)
        else:
            yield item

def chunks(it, n):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) == n:
            yield buf
            buf = []
    if buf:
        yield buf

DATA = """
# scores
alice: 90 85 77
bob: 60 x 70
carol: 100
dave:
erin: 55 65 75 85
"""
rows = list(parse(read_records(DATA)))
print(rows)
avg = running_average()
print(next(avg))
for _, name, scores in rows:
    for s in scores:
        cur = avg.send(s)
    print(f"{name:<6} running avg {cur:.3f}")
try:
    avg.send(None)
except StopIteration as stop:
    print("final:", stop.value)

print(list(flatten([1, [2, [3, (4, 5)], []], 6])), list(chunks(range(7), 3)))

def worker():
    processed = []
    try:
        while True:
            try:
                job = yield len(processed)
                processed.append(job)
            except ValueError as e:
                processed.append(f"error:{e}")
    finally:
        print("worker closing, processed", processed)

w = worker()
next(w)
w.send("a")
print(w.throw(ValueError("bad job")))
w.send("b")
w.close()
print(w.gi_frame is None)
try:
    next(w)
except StopIteration:
    print("exhausted")

def delegator():
    result = yield from running_average()
    yield f"sub returned {result}"
d = delegator()
next(d)
d.send(10); d.send(20)
print(d.send(None))

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
gen = fib()
print([next(gen) for _ in range(12)])
evens = (x for x in fib() if x % 2 == 0)
print([next(evens) for _ in range(6)])
squares = (x * x for x in range(5))
print(sum(squares), sum(squares), list(squares))
g = (c.upper() for c in "abc")
print(next(g), list(g), next(g, "done"))
def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "liftoff"
cd = countdown(3)
print(list(cd), [*countdown(2), *"xy"], dict(zip(countdown(3), "abc")))
it = iter([1, 2, 3])
print(next(it), list(it), list(it))
print(any(x > 2 for x in [1, 2, 3]), all(x for x in []), max((x for x in [3, 1, 2]), default=0), min([], default=None))
gen2 = (i for i in range(3))
print(type(gen2).__name__, iter(gen2) is gen2, gen2.__name__)
def thrower():
    try:
        yield 1
    except KeyError:
        yield "caught"
t = thrower(); next(t)
print(t.throw(KeyError("k")))
try:
    t.throw(IndexError("unhandled"))
except IndexError as e:
    print("propagated:", repr(e))
