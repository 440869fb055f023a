# attack: exception and type objects abused: __reduce__, __reduce_ex__, __class__ and __bases__ assignment, type dicts, tracebacks
# status: 0
# stdout: reduce (<class 'ValueError'>, ('boom', 2))
# stdout: reduce_ex (<class 'ValueError'>, ('boom', 2))
# stdout: reduce with dict (<class 'ValueError'>, ('boom', 2), {'x': 1})
# stdout: rebuilt ValueError ('boom', 2)
# stdout: __class__ of a ValueError refused, still ValueError
# stdout: __class__ of an int refused, still int
# stdout: __class__ of a PermissionError refused, still PermissionError
# stdout: __bases__ of a class refused, still (<class 'object'>,)
# stdout: TypeError: cannot set 'x' attribute of immutable type 'int'
# stdout: TypeError: cannot set '__repr__' attribute of immutable type 'object'
# stdout: 1 + 1 = 2 after int.__dict__ was written
# stdout: [1, 2, 3] after list.__dict__ was cleared
# stdout: ValueError: x after BaseException.__dict__ was cleared
# stdout: tb_lineno 53 tb_next None
# stdout: PermissionError: /etc/passwd: outside this box's home and every declared bind
e = ValueError('boom', 2)
print('reduce', e.__reduce__())
print('reduce_ex', e.__reduce_ex__(2))
e.x = 1
print('reduce with dict', e.__reduce__())
cls, args, state = e.__reduce__()
r = cls(*args)
print('rebuilt', type(r).__name__, r.args)

def refused(label, obj, attr, value, show):
    try:
        setattr(obj, attr, value)
        print(label, 'CHANGED to', show(obj))
    except (TypeError, AttributeError):
        print(label, 'refused, still', show(obj))

refused('__class__ of a ValueError', ValueError('v'), '__class__', KeyError, lambda o: type(o).__name__)
refused('__class__ of an int', 1, '__class__', bool, lambda o: type(o).__name__)
p = PermissionError('p')
refused('__class__ of a PermissionError', p, '__class__', ValueError, lambda o: type(o).__name__)
class A:
    pass
refused('__bases__ of a class', A, '__bases__', (int,), lambda o: o.__bases__)
for target, name in ((int, 'x'), (object, '__repr__')):
    try:
        setattr(target, name, lambda self: 'pwned')
        print('CHANGED', target)
    except TypeError as err:
        print(type(err).__name__ + ':', err)
# Writing through a type's __dict__ must not change the type (CPython's is a
# read-only mappingproxy; the box's a copy).
try:
    int.__dict__['__add__'] = None
except TypeError:
    pass
print('1 + 1 =', 1 + 1, 'after int.__dict__ was written')
try:
    list.__dict__.clear()
except AttributeError:
    pass
l = [1, 2]
l.append(3)
print(l, 'after list.__dict__ was cleared')
try:
    BaseException.__dict__.clear()
except AttributeError:
    pass
try:
    raise ValueError('x')
except ValueError as err:
    print(type(err).__name__ + ':', err, 'after BaseException.__dict__ was cleared')
try:
    raise KeyError('k')
except KeyError as err:
    tb = err.__traceback__
    print('tb_lineno', tb.tb_lineno, 'tb_next', tb.tb_next)
try:
    open('/etc/passwd')
except PermissionError as err:
    print(type(err).__name__ + ':', err)
