# The attributes of object and type that scripts look at: dir(object),
# vars(type), docstrings of the builtin types, __getstate__,
# __subclasshook__, __format__ checks, the layout attributes (their types
# only: the numbers are implementation details).
print(sorted(dir(object)))
print(sorted(vars(object)))
print(sorted(vars(type)))
print(sorted(set(dir(type))))
print(object.__doc__)
for t in (int, str, list, dict, tuple, type, float, bool, set, frozenset,
          bytes, bytearray, range, complex, slice, property, staticmethod,
          classmethod, super, enumerate, zip, map, filter, reversed,
          BaseException, Exception, ValueError, KeyError, StopIteration):
    print(t.__name__, repr(t.__doc__.split('\n')[0]))
print(int.__doc__)
print(str.__doc__)
print(dict.__doc__)
print((5).__doc__ == int.__doc__, 'x'.__doc__ == str.__doc__)
print(ValueError('x').__doc__)


class C:
    pass


class D:
    """D's doc."""


print(C.__doc__, C().__doc__, D.__doc__, D().__doc__)
print('__doc__' in C.__dict__, C.__dict__['__doc__'])
C.__doc__ = 'now documented'
print(C.__doc__, C().__doc__)
try:
    int.__doc__ = 'x'
except TypeError as e:
    print('TypeError', e)
for t in (int, str, list, object, dict, type, C):
    print(t.__name__, t.__text_signature__,
          [type(getattr(t, a)).__name__ for a in
           ('__basicsize__', '__itemsize__', '__flags__', '__dictoffset__',
            '__weakrefoffset__')])
print(bool(C.__flags__ & (1 << 9)), bool(int.__flags__ & (1 << 9)))
print(bool(int.__flags__ & (1 << 24)), bool(dict.__flags__ & (1 << 29)))
print(int.__itemsize__ != 0, list.__itemsize__, C.__itemsize__)
try:
    type.__abstractmethods__
except AttributeError as e:
    print('AttributeError', e)
try:
    C.__abstractmethods__
except AttributeError as e:
    print('AttributeError', e)
C.__abstractmethods__ = frozenset({'f'})
print(C.__abstractmethods__)
try:
    C()
except TypeError as e:
    print('TypeError', e)
del C.__abstractmethods__
print(type(C()).__name__)
print(C.__annotations__, '__annotations__' in C.__dict__)


class A:
    x: int


class B(A):
    pass


print(A.__annotations__, B.__annotations__)
try:
    int.__annotations__
except AttributeError as e:
    print('AttributeError', e)
print(sorted(type.__dir__(C)) == dir(C))
print(int.mro(), C.mro())
print(type.__instancecheck__(int, 3), type.__subclasscheck__(int, bool))
print(type(type.__sizeof__(C)).__name__, type(C().__sizeof__()).__name__)
o = object()
print(o.__getstate__())
c = C()
print(c.__getstate__())
c.a = 1
print(c.__getstate__(), c.__getstate__() is c.__dict__)


class S:
    __slots__ = ('x', 'y')


s = S()
print(s.__getstate__())
s.x = 1
print(s.__getstate__())


class SD(S):
    pass


sd = SD()
sd.x = 2
sd.z = 3
print(sd.__getstate__())
print(object.__subclasshook__(), C.__subclasshook__(int), int.__subclasshook__())
for spec in ('x', 's', '>10'):
    try:
        format(object(), spec)
    except TypeError as e:
        print('TypeError', e)
print(format(C(), '').startswith('<__main__.C object'))
try:
    format(C(), 5)
except TypeError as e:
    print('TypeError', e)
try:
    object.__init__(c, 1)
except TypeError as e:
    print('TypeError', e)
try:
    C(1)
except TypeError as e:
    print('TypeError', e)
for a in ('__name__', '__qualname__', '__module__', '__mro__', '__bases__',
          '__base__', '__text_signature__'):
    print('type.' + a, getattr(type, a))
print(type.__doc__.split('\n')[0], type(type.__dict__).__name__)
for args in (('X', 5, {}), ('X', (), 5), (5, (), {}), (), (1, 2)):
    try:
        type(*args)
    except TypeError as e:
        print('TypeError', e)
s = super(C, C())
print(s.__thisclass__, s.__self_class__, type(s.__self__).__name__)
print(super(C).__self__, super(C).__self_class__)
