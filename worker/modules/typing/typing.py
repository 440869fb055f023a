# worker/modules/typing/typing.py -- the typing module (frozen).
#
# What annotated code needs at run time: the special forms (Any, Union,
# Optional, Literal, ClassVar, Final, Annotated, ...), the generic aliases
# of the builtin and abstract collections (List[int], Callable[[int], str]),
# TypeVar and user generics (Generic[T], with substitution), Protocol with
# @runtime_checkable, NamedTuple and TypedDict (class and functional
# syntax), NewType, get_type_hints, get_origin and get_args.  Reprs follow
# CPython 3.11.  list[int] and int | None are the interpreter's own
# types.GenericAlias and types.UnionType; this module interoperates with
# them.

import sys

TYPE_CHECKING = False

_GenericAliasType = type(list[int])
_UnionType = type(int | str)
_NoneType = type(None)
_FunctionType = type(lambda: None)

__all__ = [
    'Annotated', 'Any', 'Callable', 'ClassVar', 'Concatenate', 'Final',
    'ForwardRef', 'Generic', 'Literal', 'Optional', 'ParamSpec', 'Protocol',
    'Tuple', 'Type', 'TypeVar', 'TypeVarTuple', 'Union', 'AbstractSet',
    'ByteString', 'Container', 'ContextManager', 'Hashable', 'ItemsView',
    'Iterable', 'Iterator', 'KeysView', 'Mapping', 'MappingView',
    'MutableMapping', 'MutableSequence', 'MutableSet', 'Sequence', 'Sized',
    'ValuesView', 'Awaitable', 'AsyncIterator', 'AsyncIterable', 'Coroutine',
    'Collection', 'AsyncGenerator', 'AsyncContextManager', 'Reversible',
    'SupportsAbs', 'SupportsBytes', 'SupportsComplex', 'SupportsFloat',
    'SupportsIndex', 'SupportsInt', 'SupportsRound', 'ChainMap', 'Counter',
    'Deque', 'Dict', 'DefaultDict', 'List', 'OrderedDict', 'Set',
    'FrozenSet', 'NamedTuple', 'TypedDict', 'Generator', 'BinaryIO', 'IO',
    'Match', 'Pattern', 'TextIO', 'AnyStr', 'assert_type', 'assert_never',
    'cast', 'clear_overloads', 'dataclass_transform', 'final',
    'get_args', 'get_origin', 'get_overloads', 'get_type_hints',
    'is_typeddict', 'LiteralString', 'Never', 'NewType', 'no_type_check',
    'no_type_check_decorator', 'NoReturn', 'NotRequired', 'overload',
    'ParamSpecArgs', 'ParamSpecKwargs', 'Required', 'reveal_type',
    'runtime_checkable', 'Self', 'Text', 'TYPE_CHECKING', 'TypeAlias',
    'TypeGuard', 'Unpack',
]


# ---- helpers --------------------------------------------------------------

def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return repr(obj)


def _type_convert(arg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg, allow_special_forms=False):
    arg = _type_convert(arg)
    if (not allow_special_forms and isinstance(arg, _GenericAlias)
            and arg.__origin__ in (ClassVar, Final)):
        raise TypeError(f'{arg} is not valid as type argument')
    if arg in (Any, NoReturn, Never, Self, LiteralString, TypeAlias,
               ClassVar, Final):
        return arg
    if isinstance(arg, _SpecialForm) or arg in (Generic, Protocol):
        raise TypeError(f'Plain {arg} is not valid as type argument')
    if type(arg) is tuple:
        raise TypeError(f'{msg} Got {arg!r:.100}.')
    return arg


def _collect_parameters(args):
    params = []
    for t in args:
        if isinstance(t, (TypeVar, ParamSpec, TypeVarTuple)):
            if t not in params:
                params.append(t)
        else:
            for p in getattr(t, '__parameters__', ()):
                if p not in params:
                    params.append(p)
    return tuple(params)


def _deduplicate(params):
    out = []
    for p in params:
        if p not in out:
            out.append(p)
    return out


def _flatten_union(params):
    out = []
    for p in params:
        if isinstance(p, _UnionGenericAlias):
            out.extend(p.__args__)
        elif isinstance(p, _UnionType):
            out.extend(p.__args__)
        else:
            out.append(p)
    return out


def _is_dunder(name):
    return name.startswith('__') and name.endswith('__')


