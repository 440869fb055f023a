data = [("b", 2), ("a", 2), ("c", 1), ("d", 3)]
print(sorted(data, key=lambda t: t[1]))
print(sorted(data, key=lambda t: t[1], reverse=True))
print(sorted(["Banana", "apple", "Cherry"]), sorted(["Banana", "apple", "Cherry"], key=str.lower))
l = [5, 2, 8, 1, 9, 3]
l.sort()
print(l, sorted(l, reverse=True)[:3], sorted("hello"), sorted({3: 'a', 1: 'b'}))
import sys
print(sorted([3.5, 1, 2.25, -1]), sorted([[2, 1], [1, 5], [1, 2]]))
try:
    sorted([1, "a"])
except TypeError as e:
    print(e)
big = list(range(1000, 0, -1))
big.sort()
print(big[:3], big[-3:])
