# Classes: construction, methods, attribute access, inheritance, properties.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Point(self.x + other.x, self.y + other.y)

    @property
    def norm1(self):
        return abs(self.x) + abs(self.y)

class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

p = Point(0, 0)
for i in range(600000):
    p = p.add(Point(1, -1))
q = [Point3(i, i, i) for i in range(150000)]
print(p.x, p.y, p.norm1, sum(o.z for o in q))
