class MyList(list):
    def total(self):
        return sum(self)
l = MyList([1, 2, 3])
l.append(4)
print(l, l.total(), len(l), type(l).__name__, isinstance(l, list))
class MyDict(dict):
    def __missing__(self, key):
        return key * 2
d = MyDict(a=1)
print(d['a'], d['zz'], d)
class MyErr(ValueError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise MyErr("bad", 42)
except ValueError as e:
    print(e, e.code, e.args, repr(e))
