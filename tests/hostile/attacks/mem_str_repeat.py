# attack: memory bomb, 'x' * 2**40
# status: 1
# stderr: MemoryError
# serves-after
try:
    s = 'x' * 2**40
except BaseException:
    print('caught')
