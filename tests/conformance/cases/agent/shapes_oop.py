# Agent-style: class hierarchy with properties, class/static methods, operators.
import math

class Shape:
    registry = {}
    count = 0

    def __init_subclass__(cls, kind=None, **kw):
        super().__init_subclass__(**kw)
        if kind:
            Shape.registry[kind] = cls

    def __init__(self, name=None):
        Shape.count += 1
        self.name = name or f"{type(self).__name__.lower()}{Shape.count}"

    def area(self):
        raise NotImplementedError(f"{type(self).__name__}.area")

    def perimeter(self):
        raise NotImplementedError

    def __lt__(self, other):
        return self.area() < other.area()

    def __eq__(self, other):
        return type(self) is type(other) and math.isclose(self.area(), other.area())

    __hash__ = None

    def __str__(self):
        return f"{self.name}: area={self.area():.2f} perim={self.perimeter():.2f}"

    @classmethod
    def create(cls, kind, *args, **kwargs):
        try:
            return cls.registry[kind](*args, **kwargs)
        except KeyError:
            raise ValueError(f"unknown shape {kind!r}; known: {sorted(cls.registry)}") from None

class Rect(Shape, kind="rect"):
    def __init__(self, w, h, **kw):
        super().__init__(**kw)
        self._w, self._h = w, h

    @property
    def w(self):
        return self._w

    @w.setter
    def w(self, v):
        if v <= 0:
            raise ValueError("width must be positive")
        self._w = v

    def area(self):
        return self._w * self._h

    def perimeter(self):
        return 2 * (self._w + self._h)

    def __repr__(self):
        return f"{type(self).__name__}({self._w}, {self._h})"

    def __mul__(self, k):
        return type(self)(self._w * k, self._h * k) if type(self) is Rect else Square(self._w * k)

    __rmul__ = __mul__

class Square(Rect, kind="square"):
    def __init__(self, side, **kw):
        super().__init__(side, side, **kw)

    def __repr__(self):
        return f"Square({self._w})"

class Circle(Shape, kind="circle"):
    def __init__(self, r, **kw):
        super().__init__(**kw)
        self.r = r

    def area(self):
        return math.pi * self.r ** 2

    def perimeter(self):
        return 2 * math.pi * self.r

    @staticmethod
    def from_area(a):
        return Circle(math.sqrt(a / math.pi))

    def __repr__(self):
        return f"Circle(r={self.r:g})"

shapes = [Shape.create("rect", 3, 4), Shape.create("square", 2.5, name="tile"), Shape.create("circle", 1), Circle.from_area(50), 2 * Rect(1, 2), Square(3) * 2]
for s in shapes:
    print(s)
print(sorted(shapes), max(shapes), min(shapes, key=lambda s: s.perimeter()))
print(Square(2) == Square(2.0), Square(2) == Rect(2, 2), Rect(2, 2) != Rect(1, 4), Rect(2, 8) == Rect(4, 4))
print(sorted(Shape.registry), Shape.count, isinstance(shapes[1], Rect), issubclass(Square, Shape), Square.__mro__[1].__name__)
print([type(s).__name__ for s in shapes], Square.__bases__, Rect.area is Square.area, Circle.from_area(math.pi).r)
try:
    Shape.create("hexagon")
except ValueError as e:
    print("ValueError:", e, e.__cause__, e.__suppress_context__)
try:
    Shape().area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
r = Rect(1, 1)
r.w = 5
try:
    r.w = -1
except ValueError as e:
    print(e, r.w, r.area())
try:
    hash(r)
except TypeError as e:
    print("TypeError:", e)
try:
    del r.w
except AttributeError as e:
    print("AttributeError:", e)
print(getattr(r, "missing", "default"), hasattr(r, "w"), vars(r), type(r).w.__doc__)
print(Shape.__dict__["create"].__class__.__name__, Circle.__dict__["from_area"].__class__.__name__)
total = sum(s.area() for s in shapes)
print(f"total area {total:,.3f}; mean {total / len(shapes):.3f}")
