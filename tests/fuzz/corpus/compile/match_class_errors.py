class P:
    def __init__(self, x):
        self.x = x
match P(1):
    case P(x=1):
        print("kw ok")
try:
    match P(1):
        case P(1):
            print("no")
except TypeError as e:
    print(e)
