if x:

# c
foo(
