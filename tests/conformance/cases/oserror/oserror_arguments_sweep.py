# OSError and its subclasses from every argument shape: errno, strerror,
# filename, filename2, args, str and repr as CPython 3.11 sets them; str
# reads the attributes as they are now; BlockingIOError characters_written
# (issue #21).
class E(OSError): pass
class F(OSError):
    def __init__(self, *a): super().__init__(*a)
class G(OSError):
    def __new__(cls, *a): return super().__new__(cls, *a)
class H(OSError):
    def __init__(self, msg): self.msg = msg
class K(FileNotFoundError): pass
for cls in (OSError, E, F, G, K, FileNotFoundError, PermissionError, TimeoutError):
    for args in [(), ("m",), (1, "msg"), (2, "msg", "file"), (2, "msg", "file", None), (2, "msg", "f1", None, "f2"), (1, 2, 3, 4, 5, 6)]:
        try:
            e = cls(*args)
            print(cls.__name__, args, type(e).__name__, e.errno, e.strerror, e.filename, e.filename2, e.args, str(e), repr(e))
        except Exception as x:
            print(cls.__name__, args, 'raised', type(x).__name__, x)
h = H("hello"); print(h.args, h.errno, str(h), h.msg)
e = OSError(2, "No such file"); print(type(e).__name__)
e = OSError(13, "denied", "f"); print(type(e).__name__, e)
e = E(2, "x"); print(type(e).__name__)
e = OSError(1, "x"); e.errno = 5; e.strerror = "y"; e.filename = "z"; print(e, e.args)
print(OSError(2, 'x').characters_written if hasattr(OSError(2,'x'), 'characters_written') else 'no cw')
b = BlockingIOError(11, "would block", 5); print(b.characters_written, b.args)
e = OSError(2, 'm', None); print(e.args, e.filename, str(e))
e = OSError(2, 'm', None, None, 'f2'); print(e.args, e.filename2, str(e))
e = OSError(2, 'm', 'f', None, None); print(e.args, e.filename2, str(e))
class B(BlockingIOError): pass
b = B(11, 'x', 5); print(b.args, b.filename)
b = BlockingIOError(11, 'x', 5); print(b.args, b.filename, b.characters_written)
b.characters_written = 7; print(b.characters_written)
e = OSError(); e.errno = 3; print(repr(str(e))); e.strerror = 's'; print(str(e)); e.filename2 = 'q'; print(str(e))
