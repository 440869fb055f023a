# attack: huge source through exec and eval: 100,000 statements, a 50 MB string literal, a 10 MB comment
# status: 0
# stdout: 100000
# stdout: 50000000
# stdout: 7
# max-seconds: 90
exec('x = 0\n' + 'x += 1\n' * 100000)
print(x)
print(len(eval('"' + 'a' * 50000000 + '"')))
print(eval('7 #' + 'c' * 10000000))
