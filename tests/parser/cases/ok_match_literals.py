match x:
    case 1:
        pass
    case -1:
        pass
    case 1.5:
        pass
    case 1 + 2j:
        pass
    case -1 - 2j:
        pass
    case "s":
        pass
    case "a" "b":
        pass
    case b"x":
        pass
    case None:
        pass
    case True:
        pass
    case False:
        pass
    case 0x10:
        pass
