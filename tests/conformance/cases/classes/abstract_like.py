class Shape:
    def area(self):
        raise NotImplementedError("subclasses must implement area")
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r): self.r = r
    def area(self): return 3.14159 * self.r ** 2
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
for s in [Circle(1), Sq(2)]:
    print(s.describe())
try:
    Shape().describe()
except NotImplementedError as e:
    print(type(e).__name__, e)
