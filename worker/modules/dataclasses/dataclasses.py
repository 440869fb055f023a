# worker/modules/dataclasses/dataclasses.py -- the dataclasses module (frozen).
#
# @dataclass reads a class's annotations into Field objects (its own and
# those of dataclass bases), then adds the requested dunder methods.
# __init__ is generated as source text and exec()'d, so its signature and
# its argument errors are those of an ordinary function; the other methods
# are closures over the field names.  Behaviour follows CPython 3.11's
# documented semantics (messages and reprs included).

import sys

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple',
           'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class _MappingProxy:
    """A read-only view of a dict (field metadata)."""
    __slots__ = ('_m',)

    def __init__(self, m):
        object.__setattr__(self, '_m', m)

    def __getitem__(self, k):
        return self._m[k]

    def __iter__(self):
        return iter(self._m)

    def __len__(self):
        return len(self._m)

    def __contains__(self, k):
        return k in self._m

    def get(self, k, default=None):
        return self._m.get(k, default)

    def keys(self):
        return self._m.keys()

    def values(self):
        return self._m.values()

    def items(self):
        return self._m.items()

    def copy(self):
        return dict(self._m)

    def __eq__(self, other):
        if isinstance(other, _MappingProxy):
            other = other._m
        return self._m == other

    def __setattr__(self, name, value):
        raise AttributeError(f"'mappingproxy' object has no attribute '{name}'")

    def __setitem__(self, k, v):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __repr__(self):
        return f'mappingproxy({self._m!r})'

    def __str__(self):
        return str(self._m)


_EMPTY_METADATA = _MappingProxy({})


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            name = self.type.__name__
        else:
            name = repr(self.type)
        return f'dataclasses.InitVar[{name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr',
                 'hash', 'init', 'compare', 'metadata', 'kw_only',
                 '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare,
                 metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = (_EMPTY_METADATA if metadata is None
                         else _MappingProxy(metadata))
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'_field_type={self._field_type}'
                ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'eq={self.eq!r},'
                f'order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},'
                f'frozen={self.frozen!r}'
                ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare,
                 metadata, kw_only)


def _fields_in_init_order(flds):
    return (tuple(f for f in flds if f.init and not f.kw_only),
            tuple(f for f in flds if f.init and f.kw_only))


# ---- recognising ClassVar / InitVar / KW_ONLY annotations -----------------

def _is_classvar(a_type):
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    cv = typing.ClassVar
    return a_type is cv or getattr(a_type, '__origin__', None) is cv


def _string_head(s):
    """'typing.ClassVar[int]' -> ('typing', 'ClassVar'); 'InitVar' -> ('', 'InitVar')."""
    s = s.strip()
    i = s.find('[')
    if i >= 0:
        s = s[:i]
    s = s.strip()
    if '.' in s:
        mod, _, name = s.rpartition('.')
        return mod, name
    return '', s


def _string_annotation_is(annotation, cls, wanted, module_name):
    mod, name = _string_head(annotation)
    if name != wanted:
        return False
    glb = getattr(sys.modules.get(cls.__module__), '__dict__', {})
    if not mod:
        obj = glb.get(name)
        if obj is None:
            return False
        if wanted == 'ClassVar':
            return _is_classvar(obj)
        return obj is _TARGETS[wanted]
    m = glb.get(mod)
    return m is not None and m is sys.modules.get(module_name)


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD

    if (_is_classvar(a_type)
            or (isinstance(a_type, str)
                and _string_annotation_is(a_type, cls, 'ClassVar', 'typing'))):
        f._field_type = _FIELD_CLASSVAR
    if f._field_type is _FIELD:
        if (isinstance(a_type, InitVar) or a_type is InitVar
                or (isinstance(a_type, str)
                    and _string_annotation_is(a_type, cls, 'InitVar',
                                              'dataclasses'))):
            f._field_type = _FIELD_INITVAR

    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')

    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {f.name} is a ClassVar but specifies '
                            'kw_only')

    if (f._field_type is _FIELD and f.default is not MISSING
            and type(f.default).__hash__ is None):
        raise ValueError(f'mutable default {type(f.default)} for field '
                         f'{f.name} is not allowed: use default_factory')
    return f


def _is_kw_only(a_type, cls):
    if a_type is KW_ONLY:
        return True
    return (isinstance(a_type, str)
            and _string_annotation_is(a_type, cls, 'KW_ONLY', 'dataclasses'))


_TARGETS = {'InitVar': InitVar, 'KW_ONLY': KW_ONLY}


# ---- method builders ------------------------------------------------------

def _set_qualname(cls, fn):
    try:
        fn.__qualname__ = f'{cls.__qualname__}.{fn.__name__}'
    except (AttributeError, TypeError):
        pass
    return fn


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    _set_qualname(cls, value)
    setattr(cls, name, value)
    return False