def _subs_tvars(tp, mapping):
    """tp with the type variables of mapping replaced."""
    if isinstance(tp, (TypeVar, ParamSpec)):
        return mapping.get(tp, tp)
    if isinstance(tp, _GenericAlias) and tp.__parameters__:
        return tp.copy_with(tuple(_subs_tvars(a, mapping)
                                  for a in tp.__args__))
    if isinstance(tp, _GenericAliasType):
        new = tuple(_subs_tvars(a, mapping) for a in tp.__args__)
        return tp.__origin__[new]
    if isinstance(tp, _UnionType):
        return Union[tuple(_subs_tvars(a, mapping) for a in tp.__args__)]
    if isinstance(tp, list):
        return [_subs_tvars(a, mapping) for a in tp]
    return tp


# ---- special forms --------------------------------------------------------

class _Final:
    __slots__ = ()


class _SpecialForm(_Final):
    __slots__ = ('_name', '__doc__', '_getitem')

    def __init__(self, getitem):
        self._getitem = getitem
        self._name = getitem.__name__
        self.__doc__ = getitem.__doc__

    def __getattr__(self, item):
        if item in ('__name__', '__qualname__'):
            return self._name
        raise AttributeError(item)

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass {self!r}')

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(f'{self} cannot be used with issubclass()')

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return super().__repr__()

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class Any(metaclass=_AnyMeta):
    """Special type indicating an unconstrained type."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return super().__new__(cls)


@_SpecialForm
def NoReturn(self, parameters):
    """Special type indicating functions that never return."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Never(self, parameters):
    """The bottom type."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Self(self, parameters):
    """The current enclosed class."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def LiteralString(self, parameters):
    """Literal strings."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def TypeAlias(self, parameters):
    """Marks an explicit type alias."""
    raise TypeError(f'{self} is not subscriptable')


def _single_arg_form(self, parameters):
    if isinstance(parameters, tuple):
        if len(parameters) != 1:
            raise TypeError(f'{self} accepts only single type. '
                            f'Got {parameters!r:.100}.')
        parameters = parameters[0]
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _GenericAlias(self, (item,))


@_SpecialForm
def ClassVar(self, parameters):
    """A class variable annotation."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def Final(self, parameters):
    """A final name annotation."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def Required(self, parameters):
    """A required TypedDict key."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def NotRequired(self, parameters):
    """A TypedDict key that may be missing."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def TypeGuard(self, parameters):
    """A user-defined type guard's return type."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def Unpack(self, parameters):
    """Unpack a TypeVarTuple."""
    return _single_arg_form(self, parameters)


@_SpecialForm
def Union(self, parameters):
    """Union type; Union[X, Y] means either X or Y."""
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = 'Union[arg, ...]: each arg must be a type.'
    parameters = tuple(_type_check(p, msg) for p in parameters)
    parameters = _deduplicate(_flatten_union(parameters))
    if len(parameters) == 1:
        return parameters[0]
    return _UnionGenericAlias(self, tuple(parameters))


@_SpecialForm
def Optional(self, parameters):
    """Optional[X] is Union[X, None]."""
    if isinstance(parameters, tuple):
        raise TypeError(f'{self} requires a single type. '
                        f'Got {parameters!r:.100}.')
    arg = _type_check(parameters, f'{self} requires a single type.')
    return Union[arg, type(None)]


def _flatten_literal(params):
    out = []
    for p in params:
        if isinstance(p, _LiteralGenericAlias):
            out.extend(p.__args__)
        else:
            out.append(p)
    return out


def _literal_dedup(params):
    seen = []
    out = []
    for p in params:
        key = (p, type(p))
        if key not in seen:
            seen.append(key)
            out.append(p)
    return out


@_SpecialForm
def Literal(self, parameters):
    """A literal value type."""
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    parameters = _literal_dedup(_flatten_literal(parameters))
    return _LiteralGenericAlias(self, tuple(parameters))


@_SpecialForm
def Concatenate(self, parameters):
    """Concatenate[X, P] for ParamSpec."""
    if parameters == ():
        raise TypeError('Cannot take a Concatenate of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _GenericAlias(self, parameters)


# ---- ForwardRef -----------------------------------------------------------

class ForwardRef(_Final):
    __slots__ = ('__forward_arg__', '__forward_evaluated__',
                 '__forward_value__', '__forward_is_argument__',
                 '__forward_is_class__', '__forward_module__')

    def __init__(self, arg, is_argument=True, module=None, *,
                 is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f'Forward reference must be a string -- got {arg!r}')
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns):
        if globalns is None and localns is None:
            globalns = localns = {}
        elif globalns is None:
            globalns = localns
        elif localns is None:
            localns = globalns
        value = eval(self.__forward_arg__, globalns, localns)
        value = _type_check(value,
                            'Forward references must evaluate to types.',
                            allow_special_forms=(self.__forward_is_class__ or
                                                 not self.__forward_is_argument__))
        return _eval_type(value, globalns, localns)

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        return f'ForwardRef({self.__forward_arg__!r})'


