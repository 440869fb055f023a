class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(3)), sum(Countdown(4)), sorted(Countdown(3)))
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()), 20 in Seq(), [x for x in Seq()])
class Rev:
    def __init__(self, d): self.d = d
    def __reversed__(self): return iter(self.d[::-1])
print(list(reversed(Rev([1, 2, 3]))))
it = iter(range(3))
print(next(it), list(zip(it, "ab")))
