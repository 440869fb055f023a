# worker/modules/os/posixpath.py -- os.path for the box (also importable as
# posixpath): the string operations on POSIX paths, written from the
# documented behaviour of CPython 3.11's os.path, and the queries (exists,
# isfile, isdir, islink, getsize, getmtime, ...) over _box_fs, so each one
# is a decided request to the broker.
#
# abspath() and realpath() are string-only: a relative path is joined to
# os.getcwd() (the workspace) and normalised; no symlink is resolved (the box
# refuses any path holding one).  expanduser() replaces "~" with the
# agent's HOME the broker sent with the script (_box_fs.home()); "~user"
# stays unchanged, as there is no password database in the worker.

import _box_fs

__all__ = ['join', 'split', 'splitext', 'splitdrive', 'basename', 'dirname',
           'normpath', 'normcase', 'isabs', 'abspath', 'realpath', 'relpath',
           'commonpath', 'commonprefix', 'expanduser', 'expandvars', 'exists',
           'lexists', 'isfile', 'isdir', 'islink', 'ismount', 'getsize',
           'getmtime', 'getatime', 'getctime', 'samefile', 'sep', 'altsep',
           'extsep', 'pathsep', 'curdir', 'pardir', 'defpath', 'devnull',
           'supports_unicode_filenames']

sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
supports_unicode_filenames = False


def _fspath(p, fname=None):
    if isinstance(p, (str, bytes)):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is None:
        if fname is None:
            raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)
        raise TypeError(f"{fname}() argument must be str, bytes, or os.PathLike object, not '{type(p).__name__}'")
    r = f(p)
    if not isinstance(r, (str, bytes)):
        raise TypeError(f"expected {type(p).__name__}.__fspath__() to return str or bytes, not {type(r).__name__}")
    return r


def _sep(p):
    return b'/' if isinstance(p, bytes) else '/'


def _mixed(fname, *parts):
    has_str = has_bytes = False
    for s in parts:
        if isinstance(s, str):
            has_str = True
        elif isinstance(s, bytes):
            has_bytes = True
        else:
            raise TypeError(f"{fname}() argument must be str, bytes, or os.PathLike object, not '{type(s).__name__}'")
    if has_str and has_bytes:
        raise TypeError("Can't mix strings and bytes in path components")


def normcase(s):
    return _fspath(s)


def isabs(s):
    s = _fspath(s)
    return s.startswith(_sep(s))


def join(a, *p):
    a = _fspath(a)
    parts = [_fspath(x, 'join') for x in p]
    _mixed('join', a, *parts)
    sep = _sep(a)
    path = a
    for b in parts:
        if b.startswith(sep):
            path = b
        elif not path or path.endswith(sep):
            path += b
        else:
            path += sep + b
    return path


