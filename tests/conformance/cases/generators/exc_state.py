# A generator keeps its own exception being handled across yields, and
# sees its caller's when it handles none (CPython's exc_info stack).
def g():
    try:
        raise KeyError('k')
    except KeyError:
        yield 1
        raise
it = g()
next(it)
try:
    next(it)
except KeyError as e:
    print('reraised', repr(e))
import sys
def h():
    try:
        raise ValueError('v')
    except ValueError:
        yield sys.exc_info()[0]
        yield sys.exc_info()[0]
x = h()
print(next(x), sys.exc_info()[0], next(x))
def k():
    try:
        raise KeyError('inner')
    except KeyError:
        yield sys.exc_info()[0]
    yield sys.exc_info()[0]
try:
    raise TypeError('outer')
except TypeError:
    gen = k()
    print(next(gen), sys.exc_info()[0], next(gen))
def plain():
    yield sys.exc_info()[0]
    raise
p = plain()
try:
    raise OSError('caller')
except OSError:
    print(next(p))
    try:
        next(p)
    except OSError as e:
        print('bare raise in a generator re-raises the caller\'s:', repr(e))
def ctx():
    try:
        yield
    finally:
        pass
    raise ValueError('new')
c = ctx(); next(c)
try:
    raise KeyError('handling')
except KeyError:
    try:
        next(c)
    except ValueError as e:
        print('context:', repr(e.__context__))
