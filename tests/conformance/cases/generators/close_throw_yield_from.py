# close() and throw() through yield from (issue #21)
def inner_returns():
    try:
        yield 1
    except GeneratorExit:
        print('inner caught GeneratorExit, returns')
        return 'r'
def inner_yields():
    try:
        yield 1
    except GeneratorExit:
        yield 2
def inner_plain():
    try:
        yield 1
    finally:
        print('inner finally')
def outer(mk):
    try:
        r = yield from mk()
        print('outer got', r)
    except GeneratorExit:
        print('outer GeneratorExit')
        raise
    finally:
        print('outer finally')
for mk in (inner_returns, inner_yields, inner_plain):
    g = outer(mk); next(g)
    try:
        g.close(); print('closed')
    except Exception as e:
        print(type(e).__name__, e)
def over_iter():
    yield from iter([1, 2, 3])
g = over_iter(); next(g); g.close(); print('closed list iterator delegate', g.gi_frame is None if hasattr(g, 'gi_frame') else '')
def thrower():
    try:
        yield from inner_plain()
    except TypeError as e:
        print('outer sees', type(e).__name__, e)
        yield 'after'
g = thrower(); next(g)
try:
    print(g.throw(42))
except TypeError as e:
    print('TypeError', e)
try:
    print(next(g))
except StopIteration:
    print('stopped')
g = thrower(); next(g)
print(g.throw(TypeError('boom')))
class It:
    def __iter__(self): return self
    def __next__(self): return 5
    def close(self): print('It.close called')
def d(): yield from It()
g = d(); next(g); g.close()
