# json -- JSON encoding and decoding as CPython 3.11's json package (box).
#
# The scanner and the encoder are C (_box_json); this file holds the public
# classes and functions and the option handling around them.

import _box_json

__version__ = '2.0.9'
__all__ = ['dump', 'dumps', 'load', 'loads',
           'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']

_scan = _box_json.scan
_encode = _box_json.encode
_encode_basestring = _box_json.encode_basestring
_encode_basestring_ascii = _box_json.encode_basestring_ascii
_scanstring = _box_json.scanstring


class JSONDecodeError(ValueError):
    """ValueError subclass raised for a document that is not valid JSON.

    msg: the bare message, doc: the document, pos: the index in doc where
    parsing failed, lineno / colno: the line and column of pos."""
    __module__ = 'json.decoder'

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, '%s: line %d column %d (char %d)'
                            % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


_CONSTANTS = {
    '-Infinity': float('-inf'),
    'Infinity': float('inf'),
    'NaN': float('nan'),
}
_constant = _CONSTANTS.__getitem__


def _ws_end(s, i):
    n = len(s)
    while i < n and s[i] in ' \t\n\r':
        i += 1
    return i


class JSONDecoder(object):
    """Decodes JSON text into Python objects (see json.loads)."""
    __module__ = 'json.decoder'

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        self.memo = {}

    def _hooks(self):
        pf = self.parse_float
        pi = self.parse_int
        pc = self.parse_constant
        return (self.object_hook, self.object_pairs_hook,
                None if pf is float else pf,
                None if pi is int else pi,
                None if pc is _constant else pc)

    def decode(self, s, _w=None):
        """The Python object that the whole document s (a str) holds."""
        if not isinstance(s, str):
            # CPython's message comes from its whitespace regex
            if isinstance(s, (bytes, bytearray)):
                raise TypeError('cannot use a string pattern on a bytes-like object')
            raise TypeError(f'expected string or bytes-like object, '
                            f'got {s.__class__.__name__!r}')
        if type(self).raw_decode is JSONDecoder.raw_decode and _w is None:
            oh, ph, pf, pi, pc = self._hooks()
            return _scan(s, 0, True, self.strict, oh, ph, pf, pi, pc,
                         JSONDecodeError)
        obj, end = self.raw_decode(s, _ws_end(s, 0))
        end = _ws_end(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """(object, index where it ends) for the JSON value at s[idx:]."""
        oh, ph, pf, pi, pc = self._hooks()
        return _scan(s, idx, False, self.strict, oh, ph, pf, pi, pc,
                     JSONDecodeError)


class JSONEncoder(object):
    """Encodes Python objects as JSON text (see json.dumps)."""
    __module__ = 'json.encoder'
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        """Override to return a serializable object for o, or raise."""
        raise TypeError(f'Object of type {o.__class__.__name__} '
                        f'is not JSON serializable')

    def encode(self, o):
        """The JSON text of o, as one str."""
        if isinstance(o, str):
            if self.ensure_ascii:
                return _encode_basestring_ascii(o)
            return _encode_basestring(o)
        chunks = self.iterencode(o, _one_shot=True)
        if not isinstance(chunks, (list, tuple)):
            chunks = list(chunks)
        return ''.join(chunks)

    def _run(self, o, python_encoder):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        return _encode(o, self.skipkeys, self.ensure_ascii,
                       self.check_circular, self.allow_nan, self.sort_keys,
                       indent, self.key_separator, self.item_separator,
                       self.default, python_encoder)

    def iterencode(self, o, _one_shot=False):
        """The JSON text of o in chunks (an iterable of str)."""
        if _one_shot:
            return [self._run(o, self.indent is not None)]
        return self._chunks(o)

    def _chunks(self, o):
        yield self._run(o, True)


def detect_encoding(b):
    """The encoding json.loads assumes for the bytes b."""
    if b.startswith((b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00')):
        return 'utf-32'
    if b.startswith((b'\xfe\xff', b'\xff\xfe')):
        return 'utf-16'
    if b.startswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'
    n = len(b)
    if n >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif n == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


_default_encoder = JSONEncoder()
_default_decoder = JSONDecoder()
_default_method = _default_encoder.default


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """Serialize obj to a JSON formatted str."""
    if (not skipkeys and ensure_ascii and check_circular and allow_nan
            and cls is None and indent is None and separators is None
            and default is None and not sort_keys and not kw):
        return _encode(obj, False, True, True, True, False, None, ': ', ', ',
                       _default_method, False)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Serialize obj as JSON to fp (anything with a .write(str) method)."""
    if cls is None:
        cls = JSONEncoder
    iterable = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
                   check_circular=check_circular, allow_nan=allow_nan,
                   indent=indent, separators=separators, default=default,
                   sort_keys=sort_keys, **kw).iterencode(obj)
    for chunk in iterable:
        fp.write(chunk)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize s (str, bytes or bytearray holding JSON) to an object."""
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                  s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                            f'not {s.__class__.__name__}')
        s = s.decode(detect_encoding(s), 'surrogatepass')
    if (cls is None and object_hook is None and parse_int is None
            and parse_float is None and parse_constant is None
            and object_pairs_hook is None and not kw):
        return _scan(s, 0, True, True, None, None, None, None, None,
                     JSONDecodeError)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
         parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize fp (anything with a .read() method) holding JSON."""
    return loads(fp.read(), cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)


del _box_json

# the submodules, as attributes (CPython's package imports them too)
import json.decoder
import json.encoder
del json
