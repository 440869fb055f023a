class EnumMeta(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        cls._members = []
        for k, v in list(ns.items()):
            if not k.startswith("_") and isinstance(v, int):
                m = int.__new__(cls, v)
                m.name = k
                setattr(cls, k, m)
                cls._members.append(m)
        return cls
    def __iter__(cls):
        return iter(cls._members)
    def __len__(cls):
        return len(cls._members)
class IntEnum(int, metaclass=EnumMeta):
    def __repr__(self):
        return f"<{type(self).__name__}.{self.name}: {int(self)}>"
    def __str__(self):
        return f"{type(self).__name__}.{self.name}"
class Color(IntEnum):
    RED = 1
    GREEN = 2
print(list(Color), len(Color), Color.RED, repr(Color.GREEN), Color.RED == 1, Color.RED + 1, Color.GREEN.name, isinstance(Color.RED, Color), isinstance(Color.RED, int))
print({Color.RED: "r"}[1], sorted([Color.GREEN, Color.RED]), f"{Color.RED}", "%d" % Color.GREEN, "%s" % Color.GREEN, [1, 2, 3][Color.RED], type(Color).__name__)
class StrEnumish(str):
    def __new__(cls, v, doc):
        o = str.__new__(cls, v)
        o.doc = doc
        return o
A = StrEnumish("a", "letter a")
print(A, A.doc, A == "a", A.upper(), {"a": 1}[A])
