# Slot wrappers called directly (int.__pow__, object.__setattr__,
# T.__new__, type.__call__, dict.__init__, ...): every argument they take,
# and CPython's errors for the wrong number.


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, repr(str(e)))


t('pow3', lambda: (2).__pow__(3, 5))
t('int.pow3', lambda: int.__pow__(2, 3, 5))
t('pow None', lambda: (3).__pow__(2, None))
t('rpow3', lambda: (2).__rpow__(3, 5))
t('pow4', lambda: (2).__pow__(3, 5, 6))
t('pow0', lambda: (1).__pow__())
t('rpow0', lambda: (1).__rpow__())
t('pow mod 0', lambda: (2).__pow__(3, 0))
t('pow neg', lambda: (2).__pow__(-1, 5))
t('pow float other', lambda: (2).__pow__(2.0, 3))
t('float pow3', lambda: (2.0).__pow__(3, 5))
t('float pow None', lambda: (2.0).__pow__(2, None))
t('complex pow3', lambda: (2j).__pow__(2, 3))
t('pow kw', lambda: (2).__pow__(3, 5, x=1))
t('add kw', lambda: (2).__add__(x=1))
t('add 0', lambda: (5).__add__())
t('add 2', lambda: (5).__add__(1, 2))
t('neg 1', lambda: (5).__neg__(1))
t('hash 1', lambda: (1).__hash__(1))
t('eq 0', lambda: (1).__eq__())
t('lt 2', lambda: (1).__lt__(2, 3))
t('next 1', lambda: iter([]).__next__(1))
t('bool 1', lambda: (1).__bool__(2))
t('list mul 0', lambda: [].__mul__())
t('list rmul 0', lambda: [].__rmul__())
t('str mul 0', lambda: 'a'.__mul__())
t('list imul 0', lambda: [].__imul__())
t('list add 0', lambda: [].__add__())
t('int mul 0', lambda: (1).__mul__())
t('setitem 1', lambda: [].__setitem__(0))
t('dict setitem 3', lambda: {}.__setitem__(1, 2, 3))
t('delitem 0', lambda: [].__delitem__())
t('contains 0', lambda: [].__contains__())
t('len 1', lambda: [].__len__(1))


class O:
    pass


o = O()
t('setattr', lambda: object.__setattr__(o, 'x', 1))
t('getattr', lambda: object.__getattribute__(o, 'x'))
t('delattr', lambda: object.__delattr__(o, 'x'))
t('getattr gone', lambda: object.__getattribute__(o, 'x'))
t('setattr 1', lambda: object.__setattr__(object()))
t('setattr 3', lambda: object.__setattr__(object(), 'a', 1, 2))
t('delattr 0', lambda: object.__delattr__(object()))
t('getattribute 0', lambda: object.__getattribute__(object()))
t('new', lambda: type(object.__new__(O)).__name__)
t('new int', lambda: object.__new__(int))
t('int new', lambda: int.__new__(int, '12'))
t('int new base', lambda: int.__new__(int, '12', 16))
t('int new none', lambda: int.__new__())
t('int new 3', lambda: int.__new__(3))
t('int new str', lambda: int.__new__(str))
t('float new', lambda: float.__new__(float, 2))
t('tuple new', lambda: tuple.__new__(tuple, [1]))
t('complex new', lambda: complex.__new__(complex, 1, 2))


class C:
    def __init__(self, a, b=2):
        self.a = a
        self.b = b


t('type call', lambda: type.__call__(C, 1, b=3).b)
t('type call int', lambda: type.__call__(int, '5'))
t('type call 0', lambda: type.__call__())
t('type new', lambda: type.__new__(type, 'X', (), {}).__name__)


class S(str):
    pass


t('str new', lambda: str.__new__(S, 'x'))
t('str new type', lambda: type(str.__new__(S, 'x')).__name__)


class D(dict):
    def __init__(self, **kw):
        dict.__init__(self, a=1, **kw)


t('dict init', lambda: D(b=2))
t('dict init 0', lambda: dict.__init__())
t('list init', lambda: list.__init__([], [1, 2]))
t('list init 2', lambda: list.__init__([], 1, 2))
t('object init', lambda: object.__init__(o, 1))
t('property get', lambda: property(lambda s: 5).__get__(o))
t('property get cls', lambda: type(property().__get__(None, O)).__name__)
t('property get 0', lambda: property().__get__())
t('property get None', lambda: property().__get__(None, None))
t('property get 3', lambda: property().__get__(1, 2, 3))
t('property set 1', lambda: property().__set__(1))
t('property delete 0', lambda: property().__delete__())
t('call kw', lambda: len.__call__([1], x=2))
t('int add float', lambda: int.__add__(1.0, 2))
t('divmod 2', lambda: (1).__divmod__(2, 3))
t('rdivmod', lambda: (5).__rdivmod__(17))
t('format 0', lambda: (2).__format__())
t('object format', lambda: object.__format__(1))
t('reduce_ex 0', lambda: object.__reduce_ex__(1))
t('sizeof 1', lambda: object.__sizeof__(1, 2))
t('dir 1', lambda: object.__dir__(1, 2))
t('dict getitem 0', lambda: {}.__getitem__())
t('list getitem 0', lambda: [].__getitem__())
t('str getitem 0', lambda: ''.__getitem__())
t('set contains 0', lambda: set().__contains__())
t('dict contains 2', lambda: {}.__contains__(1, 2))
t('wrapper name', lambda: (int.__add__.__name__, int.__add__.__qualname__, int.__add__.__objclass__))
t('wrapper repr', lambda: int.__add__)
t('bound wrapper', lambda: ((1).__add__.__name__, (1).__add__.__qualname__, (1).__add__.__self__))
t('bound wrapper repr', lambda: repr([].__len__).split(' at ')[0])
t('inherited init', lambda: (O.__init__.__qualname__, repr(O().__init__).split(' at ')[0]))
t('int new sub', lambda: type(int.__new__(type('I', (int,), {}), '5', 8)).__name__)
t('bytes new enc', lambda: bytes.__new__(bytes, 'x', 'ascii'))
t('exc new', lambda: BaseException.__new__(ValueError, 1, 2).args)
t('set init', lambda: set.__init__(set(), 1, 2))
t('type call 3', lambda: type.__call__(type, 'Z', (), {}).__name__)
t('str rmod', lambda: str.__rmod__('%s', 5))
