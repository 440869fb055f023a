# re.py -- the Python half of the `re` module (runs in the module's dict
# after the C part, worker/modules/re/re_mod.c): the re.error exception, the
# RegexFlag int flags with their constants, and __all__.


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


class RegexFlag:
    """The re flags: an int-like value whose repr names its members.

    (CPython's is an enum.IntFlag, an int subclass; this interpreter's int
    cannot be subclassed, so RegexFlag holds the value and behaves as an
    int through __index__, __int__ and the arithmetic operators.)
    """

    __slots__ = ('_value_',)

    def __init__(self, value=0):
        self._value_ = value.__index__()

    def __repr__(self):
        v = self._value_
        if v == 0:
            return 're.NOFLAG'
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
            return format(self._value_, spec)
        return repr(self)

    @property
    def name(self):
        v = self._value_
        if v == 0:
            return 'NOFLAG'
        names = [n for n, bit in _FLAG_NAMES if v & bit]
        if not names or sum(bit for n, bit in _FLAG_NAMES if v & bit) != v:
            return None
        return '|'.join(names)

    @property
    def value(self):
        return self._value_

    def __index__(self):
        return self._value_

    __int__ = __index__

    def __hash__(self):
        return hash(self._value_)

    def __bool__(self):
        return self._value_ != 0

    def __eq__(self, other):
        if isinstance(other, RegexFlag):
            return self._value_ == other._value_
        if isinstance(other, int):
            return self._value_ == other
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __lt__(self, other):
        return self._value_ < _intval(other)

    def __le__(self, other):
        return self._value_ <= _intval(other)

    def __gt__(self, other):
        return self._value_ > _intval(other)

    def __ge__(self, other):
        return self._value_ >= _intval(other)

    def __or__(self, other):
        if not isinstance(other, (int, RegexFlag)):
            return NotImplemented
        return RegexFlag(self._value_ | _intval(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, (int, RegexFlag)):
            return NotImplemented
        return RegexFlag(self._value_ & _intval(other))

    __rand__ = __and__

    def __xor__(self, other):
        if not isinstance(other, (int, RegexFlag)):
            return NotImplemented
        return RegexFlag(self._value_ ^ _intval(other))

    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(~self._value_ & _FLAG_ALL)

    def __add__(self, other):
        return self._value_ + other

    def __radd__(self, other):
        return other + self._value_

    def __sub__(self, other):
        return self._value_ - other

    def __rsub__(self, other):
        return other - self._value_


def _intval(v):
    return v._value_ if isinstance(v, RegexFlag) else v


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


