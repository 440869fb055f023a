# attack: infinite recursion caught (a function, __repr__, __getattr__), then the script goes on
# status: 0
# stdout: RecursionError maximum recursion depth exceeded
# stdout: RecursionError True
# stdout: RecursionError True
# stdout: still running 3
def f():
    return f()
class R:
    def __repr__(self):
        return repr(self)
class G:
    def __getattr__(self, name):
        return getattr(self, name)
try:
    f()
except RecursionError as e:
    print(type(e).__name__, e)
# CPython 3.11 says just "maximum recursion depth exceeded" for these two;
# which call level trips the limit (and so the message's tail) differs.
for t in (lambda: repr(R()), lambda: G().x):
    try:
        t()
    except RecursionError as e:
        print(type(e).__name__, str(e).startswith('maximum recursion depth exceeded'))
print('still running', 1 + 2)
