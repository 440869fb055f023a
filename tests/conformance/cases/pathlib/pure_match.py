# pathlib: PurePath.match with glob patterns
from pathlib import PurePosixPath as P

cases = [
    ('a/b.py', '*.py'), ('/a/b/c.py', 'b/*.py'), ('/a/b/c.py', 'a/*.py'),
    ('/a.py', '/*.py'), ('a/b.py', '/*.py'), ('b.py', 'a/*.py'),
    ('a/b.txt', '*.py'), ('abc', 'a?c'), ('abc', 'a[bx]c'), ('abc', 'a[!b]c'),
    ('a-c', 'a[a-z]c'), ('a]c', 'a[]]c'), ('x.tar.gz', '*.gz'), ('x.tar.gz', '*.tar'),
    ('/usr/lib', '/usr/lib'), ('/usr/lib', '/usr/*'), ('/usr/lib', 'usr/*'), ('dir/', 'dir'),
    ('.hidden', '*'), ('a/b/c', '*/*'), ('a/b/c', '*/*/*/*'), ('a[1]', 'a[[]1]'),
    ('abc', '*c*'), ('abc', '**'), ('', '*'), ('x', 'x/'),
]
for path, pat in cases:
    print(repr(path), repr(pat), P(path).match(pat))
for bad in ['', '.']:
    try:
        P('a').match(bad)
    except ValueError as e:
        print('ValueError', repr(bad), e)
