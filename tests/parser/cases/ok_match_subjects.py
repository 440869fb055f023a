match x, y:
    case a, b:
        pass
match (x, y):
    case _:
        pass
match *a, b:
    case _:
        pass
match x := f():
    case _:
        pass
match f(x):
    case _:
        pass
match -x:
    case _:
        pass
