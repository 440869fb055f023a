# isinstance against ABCs: cached negative answers, invalidated by register()
# (directly and through a subclass ABC), and Counter.update with lists and mappings.
from collections.abc import Mapping, Sequence, Iterable, MutableMapping
from collections import Counter
class M:
    pass
print(isinstance([], Mapping), isinstance([], Mapping), isinstance({}, Mapping), isinstance(M(), Mapping))
Mapping.register(M)
print(isinstance(M(), Mapping), isinstance(M(), Mapping), isinstance([], Mapping))
class N: pass
print(isinstance(N(), Mapping))
MutableMapping.register(N)
print(isinstance(N(), Mapping), isinstance(N(), MutableMapping))
c = Counter()
for i in range(5):
    c.update(["a", "b", "a"][: i + 1])
c.update({"z": 3})
print(sorted(c.items()))
class It:
    def __iter__(self): return iter([])
print(isinstance(It(), Iterable), isinstance(It(), Sequence))
