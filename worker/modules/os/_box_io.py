# worker/modules/os/_box_io.py -- open() and the file objects it returns
# (internal; the builtin open in worker/modules/os/io_file.c calls _open).
#
# A file is a broker handle (_box_fs.open) wrapped in:
#   BufferedReader / BufferedWriter / BufferedRandom  (binary modes)
#   TextIOWrapper over one of them                    (text modes)
# named and printed like CPython's _io classes.
#
# Requests: the spec decides every read and write on a handle again, so
# each write()/writelines() call is exactly one fs.hwrite (nothing is held
# back in the worker: a file object dropped without close() loses nothing),
# and each read(), read1(), readinto(), readline() and readlines() call is
# at least one fs.hread, each decided: the read-ahead buffer saves bytes,
# not decisions.  A call the buffer can serve asks the broker for nothing
# but the decision (hread of 0 bytes); one it cannot asks for one chunk
# (64 KiB, or what read(n) needs; read() with no size asks for the rest of
# the file in one request); only a line longer than a chunk takes one
# request per chunk.  Iterating (for line in f) decides once per chunk it
# fetches, not once per line.  The broker writes
# into a private temporary file that close() renames into place, so the
# new content appears at close().

import _box_fs as _fs

_CHUNK = 65536
_NEWLINES = (None, '', '\n', '\r', '\r\n')


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = 'io'

_CLOSED = 'I/O operation on closed file.'


class _IOBase:
    """What every file object has: context manager, iteration, closed."""

    _kind = '_IOBase'

    def __enter__(self):
        self._check_closed()
        return self

    def __exit__(self, *exc):
        self.close()
        return None

    def __iter__(self):
        self._check_closed()
        return self

    def __next__(self):
        # iteration decides per chunk fetched, not per line (see above)
        line = self._readline(-1)
        if not line:
            raise StopIteration
        return line

    def _decided_since(self, requests):
        """Make sure the public call that began when the handle had made
        `requests` requests was decided: if it made none, ask the broker
        for the decision alone."""
        buffered = self._raw_layer()
        if buffered._requests == requests and not buffered.closed:
            _fs.hread(buffered._h, 0)
            buffered._requests += 1

    def _check_closed(self):
        if self.closed:
            raise ValueError(_CLOSED)

    def readlines(self, hint=-1):
        self._need_read()
        if hint is None:
            hint = -1
        requests = self._raw_layer()._requests
        lines = []
        total = 0
        while True:
            line = self._readline(-1)
            if not line:
                break
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        self._decided_since(requests)
        return lines

    def isatty(self):
        self._check_closed()
        return False

    def fileno(self):
        self._check_closed()
        raise UnsupportedOperation('fileno')

    def truncate(self, size=None):
        self._check_closed()
        raise UnsupportedOperation('truncate')

    def __repr__(self):
        name = self.name
        cls = '_io.' + self._kind
        if self._kind == 'TextIOWrapper':
            return f"<{cls} name={name!r} mode={self.mode!r} encoding={self.encoding!r}>"
        return f"<{cls} name={name!r}>"


