# typing: NamedTuple and TypedDict, class and functional syntax
from typing import NamedTuple, TypedDict, Required, NotRequired, List, Optional, is_typeddict


class Point(NamedTuple):
    x: int
    y: int = 0
    label: str = "p"

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)

    @property
    def swapped(self):
        return Point(self.y, self.x, self.label)


p = Point(3, -4)
print(p, p.norm1(), p.swapped, p[0], len(p), tuple(p))
print(p._fields, p._field_defaults, Point.__annotations__)
print(p._asdict(), p._replace(y=1), Point._make([1, 2, "m"]))
print(isinstance(p, tuple), p == (3, -4, "p"), Point.__name__)
x, y, lab = p
print(x, y, lab)
try:
    Point()
except TypeError as e:
    print(type(e).__name__, e)
try:
    p.x = 5
except AttributeError as e:
    print(type(e).__name__)

try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print(type(e).__name__, e)
try:
    class Bad2(NamedTuple):
        a: int
        def _asdict(self):
            return {}
except AttributeError as e:
    print(type(e).__name__, e)

Emp = NamedTuple("Emp", [("name", str), ("id", int)])
e = Emp("ann", 7)
print(e, Emp.__annotations__, e.id)
Emp2 = NamedTuple("Emp2", name=str, age=int)
print(Emp2("bob", 3))

match p:
    case Point(x=3, y=yy):
        print("matched y", yy)


class Movie(TypedDict):
    title: str
    year: int


class MovieX(Movie, total=False):
    rating: float
    tags: Required[List[str]]


m = Movie(title="Blade Runner", year=1982)
print(m, type(m).__name__, m["title"])
mx = MovieX(title="t", year=1, tags=[])
print(mx, type(mx) is dict)
print(sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__), Movie.__total__)
print(sorted(MovieX.__required_keys__), sorted(MovieX.__optional_keys__), MovieX.__total__)
print(list(MovieX.__annotations__))
try:
    isinstance(m, Movie)
except TypeError as e:
    print(type(e).__name__, e)

Point3 = TypedDict("Point3", {"x": int, "y": int, "z": NotRequired[int]})
pt = Point3(x=1, y=2)
print(pt, sorted(Point3.__required_keys__), sorted(Point3.__optional_keys__))
Opt = TypedDict("Opt", {"a": Optional[int]}, total=False)
print(Opt.__total__, Opt.__annotations__, Opt())
print(is_typeddict(Movie), is_typeddict(dict), is_typeddict(Point))
