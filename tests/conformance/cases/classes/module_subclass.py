# ModuleType subclasses: sys.modules[__name__].__class__ = M (lazy or
# computed module attributes), ModuleType(name) and its subclasses, and the
# __class__ assignments CPython refuses.
import sys
import json

ModuleType = type(sys)


class M(ModuleType):
    @property
    def answer(self):
        return 42

    def __getattr__(self, name):
        if name.startswith('lazy_'):
            return name[5:].upper()
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")


me = sys.modules[__name__]
me.__class__ = M
print(type(me).__name__, isinstance(me, ModuleType), me.__name__)
print(me.answer, me.lazy_value)
try:
    me.missing
except AttributeError as e:
    print('AttributeError', e)
x = 5
print(me.x, me.__dict__['x'], 'x' in dir(me))
try:
    me.answer = 1
except AttributeError as e:
    print('AttributeError', type(e).__name__)
me.__class__ = ModuleType
print(type(me).__name__)
try:
    me.__class__ = int
except TypeError as e:
    print('TypeError', e)


class Plain:
    pass


try:
    me.__class__ = Plain
except TypeError as e:
    print('TypeError', e)


class N(ModuleType):
    __slots__ = ('a',)


try:
    me.__class__ = N
except TypeError as e:
    print('TypeError', e)

mod = ModuleType('made', 'its doc')
print(repr(mod), mod.__name__, mod.__doc__, sorted(vars(mod)))
mod.value = 3
print(mod.value, mod.__dict__ is vars(mod))
try:
    ModuleType(5)
except TypeError as e:
    print('TypeError', e)


class Sub(ModuleType):
    def hello(self):
        return 'hello from ' + self.__name__


s = Sub('sub')
print(type(s).__name__, s.hello(), repr(s))


class J(ModuleType):
    def extra(self):
        return 'extra'


json.__class__ = J
print(json.extra(), json.dumps([1]))
from json import dumps
print(dumps({'a': 1}))
