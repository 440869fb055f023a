match x:
    case a:
        pass
    case _:
        pass
    case a.b:
        pass
    case a.b.c:
        pass
    case (a):
        pass
    case a as b:
        pass
    case (1 | 2) as c:
        pass