# ---- TypeVar, ParamSpec, TypeVarTuple -------------------------------------

class _TypeVarLike:
    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of TypeVar')


def _caller_module():
    return '__main__'


class TypeVar(_Final, _TypeVarLike):
    """Type variable."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        if constraints and len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        msg = 'TypeVar(name, constraint, ...): constraints must be types.'
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        self.__bound__ = (_type_check(bound, 'Bound must be a type.')
                          if bound is not None else None)
        self.__module__ = _caller_module()

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __reduce__(self):
        return self.__name__


class TypeVarTuple(_Final, _TypeVarLike):
    """Type variable tuple."""

    def __init__(self, name):
        self.__name__ = name
        self.__module__ = _caller_module()

    def __iter__(self):
        yield Unpack[self]

    def __repr__(self):
        return self.__name__


class ParamSpecArgs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.args'

    def __eq__(self, other):
        if not isinstance(other, ParamSpecArgs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash((ParamSpecArgs, id(self.__origin__)))


class ParamSpecKwargs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.kwargs'

    def __eq__(self, other):
        if not isinstance(other, ParamSpecKwargs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash((ParamSpecKwargs, id(self.__origin__)))


class ParamSpec(_Final, _TypeVarLike):
    """Parameter specification variable."""

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __init__(self, name, *, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.__bound__ = (_type_check(bound, 'Bound must be a type.')
                          if bound is not None else None)
        self.__module__ = _caller_module()

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__




# ---- generic aliases ------------------------------------------------------

class _BaseGenericAlias(_Final):
    """Common part of List, List[int], Generic[T], ..."""

    def __init__(self, origin, *, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; '
                            f'use {self.__origin__.__name__}() instead')
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _BaseGenericAlias) or (
                    isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            if getattr(self, '__parameters__', ()) and Generic not in res:
                if not (isinstance(self.__origin__, type)
                        and issubclass(self.__origin__, Generic)):
                    res.append(Generic)
        return tuple(res)

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return self._name or self.__origin__.__name__
        if '__origin__' in self.__dict__ and not _is_dunder(attr):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __setattr__(self, attr, val):
        if _is_dunder(attr) or attr in ('_name', '_inst', '_nparams',
                                        '_defaults'):
            object.__setattr__(self, attr, val)
        else:
            setattr(self.__origin__, attr, val)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with'
                        ' class and instance checks')

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class _GenericAlias(_BaseGenericAlias):
    """List[int], Generic[T], MyGeneric[int], ClassVar[int], ..."""

    def __init__(self, origin, args, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple(... if a is _TypingEllipsis else a
                              for a in args)
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = getattr(origin, '__module__', 'typing')

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__args__ == other.__args__)

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, args):
        if self.__origin__ in (Generic, Protocol):
            raise TypeError(f'Cannot subscript already-subscripted {self}')
        if not self.__parameters__:
            raise TypeError(f'{self} is not a generic class')
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple(_type_convert(a) for a in args)
        params = self.__parameters__
        if len(args) != len(params):
            raise TypeError(f"Too {'many' if len(args) > len(params) else 'few'}"
                            f' arguments for {self};'
                            f' actual {len(args)}, expected {len(params)}')
        mapping = dict(zip(params, args))
        return self.copy_with(tuple(_subs_tvars(a, mapping)
                                    for a in self.__args__))

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name,
                              inst=self._inst)

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ', '.join(_type_repr(a) for a in self.__args__)
        else:
            args = '()'
        return f'{name}[{args}]'

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError(f'Cannot subclass {self!r}')
        if self._name:
            return super().__mro_entries__(bases)
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _BaseGenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)


class _TypingEllipsis:
    """Stands for ... in Tuple[int, ...] while building."""


class _SpecialGenericAlias(_BaseGenericAlias):
    """The unsubscripted List, Dict, Iterable, ..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        if name is None:
            name = origin.__name__
        super().__init__(origin, inst=inst, name=name)
        self._nparams = nparams
        self.__module__ = 'typing'

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = 'Parameters to generic types must be types.'
        params = tuple(_type_check(p, msg) for p in params)
        actual = len(params)
        if actual != self._nparams:
            raise TypeError(f"Too {'many' if actual > self._nparams else 'few'}"
                            f' arguments for {self};'
                            f' actual {actual}, expected {self._nparams}')
        return self.copy_with(params)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name,
                             inst=self._inst)

    def __repr__(self):
        return 'typing.' + self._name

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        return super().__subclasscheck__(cls)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __reduce__(self):
        return self._name

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))


