# What __main__ still holds when the script ends is finalized in CPython's
# order: breadth-first from the globals, list and tuple items last first,
# an instance's attributes with it.
class R:
    def __init__(s, n): s.n = n
    def __del__(s): print('del', s.n)
x = [[R(1)], R(2)]
y = R(3)
w = {'k': [R(4), (R(5), R(6))]}
v = R(7)
v.child = R(8)
u = R(9)
print('end')
