# random: the real-valued distributions over several seeds
import random

for seed in [0, 1, 42, 2**40]:
    random.seed(seed)
    print('seed', seed)
    print(' uniform', [random.uniform(-1, 1) for _ in range(3)], random.uniform(5, 5), random.uniform(10, 1))
    print(' triangular', random.triangular(), random.triangular(0, 10), random.triangular(0, 10, 2), random.triangular(5, 5), random.triangular(10, 0, 3))
    print(' normal', random.normalvariate(), random.normalvariate(10, 2), random.normalvariate(0, 0))
    print(' gauss', random.gauss(), random.gauss(), random.gauss(100, 15), random.gauss(sigma=3))
    print(' lognorm', random.lognormvariate(0, 1), random.lognormvariate(1, 0.5))
    print(' expo', random.expovariate(1), random.expovariate(0.25), random.expovariate(-2))
    print(' vonmises', random.vonmisesvariate(0, 0), random.vonmisesvariate(1, 4), random.vonmisesvariate(3, 1e-7), random.vonmisesvariate(-1, 100))
    print(' gamma', random.gammavariate(0.5, 1), random.gammavariate(1, 2), random.gammavariate(2.5, 0.5), random.gammavariate(50, 1))
    print(' beta', random.betavariate(0.5, 0.5), random.betavariate(2, 5), random.betavariate(1, 1))
    print(' pareto', random.paretovariate(1), random.paretovariate(3.5))
    print(' weibull', random.weibullvariate(1, 1), random.weibullvariate(2, 0.5))
r = random.Random(123)
print([round(r.gauss(0, 1), 12) for _ in range(6)])
print(sum(r.expovariate(2) for _ in range(1000)))
print(sum(r.gammavariate(0.7, 1.3) for _ in range(500)))

def t(s):
    try:
        print(s, '->', repr(eval(s)))
    except Exception as e:
        print(s, '->', type(e).__name__, e)

random.seed(9)
for s in ['random.uniform(1)', 'random.uniform("a", 1)', 'random.expovariate(0)', 'random.expovariate()',
          'random.gammavariate(0, 1)', 'random.gammavariate(1, -1)', 'random.betavariate(0, 1)', 'random.paretovariate(0)',
          'random.weibullvariate(1, 0)', 'random.lognormvariate(0)', 'random.normalvariate(0, 1, 2)',
          'random.vonmisesvariate(1)', 'random.triangular(0, 1, 0.5, 1)', 'random.gauss(mu=1, sigma=0)', 'random.triangular(1, 1, 1)']:
    t(s)
