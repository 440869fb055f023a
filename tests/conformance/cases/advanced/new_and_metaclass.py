class Singleton:
    _inst = None
    def __new__(cls, *a):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
    def __init__(self, v):
        self.v = v
a = Singleton(1); b = Singleton(2)
print(a is b, a.v)
class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns['tag'] = name.lower()
        return super().__new__(mcs, name, bases, ns)
class Tagged(metaclass=Meta):
    pass
class Sub(Tagged):
    pass
print(Tagged.tag, Sub.tag, type(Sub).__name__, isinstance(Sub, Meta))
class Pos(int):
    pass
print(type(int('5')), isinstance(True, int))
