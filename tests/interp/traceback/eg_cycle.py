# Cycles between groups and members' chains: each exception's chain is shown once.
v = ValueError("twice")
try:
    raise v
except ValueError:
    pass
g = ExceptionGroup("cyc", [v, v])
v.__context__ = g
try:
    raise TypeError("t")
except TypeError as t:
    t2 = t
g2 = ExceptionGroup("outer", [g, t2])
t2.__cause__ = g2
raise g2
