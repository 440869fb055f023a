# __doc__ and the copied names of bound methods, staticmethod and
# classmethod objects (3.10+: __wrapped__, __dict__), property's
# __isabstractmethod__, functions' __builtins__.
import functools


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


def f(x: int):
    "doc of f"


class C:
    "doc of C"

    def m(self):
        "doc of m"

    @property
    def p(self):
        "doc of p"

    @staticmethod
    def s():
        "doc of s"

    @classmethod
    def c(cls):
        "doc of c"


for label, o in (('bound', C().m), ('function', C.m), ('property', C.p),
                 ('static via class', C.s), ('class via class', C.c),
                 ('static raw', C.__dict__['s']), ('class raw', C.__dict__['c']),
                 ('instance', C()), ('class', C), ('lru', functools.lru_cache(f)),
                 ('wraps', functools.wraps(f)(lambda: 0))):
    t(label, lambda: o.__doc__)

sm = staticmethod(f)
cm = classmethod(f)
for o in (sm, cm):
    t('name', lambda: (o.__name__, o.__qualname__, o.__module__))
    t('wrapped', lambda: (o.__wrapped__ is f, o.__func__ is f))
    t('annotations', lambda: o.__annotations__)
    t('dict', lambda: sorted(o.__dict__))
    t('isabstract', lambda: o.__isabstractmethod__)
    t('repr', lambda: repr(o).split(' at ')[0])
sm.__doc__ = 'changed'
t('changed', lambda: (sm.__doc__, f.__doc__))


def abstract(fn):
    fn.__isabstractmethod__ = True
    return fn


t('abstract static', lambda: staticmethod(abstract(lambda: 0)).__isabstractmethod__)
t('property abstract', lambda: (property(f).__isabstractmethod__,
                                property(abstract(lambda s: 0)).__isabstractmethod__,
                                property(None, abstract(lambda s, v: 0)).__isabstractmethod__))
t('builtins', lambda: type(f.__builtins__).__name__)
t('builtins len', lambda: f.__builtins__['len'] is len)
t('alias doc', lambda: (list[int].__doc__ == list.__doc__, dict[str, int].__doc__.split(chr(10))[0]))