class _Buffered(_IOBase):
    """A binary file over a broker handle (read-ahead buffer only)."""

    def __init__(self, handle, name, mode, readable, writable):
        self._h = handle
        self.name = name
        self.mode = mode
        self._readable = readable
        self._writable = writable
        self._buf = b''      # read-ahead: bytes after the logical position
        self._eof = False    # the last request reached the end of the file
        self._requests = 0   # fs.hread requests made (each one decided)
        self.closed = False

    def _raw_layer(self):
        return self

    # -- modes
    def readable(self):
        self._check_closed()
        return self._readable

    def writable(self):
        self._check_closed()
        return self._writable

    def seekable(self):
        self._check_closed()
        return True

    def _need_read(self):
        self._check_closed()
        if not self._readable:
            raise UnsupportedOperation('read')

    def _need_write(self):
        self._check_closed()
        if not self._writable:
            raise UnsupportedOperation('write')

    # -- the handle
    def _drop_buffer(self):
        # the broker's position is ahead of ours by what is buffered
        if self._buf:
            _fs.hseek(self._h, -len(self._buf), 1)
            self._buf = b''
        self._eof = False

    def _fill(self, want):
        if self._eof:
            return False
        data = _fs.hread(self._h, want)
        self._requests += 1
        if len(data) < want:
            self._eof = True
        if not data:
            return False
        self._buf = self._buf + data if self._buf else data
        return True

    # -- reading: each public call decided (_decided_since)
    def read(self, size=-1):
        self._need_read()
        requests = self._requests
        out = self._read(size)
        self._decided_since(requests)
        return out

    def _read(self, size):
        if size is None or size < 0:
            rest = b''
            if not self._eof:
                rest = _fs.hread(self._h, -1)
                self._requests += 1
            out = self._buf + rest
            self._buf = b''
            self._eof = True
            return out
        if len(self._buf) < size:
            self._fill(max(size - len(self._buf), _CHUNK))
        out = self._buf[:size]
        self._buf = self._buf[size:]
        return out

    def read1(self, size=-1):
        self._need_read()
        requests = self._requests
        out = self._read1(size)
        self._decided_since(requests)
        return out

    def _read1(self, size):
        if not self._buf:
            self._fill(_CHUNK if size is None or size < 0 else max(size, 1))
        if size is None or size < 0:
            size = len(self._buf)
        out = self._buf[:size]
        self._buf = self._buf[size:]
        return out

    def peek(self, size=0):
        self._need_read()
        if not self._buf:
            self._fill(_CHUNK)
        return self._buf

    def readinto(self, b):
        data = self.read(len(b))
        n = len(data)
        b[:n] = data
        return n

    def readline(self, size=-1):
        self._need_read()
        requests = self._requests
        out = self._readline(size)
        self._decided_since(requests)
        return out

    def _readline(self, size):
        self._need_read()
        if size is None:
            size = -1
        start = 0
        while True:
            i = self._buf.find(b'\n', start)
            if i >= 0:
                end = i + 1
                break
            if 0 <= size <= len(self._buf):
                end = size
                break
            start = len(self._buf)
            if not self._fill(_CHUNK):
                end = len(self._buf)
                break
        if 0 <= size < end:
            end = size
        out = self._buf[:end]
        self._buf = self._buf[end:]
        return out

    # -- writing: one request per call
    def write(self, b):
        self._need_write()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        if not isinstance(b, (bytes, bytearray)):
            try:
                b = bytes(b)
            except TypeError:
                raise TypeError(f"a bytes-like object is required, not '{type(b).__name__}'") from None
        if self._buf or self._eof:
            self._drop_buffer()
        if b:
            _fs.hwrite(self._h, b)
        return len(b)

    def writelines(self, lines):
        self._need_write()
        parts = []
        for x in lines:
            if isinstance(x, str):
                raise TypeError("a bytes-like object is required, not 'str'")
            parts.append(bytes(x))
        self.write(b''.join(parts))

    def flush(self):
        self._check_closed()

    # -- position
    def tell(self):
        self._check_closed()
        return _fs.hseek(self._h, 0, 1) - len(self._buf)

    def seek(self, pos, whence=0):
        self._check_closed()
        if not isinstance(pos, int):
            raise TypeError(f"'{type(pos).__name__}' object cannot be interpreted as an integer")
        if whence not in (0, 1, 2):
            raise ValueError(f"whence value {whence} unsupported")
        if whence == 0 and pos < 0:
            raise ValueError(f"negative seek position {pos}")
        if whence == 1:
            pos -= len(self._buf)
        self._buf = b''
        self._eof = False
        return _fs.hseek(self._h, pos, whence)

    def detach(self):
        raise UnsupportedOperation('detach')

    def close(self):
        if self.closed:
            return
        self.closed = True
        self._buf = b''
        _fs.close(self._h)


class BufferedReader(_Buffered):
    _kind = 'BufferedReader'


class BufferedWriter(_Buffered):
    _kind = 'BufferedWriter'


class BufferedRandom(_Buffered):
    _kind = 'BufferedRandom'


for _c in (BufferedReader, BufferedWriter, BufferedRandom):
    _c.__module__ = '_io'


