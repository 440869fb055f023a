# Containment, index/count/remove, container equality and lookups try
# identity first: the same NaN is found although nan != nan.
import math
from collections import deque, Counter

nan = float("nan")
values = [3.5, nan, 1.0, nan]
print(nan == nan, nan is nan, nan in values, values.index(nan), values.count(nan), math.nan in [math.nan])
print([nan] == [nan], (nan, 1) == (nan, 1), [nan] != [nan], {"k": nan} == {"k": nan}, (nan, 1) < (nan, 2))
print({nan: "found"}[nan], nan in {nan}, nan in {1: nan}.values(), (1, nan) in {1: nan}.items())
row = (nan, 2)
print(row in [row], [row, row].count(row), list(values).remove(nan), values.index(nan, 2))
d = deque([nan, 1.0])
print(nan in d, d.count(nan), d.index(nan))
d.remove(nan)
print(d, Counter([nan, nan, 1.0])[nan])
clean = [v for v in values if not math.isnan(v)]
print(clean, sorted(clean), max(clean), sum(clean))
print(0.0 in [-0.0], [0.0].index(-0.0), -0.0 == 0.0, {0.0: "zero"}[-0.0])
