def f():
    '''Doc of f.'''
    return 1
class C:
    '''Class doc.'''
    def m(self):
        "method doc"
print(f.__doc__, C.__doc__, C.m.__doc__, (lambda: 1).__doc__)
def g(): pass
print(g.__doc__)