class _CallableGenericAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is ...:
            return f'typing.Callable[..., {_type_repr(args[1])}]'
        if len(args) == 2 and isinstance(args[0], (ParamSpec, _GenericAlias)) \
                and not isinstance(args[0], _CallableGenericAlias) \
                and (isinstance(args[0], ParamSpec)
                     or args[0].__origin__ is Concatenate):
            return f'typing.Callable[{_type_repr(args[0])}, {_type_repr(args[1])}]'
        params = ', '.join(_type_repr(a) for a in args[:-1])
        return f'typing.Callable[[{params}], {_type_repr(args[-1])}]'

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst)


class _CallableType(_SpecialGenericAlias):
    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst)

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as '
                            'Callable[[arg, ...], result].')
        args, result = params
        if isinstance(args, list):
            params = tuple(_type_convert(a) for a in args) + (
                _type_convert(result),)
        elif args is ... or isinstance(args, ParamSpec) or (
                isinstance(args, _GenericAlias)
                and args.__origin__ is Concatenate):
            params = (args, _type_convert(result))
        else:
            params = (_type_convert(args), _type_convert(result))
        return self.copy_with(params)

    def __instancecheck__(self, obj):
        return callable(obj)

    def __subclasscheck__(self, cls):
        if isinstance(cls, type):
            return any('__call__' in c.__dict__ for c in cls.__mro__)
        return super().__subclasscheck__(cls)


class _TupleType(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            msg = 'Tuple[t, ...]: t must be a type.'
            params = tuple(_type_check(p, msg) for p in params[:-1])
            return self.copy_with((*params, _TypingEllipsis))
        msg = 'Tuple[t0, t1, ...]: each t must be a type.'
        params = tuple(_type_check(p, msg) for p in params)
        return self.copy_with(params)


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, (_UnionGenericAlias, _UnionType)):
            return NotImplemented
        a, b = list(self.__args__), list(other.__args__)
        return all(x in b for x in a) and all(x in a for x in b)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return f'typing.Optional[{_type_repr(args[1])}]'
            if args[1] is _NoneType:
                return f'typing.Optional[{_type_repr(args[0])}]'
        return super().__repr__()

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass {self!r}')


class _LiteralGenericAlias(_GenericAlias):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        a = [(v, type(v)) for v in self.__args__]
        b = [(v, type(v)) for v in other.__args__]
        return all(x in b for x in a) and all(x in a for x in b)

    def __hash__(self):
        return hash(frozenset((v, type(v)) for v in self.__args__))

    def __repr__(self):
        return 'typing.Literal[' + ', '.join(repr(a) for a in self.__args__) + ']'


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, origin)
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[{}, {}]'.format(
            _type_repr(self.__origin__),
            ', '.join(repr(a) for a in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__metadata__ == other.__metadata__)

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return 'Annotated'
        return super().__getattr__(attr)

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class Annotated:
    """Add context-specific metadata to a type: Annotated[T, x]."""
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used '
                            'with at least two arguments (a type and an '
                            'annotation).')
        msg = 'Annotated[t, ...]: t must be a type.'
        origin = _type_check(params[0], msg)
        return _AnnotatedAlias(origin, tuple(params[1:]))

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError(f'Cannot subclass {cls.__module__}.Annotated')


# ---- the abstract collections ---------------------------------------------

