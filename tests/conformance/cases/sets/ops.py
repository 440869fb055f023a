a = set("hello")
b = set("world")
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(a.issubset(a | b), a.isdisjoint({"z"}), {1, 2}.union([3], (4,)), {1, 2, 3}.intersection([2, 3, 4]))
s = {1, 2, 3}
s |= {4}; s &= {1, 2, 4, 5}; s -= {1}; s ^= {7}
print(s, {frozenset({1}): 'x'}, frozenset([1, 2]) == {1, 2}, {1, 2} == frozenset([2, 1]))
s.update(range(10, 13)); s.difference_update([10]); print(sorted(s))
try:
    {1}.remove(2)
except KeyError as e:
    print("KeyError", e)
print(set([1, 2, 2, 3, 3, 3]), len(set("mississippi")), {x % 4 for x in range(10)})
