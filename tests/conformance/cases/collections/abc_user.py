# collections.abc with user classes: subclassing for mixins, abstract
# method errors, register(), and structural checks
from collections.abc import (Mapping, MutableMapping, Sequence, MutableSequence, Set,
                             MutableSet, Iterable, Iterator, Sized, Container, Hashable, Callable)

class Frozen(Mapping):
    def __init__(self, **kw):
        self._d = dict(kw)
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)

f = Frozen(a=1, b=2)
print(f['a'], f.get('z', 0), 'a' in f, 'z' in f, list(f.keys()), list(f.items()), list(f.values()))
print(f == {'a': 1, 'b': 2}, f != {'a': 1}, len(f.keys()), f.keys() & {'a'}, ('a', 1) in f.items(), 2 in f.values())
print(isinstance(f, Mapping), isinstance(f, MutableMapping), dict(f))

class Store(MutableMapping):
    def __init__(self):
        self._d = {}
    def __getitem__(self, k):
        return self._d[k]
    def __setitem__(self, k, v):
        self._d[k] = v
    def __delitem__(self, k):
        del self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)

s = Store()
s.update({'x': 1}, y=2); s.update([('z', 3)])
print(dict(s), s.setdefault('x', 9), s.setdefault('w', 4), s.pop('w'), s.pop('nope', 'dflt'), s.popitem(), dict(s))
s.clear(); print(len(s))
try:
    s.pop('missing')
except KeyError as e:
    print(type(e).__name__, e)

class Seq(Sequence):
    def __init__(self, *items):
        self._i = list(items)
    def __getitem__(self, i):
        return self._i[i]
    def __len__(self):
        return len(self._i)

q = Seq(3, 1, 4, 1)
print(list(q), list(reversed(q)), q.index(4), q.count(1), 4 in q, 9 in q)
try:
    q.index(9)
except ValueError as e:
    print(type(e).__name__)

class MSeq(MutableSequence):
    def __init__(self):
        self._i = []
    def __getitem__(self, i):
        return self._i[i]
    def __setitem__(self, i, v):
        self._i[i] = v
    def __delitem__(self, i):
        del self._i[i]
    def __len__(self):
        return len(self._i)
    def insert(self, i, v):
        self._i.insert(i, v)

m = MSeq()
m.append(1); m.extend([2, 3]); m += [4]; m.reverse(); print(list(m), m.pop(), m.pop(0), list(m))
m.remove(3); print(list(m)); m.clear(); print(len(m))

class S(Set):
    def __init__(self, it=()):
        self._s = list(dict.fromkeys(it))
    def __contains__(self, x):
        return x in self._s
    def __iter__(self):
        return iter(self._s)
    def __len__(self):
        return len(self._s)

a, b = S([1, 2, 3]), S([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= b, S([2]) < a, a == S([3, 2, 1]), a.isdisjoint([9]))

class MS(MutableSet):
    def __init__(self):
        self._s = set()
    def __contains__(self, x):
        return x in self._s
    def __iter__(self):
        return iter(sorted(self._s))
    def __len__(self):
        return len(self._s)
    def add(self, x):
        self._s.add(x)
    def discard(self, x):
        self._s.discard(x)

ms = MS(); ms |= {1, 2, 3}; ms -= {1}; print(list(ms)); ms.remove(2); print(list(ms), ms.pop(), len(ms))

for cls in (Mapping, Sequence, Iterable, MutableSet):
    try:
        cls()
    except TypeError as e:
        print(type(e).__name__, e)

class Half(Mapping):
    def __getitem__(self, k):
        return 1
try:
    Half()
except TypeError as e:
    print(type(e).__name__, e)

class Virtual:
    pass
Sequence.register(Virtual)
print(isinstance(Virtual(), Sequence), issubclass(Virtual, Iterable), issubclass(Virtual, Sized))

class It:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration
class Sz:
    def __len__(self):
        return 0
class NoHash:
    __hash__ = None
class Call:
    def __call__(self):
        pass
print(isinstance(It(), Iterator), isinstance(It(), Iterable), isinstance(Sz(), Sized), isinstance(Sz(), Container))
print(isinstance(NoHash(), Hashable), isinstance(Call(), Callable), isinstance(Call, Callable), isinstance(object(), Hashable))
class Sub(It):
    __iter__ = None
print(isinstance(Sub(), Iterable))
