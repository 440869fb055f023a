# os: pieces that need no file: fsencode/fsdecode, fspath, stat_result,
# urandom sizes and errors, constants
import os

print(os.fsencode('caf\udce9'), repr(os.fsdecode(b'caf\xe9')), os.fsencode(b'x'), os.fsdecode('y'))
print(os.fsencode('café'), os.fsdecode('café'.encode()))


class P:
    def __fspath__(self):
        return 'p/ath'


print(os.fspath('s'), os.fspath(b'b'), os.fspath(P()))
for bad in [1, None, 2.5]:
    try:
        os.fspath(bad)
    except TypeError as e:
        print('TypeError', e)
st = os.stat_result((33188, 2, 3, 1, 0, 0, 18, 100, 200, 300))
print(st)
print(st.st_mode, st.st_size, st.st_mtime, st[6], len(st), tuple(st)[:3], st == (33188, 2, 3, 1, 0, 0, 18, 100, 200, 300))
print(isinstance(st, tuple), os.stat_result.n_sequence_fields, os.stat_result.n_fields)
try:
    os.stat_result((1, 2))
except TypeError as e:
    print('TypeError', e)
print(len(os.urandom(0)), len(os.urandom(33)), type(os.urandom(4)).__name__)
for bad in [-1]:
    try:
        os.urandom(bad)
    except ValueError as e:
        print('ValueError', e)
try:
    os.urandom('x')
except TypeError as e:
    print('TypeError', e)
print(os.SEEK_SET, os.SEEK_CUR, os.SEEK_END, os.devnull, os.altsep)
print(callable(os.walk), callable(os.scandir), callable(os.makedirs), os.error is OSError)
