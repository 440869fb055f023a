# functools -- higher-order functions.  reduce and partial come from the C
# part (functools.c, already in this module's dict); this file adds
# update_wrapper/wraps, total_ordering, cmp_to_key, lru_cache/cache,
# cached_property, partialmethod and singledispatch(method), written from
# the documented behaviour of CPython 3.11.

from collections import namedtuple as _namedtuple

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial', 'partialmethod', 'singledispatch', 'singledispatchmethod',
           'cached_property']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned,
                   updated=updated)


# ---- total_ordering -----------------------------------------------------------

def _not_op(op, other):
    return NotImplemented


def _from_lt(name):
    def gt(self, other):
        r = type(self).__lt__(self, other)
        if r is NotImplemented:
            return r
        return not r and self != other

    def le(self, other):
        r = type(self).__lt__(self, other)
        if r is NotImplemented:
            return r
        return r or self == other

    def ge(self, other):
        r = type(self).__lt__(self, other)
        if r is NotImplemented:
            return r
        return not r
    return {'__gt__': gt, '__le__': le, '__ge__': ge}[name]


def _from_le(name):
    def ge(self, other):
        r = type(self).__le__(self, other)
        if r is NotImplemented:
            return r
        return not r or self == other

    def lt(self, other):
        r = type(self).__le__(self, other)
        if r is NotImplemented:
            return r
        return r and self != other

    def gt(self, other):
        r = type(self).__le__(self, other)
        if r is NotImplemented:
            return r
        return not r
    return {'__ge__': ge, '__lt__': lt, '__gt__': gt}[name]


def _from_gt(name):
    def lt(self, other):
        r = type(self).__gt__(self, other)
        if r is NotImplemented:
            return r
        return not r and self != other

    def ge(self, other):
        r = type(self).__gt__(self, other)
        if r is NotImplemented:
            return r
        return r or self == other

    def le(self, other):
        r = type(self).__gt__(self, other)
        if r is NotImplemented:
            return r
        return not r
    return {'__lt__': lt, '__ge__': ge, '__le__': le}[name]


def _from_ge(name):
    def le(self, other):
        r = type(self).__ge__(self, other)
        if r is NotImplemented:
            return r
        return (not r) or self == other

    def gt(self, other):
        r = type(self).__ge__(self, other)
        if r is NotImplemented:
            return r
        return r and self != other

    def lt(self, other):
        r = type(self).__ge__(self, other)
        if r is NotImplemented:
            return r
        return not r
    return {'__le__': le, '__gt__': gt, '__lt__': lt}[name]


_ORDER_SOURCES = [('__lt__', _from_lt, ('__gt__', '__le__', '__ge__')),
                  ('__le__', _from_le, ('__ge__', '__lt__', '__gt__')),
                  ('__gt__', _from_gt, ('__lt__', '__ge__', '__le__')),
                  ('__ge__', _from_ge, ('__le__', '__gt__', '__lt__'))]


def total_ordering(cls):
    defined = set()
    for name in ('__lt__', '__le__', '__gt__', '__ge__'):
        if getattr(cls, name, None) is not getattr(object, name, None):
            defined.add(name)
    if not defined:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    for root, maker, derived in _ORDER_SOURCES:
        if root in defined:
            break
    for name in derived:
        if name not in defined:
            fn = maker(name)
            fn.__name__ = name
            fn.__qualname__ = f'{cls.__qualname__}.{name}'
            setattr(cls, name, fn)
    return cls


# ---- cmp_to_key ----------------------------------------------------------------

