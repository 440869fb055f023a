# random: seeding (int, str, bytes, bytearray, float, version 1), random(), getrandbits, state
import random

for s in [0, 1, 42, -42, 12345, 2**32 - 1, 2**32, 2**64 + 7, 10**50, -(10**50), True]:
    random.seed(s)
    print('int', s, random.random(), random.random(), random.getrandbits(32))
for s in ['', 'a', 'hello', 'héllo wörld ✓', b'', b'hello', bytearray(b'hello'), b'\x00\xff' * 40]:
    random.seed(s)
    print('v2', repr(s), random.random(), random.getrandbits(64))
for s in ['', 'a', 'hello', 'héllo', b'hello', b'\xff\x00']:
    random.seed(s, version=1)
    print('v1', repr(s), random.random())
for s in [0.0, 1.5, -2.25, 1e300, float('inf')]:
    random.seed(s)
    print('float', s, random.random())
random.seed(7)
print([random.getrandbits(k) for k in (0, 1, 7, 31, 32, 33, 63, 64, 65, 100, 200)])
print(random.getrandbits(1000))
random.seed(99)
st = random.getstate()
print(type(st), len(st), st[0], len(st[1]), st[1][-1], st[2])
a = [random.random() for _ in range(5)]
random.setstate(st)
print(a == [random.random() for _ in range(5)])
random.seed(5)
random.gauss()
st = random.getstate()
print('gauss_next kept', st[2] is not None)
g1 = random.gauss()
random.setstate(st)
print(g1 == random.gauss())
r1 = random.Random(2024)
r2 = random.Random(2024)
print(r1.random() == r2.random(), r1.randrange(1000), r2.randrange(1000))
r3 = random.Random()
r3.seed(2024)
print(r3.random(), random.Random(2024).random())
r1.setstate(r2.getstate())
print(r1.random() == r2.random())
print(random.Random('abc').random(), random.Random(b'abc').random())
r = random.Random(1)
print(r.VERSION, r.gauss_next, isinstance(r, random.Random))
# many draws: the twister regenerates its state every 624 words
random.seed(3)
for _ in range(1000):
    random.random()
print(random.random(), random.getrandbits(48))
