# copy -- shallow and deep copies, as CPython 3.11's copy module behaves:
# immutable atoms are returned as they are, the builtin containers are
# rebuilt, __copy__ / __deepcopy__ (and a class's own __reduce_ex__ /
# __reduce__) are honoured, and plain instances are copied through
# cls.__new__ plus their __dict__ (and __slots__ values); deepcopy keeps a
# memo so shared and cyclic structure is reproduced.

__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error

_FunctionType = type(lambda: 0)
_BuiltinType = type(len)
_ATOMIC = {type(None), int, float, bool, complex, str, bytes, type, range,
           _FunctionType, _BuiltinType, type(Ellipsis), type(NotImplemented),
           property, slice}
_ATOMIC.add(type((lambda: 0).__code__))


def _own_reduce(cls):
    # a __reduce_ex__ or __reduce__ the class (not object) defines
    for name in ('__reduce_ex__', '__reduce__'):
        for klass in cls.__mro__:
            if name in klass.__dict__:
                if klass in (object, list, dict, set, tuple, int, str, bytes,
                             float, frozenset, bytearray):
                    break
                return name
    return None


def _is_atomic(cls):
    return cls in _ATOMIC or issubclass(cls, type)


def _slot_names(cls):
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get('__slots__')
        if slots is None:
            continue
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ('__dict__', '__weakref__'):
                continue
            if name.startswith('__') and not name.endswith('__'):
                name = f'_{klass.__name__.lstrip("_")}{name}'
            names.append(name)
    return names


def _state_of(x):
    cls = type(x)
    getstate = getattr(x, '__getstate__', None)
    if getstate is not None and type(getstate).__name__ != 'builtin_function_or_method':
        return getstate(), True
    state = getattr(x, '__dict__', None)
    slots = {}
    for name in _slot_names(cls):
        try:
            slots[name] = getattr(x, name)
        except AttributeError:
            pass
    if slots:
        return (dict(state) if state else None, slots), False
    return (dict(state) if state else None), False


def _set_state(y, state, custom):
    if state is None:
        return
    if custom or hasattr(y, '__setstate__') and type(getattr(y, '__setstate__')).__name__ != 'builtin_function_or_method':
        setstate = getattr(y, '__setstate__', None)
        if setstate is not None:
            setstate(state)
            return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        y_dict = y.__dict__
        for key, value in state.items():
            y_dict[key] = value
    if slotstate:
        for key, value in slotstate.items():
            setattr(y, key, value)


def _new_like(x, deep, memo):
    # an empty object of x's class, plus the constructor arguments it needs
    cls = type(x)
    getnewargs = getattr(x, '__getnewargs__', None)
    if getnewargs is not None:
        args = getnewargs()
        if deep:
            args = deepcopy(args, memo)
        return cls.__new__(cls, *args)
    if isinstance(x, BaseException):
        args = deepcopy(x.args, memo) if deep else x.args
        y = cls.__new__(cls, *args)
        y.args = args
        return y
    if issubclass(cls, (int, float, str, bytes, tuple, frozenset, complex)):
        base = next(b for b in cls.__mro__ if b in (int, float, str, bytes, tuple, frozenset, complex))
        value = base(x)
        if deep and base in (tuple, frozenset):
            value = base(deepcopy(list(value), memo))
        return cls.__new__(cls, value)
    return cls.__new__(cls)


def _reconstruct(x, info, deep, memo):
    # info is what __reduce_ex__/__reduce__ returned
    if isinstance(info, str):
        return x
    callable_, args, *rest = info
    state = rest[0] if len(rest) > 0 else None
    listiter = rest[1] if len(rest) > 1 else None
    dictiter = rest[2] if len(rest) > 2 else None
    if deep:
        args = deepcopy(args, memo)
    y = callable_(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__') and type(getattr(y, '__setstate__')).__name__ != 'builtin_function_or_method':
            y.__setstate__(state)
        else:
            _set_state(y, state, False)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y


def _copy_instance(x, deep, memo):
    cls = type(x)
    reducer = _own_reduce(cls)
    if reducer is not None:
        info = x.__reduce_ex__(4) if reducer == '__reduce_ex__' else x.__reduce__()
        return _reconstruct(x, info, deep, memo)
    if cls.__module__ == 'builtins' and cls.__dict__.get('__dict__') is None \
            and not hasattr(x, '__dict__'):
        raise Error(f"un{'deep' if deep else '(shallow)'}copyable object of type {cls}")
    y = _new_like(x, deep, memo)
    if deep:
        memo[id(x)] = y
    # the builtin container a subclass derives from
    if isinstance(x, dict):
        for key, value in dict.items(x):
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            dict.__setitem__(y, key, value)
    elif isinstance(x, list):
        if deep:
            list.extend(y, [deepcopy(v, memo) for v in x])
        else:
            list.extend(y, x)
    elif isinstance(x, set):
        if deep:
            set.update(y, [deepcopy(v, memo) for v in x])
        else:
            set.update(y, x)
    elif isinstance(x, bytearray):
        y.extend(x)
    state, custom = _state_of(x)
    if deep and state is not None:
        state = deepcopy(state, memo)
    _set_state(y, state, custom)
    return y


def copy(x):
    cls = type(x)
    if _is_atomic(cls) or cls is tuple or cls is frozenset:
        return x
    if cls is list or cls is dict or cls is set or cls is bytearray:
        return x.copy()
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    return _copy_instance(x, False, None)


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if _is_atomic(cls):
        return x
    if cls is list:
        y = []
        memo[d] = y
        append = y.append
        for a in x:
            append(deepcopy(a, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is tuple:
        y = [deepcopy(a, memo) for a in x]
        # a cycle through x may have copied x already
        try:
            return memo[d]
        except KeyError:
            pass
        for k, j in zip(x, y):
            if k is not j:
                y = tuple(y)
                break
        else:
            y = x
    elif cls is set:
        y = set()
        memo[d] = y
        for a in x:
            y.add(deepcopy(a, memo))
    elif cls is frozenset:
        y = frozenset(deepcopy(a, memo) for a in x)
    elif cls is bytearray:
        y = bytearray(x)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None and not isinstance(x, type):
            y = copier(memo)
        else:
            y = _copy_instance(x, True, memo)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]
