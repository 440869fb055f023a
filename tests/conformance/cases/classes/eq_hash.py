class K:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return isinstance(o, K) and o.v == self.v
try:
    hash(K(1))
except TypeError as e:
    print(e)
class H(K):
    def __hash__(self): return hash(self.v)
print(len({H(1), H(1), H(2)}), H(1) == H(1), H(1) != H(2), H(1) in [H(1)])
class Ord:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return f"O{self.v}"
print(sorted([Ord(3), Ord(1), Ord(2)]), max([Ord(3), Ord(5)], key=lambda o: o.v), Ord(1) > Ord(0))
