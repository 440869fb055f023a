# collections.abc -- the abstract base classes for containers: a small
# ABCMeta (registration, __subclasshook__, cached isinstance/issubclass,
# __abstractmethods__), the one-method ABCs recognised structurally, and the
# collection ABCs with their mixin methods.  Builtin types are registered
# where CPython registers them (list is a MutableSequence, dict a
# MutableMapping, ...).

_GA_DESCR = list.__dict__['__class_getitem__']


def _generic_alias(cls, item):
    return _GA_DESCR.__get__(None, cls)(item)


def abstractmethod(func):
    func.__isabstractmethod__ = True
    return func


_abc_epoch = [0]


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstract = set()
        for attr, value in namespace.items():
            if getattr(value, "__isabstractmethod__", False):
                abstract.add(attr)
        for base in bases:
            for attr in getattr(base, "__abstractmethods__", ()):
                if getattr(getattr(cls, attr, None), "__isabstractmethod__", False):
                    abstract.add(attr)
        cls.__abstractmethods__ = frozenset(abstract)
        cls._abc_registry = []
        cls._abc_children = []
        cls._abc_yes = set()
        cls._abc_no = set()
        cls._abc_no_epoch = _abc_epoch[0]
        for base in bases:
            kids = base.__dict__.get("_abc_children")
            if kids is not None:
                kids.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _abc_epoch[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        klass = instance.__class__
        if klass in cls._abc_yes:
            return True
        kind = type(instance)
        if kind is klass:
            # a cached "no" answers without the call (Counter.update asks
            # isinstance(x, Mapping) of every list it is given)
            if cls._abc_no_epoch == _abc_epoch[0] and klass in cls._abc_no:
                return False
            return cls.__subclasscheck__(klass)
        return cls.__subclasscheck__(klass) or cls.__subclasscheck__(kind)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_yes:
            return True
        if cls._abc_no_epoch != _abc_epoch[0]:
            cls._abc_no = set()
            cls._abc_no_epoch = _abc_epoch[0]
        elif subclass in cls._abc_no:
            return False
        answer = cls.__subclasshook__(subclass)
        if answer is not NotImplemented:
            (cls._abc_yes if answer else cls._abc_no).add(subclass)
            return bool(answer)
        found = cls in subclass.__mro__
        if not found:
            for other in cls._abc_registry:
                if issubclass(subclass, other):
                    found = True
                    break
        if not found:
            for child in cls._abc_children:
                if issubclass(subclass, child):
                    found = True
                    break
        (cls._abc_yes if found else cls._abc_no).add(subclass)
        return found

    def _abc_registry_clear(cls):
        cls._abc_registry.clear()
        _abc_epoch[0] += 1

    def _abc_caches_clear(cls):
        cls._abc_yes = set()
        cls._abc_no = set()


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _hook(*methods):
    def __subclasshook__(cls, C):
        if cls is _hook_owner.get(__subclasshook__):
            if C in _not_structural and ('__next__' in methods or '__iter__' in methods):
                return NotImplemented
            return _check_methods(C, *methods)
        return NotImplemented
    return __subclasshook__


async def _sample_coroutine():
    pass


async def _sample_async_gen():
    yield None


_co = _sample_coroutine()
_coroutine_type = type(_co)
_co.close()
_async_generator_type = type(_sample_async_gen())
del _co
# the interpreter's coroutines carry generator methods CPython's lack
_not_structural = {_coroutine_type}


_hook_owner = {}


def _structural(cls, *methods):
    # cls recognises any class defining methods (not through a None)
    hook = _hook(*methods)
    _hook_owner[hook] = cls
    cls.__subclasshook__ = classmethod(hook)
    return cls


class Hashable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __hash__(self):
        return 0


class Awaitable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __await__(self):
        yield

    __class_getitem__ = classmethod(_generic_alias)


class Coroutine(Awaitable):
    __slots__ = ()

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        if val is None:
            if tb is None:
                raise typ
            val = typ()
        if tb is not None:
            val = val.with_traceback(tb)
        raise val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError("coroutine ignored GeneratorExit")


class AsyncIterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __aiter__(self):
        return AsyncIterator()

    __class_getitem__ = classmethod(_generic_alias)


class AsyncIterator(AsyncIterable):
    __slots__ = ()

    @abstractmethod
    async def __anext__(self):
        raise StopAsyncIteration

    def __aiter__(self):
        return self


class AsyncGenerator(AsyncIterator):
    __slots__ = ()

    async def __anext__(self):
        return await self.asend(None)

    @abstractmethod
    async def asend(self, value):
        raise StopAsyncIteration

    @abstractmethod
    async def athrow(self, typ, val=None, tb=None):
        if val is None:
            if tb is None:
                raise typ
            val = typ()
        raise val

    async def aclose(self):
        try:
            await self.athrow(GeneratorExit)
        except (GeneratorExit, StopAsyncIteration):
            pass
        else:
            raise RuntimeError("asynchronous generator ignored GeneratorExit")


class Iterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __iter__(self):
        while False:
            yield None

    __class_getitem__ = classmethod(_generic_alias)


class Iterator(Iterable):
    __slots__ = ()

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self


class Reversible(Iterable):
    __slots__ = ()

    @abstractmethod
    def __reversed__(self):
        while False:
            yield None


class Generator(Iterator):
    __slots__ = ()

    def __next__(self):
        return self.send(None)

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        if val is None:
            if tb is None:
                raise typ
            val = typ()
        raise val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError("generator ignored GeneratorExit")


class Sized(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __len__(self):
        return 0


class Container(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __contains__(self, x):
        return False

    __class_getitem__ = classmethod(_generic_alias)


class Collection(Sized, Iterable, Container):
    __slots__ = ()


class Callable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    __class_getitem__ = classmethod(_generic_alias)


_structural(Hashable, "__hash__")
_structural(Awaitable, "__await__")
_structural(Coroutine, "__await__", "send", "throw", "close")
_structural(AsyncIterable, "__aiter__")
_structural(AsyncIterator, "__anext__", "__aiter__")
_structural(AsyncGenerator, "__aiter__", "__anext__", "asend", "athrow", "aclose")
_structural(Iterable, "__iter__")
_structural(Iterator, "__iter__", "__next__")
_structural(Reversible, "__reversed__", "__iter__")
_structural(Generator, "__iter__", "__next__", "send", "throw", "close")
_structural(Sized, "__len__")
_structural(Container, "__contains__")
_structural(Collection, "__len__", "__iter__", "__contains__")
_structural(Callable, "__call__")
Coroutine.register(_coroutine_type)
AsyncGenerator.register(_async_generator_type)


# ---- sets -------------------------------------------------------------------

class Set(Collection):
    __slots__ = ()

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) < len(other):
            return False
        for elem in other:
            if elem not in self:
                return False
        return True

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(value for value in other if value in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(e for s in (self, other) for e in s)

    __ror__ = __or__

    def __sub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in self if value not in other)

    def __rsub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in other if value not in self)

    def __xor__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return (self - other) | (other - self)

    __rxor__ = __xor__

    def _hash(self):
        return hash(frozenset(self))


Set.register(frozenset)


class MutableSet(Set):
    __slots__ = ()

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        try:
            while True:
                self.pop()
        except KeyError:
            pass

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in (self - it):
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            if not isinstance(it, Set):
                it = self._from_iterable(it)
            for value in it:
                if value in self:
                    self.discard(value)
                else:
                    self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                self.discard(value)
        return self


MutableSet.register(set)


# ---- mappings ---------------------------------------------------------------

class Mapping(Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MappingView(Sized):
    __slots__ = ('_mapping',)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return f'{self.__class__.__name__}({self._mapping!r})'

    __class_getitem__ = classmethod(_generic_alias)


class KeysView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


KeysView.register(type({}.keys()))


class ItemsView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


ItemsView.register(type({}.items()))


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


ValuesView.register(type({}.values()))


class MutableMapping(Mapping):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    __marker = object()

    def pop(self, key, default=__marker):
        try:
            value = self[key]
        except KeyError:
            if default is self.__marker:
                raise
            return default
        else:
            del self[key]
            return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


MutableMapping.register(dict)


# ---- sequences --------------------------------------------------------------

class Sequence(Reversible, Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


Sequence.register(tuple)
Sequence.register(str)
Sequence.register(range)


class ByteString(Sequence):
    __slots__ = ()


ByteString.register(bytes)
ByteString.register(bytearray)


class MutableSequence(Sequence):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


MutableSequence.register(list)
MutableSequence.register(bytearray)


__all__ = ["Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator",
           "AsyncGenerator", "Hashable", "Iterable", "Iterator", "Generator",
           "Reversible", "Sized", "Container", "Callable", "Collection",
           "Set", "MutableSet", "Mapping", "MutableMapping", "MappingView",
           "KeysView", "ItemsView", "ValuesView", "Sequence",
           "MutableSequence", "ByteString"]

for _c in (Hashable, Awaitable, Coroutine, AsyncIterable, AsyncIterator,
           AsyncGenerator, Iterable, Iterator, Reversible, Generator, Sized,
           Container, Collection, Callable, Set, MutableSet, Mapping,
           MutableMapping, MappingView, KeysView, ItemsView, ValuesView,
           Sequence, ByteString, MutableSequence):
    _c.__module__ = "collections.abc"
del _c
