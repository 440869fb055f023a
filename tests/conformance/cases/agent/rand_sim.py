# Agent-style: seeded random simulation (dice, shuffles, sampling, gauss).
import random
from collections import Counter
import math

random.seed(42)
print([random.randint(1, 6) for _ in range(10)])
print(random.random(), random.uniform(-1, 1))
deck = [f"{r}{s}" for s in "SHDC" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]]
random.shuffle(deck)
print(deck[:8])
hands = [deck[i * 5:(i + 1) * 5] for i in range(3)]
print(hands)
print(random.choice(deck), random.sample(range(100), 5), random.choices("abc", k=6))
print(random.choices(["win", "lose", "draw"], weights=[5, 3, 2], k=8))
print(random.choices(range(5), cum_weights=[1, 2, 3, 4, 10], k=5))
print(round(random.gauss(100, 15), 6), round(random.normalvariate(0, 1), 6))
print(random.randrange(0, 100, 7), random.getrandbits(20), random.randrange(10))
print(round(random.expovariate(1.5), 6), round(random.triangular(0, 10, 3), 6), round(random.betavariate(2, 3), 6))

rolls = Counter(random.randint(1, 6) + random.randint(1, 6) for _ in range(2000))
for total in range(2, 13):
    print(f"{total:>2} {rolls[total]:>4} {'*' * (rolls[total] // 20)}")

rng = random.Random(7)
walk = [0]
for _ in range(20):
    walk.append(walk[-1] + rng.choice([-1, 1]))
print(walk, max(walk), min(walk))
state = rng.getstate()
a = [rng.random() for _ in range(3)]
rng.setstate(state)
b = [rng.random() for _ in range(3)]
print(a == b, a)

random.seed("experiment-1")
print(random.randint(0, 10 ** 6), random.sample(["a", "b", "c", "d"], 2))
random.seed(12345)
inside = sum(1 for _ in range(5000) if random.random() ** 2 + random.random() ** 2 <= 1)
print(inside, 4 * inside / 5000, abs(4 * inside / 5000 - math.pi) < 0.1)
random.seed(1)
pop = list(range(20))
print(random.sample(pop, k=4), random.sample(pop, 3, counts=[1] * 20))
xs = [random.gauss(0, 1) for _ in range(1000)]
mean = sum(xs) / len(xs)
print(f"{mean:.6f} {math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs)):.6f}")
print(random.Random(99).random() == random.Random(99).random())
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
try:
    random.sample([1, 2], 3)
except ValueError as e:
    print("ValueError:", e)
