# collections.abc: builtin types against every ABC
import collections.abc as cabc
from collections.abc import Mapping
import collections
def gen():
    yield 1
async def coro():
    pass
async def agen():
    yield 1
co = coro()
samples = [('list', []), ('tuple', ()), ('str', ''), ('bytes', b''), ('bytearray', bytearray()),
           ('dict', {}), ('set', set()), ('frozenset', frozenset()), ('range', range(1)),
           ('int', 1), ('None', None), ('gen', gen()), ('list_iter', iter([])), ('dict_keys', {}.keys()),
           ('dict_items', {}.items()), ('dict_values', {}.values()), ('func', len), ('lambda', lambda: 0),
           ('deque', collections.deque()), ('Counter', collections.Counter()), ('coroutine', co),
           ('async_gen', agen()), ('type', int), ('zip', zip()), ('map', map(len, []))]
abcs = ['Hashable', 'Iterable', 'Iterator', 'Generator', 'Reversible', 'Sized', 'Container', 'Collection',
        'Callable', 'Sequence', 'MutableSequence', 'Set', 'MutableSet', 'Mapping', 'MutableMapping',
        'KeysView', 'ItemsView', 'ValuesView', 'MappingView', 'Awaitable', 'Coroutine', 'AsyncIterable',
        'AsyncIterator', 'AsyncGenerator', 'ByteString']
for name, obj in samples:
    yes = [a for a in abcs if isinstance(obj, getattr(cabc, a))]
    print(name, yes)
co.close()
print(issubclass(dict, Mapping), issubclass(list, cabc.Sequence), issubclass(str, cabc.MutableSequence))
print(collections.abc is cabc, cabc.Mapping.__module__, cabc.Iterable[int], cabc.Callable)
try:
    issubclass(1, Mapping)
except TypeError as e:
    print(type(e).__name__, e)
