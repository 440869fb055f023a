assert 1 == 1
assert 1 == 2, "math is broken"