def _init_fn(cls, all_fields, std_fields, kw_fields, frozen, has_post_init,
             self_name):
    seen_default = False
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} '
                                'follows default argument')

    ns = {'MISSING': MISSING, '__dataclass_HAS_DEFAULT_FACTORY__':
          _HAS_DEFAULT_FACTORY, '__dataclass_builtins_object__': object,
          '__builtins__': __builtins__}

    def param(f):
        if f.default is MISSING and f.default_factory is MISSING:
            return f.name
        if f.default_factory is not MISSING:
            return f'{f.name}=__dataclass_HAS_DEFAULT_FACTORY__'
        return f'{f.name}=__dataclass_dflt_{f.name}__'

    def assign(name, value):
        if frozen:
            return (f'__dataclass_builtins_object__.__setattr__('
                    f'{self_name},{name!r},{value})')
        return f'{self_name}.{name}={value}'

    body = []
    for f in all_fields:
        if f._field_type is _FIELD_INITVAR:
            if f.default is not MISSING:
                ns[f'__dataclass_dflt_{f.name}__'] = f.default
            continue
        if f.default_factory is not MISSING:
            ns[f'__dataclass_dflt_{f.name}__'] = f.default_factory
            if f.init:
                value = (f'__dataclass_dflt_{f.name}__() '
                         f'if {f.name} is __dataclass_HAS_DEFAULT_FACTORY__ '
                         f'else {f.name}')
            else:
                value = f'__dataclass_dflt_{f.name}__()'
        elif f.init:
            if f.default is not MISSING:
                ns[f'__dataclass_dflt_{f.name}__'] = f.default
            value = f.name
        else:
            continue
        body.append(assign(f.name, value))

    if has_post_init:
        params = ','.join(f.name for f in all_fields
                          if f._field_type is _FIELD_INITVAR)
        body.append(f'{self_name}.{_POST_INIT_NAME}({params})')
    if not body:
        body = ['pass']

    args = [self_name] + [param(f) for f in std_fields]
    if kw_fields:
        args.append('*')
        args += [param(f) for f in kw_fields]
    src = (f'def __init__({",".join(args)}):\n'
           + ''.join(f'  {line}\n' for line in body))
    exec(src, ns)
    return ns['__init__']


def _recursive_repr(user_function):
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            result = user_function(self)
        finally:
            running.discard(key)
        return result
    wrapper.__name__ = user_function.__name__
    return wrapper


def _repr_fn(names):
    def __repr__(self):
        return (self.__class__.__qualname__ + '('
                + ', '.join(f'{n}={getattr(self, n)!r}' for n in names)
                + ')')
    return _recursive_repr(__repr__)


def _fields_tuple(obj_name, names):
    # The source of the fields' tuple, as CPython's generated methods read
    # it: "(self.a,self.b,)".
    return '(' + ''.join(f'{obj_name}.{n},' for n in names) + ')'


def _create_fn(name, args, body):
    # A method made from source text (as __init__ is), so that a field read
    # is an attribute load in the method itself.
    src = f'def {name}({args}):\n' + ''.join(f'  {line}\n' for line in body)
    ns = {'__builtins__': __builtins__}
    exec(src, ns)
    return ns[name]


def _cmp_fn(name, op, names):
    return _create_fn(name, 'self, other',
                      ['if other.__class__ is self.__class__:',
                       f' return {_fields_tuple("self", names)}{op}'
                       f'{_fields_tuple("other", names)}',
                       'return NotImplemented'])


def _eq_fn(names):
    return _cmp_fn('__eq__', '==', names)


def _order_fns(names):
    return [(name, _cmp_fn(name, op, names))
            for name, op in (('__lt__', '<'), ('__le__', '<='),
                             ('__gt__', '>'), ('__ge__', '>='))]


def _hash_fn(names):
    return _create_fn('__hash__', 'self',
                      [f'return hash({_fields_tuple("self", names)})'])


def _frozen_fns(cls, names):
    names = frozenset(names)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot assign to field {name!r}')
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot delete field {name!r}')
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__


def _hash_action(cls, unsafe_hash, eq, frozen, has_explicit_hash, flds):
    hash_names = [f.name for f in flds
                  if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f'Cannot overwrite attribute __hash__ in class '
                            f'{cls.__name__}')
        return _set_qualname(cls, _hash_fn(hash_names))
    if eq and frozen:
        if has_explicit_hash:
            return MISSING
        return _set_qualname(cls, _hash_fn(hash_names))
    if eq:
        if has_explicit_hash:
            return MISSING
        return None
    return MISSING


