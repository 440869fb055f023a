def describe(x):
    match x:
        case 0 | 1:
            return "small"
        case int(n) if n < 0:
            return f"negative {n}"
        case [a, b]:
            return f"pair {a},{b}"
        case [first, *rest]:
            return f"seq {first} + {rest}"
        case {"type": "point", "x": px, **others}:
            return f"point {px} {others}"
        case str() as s:
            return "str " + s
        case None:
            return "none"
        case _:
            return "other"
for v in [0, 1, -5, 7, [1, 2], [1, 2, 3], (4,), {"type": "point", "x": 3, "y": 4}, "hi", None, 2.5]:
    print(describe(v))
class Pt:
    __match_args__ = ("x", "y")
    def __init__(self, x, y): self.x, self.y = x, y
match Pt(1, 2):
    case Pt(0, y):
        print("on y axis", y)
    case Pt(x, y=2):
        print("x", x, "y is 2")
