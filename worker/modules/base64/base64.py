# base64 -- Base16, Base32, Base64, Base85 and Ascii85 data encodings, as
# CPython 3.11's module (box).  Base64 and hex run in C (binascii); the
# other alphabets are done here, byte by byte.

import binascii

__all__ = [
    'encode', 'decode', 'encodebytes', 'decodebytes',
    'b64encode', 'b64decode', 'b32encode', 'b32decode',
    'b32hexencode', 'b32hexdecode', 'b16encode', 'b16decode',
    'b85encode', 'b85decode', 'a85encode', 'a85decode',
    'standard_b64encode', 'standard_b64decode',
    'urlsafe_b64encode', 'urlsafe_b64decode',
]

bytes_types = (bytes, bytearray)


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, bytes_types):
        return s
    raise TypeError("argument should be a bytes-like object or ASCII "
                    "string, not %r" % s.__class__.__name__) from None


def _to_bytes(s):
    if isinstance(s, bytes):
        return s
    if isinstance(s, bytearray):
        return bytes(s)
    raise TypeError("memoryview: a bytes-like object is required, not '%s'"
                    % s.__class__.__name__)


def _translate(s, frm, to):
    # s.translate(bytes.maketrans(frm, to)) for two-byte frm/to
    if not (set(frm) & set(to)):
        for a, b in zip(frm, to):
            s = s.replace(bytes((a,)), bytes((b,)))
        return s
    m = dict(zip(frm, to))
    return bytes([m.get(c, c) for c in s])


# ---- Base64 --------------------------------------------------------------

