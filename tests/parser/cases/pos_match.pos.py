match p:
    case Point(x=0, y=yy) as pt if pt:
        pass
    case [1, *rest] | (2, 3):
        pass
    case {"k": v, **kw}:
        pass
    case -1 + 2j | None | "s":
        pass
    case a.b:
        pass
