# worker/modules/os/os.py -- the Python part of the os module, run in the
# module's dict after its C part (worker/modules/os/os.c: getcwd, getenv,
# urandom, constants).
#
# Every file function is one request to the broker through _box_fs, decided
# there with the action and operation of the spec's table.  os.path is
# posixpath (sys.modules holds both names).  os.environ is refused on
# access, like os.getenv: the worker has no environment.

import sys
import _box_fs
import posixpath as path

sys.modules['os.path'] = path

from posixpath import sep, altsep, extsep, pathsep, curdir, pardir, defpath, devnull

error = OSError


def __getattr__(name):
    if name == 'environ' or name == 'environb':
        raise RuntimeError("'os.getenv' is not supported in this environment")
    raise AttributeError(f"module 'os' has no attribute '{name}'")


def getenvb(key, default=None):
    raise RuntimeError("'os.getenv' is not supported in this environment")


def putenv(key, value):
    raise RuntimeError("'os.putenv' is not supported in this environment")


def fspath(path):
    if isinstance(path, (str, bytes)):
        return path
    f = getattr(type(path), '__fspath__', None)
    if f is None:
        raise TypeError("expected str, bytes or os.PathLike object, not " + type(path).__name__)
    r = f(path)
    if not isinstance(r, (str, bytes)):
        raise TypeError(f"expected {type(path).__name__}.__fspath__() to return str or bytes, not {type(r).__name__}")
    return r


class _ABCMeta(type):
    """What os.PathLike needs of abc.ABCMeta: isinstance() and issubclass()
    that ask the class's __subclasshook__, and register()."""

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if type.__subclasscheck__(cls, subclass):
            return True
        answer = cls.__subclasshook__(subclass)
        if answer is not NotImplemented:
            return bool(answer)
        return any(issubclass(subclass, r) for r in cls.__dict__.get('_abc_registry', ()))

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if '_abc_registry' not in cls.__dict__:
            cls._abc_registry = []
        cls._abc_registry.append(subclass)
        return subclass


_ABCMeta.__name__ = _ABCMeta.__qualname__ = 'ABCMeta'
_ABCMeta.__module__ = 'abc'


class PathLike(metaclass=_ABCMeta):
    """Abstract base class for implementing the file system path protocol."""

    def __fspath__(self):
        """Return the file system path representation of the object."""
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike:
            # __fspath__ defined somewhere along the MRO, and not set to None
            for base in subclass.__mro__:
                if '__fspath__' in base.__dict__:
                    return base.__dict__['__fspath__'] is not None or NotImplemented
        return NotImplemented

    def __class_getitem__(cls, item):
        return cls


del _ABCMeta


def fsencode(filename):
    filename = fspath(filename)
    if isinstance(filename, bytes):
        return filename
    return filename.encode('utf-8', 'surrogateescape')


def fsdecode(filename):
    filename = fspath(filename)
    if isinstance(filename, str):
        return filename
    return filename.decode('utf-8', 'surrogateescape')


# ---- stat ---------------------------------------------------------------------

_STAT_FIELDS = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size')


class stat_result(tuple):
    """The result of os.stat(): a 10-tuple of ints (mode, ino, dev, nlink,
    uid, gid, size, atime, mtime, ctime) with st_* attributes, the float
    times and the _ns times among them.  The 16 values are all stored in
    the tuple; only the first 10 are its sequence."""

    n_sequence_fields = 10
    n_fields = 19
    n_unnamed_fields = 3

    def __new__(cls, seq, dict=None):
        seq = tuple(seq)
        if len(seq) < 10:
            raise TypeError(f"os.stat_result() takes an at least 10-sequence ({len(seq)}-sequence given)")
        if len(seq) > 19:
            raise TypeError(f"os.stat_result() takes an at most 19-sequence ({len(seq)}-sequence given)")
        extra = list(seq[10:16])
        while len(extra) < 6:
            extra.append(None)
        for i in range(3):
            if extra[i] is None:
                extra[i] = seq[7 + i]
        if dict:
            for i, n in enumerate(_STAT_EXTRA):
                if n in dict:
                    extra[i] = dict[n]
        return tuple.__new__(cls, seq[:10] + tuple(extra))

    def _seq(self):
        return tuple.__getitem__(self, slice(0, 10))

    def __len__(self):
        return 10

    def __getitem__(self, i):
        return self._seq()[i]

    def __iter__(self):
        return iter(self._seq())

    def __eq__(self, other):
        if isinstance(other, stat_result):
            other = other._seq()
        return self._seq() == other

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._seq())

    st_mode = property(lambda self: tuple.__getitem__(self, 0))
    st_ino = property(lambda self: tuple.__getitem__(self, 1))
    st_dev = property(lambda self: tuple.__getitem__(self, 2))
    st_nlink = property(lambda self: tuple.__getitem__(self, 3))
    st_uid = property(lambda self: tuple.__getitem__(self, 4))
    st_gid = property(lambda self: tuple.__getitem__(self, 5))
    st_size = property(lambda self: tuple.__getitem__(self, 6))
    st_atime = property(lambda self: tuple.__getitem__(self, 10))
    st_mtime = property(lambda self: tuple.__getitem__(self, 11))
    st_ctime = property(lambda self: tuple.__getitem__(self, 12))
    st_atime_ns = property(lambda self: tuple.__getitem__(self, 13))
    st_mtime_ns = property(lambda self: tuple.__getitem__(self, 14))
    st_ctime_ns = property(lambda self: tuple.__getitem__(self, 15))

    def __repr__(self):
        names = _STAT_FIELDS + ('st_atime', 'st_mtime', 'st_ctime')
        return 'os.stat_result(' + ', '.join(f'{n}={v!r}' for n, v in zip(names, self._seq())) + ')'

    def __reduce__(self):
        return (stat_result, (self._seq(),))


