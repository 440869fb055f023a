match x:
    case 1 | 2 | 3:
        pass
    case [a] | (a, 1) if a > 0:
        pass
    case _ if (y := f()):
        pass
    case {"x": 1 | 2 as z}:
        pass
