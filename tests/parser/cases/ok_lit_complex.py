a = 1j
b = 1.5J
c = 0j
d = 1e3j
e = 1 + 2j
f = .5j
g = 1e400j
h = 10_0j