def _make_abc_fallbacks():
    """Structural stand-ins for collections.abc when it is not available."""
    def meta_for(check):
        class _ABCMeta(type):
            def __instancecheck__(cls, obj):
                return check(type(obj)) or type.__instancecheck__(cls, obj)

            def __subclasscheck__(cls, sub):
                return check(sub) or type.__subclasscheck__(cls, sub)
        return _ABCMeta

    def has(*names):
        def check(t):
            return all(any(n in c.__dict__ and c.__dict__[n] is not None
                           for c in t.__mro__) for n in names)
        return check

    def among(*types, extra=None):
        def check(t):
            if any(issubclass(t, x) for x in types):
                return True
            return extra(t) if extra else False
        return check

    specs = {
        'Hashable': has('__hash__'),
        'Awaitable': has('__await__'),
        'Coroutine': has('send', 'throw', 'close', '__await__'),
        'AsyncIterable': has('__aiter__'),
        'AsyncIterator': has('__aiter__', '__anext__'),
        'AsyncGenerator': has('__aiter__', '__anext__', 'asend', 'athrow'),
        'Iterable': has('__iter__'),
        'Iterator': has('__iter__', '__next__'),
        'Reversible': has('__iter__', '__reversed__'),
        'Generator': has('__iter__', '__next__', 'send', 'throw', 'close'),
        'Sized': has('__len__'),
        'Container': has('__contains__'),
        'Collection': has('__len__', '__iter__', '__contains__'),
        'Callable': has('__call__'),
        'Set': among(set, frozenset),
        'MutableSet': among(set),
        'Mapping': among(dict),
        'MutableMapping': among(dict),
        'MappingView': among(type({}.keys()), type({}.values()),
                             type({}.items())),
        'KeysView': among(type({}.keys())),
        'ItemsView': among(type({}.items())),
        'ValuesView': among(type({}.values())),
        'Sequence': among(list, tuple, str, range, bytes),
        'MutableSequence': among(list),
        'ByteString': among(bytes),
    }
    ns = {}
    for name, check in specs.items():
        ns[name] = meta_for(check)(name, (), {'__module__': 'collections.abc'})
    return ns


try:
    import collections.abc as _abc
    _abcs = {n: getattr(_abc, n) for n in (
        'Hashable', 'Awaitable', 'Coroutine', 'AsyncIterable',
        'AsyncIterator', 'AsyncGenerator', 'Iterable', 'Iterator',
        'Reversible', 'Generator', 'Sized', 'Container', 'Collection',
        'Callable', 'Set', 'MutableSet', 'Mapping', 'MutableMapping',
        'MappingView', 'KeysView', 'ItemsView', 'ValuesView', 'Sequence',
        'MutableSequence', 'ByteString')}
except Exception:
    _abcs = _make_abc_fallbacks()

try:
    import collections as _collections
except Exception:
    _collections = None


def _collection_class(name, base):
    cls = getattr(_collections, name, None)
    if isinstance(cls, type):
        return cls
    return type(name, (base,), {'__module__': 'collections'})


_deque = _collection_class('deque', list)
_defaultdict = _collection_class('defaultdict', dict)
_OrderedDict = _collection_class('OrderedDict', dict)
_Counter = _collection_class('Counter', dict)
_ChainMap = _collection_class('ChainMap', dict)

_alias = _SpecialGenericAlias

Hashable = _alias(_abcs['Hashable'], 0)
Awaitable = _alias(_abcs['Awaitable'], 1)
Coroutine = _alias(_abcs['Coroutine'], 3)
AsyncIterable = _alias(_abcs['AsyncIterable'], 1)
AsyncIterator = _alias(_abcs['AsyncIterator'], 1)
Iterable = _alias(_abcs['Iterable'], 1)
Iterator = _alias(_abcs['Iterator'], 1)
Reversible = _alias(_abcs['Reversible'], 1)
Sized = _alias(_abcs['Sized'], 0)
Container = _alias(_abcs['Container'], 1)
Collection = _alias(_abcs['Collection'], 1)
Callable = _CallableType(_abcs['Callable'], 2)
AbstractSet = _alias(_abcs['Set'], 1, name='AbstractSet')
MutableSet = _alias(_abcs['MutableSet'], 1)
Mapping = _alias(_abcs['Mapping'], 2)
MutableMapping = _alias(_abcs['MutableMapping'], 2)
Sequence = _alias(_abcs['Sequence'], 1)
MutableSequence = _alias(_abcs['MutableSequence'], 1)
ByteString = _alias(_abcs['ByteString'], 0)
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')
List = _alias(list, 1, inst=False, name='List')
Deque = _alias(_deque, 1, name='Deque')
Set = _alias(set, 1, inst=False, name='Set')
FrozenSet = _alias(frozenset, 1, inst=False, name='FrozenSet')
MappingView = _alias(_abcs['MappingView'], 1)
KeysView = _alias(_abcs['KeysView'], 1)
ItemsView = _alias(_abcs['ItemsView'], 2)
ValuesView = _alias(_abcs['ValuesView'], 1)
Dict = _alias(dict, 2, inst=False, name='Dict')
DefaultDict = _alias(_defaultdict, 2, name='DefaultDict')
OrderedDict = _alias(_OrderedDict, 2)
Counter = _alias(_Counter, 1)
ChainMap = _alias(_ChainMap, 2)
Generator = _alias(_abcs['Generator'], 3)
AsyncGenerator = _alias(_abcs['AsyncGenerator'], 2)
Type = _alias(type, 1, name='Type')


