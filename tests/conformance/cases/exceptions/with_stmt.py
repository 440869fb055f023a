class CM:
    def __init__(self, name, suppress=False):
        self.name, self.suppress = name, suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress
with CM("a") as x, CM("b") as y:
    print("body", x, y)
with CM("c", suppress=True):
    raise KeyError("k")
try:
    with CM("d"):
        raise ValueError("v")
except ValueError as e:
    print("propagated", e)
def f():
    with CM("e"):
        return "returned"
print(f())
for i in range(2):
    with CM(str(i)):
        if i == 0:
            continue
        break
