# random: shuffle, sample (pool and set branches, counts), choices (weights, cum_weights, k)
import random

random.seed(1)
for n in [0, 1, 2, 5, 10, 50]:
    x = list(range(n))
    random.shuffle(x)
    print('shuffle', n, x)
x = list('abcdefgh')
random.shuffle(x)
print(x)
b = bytearray(b'abcdef')
random.shuffle(b)
print(b)
print(random.sample(range(10), 10), random.sample(range(10), 0), random.sample('xyz', 2))
print(random.sample(range(30), 5), random.sample(range(1000), 10), random.sample(range(10**9), 6))
print(random.sample(range(100), 60)[:10], random.sample(tuple('abcdefghijklmnopqrstuvwxyz'), 26)[:8])
print(random.sample(['red', 'blue'], 5, counts=[4, 2]))
print(random.sample(range(3), 4, counts=[0, 3, 2]), random.sample('ab', k=2, counts=[1, 1]))
print(random.choices('abc'), random.choices('abc', k=10), random.choices(range(100), k=5))
print(random.choices('abc', [10, 1, 1], k=10))
print(random.choices('abc', weights=[0.1, 0.3, 0.6], k=10))
print(random.choices('abc', cum_weights=[1, 5, 6], k=10))
print(random.choices(['x'], k=3), random.choices('ab', k=0), random.choices('ab', k=-2))
print(random.choices([1, 2, 3], [1, 0, 0], k=5), random.choices(range(5), weights=range(5), k=8))
r = random.Random(77)
deck = [v + s for s in 'SHDC' for v in '23456789TJQKA']
r.shuffle(deck)
print(deck[:13])
print(r.sample(deck, 5), r.choices(deck, k=3))

def t(s):
    try:
        print(s, '->', repr(eval(s)))
    except Exception as e:
        print(s, '->', type(e).__name__, e)

for s in ['random.sample([1, 2], 3)', 'random.sample([1, 2], -1)', 'random.sample({1, 2}, 1)', 'random.sample({1: 2}, 1)',
          'random.sample(5, 1)', 'random.sample([1, 2], 1.0)', 'random.sample([1, 2], 1, counts=[1])',
          'random.sample([1, 2], 1, counts=[0, 0])', 'random.sample([1, 2], 1, counts=[1.0, 2.0])', 'random.sample([], 1, counts=[])',
          'random.sample([1, 2], 4, counts=[1, 2])', 'random.sample([1])', 'random.choices([1, 2], [1])',
          'random.choices([1], 5)', 'random.choices([1, 2], [1, 2], cum_weights=[1, 2])', 'random.choices([1, 2], [0, 0])',
          'random.choices([1, 2], [1, float("inf")])', 'random.choices([], k=2)', 'random.choices([], [], k=1)',
          'random.choices([1, 2], cum_weights=[1])', 'random.choices([1], k=1.5)', 'random.choices(5)', 'random.shuffle(5)',
          'random.shuffle((1, 2, 3))', 'random.shuffle([])', 'random.shuffle("ab")']:
    t(s)
