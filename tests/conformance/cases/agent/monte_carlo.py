# Agent-style: seeded Monte Carlo estimates with separate random.Random streams.
import random
import math
from collections import Counter

def mean(xs):
    return math.fsum(xs) / len(xs)

def stdev(xs):
    m = mean(xs)
    return math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1))

def percentile(xs, p):
    s = sorted(xs)
    k = (len(s) - 1) * p / 100
    f, c = math.floor(k), math.ceil(k)
    return s[f] if f == c else s[f] + (s[c] - s[f]) * (k - f)

demand_rng = random.Random(2024)
lead_rng = random.Random(7)

def simulate(days, reorder_point, order_qty, stock=50):
    pending = []
    stockouts = lost = ordered = 0
    levels = []
    for day in range(days):
        arrived = [q for d, q in pending if d == day]
        pending = [(d, q) for d, q in pending if d != day]
        stock += sum(arrived)
        demand = max(0, round(demand_rng.gauss(12, 4)))
        if demand > stock:
            stockouts += 1
            lost += demand - stock
            stock = 0
        else:
            stock -= demand
        if stock <= reorder_point and not pending:
            pending.append((day + lead_rng.randint(2, 5), order_qty))
            ordered += 1
        levels.append(stock)
    return {"stockouts": stockouts, "lost": lost, "orders": ordered, "avg_stock": round(mean(levels), 2), "max": max(levels)}

for rp, q in [(20, 60), (30, 60), (40, 80)]:
    print(rp, q, simulate(120, rp, q))

rng = random.Random(99)
samples = [rng.expovariate(1 / 5) for _ in range(4000)]
print(f"exp: mean={mean(samples):.4f} sd={stdev(samples):.4f} p50={percentile(samples, 50):.4f} p95={percentile(samples, 95):.4f}")
rolls = Counter(tuple(sorted(rng.randint(1, 6) for _ in range(3))) for _ in range(3000))
print(rolls.most_common(4), len(rolls))

def birthday(n, trials, r):
    hits = 0
    for _ in range(trials):
        days = [r.randrange(365) for _ in range(n)]
        hits += len(set(days)) < n
    return hits / trials
r3 = random.Random(3)
print([(n, birthday(n, 400, r3)) for n in (10, 23, 40)])

def bootstrap_ci(data, stat, n, r):
    stats = sorted(stat([r.choice(data) for _ in data]) for _ in range(n))
    return round(stats[int(0.025 * n)], 4), round(stats[int(0.975 * n)], 4)
data = [random.Random(i).uniform(0, 10) for i in range(40)]
print(round(mean(data), 4), bootstrap_ci(data, mean, 300, random.Random(11)))
walkers = random.Random(5)
finals = []
for _ in range(300):
    pos = 0
    for _ in range(100):
        pos += walkers.choice((-1, 1))
    finals.append(pos)
print(mean(finals), round(stdev(finals), 4), Counter(f // 10 * 10 for f in finals).most_common(3))
deck = list(range(52))
shuf = random.Random(1)
hist = Counter()
for _ in range(500):
    shuf.shuffle(deck)
    hist[deck.index(0) // 13] += 1
print(sorted(hist.items()))
r = random.Random(42)
print(r.sample(range(10), k=10), r.choices("ab", weights=[0.9, 0.1], k=10), round(r.triangular(), 6), round(r.vonmisesvariate(0, 4), 6))
print(round(r.gammavariate(3, 2), 6), round(r.betavariate(0.5, 0.5), 6), round(r.paretovariate(2), 6), round(r.weibullvariate(2, 1.5), 6), round(r.lognormvariate(1, 0.5), 6))
print(r.randbytes(6).hex(), r.getrandbits(64), r.randrange(-50, 50, 5))
