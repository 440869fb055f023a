# worker/modules/typing/_box_typing_hints.py -- typing's functions (frozen,
# internal): get_type_hints (with forward references evaluated), get_origin,
# get_args, cast, overload, final, no_type_check, assert_never, ...
# typing imports them from here at the end of its own body.

import sys
from typing import (ForwardRef, _UnionGenericAlias, _AnnotatedAlias,
                    _CallableGenericAlias, _GenericAlias, _LiteralGenericAlias,
                    _GenericAliasType, _UnionType, _type_convert, Union,
                    Required, NotRequired, Annotated, Generic, ParamSpec,
                    ParamSpecArgs, ParamSpecKwargs, _BaseGenericAlias,
                    _FunctionType)


# ---- functions ------------------------------------------------------------

def cast(typ, val):
    """Tell the type checker val has type typ; returns val unchanged."""
    return val


def assert_type(val, typ, /):
    return val


def assert_never(arg, /):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def reveal_type(obj, /):
    sys.stderr.write(f'Runtime type is {type(obj).__name__!r}\n')
    return obj


_overload_registry = {}


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. '
        'A series of @overload-decorated functions '
        'outside a stub module should always be followed '
        'by an implementation that is not @overload-ed.')


def overload(func):
    """Decorator for overloaded functions/methods."""
    f = getattr(func, '__func__', func)
    try:
        key = (getattr(f, '__module__', None), getattr(f, '__qualname__', None))
        _overload_registry.setdefault(key, []).append(func)
    except (AttributeError, TypeError):
        pass
    return _overload_dummy


def get_overloads(func):
    f = getattr(func, '__func__', func)
    key = (getattr(f, '__module__', None), getattr(f, '__qualname__', None))
    return list(_overload_registry.get(key, []))


def clear_overloads():
    _overload_registry.clear()


def final(f):
    """Mark a method or class final (sets __final__)."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Mark a function or class as not to be type checked."""
    if isinstance(arg, type):
        for key in dir(arg):
            obj = getattr(arg, key)
            if isinstance(obj, _FunctionType):
                try:
                    obj.__no_type_check__ = True
                except (AttributeError, TypeError):
                    pass
    try:
        arg.__no_type_check__ = True
    except (AttributeError, TypeError):
        pass
    return arg


def no_type_check_decorator(decorator):
    def wrapped_decorator(*args, **kwds):
        func = decorator(*args, **kwds)
        return no_type_check(func)
    return wrapped_decorator


def dataclass_transform(*, eq_default=True, order_default=False,
                        kw_only_default=False, field_specifiers=(),
                        **kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default,
            'order_default': order_default,
            'kw_only_default': kw_only_default,
            'field_specifiers': field_specifiers,
            'kwargs': kwargs,
        }
        return cls_or_fn
    return decorator


def _eval_type(t, globalns, localns):
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns)
    if isinstance(t, _UnionGenericAlias):
        return Union[tuple(_eval_type(a, globalns, localns)
                           for a in t.__args__)]
    if isinstance(t, _AnnotatedAlias):
        return _AnnotatedAlias(_eval_type(t.__origin__, globalns, localns),
                               t.__metadata__)
    if isinstance(t, _CallableGenericAlias):
        return t.copy_with(tuple(_eval_type(a, globalns, localns)
                                 for a in t.__args__))
    if isinstance(t, _GenericAlias) and not isinstance(t, _LiteralGenericAlias):
        new = tuple(_eval_type(a, globalns, localns) for a in t.__args__)
        if new == t.__args__:
            return t
        return t.copy_with(new)
    if isinstance(t, _GenericAliasType):
        new = tuple(_eval_type(_type_convert(a), globalns, localns)
                    for a in t.__args__)
        if new == t.__args__:
            return t
        return t.__origin__[new] if len(new) != 1 else t.__origin__[new[0]]
    if isinstance(t, _UnionType):
        new = tuple(_eval_type(_type_convert(a), globalns, localns)
                    for a in t.__args__)
        if all(a is b for a, b in zip(new, t.__args__)):
            return t
        result = new[0]
        for a in new[1:]:
            result = result | a
        return result
    return t


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if isinstance(t, _GenericAlias) and getattr(t, '__origin__', None) in (
            Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    if isinstance(t, _UnionGenericAlias):
        return Union[tuple(_strip_annotations(a) for a in t.__args__)]
    if isinstance(t, _GenericAlias) and not isinstance(t, _LiteralGenericAlias):
        new = tuple(_strip_annotations(a) for a in t.__args__)
        if new == t.__args__:
            return t
        return t.copy_with(new)
    return t


def _module_globals(name):
    m = sys.modules.get(name)
    return getattr(m, '__dict__', {}) if m is not None else {}


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class, module or function, with forward
    references evaluated and None replaced by NoneType."""
    if getattr(obj, '__no_type_check__', None):
        return {}
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            if globalns is None:
                base_globals = _module_globals(
                    base.__dict__.get('__module__', base.__module__))
            else:
                base_globals = globalns
            ann = base.__dict__.get('__annotations__', {})
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                base_globals, base_locals = base_locals, base_globals
                merged = dict(base_locals)
                merged.update(base_globals)
                base_globals, base_locals = merged, None
            for name, value in ann.items():
                if value is None:
                    value = type(None)
                if isinstance(value, str):
                    value = ForwardRef(value, is_argument=False,
                                       is_class=True)
                hints[name] = _eval_type(value, base_globals, base_locals)
        if include_extras:
            return hints
        return {k: _strip_annotations(t) for k, t in hints.items()}

    if globalns is None:
        if type(obj).__name__ == 'module':
            globalns = obj.__dict__
        else:
            nsobj = obj
            while hasattr(nsobj, '__wrapped__'):
                nsobj = nsobj.__wrapped__
            globalns = getattr(nsobj, '__globals__', {})
        if localns is None:
            localns = globalns
    elif localns is None:
        localns = globalns
    hints = getattr(obj, '__annotations__', None)
    if hints is None:
        if isinstance(obj, (type, _FunctionType)) or callable(obj):
            return {}
        raise TypeError(f'{obj!r} is not a module, class, method, '
                        'or function.')
    hints = dict(hints)
    for name, value in hints.items():
        if value is None:
            value = type(None)
        if isinstance(value, str):
            value = ForwardRef(value, is_argument=True)
        hints[name] = _eval_type(value, globalns, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


def get_origin(tp):
    """The unsubscripted form of tp: get_origin(List[int]) is list."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseGenericAlias, _GenericAliasType,
                       ParamSpecArgs, ParamSpecKwargs)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, _UnionType):
        return _UnionType
    return None


def get_args(tp):
    """The arguments of a subscripted form: get_args(Dict[str, int])."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, _GenericAliasType)):
        res = tp.__args__
        if (isinstance(tp, _CallableGenericAlias)
                and res and res[0] is not Ellipsis
                and not isinstance(res[0], ParamSpec)):
            res = (list(res[:-1]), res[-1])
        if res == ((),):
            return ()
        return res
    if isinstance(tp, _UnionType):
        return tp.__args__
    return ()


for _f in (cast, assert_type, assert_never, reveal_type, overload,
           get_overloads, clear_overloads, final, no_type_check,
           no_type_check_decorator, dataclass_transform, get_type_hints,
           get_origin, get_args):
    _f.__module__ = 'typing'
del _f
