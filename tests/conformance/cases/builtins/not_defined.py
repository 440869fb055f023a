# box leaves input, memoryview, __import__, breakpoint and help undefined;
# CPython -I -S agrees only for help, so only help is checked against it.
try:
    help
except NameError as e:
    print(e)
