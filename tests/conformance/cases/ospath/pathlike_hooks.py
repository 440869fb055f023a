# os.PathLike and the collections.abc one-method ABCs recognise plain classes
# through __subclasshook__ (issue #18).
import os, pathlib
from collections import abc
class P:
    def __fspath__(self): return "/x"
class Q: pass
print(isinstance(P(), os.PathLike), isinstance(Q(), os.PathLike), issubclass(P, os.PathLike), isinstance(pathlib.PurePath("a"), os.PathLike), isinstance("a", os.PathLike))
class It:
    def __iter__(self): return iter([])
class Sz:
    def __len__(self): return 0
class Ct:
    def __contains__(self, x): return False
class Cl:
    def __call__(self): pass
class Rv:
    def __iter__(self): return iter([])
    def __reversed__(self): return iter([])
class Aw:
    def __await__(self): yield
class NoHash:
    __hash__ = None
class Nx:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
class Col:
    def __len__(self): return 0
    def __iter__(self): return iter([])
    def __contains__(self, x): return False
class AI:
    def __aiter__(self): return self
class AIt:
    def __aiter__(self): return self
    async def __anext__(self): raise StopAsyncIteration
for c, names in [(It, 'Iterable'), (Sz, 'Sized'), (Ct, 'Container'), (Cl, 'Callable'), (Rv, 'Reversible'), (Aw, 'Awaitable'), (NoHash, 'Hashable'), (Q, 'Hashable'), (Nx, 'Iterator'), (Col, 'Collection'), (AI, 'AsyncIterable'), (AIt, 'AsyncIterator'), (It, 'Iterator'), (Q, 'Iterable')]:
    A = getattr(abc, names)
    print(names, c.__name__, isinstance(c(), A), issubclass(c, A))
print(os.PathLike.__subclasshook__(P), os.PathLike.__subclasshook__(Q))
class Sub(P): pass
print(isinstance(Sub(), os.PathLike), issubclass(pathlib.PurePosixPath, os.PathLike))
print(type(os.PathLike).__name__, isinstance(os.PathLike, type))
print(type(os.PathLike), [n for n in dir(os) if "ABC" in n])
