# C.__dict__ / vars(C) is a read-only mappingproxy: reads like a dict,
# refuses assignment, reprs as mappingproxy({...}).


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class C:
    x = 1

    def m(self):
        return 2


d = C.__dict__
t('type', lambda: type(d).__name__)
t('vars', lambda: type(vars(C)).__name__)
t('getitem', lambda: d['x'])
t('missing', lambda: d['nope'])
t('in', lambda: ('x' in d, 'nope' in d))
t('len', lambda: len(d) == len(list(d)))
t('get', lambda: (d.get('x'), d.get('nope'), d.get('nope', 5)))
t('keys', lambda: [k for k in d.keys() if not k.startswith('__')])
t('values', lambda: [v for v in d.values() if v == 1])
t('items', lambda: [(k, v) for k, v in d.items() if k == 'x'])
t('copy', lambda: (type(d.copy()).__name__, d.copy()['x']))
t('dict()', lambda: dict(d)['x'])
t('or', lambda: (type(d | {'y': 2}).__name__, (d | {'y': 2})['y'], ({'y': 2} | d)['x']))
t('eq', lambda: (d == dict(d), d != dict(d)))
t('iter', lambda: sorted(k for k in d if not k.startswith('__')))
t('reversed', lambda: list(reversed(d))[-1])


def setitem():
    d['x'] = 5


def delitem():
    del d['x']


def ior():
    global d
    d |= {}


t('setitem', setitem)
t('delitem', delitem)
t('ior', ior)
t('no setdefault', lambda: d.setdefault('z', 1))
t('repr', lambda: repr(type('E', (), {'a': 1}).__dict__).startswith("mappingproxy({'a': 1"))
t('str', lambda: str(type('E', (), {'a': 1}).__dict__).startswith("{'a': 1"))
t('int dict', lambda: (type(int.__dict__).__name__, int.__dict__['real'].__name__))
t('hash', lambda: hash(d))
MP = type(d)
t('construct', lambda: MP({'a': 1})['a'])
t('construct list', lambda: MP([1]))
t('construct int', lambda: MP(5))
t('construct repr', lambda: repr(MP({'a': 1})))
