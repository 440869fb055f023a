class A: pass
class A(): pass
class A(B): pass
class A(B, C): pass
class A(metaclass=M): pass
class A(B, metaclass=M, x=1): pass
class A(*bases, **kw): pass
class A:
    """Doc."""
    x = 1
    def m(self):
        return self.x
    @property
    def p(self): return 1
    class Inner: pass
