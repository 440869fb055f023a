# namedtuple: fields, defaults, _make/_replace/_asdict, rename, errors, match
from collections import namedtuple
Point = namedtuple('Point', ['x', 'y'])
p = Point(11, y=22)
print(p, p.x + p.y, p[0], len(p), tuple(p), isinstance(p, tuple))
print(Point._fields, Point._field_defaults, Point.__match_args__, Point.__doc__)
print(p._asdict(), p._replace(y=5), Point._make([1, 2]), p == (11, 22), hash(p) == hash((11, 22)))
print(type(p), type(p).__name__, Point.__name__, Point.x.__doc__)
x, y = p
print(x, y, p.count(11), p.index(22), p + (1,), p * 2, sorted([Point(2, 1), Point(1, 2)]))
P3 = namedtuple('P3', 'a, b c', defaults=(5, 6))
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults, P3.__new__.__defaults__)
R = namedtuple('R', ['abc', 'def', 'ghi', 'abc', '_x', '1y'], rename=True)
print(R._fields)
One = namedtuple('One', 'only')
print(One(1), One._make([2]))
E = namedtuple('E', '')
print(E(), E._fields)
for args in [('Bad', 'a a'), ('Bad', 'class x'), ('Bad', '_a'), ('Bad', '1a'), ('def', 'x'), ('B', ['a', 'b'], {'defaults': [1, 2, 3]})]:
    kw = args[2] if len(args) > 2 else {}
    try:
        namedtuple(args[0], args[1], **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Point(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point._make([1])
except TypeError as e:
    print(type(e).__name__, e)
try:
    p._replace(z=3)
except ValueError as e:
    print(type(e).__name__, e)
try:
    p.x = 5
except AttributeError as e:
    print(type(e).__name__)
match p:
    case Point(a, b):
        print('matched', a, b)
class Sub(Point):
    def norm(self):
        return self.x ** 2 + self.y ** 2
s = Sub(3, 4)
print(s, s.norm(), Sub._make((1, 1)).norm())
M = namedtuple('M', 'a b', module='mymod')
print(M.__module__, Point.__module__)
