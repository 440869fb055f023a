# the public attributes of the sequence types and complex match CPython 3.11's dir()
for t in (bytes, bytearray, list, tuple, range, slice, complex):
    print(t.__name__, [n for n in dir(t) if not n.startswith('_')])
for t, names in ((bytes, ['__bytes__', '__getnewargs__', '__mul__', '__rmul__']),
                 (bytearray, ['__alloc__', '__mul__', '__rmul__', '__imul__', '__iadd__']),
                 (range, ['__bool__', '__reversed__', '__len__', '__contains__']),
                 (complex, ['__abs__', '__add__', '__radd__', '__sub__', '__rsub__', '__mul__', '__rmul__',
                            '__truediv__', '__rtruediv__', '__pow__', '__rpow__', '__neg__', '__pos__',
                            '__bool__', '__complex__', '__getnewargs__', '__format__', '__hash__', '__eq__'])):
    print(t.__name__, [n for n in names if n not in dir(t)])
print([n for n in ('__floordiv__', '__mod__', '__divmod__', '__int__', '__float__', '__lt__', '__round__') if n in complex.__dict__])
