import sys
def a():
    try:
        1 / 0
    finally:
        undefined_fin
try:
    a()
except NameError as e:
    print('caught', e, type(e.__context__).__name__)
print(sys.exc_info())
class CM:
    def __enter__(self): return self
    def __exit__(self, *a): undefined_exit
def b():
    with CM():
        raise KeyError('x')
try:
    b()
except NameError as e:
    print('caught', e, type(e.__context__).__name__)
print(sys.exc_info())
def c():
    try:
        raise ValueError('v')
    except ValueError:
        try:
            raise TypeError('t')
        except TypeError:
            pass
        print('inner', sys.exc_info()[0].__name__)
        raise
try:
    c()
except ValueError as e:
    print('outer', sys.exc_info()[0].__name__)
print(sys.exc_info())
def d():
    for i in range(3):
        try:
            raise KeyError(i)
        except KeyError:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print('fin', i, sys.exc_info()[0])
    return sys.exc_info()
print(d())
def e():
    try:
        raise KeyError(1)
    except KeyError:
        return sys.exc_info()[0]
    finally:
        print('fin e', sys.exc_info()[0])
print(e(), sys.exc_info())
