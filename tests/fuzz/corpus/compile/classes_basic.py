class Point:
    count = 0
    def __init__(self, x, y):
        self.x = x
        self.y = y
        Point.count += 1
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __add__(self, o):
        return Point(self.x + o.x, self.y + o.y)
p = Point(1, 2) + Point(3, 4)
print(p, Point.count, p == Point(4, 6), p != Point(0, 0), len({p, Point(4, 6)}))
print(type(p).__name__, isinstance(p, Point), hasattr(p, 'x'), getattr(p, 'z', 'no'))
p.z = 5
print(vars(p), str(p), repr(p))
class Empty: pass
e = Empty()
print(type(e).__name__, Empty.__name__, Empty.__qualname__)
