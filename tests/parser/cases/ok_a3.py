class A(B, metaclass=M):
    """doc"""
    x: int = 3
    def m(self): pass
