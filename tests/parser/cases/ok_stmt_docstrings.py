"""Module doc."""
def f():
    """Func doc."""
    return 1
class C:
    '''Class doc.'''
