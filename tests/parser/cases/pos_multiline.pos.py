x = (1 +
     2)
y = f(
    a,
    b,
)
z = """abc
def"""
w = [
    1,
]
