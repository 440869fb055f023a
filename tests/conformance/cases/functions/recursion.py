import sys
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print("RecursionError", e)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(100))
print(sys.getrecursionlimit())
