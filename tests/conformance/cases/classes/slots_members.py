# __slots__ names become member descriptors on the class: their repr and
# type, get/set/delete through the instance and through the descriptor,
# unset slots, private-name mangling, and the checks class creation makes.


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, str(e))


class C:
    __slots__ = ('x', 'y')


c = C()
t('C.x', lambda: C.x)
t('type', lambda: type(C.__dict__['x']).__name__)
t('__slots__', lambda: C.__slots__)
t('keys', lambda: sorted(C.__dict__))
t('unset', lambda: c.x)
c.x = 5
t('get', lambda: C.x.__get__(c, C))
t('get1', lambda: C.x.__get__(c))
t('set', lambda: C.x.__set__(c, 7))
t('after set', lambda: c.x)
t('delete', lambda: C.x.__delete__(c))
t('after delete', lambda: c.x)
t('delete again', lambda: C.x.__delete__(c))


def del_y():
    del c.y


t('del unset', del_y)
t('other attr', lambda: c.z)


def set_z():
    c.z = 1


t('set other', set_z)
t('__dict__', lambda: c.__dict__)
t('name', lambda: (C.x.__name__, C.x.__qualname__, C.x.__objclass__, C.x.__doc__))
t('get class', lambda: C.x.__get__(None, C))
t('get other', lambda: C.x.__get__(3))
t('set other type', lambda: C.x.__set__(3, 1))
t('getattr', lambda: getattr(c, 'y', 'default'))
t('hasattr', lambda: (hasattr(c, 'x'), hasattr(c, 'y')))
c.y = [1]
t('vars-like', lambda: {n: getattr(c, n) for n in C.__slots__ if hasattr(c, n)})


class D(C):
    __slots__ = 'z'


d = D()
d.z = 1
d.x = 2
t('sub', lambda: (d.x, d.z))
t('D.z', lambda: D.z)
t('D.x', lambda: D.x)
t('D.__slots__', lambda: D.__slots__)
t('D keys', lambda: sorted(D.__dict__))


class P:
    __slots__ = ['__p', 'q']

    def f(self):
        self.__p = 1
        return self.__p


t('mangled', lambda: sorted(P.__dict__))
t('mangled use', lambda: P().f())
t('mangled repr', lambda: P._P__p)


class W:
    __slots__ = ('a', '__dict__')


w = W()
w.a = 1
w.b = 2
t('with dict', lambda: (w.a, w.b, w.__dict__['b'], W.a))


def make(body):
    try:
        ns = {}
        exec(body, ns)
        print('made', sorted(k for k in vars(ns['K']) if not k.startswith('__')))
    except Exception as e:
        print(type(e).__name__, e)


make("class K:\n    __slots__ = ('a',)\n    a = 1\n")
make("class K:\n    __slots__ = ('__a',)\n    _K__a = 1\n")
make("class K:\n    __slots__ = (1,)\n")
make("class K:\n    __slots__ = ('1a',)\n")
make("class K(int):\n    __slots__ = ('a',)\n")
make("class K(tuple):\n    __slots__ = ('a',)\n")
make("class K(int):\n    __slots__ = ()\n")
make("class K(str):\n    __slots__ = ('a',)\n")
make("class K:\n    __slots__ = 'solo'\n")
make("class K:\n    __slots__ = iter(['i1', 'i2'])\n")


class GS:
    __slots__ = ('__p', 'q')

    def set(self):
        self.__p = 1
        self.q = 2


class GSub(GS):
    pass


g = GS()
g.set()
t('getstate mangled', lambda: g.__getstate__())
gs = GSub()
gs.set()
gs.z = 3
t('getstate mixed', lambda: gs.__getstate__())
t('getstate empty', lambda: GS().__getstate__())
