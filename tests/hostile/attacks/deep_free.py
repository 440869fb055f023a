# attack: deeply nested data freed: a 1e6-deep list dropped mid-script (deep_dict and deep_hash leave theirs for the exit)
# status: 0
# stdout: built
# stdout: freed
# stdout: done
a = []
for i in range(10**6):
    a = [a]
print('built')
del a
print('freed')
print('done')