class _ContextManagerBase:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None


class _AsyncContextManagerBase:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *args):
        return None


ContextManager = _alias(_ContextManagerBase, 1, name='ContextManager')
AsyncContextManager = _alias(_AsyncContextManagerBase, 1,
                             name='AsyncContextManager')


# ---- Generic and Protocol -------------------------------------------------

class Generic:
    """Abstract base class for generic types: class C(Generic[T])."""
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple(_type_convert(p) for p in params)
        if cls in (Generic, Protocol):
            if not params:
                raise TypeError(f'Parameter list to {cls.__qualname__}[...] '
                                'cannot be empty')
            if not all(isinstance(p, (TypeVar, ParamSpec, TypeVarTuple))
                       for p in params):
                raise TypeError(f'Parameters to {cls.__name__}[...] must '
                                'all be type variables or parameter '
                                'specification variables.')
            if len(set(params)) != len(params):
                raise TypeError(f'Parameters to {cls.__name__}[...] must '
                                'all be unique')
        else:
            expected = cls.__dict__.get('__parameters__', ())
            if not expected:
                raise TypeError(f'{cls} is not a generic class')
            if len(params) != len(expected):
                raise TypeError(
                    f"Too {'many' if len(params) > len(expected) else 'few'}"
                    f' arguments for {cls}; actual {len(params)}, '
                    f'expected {len(expected)}')
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        orig = cls.__dict__.get('__orig_bases__')
        if orig is not None:
            tvars = list(_collect_parameters(orig))
            gvars = None
            for base in orig:
                if (isinstance(base, _GenericAlias)
                        and base.__origin__ in (Generic, Protocol)):
                    if gvars is not None:
                        raise TypeError('Cannot inherit from Generic[...] '
                                        'multiple types.')
                    gvars = base.__parameters__
            if gvars is not None:
                missing = [t for t in tvars if t not in gvars]
                if missing:
                    s_vars = ', '.join(str(t) for t in missing)
                    s_args = ', '.join(str(g) for g in gvars)
                    the_base = 'Generic'
                    for base in orig:
                        if (isinstance(base, _GenericAlias)
                                and base.__origin__ is Protocol):
                            the_base = 'Protocol'
                    raise TypeError(f'Some type variables ({s_vars}) are'
                                    f' not listed in {the_base}[{s_args}]')
                tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


def _is_callable_member(obj):
    return callable(obj) or isinstance(obj, (staticmethod, classmethod))


_SPECIAL_NAMES = frozenset((
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__',
    '__init__', '__module__', '__new__', '__slots__', '__subclasshook__',
    '__weakref__', '__class_getitem__', '__parameters__', '__orig_bases__',
    '_is_protocol', '_is_runtime_protocol', '__protocol_attrs__',
    '__qualname__', '__init_subclass__', '__match_args__',
    '__non_callable_proto_members__', '__orig_class__', '_MutableMapping__marker',
))


def _get_protocol_attrs(cls):
    attrs = []
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__) + list(annotations):
            if not attr.startswith('_abc_') and attr not in _SPECIAL_NAMES:
                if attr not in attrs:
                    attrs.append(attr)
    return attrs


