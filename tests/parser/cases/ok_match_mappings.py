match x:
    case {}:
        pass
    case {"a": 1}:
        pass
    case {"a": 1, "b": b}:
        pass
    case {"a": _, **rest}:
        pass
    case {**rest}:
        pass
    case {1: x, a.b: y, None: z, -1: w}:
        pass
    case {"k": [1, 2], "j": {"n": v}}:
        pass
