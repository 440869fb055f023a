# Tight integer loops with local variables.
def count(n):
    s = 0
    i = 0
    while i < n:
        s += i & 7
        i += 1
    return s

def nested(n):
    t = 0
    for i in range(n):
        for j in range(100):
            t += i ^ j
    return t

print(count(4000000), nested(40000))