def b64encode(s, altchars=None):
    """Encode the bytes-like object s with Base64; altchars replaces '+/'."""
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _translate(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    """Decode the Base64 bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _translate(s, altchars, b'+/')
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    """Encode s with the standard Base64 alphabet."""
    return b64encode(s)


def standard_b64decode(s):
    """Decode s with the standard Base64 alphabet."""
    return b64decode(s)


def urlsafe_b64encode(s):
    """Encode s with the URL- and filesystem-safe alphabet ('-_')."""
    return _translate(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    """Decode s written with the URL- and filesystem-safe alphabet."""
    s = _bytes_from_decode_data(s)
    s = _translate(s, b'-_', b'+/')
    return b64decode(s)


# ---- Base32 --------------------------------------------------------------

_b32alphabet = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_b32hexalphabet = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'
# output length of a final group of 1..4 bytes, before '=' padding
_b32used = {1: 2, 2: 4, 3: 5, 4: 7}
# '=' count -> bytes kept of the last 5
_b32kept = {0: 5, 1: 4, 3: 3, 4: 2, 6: 1}


def _b32encode(alphabet, s):
    s = _to_bytes(s)
    n = len(s)
    out = bytearray()
    for i in range(0, n, 5):
        group = s[i:i + 5]
        k = len(group)
        acc = int.from_bytes(group + b'\0' * (5 - k), 'big')
        chars = bytes(alphabet[(acc >> sh) & 31] for sh in (35, 30, 25, 20, 15, 10, 5, 0))
        if k < 5:
            used = _b32used[k]
            chars = chars[:used] + b'=' * (8 - used)
        out += chars
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = _translate(s, b'01', b'O' + map01)
    if casefold:
        s = s.upper()
    total = len(s)
    s = s.rstrip(b'=')
    npad = total - len(s)
    values = {c: i for i, c in enumerate(alphabet)}
    out = bytearray()
    acc = 0
    for i in range(0, len(s), 8):
        acc = 0
        for c in s[i:i + 8]:
            v = values.get(c)
            if v is None:
                raise binascii.Error('Non-base32 digit found')
            acc = (acc << 5) | v
        out += acc.to_bytes(5, 'big')
    if npad not in _b32kept:
        raise binascii.Error('Incorrect padding')
    if npad and out:
        acc <<= 5 * npad
        out[-5:] = acc.to_bytes(5, 'big')[:_b32kept[npad]]
    return bytes(out)


def b32encode(s):
    """Encode the bytes-like object s with Base32."""
    return _b32encode(_b32alphabet, s)


def b32decode(s, casefold=False, map01=None):
    """Decode the Base32 s; casefold accepts lower case, map01 maps 0/1."""
    return _b32decode(_b32alphabet, s, casefold, map01)


def b32hexencode(s):
    """Encode s with the Extended Hex Base32 alphabet (RFC 4648)."""
    return _b32encode(_b32hexalphabet, s)


def b32hexdecode(s, casefold=False):
    """Decode s written with the Extended Hex Base32 alphabet."""
    return _b32decode(_b32hexalphabet, s, casefold)


# ---- Base16 --------------------------------------------------------------

def b16encode(s):
    """Encode the bytes-like object s with Base16 (upper-case hex)."""
    return binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    """Decode the Base16 s; casefold accepts lower-case digits."""
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if not (48 <= c <= 57 or 65 <= c <= 70):
            raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


# ---- Ascii85 and Base85 --------------------------------------------------

_A85START = b"<~"
_A85END = b"~>"
_b85alphabet = (b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                b"abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~")
_a85alphabet = bytes(range(33, 118))
_b85values = None


def _85encode(b, alphabet, pad=False, foldnuls=False, foldspaces=False):
    b = _to_bytes(b)
    padding = (-len(b)) % 4
    if padding:
        b = b + b'\0' * padding
    chunks = []
    for i in range(0, len(b), 4):
        word = int.from_bytes(b[i:i + 4], 'big')
        if foldnuls and word == 0:
            chunks.append(b'z')
        elif foldspaces and word == 0x20202020:
            chunks.append(b'y')
        else:
            digits = bytearray(5)
            for k in range(4, -1, -1):
                word, r = divmod(word, 85)
                digits[k] = alphabet[r]
            chunks.append(bytes(digits))
    if padding and not pad:
        if chunks[-1] == b'z':
            chunks[-1] = bytes([alphabet[0]]) * 5
        chunks[-1] = chunks[-1][:-padding]
    return b''.join(chunks)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """Encode the bytes-like object b with Ascii85."""
    result = _85encode(b, _a85alphabet, pad, True, foldspaces)
    if adobe:
        result = _A85START + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        lines = [result[i:i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe and len(lines[-1]) + 2 > wrapcol:
            lines.append(b'')
        result = b'\n'.join(lines)
    if adobe:
        result += _A85END
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    """Decode the Ascii85 bytes-like object or ASCII string b."""
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(_A85END):
            raise ValueError(
                "Ascii85 encoded byte sequences must end with {!r}".format(_A85END))
        if b.startswith(_A85START):
            b = b[2:-2]
        else:
            b = b[:-2]
    out = bytearray()
    group = []
    for x in b + b'uuuu':
        if 33 <= x <= 117:
            group.append(x)
            if len(group) == 5:
                acc = 0
                for d in group:
                    acc = acc * 85 + (d - 33)
                if acc > 0xffffffff:
                    raise ValueError('Ascii85 overflow')
                out += acc.to_bytes(4, 'big')
                group = []
        elif x == 122:
            if group:
                raise ValueError('z inside Ascii85 5-tuple')
            out += b'\0\0\0\0'
        elif foldspaces and x == 121:
            if group:
                raise ValueError('y inside Ascii85 5-tuple')
            out += b'    '
        elif x in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % x)
    cut = 4 - len(group)
    if cut:
        del out[-cut:]
    return bytes(out)


def b85encode(b, pad=False):
    """Encode the bytes-like object b with base85 (as in git binary diffs)."""
    return _85encode(b, _b85alphabet, pad)


def b85decode(b):
    """Decode the base85 bytes-like object or ASCII string b."""
    global _b85values
    if _b85values is None:
        _b85values = [None] * 256
        for i, c in enumerate(_b85alphabet):
            _b85values[c] = i
    b = _bytes_from_decode_data(b)
    padding = (-len(b)) % 5
    b = b + b'~' * padding
    out = bytearray()
    for i in range(0, len(b), 5):
        acc = 0
        for j in range(i, i + 5):
            v = _b85values[b[j]]
            if v is None:
                raise ValueError('bad base85 character at position %d' % j)
            acc = acc * 85 + v
        if acc > 0xffffffff:
            raise ValueError('base85 overflow in hunk starting at byte %d' % i)
        out += acc.to_bytes(4, 'big')
    if padding:
        del out[-padding:]
    return bytes(out)


# ---- MIME lines (RFC 2045) and the legacy file interface ------------------

MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _input_type_check(s):
    if not isinstance(s, bytes_types):
        raise TypeError("expected bytes-like object, not %s"
                        % s.__class__.__name__)


def encodebytes(s):
    """Base64 lines of at most 76 characters, each ending in a newline."""
    _input_type_check(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        pieces.append(binascii.b2a_base64(s[i:i + MAXBINSIZE]))
    return b"".join(pieces)


def decodebytes(s):
    """Decode bytes holding Base64 lines (see encodebytes)."""
    _input_type_check(s)
    return binascii.a2b_base64(s)


def encode(input, output):
    """Base64-encode the file-like input into output (binary files)."""
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        while len(s) < MAXBINSIZE:
            ns = input.read(MAXBINSIZE - len(s))
            if not ns:
                break
            s += ns
        output.write(binascii.b2a_base64(s))


def decode(input, output):
    """Base64-decode the lines of the file-like input into output."""
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))
