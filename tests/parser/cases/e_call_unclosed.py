foo(a, b
bar()
