match x:
    case 1 | 2:
        pass
    case [a, *rest]:
        pass
    case {"k": v, **kw}:
        pass
    case Point(x=0, y=yy) as p if p:
        pass
    case None:
        pass
    case _:
        pass