def _utf8_cut(data):
    """Length of data without an incomplete UTF-8 sequence at its end."""
    n = len(data)
    i = n - 1
    k = 0
    while i >= 0 and k < 3 and (data[i] & 0xC0) == 0x80:
        i -= 1
        k += 1
    if i < 0:
        return n
    lead = data[i]
    need = 2 if lead >= 0xC0 and lead < 0xE0 else 3 if lead >= 0xE0 and lead < 0xF0 else 4 if lead >= 0xF0 and lead < 0xF8 else 1
    if need > 1 and n - i < need:
        return i
    return n


class TextIOWrapper(_IOBase):
    """Text over a binary file: decoding, encoding and newline handling."""

    _kind = 'TextIOWrapper'

    def __init__(self, buffer, encoding, errors, newline, mode):
        self.buffer = buffer
        self.encoding = encoding
        self.errors = errors
        self.mode = mode
        self._newline = newline
        self._lower = encoding.lower().replace('_', '-')
        self._utf8 = self._lower in ('utf-8', 'utf8', 'u8')
        self._text = ''       # decoded text; what is not yet returned starts at
        self._tpos = 0        # _tpos (lines are taken by moving it, not by slicing)
        self._raw = b''       # undecoded tail (an incomplete character)
        self._seen = 0        # newline kinds seen (1 \r, 2 \n, 4 \r\n)
        self._started = False

    name = property(lambda self: self.buffer.name)
    closed = property(lambda self: self.buffer.closed)
    line_buffering = property(lambda self: False)
    write_through = property(lambda self: False)

    @property
    def newlines(self):
        kinds = []
        if self._seen & 1:
            kinds.append('\r')
        if self._seen & 2:
            kinds.append('\n')
        if self._seen & 4:
            kinds.append('\r\n')
        if not kinds:
            return None
        return kinds[0] if len(kinds) == 1 else tuple(kinds)

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return self.buffer.seekable()

    def _need_read(self):
        self._check_closed()
        if not self.buffer._readable:
            raise UnsupportedOperation('not readable')

    def _decode(self, data, final):
        data = self._raw + data
        self._raw = b''
        if not final:
            if self._utf8:
                cut = _utf8_cut(data)
            elif '16' in self._lower:
                cut = len(data) - len(data) % 2
            elif '32' in self._lower:
                cut = len(data) - len(data) % 4
            else:
                cut = len(data)
            self._raw = data[cut:]
            data = data[:cut]
        enc = self.encoding
        if self._started and self._lower in ('utf-16', 'utf16'):
            enc = 'utf-16-le'
        elif self._started and self._lower in ('utf-32', 'utf32'):
            enc = 'utf-32-le'
        elif self._started and self._lower in ('utf-8-sig', 'utf8-sig'):
            enc = 'utf-8'
        if data:
            self._started = True
        text = data.decode(enc, self.errors)
        nl = self._newline
        if nl is None or nl == '':
            if '\r' in text or self._pending_cr:
                if self._pending_cr:
                    text = '\r' + text
                    self._pending_cr = False
                if not final and text.endswith('\r'):
                    text = text[:-1]
                    self._pending_cr = True
                crlf = text.count('\r\n')
                cr = text.count('\r') - crlf
                if crlf:
                    self._seen |= 4
                if cr:
                    self._seen |= 1
                if text.count('\n') - crlf:
                    self._seen |= 2
                if nl is None:
                    text = text.replace('\r\n', '\n').replace('\r', '\n')
            elif '\n' in text:
                self._seen |= 2
        return text

    _pending_cr = False

    def _more(self):
        # drop what was returned before appending (this moves _tpos to 0)
        if self._tpos:
            self._text = self._text[self._tpos:]
            self._tpos = 0
        if self.buffer._eof and not self.buffer._buf:
            if self._raw or self._pending_cr:
                self._text += self._decode(b'', True)
            return False
        data = self.buffer._read1(_CHUNK)
        if not data:
            self._text += self._decode(b'', True)
            return False
        self._text += self._decode(data, False)
        return True

    def _raw_layer(self):
        return self.buffer

    def read(self, size=-1):
        self._need_read()
        requests = self.buffer._requests
        out = self._read(size)
        self._decided_since(requests)
        return out

    def _read(self, size):
        if size is None:
            size = -1
        if not isinstance(size, int):
            raise TypeError(f"argument should be integer or None, not '{type(size).__name__}'")
        if size < 0:
            rest = self.buffer._read(-1)
            out = self._text[self._tpos:] + self._decode(rest, True)
            self._text = ''
            self._tpos = 0
            return out
        while len(self._text) - self._tpos < size and self._more():
            pass
        out = self._text[self._tpos:self._tpos + size]
        self._tpos += len(out)
        return out

    def _find_eol(self, start):
        nl = self._newline
        t = self._text
        if nl is None or nl == '\n':
            i = t.find('\n', start)
            return -1 if i < 0 else i + 1
        if nl == '':
            i = t.find('\n', start)
            j = t.find('\r', start)
            if j >= 0 and (i < 0 or j < i):
                if j + 1 < len(t):
                    return j + 2 if t[j + 1] == '\n' else j + 1
                return -2  # a \r at the end: need one more character
            return -1 if i < 0 else i + 1
        i = t.find(nl, start)
        return -1 if i < 0 else i + len(nl)

    def readline(self, size=-1):
        self._need_read()
        requests = self.buffer._requests
        out = self._readline(size)
        self._decided_since(requests)
        return out

    def _readline(self, size):
        self._need_read()
        if size is None:
            size = -1
        start = self._tpos
        while True:
            end = self._find_eol(start)
            if end >= 0:
                break
            if 0 <= size <= len(self._text) - self._tpos:
                end = self._tpos + size
                break
            if end == -1:
                start = max(len(self._text) - 1, self._tpos)
            shift = self._tpos   # _more() drops the returned text first
            if not self._more():
                end = self._find_eol(self._tpos)
                if end < 0:
                    end = len(self._text)
                break
            start -= shift
        if 0 <= size < end - self._tpos:
            end = self._tpos + size
        out = self._text[self._tpos:end]
        self._tpos = end
        return out

    def write(self, s):
        self._check_closed()
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if not self.buffer._writable:
            raise UnsupportedOperation('not writable')
        n = len(s)
        if self._newline not in (None, '', '\n') and '\n' in s:
            s = s.replace('\n', self._newline)
        if len(self._text) > self._tpos or self._raw:
            self._resync()
        self.buffer.write(s.encode(self._write_encoding(), self.errors))
        self._started = True
        return n

    def _write_encoding(self):
        if self._started and self._lower in ('utf-16', 'utf16'):
            return 'utf-16-le'
        if self._started and self._lower in ('utf-32', 'utf32'):
            return 'utf-32-le'
        if self._started and self._lower in ('utf-8-sig', 'utf8-sig'):
            return 'utf-8'
        return self.encoding

    def writelines(self, lines):
        self._check_closed()
        if not self.buffer._writable:
            raise UnsupportedOperation('not writable')
        parts = []
        for x in lines:
            if not isinstance(x, str):
                raise TypeError(f"write() argument must be str, not {type(x).__name__}")
            parts.append(x)
        self.write(''.join(parts))

    def _pending_bytes(self):
        pending = self._text[self._tpos:]
        return len(pending.encode(self._write_encoding(), self.errors)) + len(self._raw)

    def _resync(self):
        # move the handle back to the first character not yet returned
        back = self._pending_bytes() + len(self.buffer._buf)
        self.buffer._buf = b''
        self.buffer._eof = False
        if back:
            _fs.hseek(self.buffer._h, -back, 1)
        self._text = ''
        self._tpos = 0
        self._raw = b''
        self._pending_cr = False

    def flush(self):
        self._check_closed()

    def tell(self):
        self._check_closed()
        return self.buffer.tell() - self._pending_bytes()

    def seek(self, cookie, whence=0):
        self._check_closed()
        if whence == 1 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero cur-relative seeks")
        if whence == 2 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero end-relative seeks")
        if whence not in (0, 1, 2):
            raise ValueError(f"invalid whence ({whence}, should be 0, 1 or 2)")
        if whence == 0 and cookie < 0:
            raise ValueError(f"negative seek position {cookie}")
        if whence == 1:
            cookie = self.tell()
            whence = 0
        self._text = ''
        self._tpos = 0
        self._raw = b''
        self._pending_cr = False
        pos = self.buffer.seek(cookie, whence)
        self._started = pos != 0
        return pos

    def detach(self):
        raise UnsupportedOperation('detach')

    def close(self):
        if not self.buffer.closed:
            self._text = ''
            self._tpos = 0
            self.buffer.close()

    def reconfigure(self, *, encoding=None, errors=None, newline=False, line_buffering=None,
                    write_through=None):
        if encoding is not None:
            ''.encode(encoding)
            self.encoding = encoding
            self._lower = encoding.lower().replace('_', '-')
            self._utf8 = self._lower in ('utf-8', 'utf8', 'u8')
        if errors is not None:
            self.errors = errors
        if newline is not False:
            if newline not in _NEWLINES:
                raise ValueError(f"illegal newline value: {newline}")
            self._newline = newline


