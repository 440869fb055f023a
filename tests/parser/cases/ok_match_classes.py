match x:
    case Point():
        pass
    case Point(1, 2):
        pass
    case Point(x=1, y=2):
        pass
    case Point(1, y=2):
        pass
    case a.b.C(x, y=[z]):
        pass
    case int() | str():
        pass
    case Point(x=0,):
        pass
