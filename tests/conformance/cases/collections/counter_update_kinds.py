# Counter.update of lists, tuples and strs (answered from Mapping's cached
# "no"), and of a list subclass before and after it is registered a Mapping.
from collections import Counter
import collections.abc as abc
c = Counter()
for i in range(3):
    c.update(["a", "b"])
    c.update(("a",))
    c.update("ab")
print(sorted(c.items()))
class L(list):
    pass
c.update(L(["z"]))
abc.Mapping.register(L)
try:
    c.update(L(["y"]))
except AttributeError as e:
    print("AttributeError", e)
c.update(["w"])
print(sorted(c.items()))
