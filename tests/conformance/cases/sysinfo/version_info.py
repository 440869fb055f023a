# sys.version_info is a named struct sequence; the encoding queries.
import sys
print(sys.getdefaultencoding(), sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
print(sys.float_repr_style, sys.dont_write_bytecode, sys.warnoptions, sys.byteorder, sys.platform)
print(sys.version_info >= (3, 11), sys.version_info.major, type(sys.maxsize).__name__)
vi = sys.version_info
print(vi, vi[:3], vi.minor, vi.releaselevel, vi > (3, 10), vi[:2] == (3, 11), len(vi), type(vi).__name__)
print(isinstance(vi, tuple), f"{vi.major}.{vi.minor}", tuple(vi)[:2])
try:
    vi.major = 4
except AttributeError as e:
    print(e)
