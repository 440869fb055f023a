# random: Random subclasses (overriding random / getrandbits / seed), independent instances, SystemRandom
import random

class Half(random.Random):
    def random(self):
        return 0.5

h = Half(1)
print(h.random(), h.uniform(0, 10), h.choice('abcd'), h.randrange(10), h.randint(1, 4))
print(h.choices('abcd', k=3), h.triangular(0, 1), h.expovariate(1))
x = list(range(6)); h.shuffle(x); print(x)
print(h.sample(range(10), 3))

class Bits(random.Random):
    def getrandbits(self, k):
        return (2**k - 1) // 3

b = Bits(2)
print(b.randrange(100), b.choice('abcdef'), b.randbytes(3), b.randrange(2**70))
print(b.random() == random.Random(2).random())

class Counter(random.Random):
    calls = 0
    def random(self):
        Counter.calls += 1
        return super().random()

c = Counter(5)
print(c.choice(range(10)), c.randrange(50), Counter.calls)
print(c.gauss(), c.normalvariate(), Counter.calls)

class Seeded(random.Random):
    def seed(self, a=None, version=2):
        print('seed called with', a)
        super().seed(a, version)

s = Seeded(8)
print(s.random() == random.Random(8).random())
s.seed(9)
print(type(s).__mro__[1] is random.Random, type(s).__name__)

class Both(random.Random):
    def random(self):
        return 0.25
    def getrandbits(self, k):
        return 0

bo = Both(0)
print(bo.randrange(10), bo.choice('xyz'), bo.random(), bo.sample(range(5), 2))

r1, r2 = random.Random(1), random.Random(1)
random.seed(1)
print(r1.random() == r2.random() == random.random())
st = r1.getstate()
r2.setstate(st)
print(r1.random() == r2.random())

sr = random.SystemRandom()
v = sr.random()
print(type(v).__name__, 0.0 <= v < 1.0, 0 <= sr.randrange(10) < 10, len(sr.randbytes(5)), sr.getrandbits(8) < 256)
print(sr.seed(5))
try:
    sr.getstate()
except NotImplementedError as e:
    print('NotImplementedError', e)
print(sorted(n for n in random.__all__))
print(random.Random.__name__, random.SystemRandom.__name__, random.Random.VERSION)
