class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "log", [])
    def __getattr__(self, name):
        self.log.append(name)
        return getattr(self._target, name)
    def __setattr__(self, name, value):
        self.log.append("set " + name)
        setattr(self._target, name, value)
class T:
    x = 1
t = T()
p = Proxy(t)
print(p.x)
p.y = 5
print(t.y, p.log)
try:
    p.missing
except AttributeError as e:
    print("AttributeError", e)
class Frozen:
    def __setattr__(self, k, v):
        raise AttributeError(f"cannot set {k}")
try:
    Frozen().a = 1
except AttributeError as e:
    print(e)
