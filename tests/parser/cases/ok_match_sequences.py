match x:
    case []:
        pass
    case ():
        pass
    case [a]:
        pass
    case [a, b]:
        pass
    case (a,):
        pass
    case (a, b):
        pass
    case a, b:
        pass
    case a, *rest:
        pass
    case [*_, last]:
        pass
    case [1, [2, *_]]:
        pass
    case *a, b:
        pass
    case a,:
        pass
