# worker/modules/os/pathlib.py -- pathlib for the box, written from the
# documented behaviour of CPython 3.11's pathlib (POSIX flavour only).
#
# PurePath / PurePosixPath do every pure operation on strings.  Path /
# PosixPath add the concrete methods; each is one request (or a few) to the
# broker through _box_fs, decided there with the action and operation of
# the spec's table.  What the box refuses whatever the policy says:
# resolve() and absolute() (RuntimeError "Path.resolve: not supported by
# this box's Python (Monty)", after one read_metadata decision), and
# mkdir(parents=True) (PermissionError, no decision).  home() and
# expanduser() use the agent's HOME the broker sent with the script.

import _box_fs
import posixpath

__all__ = ['PurePath', 'PurePosixPath', 'PureWindowsPath', 'Path', 'PosixPath', 'WindowsPath']

_NOT_SUPPORTED = "Path.resolve: not supported by this box's Python (Monty)"


def _fnmatch(name, pat):
    """fnmatch.fnmatchcase for one path component: * ? [seq] [!seq]."""
    n = len(name)
    m = len(pat)
    # iterative matcher with one backtrack point for '*'
    i = j = 0
    star_j = -1
    star_i = 0
    while i < n:
        if j < m:
            c = pat[j]
            if c == '*':
                star_j = j
                star_i = i
                j += 1
                continue
            if c == '?':
                i += 1
                j += 1
                continue
            if c == '[':
                ok, nj = _class_match(pat, j, name[i])
                if nj > 0:
                    if ok:
                        i += 1
                        j = nj
                        continue
                elif name[i] == '[':
                    i += 1
                    j += 1
                    continue
            elif c == name[i]:
                i += 1
                j += 1
                continue
        if star_j < 0:
            return False
        star_i += 1
        i = star_i
        j = star_j + 1
    while j < m and pat[j] == '*':
        j += 1
    return j == m


def _class_match(pat, j, ch):
    """Matches ch against the [...] class at pat[j]; (matched, index after
    the class), or (False, 0) when there is no closing ']'."""
    k = j + 1
    negate = False
    if k < len(pat) and pat[k] == '!':
        negate = True
        k += 1
    start = k
    found = False
    while k < len(pat) and (pat[k] != ']' or k == start):
        if k + 2 < len(pat) and pat[k + 1] == '-' and pat[k + 2] != ']':
            if pat[k] <= ch <= pat[k + 2]:
                found = True
            k += 3
        else:
            if pat[k] == ch:
                found = True
            k += 1
    if k >= len(pat):
        return False, 0
    return found != negate, k + 1


def _parse_args(args):
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            parts.append(a._str)
            continue
        if isinstance(a, str):
            parts.append(a)
            continue
        if isinstance(a, bytes):
            raise TypeError("argument should be a str object or an os.PathLike object returning str, not %r" % (type(a),))
        f = getattr(type(a), '__fspath__', None)
        if f is None:
            raise TypeError(f"expected str, bytes or os.PathLike object, not {type(a).__name__}")
        a = f(a)
        if isinstance(a, str):
            parts.append(a)
        else:
            raise TypeError("argument should be a str object or an os.PathLike object returning str, not %r" % (type(a),))
    return parts


def _split(strings):
    """root ('', '/' or '//') and the components of the joined strings."""
    root = ''
    comps = []
    for s in strings:
        if not s:
            continue
        if s.startswith('/'):
            root = '//' if s.startswith('//') and not s.startswith('///') else '/'
            comps = []
        for c in s.split('/'):
            if c and c != '.':
                comps.append(c)
    return root, comps


