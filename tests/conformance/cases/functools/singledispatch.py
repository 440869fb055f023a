# singledispatch / singledispatchmethod / partialmethod
from functools import singledispatch, singledispatchmethod, partialmethod, partial
from collections.abc import Sequence, Mapping
@singledispatch
def describe(x):
    return f'object {x!r}'
@describe.register
def _(x: int):
    return f'int {x}'
@describe.register
def _(x: 'float'):
    return f'float {x}'
@describe.register(str)
def _(x):
    return f'str {x}'
def for_list(x):
    return f'list of {len(x)}'
describe.register(list, for_list)
@describe.register(Sequence)
def _(x):
    return 'some sequence'
@describe.register(Mapping)
def _(x):
    return 'some mapping'
@describe.register(int | None)
def _(x):
    return f'int-or-none {x}'
print(describe(3), describe(2.5), describe('s'), describe([1, 2]), describe((1,)), describe({}), describe(None), describe(True), describe(object) [:6])
print(describe.dispatch(bool) is describe.dispatch(int), describe.dispatch(list) is for_list, object in describe.registry, len(describe.registry))
class MyList(list):
    pass
print(describe(MyList([1])))
try:
    describe()
except TypeError as e:
    print(type(e).__name__, e)
try:
    @describe.register
    def bad(x):
        pass
except TypeError as e:
    print(type(e).__name__, str(e).split(':')[0])
try:
    describe.register(3, lambda x: x)
except TypeError as e:
    print(type(e).__name__, e)

class Shape:
    @singledispatchmethod
    def scale(self, by):
        return 'unknown'
    @scale.register
    def _(self, by: int):
        return f'int scale {by}'
    @scale.register(float)
    def _(self, by):
        return f'float scale {by}'
s = Shape()
print(s.scale(2), s.scale(1.5), s.scale('x'))

class Cell:
    def __init__(self):
        self.alive = False
    def set_state(self, state, reason='none'):
        self.alive = state
        return reason
    revive = partialmethod(set_state, True)
    kill = partialmethod(set_state, False, reason='killed')
c = Cell()
print(c.revive(), c.alive, c.kill(), c.alive, c.revive(reason='r'))
print(type(Cell.__dict__['revive']).__name__)
p = partial(max, 3)
q = partial(p, 7, key=abs)
print(q(-9), q.args, q.keywords, q.func is max)