def split(p):
    p = _fspath(p)
    sep = _sep(p)
    i = p.rfind(sep) + 1
    head, tail = p[:i], p[i:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail


def splitext(p):
    p = _fspath(p)
    if isinstance(p, bytes):
        sep, dot = b'/', b'.'
    else:
        sep, dot = '/', '.'
    sep_i = p.rfind(sep)
    dot_i = p.rfind(dot)
    if dot_i > sep_i:
        # a leading run of dots in the name is not an extension
        i = sep_i + 1
        while i < dot_i:
            if p[i:i + 1] != dot:
                return p[:dot_i], p[dot_i:]
            i += 1
    return p, p[:0]


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def basename(p):
    p = _fspath(p)
    return p[p.rfind(_sep(p)) + 1:]


def dirname(p):
    p = _fspath(p)
    sep = _sep(p)
    head = p[:p.rfind(sep) + 1]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head


def normpath(path):
    path = _fspath(path)
    if isinstance(path, bytes):
        sep, empty, dot, dotdot = b'/', b'', b'.', b'..'
    else:
        sep, empty, dot, dotdot = '/', '', '.', '..'
    if path == empty:
        return dot
    initial = 0
    if path.startswith(sep):
        # POSIX keeps exactly two leading slashes, collapses three or more
        initial = 2 if path.startswith(sep * 2) and not path.startswith(sep * 3) else 1
    out = []
    for comp in path.split(sep):
        if comp == empty or comp == dot:
            continue
        if comp != dotdot or (not initial and not out) or (out and out[-1] == dotdot):
            out.append(comp)
        elif out:
            out.pop()
    path = sep * initial + sep.join(out)
    return path or dot


def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        import os
        cwd = os.getcwdb() if isinstance(path, bytes) else os.getcwd()
        path = join(cwd, path)
    return normpath(path)


def realpath(filename, *, strict=False):
    return abspath(filename)


def relpath(path, start=None):
    if not path:
        raise ValueError("no path specified")
    path = _fspath(path)
    if isinstance(path, bytes):
        cur, sep, par = b'.', b'/', b'..'
    else:
        cur, sep, par = '.', '/', '..'
    if start is None:
        start = cur
    else:
        start = _fspath(start)
    _mixed('relpath', path, start)
    start_list = [x for x in abspath(start).split(sep) if x]
    path_list = [x for x in abspath(path).split(sep) if x]
    i = 0
    n = min(len(start_list), len(path_list))
    while i < n and start_list[i] == path_list[i]:
        i += 1
    rel = [par] * (len(start_list) - i) + path_list[i:]
    if not rel:
        return cur
    return sep.join(rel)


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(_fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def commonpath(paths):
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    paths = tuple(map(_fspath, paths))
    _mixed('commonpath', *paths)
    if isinstance(paths[0], bytes):
        sep, cur = b'/', b'.'
    else:
        sep, cur = '/', '.'
    split_paths = [p.split(sep) for p in paths]
    try:
        isabs_set = set(p[:1] == sep for p in paths)
    except TypeError:
        raise
    if len(isabs_set) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in s if c and c != cur] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = sep if paths[0][:1] == sep else sep[:0]
    return prefix + sep.join(common)


def expanduser(path):
    path = _fspath(path)
    tilde = b'~' if isinstance(path, bytes) else '~'
    if not path.startswith(tilde):
        return path
    slash = b'/' if isinstance(path, bytes) else '/'
    i = path.find(slash, 1)
    if i < 0:
        i = len(path)
    home = _box_fs.home()
    if i != 1 or home is None:
        return path          # ~user: the worker has no password database
    if isinstance(path, bytes):
        home = home.encode('utf-8', 'surrogateescape')
    home = home.rstrip(slash)
    return (home + path[i:]) or slash


def expandvars(path):
    return _fspath(path)


# ---- queries: each one request, decided by the broker ------------------------

def exists(path):
    try:
        return _box_fs.exists(path)
    except (OSError, ValueError):
        return False


def lexists(path):
    try:
        return _box_fs.exists(path) or _box_fs.is_symlink(path)
    except (OSError, ValueError):
        return False


def isfile(path):
    try:
        return _box_fs.is_file(path)
    except (OSError, ValueError):
        return False


def isdir(s):
    try:
        return _box_fs.is_dir(s)
    except (OSError, ValueError):
        return False


def islink(path):
    try:
        return _box_fs.is_symlink(path)
    except (OSError, ValueError):
        return False


def ismount(path):
    return False


def getsize(filename):
    return _box_fs.stat(filename)['st_size']


def getmtime(filename):
    return _box_fs.stat(filename)['st_mtime']


def getatime(filename):
    return _box_fs.stat(filename)['st_atime']


def getctime(filename):
    return _box_fs.stat(filename)['st_ctime']


def samefile(f1, f2):
    s1 = _box_fs.stat(f1)
    s2 = _box_fs.stat(f2)
    return s1['st_ino'] == s2['st_ino'] and s1['st_dev'] == s2['st_dev']
