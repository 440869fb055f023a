# OSError(errno, strerror, ...) picks the errno's subclass; args, str, attributes
cases = [1, 2, 3, 4, 10, 11, 13, 17, 20, 21, 32, 103, 104, 108, 110, 111, 114, 115, 5, 999]
for n in cases:
    e = OSError(n, "msg")
    print(n, type(e).__name__, e.errno, e.strerror, e.args, str(e))

e = OSError(2, "No such file or directory", "x")
print(type(e).__name__, e.args, e.filename, e.filename2)
print(str(e))
print(repr(e))
e = OSError(17, "File exists", "a", None, "b")
print(type(e).__name__, e.args, e.filename, e.filename2)
print(str(e))
e = OSError(17, "File exists", "a", None)
print(type(e).__name__, e.args, e.filename, e.filename2, str(e))
e = OSError(13, "Permission denied", b"bytes")
print(type(e).__name__, str(e))
print(isinstance(e, PermissionError), isinstance(e, OSError))

# subclasses do not remap
e = FileNotFoundError(13, "x")
print(type(e).__name__, e.errno, str(e))
e = PermissionError(2, "y", "f")
print(type(e).__name__, e.args, str(e))

# other arities
for args in [(), ("just a message",), (1, 2, 3, 4, 5, 6), ("a", "b")]:
    e = OSError(*args)
    print(type(e).__name__, e.args, repr(str(e)), e.errno, e.strerror, e.filename, e.filename2)

# aliases
print(IOError is OSError, EnvironmentError is OSError)

# catching by the mapped subclass
try:
    raise OSError(2, "No such file or directory", "missing.txt")
except FileNotFoundError as exc:
    print("caught", type(exc).__name__, exc)

try:
    raise OSError(21, "Is a directory", "d")
except IsADirectoryError as exc:
    print("caught", exc.errno, exc.strerror, exc.filename)

# user subclass of OSError keeps its own type
class MyErr(OSError):
    pass

e = MyErr(2, "nope", "p")
print(type(e).__name__, e.args, str(e))

# attributes are writable
e = OSError(2, "No such file or directory")
e.filename = "late"
print(str(e))