def cmp_to_key(mycmp):
    class KeyWrapper(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return KeyWrapper


# ---- lru_cache -------------------------------------------------------------------

_CacheInfo = _namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"])
_CacheInfo.__module__ = 'functools'

_KWD_MARK = object()
_FAST_TYPES = frozenset((int, str))


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_KWD_MARK,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in _FAST_TYPES:
        return key[0]
    return key


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _decorate(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError(
            'Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        return _decorate(user_function, maxsize, typed)

    return decorating_function


def _decorate(user_function, maxsize, typed):
    wrapper = _lru_cache_wrapper(user_function, maxsize, typed, _CacheInfo)
    wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
    return update_wrapper(wrapper, user_function)


def cache(user_function, /):
    return lru_cache(maxsize=None)(user_function)


# ---- cached_property --------------------------------------------------------------

_NOT_FOUND = object()


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r}).")

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it.")
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = (f"No '__dict__' attribute on {type(instance).__name__!r} "
                   f"instance to cache {self.attrname!r} property.")
            raise TypeError(msg) from None
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val

    __class_getitem__ = classmethod(lambda cls, item: list.__dict__['__class_getitem__'].__get__(None, cls)(item))


# ---- partialmethod ---------------------------------------------------------------

class partialmethod(object):
    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = {**func.keywords, **keywords}
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        args = ", ".join(map(repr, self.args))
        keywords = ", ".join(f"{k}={v!r}" for k, v in self.keywords.items())
        parts = [repr(self.func)]
        if args:
            parts.append(args)
        if keywords:
            parts.append(keywords)
        return f"{self.__class__.__module__}.{self.__class__.__qualname__}({', '.join(parts)})"

    def _make_unbound_method(self):
        def _method(cls_or_self, /, *args, **keywords):
            keywords = {**self.keywords, **keywords}
            return self.func(cls_or_self, *self.args, *args, **keywords)
        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method._partialmethod = self
        return _method

    def __get__(self, obj, cls=None):
        get = getattr(self.func, "__get__", None)
        result = None
        if get is not None and not isinstance(self.func, partial):
            new_func = get(obj, cls)
            if new_func is not self.func:
                result = partial(new_func, *self.args, **self.keywords)
                try:
                    result.__self__ = new_func.__self__
                except AttributeError:
                    pass
        if result is None:
            result = self._make_unbound_method().__get__(obj, cls)
        return result

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, "__isabstractmethod__", False)


# ---- singledispatch ----------------------------------------------------------------

def _find_impl(cls, registry):
    mro = cls.__mro__
    for klass in mro:
        if klass is not object and klass in registry:
            return registry[klass]
    # classes that are not in the MRO (ABCs, registered virtual bases):
    # the most specific one that cls is a subclass of
    best = None
    for klass in registry:
        if klass is object or klass in mro:
            continue
        try:
            ok = issubclass(cls, klass)
        except TypeError:
            ok = False
        if ok and (best is None or issubclass(klass, best)):
            best = klass
    if best is not None:
        return registry[best]
    return registry.get(object)


def _annotation_class(func):
    ann = getattr(func, '__annotations__', {})
    if not ann:
        raise TypeError(
            f"Invalid first argument to `register()`: {func!r}. "
            f"Use either `@register(some_class)` or plain `@register` "
            f"on an annotated function.")
    argname, cls = next(iter(ann.items()))
    if isinstance(cls, str):
        cls = eval(cls, getattr(func, '__globals__', {}))
    return argname, cls


def _is_union(cls):
    return type(cls) is type(int | str)


def singledispatch(func):
    registry = {}
    dispatch_cache = {}

    def dispatch(cls):
        try:
            return dispatch_cache[cls]
        except KeyError:
            pass
        impl = _find_impl(cls, registry)
        dispatch_cache[cls] = impl
        return impl

    def _valid(cls):
        if isinstance(cls, type):
            return True
        return _is_union(cls) and all(isinstance(a, type) for a in cls.__args__)

    def register(cls, func=None):
        if _valid(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(
                    f"Invalid first argument to `register()`. "
                    f"{cls!r} is not a class or union type.")
            func = cls
            argname, cls = _annotation_class(func)
            if not _valid(cls):
                if _is_union(cls):
                    raise TypeError(
                        f"Invalid annotation for {argname!r}. "
                        f"{cls!r} not all arguments are classes.")
                raise TypeError(
                    f"Invalid annotation for {argname!r}. "
                    f"{cls!r} is not a class.")
        if _is_union(cls):
            for arg in cls.__args__:
                registry[arg] = func
        else:
            registry[cls] = func
        dispatch_cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least '
                            '1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = dispatch_cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    def __init__(self, func):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        def _method(*args, **kwargs):
            method = self.dispatcher.dispatch(args[0].__class__)
            return method.__get__(obj, cls)(*args, **kwargs)

        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)
