# Counter.update from iterables: small int counts, a count at the int64 edge,
# float counts, a subclass whose __setitem__ is its own.
from collections import Counter
c = Counter("abracadabra")
c.update(["a", "z", "a"])
c["q"] = 9223372036854775807
c.update(["q", "q"])
c["f"] = 1.5
c.update("ff")
print(sorted(c.items()), c.most_common(3))
class C(Counter):
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)
d = C("aab")
print(sorted(d.items()))
