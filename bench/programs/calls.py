# Function calls: positional, keyword, default arguments, recursion.
def add(a, b):
    return a + b

def kw(a, b=2, *, c=3):
    return a + b + c

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

total = 0
for i in range(900000):
    total = add(total, i)
    total = kw(total, c=1)
print(total, fib(27))
