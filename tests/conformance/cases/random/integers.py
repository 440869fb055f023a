# random: randrange, randint, choice, randbytes over seeded sequences
import random

random.seed(2023)
print([random.randrange(10) for _ in range(20)])
print([random.randrange(5, 15) for _ in range(10)])
print([random.randrange(0, 100, 7) for _ in range(10)])
print([random.randrange(100, 0, -3) for _ in range(10)])
print([random.randrange(-50, -10, 4) for _ in range(10)])
print([random.randint(1, 6) for _ in range(20)])
print([random.randint(-3, 3) for _ in range(10)])
print(random.randrange(2**100), random.randrange(2**64, 2**65), random.randint(-(2**70), 2**70))
print(random.randrange(10**30, 10**30 + 10), random.randrange(1), random.randint(5, 5))
print(random.randrange(10, step=1), random.randrange(0, 10, 1))
print([random.choice('abcdefghij') for _ in range(15)])
print([random.choice([1, 2, 3]) for _ in range(10)], random.choice((None,)), random.choice(range(1000)))
print(random.choice({0: 'zero', 1: 'one'}))
print(random.randbytes(0), random.randbytes(1), random.randbytes(7), random.randbytes(16))
print(len(random.randbytes(1000)))
r = random.Random(11)
print([r.randrange(3) for _ in range(30)])
print([r._randbelow(17) for _ in range(10)])

def t(s):
    try:
        print(s, '->', repr(eval(s)))
    except Exception as e:
        print(s, '->', type(e).__name__, e)

for s in ['random.randrange(0)', 'random.randrange(-5)', 'random.randrange(5, 2)', 'random.randrange(5, 5)',
          'random.randrange(1, 10, 0)', 'random.randrange(10, 1, 2)', 'random.randrange(1, 10, -1)',
          'random.randrange(10, step=2)', 'random.randrange(10, None, 2)', 'random.randrange(1.5)', 'random.randrange(1, 2.5)',
          'random.randrange(1, 10, 1.5)', 'random.randrange("a")', 'random.randrange()', 'random.randint(1)',
          'random.randint(5, 4)', 'random.randint(1, 10.5)', 'random.choice([])', 'random.choice("")', 'random.choice(5)',
          'random.randbytes(-1)', 'random.randbytes(1.0)', 'random.getrandbits(-1)', 'random.getrandbits(1.0)',
          'random.getrandbits()', 'random.randrange(1, 2, 3, 4)']:
    t(s)
