a = None
b = True
c = False
d = ...
e = [None, True, False, ...]
