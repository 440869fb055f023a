# re.py -- the Python half of the `re` module (runs in the module's dict
# after the C part, worker/modules/re/re_mod.c): the re.error exception, the
# RegexFlag int flags (an int subclass) with their constants, and __all__.


class error(Exception):
    """Raised for an invalid regular expression or replacement template.

    msg is the bare message, pattern the pattern (or template), pos the
    index where the problem was found; lineno and colno locate pos.
    """

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            text = '%s at position %d' % (msg, pos)
            nl = '\n' if isinstance(pattern, str) else b'\n'
            self.lineno = pattern.count(nl, 0, pos) + 1
            self.colno = pos - pattern.rfind(nl, 0, pos)
            if nl in pattern:
                text = '%s (line %d, column %d)' % (text, self.lineno, self.colno)
        else:
            text = msg
            self.lineno = None
            self.colno = None
        Exception.__init__(self, text)



# RegexFlag members in definition order (the order repr() lists them in).
_FLAG_NAMES = (
    ('ASCII', 256), ('IGNORECASE', 2), ('LOCALE', 4), ('UNICODE', 32),
    ('MULTILINE', 8), ('DOTALL', 16), ('VERBOSE', 64), ('TEMPLATE', 1),
    ('DEBUG', 128),
)
_FLAG_ALL = 511


class _FlagType(type):
    """The class of RegexFlag: iterable over its members, indexable by name,
    and shown as CPython shows an enum flag class."""

    def __repr__(cls):
        return "<flag %r>" % cls.__name__

    def __iter__(cls):
        return iter([cls._members_[name] for name, _ in _FLAG_NAMES])

    def __len__(cls):
        return len(_FLAG_NAMES)

    def __getitem__(cls, name):
        return cls._members_[name]

    def __contains__(cls, value):
        return isinstance(value, cls)


class RegexFlag(int, metaclass=_FlagType):
    """The re flags, an int subclass as CPython's enum.IntFlag: arithmetic
    gives plain ints, |, & and ^ give flags, and repr() names the members
    (re.IGNORECASE|re.MULTILINE).  One object per value, as CPython keeps
    its members and combinations."""

    _members_ = {}
    _cache_ = {}

    def __new__(cls, value=0):
        value = int(value)
        flag = cls._cache_.get(value)
        if flag is None:
            flag = int.__new__(cls, value)
            cls._cache_[value] = flag
        return flag

    def __repr__(self):
        v = int(self)
        if v == 0:
            return 're.NOFLAG'
        if v < 0:
            v &= _FLAG_ALL
        parts = []
        for name, bit in _FLAG_NAMES:
            if v & bit:
                parts.append('re.' + name)
                v &= ~bit
        if v:
            parts.append(hex(v))
        return '|'.join(parts)

    __str__ = __repr__

    def __format__(self, spec):
        if spec:
            return format(int(self), spec)
        return repr(self)

    @property
    def name(self):
        v = int(self)
        if v == 0:
            return 'NOFLAG'
        names = [n for n, bit in _FLAG_NAMES if v & bit]
        if not names or sum(bit for n, bit in _FLAG_NAMES if v & bit) != v:
            return None
        return '|'.join(names)

    @property
    def value(self):
        return int(self)

    def __contains__(self, other):
        if not isinstance(other, RegexFlag):
            raise TypeError(
                "unsupported operand type(s) for 'in': %r and %r"
                % (type(other).__qualname__, type(self).__qualname__))
        return int(other) & int(self) == int(other)

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__

    def __xor__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) ^ int(other))

    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(~int(self) & _FLAG_ALL)

    def __reduce_ex__(self, proto):
        return RegexFlag, (int(self),)


NOFLAG = RegexFlag(0)
A = ASCII = RegexFlag(256)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
U = UNICODE = RegexFlag(32)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
X = VERBOSE = RegexFlag(64)
T = TEMPLATE = RegexFlag(1)
DEBUG = RegexFlag(128)

# the members as class attributes too (re.RegexFlag.IGNORECASE)
for _name, _bit in _FLAG_NAMES + (('NOFLAG', 0),):
    setattr(RegexFlag, _name, RegexFlag(_bit))
    RegexFlag._members_[_name] = RegexFlag(_bit)
del _name, _bit

__version__ = '2.2.1'

__all__ = [
    'match', 'fullmatch', 'search', 'sub', 'subn', 'split', 'findall',
    'finditer', 'compile', 'purge', 'template', 'escape', 'error', 'Pattern',
    'Match', 'A', 'I', 'L', 'M', 'S', 'X', 'U', 'ASCII', 'IGNORECASE',
    'LOCALE', 'MULTILINE', 'DOTALL', 'VERBOSE', 'UNICODE', 'NOFLAG',
    'RegexFlag',
]


def template(pattern, flags=0):
    """Compile a template pattern (deprecated in CPython 3.11)."""
    return compile(pattern, flags | TEMPLATE)