class _ProtocolMeta(type):
    def __instancecheck__(cls, instance):
        if (getattr(cls, '_is_protocol', False)
                and not getattr(cls, '_is_runtime_protocol', False)):
            raise TypeError('Instance and class checks can only be used with'
                            ' @runtime_checkable protocols')
        if type.__instancecheck__(cls, instance):
            return True
        if not getattr(cls, '_is_protocol', False):
            return False
        for attr in _get_protocol_attrs(cls):
            if not hasattr(instance, attr):
                return False
            val = getattr(cls, attr, None)
            if _is_callable_member(val) and getattr(instance, attr) is None:
                return False
        return True

    def __subclasscheck__(cls, other):
        if not isinstance(other, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if (getattr(cls, '_is_protocol', False)
                and not getattr(cls, '_is_runtime_protocol', False)):
            raise TypeError('Instance and class checks can only be used with'
                            ' @runtime_checkable protocols')
        if type.__subclasscheck__(cls, other):
            return True
        if not getattr(cls, '_is_protocol', False):
            return False
        attrs = _get_protocol_attrs(cls)
        for attr in attrs:
            if not _is_callable_member(getattr(cls, attr, None)):
                raise TypeError("Protocols with non-method members don't "
                                'support issubclass()')
        for attr in attrs:
            for base in other.__mro__:
                if attr in base.__dict__:
                    if base.__dict__[attr] is None:
                        return False
                    break
            else:
                return False
        return True


def _no_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError('Protocols cannot be instantiated')
    for base in cls.__mro__:
        init = base.__dict__.get('__init__')
        if init is not None and init is not _no_init:
            return init(self, *args, **kwargs)
    return None


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base class for protocol classes (structural subtyping)."""
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if cls._is_protocol and '__init__' not in cls.__dict__:
            cls.__init__ = _no_init
        elif (not cls._is_protocol
              and getattr(cls, '__init__', None) is _no_init):
            cls.__init__ = _no_init


def runtime_checkable(cls):
    if not isinstance(cls, type) or not issubclass(cls, Generic) \
            or not getattr(cls, '_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol '
                        f'classes, got {cls!r}')
    cls._is_runtime_protocol = True
    return cls


def _make_supports(name, method):
    cls = _ProtocolMeta(name, (Protocol,),
                        {method: lambda self: None, '__module__': 'typing',
                         '__qualname__': name, '__slots__': ()})
    cls._is_runtime_protocol = True
    return cls


SupportsInt = _make_supports('SupportsInt', '__int__')
SupportsFloat = _make_supports('SupportsFloat', '__float__')
SupportsComplex = _make_supports('SupportsComplex', '__complex__')
SupportsBytes = _make_supports('SupportsBytes', '__bytes__')
SupportsIndex = _make_supports('SupportsIndex', '__index__')
SupportsAbs = _make_supports('SupportsAbs', '__abs__')
SupportsRound = _make_supports('SupportsRound', '__round__')


# ---- NamedTuple -----------------------------------------------------------

def _own_namedtuple(typename, field_names, *, defaults=None, module=None):
    """A namedtuple for when the collections module is not available."""
    field_names = tuple(field_names)
    defaults = tuple(defaults or ())
    nf = len(field_names)
    field_defaults = dict(zip(field_names[nf - len(defaults):], defaults))
    params = []
    for i, n in enumerate(field_names):
        if n in field_defaults:
            params.append(f'{n}=__nt_dflt_{n}__')
        else:
            params.append(n)
    ns = {'__nt_tuple_new__': tuple.__new__, '__builtins__': __builtins__}
    for n, v in field_defaults.items():
        ns[f'__nt_dflt_{n}__'] = v
    args = ', '.join(field_names)
    tup = f'({args},)' if nf == 1 else f'({args})'
    src = (f'def __new__(_cls, {", ".join(params)}):\n'
           f'    return __nt_tuple_new__(_cls, {tup})\n')
    exec(src, ns)
    new = ns['__new__']
    new.__qualname__ = f'{typename}.__new__'

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(
            f'{n}={v!r}' for n, v in zip(self._fields, self)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(n, v) for n, v in
                             zip(self._fields, self)])
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    @classmethod
    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != nf:
            raise TypeError(f'Expected {nf} arguments, got {len(result)}')
        return result

    def __getnewargs__(self):
        return tuple(self)

    body = {'__new__': new, '__repr__': __repr__, '_asdict': _asdict,
            '_replace': _replace, '_make': _make,
            '__getnewargs__': __getnewargs__, '__slots__': (),
            '_fields': field_names, '_field_defaults': field_defaults,
            '__match_args__': field_names,
            '__module__': module or '__main__', '__qualname__': typename}
    for i, n in enumerate(field_names):
        body[n] = property(lambda self, i=i: self[i],
                           doc=f'Alias for field number {i}')
    return type(typename, (tuple,), body)


def _namedtuple(typename, fields, defaults, module):
    if _collections is not None and hasattr(_collections, 'namedtuple'):
        return _collections.namedtuple(typename, fields, defaults=defaults,
                                       module=module)
    return _own_namedtuple(typename, fields, defaults=defaults, module=module)


_prohibited = frozenset({'__new__', '__init__', '__slots__',
                         '__getnewargs__', '_fields', '_field_defaults',
                         '_make', '_replace', '_asdict', '_source'})
_special = frozenset({'__module__', '__name__', '__annotations__',
                      '__qualname__', '__orig_bases__'})


def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    types = {n: _type_check(t, f'field {n} annotation must be a type')
             for n, t in types}
    nm_tpl = _namedtuple(name, fields, defaults, module)
    nm_tpl.__annotations__ = types
    return nm_tpl


class NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type '
                                'and Generic')
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f'Non-default namedtuple field {field_name} '
                                f'cannot follow default field'
                                f"{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = _make_nmtuple(typename, types.items(),
                               module=ns.get('__module__', '__main__'),
                               defaults=[ns[n] for n in default_names])
        for key in ns:
            if key in _prohibited:
                raise AttributeError('Cannot overwrite NamedTuple attribute '
                                     + key)
            elif key not in _special and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple (class or functional syntax)."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError('Either list of fields or keywords'
                        ' can be provided to NamedTuple, not both')
    return _make_nmtuple(typename, fields, module=_caller_module())


_NamedTuple = type.__new__(NamedTupleMeta, 'NamedTuple', (), {
    '__module__': 'typing'})


def _namedtuple_mro_entries(bases):
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


# ---- TypedDict ------------------------------------------------------------

class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError('cannot inherit from both a TypedDict type '
                                'and a non-TypedDict base class')
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), ns)
        annotations = {}
        own = ns.get('__annotations__', {})
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = {n: _type_check(tp, msg) for n, tp in own.items()}
        required = set()
        optional = set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own)
        for key, tp in own.items():
            origin = getattr(tp, '__origin__', None)
            if origin is Required:
                is_required = True
            elif origin is NotRequired:
                is_required = False
            else:
                is_required = total
            if is_required:
                required.add(key)
                optional.discard(key)
            else:
                optional.add(key)
                required.discard(key)
        tp_dict.__annotations__ = annotations
        tp_dict.__required_keys__ = frozenset(required)
        tp_dict.__optional_keys__ = frozenset(optional)
        if not hasattr(tp_dict, '__total__'):
            tp_dict.__total__ = total
        return tp_dict

    __call__ = dict

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __instancecheck__ = __subclasscheck__


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A dict with a fixed set of typed keys (a plain dict at run time)."""
    if fields is None:
        fields = kwargs
    elif kwargs:
        raise TypeError('TypedDict takes either a dict or keyword arguments,'
                        ' but not both')
    ns = {'__annotations__': dict(fields), '__module__': _caller_module()}
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {
    '__module__': 'typing'})