def _add_slots(cls, field_names, is_frozen):
    cls_dict = dict(cls.__dict__)
    if '__slots__' in cls_dict:
        raise TypeError(f'{cls.__name__} already specifies __slots__')
    inherited = set()
    for base in cls.__mro__[1:-1]:
        for s in getattr(base, '__slots__', ()) or ():
            inherited.add(s)
    cls_dict['__slots__'] = tuple(n for n in field_names
                                  if n not in inherited)
    for n in field_names:
        cls_dict.pop(n, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    if qualname is not None:
        cls_dict['__qualname__'] = qualname
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if is_frozen:
        def __getstate__(self):
            return [getattr(self, n) for n in field_names]

        def __setstate__(self, state):
            for n, v in zip(field_names, state):
                object.__setattr__(self, n, v)
        if '__getstate__' not in cls_dict:
            cls.__getstate__ = __getstate__
        if '__setstate__' not in cls_dict:
            cls.__setstate__ = __setstate__
    return cls


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen,
                   match_args, kw_only, slots):
    all_fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order,
                                           unsafe_hash, frozen))

    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True

    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    kw_only_now = kw_only
    kw_only_seen = False
    for name, a_type in cls_annotations.items():
        if _is_kw_only(a_type, cls):
            if kw_only_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY '
                                'has already been specified')
            kw_only_seen = True
            kw_only_now = True
        else:
            cls_fields.append(_get_field(cls, name, a_type, kw_only_now))

    for f in cls_fields:
        all_fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a '
                            'frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a '
                            'non-frozen one')

    setattr(cls, _FIELDS, all_fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING
                             or (class_hash is None and '__eq__' in
                                 cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    field_list = [f for f in all_fields.values() if f._field_type is _FIELD]
    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        init_fields = [f for f in all_fields.values()
                       if f._field_type in (_FIELD, _FIELD_INITVAR)]
        std, kws = _fields_in_init_order(init_fields)
        self_name = '__dataclass_self__' if 'self' in all_fields else 'self'
        _set_new_attribute(cls, '__init__',
                           _init_fn(cls, init_fields, std, kws, frozen,
                                    has_post_init, self_name))

    if repr:
        _set_new_attribute(cls, '__repr__',
                           _repr_fn([f.name for f in field_list if f.repr]))

    cmp_names = [f.name for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _eq_fn(cmp_names))

    if order:
        for name, fn in _order_fns(cmp_names):
            if _set_new_attribute(cls, name, fn):
                raise TypeError(f'Cannot overwrite attribute {name} in class '
                                f'{cls.__name__}. Consider using '
                                'functools.total_ordering')

    if frozen:
        setf, delf = _frozen_fns(cls, [f.name for f in field_list])
        for name, fn in (('__setattr__', setf), ('__delattr__', delf)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError(f'Cannot overwrite attribute {name} in class '
                                f'{cls.__name__}')

    h = _hash_action(cls, unsafe_hash, eq, frozen, has_explicit_hash,
                     field_list)
    if h is not MISSING:
        cls.__hash__ = h

    if not getattr(cls, '__doc__', None):
        try:
            cls.__doc__ = cls.__name__ + _signature_text(cls, all_fields)
        except (AttributeError, TypeError):
            pass

    if match_args:
        _set_new_attribute(cls, '__match_args__',
                           tuple(f.name for f in _std_fields_of(all_fields)))

    if slots:
        cls = _add_slots(cls, [f.name for f in field_list], frozen)
        if frozen:
            setf, delf = _frozen_fns(cls, [f.name for f in field_list])
            cls.__setattr__ = _set_qualname(cls, setf)
            cls.__delattr__ = _set_qualname(cls, delf)
    return cls


def _annotation_text(a):
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return f'{a.__module__}.{a.__qualname__}'
    return repr(a)


def _signature_text(cls, all_fields):
    """What inspect.signature(cls) shows, for the class docstring."""
    init = cls.__dict__.get('__init__')
    flds = [f for f in all_fields.values()
            if f._field_type in (_FIELD, _FIELD_INITVAR) and f.init]
    if init is None or not flds and init is object.__init__:
        return '()'
    flds = ([f for f in flds if not f.kw_only]
            + [f for f in flds if f.kw_only])
    parts = []
    star = False
    for f in flds:
        if f.kw_only and not star:
            parts.append('*')
            star = True
        text = f'{f.name}: {_annotation_text(f.type)}'
        if f.default_factory is not MISSING:
            text += ' = <factory>'
        elif f.default is not MISSING:
            text += f' = {f.default!r}'
        parts.append(text)
    return '(' + ', '.join(parts) + ')'


def _std_fields_of(all_fields):
    return [f for f in all_fields.values()
            if f._field_type in (_FIELD, _FIELD_INITVAR) and f.init
            and not f.kw_only]


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash,
                              frozen, match_args, kw_only, slots)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        flds = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') \
            from None
    return tuple(f for f in flds.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _deepcopy(obj):
    try:
        import copy
        deepcopy = copy.deepcopy
    except (ImportError, AttributeError):
        return obj
    return deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name),
                                                    dict_factory))
                             for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory),
                          _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    return _deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name),
                                             tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory),
                          _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return _deepcopy(obj)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with '
                                 'init=False, it cannot be specified with '
                                 'replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} "
                                 'must be specified with replace()')
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True,
                   repr=True, eq=True, order=False, unsafe_hash=False,
                   frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    ns = dict(namespace) if namespace is not None else {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError(f'Invalid field: {item!r}')
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f'Field names must be valid identifiers: '
                            f'{name!r}')
        if name in seen:
            raise TypeError(f'Field name duplicated: {name!r}')
        seen.add(name)
        annotations[name] = tp
    ns['__annotations__'] = annotations
    ns.update(defaults)
    ns['__module__'] = module if module is not None else '__main__'
    cls = type(cls_name, tuple(bases), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order,
                     unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots)
