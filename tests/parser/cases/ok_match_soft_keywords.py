match = 1
case = 2
_ = 3
match.x = 1
match[0] = 2
match(x)
print(match, case, _)
match * 2
def match(): pass
class case: pass
x = match if case else _
match x:
    case case:
        pass
    case match:
        pass
