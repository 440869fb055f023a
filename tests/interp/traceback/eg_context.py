# A group raised while handling another exception, with a cause in a member,
# a SyntaxError member and a recursive member traceback.
def rec(n):
    if n == 0:
        raise RecursionError("bottom")
    rec(n - 1)


members = []
try:
    compile("x = (1,\n", "prog.py", "exec")
except SyntaxError as e:
    members.append(e)
try:
    rec(8)
except RecursionError as e:
    members.append(e)
try:
    1 / 0
except ZeroDivisionError:
    raise ExceptionGroup("while handling", members)