_STAT_EXTRA = ('st_atime', 'st_mtime', 'st_ctime', 'st_atime_ns', 'st_mtime_ns', 'st_ctime_ns')
stat_result.__module__ = 'os'


def _stat_result(d):
    def whole(k):
        v = d.get(k, 0)
        return int(v)
    ns = []
    for k in ('st_atime', 'st_mtime', 'st_ctime'):
        n = d.get(k + '_ns')
        if n is None:
            n = int(d.get(k, 0) * 1000000000)
        ns.append(n)
    return stat_result((d.get('st_mode', 0), d.get('st_ino', 0), d.get('st_dev', 0),
                        1, 0, 0, d.get('st_size', 0),
                        whole('st_atime'), whole('st_mtime'), whole('st_ctime'),
                        float(d.get('st_atime', 0)), float(d.get('st_mtime', 0)),
                        float(d.get('st_ctime', 0)), ns[0], ns[1], ns[2]))


def stat(path, *, dir_fd=None, follow_symlinks=True):
    if dir_fd is not None:
        raise NotImplementedError("dir_fd unavailable on this platform")
    return _stat_result(_box_fs.stat(path))


def lstat(path, *, dir_fd=None):
    # The box never follows a symlink: stat and lstat judge the same path.
    return stat(path, dir_fd=dir_fd)


# ---- directories ----------------------------------------------------------------

def listdir(path=None):
    if path is None:
        path = '.'
    return _box_fs.listdir(path)


class DirEntry:
    """An entry of scandir(): name, path and cached queries."""

    __slots__ = ('name', 'path', '_stat', '_is_dir', '_is_file')

    def __init__(self, dirpath, name):
        self.name = name
        self.path = path.join(dirpath, name)
        self._stat = None
        self._is_dir = None
        self._is_file = None

    def is_dir(self, *, follow_symlinks=True):
        if self._is_dir is None:
            self._is_dir = _box_fs.is_dir(self.path)
        return self._is_dir

    def is_file(self, *, follow_symlinks=True):
        if self._is_file is None:
            self._is_file = _box_fs.is_file(self.path)
        return self._is_file

    def is_symlink(self):
        return _box_fs.is_symlink(self.path)

    def stat(self, *, follow_symlinks=True):
        if self._stat is None:
            self._stat = stat(self.path)
        return self._stat

    def inode(self):
        return self.stat().st_ino

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return f'<DirEntry {self.name!r}>'

    def __class_getitem__(cls, item):
        return cls


DirEntry.__module__ = 'posix'


class _ScandirIterator:
    def __init__(self, dirpath):
        self._dir = dirpath
        self._names = iter(_box_fs.listdir(dirpath))

    def __iter__(self):
        return self

    def __next__(self):
        return DirEntry(self._dir, next(self._names))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        self._names = iter(())


def scandir(path=None):
    if path is None:
        path = '.'
    return _ScandirIterator(fspath(path))


def mkdir(path, mode=0o777, *, dir_fd=None):
    _box_fs.mkdir(path, False)


def makedirs(name, mode=0o777, exist_ok=False):
    name = fspath(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        cdir = curdir
        if isinstance(tail, bytes):
            cdir = bytes(curdir, 'ASCII')
        if tail == cdir:
            return
    try:
        _box_fs.mkdir(name, False)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def rmdir(path, *, dir_fd=None):
    _box_fs.rmdir(path)


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def remove(path, *, dir_fd=None):
    _box_fs.unlink(path)


def unlink(path, *, dir_fd=None):
    _box_fs.unlink(path)


def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _box_fs.rename(src, dst)


def replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _box_fs.replace(src, dst)


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        names = _box_fs.listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs = []
    nondirs = []
    for name in names:
        try:
            is_dir = _box_fs.is_dir(path.join(top, name))
        except OSError:
            is_dir = False
        if is_dir:
            dirs.append(name)
        else:
            nondirs.append(name)
    if topdown:
        yield top, dirs, nondirs
        for d in dirs:
            yield from walk(path.join(top, d), topdown, onerror, followlinks)
    else:
        for d in dirs:
            yield from walk(path.join(top, d), topdown, onerror, followlinks)
        yield top, dirs, nondirs


def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
    return _box_fs.exists(path)


del sys