def _typeddict_mro_entries(bases):
    return (_TypedDict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries


def is_typeddict(tp):
    return isinstance(tp, type) and type(tp) is _TypedDictMeta


# ---- NewType --------------------------------------------------------------

class NewType:
    """NewType('UserId', int): a distinct type for the checker, the
    identity function at run time."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        self.__module__ = _caller_module()

    def __mro_entries__(self, bases):
        superclass_name = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                subclass_name = cls.__name__
                raise TypeError(
                    f'Cannot subclass an instance of NewType. Perhaps you '
                    f'were looking for: `{subclass_name} = '
                    f'NewType({subclass_name!r}, {superclass_name})`')
        return (Dummy,)

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __reduce__(self):
        return self.__qualname__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


# ---- IO stand-ins ---------------------------------------------------------

AnyStr = TypeVar('AnyStr', bytes, str)
AnyStr.__module__ = 'typing'
Text = str


class IO(Generic[AnyStr]):
    """Generic base for file objects (annotations only in this box)."""
    __slots__ = ()
    mode = name = ''
    closed = False


class BinaryIO(IO[bytes]):
    __slots__ = ()


class TextIO(IO[str]):
    __slots__ = ()


try:
    import re as _re
    Pattern = _alias(_re.Pattern, 1)
    Match = _alias(_re.Match, 1)
except Exception:
    pass


# the functions live in their own file
from _box_typing_hints import (cast, assert_type, assert_never, reveal_type,
                               _overload_dummy, overload, get_overloads,
                               clear_overloads, final, no_type_check,
                               no_type_check_decorator, dataclass_transform,
                               _eval_type, _strip_annotations, _module_globals,
                               get_type_hints, get_origin, get_args,
                               _overload_registry)
