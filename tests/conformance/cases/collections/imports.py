# the ways scripts reach collections and collections.abc
import collections.abc
print(collections.abc.Mapping, collections.deque, collections.abc.Sequence.__name__)
from collections import abc
print(abc is collections.abc, abc.MutableMapping)
from collections.abc import Iterable as It, Callable
print(It, Callable, isinstance([], It))
import collections as c2
print(c2 is collections, sorted(n for n in collections.__all__))
print(type(collections.deque()), collections.deque.__module__, collections.Counter.__module__, collections.OrderedDict.__module__)
print(collections.defaultdict, collections.ChainMap, collections.namedtuple.__name__)
print(sorted(abc.__all__)[:5])
try:
    import collections.nothing
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    from collections import nothing
except ImportError as e:
    print(type(e).__name__)
import itertools, functools, copy
print(itertools.chain, functools.partial, functools.reduce.__name__, copy.deepcopy.__name__)
print(itertools.count.__name__, type(itertools.count()).__name__, functools.lru_cache.__name__)