TextIOWrapper.__module__ = '_io'


def _open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None,
          closefd=True, opener=None):
    if isinstance(file, int) and not isinstance(file, bool):
        raise OSError(9, 'Bad file descriptor')
    if not isinstance(file, (str, bytes)):
        f = getattr(type(file), '__fspath__', None)
        if f is None:
            raise TypeError(f"expected str, bytes or os.PathLike object, not {type(file).__name__}")
        file = f(file)
        if not isinstance(file, (str, bytes)):
            raise TypeError(f"expected {type(file).__name__}.__fspath__() to return str or bytes, not {type(file).__name__}")
    if not isinstance(mode, str):
        raise TypeError(f"open() argument 'mode' must be str, not {type(mode).__name__}")
    if not isinstance(buffering, int):
        raise TypeError(f"'{type(buffering).__name__}' object cannot be interpreted as an integer")
    if encoding is not None and not isinstance(encoding, str):
        raise TypeError(f"open() argument 'encoding' must be str or None, not {type(encoding).__name__}")
    if errors is not None and not isinstance(errors, str):
        raise TypeError(f"open() argument 'errors' must be str or None, not {type(errors).__name__}")
    if newline is not None and not isinstance(newline, str):
        raise TypeError(f"open() argument 'newline' must be str or None, not {type(newline).__name__}")
    seen = set()
    for c in mode:
        if c not in 'rwxabt+' or c in seen:
            raise ValueError(f"invalid mode: '{mode}'")
        seen.add(c)
    creating = 'x' in seen
    reading = 'r' in seen
    writing = 'w' in seen
    appending = 'a' in seen
    updating = '+' in seen
    text = 't' in seen
    binary = 'b' in seen
    if text and binary:
        raise ValueError("can't have text and binary mode at once")
    if creating + reading + writing + appending > 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if creating + reading + writing + appending == 0:
        raise ValueError("Must have exactly one of create/read/write/append mode and at most one plus")
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if binary and errors is not None:
        raise ValueError("binary mode doesn't take an errors argument")
    if binary and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    if binary and buffering == 1:
        pass
    if not binary and buffering == 0:
        raise ValueError("can't have unbuffered text I/O")
    if newline not in _NEWLINES:
        raise ValueError(f"illegal newline value: {newline}")
    if not closefd:
        raise ValueError("Cannot use closefd=False with file name")
    if opener is not None:
        raise TypeError("opener is not supported by this box's Python")
    if not binary:
        if encoding is None:
            encoding = 'UTF-8'
        ''.encode(encoding)  # LookupError: unknown encoding: <name>
        if errors is None:
            errors = 'strict'
    if creating:
        base = 'x'
    elif reading:
        base = 'r'
    elif writing:
        base = 'w'
    else:
        base = 'a'
    h = _fs.open(file, base + '+' if updating else base)
    if creating:
        rawmode = 'xb+' if updating else 'xb'
    elif appending:
        rawmode = 'ab+' if updating else 'ab'
    elif reading:
        rawmode = 'rb+' if updating else 'rb'
    else:
        rawmode = 'rb+' if updating else 'wb'
    readable = reading or updating
    writable = not reading or updating
    cls = BufferedRandom if updating else BufferedReader if reading else BufferedWriter
    buf = cls(h, file, rawmode, readable, writable)
    if binary:
        return buf
    return TextIOWrapper(buf, encoding, errors, newline, mode)
