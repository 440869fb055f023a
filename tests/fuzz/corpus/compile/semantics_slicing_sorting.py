# slicing and sorting
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[::2], a[1::3], a[::-1], a[8:2:-2], a[-1:-4:-1], a[100:], a[-100:2])
b = a[:]
b[2:5] = ["x"]
print(b)
b[::2] = [0] * len(b[::2])
print(b)
try:
    b[::2] = [1, 2]
except ValueError as e:
    print("ValueError", e)
del b[1:3]
print(b)
del b[::2]
print(b)
c = [1, 2, 3]
c[1:1] = [9, 9]
c[len(c):] = [7]
print(c, c[slice(1, 3)], slice(1, 10, 2).indices(5), slice(None, None, -1).indices(4))
t = tuple(range(6))
print(t[1:4], t[::-2], "hello"[1:-1], b"bytes"[1:3], bytearray(b"xyz")[::-1])
words = ["banana", "Apple", "cherry", "date", "Elder", "fig"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: (len(w), w.lower())), max(words, key=len), min(words, key=len))
records = [("amy", 30, 5.5), ("bob", 25, 6.0), ("cat", 30, 4.0), ("dan", 25, 5.5)]
print(sorted(records, key=lambda r: (-r[1], r[2])))
print(sorted(records, key=lambda r: r[1]))
itemgetter = lambda *i: (lambda r: tuple(r[k] for k in i) if len(i) > 1 else r[i[0]])
print(sorted(records, key=itemgetter(2, 0)))
d = {"b": 2, "a": 3, "c": 1}
print(sorted(d), sorted(d.items(), key=lambda kv: kv[1]), sorted(d, key=d.get, reverse=True))
nums = [3, 1, 4, 1, 5, 9, 2, 6]
nums.sort()
print(nums, nums.sort(reverse=True), nums)
print(sorted([3, 1, 2], reverse=True), sorted("hello"), sorted({3, 1, 2}), sorted([[2, 1], [1, 2], [1, 1]]))
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError", e)
try:
    [3, None].sort()
except TypeError as e:
    print("TypeError", e)
class V:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return f"V({self.v})"
print(sorted([V(3), V(1), V(2)]), max([V(3), V(5)]), min(V(4), V(2)))
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([], key=len), list(reversed([1, 2, 3])))
stable = sorted([("x", 1), ("y", 0), ("z", 1), ("w", 0)], key=itemgetter(1))
print(stable)
