print({3, 1, 2}, {10, 5, 100, 7, 1000, 33}, set(range(20, 0, -3)))
s = {1, 2, 3}
s.add(4); s.discard(1); s.remove(2)
print(s, len(s), 3 in s)
a, b = {1, 2, 3, 4}, {3, 4, 5, 6}
print(a | b, a & b, a - b, a ^ b, a <= b, {1} < a)
print(frozenset([3, 2, 1]), set(), frozenset())
print(sorted({'x', 'y', 'z'}), {-1, -2, 5, 64, 65, 8}, {2**40, 3})
s = set()
for i in range(100):
    s.add(i * 7 % 31)
print(s)
print(s.pop(), s.pop())
