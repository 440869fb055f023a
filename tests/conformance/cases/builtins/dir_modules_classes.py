# dir() of a module is its own names (sorted), not the module type's
# attributes; a module's __dir__ function is honoured; dir() of classes and
# instances is sorted and includes what they inherit.
import math
import json
import os.path
import collections

for m in (math, json, os.path, collections):
    d = dir(m)
    print(m.__name__, d == sorted(d), '__class__' in d, '__getattribute__' in d,
          '__name__' in d, '__doc__' in d)
print([n for n in dir(math) if not n.startswith('_')][:10])
print('sqrt' in dir(math), 'loads' in dir(json), 'join' in dir(os.path))
print(dir(math) == sorted(math.__dict__))

g = globals()
g['__dir__'] = lambda: ['zeta', 'alpha']
import sys
print(dir(sys.modules[__name__]))
del g['__dir__']
print('t' in dir(sys.modules[__name__]))


class Base:
    b = 1

    def bm(self):
        pass


class Derived(Base):
    d = 2

    def __init__(self):
        self.inst = 3


o = Derived()
print([n for n in dir(o) if not n.startswith('__')])
print([n for n in dir(Derived) if not n.startswith('__')])
print(sorted(set(dir(o)) - set(dir(Derived))))
print(sorted(set(dir(Derived)) - set(dir(object))))
print(dir(o) == sorted(dir(o)), dir(Derived) == sorted(dir(Derived)))


class Meta(type):
    def meta_method(cls):
        pass


class WithMeta(metaclass=Meta):
    x = 1


print('meta_method' in dir(WithMeta), 'x' in dir(WithMeta), 'mro' in dir(WithMeta))
print('meta_method' in dir(Meta), 'mro' in dir(Meta))


class Custom:
    def __dir__(self):
        return ['b', 'a', 'c']


print(dir(Custom()))


class Slotted:
    __slots__ = ('s1', 's2')


print([n for n in dir(Slotted()) if not n.startswith('__')])
print('__dict__' in dir(Slotted()), '__dict__' in dir(Derived()))
print([n for n in dir(ValueError('x')) if not n.startswith('__')])
print([n for n in dir(3) if not n.startswith('__')])
print([n for n in dir(type) if not n.startswith('__')])
