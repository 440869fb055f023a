x = foo(1, 2
y = 3