class PurePath:
    """A POSIX path that does no I/O."""

    __slots__ = ('_root', '_comps', '_str', '_hash')

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_strings(_parse_args(args))

    @classmethod
    def _from_strings(cls, strings):
        self = object.__new__(cls)
        root, comps = _split(strings)
        self._root = root
        self._comps = comps
        self._str = (root + '/'.join(comps)) or '.'
        self._hash = None
        return self

    def _from_parts(self, root, comps):
        new = object.__new__(type(self))
        new._root = root
        new._comps = comps
        new._str = (root + '/'.join(comps)) or '.'
        new._hash = None
        return new

    def __reduce__(self):
        return (self.__class__, (self._str,))

    # -- text
    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def as_posix(self):
        return self._str

    def __bytes__(self):
        return self._str.encode('utf-8', 'surrogateescape')

    def __repr__(self):
        return f"{self.__class__.__name__}({self._str!r})"

    def as_uri(self):
        if not self._root:
            raise ValueError("relative path can't be expressed as a file URI")
        safe = "-._~/!$&'()*+,;=:@"
        out = []
        for b in self._str.encode('utf-8', 'surrogateescape'):
            c = chr(b)
            if b < 128 and (c.isalnum() or c in safe):
                out.append(c)
            else:
                out.append('%%%02X' % b)
        s = ''.join(out)
        if s.startswith('//'):
            s = s[1:]
        return 'file://' + s

    # -- comparison
    def _key(self):
        return (self._root, self._comps)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._str)
        return self._hash

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._str == other._str

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() < other._cparts()

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() <= other._cparts()

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() > other._cparts()

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() >= other._cparts()

    def _cparts(self):
        return ([self._root] if self._root else []) + self._comps

    # -- parts
    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        return tuple(self._cparts())

    @property
    def name(self):
        return self._comps[-1] if self._comps else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._comps:
            return self
        return self._from_parts(self._root, self._comps[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    # -- derived paths
    def with_name(self, name):
        if not self.name:
            raise ValueError(f"{self!r} has an empty name")
        if not isinstance(name, str):
            raise TypeError(f"expected str, not {type(name).__name__}")
        if not name or '/' in name or name == '.':
            raise ValueError(f"Invalid name {name!r}")
        return self._from_parts(self._root, self._comps[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if not isinstance(suffix, str):
            raise TypeError(f"expected str, not {type(suffix).__name__}")
        if '/' in suffix or (suffix and not suffix.startswith('.')) or suffix == '.':
            raise ValueError(f"Invalid suffix {suffix!r}")
        name = self.name
        if not name:
            raise ValueError(f"{self!r} has an empty name")
        old = self.suffix
        if not old:
            name = name + suffix
        else:
            name = name[:-len(old)] + suffix
        return self._from_parts(self._root, self._comps[:-1] + [name])

    def joinpath(self, *args):
        return type(self)._from_strings([self._str] + _parse_args(args))

    def __truediv__(self, key):
        try:
            return type(self)._from_strings([self._str] + _parse_args((key,)))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)._from_strings(_parse_args((key,)) + [self._str])
        except TypeError:
            return NotImplemented

    def relative_to(self, *other):
        if not other:
            raise TypeError("need at least one argument")
        to = type(self)._from_strings(_parse_args(other))
        n = len(to._comps)
        if to._root != self._root or self._comps[:n] != to._comps:
            formatted = str(to)
            raise ValueError("{!r} is not in the subpath of {!r}"
                             " OR one path is relative and the other is absolute.".format(self._str, formatted))
        return self._from_parts('', self._comps[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        pat = type(self)._from_strings(_parse_args((path_pattern,)))
        pat_parts = pat._cparts()
        if not pat_parts:
            raise ValueError("empty pattern")
        parts = self._cparts()
        if pat._root:
            if len(pat_parts) != len(parts):
                return False
        elif len(pat_parts) > len(parts):
            return False
        for part, p in zip(reversed(parts), reversed(pat_parts)):
            if not _fnmatch(part, p):
                return False
        return True


class _PathParents:
    """The sequence of a path's logical ancestors."""

    __slots__ = ('_path', '_n')

    def __init__(self, path):
        self._path = path
        self._n = len(path._comps)

    def __len__(self):
        return self._n

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(self._n)))
        if not isinstance(idx, int):
            raise TypeError(f"list indices must be integers or slices, not {type(idx).__name__}")
        if idx >= self._n or idx < -self._n:
            raise IndexError(idx)
        if idx < 0:
            idx += self._n
        p = self._path
        return p._from_parts(p._root, p._comps[:self._n - idx - 1])

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __repr__(self):
        return f"<{type(self._path).__name__}.parents>"


class PurePosixPath(PurePath):
    """PurePath of the POSIX flavour (the only one in the box)."""
    __slots__ = ()


class PureWindowsPath(PurePath):
    """Windows paths are not supported in the box."""
    __slots__ = ()

    def __new__(cls, *args):
        raise NotImplementedError("cannot instantiate 'PureWindowsPath' in this box")


class Path(PurePath):
    """A path with file operations, each decided by the broker."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_strings(_parse_args(args))

    # -- where
    @classmethod
    def cwd(cls):
        import os
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls('~').expanduser()

    def expanduser(self):
        if self._comps and self._comps[0][:1] == '~' and not self._root:
            import posixpath
            home = posixpath.expanduser(self._comps[0])
            if home[:1] == '~':
                raise RuntimeError("Could not determine home directory.")
            return type(self)(home, *self._comps[1:])
        return self

    def absolute(self):
        self._decide_metadata()
        raise RuntimeError(_NOT_SUPPORTED)

    def resolve(self, strict=False):
        self._decide_metadata()
        raise RuntimeError(_NOT_SUPPORTED)

    def _decide_metadata(self):
        try:
            _box_fs.exists(self._str)
        except (OSError, ValueError):
            pass

    def readlink(self):
        raise RuntimeError("Path.readlink: not supported by this box's Python (Monty)")

    # -- metadata
    def stat(self, *, follow_symlinks=True):
        import os
        return os.stat(self._str)

    def lstat(self):
        return self.stat()

    def exists(self):
        try:
            return _box_fs.exists(self._str)
        except ValueError:
            return False

    def is_file(self):
        try:
            return _box_fs.is_file(self._str)
        except ValueError:
            return False

    def is_dir(self):
        try:
            return _box_fs.is_dir(self._str)
        except ValueError:
            return False

    def is_symlink(self):
        try:
            return _box_fs.is_symlink(self._str)
        except ValueError:
            return False

    def is_mount(self):
        return False

    def is_block_device(self):
        return False

    def is_char_device(self):
        return False

    def is_fifo(self):
        return False

    def is_socket(self):
        return False

    def samefile(self, other_path):
        st = self.stat()
        if not isinstance(other_path, PurePath):
            other_path = Path(other_path)
        other = other_path.stat()
        return st.st_ino == other.st_ino and st.st_dev == other.st_dev

    # -- content
    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._str, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        return _box_fs.read(self._str)

    def read_text(self, encoding=None, errors=None):
        data = _box_fs.read(self._str)
        if encoding is None and errors is None:
            try:
                text = data.decode('utf-8')
            except UnicodeDecodeError:
                raise OSError("stream did not contain valid UTF-8") from None
        else:
            text = data.decode(encoding or 'utf-8', errors or 'strict')
        if '\r' in text:
            text = text.replace('\r\n', '\n').replace('\r', '\n')
        return text

    def write_bytes(self, data):
        if isinstance(data, str):
            raise TypeError("memoryview: a bytes-like object is required, not 'str'")
        if not isinstance(data, (bytes, bytearray)):
            try:
                data = bytes(data)
            except TypeError:
                raise TypeError(f"memoryview: a bytes-like object is required, not '{type(data).__name__}'") from None
        _box_fs.write(self._str, data, 'w')
        return len(data)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % data.__class__.__name__)
        if newline is not None and newline not in ('', '\n', '\r', '\r\n'):
            raise ValueError(f"illegal newline value: {newline}")
        text = data
        if newline and newline != '\n':
            text = text.replace('\n', newline)
        _box_fs.write(self._str, text.encode(encoding or 'utf-8', errors or 'strict'), 'w')
        return len(data)

    def touch(self, mode=0o666, exist_ok=True):
        _box_fs.write(self._str, b'', 'a' if exist_ok else 'x')

    # -- directories
    def iterdir(self):
        for name in _box_fs.listdir(self._str):
            yield self._child(name)

    def _child(self, name):
        return self._from_parts(self._root, self._comps + [name])

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        if parents:
            raise PermissionError(f"Permission denied: {self._str!r}")
        _box_fs.mkdir(self._str, exist_ok)

    def rmdir(self):
        _box_fs.rmdir(self._str)

    def unlink(self, missing_ok=False):
        try:
            _box_fs.unlink(self._str)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rename(self, target):
        _box_fs.rename(self._str, target)
        return self.__class__(target)

    def replace(self, target):
        _box_fs.replace(self._str, target)
        return self.__class__(target)

    def chmod(self, mode, *, follow_symlinks=True):
        raise PermissionError(f"Permission denied: {self._str!r}")

    def symlink_to(self, target, target_is_directory=False):
        raise PermissionError(f"Permission denied: {self._str!r}")

    def hardlink_to(self, target):
        raise PermissionError(f"Permission denied: {self._str!r}")

    # -- glob: in Python over listdir / is_dir
    def glob(self, pattern):
        pat = self._glob_parts(pattern)
        return self._glob(self, pat, 0)

    def rglob(self, pattern):
        pat = self._glob_parts(pattern)
        return self._glob(self, ['**'] + pat, 0)

    def _glob_parts(self, pattern):
        if not pattern:
            raise ValueError(f"Unacceptable pattern: {pattern!r}")
        p = PurePosixPath(pattern)
        if p._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        return list(p._comps)

    def _names(self, d):
        try:
            return _box_fs.listdir(d._str)
        except (FileNotFoundError, NotADirectoryError):
            return []

    def _glob(self, d, pat, i):
        if i == len(pat):
            yield d
            return
        part = pat[i]
        last = i == len(pat) - 1
        if part == '**':
            seen = set()
            for sub in self._walk_dirs(d):
                for r in self._glob(sub, pat, i + 1):
                    if r._str not in seen:
                        seen.add(r._str)
                        yield r
            return
        if part == '..':
            yield from self._glob(d._child('..'), pat, i + 1)
            return
        if not any(c in part for c in '*?['):
            child = d._child(part)
            if last:
                if _box_fs.exists(child._str):
                    yield child
            elif _box_fs.is_dir(child._str):
                yield from self._glob(child, pat, i + 1)
            return
        for name in self._names(d):
            if name.startswith('.') and not part.startswith('.'):
                # like CPython 3.11, wildcards match hidden names too
                pass
            if _fnmatch(name, part):
                child = d._child(name)
                if last:
                    yield child
                elif _box_fs.is_dir(child._str):
                    yield from self._glob(child, pat, i + 1)

    def _walk_dirs(self, d):
        yield d
        for name in self._names(d):
            child = d._child(name)
            if _box_fs.is_dir(child._str):
                yield from self._walk_dirs(child)

    # -- unsupported identity queries
    def owner(self):
        raise NotImplementedError("Path.owner() is unsupported on this system")

    def group(self):
        raise NotImplementedError("Path.group() is unsupported on this system")


class PosixPath(Path, PurePosixPath):
    """Path of the POSIX flavour."""
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("cannot instantiate 'WindowsPath' on your system")


for _c in (PurePath, PurePosixPath, PureWindowsPath, Path, PosixPath, WindowsPath):
    _c.__module__ = 'pathlib'
del _c
